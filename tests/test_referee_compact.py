"""The referee's compact check on HRN gives exactly the model path's report.

``report_hrn_text`` sends the reader's events to :class:`CompactBuilder`
and judges the compact game; whenever it is not sure it reads the game into
the model for :func:`check_game`.  Generated games of every preset, the
samples, and texts changed in many small ways must give the report the
model path gives.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from hearts_notation.generate import generate_games
from hearts_notation.io import dumps
from hearts_notation.io.hrn.cut import cut_games
from hearts_notation.io.hrn.reader import parse_game
from hearts_notation.referee import check_game, report_hrn_text
from hearts_notation.rules import preset_names
from tests import package_source
from tests.budget import presets

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def game_texts(text: str) -> list[tuple[int, str]]:
    return [(game.line, game.text) for game in cut_games([text])]


def model(text: str, first: int, index: int = 1) -> dict[str, Any]:
    return check_game(parse_game(text, "t.hrn", first, None, index)).to_dict()


def check(text: str, first: int = 1) -> dict[str, Any]:
    got = report_hrn_text(text, "t.hrn", first, 1)
    assert got == model(text, first), text[:400]
    return got


@pytest.mark.parametrize("preset", presets(preset_names()))
def test_generated_games_are_judged_as_the_model_judges(preset: str) -> None:
    text = dumps(list(generate_games(3, seed=6, rules=preset)), "hrn")
    for first, game_text in game_texts(text):
        check(game_text, first)


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("*.hrn")), ids=lambda p: p.name)
def test_samples(path: Path) -> None:
    for first, game_text in game_texts(path.read_text(encoding="utf-8")):
        check(game_text, first)


def _swap_cards(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    tricks = [i for i, line in enumerate(lines) if line[:1].isdigit() and ". " in line]
    if len(tricks) < 2:
        return text
    a, b = rng.sample(tricks, 2)
    ta, tb = lines[a].split(" "), lines[b].split(" ")
    i, j = rng.randrange(2, len(ta), 2), rng.randrange(2, len(tb), 2)
    ta[i], tb[j] = tb[j], ta[i]
    lines[a], lines[b] = " ".join(ta), " ".join(tb)
    return "\n".join(lines)


MUTATIONS = [
    lambda t, r: _swap_cards(t, r),
    lambda t, r: t.replace("score N ", "score N 1", 1),
    lambda t, r: t.replace("pass left", "pass right", 1),
    lambda t, r: t.replace('[South "heuristic S"]', '[South "heuristic N"]', 1),
    lambda t, r: t.replace('[West "heuristic W"]', '[West "HEURISTIC  e"]', 1),
    lambda t, r: t.replace("result ", "result S ", 1),
    lambda t, r: t.replace("dealer E", "dealer W", 1),
    lambda t, r: t.replace("\n13. ", "\n14. ", 1),
    lambda t, r: t.replace("N: ", "N: 2", 1),
    lambda t, r: t[: len(t) // 2],
]


def test_mutations_are_judged_as_the_model_judges() -> None:
    rng = random.Random(11)
    text = dumps(list(generate_games(3, seed=12, rules="standard")), "hrn")
    found = 0
    for first, game_text in game_texts(text):
        for mutate in MUTATIONS:
            changed = mutate(game_text, rng)
            found += not check(changed, first)["valid"]
    assert found >= len(MUTATIONS)


def test_the_verdict_alone_is_the_same_check() -> None:
    """compact_check without entries (hearts select's ``valid``) gives the
    verdict the full check gives, score and total lines still compared, and
    keeps no deal's entry."""
    from hearts_notation.io.hrn.reader import visit_text
    from hearts_notation.referee import CompactBuilder, compact_check

    rng = random.Random(5)
    text = dumps(list(generate_games(3, seed=12, rules="standard")), "hrn")
    verdicts = []
    for first, game_text in game_texts(text):
        for mutate in [lambda t, r: t, *MUTATIONS]:
            changed = mutate(game_text, rng)
            reports = []
            for entries in (True, False):
                compact = visit_text(changed, CompactBuilder(), "t.hrn", first)
                check = None if compact is None else compact_check(compact, entries=entries)
                reports.append(None if check is None else check.report("t.hrn", 1))
            full, verdict = reports
            verdicts.append(full is not None)
            assert (full is None) == (verdict is None), changed[:400]
            if full is not None and verdict is not None:
                assert full["deals"] and verdict["deals"] == []
                assert {**full, "deals": []} == verdict
    assert any(verdicts) and not all(verdicts)


def test_a_player_named_at_two_seats_is_not_clean() -> None:
    text = dumps(list(generate_games(1, seed=3, rules="standard")), "hrn")
    first, game_text = game_texts(text)[0]
    twice = game_text.replace('[East "heuristic E"]', '[East "heuristic N"]')
    got = check(twice, first)
    assert "player-conflict" in {f["code"] for f in got["findings"]}


def _compact(text: str) -> Any:
    from hearts_notation.io.hrn.reader import visit_text
    from hearts_notation.referee import CompactBuilder

    first, game_text = game_texts(text)[0]
    return visit_text(game_text, CompactBuilder(), "t.hrn", first)


def test_odd_compact_forms_are_declined_not_raised() -> None:
    """The compact check catches no exception (issue 22): a compact form it
    does not recognise -- seats that are not the game's in a hand, a pass, a
    pass's recipient, a play or a partial score line -- is a ``None`` (the
    model path then says what is wrong), never a ``KeyError`` swallowed."""
    from hearts_notation.referee import compact_report

    text = dumps(list(generate_games(1, seed=3, rules="standard target=1000")), "hrn")
    assert compact_report(_compact(text), "t.hrn", 1) is not None

    def hand_of_x(d: Any) -> None:
        d.hands["X"] = d.hands.pop("N")

    def pass_of_x(d: Any) -> None:
        d.passes["X"] = d.passes.pop("N")

    def recipient_from_x(d: Any) -> None:
        d.to = {"X": "E"}

    def play_of_x(d: Any) -> None:
        d.names[0] = "X"

    def partial_score_of_x(d: Any) -> None:
        d.score = {"X": 0}

    def long_score(d: Any) -> None:
        d.score = {**d.score, "X": 0, "Y": 0, "Z": 0}

    def short_plays(d: Any) -> None:
        d.cards.pop()

    mutations = (hand_of_x, pass_of_x, recipient_from_x, play_of_x, partial_score_of_x,
                 long_score, short_plays)
    for mutate in mutations:
        compact = _compact(text)
        deal = next(d for d in compact.deals if d.passes)
        mutate(deal)
        assert compact_report(compact, "t.hrn", 1) is None, mutate.__name__


def test_the_referee_catches_no_bug() -> None:
    """No handler of the referee catches what a bug raises (``KeyError``,
    ``IndexError``, ``TypeError``, ``AttributeError``, ``ValueError``): a
    fast path that trips on its own bug would detour to another path, or
    say "valid", instead of failing (issue 22)."""
    import ast

    bugs = {"KeyError", "IndexError", "TypeError", "AttributeError", "ValueError", "Exception",
            "BaseException", "LookupError"}
    source = SAMPLES.parent / "hearts_notation" / "referee.py"
    tree = package_source.tree(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.ExceptHandler):
            caught = node.type
            names = ([caught] if caught is None or not isinstance(caught, ast.Tuple)
                     else list(caught.elts))
            for name in names:
                assert name is not None, f"a bare except at line {node.lineno}"
                assert not (isinstance(name, ast.Name) and name.id in bugs), \
                    f"{name.id} caught at line {node.lineno}"


def test_one_check_two_modes() -> None:
    """``deal_header`` and ``clean_deal`` are the referee's checks in both of
    its modes: with a list, a fault is a finding there; without one, the
    first fault gives ``None`` and no message is made."""
    from hearts_notation.referee import CompactDeal, _seating, clean_deal, deal_header
    from hearts_notation.rules import standard

    rules = standard()
    t = _seating(rules, rules.default_seats)
    # deal 2 dealt by the seat that dealt deal 1: a dealer-rotation fault
    head: list[Any] = []
    assert deal_header(rules, t, 1, 2, "N", None, 1, (0, 1), head) == (2, (0, 2), False)
    assert [f.code for f in head] == ["dealer-rotation"]
    assert deal_header(rules, t, 1, 2, "N", None, 1, (0, 1), None) is None
    assert deal_header(rules, t, 1, 2, "E", None, 1, (0, 1), None) == (2, (1, 2), False)
    # a hand of twelve cards: the deal is not clean, and nothing is said of it here
    game = next(iter(generate_games(1, seed=3, rules="standard")))
    deal = game.deals[0]
    masks = {s: sum(1 << c for c in cards or ()) for s, cards in deal.hands.items()}
    plays = [p for trick in deal.tricks for p in trick.plays]
    names, cards = [p.seat for p in plays], [int(p.card) for p in plays]
    sizes = [len(trick.plays) for trick in deal.tricks]
    given = {s: sum(1 << c for c in deal.passes[s].cards) for s in t.seats}
    compact = CompactDeal(1, None, None, masks, given, names, cards, sizes, None, None)
    assert clean_deal(rules, t, 1, compact) is not None
    masks["N"] &= masks["N"] - 1
    assert clean_deal(rules, t, 1, compact) is None
