"""``--engine dask`` against ``--engine local``, side by side in one run.

    python benchmarks/bench_dask.py [--quick]

Both engines run the same command on the same files on this machine:
``--engine local --jobs 2`` (the process pool) and ``--engine dask`` on a
``dask scheduler`` with two single-threaded ``dask worker`` processes on
127.0.0.1, started before the timing (a cluster outlives its commands).

* ``validate`` on an HRN corpus of generated games (the files are cut into
  shards of 1 MiB that the workers read themselves; HRN files are planned
  by one extra pass of the game splitter).
* ``annotate --fast`` on a record of generated deals (one deal per task).

Each figure is given in CPU seconds of every process involved (the command
and its pool, or the command, the scheduler and the workers), which holds
when other jobs share the machine, and in wall-clock seconds, which needs
the two cores free (see the load average).  The Dask overhead is the ratio
of the CPU seconds; the target for ``annotate`` is under 20 %.  Scaling
with workers: the same Dask runs (``validate`` and ``annotate``) with one
worker, wall clock (and CPU, which should not change).  ``annotate`` on
Dask runs as it does on a cluster: the workers read the record.
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
from rows import row as _row  # noqa: E402
from rows import switches  # noqa: E402

Row = dict[str, object]
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
ENV.pop("DASK_SCHEDULER_ADDRESS", None)


def _dask(*args: str) -> list[str]:
    exe = shutil.which("dask")
    return [exe, *args] if exe else [sys.executable, "-m", "dask", *args]


class _Cluster:
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
        for k in range(workers):
            self.procs.append(subprocess.Popen(
                _dask("worker", self.address, "--nthreads", "1", "--host", "127.0.0.1",
                      "--no-nanny", "--no-dashboard", "--name", f"w{k}"),
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
        total = 0.0
        for p in self.ps:
            t = p.cpu_times()
            total += t.user + t.system
        return total

    def stop(self) -> None:
        for p in reversed(self.procs):
            p.terminate()
        for p in self.procs:
            try:
                p.wait(timeout=20)
            except subprocess.TimeoutExpired:
                p.kill()


def _children_cpu() -> float:
    import resource

    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def _run(args: list[str], cluster: _Cluster | None = None) -> tuple[float, float, str]:
    """(wall seconds, CPU seconds, stdout) of one command."""
    cpu0 = _children_cpu() + (cluster.cpu() if cluster else 0.0)
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "hearts_notation", *args], env=ENV,
                          capture_output=True, text=True, cwd=ROOT)
    wall = time.perf_counter() - t0
    if proc.returncode not in (0, 1):
        raise RuntimeError(f"{' '.join(args)}: exit {proc.returncode}: {proc.stderr[-500:]}")
    cpu = _children_cpu() + (cluster.cpu() if cluster else 0.0) - cpu0
    return wall, cpu, proc.stdout


def _best(args: list[str], cluster: _Cluster | None, repeat: int) -> tuple[float, float, str]:
    runs = [_run(args, cluster) for _ in range(repeat)]
    return min(r[0] for r in runs), min(r[1] for r in runs), runs[0][2]


def _load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "?"


def run(quick: bool = False) -> list[Row]:
    try:
        import distributed  # noqa: F401
        import psutil  # noqa: F401
    except ImportError:
        return [_row("dask engine", 0, "skipped", note='needs pip install "hearts-notation[dask]"')]
    from hearts_notation.generate import generate_games
    from hearts_notation.io import dumps

    tmp = Path(tempfile.mkdtemp(prefix="bench-dask-"))
    try:
        n_games, copies, n_deals = (60, 4, 12) if quick else (120, 40, 48)
        games = list(generate_games(n_games, seed=7))
        hrn = dumps(games, "hrn")
        corpus = tmp / "corpus.hrn"
        corpus.write_text("\n".join([hrn] * copies), encoding="utf-8")
        deals = sum(len(g.deals) for g in games) * copies
        one = list(generate_games(n_deals, seed=11, max_deals=1))
        record = tmp / "deals.hrn"
        record.write_text(dumps(one, "hrn"), encoding="utf-8")
        size_mb = corpus.stat().st_size / 1e6

        rows: list[Row] = []
        repeat = 1 if quick else 2
        validate = ["validate", str(corpus), "--format", "json", "-q"]
        annotate = ["annotate", str(record), "--fast", "--format", "json"]
        local_v = _best([*validate, "--engine", "local", "--jobs", "2"], None, repeat)
        local_a = _best([*annotate, "--engine", "local", "--jobs", "2"], None, 1)
        cluster = _Cluster(2)
        try:
            dask_args = ["--engine", "dask", "--scheduler", cluster.address,
                         "--shard-size", str(1 << 20)]
            dask_v = _best([*validate, *dask_args], cluster, repeat)
            dask_a = _best([*annotate, *dask_args], cluster, 1)
        finally:
            cluster.stop()
        single = _Cluster(1)
        try:
            one_args = ["--engine", "dask", "--scheduler", single.address,
                        "--shard-size", str(1 << 20)]
            one_v = _best([*validate, *one_args], single, 1)
            one_a = _best([*annotate, *one_args], single, 1)
        finally:
            single.stop()
        local_cluster = _run([*validate, "--engine", "dask", "--jobs", "2",
                              "--shard-size", str(1 << 20)])
        assert dask_v[2] == local_v[2] == one_v[2] == local_cluster[2], "engines disagree"
        assert dask_a[2] == local_a[2] == one_a[2], "engines disagree on annotate"

        load = _load()
        vnote = f"{deals:,} deals of HRN ({size_mb:.0f} MB), hearts validate; load {load}"
        anote = f"{n_deals} one-deal games, hearts annotate --fast; load {load}"
        rows += [
            _row("validate, local --jobs 2, CPU", local_v[1], "CPU-s", note=vnote),
            _row("validate, dask 2 workers, CPU", dask_v[1], "CPU-s",
                 "validate, local --jobs 2, CPU", local_v[1],
                 note="command + scheduler + workers; 1 MiB shards"),
            _row("validate, local --jobs 2, wall", local_v[0], "s", note="needs two free cores"),
            _row("validate, dask 2 workers, wall", dask_v[0], "s",
                 "validate, local --jobs 2, wall", local_v[0]),
            _row("validate, dask 1 worker, wall", one_v[0], "s",
                 "validate, dask 2 workers, wall", dask_v[0], note="scaling with workers"),
            _row("validate, dask LocalCluster of 2, wall", local_cluster[0], "s",
                 "validate, dask 2 workers, wall", dask_v[0],
                 note="cluster started by the command (a few seconds)"),
            _row("annotate --fast, local --jobs 2, CPU", local_a[1], "CPU-s", note=anote),
            _row("annotate --fast, dask 2 workers, CPU", dask_a[1], "CPU-s",
                 "annotate --fast, local --jobs 2, CPU", local_a[1], target="< 1.2 (overhead < 20%)",
                 note="command + scheduler + workers"),
            _row("annotate --fast, local --jobs 2, wall", local_a[0], "s"),
            _row("annotate --fast, dask 2 workers, wall", dask_a[0], "s",
                 "annotate --fast, local --jobs 2, wall", local_a[0], target="< 1.2"),
            _row("annotate --fast, dask 1 worker, CPU", one_a[1], "CPU-s",
                 "annotate --fast, dask 2 workers, CPU", dask_a[1],
                 note="the same work on one worker: the CPU does not depend on the workers"),
            _row("annotate --fast, dask 1 worker, wall", one_a[0], "s",
                 "annotate --fast, dask 2 workers, wall", dask_a[0],
                 note="scaling with workers: near 2 when the two cores are free"),
        ]
        return rows
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main() -> None:
    rows = run(quick=switches(__doc__, "--quick")["--quick"])
    for r in rows:
        ratio = f"  x{r['ratio']}" if r["ratio"] is not None else ""
        print(f"{r['name']:<45} {r['value']:>10} {r['unit']:<6}{ratio}  {r['note']}")


if __name__ == "__main__":
    main()
