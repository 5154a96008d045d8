"""Score sheets as records: deals given by their score line only (or with
part of the play), checked for what the rules allow of a line of points."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hearts_notation.io import iter_games_text, read_games
from hearts_notation.model import Finding
from hearts_notation.referee import GameReport, check_game
from hearts_notation.rules import load_rules
from hearts_notation.sheets import sheet_shapes

DATA = Path(__file__).parent / "data"

HEAD = '[Rules "{rules}"]\n[North "Anne"] [East "Bruno"] [South "Chloé"] [West "Denis"]\n\n'


def sheet(lines: list[str], rules: str = "standard", head: str | None = None) -> GameReport:
    """Check a sheet given as ``deal`` blocks: each item is one deal's lines."""
    text = (head if head is not None else HEAD.format(rules=rules))
    for i, block in enumerate(lines, 1):
        text += block + "\n" if block.startswith("result") else f"deal {i}\n{block}\n\n"
    games = list(iter_games_text(text, "hrn", "sheet.hrn"))
    assert len(games) == 1 and not games[0].errors, games[0].errors
    return check_game(games[0])


def errors(r: GameReport) -> list[Finding]:
    return [f for f in r.findings if f.severity != "info"]


def codes(r: GameReport) -> list[str]:
    return [f.code for f in errors(r)]


CLEAN = [
    "score N 3 E 4 S 15 W 4\ntotal N 3 E 4 S 15 W 4",
    "score N 26 E 0 S 26 W 26\ntotal N 29 E 4 S 41 W 30",      # E shot the moon
    "score N 0 E 13 S 10 W 3\ntotal N 29 E 17 S 51 W 33",
]


def test_clean_sheet_is_valid_with_one_info() -> None:
    r = sheet(CLEAN)
    assert r.valid, errors(r)
    infos = [f for f in r.findings if f.severity == "info"]
    assert [f.code for f in infos] == ["sheet-unchecked"]
    assert "deals 1, 2 and 3" in infos[0].message and infos[0].line == 4
    # the recorded points count: totals, moon, no "incomplete" anywhere
    assert [d.points["S"] for d in r.deals] == [15, 26, 10]
    assert r.deals[-1].totals == {"N": 29, "E": 17, "S": 51, "W": 33}
    assert r.deals[1].moon is not None and r.deals[1].moon.seat == "E"
    assert all(d.sheet and d.to_dict()["sheet"] for d in r.deals)


def test_sum_wrong_names_the_expected_total() -> None:
    r = sheet(["score N 5 E 5 S 5 W 10"])
    (f,) = errors(r)
    assert f.code == "sheet-sum" and f.line == 5 and f.deal == 1
    assert "add up to 25" in f.message and "hands out 26" in f.message and "78 after a moon" in f.message


def test_moon_before_the_moon_rule() -> None:
    (f,) = errors(sheet(["score N 0 E 26 S 0 W 0"]))
    assert f.code == "sheet-moon" and f.seat == "E"
    assert "N 26, E 0, S 26, W 26" in f.message


def test_moon_scored_the_way_the_rules_do_not_allow() -> None:
    (f,) = errors(sheet(["score N 0 E -26 S 0 W 0"]))
    assert f.code == "sheet-moon" and "subtract" in f.message and "N 26, E 0, S 26, W 26" in f.message


def test_impossible_moon_line() -> None:
    (f,) = errors(sheet(["score N 26 E 0 S 20 W 32"]))
    assert f.code == "sheet-moon" and "add up to 78 like a moon" in f.message
    assert "a moon by E is scored N 26, E 0, S 26, W 26" in f.message


def test_line_that_no_play_gives() -> None:
    (f,) = errors(sheet(["score N 27 E -1 S 0 W 0"]))
    assert f.code == "sheet-points" and "0 to 25" in f.message


def test_line_missing_a_seat() -> None:
    (f,) = errors(sheet(["score N 3 E 4 S 19"]))
    assert f.code == "sheet-points" and "no figure for W" in f.message


def test_running_total_is_the_running_sum() -> None:
    r = sheet(["score N 3 E 4 S 15 W 4\ntotal N 3 E 4 S 15 W 4",
               "score N 13 E 6 S 2 W 5\ntotal N 16 E 10 S 17 W 10"])
    (f,) = errors(r)
    assert f.code == "total-mismatch" and f.seat == "W" and f.line == 10
    assert "recorded as 10, but 4 + 5 = 9" in f.message
    # the next total is checked against the recorded one: one mistake, one finding
    r = sheet(["score N 3 E 4 S 15 W 4\ntotal N 3 E 4 S 15 W 4",
               "score N 13 E 6 S 2 W 5\ntotal N 16 E 10 S 17 W 10",
               "score N 0 E 0 S 13 W 13\ntotal N 16 E 10 S 30 W 23"])
    assert codes(r) == ["total-mismatch"]


def _to_target(extra: int) -> list[str]:
    """Deals of 26 points going to S until S passes 100, then *extra* more."""
    lines = ["score N 3 E 4 S 13 W 6"] * 7 + ["score N 0 E 0 S 13 W 13"]
    return lines + ["score N 13 E 6 S 0 W 7"] * extra


def test_game_goes_on_after_the_target() -> None:
    r = sheet(_to_target(0))
    assert r.valid and r.finished and r.winners == ("N",)
    r = sheet(_to_target(2))
    assert codes(r) == ["game-continued"]
    assert "deal 8" in errors(r)[0].message and "2 more deals" in errors(r)[0].message


TIE = ["score N 0 E 13 S 13 W 0"] * 8          # E and S reach 104, N and W tied on 0


def test_winner_under_the_tie_rule() -> None:
    r = sheet(TIE)
    assert r.finished and r.winners == ("N", "W")          # tie: share
    assert sheet([*TIE, "result N W"]).valid
    (f,) = errors(sheet([*TIE, "result N"]))
    assert f.code == "result-mismatch" and "N and W share the win with 0" in f.message


def test_tie_play_on_needs_another_deal() -> None:
    head = '[Rules "kawu"]\n\n'
    r = sheet(TIE, head=head)
    assert not r.finished                       # N and W tied on 0: play on
    assert "result-mismatch" in codes(sheet([*TIE, "result N W"], head=head))
    r = sheet([*TIE, "score N 1 E 12 S 13 W 0"], head=head)
    assert r.finished and r.winners == ("W",) and r.valid


def test_jack_of_diamonds_sums_and_moon() -> None:
    shapes = sheet_shapes(load_rules("jack-of-diamonds"))
    assert shapes.total == 16 and shapes.penalty == 26 and shapes.jack == -10
    r = sheet(["score N 16 E -6 S 6 W 0"], rules="jack-of-diamonds")
    assert r.valid, errors(r)
    (f,) = errors(sheet(["score N 16 E 4 S 6 W 0"], rules="jack-of-diamonds"))
    assert f.code == "sheet-sum" and "hands out 16" in f.message
    # E shot the moon and W took J♦ (add): N 26 E 0 S 26 W 16
    r = sheet(["score N 26 E 0 S 26 W 16"], rules="jack-of-diamonds")
    assert r.valid and r.deals[0].moon is not None and r.deals[0].moon.seat == "E"
    # the shooter took J♦ too
    assert sheet(["score N 26 E -10 S 26 W 26"], rules="jack-of-diamonds").valid


def test_removed_cards_change_the_total() -> None:
    three = '[Rules "three-players"]\n[P1 "Anne"] [P2 "Bruno"] [P3 "Chloé"]\n\n'
    assert sheet(["score P1 10 P2 16 P3 0"], head=three).valid
    assert codes(sheet(["score P1 10 P2 16 P3 1"], head=three)) == ["sheet-sum"]
    r = sheet(["score P1 0 P2 26 P3 26"], head=three)
    assert r.valid and r.deals[0].moon is not None
    two_h = '[Rules "three-players removed_cards=2D,2H,2S,2C"]\n\n'
    shapes = sheet_shapes(load_rules("three-players removed_cards=2D,2H,2S,2C"))
    assert shapes.total == 25 and shapes.penalty == 25
    (f,) = errors(sheet(["score P1 10 P2 16 P3 0"], head=two_h))
    assert "hands out 25" in f.message
    assert sheet(["score P1 0 P2 25 P3 25"], head=two_h).valid
    six = sheet_shapes(load_rules("six-players"))
    assert six.total == 26 and len(six.moons) == 6


def test_moon_choice_preset_accepts_both_ways_and_checks_the_moon_line() -> None:
    assert sheet(["score N 26 E 0 S 26 W 26"], rules="moon-choice").valid
    r = sheet(["score N 0 E -26 S 0 W 0"], rules="moon-choice")
    assert r.valid and r.deals[0].moon is not None and r.deals[0].moon.choice == "subtract"
    (f,) = errors(sheet(["score N 0 E -26 S 0 W 0\nmoon E add"], rules="moon-choice"))
    assert f.code == "moon-choice" and "subtract" in f.message
    (f,) = errors(sheet(["score N 0 E -26 S 0 W 0\nmoon S subtract"], rules="moon-choice"))
    assert f.code == "moon-choice" and "moon by E" in f.message
    (f,) = errors(sheet(["score N 3 E 4 S 15 W 4\nmoon S add"], rules="moon-choice"))
    assert f.code == "moon-choice" and "not a moon line" in f.message


def test_mixed_with_played_deals() -> None:
    played = (DATA / "referee" / "valid.hrn").read_text(encoding="utf-8")
    games = list(iter_games_text(played, "hrn", "valid.hrn"))
    base = check_game(games[0])
    assert base.valid
    n = len(games[0].deals)
    last = base.deals[-1].totals
    seats = list(last)
    line = dict(zip(seats, [3, 4, 15, 4], strict=True))
    totals = {s: last[s] + line[s] for s in seats}
    extra = (f"\ndeal {n + 1}\nscore " + " ".join(f"{s} {v}" for s, v in line.items())
             + "\ntotal " + " ".join(f"{s} {v}" for s, v in totals.items()) + "\n")
    text = played.replace("\nresult", "\n;") if "\nresult" in played else played
    games = list(iter_games_text(text.rstrip("\n") + "\n" + extra, "hrn", "mixed.hrn"))
    r = check_game(games[0])
    assert [f.code for f in r.findings if f.severity == "info"] == ["sheet-unchecked"]
    assert r.valid, errors(r)
    assert r.deals[-1].totals == totals and r.deals[-1].sheet and not r.deals[0].sheet


def test_partial_play_is_an_info_and_its_cards_are_still_checked() -> None:
    text = (DATA / "referee" / "incomplete-deal.hrn").read_text(encoding="utf-8")
    r = check_game(next(iter(iter_games_text(text, "hrn", "x.hrn"))))
    assert "incomplete-deal" in codes(r)          # no score line: cut short
    with_line = text.rstrip("\n") + "\nscore N 3 E 15 S 2 W 6\n"
    r = check_game(next(iter(iter_games_text(with_line, "hrn", "x.hrn"))))
    assert r.valid, errors(r)
    infos = {f.code: f for f in r.findings if f.severity == "info"}
    assert "recorded in part (11 tricks)" in infos["incomplete-deal"].message
    assert "sheet-unchecked" in infos
    # the tricks recorded are still checked card by card
    bad = with_line.replace("11. W TC N TH E JH S 9H", "11. W TC N TH E 9H S JH")
    assert "not-held" in codes(check_game(next(iter(iter_games_text(bad, "hrn", "x.hrn")))))


def test_player_named_at_two_seats() -> None:
    head = '[Rules "standard"]\n[North "Anne"] [East "Bruno"] [South " Anne"] [West "Denis"]\n\n'
    (f,) = errors(sheet(["score N 3 E 4 S 15 W 4"], head=head))
    assert f.code == "player-conflict" and f.seat == "S" and f.line == 2
    assert "N ('Anne')" in f.message
    # NFC: a decomposed "é" is the same name as a precomposed one
    head = '[North "Chlo\u00e9"] [East "Chloe\u0301"]\n\n'
    assert codes(sheet(["score N 3 E 4 S 15 W 4"], head=head)) == ["player-conflict"]
    # case counts by default
    head = '[North "Anne"] [East "anne"]\n\n'
    assert codes(sheet(["score N 3 E 4 S 15 W 4"], head=head)) == []


@pytest.mark.parametrize("fmt", ["json", "yaml", "jsonl"])
def test_json_and_yaml_sheets(tmp_path: Path, fmt: str) -> None:
    game = {"rules": "standard", "players": {"N": "Anne", "E": "Bruno", "S": "Chloé", "W": "Denis"},
            "deals": [{"number": 1, "score": {"N": 3, "E": 4, "S": 15, "W": 4},
                       "total": {"N": 3, "E": 4, "S": 15, "W": 4}},
                      {"number": 2, "score": {"N": 5, "E": 5, "S": 5, "W": 10}}]}
    p = tmp_path / f"sheet.{fmt}"
    if fmt == "yaml":
        import yaml
        p.write_text(yaml.safe_dump(game, allow_unicode=True), encoding="utf-8")
    elif fmt == "jsonl":
        p.write_text(json.dumps(game, ensure_ascii=False) + "\n", encoding="utf-8")
    else:
        p.write_text(json.dumps(game, ensure_ascii=False), encoding="utf-8")
    (g,) = list(read_games(str(p)))
    r = check_game(g)
    assert codes(r) == ["sheet-sum"]
    assert r.deals[0].points == {"N": 3, "E": 4, "S": 15, "W": 4}
