"""A terminal narrower than a table's longest words (``COLUMNS=5``, a split
pane): the tables of ``score``, ``stats`` and ``standings`` are laid out at
the width their words need and the terminal wraps the lines, so every figure
is still printed.  Before, rich shrank every column to nothing: a score
sheet of empty boxes or of ``…``, the standings as nine blank rows."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from clirun import run
from rich.cells import cell_len

SAMPLES = Path(__file__).parent.parent / "samples"


@pytest.mark.parametrize("columns", ["5", "20"])
def test_score_keeps_every_total_on_a_narrow_terminal(columns: str,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The running totals of the last deal and the header words are all
    there, whole, however narrow the terminal says it is."""
    monkeypatch.setenv("COLUMNS", "100")
    code, wide = run("score", str(SAMPLES / "canonical.hrn"))
    monkeypatch.setenv("COLUMNS", columns)
    code2, narrow = run("score", str(SAMPLES / "canonical.hrn"))
    assert code == code2 == 0
    assert "…" not in narrow
    figures = re.findall(r"\d+", wide)
    if columns == "5":
        assert re.findall(r"\d+", narrow) == figures
    else:
        # 20 columns: the sheet is folded (lang31), its columns in groups one
        # under the other, each group repeating the deal's number: every
        # figure is there, in the table's rows within the width.
        assert not Counter(figures) - Counter(re.findall(r"\d+", narrow))
        rows = [line for line in narrow.splitlines() if line[:1] in "┃│┏┡└"]
        assert rows and all(cell_len(line) <= 20 for line in rows), narrow
    for word in ("deal", "moon"):
        assert re.search(rf"\b{word}\b", narrow)


@pytest.mark.parametrize("command", ["stats", "standings"])
def test_summaries_keep_every_figure_on_a_narrow_terminal(command: str,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """``stats`` and ``standings`` on the club's sample sheets at 5
    columns print the same figures as on a wide terminal, no ``…``."""
    monkeypatch.setenv("COLUMNS", "200")
    _, wide = run(command, str(SAMPLES / "club"))
    monkeypatch.setenv("COLUMNS", "5")
    _, narrow = run(command, str(SAMPLES / "club"))
    assert "…" not in narrow
    # (the standings' head-to-head note names the terminal's width: left out;
    # a paragraph wrapped at words since lang31, so cut where it starts)
    lines = narrow.splitlines()
    note = next((k for k, line in enumerate(lines) if line.startswith("The")), len(lines))
    keep = lines[:note]
    wide_keep = [line for line in wide.splitlines() if "columns" not in line
                 and "head-to-head" not in line.lower()]
    assert sorted(re.findall(r"\d+(?:\.\d+)?", "\n".join(keep))) \
        == sorted(re.findall(r"\d+(?:\.\d+)?", "\n".join(_first_table(wide_keep, command))))


def _first_table(lines: list[str], command: str) -> list[str]:
    """*lines* up to the standings' head-to-head table (printed only on a
    wide terminal); the whole of ``stats``."""
    if command != "standings":
        return lines
    out: list[str] = []
    for line in lines:
        if re.match(r"\s*#\s+\d+\s+\d+", line):     # the head-to-head's header row
            break
        out.append(line)
    return out
