"""Every command calls a deal by the number ``hearts score`` gives it (issue 22,
"deal numbers from one place": :func:`hearts_notation.model.deal_numbers`).

A JSON or YAML deal may leave ``number`` out; a record may repeat or skip a
number.  The scorer and the referee count a deal written without a number as
the deal after the one before, and keep a written number as written.  The
analysis, hint, position, puzzles, solve, replay, the HRN writer and the
editor's outline took ``deal.number or index + 1`` (or the number of deals):
a record of deals 5 and (unnumbered) 6 had its second deal called deal 2 by
``annotate``, ``hint``, ``position`` and ``puzzles`` (and analysed under deal
2's seed), ``hearts replay`` headed it "Deal 2", ``convert --to hrn`` wrote
``deal 2`` (another deal for the referee) while ``hearts score`` said 6.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from hearts_notation.api import read_games
from hearts_notation.cli import cli
from hearts_notation.editor.document import Checker
from hearts_notation.editor.features import symbols
from hearts_notation.io.jsonio import game_to_dict
from hearts_notation.model import Game, deal_numbers
from hearts_notation.referee import check_game
from hearts_notation.rules import preset_rules
from hearts_notation.scoring import score_game

SAMPLE = Path(__file__).resolve().parent.parent / "samples" / "canonical.hrn"


@pytest.fixture(scope="module")
def canonical() -> Game:
    return next(iter(read_games(str(SAMPLE))))


@pytest.mark.parametrize("numbers", [
    (None, None, None), (5, None, None, 8), (3, 3, None), (2, 9, None, 1),
    (0, None), (None, 4, None), (7,), (None,), ()])
def test_deal_numbers_are_the_scorers_and_the_referees(canonical: Game,
                                                        numbers: tuple[int | None, ...]) -> None:
    deals = tuple(dataclasses.replace(canonical.deals[i], number=n, total=None)
                  for i, n in enumerate(numbers))
    game = dataclasses.replace(canonical, deals=deals, result=None)
    want = deal_numbers(game.deals)
    assert [d.number for d in score_game(game, preset_rules("standard")).deals] == want
    assert [d.number for d in check_game(game).deals] == want
    assert all(w == n for w, n in zip(want, numbers, strict=True) if n is not None)


def _run(*args: str) -> Any:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code in (0, 1), result.output
    return result


def _json(*args: str) -> Any:
    return json.loads(_run(*args).stdout)


@pytest.fixture(scope="module")
def unnumbered(canonical: Game, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Deal 5 (canonical's deal 1, left), then canonical's deal 2 (right)
    with no number, stopped after ten tricks, a play of trick 9 marked ``?``:
    deals 5 and 6 for the scorer (6 passes right too)."""
    record = game_to_dict(canonical)
    first, second = record["deals"][0], record["deals"][1]
    for d in (first, second):
        d.pop("total", None)
    record.pop("result", None)
    first["number"] = 5
    del second["number"]
    second["tricks"] = second["tricks"][:10]
    second["tricks"][8]["plays"][1]["mark"] = "?"
    second.pop("score", None)
    second["unfinished"] = True
    record["deals"] = [first, second]
    path = tmp_path_factory.mktemp("numbers") / "unnumbered.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def test_every_command_calls_the_unnumbered_deal_as_score_does(unnumbered: Path) -> None:
    f = str(unnumbered)
    (game,) = _json("score", "--format", "json", f)["games"]
    assert [d["number"] for d in game["deals"]] == [5, 6]
    assert _json("position", "--format", "json", f)["deal"] == 6
    assert _json("position", "--format", "json", "--deal", "1", "--trick", "2", f)["deal"] == 5
    assert _run("position", f).stdout.startswith("standard_6_")
    assert _json("hint", "--fast", "--format", "json", f)["deal"] == 6
    # (the deal numbers are checked, not the verdicts: the plays on 2 deals,
    # no ?! verified on more deals at thresholds of 6, 9 and 12 points)
    analysis = _json("annotate", "--fast", "--deal", "2", "--no-passes", "--samples", "2",
                     "--thresholds", "6,9,12", "--format", "json", f)
    assert {d["deal"] for g in analysis["games"] for d in g["decisions"]} == {6}
    puzzles = _json("puzzles", "--fast", "--format", "json", f)["puzzles"]
    assert puzzles and {p["deal"] for p in puzzles} == {6}
    assert all(p["position"].startswith("standard_6_") for p in puzzles)
    assert _json("solve", "--format", "json", f)["deal"] == 6
    assert "Deal 6 " in _run("replay", "--ascii", "--deal", "6", f).stdout
    text = _run("convert", "--to", "hrn", f).stdout
    assert [ln.split()[1] for ln in text.splitlines() if ln.startswith("deal ")] == ["5", "6"]
    text = _run("select", "--deals", "--where", "number == 6", "--to", "hrn", f).stdout
    assert '[SelectedDeal "6"]' in text and "\ndeal 6 " in text


def test_oddly_numbered_hrn_deals_in_the_outline_and_positions(tmp_path: Path) -> None:
    """HRN always numbers its deals; repeated and skipped numbers are kept
    (the referee reports them) by every command, the editor's outline too."""
    lines = SAMPLE.read_text(encoding="utf-8").split("\n")
    starts = [i for i, ln in enumerate(lines) if ln.startswith("deal ")]
    kept = lines[:starts[3]]                   # the tags and deals 1 to 3
    for i, n in zip(starts[:3], ("5", "5", "9"), strict=True):
        kept[i] = "deal " + n + " " + kept[i].split(" ", 2)[2]
    text = "\n".join(line for line in kept if not line.startswith("total ")) + "\n"
    path = tmp_path / "odd.hrn"
    path.write_text(text, encoding="utf-8")
    (game,) = _json("score", "--format", "json", str(path))["games"]
    numbers = [d["number"] for d in game["deals"]]
    assert numbers == [5, 5, 9]
    checker = Checker()
    (outline,) = symbols(checker.analyse(text), checker, "en")
    assert [d.name for d in outline.children] == [f"Deal {n}" for n in numbers]
    for k, n in enumerate(numbers, start=1):
        got = _json("position", "--format", "json", "--deal", str(k), "--trick", "3", str(path))
        assert got["deal"] == n
