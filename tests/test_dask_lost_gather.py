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


def test_the_client_loops_own_logs_are_silenced() -> None:
    """A Ctrl-C inside ``distributed.utils.sync`` makes a callback of the
    client's tornado loop fail; tornado.application logged it as a
    traceback on stderr above "interrupted" (the long step's
    test_ctrl_c_on_validate_cancels_and_exits_130 met it on a loaded
    machine). The engine's quiet loggers include tornado's."""
    import logging

    from hearts_notation.runners.dask_engine import quiet_distributed_logs

    loggers = ("tornado.application", "tornado", "distributed", "distributed.client")
    before = {name: logging.getLogger(name).level for name in loggers}
    try:
        quiet_distributed_logs()
        for name in loggers:
            assert not logging.getLogger(name).isEnabledFor(logging.CRITICAL), name
    finally:
        for name, level in before.items():
            logging.getLogger(name).setLevel(level)
