"""Annotation on hand-built positions with a known answer, and the record written back."""

from __future__ import annotations

import dataclasses
import math
from pathlib import Path

import pytest

from hearts_notation.analysis.annotate import (
    AnalysisOptions,
    Decision,
    GameAnalysis,
    GameTask,
    Pending,
    Thresholds,
    _settle,
    _verdict,
    analyse_game,
    annotate_game,
    combine,
    report,
)
from hearts_notation.analysis.evaluate import FAST, Comparison, EvalOptions, Evaluator
from hearts_notation.analysis.exact import ExactSolver
from hearts_notation.io import dumps, iter_games_text, read_games
from hearts_notation.model import Game
from hearts_notation.rules import parse_rules

DATA = Path(__file__).parent / "data" / "analysis"
QUICK = AnalysisOptions(eval=dataclasses.replace(FAST, samples=24), passes=False)


def load(name: str) -> Game:
    return next(read_games(str(DATA / name)))


def decision(a: GameAnalysis, trick: int, seat: str) -> Decision:
    return next(d for d in a.decisions if d.trick == trick and d.seat == seat)


@pytest.fixture(scope="module")
def queen(queen_duck_analysis: tuple[Game, AnalysisOptions, GameAnalysis]
          ) -> tuple[Game, GameAnalysis]:
    """queen_duck.hrn analysed with QUICK, once a run (tests/conftest.py)."""
    g, options, a = queen_duck_analysis
    assert options == QUICK
    return g, a


@pytest.fixture(scope="module")
def moon() -> tuple[Game, GameAnalysis]:
    g = load("moon_stop.hrn")
    return g, analyse_game(GameTask(g, QUICK))


def test_taking_the_queen_when_a_duck_was_possible_is_a_blunder(queen: tuple[Game, GameAnalysis]) -> None:
    """Trick 12: S leads J♠, W holds K♠ 7♠, Q♠ is with N (W gave S its last
    card, so W knows the queen is not there): K♠ loses exactly 13."""
    _, a = queen
    d = decision(a, 12, "W")
    assert str(d.card) == "KS"
    assert [str(c) for c in d.legal] == ["KS", "7S"]
    assert [str(c) for c in d.best or ()] == ["7S"]
    assert d.epl == pytest.approx(13.0)
    assert d.epl_stderr == 0.0
    assert d.dd_loss == 13
    assert d.mark == "??"
    assert d.comment == "W could duck with 7♠ under the jack; K♠ took the queen."


def test_forced_plays_are_never_marked(queen: tuple[Game, GameAnalysis]) -> None:
    _, a = queen
    n12 = decision(a, 12, "N")          # Q♠ is N's only spade: it takes its own queen
    assert n12.forced and n12.mark is None and n12.epl == 0.0
    assert all(d.mark is None for d in a.decisions if d.forced)
    assert all(d.forced for d in a.decisions if d.trick == 13)


def test_equivalent_cards_are_never_marked(queen: tuple[Game, GameAnalysis]) -> None:
    """E holds 4♦ 3♦ with nothing between them: either is as good."""
    _, a = queen
    d = decision(a, 12, "E")
    assert str(d.card) == "4D"
    assert not d.forced
    assert {str(c) for c in d.best or ()} == {"4D", "3D"}
    assert d.epl == 0.0 and d.mark is None and d.comment is None


def test_a_moon_one_heart_would_have_stopped(moon: tuple[Game, GameAnalysis]) -> None:
    _, a = moon
    d = decision(a, 12, "E")
    assert str(d.card) == "3H"
    assert [str(c) for c in d.best or ()] == ["AH"]
    assert d.dd_loss == 21        # 26 from the moon instead of the 5 points of A♥
    assert d.epl >= 6 and d.epl > 2 * d.epl_stderr
    assert d.mark == "??"
    assert d.comment is not None and "moon" in d.comment and "A♥" in d.comment


def test_french_comments(queen: tuple[Game, GameAnalysis]) -> None:
    g, _ = queen
    a = analyse_game(GameTask(g, dataclasses.replace(QUICK, lang="fr")))
    d = decision(a, 12, "W")
    # (West is O in French, as a French score sheet writes it)
    assert d.comment == "O pouvait passer sous le valet avec 7♠ ; R♠ a pris la dame."


def test_report_has_the_spec_shape(queen: tuple[Game, GameAnalysis]) -> None:
    _, a = queen
    r = report([a])
    game = r["games"][0]
    assert game["source"].endswith("queen_duck.hrn") and game["index"] == 1
    play = next(d for d in game["decisions"] if d["trick"] == 12 and d["seat"] == "W")
    assert list(play) == ["deal", "trick", "seat", "kind", "card", "legal", "best", "forced", "epl",
                          "epl_stderr", "dd_loss", "mark", "comment", "confidence",
                          "verified_worlds", "policies_agree", "tie_sensitive", "reason",
                          "dd_loss_ties_reversed", "dd_tie_sensitive", "face_up"]
    assert play == {"deal": 2, "trick": 12, "seat": "W", "kind": "play", "card": "KS",
                    "legal": ["KS", "7S"], "best": ["7S"], "forced": False, "epl": 13.0,
                    "epl_stderr": 0.0, "dd_loss": 13, "mark": "??",
                    "comment": "W could duck with 7♠ under the jack; K♠ took the queen.",
                    "confidence": 1.0, "verified_worlds": 6, "policies_agree": True,
                    "tie_sensitive": False, "reason": "duck", "dd_loss_ties_reversed": 13,
                    "dd_tie_sensitive": False,
                    "face_up": [{"card": "KS", "points": 13}, {"card": "7S", "points": 0}]}


def test_pass_decisions_have_the_spec_shape() -> None:
    """queen_duck.hrn's deal stopped after its passes (a deal in progress):
    only the four passes to analyse, the same marks as in the whole deal, for
    1.1 CPU-s in pure Python instead of 3.0 (issue 22)."""
    text = (DATA / "queen_duck.hrn").read_text(encoding="utf-8")
    passes_only = "".join(line for line in text.splitlines(keepends=True)
                          if not line[:1].isdigit() and not line.startswith(("score ", "total ")))
    g = next(iter_games_text(passes_only, "hrn", "queen_duck_passes.hrn"))
    assert g.deals[0].passes and not g.deals[0].tricks
    opts = AnalysisOptions(eval=dataclasses.replace(FAST, pass_samples=6, samples=4))
    a = analyse_game(GameTask(g, opts, only_deal=None))
    passes = [d.to_dict() for d in a.decisions if d.kind == "pass"]
    assert [p["seat"] for p in passes] == ["N", "E", "S", "W"]
    for p in passes:
        assert list(p) == ["deal", "trick", "seat", "kind", "cards", "best", "forced", "epl",
                           "epl_stderr", "dd_loss", "mark", "comment", "confidence",
                          "verified_worlds", "policies_agree", "tie_sensitive", "reason",
                           "dd_loss_ties_reversed", "dd_tie_sensitive", "face_up"]
        assert p["trick"] is None and p["dd_loss"] is None and p["forced"] is False
        assert len(p["cards"]) == 3
        assert p["best"] is None or len(p["best"]) == 3
        assert (p["mark"] is None) == (p["comment"] is None)


def test_thresholds() -> None:
    t = Thresholds()
    assert t.mark(0.9, 0.0) is None
    assert t.mark(1.0, 0.0) == "?!"
    assert t.mark(3.0, 1.0) == "?"
    assert t.mark(6.0, 2.0) == "??"
    assert t.mark(6.0, 3.0) is None          # not beyond twice its standard error
    assert Thresholds.parse("2,4,8") == Thresholds(2, 4, 8)
    assert Thresholds.parse("2,4,8,3").sigma == 3
    with pytest.raises(ValueError):
        Thresholds.parse("3,2,1")
    with pytest.raises(ValueError):
        Thresholds.parse("a,b,c")


def test_the_record_gets_marks_and_keeps_the_commentators(queen: tuple[Game, GameAnalysis]) -> None:
    g, a = queen
    # A commentator's mark and comment on W's K♠, and a comment elsewhere.
    d = g.deals[0]
    t12 = d.tricks[11]
    plays = list(t12.plays)
    plays[1] = dataclasses.replace(plays[1], mark="?", comment="Aïe.")
    g2 = dataclasses.replace(g, deals=(dataclasses.replace(
        d, tricks=(*d.tricks[:11], dataclasses.replace(t12, plays=tuple(plays)), d.tricks[12])),))
    out = annotate_game(g2, a)
    ks = out.deals[0].tricks[11].plays[1]
    assert ks.mark == "?"                                   # the commentator's mark stays
    assert ks.comment is not None and ks.comment.startswith("Aïe. (??) W could duck")
    # Annotating the annotated record again changes nothing.
    assert annotate_game(out, a) == out
    text = dumps([out], "hrn")
    again = next(iter_games_text(text, "hrn", "x.hrn"))
    assert again == out


def test_marks_appear_in_the_written_record(queen: tuple[Game, GameAnalysis]) -> None:
    g, a = queen
    text = dumps([annotate_game(g, a)], "hrn")
    assert "12. S JS W KS?? {W could duck with 7♠ under the jack; K♠ took the queen.}" in text


def test_combine() -> None:
    assert combine(None, "x") == "x"
    assert combine("a", None) == "a"
    assert combine("a", "b") == "a b"
    assert combine("a b", "b") == "a b"


BROKEN = """[Rules "standard"]

deal 4 dealer W pass hold
N: AKQ.K.AKQ.AKQJT9
E: 54.A97632.65432.
S: 8762.Q4.87.87654
W: JT93.JT85.JT9.32
1. W 2C N AC E 6D S 4C
2. N KC E 2H S 5C W 3C
3. N QC E 6H S 6C W 8H
4. N JC E 7H S 7C W TH
5. N TC E 9H S 8C W JH
6. N 9C E 5D S QH W 9D
7. N AS E 4S S 6S W 9S
8. N KS E 5S S 7S W TS
9. N QS E 4D S 8S W JS
10. N KD E 3D S 7D W TD
11. N QD E 2D S 8D W 5H
12. N KH E 3H S 4H W JD
13. N AD E AH S 2S W 3S

result *
"""


def test_referee_findings_become_comments_and_bad_plays_are_skipped() -> None:
    """W revokes on trick 11 (5♥ while holding J♦): the finding goes on the
    card as a comment; the illegal card itself is not analysed."""
    g = next(iter_games_text(BROKEN, "hrn", "broken.hrn"))
    a = analyse_game(GameTask(g, QUICK))
    assert any(f.code == "revoke" for f in a.findings)
    assert not any(d.trick == 11 and d.seat == "W" for d in a.decisions)
    out = annotate_game(g, a)
    w11 = out.deals[0].tricks[10].plays[3]
    assert w11.comment is not None and "Referee:" in w11.comment and "[revoke]" in w11.comment
    assert any("not analysed" in n.text for n in a.notes)


UNKNOWN = """[Rules "standard"]

deal 1 dealer W pass left
N: AQ4.K93.J862.T75
E: ?
pass N: QS AS KH
1. S 2C W 9C N KC E 3C
2. N 4S E 7S S TS W JS
*

result *
"""


def test_unknown_hands_are_said_not_analysed() -> None:
    g = next(iter_games_text(UNKNOWN, "hrn", "unknown.hrn"))
    a = analyse_game(GameTask(g, QUICK))
    # Only N's hand is known (and N received an unknown pass: its hand as
    # played from is unknown too), so no play can be analysed; say so.
    assert all(d.seat == "N" for d in a.decisions)
    assert a.notes
    assert any("unknown" in n.text for n in a.notes)
    out = annotate_game(g, a)
    assert out.deals[0].comment is not None and "unknown" in out.deals[0].comment


def test_analysis_is_reproducible() -> None:
    g = load("moon_stop.hrn")
    opts = AnalysisOptions(eval=dataclasses.replace(EvalOptions(), samples=8, seed=3), passes=False)
    a = analyse_game(GameTask(g, opts, only_deal=1))
    b = analyse_game(GameTask(g, opts, only_deal=1))
    assert a == b


NOT_HELD = BROKEN.replace("3. N QC E 6H S 6C W 8H", "3. N QC E 6H S 6C W 2S").replace(
    "10. N KD E 3D S 7D W TD", "10. N KD E 3D S 7D W 4D")


def test_a_record_with_cards_not_held_does_not_break_the_analysis() -> None:
    g = next(iter_games_text(NOT_HELD, "hrn", "not-held.hrn"))
    a = analyse_game(GameTask(g, QUICK))
    assert {f.code for f in a.findings} >= {"not-held", "revoke"}
    assert any("no deal of the hidden cards fits" in n.text for n in a.notes)
    out = annotate_game(g, a)
    assert "[not-held]" in (out.deals[0].tricks[2].plays[3].comment or "")


def test_per_game_work_is_picklable(queen: tuple[Game, GameAnalysis]) -> None:
    """``annotate --jobs`` will ship tasks and results between processes."""
    import pickle

    g, a = queen
    task = GameTask(g, QUICK)
    assert pickle.loads(pickle.dumps(task)) == task
    assert pickle.loads(pickle.dumps(a)) == a
    assert pickle.loads(pickle.dumps(analyse_game)) is analyse_game


def _comparison(mean: float, se: float, n: int = 512, policies: int = 2) -> Comparison:
    """Held-out differences with the given mean and standard error (half
    the worlds one value, half another), alternating policies."""
    spread = se * math.sqrt(n)       # sample sd that gives this standard error (about)
    diffs = tuple(mean + (spread if i % 4 < 2 else -spread) for i in range(n))
    return Comparison(diffs, tuple(i % policies for i in range(n)), False)


def test_only_a_clear_verdict_is_marked() -> None:
    """A mark needs the loss minus three standard errors (sigma plus the
    sequential test's margin) to reach the threshold: a loss of 1.5 ± 0.2
    (two standard errors above 1, not three) is left unclear, unmarked;
    1.7 ± 0.2 is marked, at the level its lower bound reaches."""
    opts = AnalysisOptions()
    unclear = _verdict(opts, _comparison(1.5, 0.2), (0.0, 0.0), False, [])
    assert unclear.mark is None and unclear.epl == pytest.approx(1.5, abs=0.01)
    clear = _verdict(opts, _comparison(1.7, 0.2), (0.0, 0.0), False, [])
    assert clear.mark == "?!"
    assert _verdict(opts, _comparison(3.5, 0.2), (0.0, 0.0), False, []).mark == "?!"
    assert _verdict(opts, _comparison(3.7, 0.2), (0.0, 0.0), False, []).mark == "?"


def test_the_deals_budget_goes_to_unclear_verdicts_in_turns() -> None:
    """After their first worlds, the unsettled comparisons of a deal get one
    batch each in turn until settled or the budget is spent: the budget cut
    falls on all of them alike, not on the last decisions of the deal."""
    ev = Evaluator(4, ExactSolver(parse_rules("standard")), EvalOptions(batch=10))
    budget = [7]          # batches the deal can still afford

    def more(comp: Comparison, until: int) -> Comparison:
        if not budget[0]:
            return dataclasses.replace(comp, cut=True)
        budget[0] -= 1
        n = until
        return Comparison((0.0,) * n, (0,) * n, False, settled=n >= 40)

    def make(comp: Comparison | None) -> Decision:
        raise AssertionError("not called")

    pending = [Pending(more, Comparison((0.0,) * 10, (0,) * 10, False), make) for _ in range(3)]
    pending.append(Pending(None, None, make))
    _settle(ev, pending)
    worlds = [p.comp.worlds for p in pending[:3] if p.comp is not None]
    assert worlds == [40, 30, 30]       # 7 batches over 3 comparisons, in turns
    assert all(p.comp is not None and (p.comp.settled or p.comp.cut) for p in pending[:3])
