"""``hearts select`` and a key given twice in one object of a JSON or YAML
record (docs/select.md): with two values the record does not read cleanly
(readers that keep the first value and those that keep the last read two
games), so, like a record that does not parse, it can be found and counted
but is not written; it is named on standard error at its repeated key, from
the readers' own ``duplicate-key`` finding, and the exit status is 1.  The
same value twice reads the same everywhere: written, once."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.app import cli
from hearts_notation.generate import generate_games
from hearts_notation.io import dumps


@pytest.fixture(scope="module")
def lines() -> list[str]:
    """Three clean games of two deals, one JSONL line each."""
    return dumps(list(generate_games(3, seed=9, max_deals=2)), "jsonl").splitlines()


def _select(*args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(cli, ["select", "--lang", "en", *args], catch_exceptions=False)
    return r.exit_code, r.stdout, r.stderr


def _twice(line: str, value: str) -> str:
    return line.replace('"rules":"standard"', f'"rules":"standard","rules":"{value}"', 1)


def test_a_key_twice_with_two_values_is_not_written(tmp_path: Path, lines: list[str]) -> None:
    path = tmp_path / "p.jsonl"
    path.write_text("\n".join([lines[0], _twice(lines[1], "short"), lines[2]]) + "\n",
                    encoding="utf-8")
    column = lines[1].index('"rules":"standard"') + len('"rules":"standard",') + 1
    code, out, err = _select(str(path), "-o", "-")
    assert code == 1
    written = [json.loads(line) for line in out.splitlines()]
    assert [g["tags"]["Round"] for g in written] == ["1", "3"]
    assert f"hearts: {path}:2:{column}: game 2 matches but is not written: " in err
    assert "the key 'rules' is given again here with another value" in err
    # found and counted as a record that does not parse is
    assert _select(str(path), "--count")[1] == "3\n"
    assert _select(str(path), "--where", "finding(duplicate-key)", "--count")[1] == "1\n"
    # --deals: none of its deals is written either
    code, out, err = _select(str(path), "--deals", "-o", "-")
    assert code == 1 and len(out.splitlines()) == 4 and "game 2 matches" in err


def test_the_same_value_twice_is_written_once(tmp_path: Path, lines: list[str]) -> None:
    path = tmp_path / "p.jsonl"
    path.write_text(_twice(lines[0], "standard") + "\n", encoding="utf-8")
    code, out, err = _select(str(path), "-o", "-")
    assert code == 0 and err == ""
    assert out.count('"rules"') == 1


def test_pretty_json_and_french(tmp_path: Path, lines: list[str]) -> None:
    games = [json.loads(line) for line in lines]
    text = json.dumps(games, indent=2).replace('"rules": "standard"',
                                                '"rules": "standard",\n    "rules": "short"', 1)
    path = tmp_path / "p.json"
    path.write_text(text, encoding="utf-8")
    r = CliRunner().invoke(cli, ["select", "--lang", "fr", str(path), "--to", "jsonl"],
                           catch_exceptions=False)
    assert r.exit_code == 1
    assert len(r.stdout.splitlines()) == 2
    line = text[:text.index('"rules": "short"')].count("\n") + 1
    assert f"hearts: {path}:{line}:5 : partie 1 retenue mais non écrite : " in r.stderr


@pytest.mark.parametrize("pretty", [False, True])
def test_a_query_decided_by_the_header_sees_the_key_twice(tmp_path: Path, lines: list[str],
                                                          pretty: bool) -> None:
    """A query whose header part may skip a game reads the record by the
    typed decoder with the header looked at first (select.py's
    ``_compact_view``): the same duplicate-key test as every clean read."""
    text = "\n".join([_twice(lines[0], "standard"), *lines[1:]]) + "\n"
    if pretty:
        games = [json.loads(line) for line in lines]
        text = json.dumps(games, indent=2).replace(
            '"rules": "standard"', '"rules": "standard",\n    "rules": "standard"', 1)
    path = tmp_path / ("p.json" if pretty else "p.jsonl")
    path.write_text(text, encoding="utf-8")
    for where in ("finding(duplicate-key)", 'tag(Event) ~ "Generated" and finding(duplicate-key)'):
        assert _select(str(path), "--where", where, "--count")[1] == "1\n", where
