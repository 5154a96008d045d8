"""One-line positions (docs/spec.md, section 9): record -> position -> the same
position, the same hint; every error names its column and what was expected."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from hearts_notation.analysis.annotate import AnalysisOptions, totals_before
from hearts_notation.analysis.evaluate import FAST
from hearts_notation.analysis.hint import hint_game, hint_position
from hearts_notation.cli import cli
from hearts_notation.diagram import diagram_svg
from hearts_notation.generate import generate_games
from hearts_notation.io import read_games
from hearts_notation.model import Game
from hearts_notation.position import (
    PointError,
    Position,
    PositionError,
    cut_game,
    looks_like_position,
    parse_position,
    position_at,
)
from hearts_notation.referee import game_seats, resolve_rules
from hearts_notation.rules import preset_names
from tests.budget import presets

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "tests" / "data" / "position" / "game.hrn"
OPTIONS = AnalysisOptions(eval=dataclasses.replace(FAST, seed=2, samples=8))


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def points(game: Game) -> list[tuple[int, int, int]]:
    """Every (deal, trick, card) of a game, 1-based."""
    return [(d, t, k) for d, deal in enumerate(game.deals, 1)
            for t, trick in enumerate(deal.tricks, 1) for k in range(1, len(trick.plays) + 1)]


def position_of(game: Game, d: int, t: int, k: int, with_hands: bool = False) -> tuple[Game, Position]:
    cut = cut_game(game, d, t, k)
    rules = resolve_rules(cut)
    seats, rules, _ = game_seats(cut, rules)
    return cut, position_at(cut, rules, seats, totals_before(cut, rules, seats, d - 1), with_hands)


def strip(h: dict[str, object]) -> dict[str, object]:
    return {k: v for k, v in h.items() if k not in ("source", "index")}


@pytest.mark.parametrize("preset", presets(preset_names()))
def test_every_point_of_a_generated_game_round_trips(preset: str) -> None:
    """In every preset: each point of two deals gives a position that reads
    back to itself (both with and without the other hands), whose state is
    the record's, and a sample of them gives the record's hint."""
    (game,) = generate_games(1, seed=11, rules=preset, max_deals=2)
    all_points = points(game)
    assert all_points
    for i, (d, t, k) in enumerate(all_points):
        for with_hands in (False, True):
            cut, pos = position_of(game, d, t, k, with_hands)
            text = pos.format()
            assert looks_like_position(text)
            assert len(text) < 200 and all(c.isalnum() or c in "-._~" for c in text), text
            back = parse_position(text)
            assert back == pos
            assert back.format() == text
            assert diagram_svg(back) == diagram_svg(pos)
            gs = back.state()
            assert gs.to_play == pos.seat and gs.tricks_done == t - 1 and len(gs.trick) == k - 1
        if i % 17 == 5:   # a sample: the hint from the position is the record's
            assert strip(hint_position(back, OPTIONS).to_dict()) == strip(hint_game(cut, OPTIONS).to_dict())


@pytest.mark.parametrize("sample", ["canonical.hrn", "commented-example.hrn", "multi-game.hrn",
                                    "three-players.hrn", "partie-francaise.hrn"])
def test_samples_round_trip_with_the_same_hint(sample: str) -> None:
    game = next(iter(read_games(str(ROOT / "samples" / sample))))
    ps = points(game)
    for d, t, k in ps[:: max(1, len(ps) // 4)]:
        cut, pos = position_of(game, d, t, k)
        assert parse_position(pos.format()) == pos
        a, b = strip(hint_position(pos, OPTIONS).to_dict()), strip(hint_game(cut, OPTIONS).to_dict())
        if game.seats and tuple(game.seats) != pos.seats:
            # A record with its own seat names (N E S O): the position names
            # the seats N E S W, the advice is the same.
            for h in (a, b):
                h.pop("seat")
                h.pop("comment")
        assert a == b


def test_moon_choice_positions_carry_the_totals() -> None:
    (game,) = generate_games(1, seed=3, rules="moon-choice", max_deals=3)
    _, pos = position_of(game, 3, 2, 1)
    assert pos.totals is not None and pos.format().count("_") == 7
    _, std = position_of(next(iter(generate_games(1, seed=3, max_deals=3))), 3, 2, 1)
    assert std.totals is None


def test_the_json_twin_spells_out_what_the_string_implies() -> None:
    pos = parse_position("standard_1_N_CJQDJH29AS4QA_DAHJK-HASQA_N2C5CTCAC.W5D6D8DQD.S2S9S6SKH."
                         "WJSTSJH8S.W6C")
    d = pos.to_dict()
    assert d["to_move"] == "N" and d["direction"] == "left"
    assert d["voids"] == {"E": ["S"]} and d["hearts_broken"] is True
    assert d["taken_points"] == {"N": 0, "E": 0, "S": 0, "W": 2}
    assert d["legal"] == ["JC", "QC"]
    assert d["tricks"][4] == {"leader": "W", "plays": [{"seat": "W", "card": "6C"}]}
    assert d["hands"]["E"] is None and d["pass"]["received"] == ["AH", "QS", "AS"]


P5 = "standard_1_N_CJQDJH29AS4QA_DAHJK-HASQA_N2C5CTCAC.W5D6D8DQD.S2S9S6SKH.WJSTSJH8S.W6C"
BAD = [
    ("standard_1_N", 1, "fields"),
    ("nopreset_1_N_C2_DAHJK-HASQA_", 1, "rules"),
    ("standard~moon.sideways_1_N_C2_DAHJK-HASQA_", 1, "bad_rules"),
    ("standard_0_N_C2_DAHJK-HASQA_", 10, "deal"),
    ("standard_1_X_C2_DAHJK-HASQA_", 12, "seat"),
    ("standard_1_N_2C_DAHJK-HASQA_", 14, "suit"),
    ("standard_1_N_C2XJQD6JH29AS46TQA_DAHJK-HASQA_", 16, "rank"),
    ("standard_1_N_C2JQD6JH29AS46TQA_DAHJKHASQA_", 32, "pass"),
    ("standard_1_N_C2JQD6JH29AS46TQA_DAHJ-HASQA_", 32, "pass_count"),
    (P5.replace("W6C", "W6C1C"), 83, "card"),
    (P5.replace(".W5D", ".N5D"), 50, "leader"),
    (P5.replace(".W5D", ".X5D"), 50, "leader_letter"),
    (P5 + "4C", 12, "turn"),
    (P5.replace("CJQDJ", "CJQDJJ"), 19, "twice"),
    ("standard_1_N_C2JQD6JH29AS46TA_DAHJK-HASQA_", 14, "hand_size"),
    (P5.replace("_1_", "_4_"), 28, "hold"),
    ("standard_1_E_C3JQD6JH29AS46TQA_DAHJK-HASQA_", 14, "opening"),
    ("three-players_1_1_C3D2H4_CTDQHT-CKHQK_", 22, "not_in_deck"),
    (P5 + "_x.x", 84, "others"),
    (P5 + "__0.0", 85, "totals"),
    ("standard_1_N_C2JQD6JH29AS46TQA_DAHJK-HAS2A_", 32, "received"),
]


@pytest.mark.parametrize(("text", "column", "key"), BAD, ids=[b[2] for b in BAD])
def test_errors_name_the_column_and_what_was_expected(text: str, column: int, key: str) -> None:
    with pytest.raises(PositionError) as info:
        parse_position(text)
    assert (info.value.column, info.value.msg.key) == (column, f"position.{key}")
    en, fr = info.value.text("en"), info.value.text("fr")
    assert en.startswith(f"position:1:{column}: expected") and fr.startswith(f"position:1:{column} : attendu")


def test_the_command_writes_and_checks_positions() -> None:
    r = run("position", str(GAME), "--deal", "1", "--trick", "5", "--card", "2")
    assert r.exit_code == 0 and r.stdout == (
        "standard_1_N_CJQDJH29AS4QA_DAHJK-HASQA_N2C5CTCAC.W5D6D8DQD.S2S9S6SKH.WJSTSJH8S.W6C\n")
    again = run("position", r.stdout.strip(), "--format", "json")
    assert json.loads(again.stdout)["position"] == r.stdout.strip()
    full = run("position", str(GAME), "--deal", "1", "--trick", "5", "--card", "2", "--all-hands")
    assert full.stdout.startswith(r.stdout.strip() + "_") and "x" not in full.stdout.split("_")[6]
    bad = run("position", "standard_1_N_C2X_", "--lang", "en")
    assert bad.exit_code == 2 and bad.stderr.strip().startswith("position:1:")
    past = run("position", str(GAME), "--deal", "1", "--trick", "99")
    assert past.exit_code == 2 and "--trick 99" in past.stderr


def test_hint_takes_a_position_or_a_point_of_a_complete_record() -> None:
    args = ["--fast", "--samples", "8", "--seed", "4", "--format", "json"]
    from_record = run("hint", str(GAME), "--deal", "2", "--trick", "7", "--card", "3", *args)
    assert from_record.exit_code == 0, from_record.output
    pos = run("position", str(GAME), "--deal", "2", "--trick", "7", "--card", "3").stdout.strip()
    from_pos = run("hint", pos, *args)
    assert from_pos.exit_code == 0, from_pos.output
    assert strip(json.loads(from_record.stdout)) == strip(json.loads(from_pos.stdout))
    bad = run("hint", pos + "Z", *args)
    assert bad.exit_code == 2 and bad.stderr.startswith("position:1:")


def test_points_a_record_does_not_reach() -> None:
    game = next(iter(read_games(str(GAME))))
    for args, key in (((9, 1, 1), "position.point.deal"), ((1, 99, 1), "position.point.trick"),
                      ((1, 2, 9), "position.point.card"), ((1, None, 2), "position.point.card_alone")):
        with pytest.raises(PointError) as info:
            cut_game(game, *args)
        assert info.value.msg.key == key


def test_annotate_takes_a_position_and_judges_the_movers_decisions_as_the_record(
        tmp_path: Path) -> None:
    """The mover's pass and cards so far, analysed from the position, get the
    losses the record's analysis gives them (same deal number, same seed).

    The record's deal 1 is stopped after trick 4 (a deal in progress): the
    mover's decisions before the position are all it is compared on; and two
    screening deals a decision (the two analyses are compared with each other,
    not with a verdict): 4.4 -> 2.1 CPU-s, pure (issue 22)."""
    args = ["--fast", "--samples", "2", "--format", "json"]
    from_pos = run("annotate", P5, *args)
    assert from_pos.exit_code == 0, from_pos.output
    text = GAME.read_text(encoding="utf-8")
    stopped = tmp_path / "game-to-trick-4.hrn"
    stopped.write_text(text[:text.index("\n5. ") + 1], encoding="utf-8")
    from_record = run("annotate", str(stopped), *args)
    assert from_record.exit_code == 0, from_record.output
    mine = json.loads(from_pos.stdout)["games"][0]["decisions"]
    theirs = [d for d in json.loads(from_record.stdout)["games"][0]["decisions"]
              if d["seat"] == "N" and (d["trick"] is None or d["trick"] < 5)]
    assert [d["kind"] for d in mine] == ["pass", "play", "play", "play", "play"]
    assert [(d.get("card"), d["epl"], d["mark"]) for d in mine] == \
           [(d.get("card"), d["epl"], d["mark"]) for d in theirs]
    bad = run("annotate", P5 + "x")
    assert bad.exit_code == 2 and bad.stderr.startswith("position:1:83:")


def test_a_perfect_information_position_as_a_record_of_the_hands_played_from() -> None:
    """For an exact solver: the record a full position stands for has every
    hand as played from, and its next decision is the position's."""
    from hearts_notation.analysis.context import DealContext
    from hearts_notation.position import position_game

    (game,) = generate_games(1, seed=6, max_deals=2)
    for d, t, k in ((1, 1, 1), (2, 5, 3), (2, 12, 4)):
        _, pos = position_of(game, d, t, k, with_hands=True)
        g = position_game(pos, played_from=True)
        rules = resolve_rules(g)
        seats, rules, _ = game_seats(g, rules)
        ctx = DealContext(g.deals[0], rules, seats, g.deals[0].number)
        point = ctx.next_point()
        assert point is not None and point.seat == pos.seat
        assert ctx.true_hands(point) == tuple(pos.hands)
        assert point.taken == tuple(pos.state().taken)
    _, hidden = position_of(game, 2, 5, 3)
    with pytest.raises(ValueError):
        position_game(hidden, played_from=True)


@pytest.mark.parametrize("preset", preset_names())
def test_solve_gives_the_same_values_from_a_position(preset: str, tmp_path: Path) -> None:
    """hearts solve on a perfect-information position (--all-hands) gives
    the values it gives at that point of the record, in every preset."""
    (game,) = generate_games(1, seed=8, rules=preset, max_deals=1)
    from hearts_notation.io import dumps

    path = tmp_path / "g.hrn"
    path.write_text(dumps([game], "hrn"), encoding="utf-8")
    rules = resolve_rules(game)
    t = rules.tricks_per_deal - 3          # a late point: the exact search is quick
    point = ["--deal", "1", "--trick", str(t), "--card", "2"]
    pos = run("position", str(path), *point, "--all-hands").stdout.strip()
    a = run("solve", pos, "--format", "json")
    b = run("solve", str(path), *point, "--format", "json")
    assert a.exit_code == 0 and b.exit_code == 0, a.output + b.output
    keep = ("deal", "trick", "card_in_trick", "seat", "cards", "best", "value", "tie_sensitive")
    ja, jb = json.loads(a.stdout), json.loads(b.stdout)
    assert {k: ja[k] for k in keep} == {k: jb[k] for k in keep}
    hidden = run("solve", run("position", str(path), *point).stdout.strip())
    assert hidden.exit_code == 2 and "--all-hands" in hidden.stderr


def test_solve_from_a_position_decides_moons_by_its_totals(tmp_path: Path) -> None:
    """Under ``moon: choose`` a shooter adds unless adding would end the
    game against it: decided by the totals before the deal, which a
    position carries.  At this point of a generated game (totals 49 81 10
    68 before deal 9) the choice differs from a first deal's, and solve
    from the position gives the record's values."""
    (game,) = generate_games(1, seed=12, rules="moon-choice")
    from hearts_notation.io import dumps

    path = tmp_path / "g.hrn"
    path.write_text(dumps([game], "hrn"), encoding="utf-8")
    point = ["--deal", "9", "--trick", "6", "--card", "1"]
    pos = run("position", str(path), *point, "--all-hands").stdout.strip()
    a = run("solve", pos, "--format", "json")
    b = run("solve", str(path), *point, "--format", "json")
    assert a.exit_code == 0 and b.exit_code == 0, a.output + b.output
    assert json.loads(a.stdout)["cards"] == json.loads(b.stdout)["cards"]


@pytest.mark.parametrize(("command", "lang", "said"), [
    ("position", "fr", "c'est à D (O) de jouer, mais sa main n'est pas connue"),
    ("position", "en", "D (W) is to move, but its hand is not known"),
    ("hint", "fr", "c'est à D (O) de jouer, mais la main de D (O) n'est pas connue"),
])
def test_an_unknown_hand_names_the_player_and_the_seat_as_written(command: str, lang: str,
                                                                   said: str) -> None:
    """The seat to move whose hand is unknown is named as every message
    about the record names it: its player (West "D") and, in French, O for
    W (it was a bare "O"/"W")."""
    sample = str(Path(__file__).resolve().parent.parent / "samples" / "variante-retenue-example.hrn")
    result = CliRunner().invoke(cli, [command, "--lang", lang, sample])
    assert result.exit_code == 2
    assert said in result.output, result.output
