"""The client's memory of ``annotate --engine dask`` against the record's size.

    python benchmarks/bench_dask_annotate.py [--quick]

``hearts annotate --format json`` (the report, about 35 KB of JSON per
deal) runs on records of N and 4N one-deal games, on a ``dask scheduler``
and two single-threaded ``dask worker`` processes on 127.0.0.1, and with
``--engine local --jobs 1`` (the anchor: that process reads, analyses and
holds every game).  The peak resident memory of the ``hearts`` process
alone (``wait4``'s ``ru_maxrss``) is measured for each; the growth *per
deal* is the slope between the two sizes, so importing Python, Dask and
the package cancels out.  The same on 500 and 2,000 games with ``--deal 2``
(nothing to analyse): what grows with the games rather than with the
analyses.  The outputs must be byte-identical.  Issue 30's
target: annotate's client memory does not grow with the number of deals
(the client holds a bounded window of analyses:
:class:`hearts_notation.runners.annotate.AnnotateStream`).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from rows import print_rows, switches  # noqa: E402
from rows import row as _row  # noqa: E402

Row = dict[str, object]
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
ENV.pop("DASK_SCHEDULER_ADDRESS", None)
#: A real analysis, cheap enough for many deals in a minute.
CHEAP = ["--fast", "--samples", "1", "--exact-tricks", "0", "--no-passes", "--format", "json"]


#: Runs ``hearts`` in a grandchild forked from this small process and prints
#: its ``ru_maxrss``: a child forked straight from the benchmark would count
#: the benchmark's own memory at the fork (Linux keeps the high-water mark
#: across ``exec``), a floor of some 70 MiB that hides the growth.
_MEASURE = """
import os, sys
pid = os.fork()
if pid == 0:
    os.execv(sys.executable, [sys.executable, "-m", "hearts_notation", *sys.argv[1:]])
_, status, usage = os.wait4(pid, 0)
print(usage.ru_maxrss, file=sys.stderr)
sys.exit(os.waitstatus_to_exitcode(status))
"""


def _peak_kib(args: list[str], out: Path) -> int:
    """The peak resident memory (KiB) of ``hearts *args`` alone; stdout to *out*."""
    with out.open("wb") as fh:
        proc = subprocess.run([sys.executable, "-c", _MEASURE, *args], env=ENV, cwd=ROOT,
                              stdout=fh, stderr=subprocess.PIPE)
    err = proc.stderr.decode(errors="replace")
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(args)}: exit {proc.returncode}: {err[-500:]}")
    return int(err.strip().splitlines()[-1])


def run(quick: bool = False) -> list[Row]:
    try:
        import distributed  # noqa: F401
        import psutil  # noqa: F401
    except ImportError:
        return [_row("annotate client memory", 0, "skipped",
                     note='needs pip install "hearts-notation[dask]"')]
    from bench_dask_client import Cluster

    tmp = Path(tempfile.mkdtemp(prefix="bench-dask-annotate-"))
    try:
        # The games of `hearts generate --seed 3`: their deals cost about a
        # third of a CPU-second each with CHEAP (other seeds deal hands whose
        # exact search takes ten times that).
        sizes = (5, 20) if quick else (10, 40)
        every = tmp / "all.jsonl"
        subprocess.run([sys.executable, "-m", "hearts_notation", "generate", "--games",
                        str(sizes[1]), "--deals-per-game", "1", "--seed", "3", "--jobs", "1",
                        "-o", str(every)], env=ENV, cwd=ROOT, check=True, capture_output=True)
        lines = every.read_text(encoding="utf-8").splitlines(keepends=True)
        paths = []
        for n in sizes:
            p = tmp / f"g{n}.jsonl"
            p.write_text("".join(lines[:n]), encoding="utf-8")
            paths.append(p)
        local = [_peak_kib(["annotate", str(p), *CHEAP, "--engine", "local", "--jobs", "1"],
                           tmp / f"local{i}.json") for i, p in enumerate(paths)]
        # Many games, nothing to analyse (--deal 2 of one-deal games): what
        # grows with the number of games rather than with the analyses.
        many = (500, 2000)
        subprocess.run([sys.executable, "-m", "hearts_notation", "generate", "--games",
                        str(many[1]), "--deals-per-game", "1", "--seed", "3", "--jobs", "1",
                        "-o", str(every)], env=ENV, cwd=ROOT, check=True, capture_output=True)
        lines = every.read_text(encoding="utf-8").splitlines(keepends=True)
        big = []
        for n in many:
            p = tmp / f"m{n}.jsonl"
            p.write_text("".join(lines[:n]), encoding="utf-8")
            big.append(p)
        empty = ["--deal", "2", "--format", "json"]
        local_many = [_peak_kib(["annotate", str(p), *empty, "--engine", "local", "--jobs", "1"],
                                tmp / f"lm{i}.json") for i, p in enumerate(big)]
        cluster = Cluster(2)
        try:
            remote = [_peak_kib(["annotate", str(p), *CHEAP, "--engine", "dask", "--scheduler",
                                 cluster.address], tmp / f"dask{i}.json")
                      for i, p in enumerate(paths)]
            remote_many = [_peak_kib(["annotate", str(p), *empty, "--engine", "dask",
                                      "--scheduler", cluster.address], tmp / f"dm{i}.json")
                           for i, p in enumerate(big)]
        finally:
            cluster.stop()
        for i in range(2):
            assert (tmp / f"lm{i}.json").read_bytes() == (tmp / f"dm{i}.json").read_bytes(), \
                "engines disagree"
        for i in range(2):
            assert (tmp / f"local{i}.json").read_bytes() == (tmp / f"dask{i}.json").read_bytes(), \
                "engines disagree"
        extra = sizes[1] - sizes[0]
        local_slope = (local[1] - local[0]) / extra
        dask_slope = (remote[1] - remote[0]) / extra
        report_kib = (tmp / "local1.json").stat().st_size / 1024 / sizes[1]
        try:
            load = " ".join(f"{x:.2f}" for x in os.getloadavg())
        except OSError:
            load = "?"
        note = (f"annotate {' '.join(CHEAP)}: {sizes[0]} and {sizes[1]} one-deal games "
                f"({report_kib:.0f} KiB of report per deal); per deal = slope; load {load}")
        per_game = many[1] - many[0]
        many_note = (f"annotate --deal 2 --format json of {many[0]:,} and {many[1]:,} one-deal "
                     "games (nothing to analyse: the games and the stream's bookkeeping)")
        return [
            _row("annotate --deal 2, local --jobs 1, peak RSS growth per game",
                 (local_many[1] - local_many[0]) / per_game, "KiB",
                 note=f"{many_note}; peak {local_many[0] / 1024:.0f} and "
                      f"{local_many[1] / 1024:.0f} MiB"),
            _row("annotate --deal 2, dask client peak RSS growth per game",
                 (remote_many[1] - remote_many[0]) / per_game, "KiB",
                 "annotate --deal 2, local --jobs 1, peak RSS growth per game",
                 (local_many[1] - local_many[0]) / per_game, target="~0 (flat)",
                 note=f"the hearts process alone, 2 workers; peak {remote_many[0] / 1024:.0f} "
                      f"and {remote_many[1] / 1024:.0f} MiB"),
            _row("annotate, local --jobs 1, peak RSS growth per deal", local_slope, "KiB",
                 note=f"{note}; peak {local[0] / 1024:.0f} and {local[1] / 1024:.0f} MiB"),
            _row("annotate, dask client peak RSS growth per deal", dask_slope, "KiB",
                 "annotate, local --jobs 1, peak RSS growth per deal", local_slope,
                 target="~0 (flat)",
                 note=f"the hearts process alone, 2 workers; peak {remote[0] / 1024:.0f} and "
                      f"{remote[1] / 1024:.0f} MiB"),
        ]
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main() -> None:
    print_rows(run(quick=switches(__doc__, "--quick")["--quick"]))


if __name__ == "__main__":
    main()
