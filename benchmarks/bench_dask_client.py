"""The client's share of ``--engine dask``: CPU per deal of the ``hearts``
process against the workers', and against a local ``--jobs 1`` run.

    python benchmarks/bench_dask_client.py [--quick]

A ``dask scheduler`` and two single-threaded ``dask worker`` processes on
127.0.0.1 run ``hearts validate`` (text output, a clean corpus: nothing to
print but the summary line) on JSONL corpora of two sizes.  The client's
CPU (the ``hearts`` process alone, from ``wait4``) and the cluster's
(scheduler and workers, from psutil) are measured for each size; the cost
*per deal* is the slope between the two sizes, so the fixed costs
(starting Python, importing Dask, connecting) cancel out.  The anchor is
the same command with ``--engine local --jobs 1`` (one process does all
the work) in the same run, per deal by the same slope.  Issue 30's
target: the client's CPU per deal at most 10 % of the local run's.
"""

from __future__ import annotations

import os
import shutil
import socket
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

#: Shard sizes measured: ``None`` is the command's default (the target's
#: row), then smaller shards, to show the client's cost per task.
SHARDS: tuple[int | None, ...] = (None, 1 << 20, 256 << 10)


def _size_name(shard: int | None) -> str:
    from hearts_notation.runners.shards import DEFAULT_SHARD_BYTES

    size = DEFAULT_SHARD_BYTES if shard is None else shard
    name = f"{size >> 20} MiB" if size >= 1 << 20 else f"{size >> 10} KiB"
    return f"{name} (default)" if shard is None else name
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
ENV.pop("DASK_SCHEDULER_ADDRESS", None)


def _dask(*args: str) -> list[str]:
    exe = shutil.which("dask")
    return [exe, *args] if exe else [sys.executable, "-m", "dask", *args]


class Cluster:
    """Scheduler + *workers* single-threaded workers on 127.0.0.1."""

    def __init__(self, workers: int) -> None:
        import psutil
        from distributed import Client

        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        self.address = f"tcp://127.0.0.1:{port}"
        self.procs = [subprocess.Popen(
            _dask("scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard",
                  "--no-show"), env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
        for _ in range(workers):
            self.procs.append(subprocess.Popen(
                _dask("worker", self.address, "--nthreads", "1", "--host", "127.0.0.1",
                      "--no-nanny", "--no-dashboard"),
                env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        deadline = time.monotonic() + 120
        while True:
            try:
                with Client(self.address, timeout=5, set_as_default=False) as c:
                    c.wait_for_workers(workers, timeout=120)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.5)
        self.ps = [psutil.Process(p.pid) for p in self.procs]

    def cpu(self) -> float:
        return sum(t.user + t.system for t in (p.cpu_times() for p in self.ps))

    def stop(self) -> None:
        for p in self.procs:
            p.terminate()
        for p in self.procs:
            try:
                p.wait(timeout=20)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()


def _own_cpu(args: list[str], cluster: Cluster | None) -> tuple[float, float, str]:
    import resource

    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    before = cluster.cpu() if cluster else 0.0
    proc = subprocess.run([sys.executable, "-m", "hearts_notation", *args], env=ENV, cwd=ROOT,
                          capture_output=True, text=True)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode not in (0, 1):
        raise RuntimeError(f"{' '.join(args)}: exit {proc.returncode}: {proc.stderr[-500:]}")
    mine = (r1.ru_utime + r1.ru_stime) - (r0.ru_utime + r0.ru_stime)
    return mine, (cluster.cpu() - before) if cluster else 0.0, proc.stdout


def run(quick: bool = False) -> list[Row]:
    try:
        import distributed  # noqa: F401
        import psutil  # noqa: F401
    except ImportError:
        return [_row("dask client", 0, "skipped", note='needs pip install "hearts-notation[dask]"')]
    from hearts_notation.generate import generate_games
    from hearts_notation.io import dumps

    tmp = Path(tempfile.mkdtemp(prefix="bench-dask-client-"))
    try:
        games = list(generate_games(40 if quick else 100, seed=7))
        text = dumps(games, "jsonl")
        base = sum(len(g.deals) for g in games)
        small_copies, large_copies = (4, 12) if quick else (10, 60)
        small, large = tmp / "small.jsonl", tmp / "large.jsonl"
        small.write_text(text * small_copies, encoding="utf-8")
        large.write_text(text * large_copies, encoding="utf-8")
        deals = (base * small_copies, base * large_copies)
        extra = deals[1] - deals[0]

        def validate(path: Path) -> list[str]:
            return ["validate", str(path)]

        local_name = "validate, local --jobs 1, CPU per deal"
        try:
            load = " ".join(f"{x:.2f}" for x in os.getloadavg())
        except OSError:
            load = "?"
        rounds = 1 if quick else 3
        # Every configuration at both sizes, interleaved round after round,
        # the least CPU of each kept: the load of other jobs changes during
        # a run, and a slope between two sizes measured minutes apart would
        # carry that change.
        configs: list[tuple[str, int | None]] = [("local", None),
                                                 *(("dask", s) for s in SHARDS)]
        best: dict[tuple[int, int], list[float]] = {}
        outputs: dict[int, str] = {}
        cluster = Cluster(2)
        try:
            for _ in range(rounds):
                for c, (engine, shard) in enumerate(configs):
                    opts = ["--engine", "local", "--jobs", "1"] if engine == "local" else \
                        ["--engine", "dask", "--scheduler", cluster.address]
                    if shard is not None:
                        opts += ["--shard-size", str(shard)]
                    for k, path in enumerate((small, large)):
                        mine, theirs, out = _own_cpu([*validate(path), *opts],
                                                     None if engine == "local" else cluster)
                        assert outputs.setdefault(k, out) == out, "engines disagree"
                        cell = best.setdefault((c, k), [mine, theirs])
                        cell[0], cell[1] = min(cell[0], mine), min(cell[1], theirs)
        finally:
            cluster.stop()

        def slope(c: int, which: int) -> float:
            return (best[(c, 1)][which] - best[(c, 0)][which]) / extra * 1e6

        local_us = slope(0, 0)
        rows = [_row(local_name, local_us, "us",
                     note=f"hearts validate, text output, clean JSONL: {deals[0]:,} and "
                          f"{deals[1]:,} deals; per deal = slope between the two, least CPU "
                          f"of {rounds} interleaved rounds")]
        for c, (_, shard) in enumerate(configs[1:], 1):
            size = _size_name(shard)
            rows.append(_row(f"validate, dask client CPU per deal, {size} shards", slope(c, 0),
                             "us", local_name, local_us,
                             target="<= 0.10" if shard is None else "",
                             note="the hearts process alone; 2 workers"))
            rows.append(_row(f"validate, dask scheduler + workers CPU per deal, {size} shards",
                             slope(c, 1), "us", local_name, local_us,
                             note="the work, where the data is"))
        rows[0]["note"] += f"; load {load}"
        return rows
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main() -> None:
    print_rows(run(quick=switches(__doc__, "--quick")["--quick"]))


if __name__ == "__main__":
    main()
