"""The elements of an HRN line, as the lexer hands them to the assembler.

One class per kind of line (docs/spec.md, section 2), with named fields:
what :mod:`hearts_notation.io.hrn.lex` reads from a logical line and
:mod:`hearts_notation.io.hrn.reader` checks against the game read so far.
Positions are absolute (line, column), 1-based, a tab counting as one
column; an absent seat's position is ``0, 0``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...cards import Card

__all__ = ["CommentEl", "DealEl", "Element", "HandEl", "MoonEl", "PassEl", "PointsEl", "ResultEl",
           "StarEl", "TagEl", "TrickEl"]


@dataclass(slots=True)
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


@dataclass(slots=True)
class CommentEl:
    """A ``{brace comment}`` that belongs to no play, pass or trick of its line."""

    line: int
    col: int
    text: str


@dataclass(slots=True)
class DealEl:
    """``deal N [dealer SEAT] [pass DIRECTION]`` (the direction in English)."""

    line: int
    col: int
    number: int
    dealer: str | None
    dealer_line: int
    dealer_col: int
    direction: str | None


@dataclass(slots=True)
class HandEl:
    """``SEAT: hand``; ``cards`` (as people list them: spades to clubs, high
    to low) is ``None`` for ``?``."""

    line: int
    col: int
    seat: str
    cards: tuple[Card, ...] | None


@dataclass(slots=True)
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


@dataclass(slots=True)
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


@dataclass(slots=True)
class PointsEl:
    """``score``/``total`` (*kind*) with its ``SEAT N`` pairs."""

    kind: str
    line: int
    col: int
    seats: list[str]
    seat_lines: list[int]
    seat_cols: list[int]
    values: list[int]


@dataclass(slots=True)
class MoonEl:
    """``moon SEAT add|subtract`` (the choice in English; ``None`` for a
    bare ``moon SEAT``, whose choice the rules in force give)."""

    line: int
    col: int
    seat: str
    seat_line: int
    seat_col: int
    choice: str | None


@dataclass(slots=True)
class StarEl:
    """``*``: the deal is unfinished on purpose."""

    line: int
    col: int


@dataclass(slots=True)
class ResultEl:
    """``result SEAT...`` (``seats`` is ``None`` for ``result *``)."""

    line: int
    col: int
    seats: list[str] | None
    seat_lines: list[int]
    seat_cols: list[int]


Element = TagEl | CommentEl | DealEl | HandEl | PassEl | TrickEl | PointsEl | MoonEl | StarEl | ResultEl
