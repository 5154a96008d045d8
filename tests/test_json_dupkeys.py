"""Keys named twice in one object of a JSON, JSONL or YAML record are a
``duplicate-key`` finding (docs/spec.md 5.2), not read last-wins silently.

The clean path's test (the layout lengths of ``io/compact.py``'s
``_Layout``, then a count of colons) and the model path's
(:func:`hearts_notation.io.jsonio.may_repeat_keys`) must let every clean
record through in the usual layouts (else ``validate`` would walk every
record) and catch every repeated key; the walk
(:func:`hearts_notation.io.jsonio.repeated_keys`) places each.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from hearts_notation.api import read_games, validate_file
from hearts_notation.cli import cli
from hearts_notation.generate import generate_games
from hearts_notation.io import dumps
from hearts_notation.io.compact import compact_record
from hearts_notation.io.jsonio import may_repeat_keys, repeated_keys
from hearts_notation.io.typed_json import decode_record


@pytest.fixture(scope="module")
def record() -> str:
    """One complete clean game of two deals, as a JSONL line."""
    games = list(generate_games(1, seed=3, max_deals=2))
    return dumps(games, "jsonl").strip()


def _dups(line: str) -> dict[str, str]:
    """Three records with a key named twice: the rules with another value
    (an error), a seat's pass given twice (an error), a play's seat twice
    with the same value (a warning)."""
    return {
        "rules": line.replace('"rules":"standard"', '"rules":"standard","rules":"short"', 1),
        "passes": line.replace('"passes":{', '"passes":{"N":["2C","3C","4C"],', 1),
        "seat": line.replace('{"seat":"N","card":', '{"seat":"N","seat":"N","card":', 1),
    }


def _layouts(tree: Any) -> dict[str, str]:
    return {"compact": json.dumps(tree, separators=(",", ":")), "dumps": json.dumps(tree),
            "indent2": json.dumps(tree, indent=2),
            "element": json.dumps(tree, indent=2).replace("\n", "\n  "),
            "indent4": json.dumps(tree, indent=4), "tabs": json.dumps(tree, indent="\t"),
            "crlf": json.dumps(tree, indent=2).replace("\n", "\r\n"),
            "escaped": json.dumps(tree, indent=1, ensure_ascii=True).replace("Event", "Ev\\u0065nt")}


def test_clean_records_pass_the_tests_in_every_layout(record: str) -> None:
    tree = json.loads(record)
    tree["tags"]["Time"] = "20:15:00"           # colons in a string
    tree["deals"][0]["comment"] = "a: b"
    for name, text in _layouts(tree).items():
        rec = decode_record(text)
        assert rec is not None, name
        assert compact_record(rec, 1, text=text) is not None, name
        assert not may_repeat_keys(json.loads(text), text), name


class _Uncounted(str):
    """A text whose colons may not be counted: the usual layouts are told
    by their length alone (meaningful on the pure-Python core, where the
    method is looked up)."""

    def count(self, *args: Any) -> int:
        raise AssertionError("counted")


def test_the_usual_layouts_are_told_by_their_length(record: str) -> None:
    tree = json.loads(record)
    observer = json.loads(record)
    for deal in observer["deals"]:
        deal["hands"] = {seat: None for seat in deal["hands"]}
    for name, text in _layouts(tree).items():
        if name in ("compact", "dumps", "indent2", "element", "indent4"):
            rec = decode_record(text)
            assert compact_record(rec, 1, text=_Uncounted(text)) is not None, name
    text = json.dumps(observer)
    assert compact_record(decode_record(text), 1, unknown_hands=True,
                          text=_Uncounted(text)) is not None
    tens = record.replace('"TS"', '"10S"').replace('"TH"', '"10h"')     # three characters
    assert tens != record
    assert compact_record(decode_record(tens), 1, text=_Uncounted(tens)) is not None
    spaced = json.dumps(json.loads(tens), indent=2)
    assert compact_record(decode_record(spaced), 1, text=_Uncounted(spaced)) is not None


def test_repeated_keys_fail_the_tests_in_every_layout(record: str) -> None:
    for what, line in _dups(record).items():
        tree_text = line
        for name, text in _layouts(json.loads(tree_text)).items():
            # the layouts of the record with its key named twice, written by hand
            twice = text.replace('"rules": "standard"', '"rules": "standard", "rules": "short"', 1) \
                if what == "rules" else text
            if twice == text and what == "rules" and '"rules":"standard"' in text:
                twice = text.replace('"rules":"standard"', '"rules":"standard","rules":"short"', 1)
            if twice == text:
                continue
            rec = decode_record(twice)
            assert rec is not None and compact_record(rec, 1, text=twice) is None, (what, name)
            assert may_repeat_keys(json.loads(twice), twice), (what, name)
        rec = decode_record(line)
        assert rec is not None and compact_record(rec, 1, text=line) is None, what
        assert may_repeat_keys(json.loads(line), line), what


def test_random_repeats_are_all_caught(record: str) -> None:
    """A key of a random object of the record named again (with its value
    or another), in the compact and the indented layouts."""
    rng = random.Random(5)
    tree = json.loads(record)
    objects: list[dict[str, Any]] = []
    stack: list[Any] = [tree]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            objects.append(v)
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
    for _ in range(40):
        obj = rng.choice(objects)
        key = rng.choice(sorted(obj))
        marker = "\u2063"           # a key no record has, replaced in the text
        obj[marker] = obj[key]
        for text in (json.dumps(tree, separators=(",", ":"), ensure_ascii=False),
                     json.dumps(tree, indent=2, ensure_ascii=False)):
            twice = text.replace(json.dumps(marker, ensure_ascii=False), json.dumps(key), 1)
            rec = decode_record(twice)
            if rec is not None:
                assert compact_record(rec, 1, text=twice) is None, key
            assert may_repeat_keys(json.loads(twice), twice), key
            found = repeated_keys(twice)
            assert [k for _, k, _, _, _ in found] == [key] and found[0][3], found
        del obj[marker]


def test_the_walk_places_each_repetition() -> None:
    text = '{"a": {"x": [1, 2], "y": 1}, "b": 2,\n "a": {"y": 1, "x": [1,2]}, "b": 3, "b": 3}'
    found = repeated_keys(text)
    assert [(k, same) for _, k, _, same, _ in found] == [("a", True), ("b", False), ("b", False)]
    assert [text[off:off + 3] for off, *_ in found] == ['"a"', '"b"', '"b"']
    assert repeated_keys('{"d": [{"p": 1, "p": true}]}') == [(16, "p", ("d", 0), False, 8)]


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_validate_reports_each_at_its_key(record: str, tmp_path: Path, jobs: str) -> None:
    dups = _dups(record)
    lines = [dups["rules"], record, dups["passes"], dups["seat"]]
    jsonl = _write(tmp_path, "d.jsonl", "\n".join(lines) + "\n")
    array = _write(tmp_path, "d.json", "[" + ",\n".join(lines) + "]\n")
    for path, first in ((jsonl, 1), (array, 2)):
        res = CliRunner().invoke(cli, ["validate", str(path), "--format", "json", "--jobs", jobs])
        assert res.exit_code == 1, res.output
        doc = json.loads(res.stdout)
        got = [(e["index"], f["severity"], f["line"], f["column"],
                f["message"].split("the key ")[1].split(" ")[0])
               for e in doc["games"] for f in e["findings"] if f["code"] == "duplicate-key"]
        at = [ln.index(key, ln.index(key, ln.index(anchor)) + 1) + 1 for ln, anchor, key in (
            (dups["rules"], '"rules"', '"rules"'), (dups["passes"], '"passes"', '"N"'),
            (dups["seat"], '{"seat":"N","seat"', '"seat"'))]
        assert got == [(1, "error", 1, at[0] + (first == 2), "'rules'"),
                       (3, "error", 3, at[1], "'N'"),
                       (4, "warning", 4, at[2], "'seat'")], got
        res = CliRunner().invoke(cli, ["validate", str(path), "--jobs", jobs])
        assert (f"{path}:3:{at[1]}: error: deals[0].passes: the key 'N' is given again here "
                "with another value") in res.stdout
        res = CliRunner().invoke(cli, ["validate", str(path), "--jobs", jobs, "--lang", "fr"])
        assert (f"{path}:4:{at[2]}: avertissement: deals[0].tricks[0].plays[0] : la clé 'seat' "
                "est redonnée ici, avec la même valeur") in res.stdout


def test_library_api_and_yaml(record: str, tmp_path: Path) -> None:
    path = _write(tmp_path, "d.jsonl", _dups(record)["passes"] + "\n")
    game = next(read_games(str(path)))
    assert [(f.code, f.severity, f.line) for f in game.notices] == [("duplicate-key", "error", 1)]
    report = validate_file(str(path))
    assert [f["code"] for e in report.entries for f in e["findings"]] == ["duplicate-key"]
    yaml_path = _write(tmp_path, "d.yaml",
                       dumps(list(read_games(str(_write(tmp_path, "c.jsonl", record + "\n")))),
                             "yaml")
                       .replace("rules: standard\n", "rules: standard\nrules: short\n", 1))
    res = CliRunner().invoke(cli, ["validate", str(yaml_path), "--format", "json"])
    doc = json.loads(res.stdout)
    found = [f for e in doc["games"] for f in e["findings"] if f["code"] == "duplicate-key"]
    text = yaml_path.read_text(encoding="utf-8").splitlines()
    assert [(f["severity"], text[f["line"] - 1][f["column"] - 1:]) for f in found] == [
        ("error", "rules: short")]
