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
from hearts_notation.state import trick_winner
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
    path = write(tmp_path, "h.txt", "hearts(avoid_all_tricks_bonos=True)\n" + history)
    status, out = run("validate", "--from", "openspiel-history", path)
    assert status == 2 and f"{path}:1:1:" in out and "avoid_all_tricks_bonos" in out
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


#: The last state of OpenSpiel's own playthrough of hearts
#: (open_spiel/integration_tests/playthroughs/hearts.txt, "# State 105"),
#: as ``str(state)`` prints it.
FINAL_STATE = """\
Pass Direction: No Pass

        S Q98
        H J2
        D KJT32
        C J73
S A73           S 64
H KT8           H A9765
D 864           D A975
C K985          C 64
        S KJT52
        H Q43
        D Q
        C AQT2

Tricks:
N  E  S  W  N  E  S
      2C KC 3C 6C
         3S 8S 4S 5S
KD 9D QD 4D
2D 7D 3H 8D
         5C JC 4C QC
      AC 9C 7C 5D
      2S AS 9S 6S
         7S QS 6H TS
3D AD KS 6D
   7H QH KH JH
         8H 2H AH 4H
   5H JS TH JD
         8C TD 9H TC

Points:
N: 14
E: 4
S: 1
W: 7"""


def test_str_of_a_state_reads_as_the_deal(tmp_path: Path) -> None:
    (game,) = iter_games_text(FINAL_STATE, "openspiel", "s.txt")
    deal = game.deals[0]
    assert deal.direction == "hold" and len(deal.tricks) == 13
    assert str(deal.tricks[0].plays[0].card) == "2C" and deal.tricks[0].plays[0].seat == "S"
    assert deal.score == {"N": 14, "E": 4, "S": 1, "W": 7}
    assert check_game(game).valid
    status, out = run("score", "--from", "openspiel", write(tmp_path, "s.txt", FINAL_STATE))
    assert status == 0 and "14" in out


def test_str_of_a_state_errors_point_at_the_text(tmp_path: Path) -> None:
    bad_row = FINAL_STATE.replace("D 864           D A975", "D 864")
    status, out = run("validate", "--from", "openspiel", write(tmp_path, "a.txt", bad_row))
    assert status == 2 and "a.txt:9:1:" in out and "West and East" in out
    bad_card = FINAL_STATE.replace("KD 9D QD 4D", "KD 9D QX 4D")
    status, out = run("validate", "--from", "openspiel", write(tmp_path, "b.txt", bad_card))
    assert status == 2 and "b.txt:20:7:" in out and "'QX'" in out
    # At the end the diagram is the deal: a card moved to another seat is told.
    moved = FINAL_STATE.replace("        D KJT32", "        D KJT3").replace(
        "D 864           D A975", "D 8642          D A975")
    status, out = run("validate", "--from", "openspiel", write(tmp_path, "c.txt", moved))
    assert status == 2 and "c.txt:3:9: the deal drawn at the end" in out and "N was dealt" in out
    status, out = run("validate", "--from", "openspiel", "--lang", "fr",
                      write(tmp_path, "d.txt", FINAL_STATE.replace("Points:", "Score:")))
    assert status == 2 and "d.txt:32:1:" in out and "on attendait" in out


def test_pyspiel_str_and_json_read_to_the_same_deal() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    for gstring in ("hearts", "hearts(jd_bonus=True,can_lead_any_club=True)"):
        game = pyspiel.load_game(gstring)
        rng = random.Random(gstring)
        for stop in (60, 66, 70, 90, 200):   # passing, first card, mid-trick, end
            state = game.new_initial_state()
            while not state.is_terminal() and len(state.history()) < stop:
                state.apply_action(rng.choice(state.legal_actions()))
            (a,) = iter_openspiel(state.to_json(), "j", parameters=gstring)
            (b,) = iter_openspiel(str(state), "s", parameters=gstring)
            assert (a.rules, a.deals[0].hands, a.deals[0].tricks, a.deals[0].score) == (
                b.rules, b.deals[0].hands, b.deals[0].tricks, b.deals[0].score)
            assert {s: sorted(p.cards) for s, p in a.deals[0].passes.items()} == \
                {s: sorted(p.cards) for s, p in b.deals[0].passes.items()}
            assert check_game(b).valid


def test_standard_input_tells_the_state_text_and_the_game_string_lines(tmp_path: Path) -> None:
    """Standard input has no name: its first bytes choose the reader
    (``Pass Direction:`` is str(state), a game-string line before a JSON
    list the histories); a ``.txt`` file read as HRN is told which."""
    status, out = run("score", "-", input=FINAL_STATE)
    assert status == 0 and "14" in out
    history = dumps_openspiel_history([_writable("kawu", 30)])
    assert history.startswith("hearts(")
    status, out = run("validate", "-", input=history)
    assert status == 0 and "1 valid game" in out
    status, out = run("validate", write(tmp_path, "state.txt", FINAL_STATE))
    assert status == 1 and "read it with --from openspiel)" in out


@pytest.mark.long
def test_campaign_every_parameter_combination_agrees_with_openspiel() -> None:
    """The campaign of benchmarks/openspiel_campaign.py, one deal per
    combination of OpenSpiel's parameters and policy (768 deals, a few
    CPU-seconds: the long step), finds no disagreement, and every deal's
    round trip is made: since rules11 every combination is a rule set
    (before it, only the 96 deals whose parameters a key expressed)."""
    pytest.importorskip("pyspiel")
    from tests import benchmark_module
    campaign_module = benchmark_module.load("openspiel_campaign")
    campaign = campaign_module.Campaign(1, 1, 0)
    campaign.run()
    assert campaign.problems == []
    assert campaign.count["legal sets compared"] > 4000 and campaign.count["round trips"] == 768


def test_state_points_showing_the_no_trick_bonus_are_read_under_it(
        tmp_path: Path) -> None:
    """avoid_all_tricks_bonus (−5 to a seat that took no trick) is the rule
    key ``no_trick_bonus=-5`` (rules11): a state whose points show it is
    read under it, and its points agree."""
    for seed in range(100, 400):
        game = _writable("openspiel", seed)
        report = check_game(game)
        winners = {t.plays[trick_winner([p.card for p in t.plays])].seat
                   for t in game.deals[0].tricks}
        if len(winners) == 4 or report.deals[0].moon is not None:
            continue
        points = [float(report.deals[0].points[s] - (5 if s not in winners else 0)) for s in "NESW"]
        path = write(tmp_path, "s.json", _state_json(game, points))
        (read,) = iter_openspiel(Path(path).read_text(encoding="utf-8"), path)
        assert "no_trick_bonus=-5" in (read.rules or "")
        status, out = run("validate", "--from", "openspiel", path)
        assert status == 0, out
        return
    raise AssertionError("no deal with a seat that took no trick")
