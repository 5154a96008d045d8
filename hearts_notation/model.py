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

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, Literal, TypeVar, dataclass_transform

from .cards import Card, parse_card
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

_T = TypeVar("_T")


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def _frozen(cls: type[_T]) -> type[_T]:
    """``dataclass(frozen=True, slots=True)`` with an ``__init__`` that stores
    each field through its slot's descriptor.

    The readers build tens of these objects per deal (an observer's deal,
    whose model the referee needs, about thirty), and the ``__init__`` that
    ``dataclass`` writes for a frozen class calls ``object.__setattr__`` by
    name for each field: about a third of the time of making the object
    goes there.  This one has the same parameters, defaults and default
    factories, written once per class as ``dataclass`` writes its own (which
    is not written: ``init=False``); the class is otherwise what ``dataclass``
    makes it (frozen: assigning raises ``FrozenInstanceError``; equality,
    hash, ``repr``, :func:`dataclasses.replace` and :func:`dataclasses.fields`
    unchanged).  Type checkers read it as that dataclass (PEP 681)
    (docs/decisions.md, "Observer records, a third cheaper")."""
    made_class: Any = dataclass(frozen=True, slots=True, init=False)(cls)
    names: dict[str, Any] = {"MISSING": MISSING}
    params: list[str] = []
    body: list[str] = []
    for f in fields(made_class):
        name = f.name
        if f.default is not MISSING:
            names[f"_d_{name}"] = f.default
            params.append(f"{name}=_d_{name}")
        elif f.default_factory is not MISSING:
            names[f"_f_{name}"] = f.default_factory
            params.append(f"{name}=MISSING")
            body.append(f"    if {name} is MISSING:\n        {name} = _f_{name}()")
        else:
            params.append(name)
        names[f"_s_{name}"] = vars(made_class)[name].__set__
        body.append(f"    _s_{name}(self, {name})")
    source = f"def __init__(self, {', '.join(params)}) -> None:\n" + "\n".join(body) + "\n"
    made: dict[str, Callable[..., None]] = {}
    exec(source, names, made)     # (a source made of the field names above)
    init = made["__init__"]
    init.__qualname__ = f"{made_class.__qualname__}.__init__"
    made_class.__init__ = init
    result: type[_T] = made_class
    return result


@_frozen
class Pos:
    """A place in a source text: 1-based line and column."""

    line: int
    column: int


class Positions(Mapping[str, Pos]):
    """Source positions found when asked: the mapping of a deal's ``where``
    as a reader with a locator makes it (:class:`hearts_notation.io.jsonio.JsonLocator`).

    Each key names the path of its value in the record; its :class:`Pos` is
    looked up on first use.  The referee asks for one of them only for a
    finding there (a hand, a score line), so that reading an observer's
    record, whose every deal the referee reads with its positions, does not
    work out a dozen places per deal to use one (docs/decisions.md,
    "Observer records").  A key whose value has no position (the locator
    does not find it) is not in the mapping, as if it had never been put.
    Equal to, and pickled as, the plain ``dict`` of the same positions."""

    __slots__ = ("_locate", "_paths")

    def __init__(self, locate: Callable[[tuple[Any, ...]], Pos | None],
                 paths: dict[str, tuple[Any, ...]]) -> None:
        self._locate = locate
        self._paths = paths

    def __getitem__(self, key: str) -> Pos:
        pos = self._locate(self._paths[key])
        if pos is None:
            raise KeyError(key)
        return pos

    def _found(self) -> dict[str, Pos]:
        found: dict[str, Pos] = {}
        for key, path in self._paths.items():
            pos = self._locate(path)
            if pos is not None:
                found[key] = pos
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(self._found())

    def __len__(self) -> int:
        return len(self._found())

    def __repr__(self) -> str:
        return repr(self._found())

    def __reduce__(self) -> tuple[Any, ...]:
        return (dict, (self._found(),))


@_frozen
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


@_frozen
class Play:
    """A card played by a seat, with the commentator's mark and comment."""

    seat: str
    card: Card
    mark: Mark | None = None
    comment: str | None = None
    pos: Pos | None = field(default=None, compare=False)


@_frozen
class Trick:
    """The plays of one trick in play order (leader first)."""

    plays: tuple[Play, ...]
    comment: str | None = None
    pos: Pos | None = field(default=None, compare=False)


@_frozen
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


@_frozen
class Moon:
    """A recorded moon choice: the shooter and ``add`` or ``subtract``."""

    seat: str
    choice: MoonChoice
    pos: Pos | None = field(default=None, compare=False)


@_frozen
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
    #: The seats of the deal's pass lines that did not read (each reported as
    #: a ``syntax-error``), ``None`` for one whose seat did not read either:
    #: the referee does not call their passes missing, which would report one
    #: typo twice (docs/decisions.md, "One typo, one finding").
    lost_passes: tuple[str | None, ...] = field(default=(), compare=False)
    #: A line of the deal was lost without a finding of its own (its cause
    #: was told once, at an earlier line: an unknown seat named again): the
    #: referee takes the deal as cut short, as one with a syntax error.
    damaged: bool = field(default=False, compare=False)

    def hand(self, seat: str) -> tuple[Card, ...] | None:
        """The hand dealt to *seat*, or ``None`` if unknown."""
        return self.hands.get(seat)


#: ``result``: the winning seats, ``"*"`` for a game declared unfinished, or
#: ``None`` when no result line was recorded.
Result = tuple[str, ...] | Literal["*"] | None


@_frozen
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
    #: Warnings of the reader: the text reads, but something in it is
    #: suspect (a brace comment holding lines of the record, spec.md 2.1;
    #: an OpenSpiel history cut inside a number).  Unlike ``errors`` they
    #: do not stop ``convert`` or ``fmt``; the referee reports them.
    notices: tuple[Finding, ...] = field(default=(), compare=False)
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

    @property
    def rules_pos(self) -> Pos | None:
        """Where the record gives its rules (its ``Rules`` tag, a JSON or YAML
        ``rules`` key), else where the game starts: the place of every
        message about the rules string (the referee's, the exporters')."""
        for key in ("Rules", "rules", "tag:Rules"):
            if key in self.where:
                return self.where[key]
        return self.pos


def deal_numbers(deals: Sequence[Deal]) -> list[int]:
    """The number of each of *deals* (a game's, in order) as the referee and
    the scorer count it, the one every message and page shows.

    A number written is the deal's number as written (0, a repeat or a skip
    included: the referee reports those as ``deal-number`` findings, it does
    not renumber); a deal written without one (a JSON or YAML deal may leave
    ``number`` out) is the one after the deal before, the first deal 1.
    :func:`hearts_notation.scoring.score_game` (``DealScore.number``) and the
    referee's ``deal_header`` count the same way in their own loops (compiled
    code; ``tests/test_leftover2_deal_numbers.py`` holds them equal): a
    place's ``deal.number or index + 1`` would call a deal by another number
    than ``hearts score`` and ``hearts validate`` do, and a deal's number also
    chooses its pass direction and the analysis's seed.
    """
    numbers: list[int] = []
    number = 0
    for deal in deals:
        number = deal.number if deal.number is not None else number + 1
        numbers.append(number)
    return numbers


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
