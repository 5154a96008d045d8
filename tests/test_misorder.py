"""Logs from other programs: a deal whose plays fit another pass direction
gives one ``pass-mismatch`` finding with the evidence, its per-card
``not-held`` errors kept as details, instead of a dozen errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from hearts_notation.io import read_games
from hearts_notation.referee import check_game

ROOT = Path(__file__).resolve().parent.parent


def misordered_game(cycle: str, seed: int = 3, deals: int = 6) -> dict[str, Any]:
    """A generated game passed in *cycle* order, relabelled as a standard
    game with no pass direction written: what a program that passes in
    another order logs (also used by test_dask_every_code_located)."""
    out = subprocess.run([sys.executable, "-m", "hearts_notation", "generate", "--seed", str(seed),
                          "--format", "jsonl", "--jobs", "1", "--deals-per-game", str(deals),
                          "--rules", f"standard pass_cycle={cycle}"],
                         capture_output=True, text=True, cwd=ROOT, check=True)
    game: dict[str, Any] = json.loads(out.stdout)
    game["rules"] = "standard"
    for deal in game["deals"]:
        deal.pop("pass", None)
    return game


@pytest.fixture(scope="module")
def swapped(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("mis") / "swapped.jsonl"
    path.write_text(json.dumps(misordered_game("right,left,across,hold")) + "\n", encoding="utf-8")
    return path


def test_one_finding_per_deal_with_the_evidence(swapped: Path) -> None:
    report = check_game(next(iter(read_games(str(swapped)))))
    codes = [f.code for f in report.findings]
    assert "not-held" not in codes
    by_deal = {f.deal: f for f in report.findings if f.code == "pass-mismatch"}
    assert sorted(by_deal) == [1, 2, 5, 6]      # the left and right deals; across and hold fit
    one = by_deal[1]
    assert one.severity == "error"
    assert "fit pass right, not pass left" in one.message and "deal 2" in one.message
    assert len(one.details) >= 3
    assert all(d.code == "not-held" and d.deal == 1 and d.card is not None for d in one.details)
    assert f"{len(one.details)} cards played were not held" in one.message
    assert "fit pass left, not pass right" in by_deal[2].message


def test_details_in_the_json_report(swapped: Path) -> None:
    out = subprocess.run([sys.executable, "-m", "hearts_notation", "validate", str(swapped),
                          "--format", "json"], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 1
    doc = json.loads(out.stdout)
    found = doc["games"][0]["findings"]
    heads = [f for f in found if f["code"] == "pass-mismatch"]
    assert len(heads) == 4
    assert all(d["code"] == "not-held" for f in heads for d in f["details"])
    assert not [f for f in found if f["code"] == "not-held"]


def test_a_few_wrong_cards_stay_per_card(tmp_path: Path) -> None:
    """One card mistyped is not a misordered log."""
    game = misordered_game("left,right,across,hold")
    plays = game["deals"][0]["tricks"][3]["plays"]
    hand = {c for h in game["deals"][0]["hands"].values() for c in h}
    plays[1]["card"] = next(c for c in ("2C", "3C", "4C", "5C", "6C") if c in hand
                            and all(p["card"] != c for p in plays))
    path = tmp_path / "typo.jsonl"
    path.write_text(json.dumps(game) + "\n", encoding="utf-8")
    report = check_game(next(iter(read_games(str(path)))))
    codes = [f.code for f in report.findings]
    assert "pass-mismatch" not in codes
    assert any(f.severity == "error" for f in report.findings)


def test_details_in_the_text_output(swapped: Path) -> None:
    out = subprocess.run([sys.executable, "-m", "hearts_notation", "validate", str(swapped)],
                         capture_output=True, text=True, cwd=ROOT)
    lines = out.stdout.splitlines()
    head = next(i for i, s in enumerate(lines) if "[pass-mismatch]" in s)
    assert lines[head + 1].startswith("    ") and lines[head + 1].endswith("[not-held]")
