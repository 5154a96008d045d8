"""The two samples written for the replay: seed 004's commented deal,
completed and legal, and seed 000's example trick as an observer record."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from hearts_notation.cards import parse_card
from hearts_notation.io import read_games
from hearts_notation.referee import check_game
from hearts_notation.walk import taken_masks

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "tests" / "data" / "replay" / "build_commented_example.py"


def builder() -> ModuleType:
    spec = importlib.util.spec_from_file_location("build_commented_example", BUILD)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def test_commented_example_is_legal_and_in_sync() -> None:
    mod = builder()
    assert mod.check() == [3, 4, 16, 3]            # every card checked by the engine
    sample = ROOT / "samples" / "commented-example.hrn"
    assert sample.read_text(encoding="utf-8") == mod.render()


def test_commented_example_validates_and_matches_the_seed() -> None:
    game = next(iter(read_games(str(ROOT / "samples" / "commented-example.hrn"))))
    report = check_game(game)
    assert report.valid and not [f for f in report.findings if f.severity != "info"]
    assert game.players == {"N": "Vous", "E": "Ada", "S": "Bo", "W": "Cleo"}
    deal = game.deals[0]
    assert [str(c) for c in deal.hands["N"] or ()] == \
        "AS QS 4S KH 9H 3H JD 8D 6D 2D TC 7C 5C".split()
    assert [str(c) for c in deal.passes["N"].cards] == ["QS", "AS", "KH"]
    assert [str(c) for c in deal.passes["W"].cards] == ["KC", "JH", "8C"]
    seed_tricks = ["S 2C W 9C N KC E 3C", "N 4S E 7S S TS W JS",
                   "W 5D N 6D E QS S AD", "S TD W 9D N 8D E KH"]
    for trick, want in zip(deal.tricks, seed_tricks, strict=False):
        assert " ".join(f"{p.seat} {p.card}" for p in trick.plays) == want
    assert report.deals[0].points == {"N": 3, "E": 4, "S": 16, "W": 3}
    taken = taken_masks(deal, ("N", "E", "S", "W"))
    for card in ("JH", "9H"):
        assert taken[0] >> parse_card(card) & 1     # your V♥ and 9♥ are in your tricks


def test_seed_000_example_is_an_observer_record() -> None:
    game = next(iter(read_games(str(ROOT / "samples" / "variante-retenue-example.hrn"))))
    report = check_game(game)
    assert report.valid
    assert {f.severity for f in report.findings} <= {"info"}
    deal = game.deals[0]
    assert all(h is None for h in deal.hands.values()) and deal.unfinished
    assert [f"{p.seat} {p.card}" for p in deal.tricks[1].plays] == ["N KC", "E QS", "S 4C", "W AC"]
    assert taken_masks(deal, ("N", "E", "S", "W"))[3] >> parse_card("QS") & 1
