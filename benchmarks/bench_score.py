"""``hearts score`` and ``hearts stats`` against ``hearts validate`` on the same corpus.

    python benchmarks/bench_score.py [--quick]

Issue 29's target: ``score`` (every format) and ``stats`` within 2x
validate's CPU on the same file -- they read the same records, and the
referee's compact check already computes the points (``score`` and ``stats``
take that check's replay, :mod:`hearts_notation.scored`, instead of reading
every record into the model and walking its deals again).

A base of games is played by the bots (:func:`generate_games`, standard
rules) and written as JSONL and as HRN.  In child processes, one job each,
the same run measures ``validate --jobs 1`` (the anchor) and each of
``score --format json|csv|html|table -o FILE`` and ``stats --format
json|table`` on the same file: CPU seconds (best of 3, ``wait4``'s
``ru_utime + ru_stime`` of the child, so other jobs on the machine change it
little) and the ratio to validate's (target: ratio <= 2).

The children write their bytecode to a temporary ``PYTHONPYCACHEPREFIX``
(the first of the three runs compiles it), as an installed package has it:
an environment with ``PYTHONDONTWRITEBYTECODE`` would otherwise charge every
run with compiling the sources.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from rows import row as _row  # noqa: E402
from rows import switches  # noqa: E402

from hearts_notation.generate import generate_games  # noqa: E402
from hearts_notation.io import dumps  # noqa: E402

Row = dict[str, object]

#: The commands measured against validate: (row name, arguments before the file).
COMMANDS: list[tuple[str, list[str]]] = [
    ("score --format json", ["score", "--format", "json"]),
    ("score --format csv", ["score", "--format", "csv"]),
    ("score --format html", ["score", "--format", "html"]),
    ("score --format table", ["score", "--format", "table"]),
    ("stats --format json", ["stats", "--format", "json"]),
    ("stats --format table", ["stats", "--format", "table"]),
]


def _env(cache: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(cache)
    env.setdefault("HEARTS_NOTATION_CACHE", str(cache / "hearts"))
    return env


def _child(args: list[str], out: Path, env: dict[str, str]) -> float:
    """CPU seconds of ``hearts ARGS`` in a child process (status 0 or 1)."""
    with out.open("wb") as fh:
        proc = subprocess.Popen([sys.executable, "-m", "hearts_notation", *args], stdout=fh,
                                stderr=subprocess.PIPE, cwd=ROOT, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        raise RuntimeError(f"hearts {' '.join(args)} exited {code}")
    return usage.ru_utime + usage.ru_stime


def _best(args: list[str], out: Path, env: dict[str, str], repeat: int) -> float:
    return min(_child(args, out, env) for _ in range(repeat))


def run(quick: bool = False) -> list[Row]:
    games = list(generate_games(150 if quick else 600, seed=29))
    deals = sum(len(g.deals) for g in games)
    tmp = Path(tempfile.mkdtemp(prefix="bench-score-"))
    try:
        env = _env(tmp / "cache")
        out = tmp / "out.txt"
        repeat = 2 if quick else 3
        core = "pure Python" if os.environ.get("HEARTS_NOTATION_PURE") else "default install"
        rows: list[Row] = []
        t0 = time.perf_counter()
        for fmt in ("jsonl", "hrn"):
            path = tmp / f"corpus.{fmt}"
            path.write_text(dumps(games, fmt), encoding="utf-8")
            size = path.stat().st_size / 1e6
            anchor = f"validate {fmt.upper()}, 1 job (anchor)"
            v_cpu = _best(["validate", "--jobs", "1", str(path)], out, env, repeat)
            rows.append(_row(anchor, v_cpu, "CPU-s",
                             note=f"{len(games):,} games, {deals:,} deals, {size:.1f} MB {fmt.upper()}; "
                                  f"core: {core}; best of {repeat}"))
            for name, args in COMMANDS:
                cpu = _best([*args, "--jobs", "1", "-o", str(tmp / "report"), str(path)]
                            if args[0] == "score" else [*args, "--jobs", "1", str(path)],
                            out, env, repeat)
                rows.append(_row(f"{name}, {fmt.upper()}, 1 job", cpu, "CPU-s", anchor, v_cpu,
                                 "ratio <= 2 (issue 29)", f"{deals / cpu:,.0f} deals/CPU-s"))
        rows[-1]["note"] = f"{rows[-1]['note']}; {time.perf_counter() - t0:.0f} s for the module"
        return rows
    finally:
        for p in sorted(tmp.rglob("*"), reverse=True):
            p.unlink() if p.is_file() or p.is_symlink() else p.rmdir()
        tmp.rmdir()


if __name__ == "__main__":
    for row in run(quick=switches(__doc__, "--quick")["--quick"]):
        print(row)
