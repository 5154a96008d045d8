"""``"language": null`` is a record with no language said (English), on every
path (docs/spec.md section 3.1), and the shipped schema accepts it as spec.md
does (its ``enum`` had no null, so a record every reader took was refused by
the schema).

The clean typed path cannot tell a null field from an absent one, so it
leaves a record with a null field, the language as any other, to the model's
reader (the layout's length does not count the key): a matter of speed, not
of verdict.  What counts is that ``hearts validate`` says the same of such a
record as of the one without the key, valid or not, in JSON and JSONL, and
that a code without a catalog is refused at its place in both.
"""

from __future__ import annotations

import json
from importlib.resources import files
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from click.testing import CliRunner

from hearts_notation.app import cli
from hearts_notation.generate import generate_games
from hearts_notation.io import dumps


@pytest.fixture(scope="module")
def tree() -> dict[str, Any]:
    """One complete clean game of two deals, as the model's writer gives it."""
    loaded: dict[str, Any] = json.loads(dumps(list(generate_games(1, seed=5, max_deals=2)),
                                              "jsonl"))
    return loaded


def _write(path: Path, games: list[dict[str, Any]]) -> None:
    if path.suffix == ".jsonl":
        path.write_text("".join(json.dumps(g) + "\n" for g in games), encoding="utf-8")
    else:
        path.write_text(json.dumps(games, indent=2) + "\n", encoding="utf-8")


def _validate(path: Path) -> tuple[int, list[Any]]:
    r = CliRunner().invoke(cli, ["validate", "--format", "json", str(path)],
                           catch_exceptions=False)
    games = json.loads(r.stdout)["games"]
    return r.exit_code, [{k: v for k, v in g.items() if k != "source"} for g in games]


def _wrong_score(tree: dict[str, Any]) -> dict[str, Any]:
    """*tree* with its first deal's score line one point off (score-mismatch)."""
    game = json.loads(json.dumps(tree))
    score = game["deals"][0]["score"]
    seat = next(iter(score))
    score[seat] += 1
    return game


@pytest.mark.parametrize("suffix", [".json", ".jsonl"])
def test_null_is_no_language(tmp_path: Path, tree: dict[str, Any], suffix: str) -> None:
    """Against the same records saying ``"en"`` (clean path; as many
    characters as ``null``, so every finding stands at the same place)."""
    games = [tree, _wrong_score(tree)]
    # the key first (where convert writes it and hearts looks for it) and last
    for where in ("first", "last"):
        reports = []
        for code in (None, "en"):
            said = [{"language": code, **g} if where == "first" else {**g, "language": code}
                    for g in games]
            _write(path := tmp_path / f"{where}-{code}{suffix}", said)
            reports.append(_validate(path))
        assert reports[0] == reports[1], where
        status, report = reports[0]
        assert status == 1 and [g["valid"] for g in report] == [True, False]
        assert [f["code"] for f in report[1]["findings"]] == ["score-mismatch"]


@pytest.mark.parametrize("suffix", [".json", ".jsonl"])
def test_a_code_without_catalog_is_located(tmp_path: Path, tree: dict[str, Any],
                                           suffix: str) -> None:
    path = tmp_path / f"de{suffix}"
    _write(path, [{"language": "de", **tree}])
    r = CliRunner().invoke(cli, ["validate", str(path)], catch_exceptions=False)
    assert r.exit_code == 1
    line, column = (1, len('{"language": ') + 1) if suffix == ".jsonl" else \
        (3, len('    "language": ') + 1)
    game = "" if suffix == ".jsonl" else "game 1: "
    assert (f"{path}:{line}:{column}: error: {game}language: expected the code of a language "
            "with a catalog (en, fr) or null, found 'de'") in r.output


def test_the_schema_reads_null_as_the_spec_does(tree: dict[str, Any]) -> None:
    schema = json.loads(files("hearts_notation.schema").joinpath("record.schema.json")
                        .read_text(encoding="utf-8"))
    for code in (None, "en", "fr"):
        jsonschema.validate({"language": code, **tree}, schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"language": "de", **tree}, schema)
