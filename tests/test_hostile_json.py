"""Hostile JSON, JSONL and YAML through the commands that read records.

Each input must give a clear message naming file:line:column (or a
``syntax-error`` finding in ``validate``), exit 1 or 2, never a traceback,
in bounded time and memory: nesting of 10^5 levels, numbers too large for
a float or for Python's conversion, NaN and Infinity, lone surrogates, a
byte-order mark, bytes that are not UTF-8, a line over the record limit,
YAML alias bombs and Python tags.  (``annotate`` is left out for the valid
record: it would analyse it; every refused input is tried with it.)
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli
from hearts_notation.generate import generate_games
from hearts_notation.io import dumps
from hearts_notation.io.limits import Limits, set_limits

#: Seven levels of nine aliases each: 9^7 strings if expanded.
_BOMB = "a: &a [" + ",".join(['"lol"'] * 9) + "]\n" + "".join(
    f"{b}: &{b} [" + ",".join([f"*{a}"] * 9) + "]\n" for a, b in zip("abcdef", "bcdefg", strict=True))


@pytest.fixture(scope="module")
def line() -> str:
    return dumps(list(generate_games(1, seed=4, max_deals=1)), "jsonl").strip()


def _cases(line: str) -> dict[str, tuple[bytes, str]]:
    """name -> (file content, where the message must point, as line:column
    or a regular expression of it)."""
    number = line.index('"number":1') + len('"number":') + 1
    event = line.index('"Event":"') + len('"Event":"')
    return {
        "deep.json": (b"[" * 100_000 + b"]" * 100_000, r"1:\d+"),
        "deep.jsonl": (b"[" * 100_000 + b"]" * 100_000 + b"\n", r"1:\d+"),
        "deepobj.json": (b'{"a":' * 100_000 + b"1" + b"}" * 100_000, r"1:\d+"),
        "deep.yaml": (b"[" * 100_000 + b"]" * 100_000 + b"\n", r"1:\d+"),
        "float.jsonl": (line.replace('"number":1', '"number":1e400', 1).encode() + b"\n",
                        f"1:{number}"),
        "digits.jsonl": (line.replace('"number":1', '"number":' + "9" * 5000, 1).encode() + b"\n",
                         f"1:{number}"),
        "digits.json": (b"[\n" + line.replace('"number":1', '"number":' + "9" * 5000, 1).encode()
                        + b"\n]\n", f"2:{number}"),
        "nan.jsonl": (line.replace('"number":1', '"number":NaN', 1).encode() + b"\n", f"1:{number}"),
        "inf.json": (line.replace('"number":1', '"number":-Infinity', 1).encode(), f"1:{number}"),
        "surrogate.jsonl": (line.replace('"Event":"', '"Event":"\\ud800', 1).encode() + b"\n",
                            f"1:{event}"),
        "surrogate-key.jsonl": (line.replace('"Event":"', '"\\ud800":"', 1).encode() + b"\n",
                                r"1:\d+"),
        "not-utf8.jsonl": (line.encode()[:50] + b"\xff" + line.encode()[50:] + b"\n", "1:51"),
        "bomb.yaml": (_BOMB.encode(), "2:8"),   # the first alias, *a (json21)
        "python-tag.yaml": (b'!!python/object/apply:os.system ["echo no"]\n', "1:1"),
        "python-tag2.yaml": (b"deals: !!python/object:builtins.dict {}\n", "1:8"),
    }


@pytest.mark.parametrize("command", ["validate", "score", "convert", "annotate"])
def test_hostile_inputs_are_refused_at_their_place(line: str, tmp_path: Path, command: str) -> None:
    for name, (content, where) in _cases(line).items():
        path = tmp_path / name
        path.write_bytes(content)
        args = [command, str(path)] + (["--to", "hrn"] if command == "convert" else [])
        res = CliRunner().invoke(cli, args)
        out = res.output
        assert res.exception is None or isinstance(res.exception, SystemExit), (name, out)
        assert "Traceback" not in out, (name, out)
        assert res.exit_code in ((1, 2) if command == "validate" else (2,)), (name, res.exit_code, out)
        assert re.search(re.escape(str(path)) + ":" + where + r"\b", out), (name, out)


def test_a_bom_is_read_as_nothing(line: str, tmp_path: Path) -> None:
    for name in ("bom.jsonl", "bom.json"):
        path = tmp_path / name
        path.write_bytes(b"\xef\xbb\xbf" + line.encode() + b"\n")
        res = CliRunner().invoke(cli, ["validate", str(path)])
        assert res.exit_code == 0, res.output


def test_a_line_over_the_record_limit(tmp_path: Path) -> None:
    """A single line longer than the ``record`` limit (16 MiB by default,
    ``HEARTS_MAX_RECORD``: a 50 MB line is refused the same way) is refused
    at its first character over, without reading it whole."""
    path = tmp_path / "long.jsonl"
    path.write_text('{"tags":{"Event":"' + "x" * 300_000 + '"},"deals":[]}\n', encoding="utf-8")
    set_limits(Limits(record=100_000))
    try:
        for command in ("validate", "score"):
            res = CliRunner().invoke(cli, [command, str(path)])
            assert res.exit_code == 2 and f"{path}:1:100001:" in res.output, res.output
    finally:
        set_limits(None)
