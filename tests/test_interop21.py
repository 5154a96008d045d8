"""OpenSpiel logs as pyspiel really writes them (helper interop21).

The fixtures of tests/data/interop21/ are pyspiel's own output, written by
its make.py (chance sampled from ``chance_outcomes()`` as OpenSpiel's
examples do; players lowest, highest, random, a moon shooter), and
expected.json holds pyspiel's ``returns()`` for each finished deal.  Every
test runs without pyspiel; the sweep over every parameter combination
(make.py --sweep) is in the long step.
"""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path
from typing import Any

import pytest

from hearts_notation.io import iter_games_text
from hearts_notation.io.openspiel import iter_openspiel
from hearts_notation.referee import check_game
from tests.clirun import run

DATA = Path(__file__).parent / "data" / "interop21"
EXPECTED: dict[str, Any] = json.loads((DATA / "expected.json").read_text(encoding="utf-8"))
FORMAT = {".oshist": "openspiel-history", ".ostext": "openspiel", ".osjson": "openspiel"}


def _fixture(name: str) -> str:
    return str(DATA / name)


def _as_hrn(name: str, folder: Path) -> Path:
    """A fixture's OpenSpiel history converted to HRN by ``hearts convert``
    (which must succeed), as ``folder/g.hrn``."""
    hrn = folder / "g.hrn"
    code, out = run("convert", "--from", "openspiel-history", "--to", "hrn",
                    _fixture(name), "-o", str(hrn))
    assert code == 0, out
    return hrn


def _scores(name: str) -> list[list[int]]:
    """``hearts score --format json`` of a fixture: each game's points, N E S W."""
    code, out = run("score", "--format", "json", "--from", FORMAT[Path(name).suffix],
                    _fixture(name))
    assert code == 0, out
    return [[g["deals"][0]["points"][s] for s in "NESW"] for g in json.loads(out)["games"]]


@pytest.mark.parametrize("name", ["pass-cards-false.oshist", "crlf-bom.oshist",
                                  "info-state-end.ostext", "moon-jd.ostext"])
def test_each_finished_deal_scores_pyspiels_returns(name: str) -> None:
    """Points are 26 - returns(), and validate finds nothing.  Before
    interop21 the pass_cards=False deal, whose direction pyspiel drew from
    its chance outcomes, was refused (exit 2)."""
    assert _scores(name) == [EXPECTED[name]]
    code, out = run("validate", "--from", FORMAT[Path(name).suffix], _fixture(name))
    assert code == 0, out


def test_histories_under_a_game_string_line_score_each_deal() -> None:
    """hearts(avoid_all_tricks_bonus,can_lead_any_club,jd_bonus), the
    highest and the lowest card played: both deals score as pyspiel."""
    assert _scores("highest-lowest.oshist") == EXPECTED["highest-lowest.oshist"]


def test_a_pass_cards_false_game_reads_the_direction_pyspiel_played() -> None:
    """The state JSON given the parameters, and the history: across, with
    the passes (pyspiel's legal_actions() offer No Pass only, but its
    chance_outcomes() offer all four, and it passes)."""
    text = (DATA / "pass-cards-false.osjson").read_text(encoding="utf-8")
    (game,) = iter_openspiel(text, "s.osjson", parameters="hearts(pass_cards=False)")
    (from_history,) = iter_games_text((DATA / "pass-cards-false.oshist").read_text(
        encoding="utf-8"), "openspiel-history", "h.oshist")
    for g in (game, from_history):
        assert g.deals[0].direction == "across"
        assert [len(p.cards) for p in g.deals[0].passes.values()] == [3, 3, 3, 3]
        assert not [f for f in check_game(g).findings if f.severity == "error"]
    assert game.deals[0].hands == from_history.deals[0].hands


def test_the_round_trip_keeps_the_deal_the_passes_and_the_plays(tmp_path: Path) -> None:
    """convert --to hrn, then --to openspiel-history: the same game string
    and, deal by deal, the same direction, hands, passes and plays (the deal
    actions come back in the writer's canonical order: HRN keeps hands, not
    the order they were dealt in)."""
    hrn = _as_hrn("highest-lowest.oshist", tmp_path)
    code, out = run("convert", "--to", "openspiel-history", str(hrn))
    assert code == 0, out
    lines = (DATA / "highest-lowest.oshist").read_text(encoding="utf-8").splitlines()
    back = out.splitlines()
    assert back[0].replace(" ", "").lower() == lines[0].lower()
    for old, new in zip([json.loads(x) for x in lines[1:]], [json.loads(x) for x in back[1:]],
                        strict=True):
        assert new[0] == old[0] and new[53:] == old[53:]
        assert [sorted(new[1 + s:53:4]) for s in range(4)] == \
               [sorted(old[1 + s:53:4]) for s in range(4)]
    code, out = run("replay", str(hrn))
    assert code == 0, out


def test_solve_a_converted_deal(tmp_path: Path) -> None:
    hrn = _as_hrn("crlf-bom.oshist", tmp_path)
    code, out = run("solve", "--trick", "12", str(hrn))
    assert code == 0, out


def test_an_information_state_string_is_refused_as_one_hand() -> None:
    """Mid-deal, information_state_string(player) draws one hand ('Hand:'):
    not a deal.  It was refused as a bad deal-diagram row before."""
    code, out = run("validate", "--from", "openspiel", _fixture("info-state.ostext"))
    assert code == 2
    assert "info-state.ostext:3:1: this is one player's information state" in out
    assert "str(state), state.to_json() or state.history()" in out
    code, out = run("validate", "--from", "openspiel", "--lang", "fr",
                    _fixture("info-state.ostext"))
    assert code == 2 and "état d'information d'un joueur" in out


def test_a_finished_history_cut_inside_its_last_card_is_told() -> None:
    """serialize_game_and_state cut inside its last number ('50' left as
    '5', a card played before): a cut-history warning at that number, as
    for an unfinished deal; before, only the not-held error (at the
    history's first line)."""
    code, out = run("validate", "--from", "openspiel-history", _fixture("cut-finished.oshist"))
    assert code == 1
    last = len((DATA / "cut-finished.oshist").read_text(encoding="utf-8").splitlines())
    assert re.search(rf"cut-finished\.oshist:{last}:1: warning: the input ends inside this "
                     r"number, a card played before.*\[cut-history\]", out), out
    assert "[not-held]" in out


def test_two_serialized_histories_run_together_are_refused_at_the_second() -> None:
    """state.serialize() twice with no blank line between: exit 2 at the
    first action after the 13th trick, never read as one deal."""
    code, out = run("validate", "--from", "openspiel-history", _fixture("two-serialized.oshist"))
    assert code == 2
    assert re.search(r"two-serialized\.oshist:118:1: history, action 118: \d+ actions after "
                     r"the end of the deal", out), out


def test_a_finding_in_a_history_one_action_a_line_points_at_its_trick() -> None:
    """A deal pyspiel played under must_break_hearts=False saved under a
    hearts() [Game] line: the hearts-not-broken error is at the line of its
    trick's first card, here the heart led (the history's first line, 8:1,
    before)."""
    text = (DATA / "mislabelled.oshist").read_text(encoding="utf-8")
    code, out = run("validate", "--from", "openspiel-history", _fixture("mislabelled.oshist"))
    assert code == 1
    m = re.search(r"mislabelled\.oshist:(\d+):1: error: .*\[hearts-not-broken\]", out)
    assert m is not None, out
    line = int(m.group(1))
    assert line > 8 + 52 and text.splitlines()[line - 1] in out.splitlines()[1]


@pytest.mark.parametrize(("name", "where"), [("bridge.oshist", ":1:2: history, action 1: "),
                                             ("bridge-serialized.oshist", ":53:1: history, action 53: ")])
def test_a_bridge_history_is_told_as_another_game(name: str, where: str) -> None:
    """OpenSpiel's bridge deals the 52 cards first: exit 2 at the first
    action that no hearts history has there, saying the deck was dealt with
    no pass direction (before: only that the value was no direction / no
    card id)."""
    code, out = run("validate", "--from", "openspiel-history", _fixture(name))
    assert code == 2
    assert name + where in out
    assert ("its first 52 actions deal the whole deck, with no pass direction before them; "
            "this is not a history of OpenSpiel's hearts") in out


def test_sweep_every_parameter_combination_scores_as_pyspiel() -> None:
    """make.py --sweep 2: 2,048 deals, two a policy under each of the 256
    parameter combinations, chance from chance_outcomes(): read from
    serialize_game_and_state, no referee error, pyspiel's points (long
    step: pyspiel, and a few CPU-s)."""
    pytest.importorskip("pyspiel", reason="OpenSpiel (pip install open-spiel) plays the deals")
    spec = importlib.util.spec_from_file_location("interop21_make", DATA / "make.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.sweep(2) == 0
