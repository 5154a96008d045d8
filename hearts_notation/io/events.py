"""Reading as events: the one protocol between readers and what they feed.

A reader does not build objects for its caller; it calls the methods of a
:class:`Visitor` as it reads (python-chess's ``pgn.BaseVisitor``), in the
order of the game:

``begin_game`` · ``rules``/``seats``/``player``/``tag`` (in the order
read) · for each deal ``begin_deal`` · ``hand``\\* · ``pass_cards``\\* · ``lost_pass``\\* ·
``trick``\\* · ``points``/``moon``/``unfinished`` · ``end_deal`` · then
``result`` · ``syntax_error``\\* · ``end_game`` (whose return value is what
the reader hands back).  ``comment`` comes where the comment stands: inside
a deal it is the deal's, outside the game's.

A trick comes whole, as one ``trick`` event with its plays as parallel
sequences (seats, cards, card columns...): a trick line is one unit of
every format, and one call per trick, with sequences a reader can cut out
of its line without a loop, is what keeps the cost per card low.  Its
default implementation sends ``begin_trick``, one ``card`` per play and
``end_trick``, so a visitor may take the cards one by one instead.

Seats are the names as the game lists them (a reader resolves case and
implied seats before it emits), cards are :class:`~hearts_notation.cards.Card`
numbers, positions are 1-based ``line, column`` (``0, 0`` when a format has
none; for a tag, where its value stands).  The consumers -- :class:`GameBuilder` (the model objects), the
referee's compact check, statistics, writers -- do not know which format
the game came from; :func:`emit_game` turns an already-built
:class:`~hearts_notation.model.Game` back into the same events, so a reader
that builds the model joins the protocol at once.

Every method of :class:`Visitor` does nothing by default: a consumer
overrides what it needs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Generic, TypeVar

from ..cards import CARDS, Card
from ..model import PLAYER_TAGS_4, Deal, Finding, Game, Moon, Pass, Play, Pos, Trick

R = TypeVar("R")


# Not in the compiled core (hearts_notation/_compiled.py): a Python class, which
# compiled and Python classes alike may subclass.  ``mypyc_attr`` changes only
# compiled classes, so none here (importing ``mypy_extensions`` for it cost every start).
class Visitor(Generic[R]):
    """The events of one game (see the module docstring for their order)."""

    def begin_game(self, source: str | None, index: int | None, line: int, column: int) -> None:
        """A game begins (its first element is at *line*, *column*)."""

    def rules(self, spec: str, line: int, column: int) -> None:
        """The ``Rules`` string of the game, as written."""

    def seats(self, names: tuple[str, ...], line: int, column: int) -> None:
        """The seat names the game lists, clockwise (``Seats``)."""

    def player(self, seat: str, name: str, tag: str, line: int, column: int) -> None:
        """The name of the player in *seat*, given by the tag *tag*
        (``North``..., ``P1``...)."""

    def tag(self, name: str, value: str, line: int, column: int) -> None:
        """Any other tag, in the order read."""

    def comment(self, text: str) -> None:
        """A comment on the deal being read, or on the game outside a deal."""

    def begin_deal(self, number: int | None, dealer: str | None, direction: str | None,
                   line: int, column: int) -> None:
        """A deal's header (number, dealer and pass direction as recorded)."""

    def hand(self, seat: str, cards: tuple[Card, ...] | None, line: int, column: int) -> None:
        """The hand dealt to *seat* (``None``: written as unknown)."""

    def pass_cards(self, seat: str, cards: tuple[Card, ...], to: str | None, mark: str | None,
                   comment: str | None, line: int, column: int) -> None:
        """The cards *seat* passed, in the order recorded (*to*: the
        recipient when the record names it)."""

    def damaged(self) -> None:
        """A line of the deal was lost without a ``syntax_error`` of its own
        (:attr:`hearts_notation.model.Deal.damaged`)."""

    def lost_pass(self, seat: str | None) -> None:
        """A pass line of the deal that did not read (its ``syntax_error``
        comes with the game's): *seat* gave it, ``None`` when that did not
        read either.  The deal is not to be blamed for that seat's missing
        pass (:attr:`hearts_notation.model.Deal.lost_passes`)."""

    def trick(self, number: int, comment: str | None, line: int, column: int,
              seats: Sequence[str], cards: Sequence[Card], columns: Sequence[int],
              lines: Sequence[int] | None = None, marks: Sequence[str | None] | None = None,
              comments: Sequence[str | None] | None = None) -> None:
        """A whole trick (*number* counts from 1 in each deal): the seat and
        the card of each play in play order, the column of each card, and
        its line (``None``: all on *line*), mark and comment (``None``: none
        at all).  By default sent on card by card."""
        self.begin_trick(number, comment, line, column)
        card = self.card
        for k, (seat, c) in enumerate(zip(seats, cards, strict=True)):
            card(seat, c, None if marks is None else marks[k],
                 None if comments is None else comments[k],
                 line if lines is None else lines[k], columns[k])
        self.end_trick()

    def begin_trick(self, number: int, comment: str | None, line: int, column: int) -> None:
        """A trick begins (see :meth:`trick`)."""

    def card(self, seat: str, card: Card, mark: str | None, comment: str | None,
             line: int, column: int) -> None:
        """One card played by *seat*."""

    def end_trick(self) -> None:
        """The trick's cards are all given."""

    def points(self, kind: str, values: Mapping[str, int], line: int, column: int) -> None:
        """A recorded ``score`` (the deal's points) or ``total`` line."""

    def moon(self, seat: str, choice: str, line: int, column: int) -> None:
        """A recorded moon choice."""

    def unfinished(self, line: int, column: int) -> None:
        """The deal stops short on purpose (``*``)."""

    def end_deal(self) -> None:
        """The deal is complete."""

    def result(self, winners: tuple[str, ...] | str, line: int, column: int) -> None:
        """The game's result: the winning seats, or ``"*"`` (unfinished)."""

    def syntax_error(self, finding: Finding) -> None:
        """What the reader could not read (a ``syntax-error`` finding with
        its location); the events before it are what was understood."""

    def notice(self, finding: Finding) -> None:
        """A warning of the reader (the text reads, but something in it is
        suspect: :attr:`hearts_notation.model.Game.notices`)."""

    def end_game(self) -> R:
        """The game is over; the return value is the reader's result."""
        raise NotImplementedError


class GameBuilder(Visitor[Game]):
    """Builds the model's :class:`~hearts_notation.model.Game` from events."""

    def __init__(self) -> None:
        self._reset()

    def _reset(self) -> None:
        self._game: dict[str, object] = {}
        self._tags: dict[str, str] = {}
        self._players: dict[str, str] = {}
        self._where: dict[str, Pos] = {}
        self._comments: list[str] = []
        self._deals: list[Deal] = []
        self._errors: list[Finding] = []
        self._notices: list[Finding] = []
        self._deal: dict[str, object] | None = None

    def begin_game(self, source: str | None, index: int | None, line: int, column: int) -> None:
        self._reset()
        self._game.update(source=source, index=index, pos=Pos(line, column) if line else None)

    def rules(self, spec: str, line: int, column: int) -> None:
        self._game["rules"] = spec
        if line:
            self._where.setdefault("Rules", Pos(line, column))

    def seats(self, names: tuple[str, ...], line: int, column: int) -> None:
        self._game["seats"] = names
        if line:
            self._where.setdefault("Seats", Pos(line, column))

    def player(self, seat: str, name: str, tag: str, line: int, column: int) -> None:
        self._players[seat] = name
        if line:
            self._where.setdefault(tag, Pos(line, column))

    def tag(self, name: str, value: str, line: int, column: int) -> None:
        self._tags[name] = value
        if line:
            # (where a player-conflict finding points, even for a tag that
            # names no seat of this game, or a tag-name finding)
            self._where.setdefault(name, Pos(line, column))

    def comment(self, text: str) -> None:
        if self._deal is not None:
            self._deal_comments.append(text)
        else:
            self._comments.append(text)

    def begin_deal(self, number: int | None, dealer: str | None, direction: str | None,
                   line: int, column: int) -> None:
        self._deal = {"number": number, "dealer": dealer, "direction": direction,
                      "pos": Pos(line, column) if line else None}
        self._hands: dict[str, tuple[Card, ...] | None] = {}
        self._passes: dict[str, Pass] = {}
        self._tricks: list[Trick] = []
        self._deal_comments: list[str] = []
        self._deal_where: dict[str, Pos] = {}
        self._lost_passes: list[str | None] = []

    def hand(self, seat: str, cards: tuple[Card, ...] | None, line: int, column: int) -> None:
        self._hands[seat] = cards
        if line:
            self._deal_where["hand:" + seat] = Pos(line, column)

    def pass_cards(self, seat: str, cards: tuple[Card, ...], to: str | None, mark: str | None,
                   comment: str | None, line: int, column: int) -> None:
        self._passes[seat] = Pass(seat, cards, to, mark,  # type: ignore[arg-type]
                                  comment, Pos(line, column) if line else None)

    def lost_pass(self, seat: str | None) -> None:
        self._lost_passes.append(seat)

    def damaged(self) -> None:
        assert self._deal is not None
        self._deal["damaged"] = True

    def trick(self, number: int, comment: str | None, line: int, column: int,
              seats: Sequence[str], cards: Sequence[Card], columns: Sequence[int],
              lines: Sequence[int] | None = None, marks: Sequence[str | None] | None = None,
              comments: Sequence[str | None] | None = None) -> None:
        n = len(seats)
        at = [line] * n if lines is None else lines
        no = (None,) * n
        self._tricks.append(Trick(
            tuple([Play(seat, c, mark, pc, Pos(cl, cc) if cl else None)
                   for seat, c, mark, pc, cl, cc in zip(
                       seats, cards, no if marks is None else marks,
                       no if comments is None else comments, at, columns, strict=True)]),
            comment, Pos(line, column) if line else None))

    def begin_trick(self, number: int, comment: str | None, line: int, column: int) -> None:
        self._trick = (comment, Pos(line, column) if line else None)
        self._plays: list[Play] = []

    def card(self, seat: str, card: Card, mark: str | None, comment: str | None,
             line: int, column: int) -> None:
        self._plays.append(Play(seat, card, mark, comment,  # type: ignore[arg-type]
                                Pos(line, column) if line else None))

    def end_trick(self) -> None:
        comment, pos = self._trick
        self._tricks.append(Trick(tuple(self._plays), comment, pos))

    def points(self, kind: str, values: Mapping[str, int], line: int, column: int) -> None:
        assert self._deal is not None
        self._deal[kind] = dict(values)
        if line:
            self._deal_where[kind] = Pos(line, column)

    def moon(self, seat: str, choice: str, line: int, column: int) -> None:
        assert self._deal is not None
        self._deal["moon"] = Moon(seat, choice, Pos(line, column) if line else None)  # type: ignore[arg-type]

    def unfinished(self, line: int, column: int) -> None:
        assert self._deal is not None
        self._deal["unfinished"] = True
        if line:
            self._deal_where["unfinished"] = Pos(line, column)

    def end_deal(self) -> None:
        d = self._deal
        assert d is not None
        comments = self._deal_comments
        self._deals.append(Deal(
            number=d["number"], dealer=d["dealer"], direction=d["direction"],  # type: ignore[arg-type]
            hands=self._hands, passes=self._passes, tricks=tuple(self._tricks),
            score=d.get("score"), total=d.get("total"), moon=d.get("moon"),  # type: ignore[arg-type]
            unfinished=bool(d.get("unfinished", False)),
            comment=_joined(comments), pos=d["pos"], where=self._deal_where,  # type: ignore[arg-type]
            lost_passes=tuple(self._lost_passes), damaged=bool(d.get("damaged", False))))
        self._deal = None

    def result(self, winners: tuple[str, ...] | str, line: int, column: int) -> None:
        self._game["result"] = winners
        if line:
            self._where["result"] = Pos(line, column)

    def syntax_error(self, finding: Finding) -> None:
        self._errors.append(finding)

    def notice(self, finding: Finding) -> None:
        self._notices.append(finding)

    def end_game(self) -> Game:
        g = self._game
        # (the order the HRN reader has always given: result first)
        where = {k: v for k, v in self._where.items() if k == "result"}
        where.update((k, v) for k, v in self._where.items() if k != "result")
        return Game(
            tags=self._tags, rules=g.get("rules"), seats=g.get("seats"),  # type: ignore[arg-type]
            players=self._players, deals=tuple(self._deals), result=g.get("result"),  # type: ignore[arg-type]
            comment=_joined(self._comments), errors=tuple(self._errors),
            notices=tuple(self._notices),
            source=g.get("source"), index=g.get("index"), pos=g.get("pos"),  # type: ignore[arg-type]
            where=where)


def _joined(parts: Sequence[str]) -> str | None:
    """Several comments on one item, one per line; ``None`` for none."""
    if not parts:
        return None
    return parts[0] if len(parts) == 1 else "\n".join(parts)


def _at(pos: Pos | None) -> tuple[int, int]:
    return (pos.line, pos.column) if pos is not None else (0, 0)


def emit_game(game: Game, visitor: Visitor[R]) -> R:
    """Send the events of an already-built *game* to *visitor*: the same
    events a streaming reader of its text would have sent."""
    v = visitor
    v.begin_game(game.source, game.index, *_at(game.pos))
    if game.rules is not None:
        v.rules(game.rules, *_at(game.where.get("Rules")))
    if game.seats is not None:
        v.seats(game.seats, *_at(game.where.get("Seats")))
    seats = game.seat_names
    tag_of = dict(zip(seats, PLAYER_TAGS_4 if len(seats) == 4
                      else [f"P{i + 1}" for i in range(len(seats))], strict=True))
    for seat, name in game.players.items():
        tag = tag_of.get(seat, seat)
        v.player(seat, name, tag, *_at(game.where.get(tag)))
    for name, value in game.tags.items():
        v.tag(name, value, *_at(game.where.get(name)))
    for d in game.deals:
        v.begin_deal(d.number, d.dealer, d.direction, *_at(d.pos))
        if d.comment is not None:
            v.comment(d.comment)
        for seat, cards in d.hands.items():
            v.hand(seat, cards, *_at(d.where.get("hand:" + seat)))
        for seat, p in d.passes.items():
            v.pass_cards(seat, p.cards, p.to, p.mark, p.comment, *_at(p.pos))
        for lost in d.lost_passes:
            v.lost_pass(lost)
        if d.damaged:
            v.damaged()
        for number, t in enumerate(d.tricks, 1):
            at = [_at(pl.pos) for pl in t.plays]
            v.trick(number, t.comment, *_at(t.pos), [pl.seat for pl in t.plays],
                    [CARDS[pl.card] for pl in t.plays], [c for _, c in at], [ln for ln, _ in at],
                    [pl.mark for pl in t.plays], [pl.comment for pl in t.plays])
        if d.score is not None:
            v.points("score", d.score, *_at(d.where.get("score")))
        if d.total is not None:
            v.points("total", d.total, *_at(d.where.get("total")))
        if d.moon is not None:
            v.moon(d.moon.seat, d.moon.choice, *_at(d.moon.pos))
        if d.unfinished:
            v.unfinished(*_at(d.where.get("unfinished")))
        v.end_deal()
    if game.comment is not None:
        v.comment(game.comment)
    if game.result is not None:
        v.result(game.result, *_at(game.where.get("result")))
    for f in game.errors:
        v.syntax_error(f)
    for f in game.notices:
        v.notice(f)
    return v.end_game()


__all__ = ["GameBuilder", "Visitor", "emit_game"]
