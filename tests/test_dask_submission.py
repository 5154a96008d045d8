"""Issue 30: tasks go to the scheduler in groups (one ``client.map`` per
half window), not one ``client.submit`` each: a submission per task cost
the client about a millisecond and a half, and the scheduler more.

No cluster here: the engine's client is a stand-in that runs each task at
once and counts the calls, so the test is cheap and says exactly how the
engine talks to Dask (the results, real values, come back in order).
The same stand-in shows a relative path refused when the client's
directory is gone (it cannot be made absolute for the workers).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("distributed")

from hearts_notation.runners.counted import validate_batch_counted
from hearts_notation.runners.dask_engine import DaskEngine


class CountingClient:
    """What :class:`DaskEngine` asks of ``distributed.Client``, run here."""

    status = "running"

    def __init__(self) -> None:
        self.maps: list[int] = []
        self.submits = 0

    def map(self, func: Callable[..., Any], items: Iterable[Any], *more: Iterable[Any],
            **kwargs: Any) -> list[Any]:
        rows = list(zip(items, *more, strict=True))
        self.maps.append(len(rows))
        return [func(*row) for row in rows]

    def submit(self, func: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        self.submits += 1
        return func(*args)


def engine(threads: int) -> tuple[DaskEngine, CountingClient]:
    eng = object.__new__(DaskEngine)
    client = CountingClient()
    eng.client = client     # type: ignore[assignment]
    eng.cluster = None
    eng.killed = False
    eng.address = "tcp://stand-in:8786"
    eng.shard_bytes = 4000
    eng.workers = eng._slots = threads
    eng._looked = time.monotonic() + 3600      # the workers present are not looked at again
    eng._expansions = {}
    eng._listed = {}
    return eng, client


def test_items_are_submitted_half_a_window_at_a_time() -> None:
    eng, client = engine(threads=3)          # window 12: groups of 6
    assert list(eng.map(abs, range(-50, 0), chunk_size=2)) == list(range(50, 0, -1))
    assert client.submits == 0
    assert client.maps == [6, 6, 6, 6, 1]    # 25 chunks of two items


def test_shards_are_submitted_half_a_window_at_a_time(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    from hearts_notation.generate import generate_games
    from hearts_notation.io import dumps

    path.write_text(dumps(list(generate_games(40, seed=2, max_deals=1)), "jsonl"),
                    encoding="utf-8")
    eng, client = engine(threads=2)          # window 8: groups of 4
    counts = list(eng.map_batches(_validate, [str(path)], None, None, games_per_batch=4))
    assert sum(c.games for c in counts) == 40
    assert client.submits == 0
    # The calls: the file's probe, its ranges' planning, then its shards,
    # each a client.map of half a window (the last of each kind the rest).
    ranges = math.ceil(path.stat().st_size / 4000)
    shards = sum(client.maps) - 1 - ranges
    assert shards > 4

    def groups(n: int) -> list[int]:
        return [4] * (n // 4) + ([n % 4] if n % 4 else [])

    assert client.maps == [1, *groups(ranges), *groups(shards)]


def _validate(batch: Any) -> Any:
    return validate_batch_counted(batch, None, False)


def test_a_relative_path_that_cannot_be_made_absolute_is_refused(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch
                                                                 ) -> None:
    """Workers elsewhere open a relative path against the client's
    directory; when that directory is gone, the path is refused with one
    line (exit 2 on the command line), not sent to be read somewhere else."""
    from hearts_notation.runners.seam import EngineUnavailable

    gone = tmp_path / "gone"
    gone.mkdir()
    monkeypatch.chdir(gone)
    gone.rmdir()
    eng, client = engine(threads=1)
    with pytest.raises(EngineUnavailable) as caught:
        eng.expand(["week-1.jsonl"])
    assert caught.value.text().startswith("week-1.jsonl: a relative path cannot be made "
                                          "absolute here (")
    assert client.maps == [] and client.submits == 0
