"""games-collection's games to targets other than 100, three in one log (helper
interop28; docs/interop.md "Checked against other engines, round 28").

``tests/data/interop28/collection.log`` is what games-collection 1.6.1 printed for
games of its own AI to 50, 150 and 250 points (``make.py``, seed 32: 47 deals, six
moons, totals past 250); ``campaign.py`` reads it with round 27's converter, the
target as the rule key ``target``, and checks every score line, total and result.
The engine is not needed: the committed log is. Cheap and in-process.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import pytest

from hearts_notation.api import validate_file
from tests.clirun import run

DATA = Path(__file__).parent / "data" / "interop28"


def _load(name: str) -> Any:
    spec = importlib.util.spec_from_file_location(f"interop28_{name}", DATA / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


campaign = _load("campaign")
conv = campaign.conv


@pytest.fixture(scope="module")
def log() -> str:
    return (DATA / "collection.log").read_text(encoding="utf-8")


def test_each_game_ends_at_the_first_total_to_reach_its_target(log: str) -> None:
    """The log holds three games, to 50, 150 and 250, in that order; in each, the
    engine stopped at the first deal whose running totals reach the target (its
    ``is_game_over``: ``score >= target_score``), which is our ``target`` rule."""
    games = conv.parse_collection(log)
    assert campaign.targets(log) == [50, 150, 250]
    for (_what, deals, totals, _winner), target in zip(games, campaign.targets(log), strict=True):
        assert len(totals) == len(deals)
        assert [max(t) >= target for t in totals] == [False] * (len(totals) - 1) + [True]
    assert 'openspiel target=250' in campaign.to_hrn(log)


def test_every_score_total_and_result_is_the_engines(tmp_path: Path) -> None:
    """validate and score on the whole file: no finding, every deal's points and
    moon, every running total and each game's winner are the engine's."""
    counts, bad = campaign.campaign(DATA, tmp_path, run, full=False)
    assert bad == []
    assert counts["games"] == 3 and counts["deals"] == 47 and counts["scores agreed"] == 47
    assert counts["moons"] == 6 and counts["totals past 100"] == 2


def test_the_target_is_what_makes_the_games_valid(tmp_path: Path, log: str) -> None:
    """The same games under ``openspiel`` alone (target 100): the game to 50 has
    not ended (its result is a ``result-mismatch``), the games to 150 and 250 go
    on past the deal that reached 100 (``game-continued``): the target read from
    the log is what the engine played."""
    path = tmp_path / "plain.hrn"
    path.write_text(conv.collection_to_hrn(log), encoding="utf-8")
    codes = sorted(f["code"] for f in validate_file(str(path)).findings())
    assert codes == ["game-continued"] * 2 + ["result-mismatch"] * 3


@pytest.mark.slow
def test_campaign(tmp_path: Path) -> None:
    """The whole campaign on the fixture (HRN -> JSON -> YAML -> HRN, select,
    replay, the engine's legal cards when it is installed, pyspiel's replay of
    every deal when it is): no disagreement."""
    counts, bad = campaign.campaign(DATA, tmp_path, run)
    assert bad == []
    assert counts["round trips"] == 1 and counts["replays"] == 3
    if importlib.util.find_spec("card_games"):
        assert counts["legal sets compared"] == 2444
    if importlib.util.find_spec("pyspiel"):
        assert counts["pyspiel replays"] == 47
