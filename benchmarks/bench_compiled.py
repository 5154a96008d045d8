"""Compiled core against pure Python: the same source, with and without mypyc.

    python benchmarks/bench_compiled.py [--quick]

Each figure is measured twice in this run, in fresh processes: once with the compiled
core, once with ``HEARTS_NOTATION_PURE=1`` (the anchor), on the same inputs:

* ``hearts validate`` of canonical HRN and of JSONL (generated games, heuristic
  bots, standard rules), one job: deals per CPU-second of the whole process, start-up
  included;
* ``hearts annotate --fast``, one job: CPU seconds per deal;
* the exact solver on 4-trick positions (the value of every legal card for the seat
  to lead, a fresh solver each time): median CPU milliseconds.

The compiled core is the one beside the sources when it is built and current (after
``pip install -e .``); otherwise the module builds one in a temporary copy of the
repository with ``setup.py build_ext --inplace`` (about a minute of CPU) and says so.
All times are CPU time (user + system) of the measured processes.
"""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
Row = dict[str, object]

SOLVE = """
import random, statistics, sys, time
sys.path.insert(0, "benchmarks")
from bench_analysis import _position
from hearts_notation.analysis.exact import ExactSolver
from hearts_notation.rules import parse_rules
rules = parse_rules("standard")
rng = random.Random("bench/compiled/4")
times = []
for _ in range(int(sys.argv[1])):
    p = _position(rules, rng, 4)
    t = time.process_time()
    ExactSolver(rules).card_values(p)
    times.append((time.process_time() - t) * 1000)
print(statistics.median(times))
"""


def _env(tree: Path, pure: bool) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("HEARTS_NOTATION_PURE", "PYTHONPATH")}
    env["PYTHONPATH"] = str(tree)
    if pure:
        env["HEARTS_NOTATION_PURE"] = "1"
    return env


def _run(tree: Path, args: list[str], pure: bool) -> tuple[float, str]:
    """CPU seconds of one child process, and its standard output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, *args], cwd=tree, env=_env(tree, pure),
                          capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        raise RuntimeError(f"{' '.join(args)} failed: {done.stderr.strip()[-400:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, done.stdout


def _core(tree: Path, pure: bool) -> str:
    code = "import hearts_notation._compiled as c; print(c.description())"
    return _run(tree, ["-c", code], pure)[1].strip()


def _compiled_tree(work: Path) -> tuple[Path, str]:
    """A tree whose compiled core is current: the repository's, or a fresh copy built here."""
    if _core(ROOT, False).startswith("core: compiled"):
        return ROOT, "the compiled core beside the sources"
    copy = work / "repo"
    listing = ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"]
    files = subprocess.run(listing, cwd=ROOT, capture_output=True, check=True).stdout
    for name in filter(None, files.decode().split("\0")):
        src = ROOT / name
        if src.is_file() and (name.startswith(("hearts_notation/", "grammar/", "benchmarks/"))
                              or "/" not in name):
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, copy / name)
    t = time.process_time()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace"], cwd=copy,
                          env=_env(copy, False), capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime + time.process_time() - t
    if done.returncode != 0 or not _core(copy, False).startswith("core: compiled"):
        raise RuntimeError("could not build the compiled core: " + done.stderr.strip()[-400:])
    return copy, f"a copy built for this run ({cpu:.0f} CPU-s to compile)"


def _row(name: str, compiled: float, pure: float, unit: str, note: str, higher_is_better: bool) -> Row:
    speedup = compiled / pure if higher_is_better else pure / compiled
    return {"name": f"{name}, compiled", "value": round(compiled, 3), "unit": unit,
            "anchor": f"{name}, pure Python", "anchor_value": round(pure, 3),
            "ratio": round(compiled / pure, 3), "target": "",
            "note": f"{speedup:.2f}x faster compiled; {note}"}


def run(quick: bool = False) -> list[Row]:
    with tempfile.TemporaryDirectory(prefix="hearts-bench-compiled-") as tmp:
        work = Path(tmp)
        tree, origin = _compiled_tree(work)
        games = 20 if quick else 120
        data = {}
        for fmt in ("hrn", "jsonl"):
            path = work / f"corpus.{fmt}"
            _run(tree, ["-m", "hearts_notation", "generate", "--games", str(games), "--seed", "2026",
                        "--format", fmt, "-o", str(path), "--jobs", "1"], False)
            data[fmt] = path
        annotate_deals = 1 if quick else 3
        one_deal = work / "deals.hrn"
        _run(tree, ["-m", "hearts_notation", "generate", "--games", str(annotate_deals), "--seed", "7",
                    "--deals-per-game", "1", "-o", str(one_deal), "--jobs", "1"], False)
        count_code = ("import sys; from hearts_notation.io import read_games;"
                      "print(sum(len(g.deals) for g in read_games(sys.argv[1])))")
        deals = int(_run(tree, ["-c", count_code, str(data["hrn"])], False)[1])
        rows: list[Row] = []
        for fmt, label in (("hrn", "validate canonical HRN"), ("jsonl", "validate JSONL")):
            args = ["-m", "hearts_notation", "validate", str(data[fmt]), "--jobs", "1", "--quiet"]
            rates = {pure: deals / min(_run(tree, args, pure)[0] for _ in range(2 if quick else 3))
                     for pure in (False, True)}
            rows.append(_row(label, rates[False], rates[True], "deals/CPU-s",
                             f"{deals} deals in {games} games, whole process, best of runs", True))
        args = ["-m", "hearts_notation", "annotate", str(one_deal), "--fast", "--jobs", "1",
                "--format", "json"]
        per_deal = {pure: _run(tree, args, pure)[0] / annotate_deals for pure in (False, True)}
        rows.append(_row("annotate --fast, per deal", per_deal[False], per_deal[True], "CPU-s",
                         f"{annotate_deals} generated deal(s), whole process", False))
        positions = "40" if quick else "200"
        median = {pure: float(_run(tree, ["-c", SOLVE, positions], pure)[1]) for pure in (False, True)}
        rows.append(_row("exact solve, 4 tricks, median", median[False], median[True], "ms",
                         f"{positions} random positions, fresh solver", False))
        rows[0]["note"] = (f"{rows[0]['note']}; compiled core: {origin}; "
                           f"Python {sys.version.split()[0]}, load {os.getloadavg()[0]:.2f}")
        return rows


def main() -> None:
    from rows import switches

    rows = run(quick=switches(__doc__, "--quick")["--quick"])
    print(f"{'benchmark':42} {'compiled':>10} {'pure':>10}  {'unit':12} note")
    for r in rows:
        print(f"{r['name']!s:42} {r['value']!s:>10} {r['anchor_value']!s:>10}  {r['unit']!s:12} {r['note']}")


if __name__ == "__main__":
    main()
