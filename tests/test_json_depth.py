"""The ``depth`` limit in JSON and JSONL, as in YAML: a value nested past
``HEARTS_MAX_DEPTH`` (32) is refused at the bracket that goes over, with
``file:line:col``, before Python's decoder recurses into it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli
from hearts_notation.io import dumps, read_games
from hearts_notation.io.jsonio import json_too_deep
from hearts_notation.io.limits import Limits, set_limits

ROOT = Path(__file__).parent.parent
GAMES = list(read_games(str(ROOT / "samples" / "club-night.json")))[:2]
LINES = dumps(GAMES, "jsonl").splitlines(keepends=True)


def nested(depth: int) -> str:
    return "[" * depth + "1" + "]" * depth


@pytest.mark.parametrize("text, offset", [
    (nested(32), None),
    (nested(33), 32),
    ('{"a": ' + nested(31) + "}", None),
    ('{"a": ' + nested(32) + "}", 6 + 31),
    # Brackets inside strings are not nesting, whichever way they lean.
    ('["' + "[" * 100 + '"]', None),
    ('["' + "]" * 40 + '", ' + nested(33) + "]", 45 + 31),
    # Escapes: a quote or a backslash escaped inside a string.
    ('["\\"[[[", "\\\\", ' + nested(32) + "]", 16 + 31),
    ('["\\"[[[", "\\\\", ' + nested(31) + "]", None),
    ("{[" * 16 + "1" + "]}" * 16, None),
    ("{[" * 16 + "{1}" + "]}" * 16, 32),
    ("[" * 20_000, 32),                      # unclosed: still found
    ("", None),
])
def test_json_too_deep(text: str, offset: int | None) -> None:
    assert json_too_deep(text) == offset


def test_a_record_is_well_within_the_limit() -> None:
    for line in LINES:
        assert json_too_deep(line) is None


def test_the_limit_follows_the_setting() -> None:
    try:
        set_limits(Limits(depth=4))
        assert json_too_deep(LINES[0]) is not None
        assert json_too_deep(nested(4)) is None
    finally:
        set_limits(None)


def run(*args: str) -> tuple[int, str]:
    res = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return res.exit_code, res.stdout + res.stderr


@pytest.mark.parametrize("depth", [40, 900, 20_000])
def test_jsonl_line_nested_too_deep_is_a_finding_at_its_bracket(tmp_path: Path, depth: int) -> None:
    """One deep line among good ones: a syntax-error finding at the bracket
    over the limit (line 2, column 33 + the key's width); the other records
    are read and checked."""
    path = tmp_path / "deep.jsonl"
    bad = '{"tags": ' + nested(depth) + "}\n"
    path.write_text(LINES[0] + bad + LINES[0], encoding="utf-8")
    code, out = run("validate", "--jobs", "1", str(path))
    assert code == 1, out
    assert (f"{path}:2:{9 + 31 + 1}: error: the nesting of JSON values is over the limit of 32 "
            "(set HEARTS_MAX_DEPTH to raise it)") in out
    assert "Traceback" not in out
    code, out = run("validate", "--jobs", "1", "--format", "json", str(path))
    report = json.loads(out)
    assert report["summary"]["games"] == 3


def test_json_array_element_too_deep_is_that_games_error(tmp_path: Path) -> None:
    """In a ``.json`` array the element nested too deeply is its game's
    syntax error; the other games are read."""
    path = tmp_path / "deep.json"
    good = json.dumps(json.loads(LINES[0]))
    path.write_text("[\n" + good + ',\n{"tags":\n  ' + nested(50) + "},\n" + good + "\n]\n",
                    encoding="utf-8")
    for jobs in ("1", "2"):
        code, out = run("validate", "--jobs", jobs, str(path))
        assert code == 1, out
        assert "the nesting of JSON values is over the limit of 32" in out
        assert f"{path}:4:" in out
        code, out = run("validate", "--jobs", jobs, "--format", "json", str(path))
        assert json.loads(out)["summary"]["games"] == 3


def test_json_document_nested_past_the_interpreter_is_refused_at_its_place(tmp_path: Path) -> None:
    """A single document nested 100,000 deep: exit 2 at the bracket over the
    limit, no traceback (the decoder's RecursionError is not what is shown)."""
    path = tmp_path / "deep.json"
    path.write_text('{"tags":\n ' + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8")
    code, out = run("score", "--jobs", "1", str(path))
    assert code == 2
    assert f"{path}:2:" in out and "nesting of JSON values" in out


def test_raising_the_limit_lets_deeper_values_reach_the_schema(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With HEARTS_MAX_DEPTH=100 a 40-deep value is no longer a depth
    error; the schema refuses it instead (tags are strings)."""
    from hearts_notation.io.limits import refresh

    path = tmp_path / "deep.jsonl"
    record = json.loads(LINES[0])
    record["tags"]["Event"] = json.loads(nested(40))
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    monkeypatch.setenv("HEARTS_MAX_DEPTH", "100")
    refresh()
    try:
        code, out = run("validate", "--jobs", "1", str(path))
    finally:
        monkeypatch.delenv("HEARTS_MAX_DEPTH")
        refresh()
    assert code == 1 and "nesting" not in out and "Event" in out
