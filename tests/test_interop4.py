"""OpenSpiel's parameters carried through the interop (interop4).

* ``--to openspiel-history`` writes OpenSpiel's game string
  (``hearts(qs_breaks_hearts=False)``) on a line before the histories of a
  game whose parameters are not OpenSpiel's defaults: a JSON list alone
  could not say them, and a ``standard`` record replayed in
  ``pyspiel.load_game("hearts")`` was silently played under other rules.
  ``--from openspiel-history`` reads the line back.
* The state JSON does not name its parameters, but its points are
  OpenSpiel's own count: a J♦ scored −10 shows ``jd_bonus=True``, which the
  reader then chooses instead of reporting OpenSpiel's points as a
  ``score-mismatch``.

The big check against OpenSpiel itself is benchmarks/openspiel_campaign.py
(docs/interop.md, "Checked against OpenSpiel").
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from hearts_notation.generate import random_game
from hearts_notation.io import iter_games_text
from hearts_notation.io.openspiel import (
    OpenSpielExportError,
    dumps_openspiel_history,
    iter_openspiel,
    iter_openspiel_history,
)
from hearts_notation.model import Game
from hearts_notation.referee import check_game
from hearts_notation.rules import parse_rules
from tests.clirun import run, write


def _writable(rules: str, seed: int) -> Game:
    """A one-deal game under *rules* that OpenSpiel replays faithfully."""
    rng = random.Random(seed)
    while True:
        game = random_game(parse_rules(rules), rng, deals=1)
        try:
            dumps_openspiel_history([game])
        except OpenSpielExportError:
            continue
        return game


def test_history_of_non_default_rules_names_the_game_string() -> None:
    games = [_writable("openspiel", 1), _writable("kawu jack_of_diamonds=-10", 2),
             _writable("kawu jack_of_diamonds=-10", 3), _writable("openspiel", 4)]
    lines = dumps_openspiel_history(games).splitlines()
    # openspiel: plain lists; a change of parameters: its game string, once;
    # back to the defaults: hearts().
    assert [line if line.startswith("hearts") else "[...]" for line in lines] == [
        "[...]", "hearts(jd_bonus=True,qs_breaks_hearts=False)", "[...]", "[...]",
        "hearts()", "[...]"]
    back = list(iter_openspiel_history("\n".join(lines) + "\n", "x"))
    assert [g.rules for g in back] == [
        "openspiel pass_cycle=left",
        "openspiel jack_of_diamonds=-10 queen_breaks_hearts=false pass_cycle=left",
        "openspiel jack_of_diamonds=-10 queen_breaks_hearts=false pass_cycle=left",
        "openspiel pass_cycle=left"]
    for original, got in zip(games, back, strict=True):
        assert got.deals[0].tricks == original.deals[0].tricks
        assert check_game(got).valid


def test_pass_cards_is_not_written_on_the_line() -> None:
    """A hold deal replays the same under hearts() and
    hearts(pass_cards=False): no line for it."""
    game = _writable("openspiel pass_cycle=hold", 5)
    assert dumps_openspiel_history([game]).startswith("[0, ")


def test_game_line_errors_point_at_the_line(tmp_path: Path) -> None:
    (game,) = [_writable("openspiel", 6)]
    history = dumps_openspiel_history([game])
    path = write(tmp_path, "h.txt", "hearts(avoid_all_tricks_bonus=True)\n" + history)
    status, out = run("validate", "--from", "openspiel-history", path)
    assert status == 2 and f"{path}:1:1:" in out and "avoid_all_tricks_bonus" in out
    path = write(tmp_path, "h2.txt", history + "  hearts(jd_bonus=maybe)\n" + history)
    status, out = run("validate", "--from", "openspiel-history", path)
    assert status == 2 and f"{path}:2:3:" in out and "jd_bonus=maybe" in out


def test_convert_keeps_the_game_string(tmp_path: Path) -> None:
    game = _writable("kawu", 7)
    text = dumps_openspiel_history([game])
    path = write(tmp_path, "k.txt", text)
    status, out = run("convert", path, "--from", "openspiel-history", "--to", "openspiel-history")
    assert status == 0 and out == text
    assert out.startswith("hearts(qs_breaks_hearts=False)\n[")


def _state_json(game: Game, points: list[float] | None = None) -> str:
    """An OpenSpiel terminal state JSON of a one-deal game (as
    ``state.to_json()`` writes it), with *points* or the record's score."""
    deal = game.deals[0]
    offset = {"hold": 0, "left": 1, "across": 2, "right": 3}[deal.direction or "hold"]
    passed = [sorted(str(c) for c in deal.passes[s].cards) if s in deal.passes else []
              for s in "NESW"]
    report = check_game(game)
    return json.dumps({
        "current_player": "Terminal", "hands": [[], [], [], []], "hearts_broken": True,
        "pass_direction": ("No Pass", "Left", "Across", "Right")[offset],
        "passed_cards": passed, "phase": "GameOver",
        "points": points or [float(report.deals[0].points[s]) for s in "NESW"],
        "received_cards": [passed[(i - offset) % 4] if offset else [] for i in range(4)],
        "tricks": [[[p.seat, str(p.card)] for p in t.plays] for t in deal.tricks],
    })


def test_state_json_points_show_the_jack_of_diamonds_bonus() -> None:
    game = _writable("openspiel jack_of_diamonds=-10", 8)
    text = _state_json(game)
    (read,) = iter_openspiel(text, "s.json")
    assert read.rules == "openspiel jack_of_diamonds=-10 pass_cycle=left"
    assert read.tags["Source"] == "OpenSpiel hearts(jd_bonus=True)"
    assert check_game(read).valid
    # Parameters given win over the points: the referee then reports them.
    (given,) = iter_openspiel(text, "s.json", parameters="hearts")
    assert given.rules == "openspiel pass_cycle=left"
    assert [f.code for f in check_game(given).findings] == ["score-mismatch"]
    # Points the default scoring explains stay under the defaults.
    (plain,) = iter_openspiel(_state_json(_writable("openspiel", 8)), "s.json")
    assert plain.rules == "openspiel pass_cycle=left"


def test_state_json_points_that_nothing_explains_stay_a_mismatch() -> None:
    game = _writable("openspiel", 9)
    report = check_game(game)
    wrong = [float(report.deals[0].points[s]) + (3 if s == "N" else 0) for s in "NESW"]
    (read,) = iter_games_text(_state_json(game, wrong), "openspiel", "s.json")
    assert read.rules == "openspiel pass_cycle=left"
    assert "score-mismatch" in [f.code for f in check_game(read).findings]


def test_pyspiel_replays_the_written_game_string() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    games = [_writable(rules, seed) for seed, rules in enumerate(
        ["standard", "openspiel jack_of_diamonds=-10 opening_lead=any-club",
         "kawu first_trick_hearts=allowed first_trick_queen=allowed"], 20)]
    text = dumps_openspiel_history(games)
    oracle = pyspiel.load_game("hearts")
    returns = []
    for line in text.splitlines():
        if line.startswith("hearts"):
            oracle = pyspiel.load_game(line)
            continue
        state = oracle.new_initial_state()
        for a in json.loads(line):
            state.apply_action_with_legality_check(a)
        returns.append([round(26 - r) for r in state.returns()])
    assert returns == [[check_game(g).deals[0].points[s] for s in "NESW"] for g in games]
