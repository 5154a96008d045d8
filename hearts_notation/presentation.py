"""How one output shows things to people: the presentation context.

Every human output (terminal tables, ``message_translated``, the HTML
pages, narration, the records written back) takes one :class:`Presentation`:
the language, the seats of the game being shown (so that West is ``O`` in
French unless a seat is itself named ``O``), the players' names by seat
and the language's number format.  Code asks it for a seat, a player, a
number or a message, and never decides words, seat letters or decimal
points on its own.

The run's language is chosen once (:func:`run_language`): an explicit
``--lang``; else the locale's language when it is not English; else the
language the first record is kept in (a sheet typed in French gets French
messages and a French page without being asked); else English.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from .i18n import Msg, card_text, finding_text, render, seat_label, translate
from .model import Finding, Game

__all__ = ["Presentation", "paths_language", "run_language"]

#: How much of a record's beginning is read to tell its language.
_SNIFF_BYTES: Final = 64 << 10


@dataclass(frozen=True, slots=True)
class Presentation:
    """The language, the seats, the players' names and the number format
    of one output (see the module's docstring)."""

    lang: str = "en"
    seats: tuple[str, ...] = ()
    players: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def of_game(cls, lang: str, game: Game | None, seats: Sequence[str] | None = None
                ) -> Presentation:
        """The presentation of *game* in *lang* (its seats and names)."""
        if game is None:
            return cls(lang, tuple(seats or ()))
        return cls(lang, tuple(seats if seats is not None else game.seat_names),
                   dict(game.players))

    # Words -------------------------------------------------------------------------------

    def t(self, key: str, /, **args: object) -> str:
        """The catalog's message *key* in this language."""
        return translate(self.lang, key, **args)

    def text(self, message: Msg | Finding) -> str:
        """A message (or a finding's message) in this language."""
        if isinstance(message, Finding):
            # From the id and arguments in English too (not the English text
            # rendered once): the seats are then shown as this output shows
            # them, by the players' names.
            return finding_text(self.lang, message.key, message.args, message.message)
        return render(self.lang, message.key, message.args)

    def cards(self, text: str) -> str:
        """Cards written ``Q♠`` with this language's rank letters."""
        return card_text(self.lang, text)

    # Seats and players -------------------------------------------------------------------

    def seat(self, seat: str) -> str:
        """A seat as this language writes it (``O`` for ``W`` in French)."""
        return seat_label(self.lang, seat, self.seats)

    def name(self, seat: str) -> str:
        """The player at *seat* by name, the seat when the record names
        nobody there."""
        return self.players.get(seat) or self.seat(seat)

    def who(self, seat: str) -> str:
        """The player by name with the seat in parentheses (``Hélène (S)``),
        or the seat alone."""
        name = self.players.get(seat)
        return f"{name} ({self.seat(seat)})" if name else self.seat(seat)

    def names_and(self, seats: Iterable[str]) -> str:
        """Players by name as ``a, b and c`` in this language."""
        from .i18n import join_list

        return join_list(self.lang, [self.name(s) for s in seats])

    # Numbers -----------------------------------------------------------------------------

    def number(self, x: float, digits: int = 0) -> str:
        """*x* with *digits* decimals, the language's decimal mark and
        thousands separator (``1 234,5`` in French)."""
        text = f"{x:,.{digits}f}"
        group, dec = translate(self.lang, "number.group"), translate(self.lang, "number.decimal")
        return text.replace(",", "\0").replace(".", dec).replace("\0", group)

    def percent(self, x: float, digits: int = 1) -> str:
        """*x* per cent (``12.5%`` / ``12,5 %``)."""
        return translate(self.lang, "presentation.percent", n=self.number(x, digits))


#: Folder entries :func:`_first_hrn` looks at before giving up: a folder of
#: records finds its first one at once, while ``hearts replay /`` (a folder
#: where a file is wanted) used to walk the whole file system, ten seconds
#: and more, before saying that it is a folder.
_SNIFF_ENTRIES: Final = 4096


def _first_hrn(folder: str) -> str | None:
    """The first ``.hrn`` file under *folder* in sorted path order (the
    order of ``sorted(Path(folder).rglob("*.hrn"))``), found lazily, or
    ``None`` when there is none among the first :data:`_SNIFF_ENTRIES`
    entries."""
    budget = _SNIFF_ENTRIES
    stack: list[Iterator[os.DirEntry[str]]] = []
    try:
        with os.scandir(folder) as it:
            entries = sorted(it, key=lambda e: e.name)
    except OSError:
        return None
    stack.append(iter(entries))
    while stack:
        entry = next(stack[-1], None)
        if entry is None:
            stack.pop()
            continue
        budget -= 1
        if budget < 0:
            return None
        try:
            if entry.is_dir(follow_symlinks=False):
                with os.scandir(entry.path) as it:
                    stack.append(iter(sorted(it, key=lambda e: e.name)))
            elif entry.name.endswith(".hrn") and entry.is_file():
                return entry.path
        except OSError:
            continue
    return None


def paths_language(paths: Iterable[str]) -> str | None:
    """The language the first HRN record among *paths* (files or folders)
    is kept in, from the first words of its text (``None``: English or no
    HRN record).  Only the beginning of one file is read."""
    from .io.formats import format_for
    from .io.hrn.words import text_language
    from .io.stream import path_text

    for arg in paths:
        if not isinstance(arg, str) or arg == "-" or "://" in arg:
            continue
        p = path_text(arg)      # (pathlib only to search a folder: start-up)
        try:
            if os.path.isdir(p):
                first = _first_hrn(p)
                if first is None:
                    continue
                p = first
            if format_for(p) != "hrn" or not os.path.isfile(p):
                continue
            with open(p, "rb") as fh:
                head = fh.read(_SNIFF_BYTES).decode("utf-8", "replace")
        except OSError:
            continue
        lang = text_language(head)
        return None if lang in (None, "en") else lang
    return None


def run_language(given: str | None, locale: str, paths: Iterable[str] = ()) -> str:
    """The language of a run's messages and pages: *given* (``--lang``);
    else the *locale*'s when it is not English; else the language the first
    record of *paths* is kept in; else English."""
    if given:
        return given
    if locale != "en":
        return locale
    return paths_language(paths) or locale
