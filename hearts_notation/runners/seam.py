"""The execution-engine seam: what every engine offers, and the errors and
wrappers they share (the local process pool, :mod:`.local`; a Dask
cluster, :mod:`.dask_engine`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from ..i18n import msg
from ..io.batches import Batch, Broken
from ..io.stream import InputError
from .errors import EngineUnavailable, WorkerLost
from .pool import Progress

if TYPE_CHECKING:
    from ..rules import RuleSet

T = TypeVar("T")
R = TypeVar("R")

#: What ``--engine dask`` needs, said when it is missing.
DASK_INSTALL = 'pip install "hearts-notation[dask]"'


def guarded(work: Callable[[Any], R]) -> Callable[[Any], R]:
    """*work* on a batch, where an exception raised on the batch's data
    becomes the value of an unreadable input placed at the batch
    (``file:line: cannot be processed: ...``), so that one bad shard does
    not stop the others.  Both engines wrap the work the same way, so the
    output does not depend on the engine."""
    return partial(_guarded_call, work)


def _guarded_call(work: Callable[[Any], R], batch: Any) -> R:
    try:
        return work(batch)
    except (KeyboardInterrupt, MemoryError):
        raise
    except Exception as exc:    # the batch's data broke the work: reported at the batch
        if not isinstance(batch, Batch):
            raise
        error = InputError(batch.source, msg("input.internal", why=f"{type(exc).__name__}: {exc}"),
                           batch.first_line)
        return work(Broken(error))


class Engine(Protocol):
    """Where the per-game work of a command runs.

    Two methods cover every command that maps over games: :meth:`map`
    (items the client holds: seeds for ``generate``, deals for
    ``annotate``) and :meth:`map_batches` (games in files, read where the
    work runs).  Both give results in input order, so the output is the
    same whatever the engine.  Engines are context managers: leaving the
    block stops their workers (at once when the block is left by a signal:
    Ctrl-C, SIGTERM).
    """

    name: str

    def map(self, func: Callable[[T], R], items: Iterable[T], chunk_size: int = 1,
            progress: Progress | None = None, priority: int = 0,
            label: Callable[[T], object] | None = None) -> Iterator[R]:
        """``func`` over the items in order.  *priority*: tasks of a higher
        one run before the queued tasks of a lower one (a cluster's
        scheduler queue; a process pool runs in submission order anyway).
        *label*: what an item is, for the message of a task that killed
        the workers that ran it (a :class:`~.shards.Shard` names its file
        and bytes, a string its file)."""
        ...

    def map_batches(self, work: Callable[[Any], R], paths: Sequence[str], fmt: str | None,
                    default_rules: RuleSet | str | None, progress: Progress | None = None,
                    games_per_batch: int = 32) -> Iterator[R]: ...

    def expand(self, paths: Sequence[str]) -> list[str]:
        """The files :meth:`map_batches` reads for *paths* (a cluster lists
        there the folders and patterns that only its workers see)."""
        ...

    def source_lines(self, path: str, wanted: Iterable[int]) -> dict[int, str]:
        """The lines numbered *wanted* of the file *path* (for the quoted
        line and caret of a syntax error), read where the data is: a
        cluster's client never opens the corpus.  Lines that cannot be
        read are left out."""
        ...

    def records_language(self, paths: Sequence[str]) -> str | None:
        """The language the first HRN record among *paths* is kept in
        (:func:`hearts_notation.language.paths_language`; ``None``:
        English or no HRN record), read where the data is: a cluster's
        client never opens the corpus, so without ``--lang`` a French
        record only the workers see still gets French messages."""
        ...

    def __enter__(self) -> Engine: ...

    def __exit__(self, *exc: object) -> None: ...


def lines_of(path: str, where: str | None, wanted: list[int]) -> dict[int, str]:
    """Worker side of :meth:`Engine.source_lines`: the lines of the file
    opened at *where* (see :attr:`.shards.Shard.location`) or *path*;
    nothing when it cannot be read (the message then goes without them)."""
    from ..io.stream import source_lines_at

    try:
        return source_lines_at(where or path, wanted)
    except (InputError, OSError):
        return {}


__all__ = ["DASK_INSTALL", "Engine", "EngineUnavailable", "WorkerLost", "guarded", "lines_of"]
