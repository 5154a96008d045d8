"""Real games of three Hearts engines other than OpenSpiel (helper interop27;
docs/interop.md "Checked against other engines, round 27").

``tests/data/interop27`` holds the logs HeartsGym 0.43, gym-hearts 0.0.3 and
games-collection 1.6.1 wrote for their bots (``make.py``, fixed seeds), a test-only converter of
those logs to HRN (``convert.py``) and the campaign (``campaign.py``) that runs
them through validate, score, convert, replay and solve. The engines are not
needed here: the committed logs are. Cheap and in-process (``tests.clirun``).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import pytest

from hearts_notation.api import validate_file
from tests.clirun import run

DATA = Path(__file__).parent / "data" / "interop27"


def _load(name: str) -> Any:
    spec = importlib.util.spec_from_file_location(f"interop27_{name}", DATA / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


campaign = _load("campaign")
conv = campaign.conv


@pytest.fixture(scope="module")
def logs() -> dict[str, str]:
    return {name: (DATA / f"{name}.log").read_text(encoding="utf-8")
            for name in ("heartsgym", "gymhearts", "collection")}


def test_the_converter_reads_every_card_of_both_logs(logs: dict[str, str]) -> None:
    """Every HeartsGym deal has 13 tricks of 4 seats whose cards are the deck
    (the hands are rebuilt from the plays), every gym-hearts deal's plays are
    the hands its ``render()`` printed, and both engines' points sum to 26 a
    deal (78 for a moon that adds)."""
    deck = {r + s for r in conv.RANKS for s in conv.SUITS}
    hg = conv.parse_heartsgym(logs["heartsgym"])
    gh = conv.parse_gymhearts(logs["gymhearts"])
    assert len(hg) == 24 and len(gh) == 2
    deals = [d for _, d in hg] + [d for _, ds, _ in gh for d in ds]
    for deal in deals:
        assert [len(t) for t in deal.tricks] == [4] * 13
        assert {c for t in deal.tricks for _, c in t} == deck
        assert sum(deal.points) in (26, 78)
    for _, ds, _ in gh:
        for deal in ds:
            assert deal.hands is not None
            for seat in range(4):
                assert sorted(deal.hands[seat]) == sorted(c for t in deal.tricks for s, c in t
                                                          if s == seat)


def test_every_finding_is_an_engine_bug_and_every_score_the_engines(tmp_path: Path) -> None:
    """validate and score on the fixtures: every deal's points and moon are the
    engine's (HeartsGym's missed moon scored as it means it); every finding is
    one of the three engine bugs the logs show."""
    counts, bad = campaign.campaign(DATA, tmp_path, run, full=False)
    assert bad == []
    assert counts["deals"] == 74 and counts["scores agreed"] == 74
    assert counts["findings from the engine bug stale-lead"] == 10
    assert counts["findings from the engine bug end-before-moon"] == 1
    assert counts["moons the engine missed"] == 1


@pytest.mark.slow
def test_campaign(tmp_path: Path) -> None:
    """The whole campaign on the fixtures (26 solves, round trips, replays,
    pyspiel's replay of HeartsGym's deals when it is installed): no disagreement."""
    counts, bad = campaign.campaign(DATA, tmp_path, run)
    assert bad == []
    assert counts["round trips"] == 3 and counts["solves"] == 28 and counts["replays"] == 3
    if all(importlib.util.find_spec(m) for m in ("HeartsGym", "card_games")):
        assert counts["legal sets compared"] == 2600
    if importlib.util.find_spec("gymhearts"):
        assert counts["gym-hearts legal sets compared"] == 1248
        assert counts["gym-hearts legal sets: stale lead"] == 181


def test_heartsgym_plays_openspiel_with_points_on_the_first_trick(tmp_path: Path) -> None:
    """HeartsGym's rules are ``openspiel`` with points allowed on the first
    trick: its deals are valid under them, and a deal where a heart falls on
    the first trick is a ``first-trick-points`` error under OpenSpiel's own
    defaults (the rule key is what makes them valid)."""
    text = conv.heartsgym_to_hrn((DATA / "heartsgym.log").read_text(encoding="utf-8"))
    path = tmp_path / "hg.hrn"
    path.write_text(text, encoding="utf-8")
    codes = [f["code"] for f in validate_file(str(path)).findings()]
    assert codes == ["score-mismatch"] * 4  # the one moon HeartsGym did not score
    strict = tmp_path / "strict.hrn"
    strict.write_text(text.replace(conv.HEARTSGYM_RULES, "openspiel pass_cycle=hold"),
                      encoding="utf-8")
    assert "first-trick-points" in {f["code"] for f in validate_file(str(strict)).findings()}


def test_collection_passes_rebuild_the_hands_as_dealt(logs: dict[str, str]) -> None:
    """games-collection's passes (its ``pass_history``) turn the cards each seat
    played back into its hand as dealt: the passed cards are in the giver's hand,
    the received ones not, every deal is the deck, and the directions cycle left,
    right, across, hold (its ``get_pass_direction``)."""
    deck = {r + s for r in conv.RANKS for s in conv.SUITS}
    (_what, deals, totals, winner), *_ = conv.parse_collection(logs["collection"])
    assert [d.direction for d in deals[:5]] == ["left", "right", "across", "hold", "left"]
    assert winner is not None and len(totals) == len(deals)
    for deal in deals:
        assert {c for h in deal.hands for c in h} == deck
        if deal.passes is None:
            assert deal.direction == "hold"
            continue
        step = conv.PASS_TO[deal.direction.upper()]
        for seat in range(4):
            assert set(deal.passes[seat]) <= set(deal.hands[seat])
            assert not set(deal.passes[(seat - step) % 4]) & set(deal.hands[seat])


def test_gymhearts_moon_past_100_is_game_continued(tmp_path: Path) -> None:
    """gym-hearts tests the end of the game before it adds a moon's 26: its
    first game goes on after a moon took East to 109, which ``validate`` names
    at the deal after the end (the engine's convention, which no rule key
    expresses; docs/interop.md)."""
    text = conv.gymhearts_to_hrn((DATA / "gymhearts.log").read_text(encoding="utf-8"))
    path = tmp_path / "gh.hrn"
    path.write_text(text, encoding="utf-8")
    code, out = run("validate", str(path))
    assert code == 1
    assert "[game-continued]" in out and "after the end" in out
    assert "score-mismatch" not in out and "total-mismatch" not in out
