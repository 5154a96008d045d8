"""Compiler-style messages: ``file:line:col: severity: message``, the source
line, and a caret under the spot.

Used by every command that reports a problem in a record (``convert`` and
``fmt`` for syntax errors, ``validate`` for every finding), so that all of
them point at the text the same way.

Everything taken from the record or the command line (the file name, the
quoted line, the words of the message) is shown with its control
characters escaped (:func:`hearts_notation.output.escape_controls`): a
record must not be able to drive the terminal of the person who checks it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import groupby
from typing import NamedTuple, overload
from unicodedata import category

from .i18n import (
    current_language,
    finding_text,
    names_in_view,
    players_in_view,
    seats_in_view,
    translate,
)
from .model import Finding, Game
from .output import escape_controls


def location(source: str | None, line: int | None, column: int | None) -> str:
    """``file:line:col`` with the parts that are known."""
    out = escape_controls(source) if source else "-"
    if line is not None:
        out += f":{line}"
        if column is not None:
            out += f":{column}"
    return out


#: The categories of the characters that take no room on a terminal's line
#: (format marks and combining accents): the caret's padding keeps them.
_NO_ROOM = frozenset(("Cf", "Mn", "Me"))

#: The longest source line quoted whole under a message.
_QUOTE_MAX = 200


def caret_lines(source_lines: Sequence[str] | None, line: int | None,
                column: int | None, indent: str = "    ") -> list[str]:
    """The source line and a caret under *column*, if both are known, each
    after *indent* (a ``--where`` query's error quotes it after two spaces).

    Tabs before the column are kept so the caret lines up in a terminal.
    """
    if not source_lines or line is None or not 1 <= line <= len(source_lines):
        return []
    text = source_lines[line - 1].rstrip("\r\n")
    col = column if column is not None and column >= 1 else None
    if len(text) > _QUOTE_MAX:
        # A JSONL record or a hostile line can be megabytes: quote a window
        # around the column, marked as cut.
        start = max(0, min((col or 1) - 1 - _QUOTE_MAX // 2, len(text) - _QUOTE_MAX))
        head = "..." if start else ""
        tail = "..." if start + _QUOTE_MAX < len(text) else ""
        window = text[start:start + _QUOTE_MAX]
        if col is not None:
            col = col - start + len(head)
        text = head + window + tail
    out = [f"{indent}{escape_controls(text, keep_layout=True)}"]
    if col is not None:
        # the caret goes under the escaped text, so pad by what is shown
        before = escape_controls(text[: col - 1], keep_layout=True)
        # (a mark that takes no room on the screen, a soft hyphen, a joiner,
        # an accent typed apart, is copied: a space for it put the caret
        # one to the right of the column, which counts it: typed16)
        pad = "".join(ch if ch == "\t" or category(ch) in _NO_ROOM else " " for ch in before)
        out.append(f"{indent}{pad}^")
    return out


def finding_message(finding: Finding, lang: str) -> str:
    """The message in *lang*, from its id and arguments (in English too,
    when players are in view: the seats are then shown by the players'
    names, :func:`hearts_notation.i18n.players_in_view`): the words of
    ``validate``'s report, which the language server shows too."""
    if finding.key and lang == "en" and names_in_view():
        return finding_text(lang, finding.key, finding.args, finding.message)
    return finding.text(lang)


def render(finding: Finding, source: str | None,
           source_lines: Sequence[str] | None = None, with_code: bool = True,
           lang: str | None = None) -> str:
    """One finding as a compiler prints it (no colour, no trailing newline),
    its severity word and message in *lang* (the code stays English: it is
    the stable name a reader can look up)."""
    if lang is None:
        lang = current_language()
    head = location(source, finding.line, finding.column)
    code = f" [{finding.code}]" if with_code else ""
    severity = translate(lang, f"severity.{finding.severity}")
    lines = [f"{head}: {severity}: {escape_controls(finding_message(finding, lang))}{code}"]
    lines.extend(caret_lines(source_lines, finding.line, finding.column))
    return "\n".join(lines)


class LineView(Sequence[str]):
    """Some lines of a file, indexed like the whole list of its lines (what
    :func:`diagnostics.render` expects) without holding the others."""

    def __init__(self, lines: dict[int, str]) -> None:
        self.lines = lines
        self.size = max(lines)

    def __len__(self) -> int:
        return self.size

    @overload
    def __getitem__(self, i: int) -> str: ...

    @overload
    def __getitem__(self, i: slice) -> Sequence[str]: ...

    def __getitem__(self, i: int | slice) -> str | Sequence[str]:
        if isinstance(i, slice):
            return [self.lines.get(k + 1, "") for k in range(*i.indices(self.size))]
        return self.lines.get(i + 1, "")


class NamedError(NamedTuple):
    """A record's error with its game's view: the players by seat and the
    seat names, carried as one value from where the game is read to where
    the message is written, so that a seat the message names is shown as
    the game shows it, by its player (``à Dédé (O)``) and with the seats of
    the game (``W`` stays ``W`` in French where ``O`` is another seat), and
    the error and its game's view cannot drift apart as parallel lists could."""

    finding: Finding
    players: Mapping[str, str]
    seats: Sequence[str]


def named_errors(game: Game) -> list[NamedError]:
    """The errors of *game*, each with the game's players and seats."""
    return [NamedError(f, game.players, game.seat_names) for f in game.errors]


def text_lines(text: str) -> dict[int, str]:
    """The lines of a text held whole, by number, as :func:`render_errors`
    takes them."""
    return dict(enumerate(text.splitlines(), 1))


def render_errors(errors: Sequence[NamedError], source: str,
                  lines: Mapping[int, str] | None = None, lang: str | None = None) -> list[str]:
    """Errors as compiler messages, each seat shown as its game shows it
    (by its player), with the source line and a caret.

    *lines*: the quoted lines by number, read where the data is
    (:meth:`hearts_notation.runners.Engine.source_lines`: a cluster's
    client never opens the corpus); without them they are read here, by
    seeking where the reader noted line starts (a late error in a file of
    gigabytes costs a block read), never by reading the whole file again;
    standard input from the copy its reader kept.  *lang*: the run's
    language (:func:`~hearts_notation.i18n.current_language`) unless given
    (the language server speaks of each record in its own).
    """
    if lines is None:
        from .io.stream import InputError, source_lines_at  # only when there is an error

        try:
            lines = source_lines_at(source, [e.finding.line for e in errors
                                             if e.finding.line is not None])
        except (InputError, OSError):
            # (gone or unreadable since it was read: told without its lines)
            lines = {}
    lang = lang or current_language()
    out = []
    # The errors of one game share its view, set once for them all: a game
    # of 50,000 players named at no seat (50,000 errors) copied its players
    # for each error, a quadratic (47 CPU-s in convert; helper hostile11).
    for _, group in groupby(errors, key=lambda e: (id(e.players), id(e.seats))):
        batch = list(group)
        with seats_in_view(batch[0].seats), players_in_view(batch[0].players):
            for f, _players, _seats in batch:
                text = render(f, source, None, lang=lang)
                if f.line is not None and f.line in lines:
                    text = "\n".join([text, *caret_lines([lines[f.line]], 1, f.column)])
                out.append(text)
    return out
