"""``--from openspiel-playthrough``: OpenSpiel's playthrough text files are
read (the game string, the last ``History()``, the last ``# Points:``) and
their points checked by the referee."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from hearts_notation.io import read_games
from hearts_notation.io.jsonio import RecordError
from hearts_notation.io.playthrough import iter_openspiel_playthrough
from hearts_notation.referee import check_game

ROOT = Path(__file__).resolve().parent.parent


def playthrough(game: str) -> str:
    gp = pytest.importorskip("open_spiel.python.algorithms.generate_playthrough")
    text: str = gp.playthrough(game, action_sequence=None, alsologtostdout=False)
    return text


@pytest.mark.parametrize("game", ["hearts", "hearts(pass_cards=False)",
                                  "hearts(jd_bonus=True)"])
def test_playthroughs_validate_and_points_agree(tmp_path: Path, game: str) -> None:
    path = tmp_path / "hearts.txt"
    path.write_text(playthrough(game), encoding="utf-8")
    games = list(read_games(str(path), "openspiel-playthrough"))
    assert len(games) == 1
    deal = games[0].deals[0]
    assert len(deal.tricks) == 13 and deal.score is not None
    report = check_game(games[0])
    assert report.valid, [f.message for f in report.findings]
    assert dict(report.deals[0].points) == dict(deal.score)


def test_wrong_points_are_a_score_mismatch(tmp_path: Path) -> None:
    lines = playthrough("hearts").splitlines()
    at = max(k for k, s in enumerate(lines) if s == "# Points:") + 1
    seat, value = lines[at][2], int(lines[at].split(":")[1])
    lines[at] = f"# {seat}: {value + 1}"
    path = tmp_path / "bad.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "hearts_notation", "validate", "--from",
                          "openspiel-playthrough", str(path)], capture_output=True, text=True,
                         cwd=ROOT)
    assert out.returncode == 1
    assert "[score-mismatch]" in out.stdout
    assert f"bad.txt:{at}:1: error:" in out.stdout


def test_not_a_playthrough() -> None:
    with pytest.raises(RecordError, match="game: hearts"):
        list(iter_openspiel_playthrough("[1, 2, 3]\n"))
    with pytest.raises(RecordError, match="not of hearts"):
        list(iter_openspiel_playthrough("game: chess\n"))
    with pytest.raises(RecordError, match="History"):
        list(iter_openspiel_playthrough("game: hearts\n\nNumPlayers() = 4\n"))


def test_unknown_parameter_is_unusable_input(tmp_path: Path) -> None:
    path = tmp_path / "bonus.txt"
    text = playthrough("hearts(avoid_all_tricks_bonus=True)")
    path.write_text(text.replace("avoid_all_tricks_bonus", "avoid_all_tricks_bonos"),
                    encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "hearts_notation", "validate", "--from",
                          "openspiel-playthrough", str(path)], capture_output=True, text=True,
                         cwd=ROOT)
    assert out.returncode == 2
    assert "bonus.txt:1:7:" in out.stderr and "avoid_all_tricks_bonos" in out.stderr
    assert "Traceback" not in out.stderr
