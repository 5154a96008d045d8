"""The coordinator's fixes of the twelfth session (7 December).

A game that arrives a line at a time (``hearts validate -`` fed by a pipe
written line by line) is cut in time linear in its lines: the block cutter
(``io/hrn/cut.cut_games``) copied and scanned the whole of the game held so
far for every chunk, so a deal with 20,000 remark lines given a line a chunk
took 15 CPU-s (0.01 s as one chunk; typed31 found it with 100,000 lines, over
5 CPU-minutes).  The games and their texts are the same however the input is
cut; the growth is checked in the long step (``slow``), as typed28's lines are.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from hearts_notation.io.hrn.cut import cut_games

_CANONICAL = (Path(__file__).resolve().parent.parent / "samples" / "canonical.hrn").read_text(
    encoding="utf-8")


def _with_notes(n: int) -> list[str]:
    """canonical.hrn's lines with *n* remark lines before its first trick."""
    lines = _CANONICAL.splitlines(keepends=True)
    first = next(k for k, line in enumerate(lines) if line.startswith("1."))
    return [*lines[:first], *(f"; note {k}\n" for k in range(n)), *lines[first:]]


@pytest.mark.parametrize("n", [0, 1, 7, 300])
def test_a_game_given_a_line_a_chunk_is_cut_as_the_whole_text(n: int) -> None:
    lines = _with_notes(n)
    whole = [(g.text, g.line) for g in cut_games(["".join(lines)])]
    by_line = [(g.text, g.line) for g in cut_games(iter(lines))]
    assert by_line == whole and len(whole) == _CANONICAL.count("[Event ")


def _cpu(lines: list[str]) -> float:
    start = time.process_time()
    for _ in cut_games(iter(lines)):
        pass
    return time.process_time() - start


@pytest.mark.slow
def test_a_game_given_a_line_a_chunk_is_cut_in_linear_time() -> None:
    short, long = _with_notes(5000), _with_notes(20000)
    t_short, t_long = _cpu(short), _cpu(long)
    # linear: about 4 times; the square was 16 (0.33 s -> 15 s before)
    assert t_long <= 8 * max(t_short, 0.05) and t_long < 5.0, (t_short, t_long)
