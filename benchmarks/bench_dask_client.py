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
from rows import print_rows  # noqa: E402
from rows import row as _row  # noqa: E402

Row = dict[str, object]
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
        small_copies, large_copies = (4, 12) if quick else (10, 40)
        small, large = tmp / "small.jsonl", tmp / "large.jsonl"
        small.write_text(text * small_copies, encoding="utf-8")
        large.write_text(text * large_copies, encoding="utf-8")
        deals = (base * small_copies, base * large_copies)
        extra = deals[1] - deals[0]

        def validate(path: Path) -> list[str]:
            return ["validate", str(path)]

        local = [_own_cpu([*validate(p), "--engine", "local", "--jobs", "1"], None)
                 for p in (small, large)]
        cluster = Cluster(2)
        try:
            opts = ["--engine", "dask", "--scheduler", cluster.address, "--shard-size",
                    str(1 << 20)]
            remote = [_own_cpu([*validate(p), *opts], cluster) for p in (small, large)]
        finally:
            cluster.stop()
        for (_, _, a), (_, _, b) in zip(local, remote, strict=True):
            assert a == b, "engines disagree"
        local_us = (local[1][0] - local[0][0]) / extra * 1e6
        client_us = (remote[1][0] - remote[0][0]) / extra * 1e6
        workers_us = (remote[1][1] - remote[0][1]) / extra * 1e6
        try:
            load = " ".join(f"{x:.2f}" for x in os.getloadavg())
        except OSError:
            load = "?"
        note = (f"hearts validate, text output, clean JSONL: {deals[0]:,} and {deals[1]:,} deals; "
                f"per deal = slope between the two; load {load}")
        return [
            _row("validate, local --jobs 1, CPU per deal", local_us, "us", note=note),
            _row("validate, dask client CPU per deal", client_us, "us",
                 "validate, local --jobs 1, CPU per deal", local_us, target="<= 0.10",
                 note="the hearts process alone; 2 workers, 1 MiB shards"),
            _row("validate, dask scheduler + workers CPU per deal", workers_us, "us",
                 "validate, local --jobs 1, CPU per deal", local_us,
                 note="the work, where the data is"),
        ]
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main() -> None:
    print_rows(run(quick="--quick" in sys.argv))


if __name__ == "__main__":
    main()
