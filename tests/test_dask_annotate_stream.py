"""``annotate --engine dask`` streams: the client holds a window, not the record.

The record is planned and checked on the workers, then analysed and
annotated as a stream (:class:`hearts_notation.runners.annotate.AnnotateStream`):
a game's deal analyses are held by the client only until its last deal is
back, and the games' places are asked of the workers shard by shard.  Here
a scheduler and two worker processes stream a record of many games
while the test counts, in the client, the game analyses alive (the objects
themselves, through the garbage collector): the count stays within the
tasks in flight whatever the number of games.  The output of each mode is
compared with the local engine's byte for byte in ``tests/test_dask_cluster.py``;
the client's peak memory against the record's size is measured by
``benchmarks/bench_dask_annotate.py``.
"""

from __future__ import annotations

import gc
import os
import shutil
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("distributed")

from hearts_notation.analysis.annotate import AnalysisOptions, GameAnalysis
from hearts_notation.analysis.evaluate import FAST
from hearts_notation.io import InputError
from hearts_notation.runners.annotate import (
    AnnotateStream,
    RemoteRecord,
    index_shard,
    plan_games,
)
from hearts_notation.runners.dask_engine import DaskEngine

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
ENV.pop("DASK_SCHEDULER_ADDRESS", None)


def dask_cli(*args: str) -> list[str]:
    exe = shutil.which("dask")
    return [exe, *args] if exe else [sys.executable, "-m", "dask", *args]


@pytest.fixture()
def scheduler() -> Iterator[str]:
    """A ``dask scheduler`` and two single-threaded ``dask worker`` processes
    on 127.0.0.1 (the scheduler in a process of its own, as on a cluster:
    a LocalCluster's scheduler lives in the client process and holds the
    arguments of the tasks it runs)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    address = f"tcp://127.0.0.1:{port}"
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "env": ENV, "cwd": ROOT}
    procs = [subprocess.Popen(dask_cli("scheduler", "--host", "127.0.0.1", "--port", str(port),
                                       "--no-dashboard", "--no-show"), **quiet)]  # type: ignore[call-overload]
    procs.append(subprocess.Popen(dask_cli("worker", address, "--nworkers", "2", "--nthreads", "1",
                                           "--host", "127.0.0.1", "--no-dashboard"), **quiet))  # type: ignore[call-overload]
    try:
        yield address
    finally:
        for p in reversed(procs):
            p.terminate()
        for p in procs:
            try:
                p.wait(timeout=20)
            except subprocess.TimeoutExpired:
                p.kill()


def live_analyses() -> int:
    gc.collect()
    return sum(1 for o in gc.get_objects() if isinstance(o, GameAnalysis))


@pytest.mark.slow
def test_client_holds_a_window_of_analyses_not_the_record(tmp_path: Path, scheduler: str) -> None:
    games = 120
    path = tmp_path / "many.jsonl"
    subprocess.run([sys.executable, "-m", "hearts_notation", "generate", "--games", str(games),
                    "--deals-per-game", "1", "--seed", "5", "--jobs", "1", "-o", str(path)],
                   cwd=ROOT, env=ENV, check=True, capture_output=True)
    # --deal 2 of one-deal games: each task is real but quick (nothing to
    # analyse), so the stream's bookkeeping is what is measured.
    options = AnalysisOptions(eval=FAST)
    with DaskEngine(scheduler, workers=2, wait_workers=120) as engine:
        plan = plan_games(str(path), None)
        assert not isinstance(plan, InputError)
        assert len(plan) > 1            # several shards: the places are asked shard by shard
        checks = [c for s in plan for c in index_shard(s, None, False)]   # type: ignore[union-attr]
        record = RemoteRecord(plan, len(checks), sum(c.ref.deals for c in checks))
        del checks
        stream = AnnotateStream(record, options, None, False, 2, engine, annotate=True,
                                lang="en")
        baseline = live_analyses()
        seen, peak, indexes = 0, 0, []
        for analysis, game in stream:
            assert game is not None
            indexes.append(analysis.index)
            seen += 1
            del analysis, game
            if seen % 30 == 0:
                peak = max(peak, live_analyses() - baseline)
        window = engine.window
    assert seen == games and indexes == list(range(1, games + 1))
    assert stream.totals.deals == 0
    # Held: the games handed to the annotating workers and not yet back,
    # at most one and a half windows of tasks in flight, plus the one
    # being merged; never a share of the 120 games.
    assert stream.most_held <= 2 * window
    assert peak <= 2 * window + 2, (peak, window)
