"""The one decoder of a clean record (msgspec's typed structures) gives the
model's report, or steps aside.

The typed way is the fast road to the referee's compact check: whenever it
yields a compact game, the report made from it must be the report of the
model path (:func:`check_game` on :func:`game_from_dict`, the reference);
whenever the record is not clean it must yield nothing, so that the model
path reports what is wrong.  (Before issue 22 these tests compared the typed
way with a second converter from ``json.loads``'s dictionaries,
``compact_json``; that copy is gone, and the comparison is now with the
reference itself.)
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from hearts_notation.io.compact import CompactGame, compact_record
from hearts_notation.io.typed_json import decode_actions, decode_record
from hearts_notation.referee import compact_report, report_json_text
from hearts_notation.rules import preset_names
from tests.budget import presets
from tests.test_referee_json_text import TEXT_MUTATIONS, lines_of, model_report


def _typed(text: str) -> CompactGame | None:
    record = decode_record(text)
    return compact_record(record, 7, text=text) if record is not None else None


def _agrees(text: str, monkeypatch: pytest.MonkeyPatch) -> CompactGame | None:
    """The compact form of *text*'s typed record; its report, when the
    compact check makes one, is the model's."""
    typed = _typed(text)
    if typed is not None:
        fast = compact_report(typed, "t.jsonl", 3)
        if fast is not None:
            assert fast == model_report(text, monkeypatch), text[:300]
    return typed


@pytest.mark.parametrize("preset", presets(preset_names()))
def test_clean_records_take_the_typed_way_in_every_spelling(
        preset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    for line in lines_of(preset):
        obj = json.loads(line)
        moon = any("moon" in d for d in obj["deals"])
        for text in (line, json.dumps(obj), json.dumps(obj, indent=2), json.dumps(obj, indent="\t")):
            typed = _agrees(text, monkeypatch)
            # Every clean record takes the typed way (a moon line is the model's).
            assert (typed is None) == moon, text[:200]


def test_observer_records_decode_but_go_to_the_model() -> None:
    """An unknown hand (``null``) is of the clean shape, so the typed decoder
    reads it, but the compact check leaves it to the model's inference."""
    obj = json.loads(lines_of("standard", 1)[0])
    for deal in obj["deals"]:
        deal["hands"] = {seat: None for seat in deal["hands"]}
    text = json.dumps(obj)
    assert decode_record(text) is not None
    assert _typed(text) is None
    assert report_json_text(text, "t.jsonl", 3, 7)["findings"]


@pytest.mark.parametrize("preset", ["standard", "kawu", "three-players", "six-players"])
def test_mutated_records_agree_or_go_to_the_model(preset: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(preset)
    for line in lines_of(preset, 2, seed=5):
        for _name, mutate in TEXT_MUTATIONS:
            _agrees(mutate(line, rng), monkeypatch)


def test_random_byte_edits_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(3)
    line = lines_of("standard", 1)[0]
    alphabet = '{}[]:,"0123456789 \\-.eEtruefalsn\u00e9QSHDCNESWT'
    taken = 0
    for _ in range(600):
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
        taken += _agrees(text, monkeypatch) is not None
    assert taken > 0      # some edits keep a clean record (in a tag, say)


def test_duplicate_keys_keep_the_last_value_and_are_reported(
        monkeypatch: pytest.MonkeyPatch) -> None:
    line = lines_of("standard", 1)[0]
    for text in (line.replace('"seat":', '"seat":"X","seat":', 1),
                 line.replace('"deals":[', '"rules":"kawu","deals":[', 1)):
        assert _typed(text) is None     # (tests/test_json_dupkeys.py: the model path says where)
        got = report_json_text(text, "t.jsonl", 3, 7)
        assert got == model_report(text, monkeypatch)
        assert "duplicate-key" in [f["code"] for f in got["findings"]]


def test_the_report_is_the_compact_checks() -> None:
    for line in lines_of("standard", 2):
        got = report_json_text(line, "t.jsonl", 3, 7)
        assert got["valid"] and got["findings"] == []


def test_deep_nesting_goes_to_the_model(monkeypatch: pytest.MonkeyPatch) -> None:
    # msgspec raises RecursionError on very deep nesting (in a field it does not
    # type): the model's reader then reports the depth limit at its bracket.
    line = lines_of("standard", 1)[0]
    for depth in (50, 100_000):
        deep = line.replace('"result":', '"result":' + "[" * depth + "]" * depth + ',"comment":', 1)
        if depth > 1000:
            assert decode_record(deep) is None
        got: Any = report_json_text(deep, "t.jsonl", 3, 7)
        assert not got["valid"]
        assert got == model_report(deep, monkeypatch)


@pytest.mark.parametrize("text", [
    "[true]", "[1.0]", "[[1]]", "[1,", '["5"]', "[\ud800]", "{}", "[" * 5000])
def test_a_history_line_that_is_not_a_list_of_integers_is_the_readers(text: str) -> None:
    """OpenSpiel histories' typed decoder (:func:`decode_actions`) takes only a
    list of integers; anything else -- a lone surrogate included, which
    escaped as ``UnicodeEncodeError`` when the OpenSpiel reader held its own
    copy of the decoder -- is ``None``, for the reader's
    :func:`~hearts_notation.io.jsonio.loads_record` to word."""
    assert decode_actions(text) is None
    assert decode_actions("[0, 51, 7]") == [0, 51, 7]

