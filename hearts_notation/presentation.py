"""How one output shows things to people: the presentation context.

Every human output (terminal tables, ``message_translated``, the HTML
pages, narration, the records written back) takes one :class:`Presentation`:
the language, the seats of the game being shown (so that West is ``O`` in
French unless a seat is itself named ``O``), the players' names by seat
and the language's number format.  Code asks it for a seat, a player, a
number or a message, and never decides words, seat letters or decimal
points on its own.

The run's language is chosen once, before any output, by
:func:`hearts_notation.language.run_language`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from .i18n import (
    Msg,
    card_text,
    finding_text,
    join_list,
    name_beside_seat,
    render,
    seat_label,
    translate,
)
from .model import Finding, Game

__all__ = ["Presentation"]


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
        if not name:
            return self.seat(seat)
        return self.t("presentation.who", name=name_beside_seat(name, seat), seat=self.seat(seat))

    def names_and(self, seats: Iterable[str]) -> str:
        """Players by name as ``a, b and c`` in this language."""
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
