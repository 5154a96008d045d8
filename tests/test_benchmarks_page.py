"""``benchmarks/run_all.py`` writes the targets table from the rows of its own run."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests import benchmark_module


def _run_all() -> Any:
    return benchmark_module.load("run_all")


def test_targets_are_read_from_the_rows() -> None:
    ra = _run_all()
    referee = [{"name": "validate JSONL, 1 job", "value": 40000, "unit": "deals/s", "ratio": 2.05},
               {"name": "validate pretty-printed JSON, 1 job", "value": 20000, "unit": "deals/s",
                "ratio": 1.02}]
    corpus = [{"name": "peak RSS streaming 101 MB jsonl", "value": 25.5, "unit": "MiB",
               "ratio": 1.08},
              {"name": "peak RSS streaming 50 MB hrn", "value": 40.0, "unit": "MiB", "ratio": 1.3},
              {"name": "peak RSS streaming 5 MB hrn", "value": 30.0, "unit": "MiB", "ratio": None}]
    results = [(Path("bench_referee.py"), referee, 1.0, None),
               (Path("bench_corpus.py"), corpus, 1.0, None)]
    table = ra.targets(results)
    text = "\n".join(table)
    jsonl = next(line for line in table if "canonical spacing" in line)
    assert "| 2.05x |" in jsonl and "| yes |" in jsonl
    # Issue 22 raised the JSONL goal to 2.5x: the same row is judged against both.
    raised = next(line for line in table if "any spacing (issue 22)" in line)
    assert "| 2.05x |" in raised and "| **no** |" in raised
    pretty = next(line for line in table if "pretty-printed JSON (an array" in line)
    assert "| 1.02x |" in pretty and "| **no** |" in pretty
    # A row the module did not produce is said to be missing, not invented.
    assert "not measured in this run" in next(line for line in table if "json.dumps" in line)
    # Every streaming row with a ratio is judged; modules not run are left out.
    memory = [line for line in table if "memory flat" in line]
    assert len(memory) == 2 and "| yes |" in memory[0] and "| **no** |" in memory[1]
    assert "bench_startup" not in text and "annotate" not in text


def test_a_module_with_its_own_arguments_is_skipped(tmp_path: Path) -> None:
    ra = _run_all()
    other = tmp_path / "bench_other.py"
    other.write_text("def run(deals, seeds):\n    return []\n", encoding="utf-8")
    try:
        ra.run_module(other, True, False)
    except ra._NotForRunAll:
        pass
    else:
        raise AssertionError("a run() without quick was called")


def test_a_run_of_every_module_keeps_the_test_suites_section() -> None:
    """The test suite's cost is measured by hand (docs/testing.md): a whole run
    rewrites the modules' sections and keeps that one."""
    ra = _run_all()
    old = ("# Performance\n\nold head\n\n## Machine\n\nold\n\n## bench_a\n\nold a\n\n"
           "## Test suite\n\n| run | CPU-min |\n| default | 4.0 |\n")
    new = "# Performance\n\nnew head\n\n## Machine\n\nnew\n\n## bench_a\n\nnew a\n"
    page = ra.keep_measured_by_hand(old, new)
    assert page.startswith(new) and "old a" not in page
    assert page.endswith("## Test suite\n\n| run | CPU-min |\n| default | 4.0 |\n")
    assert ra.keep_measured_by_hand(new, new) == new
