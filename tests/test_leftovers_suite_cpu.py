"""``benchmarks/suite_cpu.py`` (the README's test command, test by test in
CPU): its recorder plugin and its report, on a tiny pytest run of two tests
in a temporary folder: a line per test and one for the session's
tear-down (the machine's anchors stubbed: they start ten
interpreters; their own test is in the long step)."""

from __future__ import annotations

import gc
import json
from pathlib import Path

import pytest

from tests.benchmark_module import load

TINY = '''
def test_counts():
    assert sum(range(1000)) == 499500

def test_left_out():
    raise AssertionError("deselected by -k")
'''


def test_the_recorder_writes_a_line_per_test_with_its_cpu(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    suite_cpu = load("suite_cpu")
    monkeypatch.setattr(suite_cpu, "anchors", lambda: {"stub anchor": 0.001})
    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    (tmp_path / "test_suite_cpu_probe.py").write_text(TINY, encoding="utf-8")
    out = tmp_path / "rows.jsonl"
    # The inner pytest run collects garbage (pytest's own gc.collect calls):
    # late in the README's run every collection walked the whole suite's
    # objects, 2.5 CPU-s against 0.5 alone (issue 22).  Frozen, they are not
    # walked; the recorder and its report are the same.
    gc.freeze()
    try:
        status = suite_cpu.main(["--top", "3", "--out", str(out), "--",
                                 str(tmp_path / "test_suite_cpu_probe.py"), "-k", "counts",
                                 "--rootdir", str(tmp_path), "-c", str(tmp_path / "pytest.ini"),
                                 "--import-mode=importlib", "-p", "no:asyncio"])
    finally:
        gc.unfreeze()
    printed = capsys.readouterr().out
    assert status == 0, printed
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    # (the test's row, then the session's tear-down on a row of its own)
    assert [r["id"] for r in rows] == [rows[0]["id"], suite_cpu.SESSION_TEARDOWN], rows
    assert rows[0]["id"].endswith("test_suite_cpu_probe.py::test_counts")
    assert all(set(r) == {"id", "self", "children"} and r["self"] >= 0 and r["children"] >= 0
               for r in rows), rows
    assert "pytest exit status 0; 1 tests" in printed
    assert "stub anchor: 1.0 / 1.0 ms CPU" in printed
    files = printed.split("heaviest 3 files:")[1]
    assert "test_suite_cpu_probe.py" in files


@pytest.mark.long
def test_the_anchors_are_cpu_figures() -> None:
    figures = load("suite_cpu").anchors()
    assert set(figures) == {"python -c pass", "python -S -c pass", "loop of 3,000,000 additions"}
    assert all(0 < v < 60 for v in figures.values())
