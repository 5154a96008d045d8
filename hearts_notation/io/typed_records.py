"""The typed structures of a clean JSON record, for msgspec's decoder
(:mod:`hearts_notation.io.typed_json`).  Imported only when msgspec is
installed; ``from __future__ import annotations`` is left out on purpose:
msgspec reads these annotations at run time.

Each structure declares exactly the fields a clean record may hold
(:data:`hearts_notation.io.shape.CLEAN`; tests/test_record_shape.py checks
them against it and the shipped schema) and refuses any other, so that a
record with more (a comment on a trick, a mark on a play, a moon line) fails
to decode and goes to the model's reader.  A hand may be ``null`` (unknown:
an observer's record): the compact check refuses it, and the referee then
builds the model once, with the values' positions, for the inference.
"""

from typing import TYPE_CHECKING, Any, Literal

import msgspec

from .compact import CARD_NUMBER

if TYPE_CHECKING:
    Card = str
else:
    #: A card as the records spell it: one of the names of
    #: :data:`~hearts_notation.io.compact.CARD_NUMBER` (``"QS"``, ``"qs"``,
    #: ``"10S"``...).  msgspec decodes a literal to the very string object
    #: named here, so the records hold no string per card (no allocation, no
    #: hashing when the compact form looks the card up): measured 2.3 us per
    #: deal less for decoding and the compact form together.  A name that
    #: is not a card fails the decoder, which the compact form refuses anyway.
    Card = Literal[tuple(CARD_NUMBER)]


class Play(msgspec.Struct, forbid_unknown_fields=True, gc=False, omit_defaults=True):
    """One card played: its seat (a string, checked later against the seat
    order; any other value goes to the model's reader, which says what is
    wrong) and card."""

    seat: str
    card: Card


class Trick(msgspec.Struct, forbid_unknown_fields=True, gc=False, omit_defaults=True):
    """A trick with nothing but its plays."""

    plays: list[Play]


class Deal(msgspec.Struct, forbid_unknown_fields=True, gc=False, omit_defaults=True):
    """A deal: hands known, passes, tricks, the recorded lines as read."""

    hands: dict[str, list[Card] | None]
    tricks: list[Trick]
    number: int | None = None
    dealer: str | None = None
    direction: Any = msgspec.field(default=None, name="pass")
    passes: dict[str, list[Card]] | None = None
    score: Any = None
    total: Any = None
    comment: str | None = None


class Record(msgspec.Struct, forbid_unknown_fields=True, gc=False, omit_defaults=True):
    """A game record (one JSONL line, one element of a JSON array)."""

    deals: list[Deal]
    tags: dict[str, str] | None = None
    rules: str | None = None
    seats: list[str] | None = None
    players: dict[str, str] | None = None
    result: Any = None
    comment: str | None = None
    #: A catalog's code (``"fr"``) or ``"en"``: any other string is refused
    #: by the compact form, and the model's reader says where.
    language: str | None = None
