"""Where a line of rich's may break, for French as a club reads it.

A word is what lies between the spaces a line may break at.  French
sets ``:``, ``;``, ``?``, ``!``, ``%`` and ``»`` off with a space before
them and ``«`` with one after it (the catalogs write an ordinary space
there), and groups a number's digits with a narrow no-break space
(``19 948``, U+202F).  rich breaks lines at any white space, so a table's
cell or title could open a line with ``: tout cœur`` or leave ``19`` at the
end of one line and ``948`` at the start of the next.  Here a line breaks
neither at a no-break space (U+00A0, U+2007, U+202F) nor at a space before
such a closing sign or after ``«`` (:data:`hearts_notation.i18n.CLOSING`, the
rule the help pages' wrapping keeps too; as Unicode's line breaking keeps
``!``, ``?``, ``:`` and ``;`` with what comes before them, even after
spaces: UAX #14, rule LB13).  :func:`kept` turns a
:class:`rich.text.Text` that has such a space into a :class:`KeptText`,
which breaks and measures at the other spaces only; the program's console
(:func:`hearts_notation.output.console`) applies it to every text it
renders or measures, so no command has to (round 28, helper lang28).  Only
a unit wider than the whole line gives way at its spaces, as rich's own
wrapping would, rather than lose its end.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, TypeVar, cast

from rich.cells import cell_len, chop_cells
from rich.containers import Lines
from rich.measure import Measurement
from rich.segment import Segment
from rich.text import DEFAULT_JUSTIFY, DEFAULT_OVERFLOW, Text

from ..i18n import CLOSING, NO_BREAK

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, JustifyMethod, OverflowMethod

__all__ = ["HANG_ROOM", "Hanging", "KeptText", "kept", "print_paragraph"]

R = TypeVar("R")

#: A white space a line may break at as rich sees it (any but the no-break ones).
_BREAKABLE = f"[^\\S{NO_BREAK}]"
#: A run of spaces where a line may break: not after ``«``, not before a
#: closing sign (the whole run: neither lookaround may stop inside it).
_GAP = re.compile(f"(?<!{_BREAKABLE})(?<!«){_BREAKABLE}+(?!{_BREAKABLE}|[{CLOSING}])")
#: What makes a text need :class:`KeptText`: a space it keeps.
_KEEPS = re.compile(f"[{NO_BREAK}]|«{_BREAKABLE}|{_BREAKABLE}[{CLOSING}]")
#: A word as rich reads it (any white space ends it): a unit wider than
#: the line is broken into these.
_WORD = re.compile(r"\s*\S+\s*")


def _units(text: str) -> list[tuple[int, str]]:
    """*text* cut after each run of spaces where a line may break (as
    rich's words, each with the spaces after it; the first with the
    spaces before it): each piece's start and text."""
    cuts = [m.end() for m in _GAP.finditer(text) if m.start() and m.end() < len(text)]
    starts = [0, *cuts]
    return [(a, text[a:b]) for a, b in zip(starts, [*cuts, len(text)], strict=True)]


def _breaks(text: str, width: int, fold: bool, kept_spaces: bool = True) -> list[int]:
    """Where *text* is broken to fit *width* cells: rich's own rule
    (``rich._wrap.divide_line``: the next unit goes on a new line when it
    does not fit, a unit wider than a line is folded or cropped), its units
    cut where a line may break (:func:`_units`), or with *kept_spaces*
    false at every space as rich's words.  A unit wider than a whole line
    is broken at all its spaces."""
    out: list[int] = []
    offset = 0
    pieces = _units(text) if kept_spaces else [(m.start(), m.group()) for m in _WORD.finditer(text)]
    for start, word in pieces:
        length = cell_len(word.rstrip())
        if width - offset >= length:
            offset += cell_len(word)
        elif length <= width:
            if offset and start:
                out.append(start)
            offset = cell_len(word)
        elif kept_spaces and any(c.isspace() for c in word.strip()):
            if start:
                out.append(start)
            inner = _breaks(word, width, fold, kept_spaces=False)
            out.extend(start + k for k in inner)
            offset = cell_len(word[inner[-1]:] if inner else word)
        elif fold:
            chopped = chop_cells(word, width)
            for k, piece in enumerate(chopped):
                if start:
                    out.append(start)
                if k == len(chopped) - 1:
                    offset = cell_len(piece)
                else:
                    start += len(piece)
        else:
            if start:
                out.append(start)
            offset = cell_len(word)
    return out


class KeptText(Text):
    """A :class:`~rich.text.Text` whose lines never break at a no-break
    space, before a closing sign or after ``«`` (see the module's
    docstring); made by :func:`kept`."""

    def wrap(self, console: Console, width: int, *, justify: JustifyMethod | None = None,
             overflow: OverflowMethod | None = None, tab_size: int = 8,
             no_wrap: bool | None = None) -> Lines:
        """rich's :meth:`~rich.text.Text.wrap`, the breaks taken between
        units (:func:`_breaks`) rather than at every space."""
        if no_wrap or (no_wrap is None and self.no_wrap) or overflow == "ignore":
            return super().wrap(console, width, justify=justify, overflow=overflow,
                                tab_size=tab_size, no_wrap=no_wrap)
        wrap_justify = justify or self.justify or DEFAULT_JUSTIFY
        wrap_overflow = overflow or self.overflow or DEFAULT_OVERFLOW
        lines = Lines()
        for line in self.split(allow_blank=True):
            if "\t" in line:
                line.expand_tabs(tab_size)
            new_lines = line.divide(_breaks(line.plain, width, wrap_overflow == "fold"))
            for piece in new_lines:
                piece.rstrip_end(width)
            if wrap_justify:
                new_lines.justify(console, width, justify=wrap_justify, overflow=wrap_overflow)
            for piece in new_lines:
                piece.truncate(width, overflow=wrap_overflow)
            lines.extend(new_lines)
        return lines

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        """The widest line, and the widest unit as the narrowest width
        (rich measures its widest word, cut at no-break spaces too)."""
        text = self.plain
        most = max((cell_len(line) for line in text.splitlines()), default=0)
        units = [u.strip() for _, u in _units(text)]
        least = max((cell_len(u) for u in units if u), default=most)
        return Measurement(least, most)


def kept(renderable: R) -> R:
    """*renderable* itself, or, for a :class:`~rich.text.Text` with a space
    a line must not break at, the same text as a :class:`KeptText` (its
    styles and spans kept): what the program's console renders and
    measures."""
    if type(renderable) is not Text:
        return renderable
    text = cast("Text", renderable)
    if not _KEEPS.search(text.plain):
        return renderable
    out = KeptText(text.plain, style=text.style, justify=text.justify, overflow=text.overflow,
                   no_wrap=text.no_wrap, end=text.end, tab_size=text.tab_size)
    out.spans = text.spans
    return cast("R", out)


class Hanging:
    """A sentence after its *head*, as a renderable: wrapped at the width
    it is given, between words (never before a closing sign, after ``«``
    or inside ``19 948``: :func:`kept`), each line without the space it
    broke at, its next lines under its start.  A numbered reason
    (``12. ``), a card's value (``  K♣   12  best  ``) or a replay's note
    (``     N R♣!  ``) followed by a sentence reads as one item; printed
    whole, the terminal cut it at its last column, mid-word, its next
    lines at column 0 (rounds 29 and 30, helpers lang29 and lang30).  When
    the room beside the head is under :data:`HANG_ROOM` cells the lines
    start at column 0.  Unlike a grid's cell, no line is padded to the
    width with spaces."""

    def __init__(self, head: Text, body: Text) -> None:
        self.head = head
        self.body = body

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Segment]:
        """The lines, each ended by a line break."""
        head, body = self.head, kept(self.body)
        indent = head.cell_len
        width = max(options.max_width, 1)
        if indent and width - indent < HANG_ROOM:
            head, body, indent = Text(), kept(Text.assemble(head, body)), 0
        for k, line in enumerate(body.wrap(console, max(width - indent, 1))):
            line.rstrip()
            if indent:
                line = Text.assemble(head if k == 0 else Text(" " * indent), line)
            yield from line.render(console)
            yield Segment.line()

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        """The whole sentence on one line at most; its widest unit beside
        the head at least."""
        inner = Measurement.get(console, options, kept(self.body))
        return Measurement(inner.minimum + self.head.cell_len, inner.maximum + self.head.cell_len)


def print_paragraph(console: Console, text: str | Text, head: str = "") -> None:
    """*text* printed as a paragraph after *head* (:class:`Hanging`):
    wrapped by the program at the console's width rather than printed
    whole (``soft_wrap``) and cut by the terminal.  A string is made a text
    by the console itself (its controls escaped, no markup); so is *head*."""
    body = console.render_str(text) if isinstance(text, str) else text
    console.print(Hanging(console.render_str(head) if head else Text(), body), soft_wrap=True)


#: The narrowest room (cells) a hanging paragraph's sentence is given
#: beside its head (:class:`Hanging`); narrower, it starts at column 0.
HANG_ROOM = 16
