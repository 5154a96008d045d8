"""The cut of a ``.json`` array for one job (``iter_batches(decode=True)``):
the typed decoder, not the structure check, confirms where a pretty-printed
element ends, and the compact form of its record goes to the referee with
the text.

A record the typed decoder makes is exactly one JSON value, so it confirms
the end; when it refuses the text (a record it does not describe, or a
candidate the layout got wrong) the cut falls back to the structure check and
then to ``raw_decode``, as without *decode*.  These tests would fail if a
candidate were taken without that fallback: the documents' layouts fool the
layout (a nested object closing at the element's indentation, one-line
elements before pretty-printed ones) and every element, line, error and report
entry must be the one of the cut without *decode*.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hearts_notation.commands.validate import iter_reports
from hearts_notation.generate import generate_games
from hearts_notation.io import typed_json
from hearts_notation.io.batches import Batch
from hearts_notation.io.compact import CompactDeal, CompactGame, compact_record
from hearts_notation.io.jsonio import dumps_jsonl, iter_json_compact, iter_json_elements
from hearts_notation.io.stream import InputError, RecordError
from hearts_notation.runners.local import iter_batches
from hearts_notation.runners.validate import validate_batch


def _records(n: int = 5, seed: int = 11) -> list[dict[str, Any]]:
    games = list(generate_games(n, seed=seed, bots=("random",)))
    return [json.loads(line) for line in dumps_jsonl(games).splitlines()]


def _fooling(records: list[dict[str, Any]]) -> str:
    """Game records laid out so that the line closing at an element's
    indentation is not its end: a nested object closes at the element's
    indentation, one-line elements precede pretty-printed ones."""
    first, second, *rest = records
    lines = ["  " + line for line in json.dumps(first, indent=2).splitlines()]
    k = next(i for i, line in enumerate(lines) if line.startswith("    }"))
    lines[k] = "  " + lines[k].lstrip()     # ``tags`` closes at the element's indentation
    parts = ["\n".join(lines), "  " + json.dumps(second)]
    parts += ["\n".join("  " + line for line in json.dumps(r, indent=2).splitlines())
              for r in rest]
    return "[\n" + ",\n".join(parts) + "\n]\n"


def _documents() -> Iterator[str]:
    records = _records()
    yield json.dumps(records, indent=2)
    yield json.dumps(records, indent=3)
    yield _fooling(records)
    # A nested object closing at the element's indentation, then more text.
    yield '[\n  {"a": {\n  "b": 1\n  }, "c": [1,\n  {}\n  ]\n  },\n  {"d": 2\n  }\n]'
    # One line, then pretty-printed: the first candidate takes two elements.
    yield "[\n  " + json.dumps(records[0]) + ",\n" + json.dumps(records[1:3], indent=2)[2:]
    # Broken partway: the same error at the same place.
    good = json.dumps(records, indent=2)
    yield good.replace('"QS"', "NaN", 1)
    yield good.replace("},\n  {", "}\n  {", 1)
    yield good[:-2]


#: What a :class:`CompactDeal` holds, named here: the compiled class (mypyc)
#: does not expose ``__slots__``; the pure one must agree with this list.
_DEAL_FIELDS = ("cards", "dealer", "direction", "hands", "names", "number", "passes", "score",
                "sizes", "to", "total", "unknown")


def _fields(game: CompactGame | None) -> Any:
    """Everything a compact form holds, to compare two of them."""
    assert game is not None
    assert getattr(CompactDeal, "__slots__", _DEAL_FIELDS) == _DEAL_FIELDS
    deals = [[getattr(d, k) for k in _DEAL_FIELDS] for d in game.deals]
    return [game.rules, game.seats, game.players, game.result, game.line, deals]


def _cut(text: str, sizes: list[int], decode: bool) -> tuple[list[Any], Any]:
    chunks = []
    pos = k = 0
    while pos < len(text):
        chunks.append(text[pos:pos + sizes[k % len(sizes)]])
        pos += sizes[k % len(sizes)]
        k += 1
    out: list[Any] = []
    try:
        for item in (iter_json_compact(chunks) if decode else iter_json_elements(chunks)):
            out.append(item)
    except RecordError as exc:
        return out, (exc.message, exc.line, exc.column)
    return out, None


@pytest.mark.parametrize("doc", list(_documents()), ids=lambda doc: f"doc{len(doc)}")
def test_decoding_cut_cuts_the_same(doc: str) -> None:
    """Same elements, lines and errors as the cut that only checks; each
    compact form is that of the typed decoder's record of its element's text."""
    typed = typed_json.decode_record
    rng = random.Random(doc)
    for sizes in ([len(doc) + 1], [1 << 12], [7, 3], [rng.randint(1, 400) for _ in range(5)]):
        items, error = _cut(doc, sizes, True)
        plain, plain_error = _cut(doc, sizes, False)
        assert error == plain_error, sizes
        assert [item[:4] for item in items] == plain, sizes
        for text, line, _, _, compact in items:
            if compact is not None:
                assert _fields(compact) == _fields(compact_record(typed(text), line))


def test_the_typed_decoder_confirms_a_clean_pretty_file(value_checks: list[bool]) -> None:
    """On a pretty-printed file of clean games every element is confirmed by
    the typed decoder (its compact form kept, no structure check); where the layout
    fools the cut, the structure check and ``raw_decode`` take over and the
    elements are those ``json.loads`` reads."""
    calls = value_checks
    records = _records()
    items, error = _cut(json.dumps(records, indent=2), [1 << 16], True)
    assert error is None and calls == []
    assert [json.loads(text) for text, *_ in items] == records
    assert all(compact is not None for *_, compact in items)

    doc = _fooling(records)
    items, error = _cut(doc, [1 << 16], True)
    assert error is None and False in calls
    assert [json.loads(text) for text, *_ in items] == records == json.loads(doc)
    assert items[0][4] is None and items[1][4] is None and items[2][4] is not None


def _files(tmp_path: Path) -> Iterator[Path]:
    records = _records(6, seed=3)
    records[1]["deals"][0]["tricks"][2]["comment"] = "not clean: the model decides"
    plays = records[2]["deals"][1]["tricks"][3]["plays"]
    plays[0]["card"], plays[1]["card"] = plays[1]["card"], plays[0]["card"]   # a finding
    records[3]["deals"][0]["tricks"][0]["plays"][0]["card"] = "ZZ"             # not a card
    for name, data in (
            ("indent2.json", json.dumps(records, indent=2).encode()),
            ("indent3.json", json.dumps(records, indent=3).encode()),
            ("crlf_bom.json", b"\xef\xbb\xbf" + json.dumps(records, indent=2).replace(
                "\n", "\r\n").encode()),
            ("bad_byte.json", json.dumps(records, indent=2).encode().replace(b'"ZZ"', b'"Z\xff"')),
            ("fooling.json", _fooling(records).encode()),
            ("broken.json", json.dumps(records, indent=2).replace("},\n  {", "}\n  {", 3).encode()),
    ):
        path = tmp_path / name
        path.write_bytes(data)
        yield path


def _comparable(entries: list[Any]) -> list[Any]:
    return [(str(e), e.line, e.column) if isinstance(e, InputError) else e for e in entries]


def test_validate_reports_the_same_with_one_job(tmp_path: Path) -> None:
    """``validate`` with one job (the cut decodes) gives the report entries
    of the workers' way (the cut checks, the checker decodes): lines,
    findings with line and column, and errors with file:line:col."""
    for path in _files(tmp_path):
        one_job = _comparable(list(iter_reports([str(path)], None, None, False, jobs=1)))
        workers: list[Any] = []
        for batch in iter_batches([str(path)], games_per_batch=3, errors="yield"):
            if isinstance(batch, Batch):
                assert batch.compacts == ()
                workers.extend(validate_batch(batch, None, False))
            else:
                workers.append(batch.error)
        assert one_job == _comparable(workers), path.name
        assert one_job, path.name
        if path.name in ("indent2.json", "indent3.json", "crlf_bom.json"):
            assert [e["valid"] for e in one_job] == [True, True, False, False, True, True]
            assert one_job[0]["line"] == 2
            assert any(f["line"] and f["column"] for f in one_job[2]["findings"])
            decoded = [c for batch in iter_batches([str(path)], decode=True)
                       if isinstance(batch, Batch) for c in batch.compacts]
            assert [c is not None for c in decoded] == [True, False, True, False, True, True]
        if path.name == "bad_byte.json":
            error = one_job[-1]
            assert isinstance(error, tuple) and error[1] and error[2]
            assert str(path) + f":{error[1]}:{error[2]}" in error[0]
