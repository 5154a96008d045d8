"""msgspec's typed decoder (optional, ``pip install "hearts-notation[fast]"``) gives
the same compact form as ``json.loads`` and :func:`compact_json`, or none.

The typed way is only a faster road to the referee's compact check: whenever
it yields a compact game, the ``json.loads`` way must yield the very same one
(then the report is the same, made by the same :func:`compact_report`);
whenever the record is not clean it must yield nothing, so that the
``json.loads`` way reports what is wrong.
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

import pytest

from hearts_notation.io.compact import CompactGame, compact_json, compact_record
from hearts_notation.io.typed_json import decoder
from hearts_notation.referee import report_json_text
from hearts_notation.rules import preset_names
from tests.test_referee_json_text import TEXT_MUTATIONS, lines_of

pytest.importorskip("msgspec")


def _fields(game: CompactGame | None) -> Any:
    if game is None:
        return None
    deals = [(d.number, d.dealer, d.direction, d.hands, d.passes, d.names, d.cards, d.sizes,
              d.score, d.total, d.to) for d in game.deals]
    return (game.rules, game.seats, dict(game.players), deals, game.result, game.line)


def _typed(text: str) -> CompactGame | None:
    typed = decoder()
    assert typed is not None
    record = typed(text)
    return compact_record(record, 7) if record is not None else None


def _plain(text: str) -> CompactGame | None:
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return compact_json(obj, 7)


def _agrees(text: str) -> CompactGame | None:
    typed = _typed(text)
    if typed is not None:
        assert _fields(typed) == _fields(_plain(text)), text[:300]
    return typed


@pytest.mark.parametrize("preset", preset_names())
def test_clean_records_take_the_typed_way_in_every_spelling(preset: str) -> None:
    for line in lines_of(preset):
        obj = json.loads(line)
        for text in (line, json.dumps(obj), json.dumps(obj, indent=2), json.dumps(obj, indent="\t")):
            plain = _plain(text)
            typed = _agrees(text)
            # Every clean record the json.loads way takes, the typed way takes too
            # (a moon line is the model's in both).
            assert (typed is None) == (plain is None), text[:200]


@pytest.mark.parametrize("preset", ["standard", "kawu", "three-players", "six-players"])
def test_mutated_records_agree_or_go_the_json_loads_way(preset: str) -> None:
    rng = random.Random(preset)
    for line in lines_of(preset, 2, seed=5):
        for _name, mutate in TEXT_MUTATIONS:
            _agrees(mutate(line, rng))


def test_random_byte_edits_agree() -> None:
    rng = random.Random(3)
    line = lines_of("standard", 1)[0]
    alphabet = '{}[]:,"0123456789 \\-.eEtruefalsn\u00e9QSHDCNESWT'
    taken = 0
    for _ in range(3000):
        text = line
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(text))
            op = rng.random()
            if op < 0.4:
                text = text[:i] + text[i + 1:]
            elif op < 0.8:
                text = text[:i] + rng.choice(alphabet) + text[i:]
            else:
                j = rng.randrange(len(text))
                text = text[:min(i, j)] + text[max(i, j):]
        taken += _agrees(text) is not None
    assert taken > 0      # some edits keep a clean record (in a tag, say)


def test_duplicate_keys_keep_the_last_value_both_ways() -> None:
    line = lines_of("standard", 1)[0]
    text = line.replace('"seat":', '"seat":"X","seat":', 1)
    assert _fields(_agrees(text)) == _fields(_plain(text))
    text = line.replace('"deals":[', '"rules":"kawu","deals":[', 1)
    _agrees(text)


def test_the_report_is_the_compact_checks() -> None:
    for line in lines_of("standard", 2):
        got = report_json_text(line, "t.jsonl", 3, 7)
        assert got["valid"] and got["findings"] == []


def _report_without_msgspec(text: str, monkeypatch: pytest.MonkeyPatch) -> Any:
    from hearts_notation.io import typed_json

    with monkeypatch.context() as m:
        m.setitem(sys.modules, "msgspec", None)
        typed_json.decoder.cache_clear()
        try:
            assert typed_json.decoder() is None
            return report_json_text(text, "t.jsonl", 3, 7)
        finally:
            typed_json.decoder.cache_clear()


def test_deep_nesting_goes_the_json_loads_way(monkeypatch: pytest.MonkeyPatch) -> None:
    # msgspec raises RecursionError on very deep nesting (in a field it does not type):
    # the json.loads way then reports the depth limit, as without msgspec.
    typed = decoder()
    assert typed is not None
    line = lines_of("standard", 1)[0]
    for depth in (50, 100_000):
        deep = line.replace('"result":', '"result":' + "[" * depth + "]" * depth + ',"comment":', 1)
        if depth > 1000:
            assert typed(deep) is None
        got = report_json_text(deep, "t.jsonl", 3, 7)
        assert not got["valid"]
        assert got == _report_without_msgspec(deep, monkeypatch)
