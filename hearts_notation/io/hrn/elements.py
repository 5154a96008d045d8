"""The elements of an HRN line, as the lexer hands them to the assembler.

One class per kind of line (docs/spec.md, section 2), with named fields:
what :mod:`hearts_notation.io.hrn.lex` reads from a logical line and
:mod:`hearts_notation.io.hrn.reader` checks against the game read so far.
Positions are absolute (line, column), 1-based, a tab counting as one
column; an absent seat's position is ``0, 0``.

Each class states its ``__init__`` (``init=False``): compiled with mypyc, a
dataclass's generated ``__init__`` stays interpreted Python (several times
the cost of the native one, on every element of every line); the dataclass
still gives ``==`` and ``repr``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...cards import Card

__all__ = ["CommentEl", "DealEl", "Element", "HandEl", "MoonEl", "PassEl", "PointsEl", "ResultEl",
           "StarEl", "TagEl", "TrickEl"]


@dataclass(slots=True, init=False)
class TagEl:
    """``[Name "value"]``: where the ``[``, the value and the name stand
    (a misspelt name is pointed at where it is written)."""

    line: int
    col: int
    name: str
    value_line: int
    value_col: int
    value: str
    name_line: int
    name_col: int

    def __init__(self, line: int, col: int, name: str, value_line: int, value_col: int, value: str,
                 name_line: int, name_col: int) -> None:
        self.line = line
        self.col = col
        self.name = name
        self.value_line = value_line
        self.value_col = value_col
        self.value = value
        self.name_line = name_line
        self.name_col = name_col


@dataclass(slots=True, init=False)
class CommentEl:
    """A ``{brace comment}`` that belongs to no play, pass or trick of its line."""

    line: int
    col: int
    text: str

    def __init__(self, line: int, col: int, text: str) -> None:
        self.line = line
        self.col = col
        self.text = text


@dataclass(slots=True, init=False)
class DealEl:
    """``deal N [dealer SEAT] [pass DIRECTION]`` (the direction in English)."""

    line: int
    col: int
    number: int
    dealer: str | None
    dealer_line: int
    dealer_col: int
    direction: str | None

    def __init__(self, line: int, col: int, number: int, dealer: str | None, dealer_line: int,
                 dealer_col: int, direction: str | None) -> None:
        self.line = line
        self.col = col
        self.number = number
        self.dealer = dealer
        self.dealer_line = dealer_line
        self.dealer_col = dealer_col
        self.direction = direction


@dataclass(slots=True, init=False)
class HandEl:
    """``SEAT: hand``; ``cards`` (as people list them: spades to clubs, high
    to low) is ``None`` for ``?``."""

    line: int
    col: int
    seat: str
    cards: tuple[Card, ...] | None

    def __init__(self, line: int, col: int, seat: str, cards: tuple[Card, ...] | None) -> None:
        self.line = line
        self.col = col
        self.seat = seat
        self.cards = cards


@dataclass(slots=True, init=False)
class PassEl:
    """``pass SEAT[>TO]: cards``, with the pass's one mark and its comments joined."""

    line: int
    col: int
    seat: str
    seat_line: int
    seat_col: int
    to: str | None
    to_line: int
    to_col: int
    cards: tuple[Card, ...]
    mark: str | None
    comment: str | None

    def __init__(self, line: int, col: int, seat: str, seat_line: int, seat_col: int, to: str | None,
                 to_line: int, to_col: int, cards: tuple[Card, ...], mark: str | None,
                 comment: str | None) -> None:
        self.line = line
        self.col = col
        self.seat = seat
        self.seat_line = seat_line
        self.seat_col = seat_col
        self.to = to
        self.to_line = to_line
        self.to_col = to_col
        self.cards = cards
        self.mark = mark
        self.comment = comment


@dataclass(slots=True, init=False)
class TrickEl:
    """``K. plays``: the plays as parallel sequences (a seat is ``None``
    where the record leaves it implied; ``marks``, ``comments`` and
    ``card_lines`` are ``None`` when no play has one / all are on *line*)."""

    line: int
    col: int
    number: int
    comment: str | None
    seats: list[str | None]
    seat_lines: Sequence[int]
    seat_cols: Sequence[int]
    cards: Sequence[Card]
    card_cols: Sequence[int]
    card_lines: list[int] | None
    marks: Sequence[str | None] | None
    comments: list[str | None] | None

    def __init__(self, line: int, col: int, number: int, comment: str | None, seats: list[str | None],
                 seat_lines: Sequence[int], seat_cols: Sequence[int], cards: Sequence[Card],
                 card_cols: Sequence[int], card_lines: list[int] | None,
                 marks: Sequence[str | None] | None, comments: list[str | None] | None) -> None:
        self.line = line
        self.col = col
        self.number = number
        self.comment = comment
        self.seats = seats
        self.seat_lines = seat_lines
        self.seat_cols = seat_cols
        self.cards = cards
        self.card_cols = card_cols
        self.card_lines = card_lines
        self.marks = marks
        self.comments = comments


@dataclass(slots=True, init=False)
class PointsEl:
    """``score``/``total`` (*kind*) with its ``SEAT N`` pairs."""

    kind: str
    line: int
    col: int
    seats: list[str]
    seat_lines: list[int]
    seat_cols: list[int]
    values: list[int]

    def __init__(self, kind: str, line: int, col: int, seats: list[str], seat_lines: list[int],
                 seat_cols: list[int], values: list[int]) -> None:
        self.kind = kind
        self.line = line
        self.col = col
        self.seats = seats
        self.seat_lines = seat_lines
        self.seat_cols = seat_cols
        self.values = values


@dataclass(slots=True, init=False)
class MoonEl:
    """``moon SEAT add|subtract`` (the choice in English; ``None`` for a
    bare ``moon SEAT``, whose choice the rules in force give)."""

    line: int
    col: int
    seat: str
    seat_line: int
    seat_col: int
    choice: str | None

    def __init__(self, line: int, col: int, seat: str, seat_line: int, seat_col: int,
                 choice: str | None) -> None:
        self.line = line
        self.col = col
        self.seat = seat
        self.seat_line = seat_line
        self.seat_col = seat_col
        self.choice = choice


@dataclass(slots=True, init=False)
class StarEl:
    """``*``: the deal is unfinished on purpose."""

    line: int
    col: int

    def __init__(self, line: int, col: int) -> None:
        self.line = line
        self.col = col


@dataclass(slots=True, init=False)
class ResultEl:
    """``result SEAT...`` (``seats`` is ``None`` for ``result *``)."""

    line: int
    col: int
    seats: list[str] | None
    seat_lines: list[int]
    seat_cols: list[int]

    def __init__(self, line: int, col: int, seats: list[str] | None, seat_lines: list[int],
                 seat_cols: list[int]) -> None:
        self.line = line
        self.col = col
        self.seats = seats
        self.seat_lines = seat_lines
        self.seat_cols = seat_cols


Element = TagEl | CommentEl | DealEl | HandEl | PassEl | TrickEl | PointsEl | MoonEl | StarEl | ResultEl
