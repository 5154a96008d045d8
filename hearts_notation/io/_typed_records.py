"""The typed structures of a clean JSON record, for msgspec's decoder
(:mod:`hearts_notation.io.typed_json`).  Imported only when msgspec is
installed; ``from __future__ import annotations`` is left out on purpose:
msgspec reads these annotations at run time.

Each structure declares exactly the fields a clean record may hold and
refuses any other, so that a record with more (a comment on a trick, a mark
on a play, a moon line) fails to decode and goes the ``json.loads`` way.
"""

from typing import Any

import msgspec


class Play(msgspec.Struct, forbid_unknown_fields=True, gc=False):
    """One card played: its seat (checked later against the seat order) and card."""

    seat: Any
    card: str


class Trick(msgspec.Struct, forbid_unknown_fields=True, gc=False):
    """A trick with nothing but its plays."""

    plays: list[Play]


class Deal(msgspec.Struct, forbid_unknown_fields=True, gc=False):
    """A deal: hands known, passes, tricks, the recorded lines as read."""

    hands: dict[str, list[str]]
    tricks: list[Trick]
    number: int | None = None
    dealer: str | None = None
    direction: Any = msgspec.field(default=None, name="pass")
    passes: dict[str, list[str]] | None = None
    score: Any = None
    total: Any = None
    comment: str | None = None


class Record(msgspec.Struct, forbid_unknown_fields=True, gc=False):
    """A game record (one JSONL line, one element of a JSON array)."""

    deals: list[Deal]
    tags: dict[str, str] | None = None
    rules: str | None = None
    seats: list[str] | None = None
    players: dict[str, str] | None = None
    result: Any = None
    comment: str | None = None
