"""The one model of a game of Hearts that every reader, writer and command shares.

Readers (HRN text, JSON, YAML, OpenSpiel) build these objects; writers,
renderers, the referee and the analysis consume them.  Nothing downstream
reads text or dicts.  The objects are frozen dataclasses: a game read from a
file is a value, and a tool that wants to change it (``annotate`` adding
marks) builds a new one with :func:`dataclasses.replace`.

Seats are kept as the names the record uses (``"N"``, ``"O"``, ``"P3"``);
:attr:`Game.seat_names` gives their clockwise order.  Source positions ride
along (``pos`` fields, excluded from equality) so that findings can point at
the text they concern.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from .cards import Card
from .seats import DEFAULT_SEATS as DEFAULT_SEATS
from .seats import DIRECTIONS as DIRECTIONS
from .seats import Direction as Direction

#: Marks a commentator may put on a card or a pass (PGN's annotation glyphs).
MARKS: tuple[str, ...] = ("!!", "??", "!?", "?!", "!", "?")
Mark = Literal["!", "?", "!!", "??", "!?", "?!"]
MoonChoice = Literal["add", "subtract"]
Severity = Literal["error", "warning", "info"]

#: The tags that name the players, by seat position, for four players.
PLAYER_TAGS_4: tuple[str, ...] = ("North", "East", "South", "West")


@dataclass(frozen=True, slots=True)
class Pos:
    """A place in a source text: 1-based line and column."""

    line: int
    column: int


@dataclass(frozen=True, slots=True)
class Finding:
    """One thing the reader or the referee has to say about a record.

    ``code`` is one of the stable codes of docs/spec.md, section 5; the other fields locate
    it (any may be ``None`` where it does not apply).
    """

    code: str
    severity: Severity
    message: str
    deal: int | None = None
    trick: int | None = None
    seat: str | None = None
    card: Card | None = None
    line: int | None = None
    column: int | None = None
    #: The findings this one sums up (``pass-mismatch`` keeps the per-card
    #: ``not-held`` errors it replaces), in the JSON as ``details`` when any.
    details: tuple[Finding, ...] = ()
    #: The message as an id of the catalogs (``hearts_notation.i18n``) and its
    #: arguments, from which every language renders it; ``message`` is its
    #: English text.  Empty for a finding written as a sentence only.
    key: str = ""
    args: tuple[tuple[str, Any], ...] = ()

    def to_dict(self) -> dict[str, object]:
        """The JSON shape of docs/spec.md, section 6 (cards as ``"QS"``)."""
        out: dict[str, object] = {
            "code": self.code,
            "severity": self.severity,
            "deal": self.deal,
            "trick": self.trick,
            "seat": self.seat,
            "card": None if self.card is None else str(self.card),
            "line": self.line,
            "column": self.column,
            "message": self.message,
        }
        if self.key:
            out["message_id"] = self.key
            out["args"] = {k: _jsonable(v) for k, v in self.args}
        if self.details:
            out["details"] = [d.to_dict() for d in self.details]
        return out

    @staticmethod
    def from_dict(d: Mapping[str, Any]) -> Finding:
        """A finding back from its :meth:`to_dict` shape (a worker's report)."""
        from .cards import parse_card
        from .i18n import args_from_json
        return Finding(d["code"], d["severity"], d["message"], deal=d.get("deal"),
                       trick=d.get("trick"), seat=d.get("seat"),
                       card=None if d.get("card") is None else parse_card(d["card"]),
                       line=d.get("line"), column=d.get("column"),
                       details=tuple(Finding.from_dict(x) for x in d.get("details", ())),
                       key=d.get("message_id") or "", args=args_from_json(d.get("args")))

    def text(self, lang: str = "en") -> str:
        """The message in *lang* (from its id and arguments when it has them)."""
        if not self.key or lang == "en":
            return self.message
        from .i18n import finding_text
        return finding_text(lang, self.key, self.args, self.message)


def _jsonable(v: Any) -> Any:
    """A message argument as JSON data (tagged tuples as lists)."""
    return [_jsonable(x) for x in v] if isinstance(v, tuple) else v


@dataclass(frozen=True, slots=True)
class Play:
    """A card played by a seat, with the commentator's mark and comment."""

    seat: str
    card: Card
    mark: Mark | None = None
    comment: str | None = None
    pos: Pos | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class Trick:
    """The plays of one trick in play order (leader first)."""

    plays: tuple[Play, ...]
    comment: str | None = None
    pos: Pos | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class Pass:
    """The cards one seat gave before play, in the order recorded.

    ``to`` is the recipient when the record states it (checked against the
    direction by the referee), else ``None``.
    """

    seat: str
    cards: tuple[Card, ...]
    to: str | None = None
    mark: Mark | None = None
    comment: str | None = None
    pos: Pos | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class Moon:
    """A recorded moon choice: the shooter and ``add`` or ``subtract``."""

    seat: str
    choice: MoonChoice
    pos: Pos | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class Deal:
    """One deal: header, hands as dealt, passes, tricks and recorded scores.

    ``hands`` has an entry for each seat whose hand line was written; the
    value is ``None`` for a hand written as unknown (``?``).  A seat with no
    entry is unknown too; the difference is kept so that writing the record
    back reproduces what was read.  Hands are stored in display order.
    """

    number: int | None = None
    dealer: str | None = None
    direction: Direction | None = None
    hands: Mapping[str, tuple[Card, ...] | None] = field(default_factory=dict)
    passes: Mapping[str, Pass] = field(default_factory=dict)
    tricks: tuple[Trick, ...] = ()
    score: Mapping[str, int] | None = None
    total: Mapping[str, int] | None = None
    moon: Moon | None = None
    unfinished: bool = False
    comment: str | None = None
    pos: Pos | None = field(default=None, compare=False)
    #: Source positions of the deal's other lines, keyed ``"hand:N"``,
    #: ``"score"``, ``"total"``, ``"unfinished"``.
    where: Mapping[str, Pos] = field(default_factory=dict, compare=False)

    def hand(self, seat: str) -> tuple[Card, ...] | None:
        """The hand dealt to *seat*, or ``None`` if unknown."""
        return self.hands.get(seat)


#: ``result``: the winning seats, ``"*"`` for a game declared unfinished, or
#: ``None`` when no result line was recorded.
Result = tuple[str, ...] | Literal["*"] | None


@dataclass(frozen=True, slots=True)
class Game:
    """A game: tags, rules, seats, players, deals and the declared result.

    ``tags`` holds every tag other than ``Rules``, ``Seats`` and the player
    names, in the order read; those three live in ``rules``, ``seats`` and
    ``players`` as in the JSON form (docs/spec.md, section 2, canonical form).  ``errors``
    are problems found while reading (``syntax-error`` findings): a game
    that could not be read completely still comes back, python-chess style,
    with what was understood and the errors on it.
    """

    tags: Mapping[str, str] = field(default_factory=dict)
    rules: str | None = None
    seats: tuple[str, ...] | None = None
    players: Mapping[str, str] = field(default_factory=dict)
    deals: tuple[Deal, ...] = ()
    result: Result = None
    comment: str | None = None
    errors: tuple[Finding, ...] = field(default=(), compare=False)
    #: Where the game came from: file name (or ``"-"``), 1-based index of
    #: the game in that file, and its first line.
    source: str | None = field(default=None, compare=False)
    index: int | None = field(default=None, compare=False)
    pos: Pos | None = field(default=None, compare=False)
    where: Mapping[str, Pos] = field(default_factory=dict, compare=False)
    #: The language the record is written in when it is not English
    #: (``"fr"`` for French keywords and tag names); ``None`` for English
    #: or when the source does not say (JSON, YAML, a generated game).  A record keeps its
    #: language: the HRN writer uses it when no language is asked for, and
    #: the messages and pages about the record default to it.
    language: str | None = field(default=None, compare=False)

    @property
    def seat_names(self) -> tuple[str, ...]:
        """Seats in clockwise order: the explicit ``Seats``, else the default
        for the player count of the rules preset named in ``rules``."""
        if self.seats:
            return self.seats
        return DEFAULT_SEATS[players_in_rules(self.rules)]


def players_in_rules(rules: str | None) -> int:
    """Number of players a ``Rules`` string implies, without full validation.

    Readers need the seat names before the rules are checked (to resolve
    implied seats); an unknown or broken rules string counts as 4 players
    and is reported later by the referee.
    """
    if not rules:
        return 4
    from .rules import preset_player_count

    return preset_player_count(rules)
