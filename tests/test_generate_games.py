"""Generated games: legal under every preset, complete, reproducible."""

from __future__ import annotations

import random
from itertools import islice
from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.bots import HeuristicBot, PlayView, RandomBot
from hearts_notation.cli import cli
from hearts_notation.generate import (
    game_winners,
    generate_games,
    moon_choice,
    random_game,
)
from hearts_notation.io import dumps, read_games
from hearts_notation.referee import check_game
from hearts_notation.rules import parse_rules, preset_names
from hearts_notation.state import legal_plays
from hearts_notation.walk import walk


@pytest.mark.parametrize("preset", preset_names())
@pytest.mark.parametrize("bots", ["heuristic", "random"])
def test_generated_games_validate_clean(preset: str, bots: str) -> None:
    rules = parse_rules(preset)
    for game in generate_games(2, seed=3, rules=preset, bots=(bots,)):
        report = check_game(game)
        assert report.findings == [], [f.message for f in report.findings]
        assert report.finished and tuple(report.winners) == game.result
        # Every play is one of the engine's legal cards (independently of the referee).
        seats = rules.default_seats
        for deal in game.deals:
            for step in walk(deal, rules, seats):
                assert step.legal is not None and step.legal >> step.play.card & 1


def test_records_carry_scores_totals_and_the_result() -> None:
    rules = parse_rules("standard")
    for game in generate_games(5, seed=8):
        running = dict.fromkeys(rules.default_seats, 0)
        for i, deal in enumerate(game.deals):
            assert deal.score is not None and deal.total is not None
            assert deal.passes or deal.direction == "hold"
            for s in running:
                running[s] += deal.score[s]
            assert dict(deal.total) == running
            over = game_winners(rules, list(running.values()))
            assert (over is not None) == (i == len(game.deals) - 1)
        low = min(running.values())
        assert game.result == tuple(s for s, t in running.items() if t == low)


def test_same_seed_same_output_and_games_do_not_depend_on_the_count() -> None:
    a = dumps(list(generate_games(4, seed=5)), "hrn")
    b = dumps(list(generate_games(4, seed=5)), "hrn")
    assert a == b
    assert dumps(list(generate_games(4, seed=6)), "hrn") != a
    assert list(generate_games(2, seed=5)) == list(generate_games(4, seed=5))[:2]
    assert list(generate_games(2, seed=5, start=3)) == list(generate_games(4, seed=5))[2:]


def test_deals_per_game_cuts_an_unfinished_game() -> None:
    for game in generate_games(3, seed=2, max_deals=2):
        assert len(game.deals) <= 2
        report = check_game(game)
        assert report.valid
        assert game.result == ("*" if not report.finished else tuple(report.winners))


def test_moons_and_ties_occur() -> None:
    moons = ties = 0
    for game in islice(generate_games(400, seed=9), 400):
        moons += sum(1 for d in game.deals if d.score and sorted(d.score.values())[1] == 26)
        ties += len(game.result or ()) > 1
        if moons and ties:
            break
    assert moons and ties


def test_moon_choice_follows_the_spec_rule() -> None:
    rules = parse_rules("moon-choice")
    # S takes every heart and Q♠; E and W are near the target.
    taken = [0, 0, rules.deck_mask, 0]
    assert moon_choice(rules, 2, [10, 20, 30, 40], taken) == "add"
    # Adding 26 would end the game with W lowest: S (at 60) subtracts.
    assert moon_choice(rules, 2, [80, 70, 60, 30], taken) == "subtract"
    # Adding ends the game with S lowest: S adds.
    assert moon_choice(rules, 2, [80, 90, 5, 85], taken) == "add"
    assert moon_choice(parse_rules("standard"), 2, [80, 70, 60, 30], taken) == "add"


def test_moon_choice_is_recorded_under_choose() -> None:
    found = False
    for game in generate_games(120, seed=4, rules="moon-choice"):
        for deal in game.deals:
            if deal.moon is not None:
                found = True
                assert deal.moon.choice in ("add", "subtract")
                assert check_game(game).valid
        if found:
            break
    assert found


def test_heuristic_bot_habits() -> None:
    rules = parse_rules("standard")
    bot = HeuristicBot(noise=0.0)
    rng = random.Random(1)
    qs, ks, as_, h2 = 3 * 13 + 10, 3 * 13 + 11, 3 * 13 + 12, 2 * 13
    hand = 1 << qs | 1 << ks | 1 << as_ | 1 << h2 | 1 << 5 | 1 << 18
    passed = bot.pass_cards(rules, hand, 3, rng)
    assert sorted(passed) == sorted([qs, ks, as_])        # the dangerous spades go
    # Void in the led suit: Q♠ is dumped.
    hand = 1 << qs | 1 << h2 | 1 << 20
    view = PlayView(rules, 1, hand, legal_plays(rules, hand, 0, False, False), [3], 4, False,
                    1 << 3, [0, 0, 0, 0], [0, 0, 0, 0])
    assert bot.play(view, rng) == qs
    # Following: duck under the winning card, as high as possible.
    hand = 1 << 2 | 1 << 6 | 1 << 11
    view = PlayView(rules, 1, hand, legal_plays(rules, hand, 0, False, False), [8], 4, False,
                    1 << 8, [0, 0, 0, 0], [0, 0, 0, 0])
    assert bot.play(view, rng) == 6


def test_random_bot_keeps_the_historical_random_deal() -> None:
    rules = parse_rules("standard")
    game = random_game(rules, random.Random(7), deals=2)
    assert game == random_game(rules, random.Random(7), deals=2)
    assert all(d.score is not None and sum(d.score.values()) in (26, 78) for d in game.deals)
    assert RandomBot().pass_cards(rules, rules.deck_mask, 3, random.Random(1)) == [
        int(c) for c in random.Random(1).sample(
            [c for c in range(52)], 3)]


@pytest.mark.parametrize("fmt", ["hrn", "jsonl", "json", "yaml"])
def test_cli_output_reads_back_identical_with_any_jobs(tmp_path: Path, fmt: str) -> None:
    runner = CliRunner()
    outs = []
    for jobs in ("1", "2"):
        out = tmp_path / f"g{jobs}.{fmt}"
        result = runner.invoke(cli, ["generate", "--games", "3", "--seed", "12", "--rules", "short",
                                     "-o", str(out), "--jobs", jobs])
        assert result.exit_code == 0, result.output
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]
    games = list(read_games(str(tmp_path / f"g1.{fmt}")))
    assert games == list(generate_games(3, seed=12, rules="short"))
    assert all(check_game(g).valid for g in games)


def test_cli_options(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(cli, ["generate", "-n", "2", "--seed", "1", "--bots",
                                 "heuristic,random,heuristic,random", "--format", "jsonl",
                                 "--deals-per-game", "2"])
    assert result.exit_code == 0, result.output
    assert result.output.count("\n") == 2
    assert '"North":' not in result.output and '"players":{"N":"heuristic N","E":"random E"' in result.output
    for bad in (["--bots", "clever"], ["--bots", "random,random"], ["--rules", "nonsense"],
                ["--games", "0"]):
        r = runner.invoke(cli, ["generate", *bad])
        assert r.exit_code == 2, bad
    three = runner.invoke(cli, ["generate", "--rules", "three-players", "--seed", "4"])
    assert three.exit_code == 0 and "P3:" in three.output
