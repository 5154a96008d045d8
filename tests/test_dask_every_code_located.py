"""Every finding code of docs/spec.md, from a JSONL corpus, names its line.

Logs from other programs arrive as JSONL; a finding without a place is of
no use on a million lines.  The corpus here produces every code of the
spec's table (section 5.2) -- the referee corpus converted to JSONL, a
record cut short (``syntax-error``), a game passed in another order
(``pass-mismatch``) and a record naming a key twice (``duplicate-key``)
-- and the test fails if a code of the table is missing from it, so a
new code must come with a located example.  Every
finding, and every detail of a summing-up finding, carries the line of
its JSONL record (a record is one line) and a column on that line; the
text output prints ``file:line:col:`` for each.  JSON and YAML give a line
and a column too, for every code their records can carry.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli
from hearts_notation.io import dumps, read_games
from tests.test_misorder import misordered_game

ROOT = Path(__file__).resolve().parent.parent
REFEREE = ROOT / "tests" / "data" / "referee"


# Codes that only a text format's reader can give (a JSON, JSONL or YAML
# record has no brace comment and no action history): their located
# examples, file:line:col in English and French, are in the test file named.
TEXT_READERS_ONLY = {"unclosed-comment": "tests/test_qa_dec3.py",
                     "cut-history": "tests/test_qa_dec3.py",
                     "unnamed-seats": "tests/test_reader13.py"}


def spec_codes() -> set[str]:
    """The codes of the table of docs/spec.md, section 5.2, that a JSON,
    JSONL or YAML record can carry."""
    text = (ROOT / "docs" / "spec.md").read_text(encoding="utf-8")
    table = text.split("### 5.2", 1)[1].split("\n### ", 1)[0]
    codes = set(re.findall(r"^\| `([a-z-]+)` \|", table, re.M))
    assert len(codes) >= 25
    for code, where in TEXT_READERS_ONLY.items():
        assert code in codes and f"[{code}]" in (ROOT / where).read_text(encoding="utf-8")
    return codes - set(TEXT_READERS_ONLY)


def _misordered() -> dict[str, Any]:
    """A game passed right-left-across logged as a standard game without
    pass directions: one ``pass-mismatch`` per passing deal."""
    return misordered_game("right,left,across,hold", seed=5, deals=3)


@pytest.fixture(scope="module")
def corpora(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    games = [g for p in sorted(REFEREE.glob("*.hrn")) for g in read_games(str(p)) if not g.errors]
    root = tmp_path_factory.mktemp("every-code")
    misordered = json.dumps(_misordered(), ensure_ascii=False)
    out: dict[str, Path] = {}
    jsonl = dumps(games, "jsonl").splitlines(keepends=True)
    cut = jsonl[3]
    jsonl.insert(7, cut[: len(cut) // 2] + "\n")           # a record cut short
    jsonl.insert(12, misordered + "\n")
    twice = next(ln for ln in jsonl if '"rules":"' in ln)     # a key named twice
    jsonl.insert(14, twice.replace('"rules":"', '"rules":"short","rules":"', 1))
    out["jsonl"] = root / "corpus.jsonl"
    out["jsonl"].write_text("".join(jsonl), encoding="utf-8")
    for fmt in ("json", "yaml"):
        out[fmt] = root / f"corpus.{fmt}"
        out[fmt].write_text(dumps(games, fmt), encoding="utf-8")
    return out


def _report(path: Path) -> dict[str, Any]:
    res = CliRunner().invoke(cli, ["validate", str(path), "--format", "json", "--jobs", "1"])
    assert res.exit_code == 1, res.output
    doc: dict[str, Any] = json.loads(res.stdout)
    return doc


def _all(findings: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for f in findings:
        out.append(f)
        out.extend(_all(f.get("details", [])))
    return out


def test_every_spec_code_from_jsonl_names_its_line(corpora: dict[str, Path]) -> None:
    doc = _report(corpora["jsonl"])
    lines = corpora["jsonl"].read_text(encoding="utf-8").split("\n")
    seen: set[str] = set()
    for entry in doc["games"]:
        record = lines[entry["line"] - 1]
        assert record.strip(), entry["line"]
        for f in _all(entry["findings"]):
            seen.add(f["code"])
            # a JSONL record is one line: the finding is on it, at a column of it
            assert f["line"] == entry["line"], f
            assert f["column"] is not None and 1 <= f["column"] <= len(record) + 1, f
    missing = spec_codes() - seen
    assert not missing, f"codes of docs/spec.md with no located example from JSONL: {missing}"
    assert doc["summary"]["codes"]["pass-mismatch"] >= 1
    assert doc["summary"]["codes"]["syntax-error"] == 1


def test_text_output_prints_file_line_col_for_every_code(corpora: dict[str, Path]) -> None:
    path = corpora["jsonl"]
    res = CliRunner().invoke(cli, ["validate", str(path), "--jobs", "1"])
    head = re.compile(re.escape(str(path)) + r":(\d+):(\d+): (error|warning|info): .*\[([a-z-]+)\]$")
    detail = re.compile(r"^    " + re.escape(str(path)) + r":(\d+):(\d+): .*\[([a-z-]+)\]$")
    codes: set[str] = set()
    for ln in res.stdout.splitlines():
        m = head.match(ln)
        if m:
            codes.add(m.group(4))
            continue
        d = detail.match(ln)
        if d:
            codes.add(d.group(3))
            continue
        assert ": error: " not in ln and ": warning: " not in ln and ": info: " not in ln, ln
    assert spec_codes() <= codes, spec_codes() - codes


@pytest.mark.parametrize("fmt", ["json", "yaml"])
def test_json_and_yaml_findings_have_line_and_column(corpora: dict[str, Path], fmt: str) -> None:
    doc = _report(corpora[fmt])
    seen: set[str] = set()
    for entry in doc["games"]:
        assert entry["line"] is not None
        for f in _all(entry["findings"]):
            seen.add(f["code"])
            assert f["line"] is not None and f["line"] >= entry["line"], f
            assert f["column"] is not None and f["column"] >= 1, f
    # everything but what these files do not hold (a cut record, a misordered
    # log, a key named twice: tests/test_json_dupkeys.py places JSON's and YAML's)
    assert spec_codes() - {"syntax-error", "pass-mismatch", "duplicate-key"} <= seen


def test_dask_engine_keeps_the_locations(corpora: dict[str, Path]) -> None:
    """The same report from shards read separately (the Dask engine's cut)."""
    from functools import partial

    from hearts_notation.api import validate_batch
    from hearts_notation.runners.local import LocalEngine
    from hearts_notation.runners.seam import guarded
    from hearts_notation.runners.shards import plan_file, run_shard

    path = str(corpora["jsonl"])
    work = partial(validate_batch, rules=None, force=False)
    whole = [e for g in LocalEngine(1).map_batches(work, [path], None, None) for e in g]
    plan = plan_file(path, None, 2000, 32)
    assert isinstance(plan, list) and len(plan) > 1
    cut = [e for s in plan for g in run_shard(s, guarded(work), None, 32).values for e in g]
    assert cut == whole
