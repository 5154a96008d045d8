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
import os
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


# --- t_games (ichabod801/t_games, GPL-3.0): a new engine, five rule variants -------------

tg = _load("campaign_tgames")


@pytest.fixture(scope="module")
def tg_log() -> str:
    return (DATA / "tgames.log").read_text(encoding="utf-8")


def test_tgames_options_become_rule_keys() -> None:
    """Each t_games option the fixtures play is the rule key that plays it; an
    option set without ``low-club`` (the dealer's left leads) is refused, not
    guessed."""
    assert tg.conv.rules_of("easy=0 medium=3 low-club break-hearts pass-dir=lran") == (
        "openspiel first_trick_hearts=allowed first_trick_queen=allowed queen_breaks_hearts=false")
    assert tg.conv.rules_of("low-club all-break pass-dir=left-right moon=new bonus=jd "
                            "no-tricks=5 end=60").split()[3:] == [
        "queen_breaks_hearts=true", "pass_cycle=left,right", "moon=subtract",
        "jack_of_diamonds=-10", "no_trick_bonus=-5", "target=60"]
    with pytest.raises(AssertionError):
        tg.conv.rules_of("break-hearts pass-dir=lran")


def test_tgames_log_rebuilds_each_deal(tg_log: str) -> None:
    """Every deal of the five games: 52 plays of the deck, the hands played from
    are the hands dealt less the three cards passed plus the three received, in
    the variant's direction (left, right, across, hold; left, right; hold)."""
    games = tg.conv.parse(tg_log)
    assert len(games) == 5
    deck = {r + s for r in "AKQJT98765432" for s in "SHDC"}
    for game in games:
        for deal in game.deals:
            assert len(deal.plays) == 52 and {c for _, c in deal.plays} == deck
            assert sorted(c for h in deal.played_from for c in h) == sorted(deck)
    assert [d.direction for d in games[0].deals[:5]] == ["left", "right", "across", "hold", "left"]
    assert [d.direction for d in games[2].deals[:3]] == ["left", "right", "left"]
    assert {d.direction for d in games[4].deals} == {"hold"}


def test_tgames_every_total_is_ours_through_its_floor_at_zero(tmp_path: Path) -> None:
    """validate and score on the fixture: every deal's running totals are ours
    once t_games' floor at zero is applied (``floored``), and every finding is
    that floor (J♦ -10 and the no-trick -5 cut at 0, a moon's -26 too)."""
    counts, bad = tg.campaign(DATA, tmp_path, run, full=False)
    assert bad == []
    assert counts["deals"] == 40 and counts["scores agreed"] == 40 and counts["moons"] == 1
    assert counts["deals the floor at zero cut"] == 7
    assert counts["findings from t_games' floor at zero or moon"] == 15 and counts["games valid"] == 2


def test_tgames_floor_at_zero_and_moon() -> None:
    """The floor: a hand that took tricks scores at least 0 (J♦ with two hearts is
    0, not -8); a seat that took no trick keeps its bonus, and a moon its -26, but
    no total goes below 0. t_games' moon with J♦ in play is worth 36 to each other
    seat (the J♦ taker's -10 gone), and a seat that took no trick in a moon keeps
    its no-trick bonus on top of the 26 (ours gives none in a moon)."""
    ours = [[-8, 10, 14, 0], [21, 0, -5, 10], [0, -26, 0, 0]]
    took = [[True] * 4, [True, True, False, True], [True, True, True, True]]
    assert tg.floored(ours, [None, None, 1], took, tg.Variant(subtract=True, no_tricks=5)) == [
        [0, 10, 14, 0], [21, 10, 9, 10], [21, 0, 9, 10]]
    jd = tg.Variant.of("low-club bonus=jd")
    assert tg.tgames_hand([0, 26, 26, 16], 0, [True] * 4, jd) == [0, 36, 36, 36]
    assert tg.tgames_hand([26, 0, 26, 26], 1, [True, True, False, True],
                          tg.Variant.of("low-club no-tricks=5")) == [26, 0, 21, 26]


@pytest.mark.slow
def test_tgames_campaign(tmp_path: Path) -> None:
    """The whole t_games campaign on the fixture (round trips, select, replays,
    pyspiel's replay of the games OpenSpiel can play and, with a t_games checkout
    named by ``T_GAMES_SOURCE``, its legal cards at every card): no disagreement."""
    source = os.environ.get("T_GAMES_SOURCE")
    counts, bad = tg.campaign(DATA, tmp_path, run, source=Path(source) if source else None)
    assert bad == []
    assert counts["round trips"] == 1 and counts["replays"] == 5
    if importlib.util.find_spec("pyspiel"):
        assert counts["pyspiel replays"] == 31 and counts["games OpenSpiel cannot play"] == 1
    if source:
        assert counts["t_games legal sets compared"] == 2080


# --- the program's own JSON and YAML as other tools write them ------------------------


def test_records_rewritten_by_other_tools_read_the_same(tmp_path: Path, tg_log: str) -> None:
    """A t_games game converted to JSON, then written again as other tools write
    JSON and YAML (json's sorted keys and ASCII escapes, compact;
    PyYAML's canonical form with its ``!!str`` tags, every scalar double- or
    single-quoted, 20-column folded lines with ``---``/``...``, flow style),
    reads back as the same HRN; PyYAML's anchors for an object it meets twice
    (``&id001``/``*id001``) are refused at the alias, exit 2, as spec'd."""
    import json

    import yaml

    hrn = tmp_path / "g.hrn"
    hrn.write_text(tg.conv.game_hrn(tg.conv.parse(tg_log)[1]), encoding="utf-8")  # 6 deals
    assert run("convert", str(hrn), "--to", "json", "-o", str(tmp_path / "g.json"))[0] == 0
    assert run("convert", str(hrn), "--to", "hrn", "-o", str(tmp_path / "canon.hrn"))[0] == 0
    canon = (tmp_path / "canon.hrn").read_text(encoding="utf-8")
    src = json.loads((tmp_path / "g.json").read_text(encoding="utf-8"))
    rewrites = {
        "sorted.json": json.dumps(src, sort_keys=True, ensure_ascii=True),
        "compact.json": json.dumps(src, separators=(",", ":")),
        "canonical.yaml": yaml.dump(src, canonical=True),
        "dq.yaml": yaml.safe_dump(src, default_style='"', allow_unicode=False),
        "sq.yaml": yaml.safe_dump(src, default_style="'"),
        "narrow.yaml": yaml.safe_dump(src, width=20, explicit_start=True, explicit_end=True),
        "flow.yaml": yaml.safe_dump(src, default_flow_style=True),
    }
    for name, text in rewrites.items():
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        out = tmp_path / f"{name}.hrn"
        code, said = run("convert", str(path), "--to", "hrn", "-o", str(out))
        assert code == 0, (name, said)
        assert out.read_text(encoding="utf-8") == canon, name
    shared = [src, src]  # one object twice: PyYAML writes an anchor and an alias
    path = tmp_path / "alias.yaml"
    path.write_text(yaml.dump(shared), encoding="utf-8")
    code, said = run("convert", str(path), "--to", "hrn", "-o", str(tmp_path / "alias.hrn"))
    assert code == 2 and "*id001" in said and "alias" in said
