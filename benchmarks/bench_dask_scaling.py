"""Every command that runs on Dask: local against one and two workers.

    python benchmarks/bench_dask_scaling.py [--quick]

For each command with ``--engine dask`` (``validate``, ``score``,
``stats``, ``standings``, ``generate``, ``annotate``, ``solve --format
jsonl``) the same command line
runs three ways in one run: ``--engine local --jobs 1`` (the anchor: one
process does everything), then on a ``dask scheduler`` with one, then two
single-threaded ``dask worker`` processes on 127.0.0.1 (started once each,
before the runs, so their start-up is not counted).  The outputs must be
byte-identical.  Each row gives the wall clock and the CPU seconds of the
client (the ``hearts`` process alone) and of the cluster (scheduler +
workers, from psutil).

What the figures mean on a two-core machine shared with other jobs: the
CPU seconds hold under load, the wall clock does not (the load average is
in the note); one to two workers can at best halve the wall clock when
two cores are free.  The client's CPU against the local run's says where
one client stops keeping up with more workers: about local / client
workers (docs/cluster.md).
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
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from rows import print_rows, switches  # noqa: E402
from rows import row as _row  # noqa: E402

Row = dict[str, object]
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
ENV.pop("DASK_SCHEDULER_ADDRESS", None)


def _timed(args: list[str], cluster: object | None) -> tuple[float, float, float, str]:
    """Wall seconds, the client's CPU seconds, the cluster's, and stdout."""
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    before = cluster.cpu() if cluster is not None else 0.0  # type: ignore[attr-defined]
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "hearts_notation", *args], env=ENV, cwd=ROOT,
                          capture_output=True, text=True)
    wall = time.perf_counter() - t0
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode not in (0, 1):
        raise RuntimeError(f"{' '.join(args)}: exit {proc.returncode}: {proc.stderr[-500:]}")
    client = (r1.ru_utime + r1.ru_stime) - (r0.ru_utime + r0.ru_stime)
    after = cluster.cpu() if cluster is not None else 0.0  # type: ignore[attr-defined]
    return wall, client, after - before, proc.stdout


def _same(out: str) -> str:
    """*out* without what differs between any two runs: ``solve``'s
    ``cpu_seconds`` (the time its search took)."""
    import re

    return re.sub(r'"cpu_seconds": [0-9.e-]+', '"cpu_seconds": -', out)


def _commands(tmp: Path, quick: bool) -> dict[str, list[str]]:
    from hearts_notation.generate import generate_games
    from hearts_notation.io import dumps

    games = list(generate_games(60 if quick else 150, seed=11))
    corpus = tmp / "corpus.jsonl"
    corpus.write_text(dumps(games, "jsonl") * (4 if quick else 40), encoding="utf-8")
    # annotate and solve: the games of `hearts generate --seed 3`, whose deals
    # cost about a third of a CPU-second each to annotate with the options
    # below (other seeds deal hands whose exact search takes ten times that).
    small = tmp / "annotate.jsonl"
    subprocess.run([sys.executable, "-m", "hearts_notation", "generate", "--games",
                    "4" if quick else "16", "--deals-per-game", "1", "--seed", "3", "--jobs", "1",
                    "-o", str(small)], env=ENV, cwd=ROOT, check=True, capture_output=True)
    c = str(corpus)
    return {
        "validate": ["validate", c],
        "score": ["score", c, "--format", "json"],
        "stats": ["stats", c, "--format", "json"],
        "standings": ["standings", c, "--format", "json"],
        "generate": ["generate", "--games", "300" if quick else "800", "--seed", "3",
                     "--format", "jsonl"],
        "annotate": ["annotate", str(small), "--fast", "--samples", "1", "--exact-tricks", "0",
                     "--no-passes", "--format", "json"],
        "solve": ["solve", str(small), "--trick", "9", "--format", "jsonl"],
    }


def run(quick: bool = False) -> list[Row]:
    try:
        import distributed  # noqa: F401
        import psutil  # noqa: F401
    except ImportError:
        return [_row("dask scaling", 0, "skipped", note='needs pip install "hearts-notation[dask]"')]
    from bench_dask_client import Cluster

    tmp = Path(tempfile.mkdtemp(prefix="bench-dask-scaling-"))
    try:
        commands = _commands(tmp, quick)
        local = {name: _timed([*args, "--engine", "local", "--jobs", "1"], None)
                 for name, args in commands.items()}
        dask: dict[int, dict[str, tuple[float, float, float, str]]] = {}
        for workers in (1, 2):
            cluster = Cluster(workers)
            try:
                opts = ["--engine", "dask", "--scheduler", cluster.address,
                        "--shard-size", str(256 << 10)]
                dask[workers] = {name: _timed([*args, *opts], cluster)
                                 for name, args in commands.items()}
            finally:
                cluster.stop()
        try:
            load = " ".join(f"{x:.2f}" for x in os.getloadavg())
        except OSError:
            load = "?"
        rows: list[Row] = []
        for name in commands:
            lw, lc, _, lout = local[name]
            for workers in (1, 2):
                assert _same(dask[workers][name][3]) == _same(lout), f"{name}: engines disagree"
            w1, c1, k1, _ = dask[1][name]
            w2, c2, k2, _ = dask[2][name]
            anchor = f"{name}, local --jobs 1, wall"
            rows += [
                _row(anchor, lw, "s", note=f"{' '.join(commands[name][:1])}; "
                     f"CPU {lc:.2f} s; load after the run {load}"),
                _row(f"{name}, dask 1 worker, wall", w1, "s", anchor, lw,
                     note=f"client CPU {c1:.2f} s, scheduler + worker CPU {k1:.2f} s"),
                _row(f"{name}, dask 2 workers, wall", w2, "s", anchor, lw,
                     note=f"client CPU {c2:.2f} s, scheduler + workers CPU {k2:.2f} s; "
                          f"2 workers / 1 worker: {w2 / w1:.2f}"),
                _row(f"{name}, dask 2 workers, client CPU", c2, "CPU-s",
                     f"{name}, local --jobs 1, CPU", lc,
                     note="the hearts process alone against the whole local run"),
            ]
        return rows
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main() -> None:
    print_rows(run(quick=switches(__doc__, "--quick")["--quick"]))


if __name__ == "__main__":
    main()
