"""The README's test command, test by test: what each test costs in CPU.

    python benchmarks/suite_cpu.py [--top N] [--out FILE.jsonl] [-- PYTEST ARGS...]

Issue 22 item 8 caps the README's test command (``python -m pytest -q``) at
5 CPU-minutes per build.  GNU time gives the whole run's CPU; it does not say
which tests to look at.  This script runs pytest in this process with a
plugin that reads, around every test, this process's CPU time and that of the
children it has waited for (the ``hearts`` subprocesses, process pools,
chromedriver), so each test's figure is CPU time, not wall time, and stays
meaningful on a busy machine.  It prints the whole run's CPU, the share of the
heaviest tests (the 10, 50, 100 and 200 heaviest), the heaviest ``--top``
tests and files, and two anchors measured in the same run: a bare interpreter
start (``python -c pass``, with and without ``site``) and a fixed loop of pure
Python, so that figures from different machines or days can be compared by
ratio.  ``--out`` keeps every test's figure (JSON lines) for later study.

Run it as CI runs the tests (bytecode written: unset
``PYTHONDONTWRITEBYTECODE``), on the compiled core, or on pure Python with
``HEARTS_NOTATION_PURE=1``.
"""

from __future__ import annotations

import argparse
import collections
import json
import resource
import subprocess
import sys
import time
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: The row of the session's last tear-down (the session-scoped fixtures: the
#: headless Chromium of the browser tests, whose processes' CPU is counted
#: when they end, at this point, and not in the tests that used them).
SESSION_TEARDOWN = "(the session's fixtures, ended after the last test: the browser's CPU)"


def cpu() -> tuple[float, float]:
    """This process's CPU seconds and its waited-for children's."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime, kids.ru_utime + kids.ru_stime


class Recorder:
    """A pytest plugin: the CPU of every test's whole protocol (set-up, call,
    tear-down), in this process and in the children it waited for."""

    def __init__(self) -> None:
        self.rows: list[dict[str, Any]] = []
        self.last_teardown: tuple[float, float] | None = None

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item: pytest.Item,
                                nextitem: pytest.Item | None) -> Generator[None, None, None]:
        before = cpu()
        yield
        after = cpu()
        split = self.last_teardown if nextitem is None else None
        if split is None:
            split = after
        self.rows.append({"id": item.nodeid, "self": split[0] - before[0],
                          "children": split[1] - before[1]})
        if nextitem is None:
            # The last test's tear-down also ends the session's fixtures; the
            # headless browser's processes are waited for only then, so all
            # of the browser tests' Chromium CPU is counted here, not in them.
            self.rows.append({"id": SESSION_TEARDOWN, "self": after[0] - split[0],
                              "children": after[1] - split[1]})

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_teardown(self, item: pytest.Item,
                                nextitem: pytest.Item | None) -> Generator[None, None, None]:
        if nextitem is None:
            self.last_teardown = cpu()
        yield


def anchors() -> dict[str, float]:
    """The machine's speed in this run: interpreter starts (best of 5, CPU of
    the child) and a fixed pure-Python loop (best of 3, CPU)."""
    out: dict[str, float] = {}
    for name, args in (("python -c pass", [sys.executable, "-c", "pass"]),
                       ("python -S -c pass", [sys.executable, "-S", "-c", "pass"])):
        best = float("inf")
        for _ in range(5):
            start = cpu()[1]
            subprocess.run(args, check=True)
            best = min(best, cpu()[1] - start)
        out[name] = best
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        total = 0
        for i in range(3_000_000):
            total += i & 7
        best = min(best, time.process_time() - start)
    out["loop of 3,000,000 additions"] = best
    return out


def main(argv: list[str] | None = None) -> int:
    """Run the suite with the recorder and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--top", type=int, default=30, help="how many tests and files to list")
    parser.add_argument("--out", type=Path, help="write every test's CPU here (JSON lines)")
    parser.add_argument("pytest_args", nargs="*", help="after --: arguments for pytest")
    args = parser.parse_args(argv)
    before = anchors()
    recorder = Recorder()
    start = cpu()
    status = pytest.main(["-q", "-p", "no:cacheprovider", *args.pytest_args], plugins=[recorder])
    end = cpu()
    after = anchors()
    rows = recorder.rows
    if args.out is not None:
        args.out.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    costs = sorted((r["self"] + r["children"] for r in rows), reverse=True)
    total = (end[0] - start[0]) + (end[1] - start[1])
    in_tests = sum(costs)
    tests = sum(1 for r in rows if r["id"] != SESSION_TEARDOWN)
    print(f"\npytest exit status {int(status)}; {tests} tests")
    print(f"CPU of the run: {total:.1f} s = {total / 60:.2f} CPU-min "
          f"(this process {end[0] - start[0]:.1f} s, children {end[1] - start[1]:.1f} s; "
          f"inside tests {in_tests:.1f} s)")
    for k in (10, 50, 100, 200):
        share = sum(costs[:k]) / in_tests if in_tests else 0.0
        print(f"  the {k} heaviest tests: {sum(costs[:k]):.1f} s ({share:.0%})")
    print("anchors (before / after the run):")
    for name in before:
        print(f"  {name}: {before[name] * 1000:.1f} / {after[name] * 1000:.1f} ms CPU")
    print(f"heaviest {args.top} tests (CPU s: self + children):")
    for r in sorted(rows, key=lambda r: -(r["self"] + r["children"]))[:args.top]:
        print(f"  {r['self'] + r['children']:7.2f}  {r['id']}")
    files: collections.Counter[str] = collections.Counter()
    for r in rows:
        files[r["id"].split("::")[0]] += r["self"] + r["children"]
    print(f"heaviest {args.top} files:")
    for name, cost in files.most_common(args.top):
        print(f"  {cost:7.1f}  {name}")
    return int(status)


if __name__ == "__main__":
    sys.exit(main())
