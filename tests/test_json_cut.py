"""The cut of a ``.json`` array into its element texts (the reading process's
share of ``validate --jobs``) finds the same elements, lines and errors
whether or not the layout's proposals are taken.

The cut proposes each element's end from the layout (the line holding the
element's indentation and ``}``) and has msgspec confirm it; whenever the
proposal is not confirmed, ``raw_decode`` finds it.  The proposal must
never change what is cut: these documents mix layouts where the proposal
is right, wrong (a nested object closing at the element's indentation, a
one-line array) and broken JSON.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from hearts_notation.io import typed_json
from hearts_notation.io.jsonio import iter_json_elements
from hearts_notation.io.stream import RecordError

RECORD: dict[str, Any] = {
    "rules": "standard",
    "players": {"N": "Ada", "E": "Bo"},
    "deals": [{"number": 1, "hands": {"N": ["QS", "2C"]},
               "tricks": [{"plays": [{"seat": "N", "card": "2C"}]}]}],
    "comment": "a } brace, a \"quote\" and an escaped newline \\n  } in text",
}


def _documents() -> Iterator[str]:
    records = [RECORD, {**RECORD, "players": {}}, {"deals": []}]
    for indent in (2, 4, "\t", 1):
        yield json.dumps(records, indent=indent)
    yield json.dumps(records)                       # one line
    yield json.dumps(records, separators=(",", ":"))
    yield "[\n" + ",\n".join(json.dumps(r) for r in records) + "\n]\n"   # one per line
    # A nested object closing at the element's own indentation: the proposal is wrong.
    yield '[\n  {"a": {\n  "b": 1\n  }, "c": [1,\n  {}\n  ]\n  },\n  {"d": 2\n  }\n]'
    yield json.dumps(RECORD, indent=2)              # not an array
    yield "  \n" + json.dumps(records, indent=2) + "\n\n"
    # Broken: the errors must be the same, at the same place.
    good = json.dumps(records, indent=2)
    yield good.replace('"Bo"', '"Bo" "x"', 1)
    yield good.replace("},\n  {", "}\n  {", 1)
    yield good[:-2]
    yield good.replace('"QS"', "NaN", 1)             # json.loads reads NaN, msgspec does not
    yield good + "]"
    yield '[\n  {"a": 1\n  }\n  ,\n  {"b": [\n  ]\n  }\n]'


def _cut(text: str, chunk_sizes: list[int]) -> tuple[list[Any], Any]:
    chunks = []
    pos = 0
    k = 0
    while pos < len(text):
        size = chunk_sizes[k % len(chunk_sizes)]
        chunks.append(text[pos:pos + size])
        pos += size
        k += 1
    out: list[Any] = []
    try:
        for item in iter_json_elements(chunks):
            out.append(item)
    except RecordError as exc:
        return out, (exc.message, exc.line, exc.column)
    return out, None


def _without_layout(text: str, chunk_sizes: list[int]) -> tuple[list[Any], Any]:
    """The cut when no proposal is ever confirmed: ``raw_decode`` alone."""
    saved = typed_json.raw_value_check
    typed_json.raw_value_check = lambda: (lambda text: False)  # type: ignore[assignment]
    try:
        return _cut(text, chunk_sizes)
    finally:
        typed_json.raw_value_check = saved  # type: ignore[method-assign]


@pytest.mark.parametrize("doc", list(_documents()))
def test_same_cut_with_and_without_the_layout(doc: str) -> None:
    rng = random.Random(doc)
    for sizes in ([len(doc) + 1], [1], [7, 3], [rng.randint(1, 40) for _ in range(5)]):
        assert _cut(doc, sizes) == _without_layout(doc, sizes), sizes


def test_the_layout_is_used_and_confirmed() -> None:
    """On a pretty-printed array the proposal is taken (msgspec confirms
    every element), so the cut does not decode the elements."""
    calls: list[str] = []
    check = typed_json.raw_value_check()
    assert check is not None
    doc = json.dumps([RECORD] * 5, indent=2)
    original = json.JSONDecoder.raw_decode

    def spy(self: json.JSONDecoder, s: str, idx: int = 0) -> Any:
        calls.append(s[idx:idx + 10])
        return original(self, s, idx)

    json.JSONDecoder.raw_decode = spy  # type: ignore[method-assign]
    try:
        items, error = _cut(doc, [len(doc)])
    finally:
        json.JSONDecoder.raw_decode = original  # type: ignore[method-assign]
    assert error is None and len(items) == 5
    assert [line for _, line, _, _ in items] == [2 + k * (doc.count("\n") - 1) // 5 for k in range(5)]
    assert calls == []
    assert all(json.loads(text) == RECORD for text, _, _, _ in items)


def test_another_layout_stops_the_proposals(value_checks: list[bool]) -> None:
    """Elements whose proposed closing line closes something else (a nested
    object at the element's own indentation): after a few proposals not
    confirmed, the cut decodes alone instead of proposing for each."""
    import hearts_notation.io.jsonio as jsonio

    element = '  {"a": {\n  }, "n": %d\n  }'
    doc = "[\n" + ",\n".join(element % k for k in range(40)) + "\n]"
    calls = value_checks
    items, error = _cut(doc, [len(doc)])
    assert error is None and len(items) == 40
    assert [json.loads(t)["n"] for t, _, _, _ in items] == list(range(40))
    assert [line for _, line, _, _ in items] == list(range(2, 2 + 3 * 40, 3))
    assert calls == [False] * jsonio._LAYOUT_MISSES
