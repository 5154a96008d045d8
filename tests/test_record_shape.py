"""The record's shape is stated once (``hearts_notation/io/shape.py``) and
agrees with the shipped JSON Schema and with the typed decoder's structures.

The model's reader refuses any field :mod:`hearts_notation.io.shape` does not
name, and the typed decoder's structures declare exactly the fields of a clean
record: if the schema gains or loses a field, this test says which statement
must follow.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import msgspec

from hearts_notation.io import shape
from hearts_notation.io import typed_records as typed


def _schema() -> dict[str, Any]:
    text = resources.files("hearts_notation.schema").joinpath("record.schema.json").read_text()
    loaded: dict[str, Any] = json.loads(text)
    return loaded


def _properties(node: dict[str, Any]) -> tuple[str, ...]:
    assert node.get("additionalProperties") is False
    return tuple(node["properties"])


def _object_form(node: dict[str, Any]) -> dict[str, Any]:
    """The branch of a ``oneOf`` that is an object with properties."""
    return next(branch for branch in node["oneOf"] if "properties" in branch)


def test_the_fields_are_the_schemas_in_its_order() -> None:
    schema = _schema()
    defs = schema["$defs"]
    assert _properties(schema) == shape.GAME_FIELDS
    assert _properties(defs["deal"]) == shape.DEAL_FIELDS
    assert _properties(defs["trick"]) == shape.TRICK_FIELDS
    assert _properties(defs["play"]) == shape.PLAY_FIELDS
    assert _properties(_object_form(defs["pass"])) == shape.PASS_FIELDS
    assert _properties(_object_form(defs["deal"]["properties"]["moon"])) == shape.MOON_FIELDS


def test_what_the_schema_requires_the_typed_structures_require() -> None:
    schema = _schema()
    defs = schema["$defs"]
    for struct, node in ((typed.Record, schema), (typed.Deal, defs["deal"]),
                         (typed.Trick, defs["trick"]), (typed.Play, defs["play"])):
        required = {f.encode_name for f in msgspec.structs.fields(struct) if f.required}
        assert set(node.get("required", ())) <= required, struct


def test_the_typed_structures_declare_the_clean_fields() -> None:
    for name, struct in (("game", typed.Record), ("deal", typed.Deal), ("trick", typed.Trick),
                         ("play", typed.Play)):
        fields = tuple(f.encode_name for f in msgspec.structs.fields(struct))
        assert sorted(fields) == sorted(shape.CLEAN[name]), name
        assert set(fields) <= {"game": shape.GAME_KEYS, "deal": shape.DEAL_KEYS,
                               "trick": shape.TRICK_KEYS, "play": shape.PLAY_KEYS}[name]
