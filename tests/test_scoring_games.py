"""Scoring: points, the moon under add / subtract / choose (with J♦), totals,
the end of the game, ties under both rules, incomplete deals."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.cards import HEARTS_MASK, JACK_OF_DIAMONDS, QS_BIT
from hearts_notation.cli import cli
from hearts_notation.io import read_games
from hearts_notation.model import Deal, Game, Moon, Play, Trick
from hearts_notation.referee import check_game
from hearts_notation.rules import parse_rules
from hearts_notation.scoring import game_over, score_findings, score_game
from hearts_notation.state import deal_points

DATA = Path(__file__).parent / "data" / "referee"
SEATS = ("N", "E", "S", "W")


def load(name: str) -> Game:
    return next(read_games(str(DATA / name)))


def tricks_only(deal: Deal, rotate: int = 0) -> Deal:
    """The deal's tricks alone (hands and passes unknown), seats turned
    *rotate* places clockwise: N's cards become E's for rotate=1."""
    def turn(s: str) -> str:
        return SEATS[(SEATS.index(s) + rotate) % 4]
    tricks = tuple(Trick(plays=tuple(Play(seat=turn(p.seat), card=p.card) for p in t.plays))
                   for t in deal.tricks)
    return Deal(tricks=tricks)


def test_points_of_a_plain_deal() -> None:
    s = score_game(load("valid.hrn"), parse_rules("standard"))
    assert [d.points for d in s.deals] == [{"N": 0, "E": 3, "S": 23, "W": 0},
                                          {"N": 3, "E": 15, "S": 2, "W": 6}]
    assert s.deals[1].totals == {"N": 3, "E": 18, "S": 25, "W": 6}
    assert not s.finished and s.winners == ()


def test_moon_with_jack_of_diamonds_taken_by_another_seat() -> None:
    game = load("moon-jack-of-diamonds.hrn")
    s = score_game(game, parse_rules("jack-of-diamonds"))
    d = s.deals[0]
    assert d.moon is not None and (d.moon.seat, d.moon.choice, d.moon.assumed) == ("S", "add", False)
    assert d.points == {"N": 26, "E": 26, "S": 0, "W": 16}     # W keeps the jack's -10
    sub = score_game(game, parse_rules("jack-of-diamonds moon=subtract")).deals[0]
    assert sub.points == {"N": 0, "E": 0, "S": -26, "W": -10}
    assert check_game(game).valid


def test_moon_shooter_who_also_takes_the_jack() -> None:
    rules = parse_rules("jack-of-diamonds")
    everything = HEARTS_MASK | QS_BIT | (1 << JACK_OF_DIAMONDS)
    assert deal_points(rules, [everything, 0, 0, 0], "add") == ([-10, 26, 26, 26], 0)
    assert deal_points(rules, [everything, 0, 0, 0], "subtract") == ([-36, 0, 0, 0], 0)


def _choose_game(target: int, moon: Moon | None = None) -> Game:
    """Three deals bring S to 40 (N 9, E 21, W 8), then S shoots the moon."""
    plain, other = load("valid.hrn").deals
    shoot = load("moon-jack-of-diamonds.hrn").deals[0]
    deals = (tricks_only(plain), tricks_only(other, rotate=1), tricks_only(other),
             dataclasses.replace(tricks_only(shoot), moon=moon))
    return Game(rules=f"moon-choice target={target}", deals=deals)


def test_moon_choose_assumes_add_when_the_game_goes_on() -> None:
    game = _choose_game(100)
    s = score_game(game, parse_rules(game.rules or ""))
    assert [d.totals for d in s.deals][2] == {"N": 9, "E": 21, "S": 40, "W": 8}
    m = s.deals[3].moon
    assert m is not None and (m.seat, m.choice, m.assumed) == ("S", "add", True)
    assert s.deals[3].to_dict()["moon"] == {"seat": "S", "choice": "add", "assumed": True}


def test_moon_choose_assumes_subtract_when_add_would_lose_the_game() -> None:
    # add: N 35 E 47 S 40 W 34 ends the game at 45 with W lowest, not S
    game = _choose_game(45)
    s = score_game(game, parse_rules(game.rules or ""))
    m = s.deals[3].moon
    assert m is not None and (m.choice, m.assumed) == ("subtract", True)
    assert s.deals[3].totals == {"N": 9, "E": 21, "S": 14, "W": 8}
    assert not s.finished


def test_moon_choose_recorded_choice_is_kept() -> None:
    game = _choose_game(45, Moon(seat="S", choice="add"))
    s = score_game(game, parse_rules(game.rules or ""))
    m = s.deals[3].moon
    assert m is not None and (m.choice, m.assumed) == ("add", False)
    assert s.finished and s.winners == ("W",)


def test_moon_choose_read_from_the_recorded_score() -> None:
    game = _choose_game(100)
    d = game.deals[3]
    scored = dataclasses.replace(d, score={"N": 0, "E": 0, "S": -26, "W": 0})
    game = dataclasses.replace(game, deals=(*game.deals[:3], scored))
    s = score_game(game, parse_rules(game.rules or ""))
    m = s.deals[3].moon
    assert m is not None and (m.choice, m.assumed) == ("subtract", True)
    assert not [f for _, _, f in score_findings(game, parse_rules(game.rules or ""), s)]


@pytest.mark.parametrize(("tie", "finished", "winners"), [("share", True, ("N", "W")),
                                                          ("play-on", False, ())])
def test_tie_rules(tie: str, finished: bool, winners: tuple[str, ...]) -> None:
    game = load("valid.hrn")
    game = dataclasses.replace(game, deals=game.deals[:1])
    s = score_game(game, parse_rules(f"standard target=20 tie={tie}"))
    assert (s.finished, s.winners) == (finished, winners)


def test_play_on_until_one_lowest() -> None:
    r = check_game(load("tie-play-on.hrn"))
    assert r.valid and r.finished and r.winners == ("N",)
    r = check_game(load("tie-share.hrn"))
    assert r.valid and r.finished and r.winners == ("N", "W")


def test_game_over() -> None:
    std = parse_rules("standard")
    assert game_over(std, [99, 0, 5, 5]) is None
    assert game_over(std, [100, 3, 2, 2]) == [2, 3]
    assert game_over(parse_rules("kawu"), [100, 3, 2, 2]) is None
    assert game_over(parse_rules("kawu"), [100, 3, 1, 2]) == [2]


def test_incomplete_deal_scores_nothing() -> None:
    r = check_game(load("incomplete-deal-unfinished.hrn"))
    d = r.deals[1]
    assert not d.complete and d.points == {} and d.to_dict()["points"] is None
    assert d.totals == r.deals[0].totals
    assert any(f.code == "incomplete-deal" and "no points" in f.message for f in r.findings)


def test_three_five_six_players_score_all_penalty_points() -> None:
    for preset in ("three-players", "five-players", "six-players"):
        from hearts_notation.generate import generate_games

        for game in generate_games(3, seed=2, rules=preset, bots=("random",)):
            r = check_game(game)
            assert r.valid and r.finished
            for d in r.deals:
                if d.moon is None:
                    assert sum(d.points.values()) == 26


def run_score(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["score", *args])
    return result.exit_code, result.stdout + result.stderr


def test_score_cli_formats() -> None:
    code, out = run_score(str(DATA / "result-ok.hrn"))
    assert code == 0 and "N wins with 3" in out
    code, out = run_score(str(DATA / "score-mismatch.hrn"))
    assert code == 1 and "W's score for deal 1 is recorded as 1" in out
    code, out = run_score("--format", "csv", str(DATA / "moon-jack-of-diamonds.hrn"))
    assert code == 0
    assert out.splitlines()[0] == ("source,game,deal,seat,player,points,total,moon,assumed,complete,"
                                   "sheet")
    assert out.splitlines()[4].endswith(",1,1,W,W,16,16,S,false,true,false")
    import json

    code, out = run_score("--format", "json", str(DATA / "tie-share.hrn"))
    doc = json.loads(out)["games"][0]
    assert doc["finished"] and doc["winners"] == ["N", "W"] and doc["disagreements"] == []
    assert run_score("--game", "2", str(DATA / "valid.hrn"))[0] == 2
