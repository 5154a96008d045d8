"""``hearts select --count`` and a matching record that gives a key twice with
two values (docs/select.md).  Writing, select leaves it out and names it,
exit 1; ``--count`` (and ``--explain`` without ``-o``) counted it silently,
exit 0, although another reader reads another game.  Now it is counted as
read here and named at its repeated key, exit 1, in English and French,
whatever the number of jobs.  A record that does not parse is counted
silently as before (what it leaves is what every reader reads), and the
same key with the same value is no flaw."""

from __future__ import annotations

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


def _select(lang: str, *args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(cli, ["select", "--lang", lang, *args], catch_exceptions=False)
    return r.exit_code, r.stdout, r.stderr


def _twice(line: str, value: str) -> str:
    return line.replace('"rules":"standard"', f'"rules":"standard","rules":"{value}"', 1)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_count_names_a_key_twice(tmp_path: Path, lines: list[str], jobs: str) -> None:
    path = tmp_path / "p.jsonl"
    path.write_text("\n".join([lines[0], _twice(lines[1], "short"), lines[2]]) + "\n",
                    encoding="utf-8")
    column = lines[1].index('"rules":"standard"') + len('"rules":"standard",') + 1
    where = f"hearts: {path}:2:{column}: game 2 "
    for args, out in ((["--count"], "3\n"), (["--deals", "--count"], "6\n"),
                      (["--where", "finding(duplicate-key)", "--count"], "1\n")):
        code, stdout, stderr = _select("en", str(path), "--jobs", jobs, *args)
        assert (code, stdout) == (1, out), args
        assert stderr.startswith(where + "matches and is counted as this reader reads it: ")
        assert "the key 'rules' is given again here with another value" in stderr
        assert stderr.count("\n") == 1
    code, _, stderr = _select("fr", str(path), "--jobs", jobs, "--count")
    assert code == 1
    assert stderr.startswith(f"hearts: {path}:2:{column} : partie 2 retenue et comptée "
                             "telle que ce lecteur la lit : ")
    # a game the query does not match is not named
    assert _select("en", str(path), "--where", "not finding(duplicate-key)", "--count") \
        == (0, "2\n", "")


def test_a_record_that_does_not_parse_is_counted_quietly(tmp_path: Path,
                                                         lines: list[str]) -> None:
    path = tmp_path / "p.jsonl"
    path.write_text("\n".join([lines[0], '{"deals": [1]}']) + "\n", encoding="utf-8")
    assert _select("en", str(path), "--count") == (0, "2\n", "")
    code, stdout, stderr = _select("en", str(path), "--explain")
    assert (code, stderr) == (0, "") and stdout.endswith("2 games selected.\n")
    # written: left out and named, as before
    code, stdout, stderr = _select("en", str(path), "-o", "-")
    assert code == 1 and len(stdout.splitlines()) == 1 and "is not written" in stderr


def test_the_same_value_twice_is_counted_quietly(tmp_path: Path, lines: list[str]) -> None:
    path = tmp_path / "p.jsonl"
    path.write_text(_twice(lines[0], "standard") + "\n", encoding="utf-8")
    assert _select("en", str(path), "--count") == (0, "1\n", "")
