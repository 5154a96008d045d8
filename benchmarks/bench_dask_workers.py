"""Per-worker scaling of ``--engine dask``: the client's, the scheduler's and
the workers' CPU per deal for each command, and the worker count where one
client (or the scheduler) stops gaining.

    python benchmarks/bench_dask_workers.py [--quick]

Method.  A ``dask scheduler`` and two single-threaded ``dask worker``
processes on 127.0.0.1 run each command at two corpus sizes; the CPU of
the ``hearts`` process alone (``wait4``), of the scheduler and of the
workers (psutil) is measured for each, and the cost *per deal* is the
slope between the two sizes (starting Python, importing Dask and
connecting cancel out).  This machine has two cores, so no run can show
the point where adding workers stops helping; it is *extrapolated*: a
command keeps N workers busy while the client and the scheduler (each a
single process, mostly one thread) keep up, that is up to
``N* = workers' CPU per deal / max(client's, scheduler's CPU per deal)``.
The figure assumes workers of this machine's speed, a network and file
system that keep up, and the client and scheduler on cores of their own;
it is a ceiling for one command, not a measured speed-up.  Under load the
wall time of a run grows with the corpus, and so does what the client,
the scheduler and the workers spend idle (heartbeats, polling): each one's
idle CPU per wall second is measured first (a client connected and doing
nothing) and taken off each run, its wall time times that rate.  The local
``--jobs 1`` run of the same command, by the same slope, is the anchor.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_dask_client import Cluster, _own_cpu  # noqa: E402
from rows import print_rows, switches  # noqa: E402
from rows import row as _row  # noqa: E402

Row = dict[str, object]


def _cluster_cpu(cluster: Cluster) -> tuple[float, float]:
    """CPU seconds of the scheduler, and of the workers, so far."""
    times = [p.cpu_times() for p in cluster.ps]
    sched = times[0].user + times[0].system
    return sched, sum(t.user + t.system for t in times[1:])


def _measure(args: list[str], cluster: Cluster,
             idle: tuple[float, float, float]) -> tuple[float, float, float, str]:
    """CPU seconds of the client, the scheduler and the workers for one run,
    less what each spends idle (its CPU per wall second with nothing to
    do, *idle*) over the run's wall time: under load the wall time grows
    with the corpus, and so would their heartbeats and polling."""
    s0, w0 = _cluster_cpu(cluster)
    t0 = time.perf_counter()
    client, _, out = _own_cpu(args, cluster)
    wall = time.perf_counter() - t0
    s1, w1 = _cluster_cpu(cluster)
    return (client - idle[0] * wall, s1 - s0 - idle[1] * wall, w1 - w0 - idle[2] * wall, out)


_IDLE_CLIENT = """
import sys, time
from hearts_notation.runners.dask_engine import DaskEngine
with DaskEngine(sys.argv[1], 2) as engine:
    time.sleep(float(sys.argv[2]))
"""


def _idle_rates(cluster: Cluster, seconds: float) -> tuple[float, float, float]:
    """CPU per wall second of a connected client doing nothing, of the
    scheduler and of the workers meanwhile (the slope between a short and
    a long idle connection, so the client's start-up cancels out)."""
    import resource
    import subprocess

    runs = []
    for wait in (0.0, seconds):
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        s0, w0 = _cluster_cpu(cluster)
        subprocess.run([sys.executable, "-c", _IDLE_CLIENT, cluster.address, str(wait)],
                       cwd=ROOT, check=True, capture_output=True)
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        s1, w1 = _cluster_cpu(cluster)
        runs.append(((r1.ru_utime + r1.ru_stime) - (r0.ru_utime + r0.ru_stime), s1 - s0, w1 - w0))
    return tuple(max(0.0, (b - a) / seconds) for a, b in zip(runs[0], runs[1], strict=True))  # type: ignore[return-value]


def run(quick: bool = False) -> list[Row]:
    try:
        import distributed  # noqa: F401
        import psutil  # noqa: F401
    except ImportError:
        return [_row("dask workers", 0, "skipped", note='needs pip install "hearts-notation[dask]"')]
    from hearts_notation.generate import generate_games
    from hearts_notation.io import dumps

    tmp = Path(tempfile.mkdtemp(prefix="bench-dask-workers-"))
    rows: list[Row] = []
    try:
        games = list(generate_games(30 if quick else 60, seed=11))
        text = dumps(games, "jsonl")
        base = sum(len(g.deals) for g in games)
        copies = (3, 9) if quick else (4, 24)
        corpora = []
        for n in copies:
            path = tmp / f"c{n}.jsonl"
            path.write_text(text * n, encoding="utf-8")
            corpora.append(path)
        deals = [base * n for n in copies]
        one_deal = list(generate_games(12 if quick else 24, seed=5, max_deals=1))
        small = tmp / "a-small.jsonl"
        large = tmp / "a-large.jsonl"
        cut = 4 if quick else 8
        small.write_text(dumps(one_deal[:cut], "jsonl"), encoding="utf-8")
        large.write_text(dumps(one_deal, "jsonl"), encoding="utf-8")
        cheap = ["--fast", "--samples", "1", "--exact-tricks", "0", "--no-passes"]
        commands: list[tuple[str, list[Path], list[int], list[str]]] = [
            ("validate", corpora, deals, ["validate", "{}"]),
            ("stats --format json", corpora, deals, ["stats", "{}", "--format", "json"]),
            ("score --format json", corpora, deals, ["score", "{}", "--format", "json"]),
            ("standings --format json", corpora, deals, ["standings", "{}", "--format", "json"]),
            ("annotate --out-dir", [small, large], [cut, len(one_deal)],
             ["annotate", "{}", "--out-dir", "{out}", *cheap, "--shard-size", "2000",
              "--format", "json"]),
        ]

        def argv(template: list[str], path: Path, tag: str) -> list[str]:
            out = str(tmp / f"out-{tag}-{path.stem}")
            shutil.rmtree(out, ignore_errors=True)
            return [a.replace("{}", str(path)).replace("{out}", out) for a in template]

        anchors = {}
        for name, paths, _, template in commands:
            anchors[name] = [_own_cpu([*argv(template, p, "local"), "--engine", "local",
                                       "--jobs", "1"], None) for p in paths]
        cluster = Cluster(2)
        try:
            opts = ["--engine", "dask", "--scheduler", cluster.address]
            idle = _idle_rates(cluster, 4.0 if quick else 10.0)
            measured = {}
            for name, paths, _, template in commands:
                shard = [] if name.startswith("annotate") else ["--shard-size", str(1 << 18)]
                measured[name] = [_measure([*argv(template, p, "dask"), *opts, *shard], cluster,
                                           idle) for p in paths]
        finally:
            cluster.stop()
        try:
            load = " ".join(f"{x:.2f}" for x in os.getloadavg())
        except OSError:
            load = "?"
        for name, _, counts, _ in commands:
            extra = counts[1] - counts[0]
            (la, _, out_a), (lb, _, out_b) = anchors[name]
            (ca, sa, wa, da), (cb, sb, wb, db) = measured[name]
            if not name.startswith("annotate"):
                assert (out_a, out_b) == (da, db), f"{name}: engines disagree"
            local = (lb - la) / extra * 1e6
            client = (cb - ca) / extra * 1e6
            sched = (sb - sa) / extra * 1e6
            work = (wb - wa) / extra * 1e6
            bound = max(client, sched)
            ceiling = work / bound if bound > 0 else float("inf")
            note = (f"{counts[0]:,} and {counts[1]:,} deals, slope; scheduler + 2 workers; "
                    f"256 KiB shards (annotate: 2,000 bytes); idle CPU per second taken off "
                    f"(client {idle[0]:.3f}, scheduler {idle[1]:.3f}, workers {idle[2]:.3f}); "
                    f"load {load}")
            rows += [
                _row(f"{name}: local --jobs 1 CPU per deal", local, "us", note=note),
                _row(f"{name}: client CPU per deal", client, "us",
                     f"{name}: local --jobs 1 CPU per deal", local),
                _row(f"{name}: scheduler CPU per deal", sched, "us",
                     f"{name}: local --jobs 1 CPU per deal", local),
                _row(f"{name}: workers CPU per deal", work, "us",
                     f"{name}: local --jobs 1 CPU per deal", local),
                _row(f"{name}: workers one client keeps busy (extrapolated)", ceiling, "workers",
                     note="workers' CPU per deal / max(client's, scheduler's)"),
            ]
        return rows
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main() -> None:
    print_rows(run(quick=switches(__doc__, "--quick")["--quick"]))


if __name__ == "__main__":
    main()
