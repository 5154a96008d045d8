"""Generated games of every preset: text -> model -> text is the identity,
and the model read back is the model written."""

from __future__ import annotations

import random

import pytest

from hearts_notation.generate import random_deal, random_game
from hearts_notation.io import dumps, iter_games_text
from hearts_notation.io.hrn.reader import iter_hrn
from hearts_notation.io.hrn.writer import dumps_hrn
from hearts_notation.model import Game
from hearts_notation.rules import parse_rules, preset_names
from tests.budget import presets


@pytest.mark.parametrize("preset", presets(preset_names()))
def test_generated_games_round_trip(preset: str) -> None:
    rules = parse_rules(preset)
    rng = random.Random(2024)
    games = [random_game(rules, rng, deals=len(rules.pass_cycle) + 1) for _ in range(3)]
    # and a game in progress: the last deal stopped after a few tricks
    seats = rules.default_seats
    games.append(Game(rules=rules.spec, deals=(random_deal(rules, rng, 1, seats, dealer=0, tricks=4),),
                      result="*"))
    for unicode, lang in ((False, "en"), (True, "en"), (True, "fr")):
        text = dumps_hrn(games, unicode=unicode, lang=lang)
        back = list(iter_hrn(text, f"{preset}.hrn"))
        assert [e.message for g in back for e in g.errors] == []
        assert back == games
        assert dumps_hrn(back, unicode=unicode, lang=lang) == text
    text = dumps_hrn(games)
    for fmt in ("json", "jsonl", "yaml"):
        assert dumps_hrn(list(iter_games_text(dumps(games, fmt), fmt, "x"))) == text
    assert "*\n\nresult *\n" in text
