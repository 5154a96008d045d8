"""Seat names: the one table both the model and the rules read.

A leaf module (it imports nothing of the package), so that
:mod:`hearts_notation.model` and :mod:`hearts_notation.rules` can both use
the default seat names without importing each other
(tests/test_import_layers.py).
"""

from __future__ import annotations

#: Default seat names by number of players (clockwise).
DEFAULT_SEATS: dict[int, tuple[str, ...]] = {
    4: ("N", "E", "S", "W"),
    3: ("P1", "P2", "P3"),
    5: ("P1", "P2", "P3", "P4", "P5"),
    6: ("P1", "P2", "P3", "P4", "P5", "P6"),
}
