"""Hostile use, round 30 (helper hostile30): what a folder holds that is no
record file, extreme but valid records through the analysing commands, and
JSON/YAML documents shaped oddly.  Each test failed on main (fbcdb398)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli

ROOT = Path(__file__).resolve().parent.parent
SAMPLE_HRN = ROOT / "samples" / "canonical.hrn"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs")
@pytest.mark.parametrize("command", [["validate"], ["fmt", "--check"]])
def test_a_pipe_in_a_folder_is_told_once_and_never_opened(tmp_path: Path,
                                                           command: list[str]) -> None:
    # A named pipe with a record's name inside a folder went without a word
    # (round 29 "Left"): the user's record silently missing from the run.
    # It is said once, by name, and never opened (no writer: opening it
    # would wait for ever).
    club = tmp_path / "club"
    club.mkdir()
    shutil.copy(SAMPLE_HRN, club / "a.hrn")
    os.mkfifo(club / "b.hrn")
    result = CliRunner().invoke(cli, [*command, str(club)])
    assert result.exit_code in (0, 1), result.output
    told = [line for line in result.stderr.splitlines() if "b.hrn" in line]
    assert len(told) == 1 and "not a regular file" in told[0], result.stderr


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs")
def test_many_pipes_in_a_folder_are_counted_past_three(tmp_path: Path) -> None:
    club = tmp_path / "club"
    club.mkdir()
    shutil.copy(SAMPLE_HRN, club / "a.hrn")
    for n in range(6):
        os.mkfifo(club / f"p{n}.hrn")
    result = CliRunner().invoke(cli, ["validate", str(club)])
    lines = [line for line in result.stderr.splitlines() if "regular file" in line]
    assert len(lines) == 4 and "3 files more" in lines[-1]
    assert [line.split("/")[-1][:6] for line in lines[:3]] == ["p0.hrn", "p1.hrn", "p2.hrn"], result.stderr
