"""``hearts stats`` against a corpus counted by hand.

``tests/data/corpus/club.hrn`` holds two games of a club night (3 and 4
deals, unfinished: ``result *``), ``three.jsonl`` one three-player game of
2 deals.  Deal 1 of table 2 has a wrong score line (W 25 instead of 26 after
N's moon): one ``score-mismatch``, and the statistics must still use the
true points.  Every figure below was counted from the records by hand:

table 1 (N E S W)      points               Q♠ taken by   moon
  deal 1 left          4  0 21  1           S (trick 5)
  deal 2 right        26 26 26  0           W (trick 8)   W
  deal 3 across       24  0  2  0           N (trick 8)
table 2
  deal 1 left          0 26 26 26           N (trick 3)   N
  deal 2 right         1  0  4 21           W (trick 13)
  deal 3 across        6  7 13  0           S (trick 2)
  deal 4 hold         14  0  0 12           N (trick 5)
three players (P1 P2 P3)
  deal 1 left         20  6  0              P1 (trick 5)
  deal 2 right         9 13  4              P2 (trick 14)

Q♠ after the pass (holder: points, took it back?):
  left:   t1 d1 W passed it to N (4, no); t2 d1 S kept it (26, no);
          3p d1 P2 kept it (6, no)                        -> avg 12, 0%
  right:  t1 d2 N passed it to W (0, yes); t2 d2 W passed it to S (4, no);
          3p d2 P2 kept it (13, yes)                      -> avg 17/3, 2/3
  across: t1 d3 N passed it to S (2, no); t2 d3 N passed it to S (13, yes)
  hold:   t2 d4 E held it (0, no)
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli
from hearts_notation.io import read_games
from hearts_notation.stats import Tally, game_tally

DATA = Path(__file__).parent / "data" / "corpus"
FILES = [str(DATA / "club.hrn"), str(DATA / "three.jsonl")]


def _stats(*args: str) -> dict[str, object]:
    result = CliRunner().invoke(cli, ["stats", *FILES, "--format", "json", *args])
    assert result.exit_code == 0, result.output
    doc: dict[str, object] = json.loads(result.output)
    return doc


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_summary_and_seats(jobs: str) -> None:
    doc = _stats("--jobs", jobs)
    assert doc["summary"] == {
        "files": 2, "games": 3, "deals": 9, "complete_deals": 9, "sheet_deals": 0, "finished_games": 0,
        "valid_games": 2, "shared_wins": 0, "moons": 2, "moon_rate": round(2 / 9, 4),
    }
    seats = doc["seats"]
    assert isinstance(seats, dict)
    expected = {   # seat: (deals, points, Q♠ taken, moons)
        "N": (7, 4 + 26 + 24 + 0 + 1 + 6 + 14, 3, 1),
        "E": (7, 0 + 26 + 0 + 26 + 0 + 7 + 0, 0, 0),
        "S": (7, 21 + 26 + 2 + 26 + 4 + 13 + 0, 2, 0),
        "W": (7, 1 + 0 + 0 + 26 + 21 + 0 + 12, 2, 1),
        "P1": (2, 29, 1, 0),
        "P2": (2, 19, 1, 0),
        "P3": (2, 4, 0, 0),
    }
    assert list(seats) == list(expected)
    for seat, (deals, points, queen, moons) in expected.items():
        row = seats[seat]
        assert (row["deals"], row["points"], row["queen_taken"], row["moons"], row["wins"]) == (
            deals, points, queen, moons, 0), seat
        assert row["average_points"] == round(points / deals, 4)


def test_pass_directions() -> None:
    dirs = _stats()["directions"]
    assert isinstance(dirs, dict)
    assert list(dirs) == ["left", "right", "across", "hold"]
    left, right, across, hold = (dirs[d] for d in ("left", "right", "across", "hold"))
    assert (left["deals"], left["moons"], left["queen_passed"]) == (3, 1, 1)
    assert left["average_points"] == round((26 + 78 + 26) / 11, 4)
    assert (left["queen_holder_average_points"], left["queen_holder_took_it"]) == (12.0, 0.0)
    assert (right["deals"], right["moons"], right["queen_passed"]) == (3, 1, 2)
    assert right["queen_holder_average_points"] == round(17 / 3, 4)
    assert right["queen_holder_took_it"] == round(2 / 3, 4)
    assert (across["deals"], across["queen_passed_rate"], across["average_points"]) == (2, 1.0, 6.5)
    assert (across["queen_holder_average_points"], across["queen_holder_took_it"]) == (7.5, 0.5)
    assert (hold["deals"], hold["queen_passed"], hold["queen_holder_average_points"]) == (1, 0, 0.0)


def test_findings_per_code_and_true_points_despite_a_wrong_score_line() -> None:
    doc = _stats()
    assert doc["findings"] == {"score-mismatch": {"severity": "error", "count": 1}}
    seats = doc["seats"]
    assert isinstance(seats, dict)
    assert seats["W"]["points"] == 60          # 26 from the moon, not the recorded 25


def test_tallies_add_up_game_by_game() -> None:
    total = Tally()
    for path in FILES:
        for game in read_games(path):
            total += game_tally(game)
    assert total.to_dict(files=2) == _stats()


def test_table_output_and_unusable_input(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["stats", *FILES])
    assert result.exit_code == 0
    for text in ("Corpus", "Seats", "Pass direction", "Findings", "score-mismatch", "22.2%"):
        assert text in result.output
    missing = CliRunner().invoke(cli, ["stats", str(tmp_path / "nope.hrn")])
    assert missing.exit_code == 2
    assert "no such file" in missing.output


def test_a_score_sheet_counts_its_points_and_moons() -> None:
    """A sheet's lines count their points and moons (as the standings do),
    not their play: no complete deal, no Q♠ taken, the moon rate over every
    deal scored."""
    from click.testing import CliRunner

    from hearts_notation.cli import cli

    evening = Path(__file__).resolve().parent.parent / "docs" / "fr" / "exemples" / "vendredi-5.hrn"
    r = CliRunner().invoke(cli, ["stats", str(evening), "--format", "json"])
    doc = json.loads(r.stdout)
    assert doc["summary"]["complete_deals"] == 0 and doc["summary"]["sheet_deals"] == 9
    assert doc["summary"]["moons"] == 1 and doc["summary"]["moon_rate"] == round(1 / 9, 4)
    assert doc["seats"]["S"]["moons"] == 1 and doc["seats"]["S"]["points"] == 32
    assert doc["seats"]["S"]["queen_taken"] == 0
