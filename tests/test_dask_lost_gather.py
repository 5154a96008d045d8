"""A scheduler that dies while the client gathers a result from it: the
gather fails with ``CommClosedError`` before the client has noticed the loss
and cancelled the futures.  That race is the same lost scheduler, one line
and exit 2 (``engine.scheduler_lost``), not an internal error (exit 3): the
long step's ``test_lost_scheduler_is_one_line`` met it on a loaded machine."""

from __future__ import annotations

import pytest

pytest.importorskip("distributed")

from distributed.comm.core import CommClosedError

from hearts_notation.runners.dask_engine import DaskEngine
from hearts_notation.runners.seam import EngineUnavailable


class _GatherClosed:
    """A future whose result's gather finds the scheduler's stream closed."""

    def result(self) -> object:
        raise CommClosedError("in <TCP (closed) ConnectionPool.gather local=tcp://127.0.0.1:1 "
                              "remote=tcp://127.0.0.1:2>: Stream is closed")


def test_a_closed_stream_under_a_gather_is_the_lost_scheduler() -> None:
    engine = object.__new__(DaskEngine)      # no cluster: only the address is read
    engine.address = "tcp://127.0.0.1:2"
    with pytest.raises(EngineUnavailable) as caught:
        engine._result(_GatherClosed(), None)  # type: ignore[arg-type]
    assert caught.value.msg.key == "engine.scheduler_lost"
    assert caught.value.text("en").startswith(
        "--scheduler tcp://127.0.0.1:2: the connection to the Dask scheduler was lost")
