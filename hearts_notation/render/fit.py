"""Tables that never cut a word (issue 23, "The terminal").

rich shrinks a table that is wider than the terminal by narrowing its
widest columns evenly, below the length of their words if need be, and then
ends the words with an ellipsis ("capo…", "détente…").  A
:class:`WordTable` lays its columns out itself when it is too wide: the
widest column that can still wrap between its words is narrowed first, one
column of text at a time, never below its longest word (what rich itself
measures as the column's minimum), so that a French header such as ``moy.
détenteur D♠`` takes three lines on 80 columns rather than losing its end.
When even the longest words do not fit, the table is laid out at the width
they need and the terminal wraps its lines: no figure is lost to an ellipsis.
The standings table lays its header words out by hand and is a WordTable too
(:mod:`hearts_notation.commands.standings`).
Its columns are measured through :func:`~hearts_notation.render.breaks.kept`,
so that a word is what lies between the spaces a line may break at (not
``:`` alone, nor half of ``19 948``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.measure import Measurement
from rich.table import Table

from .breaks import kept

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderResult

__all__ = ["WordTable"]


class WordTable(Table):
    """A rich :class:`~rich.table.Table` that wraps between words, never
    inside one, when it must be narrowed to fit the terminal."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._fitted: list[int] = []

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        need = self._fit(console, options)
        if need:
            # Not even the longest words fit (``COLUMNS=5``, a split pane):
            # the table is laid out at the width it needs and the terminal
            # wraps its lines, rather than rich shrinking every column to an
            # ellipsis and losing the figures.  (The program's consoles
            # print without cropping: ``soft_wrap``, output.console.)
            options = options.update_width(need)
        return super().__rich_console__(console, options)

    def _fit(self, console: Console, options: ConsoleOptions) -> int:
        """Narrow the columns to the room there is, between words; when
        even the longest words do not fit the room, set each column at its
        longest word and return the width the table then needs, else 0."""
        for i in self._fitted:                  # a width set by an earlier rendering
            self.columns[i].width = None
        self._fitted = []
        columns = self.columns
        if not columns or any(c.width is not None for c in columns):
            return 0
        pad = self.padding[1] + self.padding[3]
        extra = (2 if self.box and self.show_edge else 0) + (len(columns) - 1 if self.box else 0)
        room = options.max_width - extra
        least, most = self._bounds(console, options, pad)
        if sum(most) <= room:
            return 0                    # it fits: rich's own
        need = 0
        if sum(least) > room:
            # no layout keeps every word whole in the room: each column at its
            # longest word, measured without the terminal's bound (which
            # clips each measure to it), and the table that much wider
            widths, _ = self._bounds(console, options.update_width(sum(most) + extra), pad)
            need = sum(widths) + extra
        else:
            widths = list(most)
            while sum(widths) > room:
                i = max((k for k in range(len(widths)) if widths[k] > least[k]),
                        key=lambda k: widths[k])
                widths[i] -= 1
        for i, (column, width) in enumerate(zip(columns, widths, strict=True)):
            column.width = width - pad
            self._fitted.append(i)
        return need

    def _bounds(self, console: Console, options: ConsoleOptions, pad: int
                ) -> tuple[list[int], list[int]]:
        """Each column's narrowest width that keeps its words whole and its
        natural width, padding included, as measured within *options*."""
        least: list[int] = []
        most: list[int] = []
        for column in self.columns:
            cells = [column.header, *column.cells] if self.show_header else list(column.cells)
            sizes = [Measurement.get(console, options, kept(cell)) for cell in cells]
            high = max((m.maximum for m in sizes), default=1)
            low = high if column.no_wrap else max((m.minimum for m in sizes), default=1)
            least.append(max(low, column.min_width or 0) + pad)
            most.append(max(high, column.min_width or 0) + pad)
        return least, most
