"""The shape of a JSON/YAML game record, stated once (docs/spec.md, section 3).

Every reader of the tree form asks this module which fields an object of a
record may hold: the model's reader (:func:`hearts_notation.io.jsonio.game_from_dict`)
refuses any other with ``record.unknown_field``, and the typed decoder's
structures (``io/typed_records.py``, through :mod:`hearts_notation.io.typed_json`)
declare exactly the fields of :data:`CLEAN`.  ``tests/test_record_shape.py``
checks these names against the shipped JSON Schema
(``hearts_notation/schema/record.schema.json``) and against the typed
structures, so that the three cannot drift apart.

The module imports nothing, so that reading YAML or HRN does not import
msgspec.
"""

from __future__ import annotations

from typing import Final

#: The fields of each object of a record, in the schema's order.
GAME_FIELDS: Final = ("tags", "rules", "seats", "players", "deals", "result", "comment",
                       "language")
DEAL_FIELDS: Final = ("number", "dealer", "pass", "hands", "passes", "tricks", "score", "total",
                      "moon", "unfinished", "comment")
TRICK_FIELDS: Final = ("plays", "comment")
PLAY_FIELDS: Final = ("seat", "card", "mark", "comment")
#: A pass written as an object (a bare list of cards is the other way).
PASS_FIELDS: Final = ("cards", "to", "mark", "comment")
MOON_FIELDS: Final = ("seat", "choice")

GAME_KEYS: Final = frozenset(GAME_FIELDS)
DEAL_KEYS: Final = frozenset(DEAL_FIELDS)
TRICK_KEYS: Final = frozenset(TRICK_FIELDS)
PLAY_KEYS: Final = frozenset(PLAY_FIELDS)
PASS_KEYS: Final = frozenset(PASS_FIELDS)
MOON_KEYS: Final = frozenset(MOON_FIELDS)

#: The fields a clean record may hold (what the referee's compact check
#: judges without the model): all but a moon line, ``unfinished``, a
#: comment on a trick, a mark or a comment on a play, and a pass written
#: as an object.  The typed decoder's structures declare exactly these.
CLEAN: Final[dict[str, tuple[str, ...]]] = {
    "game": GAME_FIELDS,
    "deal": tuple(f for f in DEAL_FIELDS if f not in ("moon", "unfinished")),
    "trick": ("plays",),
    "play": ("seat", "card"),
}


class JsonFloat(float):
    """A JSON number with a fraction or an exponent, read with the text it
    was typed as (``json``'s ``parse_float``).  No field of a record is such
    a number, so each is a mistake to report, and the report names what was
    typed: ``1e400`` read as a float is Infinity, ``1E2`` is ``100.0``.
    (Here, in a module mypyc does not compile: a compiled class cannot
    derive from ``float``.)"""

    __slots__ = ("text",)
    text: str

    def __new__(cls, text: str) -> JsonFloat:
        self = super().__new__(cls, text)
        self.text = text
        return self
