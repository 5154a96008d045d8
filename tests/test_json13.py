"""A JSON, JSONL or YAML record's ``players`` key that is no seat of the game
(``"X"``, ``"P7"`` at four seats) is a ``player-conflict`` error at that
name, in the record's language, naming the game's seats (docs/spec.md, the
``players`` key): before, it was accepted silently and ``convert --to hrn``
wrote it as a tag, which reads back as a tag, not a player.

In-process and cheap: one generated game of one deal, read and checked a
few times (well under a CPU-second)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from clirun import one_deal_record

from hearts_notation.api import validate_file
from hearts_notation.cli import cli


@pytest.fixture(scope="module")
def record() -> dict[str, object]:
    """One clean game of one deal, with its four players named."""
    return one_deal_record(13)


def _write(tmp_path: Path, rec: dict[str, object], fmt: str) -> Path:
    path = tmp_path / f"game.{fmt}"
    if fmt == "json":
        path.write_text(json.dumps(rec, indent=2), encoding="utf-8")
    elif fmt == "jsonl":
        path.write_text(json.dumps(rec) + "\n", encoding="utf-8")
    else:
        # JSON is YAML: the YAML reader reads it as a YAML record
        path.write_text(json.dumps(rec, indent=2), encoding="utf-8")
    return path


def _errors(path: Path) -> list[dict[str, object]]:
    return [f for f in validate_file(str(path)).findings() if f["severity"] == "error"]


@pytest.mark.parametrize("fmt", ["json", "jsonl", "yaml"])
def test_clean_record_stays_valid(tmp_path: Path, record: dict[str, object], fmt: str) -> None:
    """The fixture itself is valid: the findings below are the key's."""
    assert _errors(_write(tmp_path, record, fmt)) == []


@pytest.mark.parametrize("fmt", ["json", "jsonl", "yaml"])
@pytest.mark.parametrize("key", ["X", "P7"])
def test_player_at_no_seat_is_an_error(tmp_path: Path, record: dict[str, object],
                                       fmt: str, key: str) -> None:
    rec = dict(record)
    rec["players"] = {**record["players"], key: "Zed"}  # type: ignore[dict-item]
    path = _write(tmp_path, rec, fmt)
    errors = _errors(path)
    assert [f["code"] for f in errors] == ["player-conflict"]
    f = errors[0]
    assert "not a seat of this game" in str(f["message"])
    assert f["seat"] == key
    # at the name, on the key's line
    lines = path.read_text(encoding="utf-8").splitlines()
    assert isinstance(f["line"], int) and isinstance(f["column"], int)
    assert f'"{key}"' in lines[f["line"] - 1]
    assert lines[f["line"] - 1][f["column"] - 1:].startswith('"Zed"')


def test_french_record_and_cli_exit(tmp_path: Path, record: dict[str, object]) -> None:
    """In French the finding is in French and names the seats (West is
    O); the run goes on to the summary and exits 1 (an invalid record)."""
    rec = {**record, "players": {**record["players"], "X": "Zed"}}  # type: ignore[dict-item]
    path = _write(tmp_path, rec, "json")
    res = CliRunner().invoke(cli, ["validate", "--lang", "fr", str(path)])
    assert res.exit_code == 1, res.output
    assert "n'est pas une place de cette partie" in res.output
    assert "[player-conflict]" in res.output
    assert "(O)" in res.output and "1 partie" in res.output


def test_full_seat_word_is_told_the_seat_meant(tmp_path: Path, record: dict[str, object]) -> None:
    """``"North"`` where ``N`` belongs: the message says which seat is meant,
    as for a hand recorded for ``North``."""
    rec = {**record, "players": {"North": "Ann"}}
    errors = _errors(_write(tmp_path, rec, "json"))
    assert [f["code"] for f in errors] == ["player-conflict"]
    assert "did you mean" in str(errors[0]["message"])


def test_schema_names_seats_as_player_keys(record: dict[str, object]) -> None:
    """The record schema says what the reader does: a ``players`` key is a
    seat name (``1x`` is none); which seats the game has is the referee's
    (a schema cannot see ``seats`` or the rules), so ``X`` passes it."""
    jsonschema = pytest.importorskip("jsonschema")
    from importlib.resources import files

    schema = json.loads(files("hearts_notation.schema").joinpath("record.schema.json")
                        .read_text(encoding="utf-8"))
    v = jsonschema.Draft202012Validator(schema)
    bad = {**record, "players": {"1x": "Zed"}}
    errors = list(v.iter_errors(bad))
    assert len(errors) == 1 and "'1x'" in errors[0].message
    assert list(v.iter_errors({**record, "players": {"X": "Zed"}})) == []
