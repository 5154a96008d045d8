"""The errors of the engines that end a run in one line, exit 2: the
engine cannot run here, or a worker of the local pool was lost.

A module of their own, importing nothing of the package but the catalogs:
the pool raises :class:`WorkerLost` and the seam (:mod:`.seam`, which uses
the pool) names both, without a circle between them."""

from __future__ import annotations

from ..i18n import MessageError


class EngineUnavailable(MessageError):
    """The engine asked for cannot run here (its package is missing, its
    scheduler cannot be reached): a command-line problem, exit 2.  The
    message is a catalog id and arguments (:meth:`text` in any language)."""

    def __reduce__(self) -> tuple[object, ...]:
        return (EngineUnavailable, (self.msg,))


class WorkerLost(EngineUnavailable):
    """A worker process of the local pool died while the run went on
    (killed from outside, out of memory): its chunk's results are lost, and
    the run ends rather than start another worker.  Not a bug of hearts:
    one line and exit 2, as a Dask worker killed in turn on a shard (it was
    "internal error", exit 3)."""

    def __reduce__(self) -> tuple[object, ...]:
        return (WorkerLost, (self.msg,))


__all__ = ["EngineUnavailable", "WorkerLost"]
