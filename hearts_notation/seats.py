"""Seat names: the one table both the model and the rules read.

A leaf module (it imports nothing of the package), so that
:mod:`hearts_notation.model` and :mod:`hearts_notation.rules` can both use
the default seat names without importing each other
(tests/test_import_layers.py).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, cast, get_args

#: Default seat names by number of players (clockwise).
DEFAULT_SEATS: dict[int, tuple[str, ...]] = {
    4: ("N", "E", "S", "W"),
    3: ("P1", "P2", "P3"),
    5: ("P1", "P2", "P3", "P4", "P5"),
    6: ("P1", "P2", "P3", "P4", "P5", "P6"),
}



def seat_order(seen: Iterable[str]) -> list[str]:
    """Seats in a stable order for printing: N E S W, then P1..P6, then the
    other seats as first seen (an order that does not depend on how a
    corpus was cut)."""
    first = dict.fromkeys(seen)
    known = (*DEFAULT_SEATS[4], *DEFAULT_SEATS[6])
    return [s for s in known if s in first] + [s for s in first if s not in known]


#: A pass direction, as records and rule sets name it.
Direction = Literal["left", "right", "across", "hold"]
#: The pass directions, listed once (the standard four-player cycle's order);
#: :func:`hearts_notation.state.deal_pass` says which one applies to a deal
#: and where the cards go.
DIRECTIONS: tuple[Direction, ...] = cast("tuple[Direction, ...]", get_args(Direction))
#: The directions in which cards change hands (all but ``hold``).
PASSING_DIRECTIONS: tuple[Direction, ...] = tuple(d for d in DIRECTIONS if d != "hold")
