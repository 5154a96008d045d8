"""docs/cluster.md's table of issue 30's promises names, for each, the test
or benchmark that holds it: every one named must exist, so that the table
cannot outlive a renamed or removed test."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HEADING = "## What holds each promise (issue 30)"


def section() -> str:
    text = (ROOT / "docs" / "cluster.md").read_text(encoding="utf-8")
    assert HEADING in text
    return text.split(HEADING, 1)[1].split("\n## ", 1)[0]


def test_every_test_the_table_names_exists() -> None:
    named = re.findall(r"`(tests/[\w/]+\.py)::(\w+)`", section())
    assert len(named) >= 25
    missing = []
    for path, name in named:
        tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
        defined = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
        if name not in defined:
            missing.append(f"{path}::{name}")
    assert missing == []


def test_every_benchmark_the_table_names_exists() -> None:
    named = set(re.findall(r"`(benchmarks/\w+\.py)`", section()))
    assert len(named) >= 4
    assert sorted(p for p in named if not (ROOT / p).is_file()) == []
