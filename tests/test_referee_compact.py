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


def test_a_player_named_at_two_seats_is_not_clean() -> None:
    text = dumps(list(generate_games(1, seed=3, rules="standard")), "hrn")
    first, game_text = game_texts(text)[0]
    twice = game_text.replace('[East "heuristic E"]', '[East "heuristic N"]')
    got = check(twice, first)
    assert "player-conflict" in {f["code"] for f in got["findings"]}
