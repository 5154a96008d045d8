"""The shipped JSON Schema (docs/spec.md, section 3.2) describes what the package writes.

Every shipped sample is converted to JSON and to JSONL through the command line and each
game is checked against ``hearts_notation/schema/record.schema.json`` with ``jsonschema``
(a test-only dependency); the schema must also refuse records that are not well formed,
so that the check can fail.
"""

from __future__ import annotations

import json
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli

jsonschema = pytest.importorskip("jsonschema")

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted(p for p in (ROOT / "samples").iterdir()
                 if p.suffix in {".hrn", ".json", ".jsonl", ".yaml", ".yml"})


def _schema() -> dict[str, Any]:
    text = files("hearts_notation.schema").joinpath("record.schema.json").read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


@pytest.fixture(scope="module")
def validator() -> Any:
    schema = _schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def _convert(path: Path, to: str) -> str:
    result = CliRunner().invoke(cli, ["convert", str(path), "--to", to])
    assert result.exit_code == 0, result.output
    return result.output


def test_there_are_samples_of_every_input_format() -> None:
    assert {p.suffix for p in SAMPLES} >= {".hrn", ".json", ".yaml"}


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.name)
def test_json_output_of_every_sample_follows_the_schema(sample: Path, validator: Any) -> None:
    data = json.loads(_convert(sample, "json"))
    games = data if isinstance(data, list) else [data]
    assert games
    for game in games:
        errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(game)]
        assert errors == [], f"{sample.name}: {errors}"


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.name)
def test_jsonl_output_of_every_sample_follows_the_schema(sample: Path, validator: Any) -> None:
    lines = [line for line in _convert(sample, "jsonl").splitlines() if line.strip()]
    assert lines
    for line in lines:
        validator.validate(json.loads(line))


@pytest.mark.parametrize("bad", [
    {},                                                         # no deals
    {"deals": [], "colour": "red"},                             # unknown field
    {"deals": [{"tricks": [{"plays": [{"seat": "N", "card": "1S"}]}]}]},   # not a card
    {"deals": [{"pass": "sideways"}]},                          # not a direction
    {"deals": [{"number": 0}]},                                 # deals count from 1
    {"deals": [{"moon": {"seat": "N", "choice": "double"}}]},  # not a moon choice
    {"deals": [], "seats": ["N", "N", "S"]},                    # seats repeat
    {"deals": [], "result": "N"},                               # result is a list or "*"
])
def test_the_schema_refuses_malformed_records(bad: dict[str, Any], validator: Any) -> None:
    assert not validator.is_valid(bad)


def test_the_schema_accepts_the_minimal_record(validator: Any) -> None:
    assert validator.is_valid({"deals": []})
    assert validator.is_valid({"deals": [{"passes": {"N": {"cards": ["QS", "10h", "2c"], "to": "E"}}}],
                               "result": "*"})
