"""Flat memory for the streaming commands: four times the games must not
cost more memory.  CI-sized (a few MB); the full figure on a file of about
1 GB is ``python benchmarks/fuzz_campaign.py --gb 1``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from hearts_notation.io import dumps, read_games

ROOT = Path(__file__).parent.parent
LINE = dumps(list(read_games(str(ROOT / "samples" / "club-night.json")))[:1], "jsonl")


def peak_kb(argv: list[str], path: Path) -> int:
    """Peak RSS (kB) of the command in a child process."""
    # A fresh parent whose only child is the command: its RUSAGE_CHILDREN
    # peak is the command's.
    code = ("import resource, subprocess, sys\n"
            "subprocess.run([sys.executable, '-m', 'hearts_notation', *sys.argv[1:]],"
            " stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
            "sys.stderr.write('PEAK %d' % resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    proc = subprocess.run([sys.executable, "-c", code, *argv, str(path)], cwd=ROOT,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                          timeout=300)
    return int(proc.stderr.rsplit("PEAK ", 1)[1])


@pytest.mark.parametrize("argv", [["validate", "--jobs", "1"],
                                  ["score", "--jobs", "1", "--format", "json"],
                                  ["score", "--jobs", "1", "--format", "csv"],
                                  ["stats", "--jobs", "1"],
                                  ["standings", "--jobs", "1"],
                                  # JSONL: the HRN writer's own buffers reach their steady
                                  # size later (3 MB more at 3,200 games than at 800, the
                                  # same at 6,400); --gb measures HRN on a large file.
                                  ["convert", "--to", "jsonl"]], ids=lambda a: "-".join(a[:3]))
def test_four_times_the_games_in_flat_memory(tmp_path: Path, argv: list[str]) -> None:
    small, large = tmp_path / "small.jsonl", tmp_path / "large.jsonl"
    # The smaller file is large enough (6 MB) for the reader's 1 MiB blocks,
    # the spool of held output and the allocator to reach their steady size
    # (a few MB more than for a file under one block), so the difference
    # measures only what grows with the input.
    small.write_text(LINE * 800, encoding="utf-8")
    large.write_text(LINE * 3200, encoding="utf-8")
    a, b = peak_kb(argv, small), peak_kb(argv, large)
    # The 2,400 more games are about 19 MB of JSONL: held (or their output
    # held) they would add well over 10 MB; streamed, the peak stays within
    # about 2 MB.
    assert b - a < 4_000, f"{argv}: {a} kB for 800 games, {b} kB for 3,200"
