"""Tables that never cut a word (issue 23, "The terminal").

rich shrinks a table that is wider than the terminal by narrowing its
widest columns evenly, below the length of their words if need be, and then
ends the words with an ellipsis ("capo…", "détente…").  A
:class:`WordTable` lays its columns out itself when it is too wide: the
widest column that can still wrap between its words is narrowed first, one
column of text at a time, never below its longest word (what rich itself
measures as the column's minimum), so that a French header such as ``moy.
détenteur D♠`` takes three lines on 80 columns rather than losing its end.
When even the longest words do not fit, the table is folded: its columns are
cut into groups that each fit, printed one under the other, each group with
the row's first column again (a score sheet's deal number, a seat, a rank),
as a printed table too wide for its page is continued below (round 31,
lang31: ``COLUMNS=40 hearts score`` printed a 58-column table the terminal
wrapped into two half-rows per line).  Only when not even the key and one
more column fit (``COLUMNS=5``) is the table laid out at the width its
words need and the terminal wraps its lines: no figure is lost to an
ellipsis.
The standings table lays its header words out by hand and is a WordTable too
(:mod:`hearts_notation.commands.standings`).
Its columns are measured through :func:`~hearts_notation.render.breaks.kept`,
so that a word is what lies between the spaces a line may break at (not
``:`` alone, nor half of ``19 948``).
"""

from __future__ import annotations

import copy
import dataclasses
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
        self._folds = True          # False for a group of a folded table: it is not folded again

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        need = self._fit(console, options)
        if need and self._folds:
            parts = self._folded(console, options)
            if parts:
                yield from parts
                return
            # Not even a row's key and one column fit (``COLUMNS=5``, a split
            # pane): the table is laid out at the width it needs and the
            # terminal wraps its lines, rather than rich shrinking every
            # column to an ellipsis and losing the figures.  (The program's
            # consoles print without cropping: ``soft_wrap``, output.console.)
            options = options.update_width(need)
        yield from super().__rich_console__(console, options)

    def _extra(self, n: int) -> int:
        """The cells a table of *n* columns spends on its rules."""
        return (2 if self.box and self.show_edge else 0) + (n - 1 if self.box else 0)

    def _folded(self, console: Console, options: ConsoleOptions) -> list[WordTable]:
        """The table cut into groups of columns that each fit the room at
        their longest words, each group led by the first column (the
        key); the title above the first, the caption under the last.  Empty when a group
        of the key and one other column does not fit, or the table has no
        column beside its key."""
        # The first column names a row (a deal, a seat, a player's rank): each
        # group repeats it.
        keys = [0]
        rest = list(range(1, len(self.columns)))
        if not rest:
            return []
        pad = self.padding[1] + self.padding[3]
        big = options.update_width(10 * options.max_width + 1000)
        least, most = self._bounds(console, big, pad)
        room = options.max_width

        def fits(columns: list[int], widths: list[int]) -> bool:
            return sum(widths[k] for k in columns) + self._extra(len(columns)) <= room

        def groups_at(widths: list[int]) -> list[list[int]] | None:
            """Columns in order, each group as full as *widths* allow (a
            column alone beside the keys at its longest word at least)."""
            lone = [widths[k] if k in keys else least[k] for k in range(len(least))]
            groups: list[list[int]] = []
            group: list[int] = []
            for i in rest:
                if fits([*keys, *group, i], widths):
                    group.append(i)
                    continue
                if not fits([*keys, i], lone):
                    return None                 # the key and this column alone are too wide
                if group:
                    groups.append(group)
                group = [i]
            groups.append(group)
            return groups

        tight = groups_at(least)
        if tight is None:
            return []
        # As few groups as the words allow; among those, the keys unwrapped
        # (a row's name on one line) and the other columns at their natural
        # width when that costs no extra group (fewer headers wrap).
        whole = [most[k] if k in keys else least[k] for k in range(len(least))]
        chosen, whole_keys = tight, False
        for widths in (most, whole):
            tried = groups_at(widths)
            if tried is not None and len(tried) <= len(tight):
                chosen, whole_keys = tried, True
                break
        parts = [self._part([*keys, *g], first=n == 0, last=n == len(chosen) - 1)
                 for n, g in enumerate(chosen)]
        if whole_keys:
            for part in parts:
                for k in keys:
                    part.columns[k].min_width = max(part.columns[k].min_width or 0, most[k] - pad)
        return parts

    def _part(self, indices: list[int], first: bool, last: bool) -> WordTable:
        """This table with the columns *indices* only (its rows' cells in
        them), titled when *first*, with the caption when *last*."""
        part = copy.copy(self)
        # (width None: the widths _fit set on this table are its own; a
        # table is folded only when no column had a width of its caller's)
        part.columns = [dataclasses.replace(self.columns[i], _index=n, width=None)
                        for n, i in enumerate(indices)]
        part._fitted = []
        part._folds = False
        if not first:
            part.title = None
        if not last:
            part.caption = None
        return part

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
