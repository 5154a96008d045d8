"""Records written by other code, and pyspiel's games through the command line
(helper interop26; docs/interop.md "Checked against OpenSpiel, round 26",
docs/spec.md 3.4).

The records of ``tests/data/interop26`` (``make.py``) are json21's clean game
as an exporter writes it: each reads as its twin or is told once.  Cheap and
in-process.  The pyspiel campaign (``campaign.py``: every parameter
combination through validate, score, convert, select, replay and solve, a
process per command) is the long test at the end.
"""

from __future__ import annotations

import importlib.util
import json
from importlib.resources import files
from pathlib import Path

import pytest
from record_campaign import assert_read_as, assert_refused_once, clean_deals

from hearts_notation.api import read_games, validate_file
from tests.clirun import run

DATA = Path(__file__).parent / "data" / "interop26"
CLEAN = Path(__file__).parent / "data" / "json21" / "clean.json"


def _findings(path: Path) -> list[tuple[str, str, int | None]]:
    return [(f["code"], f["message"], f["line"]) for f in validate_file(str(path)).findings()]


@pytest.mark.parametrize("name", ["pass-null.json", "pass-null.yaml"])
def test_a_null_pass_is_a_pass_not_recorded(name: str) -> None:
    """``"E": null`` in ``passes`` (a site that did not see East's pass) reads
    as the record without East's pass, as a null hand is a hand not known; it
    was refused as "expected an object, found null"."""
    (game,) = read_games(str(DATA / name))
    (twin,) = read_games(str(DATA / "pass-absent.json"))
    assert game.deals[0].passes.keys() == twin.deals[0].passes.keys() == {"N", "S", "W"}
    assert [p.cards for p in game.deals[0].passes.values()] == \
        [p.cards for p in twin.deals[0].passes.values()]
    assert game.deals[0].tricks == twin.deals[0].tricks
    # the referee says what the twin's says: East's pass is not recorded
    assert [(c, m) for c, m, _ in _findings(DATA / name)] == \
        [(c, m) for c, m, _ in _findings(DATA / "pass-absent.json")]
    assert "no pass is recorded for E" in _findings(DATA / name)[0][1]


def test_unfinished_null_reads_as_absent() -> None:
    """``"unfinished": null`` (an exporter that writes every field) is the
    clean game; it was "expected true or false"."""
    assert_read_as(str(DATA / "unfinished-null.json"), clean_deals(str(CLEAN)))


@pytest.mark.parametrize("name", ["pass-null.json", "unfinished-null.json"])
def test_the_record_schema_says_what_the_reader_reads(name: str) -> None:
    """The record schema accepts the nulls the reader reads as absent (it
    refused both)."""
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads(files("hearts_notation.schema").joinpath("record.schema.json")
                        .read_text(encoding="utf-8"))
    jsonschema.validate(json.loads((DATA / name).read_text(encoding="utf-8")), schema)


def test_a_list_of_games_on_one_jsonl_line_is_read_as_its_games() -> None:
    """Several games minified onto the one line of a .jsonl file (a site's
    export) are read as the games they are, as a .json file's list is (it was
    "expected an object, found a list"; hostile26's rule, docs/spec.md 3.1.1:
    a list on each of several lines stays JSONL and is told, tests/test_review26.py)."""
    assert len(list(read_games(str(DATA / "games-list-line.jsonl")))) == 2
    assert [f for f in validate_file(str(DATA / "games-list-line.jsonl")).findings()
            if f["code"] == "syntax-error"] == []


@pytest.mark.parametrize(("name", "line", "column", "words"), [
    ("wrapped-game.jsonl", 1, 20, "a game inside an object (its field 'game'): write the game "
                                  "object alone"),
    ("games-data.json", 3, 10, "games inside an object (its field 'data'): several games in a "
                               ".json file are a JSON list of game objects"),
    ("games-after-key.json", 3, 11, 'a "games" key: several games in a .json file are a JSON '
                                    "list of game objects"),
])
def test_games_wrapped_by_an_export_are_told_at_the_wrapper(name: str, line: int, column: int,
                                                             words: str) -> None:
    """A site's export that wraps its games (``{"id": 17, "game": {...}}`` a
    line, ``{"version": 2, "data": [...]}``, ``{"exported": ..., "games":
    [...]}``): told at the key that holds the games, with the form to write
    (it was "unknown field 'id'" / 'version' / 'exported', the first key,
    with the advice to put it in the tags)."""
    errors = [f for f in validate_file(str(DATA / name)).findings() if f["severity"] == "error"]
    assert (errors[0]["line"], errors[0]["column"]) == (line, column), errors
    assert words in str(errors[0]["message"]), errors[0]["message"]
    assert len(errors) == (2 if name.endswith(".jsonl") else 1)


def test_a_state_inside_an_object_is_told_the_form_to_give(tmp_path: Path) -> None:
    """``{"game": "hearts()", "seed": 5, "state": {...}}``, a script's log of a
    pyspiel run: with ``--from openspiel`` told at the state's key to save the
    state alone (or the history after its game string), exit 2; read as a
    record (named .json), told to read it with ``--from openspiel``.  It was
    "missing field 'phase'" and "unknown field 'game'"."""
    path = DATA / "state-in-object.osjson"
    code, out = run("validate", "--from", "openspiel", str(path))
    assert code == 2, out
    told = {x for x in out.splitlines() if "an OpenSpiel state inside an object" in x}
    assert len(told) == 1 and "state-in-object.osjson:1:42: state:" in told.pop(), out
    assert "as state.to_json() prints it" in out and "--from openspiel-history" in out
    record = tmp_path / "log.json"
    record.write_bytes(path.read_bytes())
    assert_refused_once(str(record), 1, 42, "an OpenSpiel state inside an object (its field "
                        "'state'), not a record: write the state alone, as state.to_json() "
                        "prints it, and read it with --from openspiel")


@pytest.mark.parametrize("name", ["history-tuple.oshist", "history-numpy.oshist"])
def test_a_history_printed_by_python_is_told_the_json_list(name: str) -> None:
    """``str(tuple(state.history()))`` and ``print(numpy.array(...))``: told
    once at 1:1 with the JSON list to write, exit 2.  The tuple was "not a
    pass direction action", the array "not valid JSON ... read it with
    --from openspiel-history", the very format it was read with."""
    code, out = run("validate", "--from", "openspiel-history", str(DATA / name))
    assert code == 2, out
    told = {x for x in out.splitlines() if "is not a JSON list of actions" in x}
    assert len(told) == 1, out
    line = told.pop()
    assert f"{name}:1:1: " in line and "write the history as a JSON list, [1, ...]" in line, line
    assert "read it with --from" not in out


@pytest.mark.parametrize(("name", "words"), [
    ("history-objects.oshist", "history, action 1: {'action': 1} is not a pass direction action"),
    ("history-strings.oshist", "history, action 1: '1' is text, not an action: write the number "
                               "without quotes, 1"),
])
def test_a_history_of_objects_or_strings_is_told(name: str, words: str) -> None:
    """``[{"action": 1}, ...]`` was an internal error (exit 3: a dict hashed
    where a history of bridge is told); ``["1", "26", ...]`` was "'1' is not a
    pass direction action".  Both: unusable input at 1:2, exit 2."""
    code, out = run("validate", "--from", "openspiel-history", str(DATA / name))
    assert code == 2, out
    assert f"{name}:1:2: {words}" in out, out


@pytest.mark.parametrize(("fmt", "text", "column"), [
    ("openspiel-history", "[1, 26,, 45]\n", 8),
    ("openspiel-history", "hearts()\n[1 26, 45]\n", 4),
    ("openspiel", '{"current_player": "Terminal",, }\n', 31),
])
def test_a_broken_json_is_not_told_to_be_read_as_it_is(tmp_path: Path, fmt: str, text: str,
                                                        column: int) -> None:
    """A syntax error in a history's list or a state's object, read with
    ``--from openspiel-history`` / ``openspiel``: no hint to read it with
    the format it was read with (it said "this input looks like
    openspiel-history, not JSON: read it with --from openspiel-history")."""
    path = tmp_path / "broken.txt"
    path.write_text(text, encoding="utf-8")
    code, out = run("validate", "--from", fmt, str(path))
    assert code == 1, out
    assert f"broken.txt:{text.count(chr(10))}:{column}: error: not valid JSON" in out, out
    assert "read it with --from" not in out


@pytest.mark.slow
def test_campaign() -> None:
    """pyspiel's games under 12 parameter combinations through the command
    line: every verdict, score, round trip and count agrees (campaign.py)."""
    pytest.importorskip("pyspiel")
    spec = importlib.util.spec_from_file_location("interop26_campaign", DATA / "campaign.py")
    assert spec is not None and spec.loader is not None
    campaign = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(campaign)
    import sys

    argv = sys.argv
    sys.argv = ["campaign.py", "12", "--deals", "6", "--seed", "26"]
    try:
        assert campaign.main() == 0
    finally:
        sys.argv = argv


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_jsonl_files_joined_each_with_its_bom_read_whole(tmp_path: Path, jobs: str) -> None:
    """Two ``.jsonl`` files each saved with a byte-order mark and joined with
    ``cat``: the second's mark opens a line past the first, where the stream
    does not drop it; the line is read past it (it was "not valid JSON:
    Unexpected UTF-8 BOM" at 2:1), by the model's reader and the validator's
    records alike, at every number of jobs.  A line that is only a mark is
    blank; a broken line after a mark is told at its column after the mark."""
    (game,) = json.loads((DATA / "games-list-line.jsonl").read_text(encoding="utf-8"))[:1]
    one = b"\xef\xbb\xbf" + json.dumps(game, ensure_ascii=False).encode("utf-8") + b"\n"
    joined = tmp_path / "joined.jsonl"
    joined.write_bytes(one + b"\xef\xbb\xbf\n" + one)
    assert len(list(read_games(str(joined)))) == 2
    status, out = run("validate", "-j", jobs, str(joined))
    assert status == 0 and "2 valid games; 0 errors" in out, out
    broken = tmp_path / "broken.jsonl"
    broken.write_bytes(one + b'\xef\xbb\xbf{"deals": 3}\n')
    status, out = run("validate", "-j", jobs, str(broken))
    assert status == 1 and f"{broken}:2:11: error: deals: expected a list of deals" in out, out
