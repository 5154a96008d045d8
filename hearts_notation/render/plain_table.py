"""A table of short cells as plain text, byte for byte as rich prints it.

``score --format table`` to a file or a pipe prints one rich table per game:
rich measures and renders every cell through several layers of objects
(about a quarter of a millisecond a cell, nine times the CPU of ``validate``
on a corpus, issue 29).  Without colour, a table of one-line cells that fits
the console's width is only text: the box of rich's default style
(``HEAVY_HEAD``), each column as wide as its widest cell plus one space
either side, cells justified left or right, the title above and the caption
below as they are (the program's consoles soft-wrap: rich does not fold
them).  :func:`plain_table` writes that text, or gives ``None`` for a table
it does not draw the same (a cell of several lines, a table wider than the
console), which the caller then prints with rich.  Cells are measured with
rich's own :func:`rich.cells.cell_len` (wide characters count two), and go
through the same escaping of control characters as the consoles'
(:func:`hearts_notation.output.escape_controls`).  Tests
(``tests/test_plain_table.py``) compare the two on hostile names.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len

from ..output import escape_controls


def _simple(text: str) -> bool:
    """One line without a tab: a line break as ``str.splitlines`` knows them
    (``\u2028`` too, which rich breaks cells at) or a tab is left to rich."""
    return "\t" not in text and len((text + ".").splitlines()) == 1


def plain_table(title: str | None, caption: str | None, headers: Sequence[str],
                right: Sequence[bool], rows: Sequence[Sequence[str]], width: int) -> str | None:
    """The text rich prints for ``Table(title=..., title_justify="left",
    caption=..., caption_justify="left")`` with these columns (*right*:
    right-justified) and rows, on a plain console *width* columns wide; or
    ``None`` when rich would lay it out otherwise."""
    heads = [escape_controls(h, keep_layout=True) for h in headers]
    body = [[escape_controls(c, keep_layout=True) for c in row] for row in rows]
    cells = [heads, *body]
    if not all(_simple(c) for row in cells for c in row):
        return None
    n = len(heads)
    sizes = [[cell_len(c) for c in row] for row in cells]
    widths = [max(row[i] for row in sizes) + 2 for i in range(n)]
    if sum(widths) + n + 1 > width:
        return None     # rich would shrink the columns and fold the cells
    out: list[str] = []
    for text in (title,):
        if text:
            shown = escape_controls(text, keep_layout=True)
            if not _simple(shown):
                return None
            out.append(shown)
    out.append("┏" + "┳".join("━" * w for w in widths) + "┓")

    def line(row: Sequence[str], size: Sequence[int], edge: str) -> str:
        parts = []
        for i, text in enumerate(row):
            pad = " " * (widths[i] - 2 - size[i])
            parts.append(f" {pad}{text} " if right[i] else f" {text}{pad} ")
        return edge + edge.join(parts) + edge

    out.append(line(heads, sizes[0], "┃"))
    out.append("┡" + "╇".join("━" * w for w in widths) + "┩")
    for row, size in zip(body, sizes[1:], strict=True):
        out.append(line(row, size, "│"))
    out.append("└" + "┴".join("─" * w for w in widths) + "┘")
    if caption:
        shown = escape_controls(caption, keep_layout=True)
        if not _simple(shown):
            return None
        out.append(shown)
    return "\n".join(out) + "\n"


__all__ = ["plain_table"]
