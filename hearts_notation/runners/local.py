"""Games from files, on this machine's cores: :func:`map_games`, the
local engine (``--jobs``) and the engine options of a command line.

The reading process streams the files and cuts them into batches of raw
records by each format's own cutter (:mod:`hearts_notation.io.batches`);
the workers (:mod:`.pool`) parse and apply the function.

Wiring a command (see ``docs/corpora.md``)::

    from functools import partial
    from hearts_notation.runners import map_games
    for entry in map_games(partial(validate_game, default_rules_spec=spec, force=force),
                           paths, default_rules=spec, jobs=jobs, progress=bar,
                           errors="yield"):
        ...
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, Final, Literal, TypeVar, overload

from ..i18n import msg
from ..io.batches import Batch, Broken, batch_games, file_batches
from ..io.formats import input_format
from ..io.stream import InputError, is_stdin, open_binary, path_text
from .pool import Progress, bounded_jobs, default_jobs, gc_paused, map_ordered
from .seam import DASK_INSTALL, Engine, EngineUnavailable, guarded, lines_of

if TYPE_CHECKING:
    from ..model import Game
    from ..rules import RuleSet

T = TypeVar("T")
R = TypeVar("R")


def apply_batch(func: Callable[[Game], R], batch: Batch | Broken) -> list[tuple[int, Any]]:
    """Worker side: parse a batch and apply *func* to each game; the deals
    of each game come back with its result, for the progress counts."""
    if isinstance(batch, Broken):
        return [(-1, batch.error)]
    with gc_paused():
        return [(len(g.deals), func(g)) for g in batch_games(batch)]


def iter_batches(paths: Sequence[str] | Iterable[str], fmt: str | None = None,
                 default_rules: RuleSet | str | None = None, games_per_batch: int = 32,
                 errors: Literal["raise", "yield"] = "raise",
                 decode: bool = False) -> Iterator[Batch | Broken]:
    """The batches of every file (a path, ``-`` or a URL), in order, read
    as a stream.

    With ``errors="yield"`` an unreadable file becomes one marker in the
    sequence (the games before the problem are kept) and the next file is
    read; with ``"raise"`` the :class:`InputError` ends the iteration.
    With *decode* (one job: the batches are checked in this process) the
    cut of a pretty-printed JSON array confirms an element's end with the
    typed decoder and ships the compact form of its record
    (:attr:`Batch.compacts`): one pass over the text where the cut's own
    check and the checker's decoding took two.  The batches are otherwise
    the same.
    """
    for path in paths:
        try:
            yield from _path_batches(path, input_format(path, fmt), default_rules, games_per_batch,
                                     decode)
        except InputError as exc:
            if errors == "raise":
                raise
            yield Broken(exc)


def _path_batches(path: str, fmt: str, default_rules: RuleSet | str | None,
                  per_batch: int, decode: bool = False) -> Iterator[Batch]:
    if "://" in path:       # a URL, read through fsspec (as the Dask workers read it)
        from .shards import open_source

        fh = open_source(path)
    else:
        fh = open_binary(path)
    try:
        yield from file_batches(fh, path, fmt, default_rules, per_batch, decode)
    finally:
        if not is_stdin(fh):
            fh.close()


@overload
def map_games(func: Callable[[Game], R], paths: Iterable[str], *, fmt: str | None = ...,
              default_rules: RuleSet | str | None = ..., jobs: int | None = ...,
              progress: Progress | None = ..., errors: Literal["raise"] = ...,
              games_per_batch: int = ..., engine: Engine | None = ...) -> Iterator[R]: ...


@overload
def map_games(func: Callable[[Game], R], paths: Iterable[str], *, fmt: str | None = ...,
              default_rules: RuleSet | str | None = ..., jobs: int | None = ...,
              progress: Progress | None = ..., errors: Literal["yield"],
              games_per_batch: int = ..., engine: Engine | None = ...) -> Iterator[R | InputError]: ...


def map_games(func: Callable[[Game], R], paths: Iterable[str], *, fmt: str | None = None,
              default_rules: RuleSet | str | None = None, jobs: int | None = None,
              progress: Progress | None = None, errors: Literal["raise", "yield"] = "raise",
              games_per_batch: int = 32,
              engine: Engine | None = None) -> Iterator[R] | Iterator[R | InputError]:
    """``func(game)`` for every game of every file, in file order.

    The files are read as streams (flat memory) and parsed in the workers.
    With ``errors="yield"`` an unreadable file (missing, binary, not UTF-8
    at some line) yields its :class:`InputError` in its place in the
    sequence — after the results of the games read before the problem —
    and the next file is read; with ``"raise"`` it ends the iteration.
    *progress* is advanced per game (with its deals) and by the bytes read.
    With an *engine* (``--engine``) the work runs there and *jobs* is
    not used.
    """
    return map_batch_work(partial(apply_batch, func), paths, fmt=fmt, default_rules=default_rules,
                          jobs=jobs, progress=progress, errors=errors,
                          games_per_batch=games_per_batch, engine=engine)


def map_batch_work(work: Callable[[Batch | Broken], list[tuple[int, Any]]], paths: Iterable[str], *,
                   fmt: str | None = None, default_rules: RuleSet | str | None = None,
                   jobs: int | None = None, progress: Progress | None = None,
                   errors: Literal["raise", "yield"] = "raise", games_per_batch: int = 32,
                   engine: Engine | None = None) -> Iterator[Any]:
    """:func:`map_games` with the work of a whole batch: *work* (top level,
    picklable) turns a batch into ``(deals, result)`` per game, as
    :func:`apply_batch` does, and may read the batch's raw records itself
    (``score`` and ``stats`` take the referee's compact check, as
    ``validate`` does, and parse only the records it does not accept)."""
    if engine is not None:
        results = engine.map_batches(work, list(paths), fmt, default_rules, progress,
                                     games_per_batch)
        flat = _flatten(results, progress)
        return flat if errors == "yield" else _raising(flat)
    batches = iter_batches(paths, fmt, default_rules, games_per_batch, errors)
    flat = _flatten(map_ordered(work, _measured(batches, progress), jobs, 1, None), progress)
    return flat if errors == "yield" else _raising(flat)


def _raising(values: Iterator[Any]) -> Iterator[Any]:
    """``errors="raise"`` over a sequence that carries its input errors."""
    for v in values:
        if isinstance(v, InputError):
            raise v
        yield v


def _measured(batches: Iterator[Batch | Broken],
              progress: Progress | None) -> Iterator[Batch | Broken]:
    # Bytes count as read (the bar's ETA follows the input), games as done.
    for b in batches:
        if progress is not None and isinstance(b, Batch):
            progress.advance(0, 0, b.nbytes)
        yield b


def _flatten(results: Iterator[list[tuple[int, Any]]],
             progress: Progress | None) -> Iterator[Any]:
    for group in results:
        for deals, value in group:
            if deals >= 0 and progress is not None:
                progress.advance(1, deals)
            yield value


def total_bytes(paths: Iterable[str]) -> int | None:
    """Sum of the sizes of the files (``None`` if one is standard input or
    cannot be sized): the total of a bytes progress bar."""
    total = 0
    for p in paths:
        if p == "-":
            return None
        try:
            total += os.stat(path_text(p)).st_size
        except OSError:
            continue
    return total


class LocalEngine:
    """The process pool of this machine (``--jobs``): the client reads the
    files as streams and ships batches of raw records to the workers."""

    name = "local"

    def __init__(self, jobs: int | None = None) -> None:
        self.jobs = bounded_jobs(default_jobs() if not jobs else jobs)

    def map(self, func: Callable[[T], R], items: Iterable[T], chunk_size: int = 1,
            progress: Progress | None = None, priority: int = 0,
            label: Callable[[T], object] | None = None) -> Iterator[R]:
        # *priority* changes nothing here: the pool runs its tasks in order;
        # a pool's worker that dies is WorkerLost, whatever *label* says.
        return map_ordered(func, items, self.jobs, chunk_size, progress)

    def expand(self, paths: Sequence[str]) -> list[str]:
        """The paths as they are: this machine's folders were listed by the command."""
        return list(paths)

    def map_batches(self, work: Callable[[Any], R], paths: Sequence[str], fmt: str | None,
                    default_rules: RuleSet | str | None, progress: Progress | None = None,
                    games_per_batch: int = 32) -> Iterator[R]:
        batches = iter_batches(paths, fmt, default_rules, games_per_batch, "yield")
        return map_ordered(guarded(work), _measured(batches, progress), self.jobs, 1, None)

    def source_lines(self, path: str, wanted: Iterable[int]) -> dict[int, str]:
        """Read here, where the data is (the reader's seek marks make a
        late line in a large file a block's read)."""
        return lines_of(path, None, list(wanted))

    def records_language(self, paths: Sequence[str]) -> str | None:
        """Read here, where the data is (the command line already chose
        the language from the same function while it was parsed)."""
        from ..language import paths_language

        return paths_language(paths)

    def __enter__(self) -> LocalEngine:
        return self

    def __exit__(self, *exc: object) -> None:
        return None


class EngineSpec:
    """The engine options of a command line (``--engine``, ``--scheduler``,
    ``--shard-size``, ``--wait-workers``), opened into an :class:`Engine`
    with the command's ``--jobs``.

    ``wait_workers``: seconds to wait for a first worker of a remote
    scheduler (``None``: the default,
    :data:`hearts_notation.runners.dask_engine.DEFAULT_WAIT_WORKERS`);
    ``opened``: an engine already open (:meth:`reusing`), which the
    command's ``open_engine`` takes as it is and leaves open to its opener.

    A plain class with ``__slots__``, not a dataclass: nothing compares,
    hashes or prints one, and every command with engine options makes this
    class at start-up, where a frozen dataclass's generated methods cost
    about half a millisecond (issue 22).  ``Final`` keeps it read-only for
    the type checker."""

    __slots__ = ("engine", "opened", "scheduler", "shard_size", "wait_workers")

    def __init__(self, engine: str = "local", scheduler: str | None = None,
                 shard_size: int | None = None, wait_workers: float | None = None,
                 opened: Engine | None = None) -> None:
        self.engine: Final = engine
        self.scheduler: Final = scheduler
        self.shard_size: Final = shard_size
        self.wait_workers: Final = wait_workers
        self.opened: Final = opened

    def reusing(self, engine: Engine) -> EngineSpec:
        """This spec, with *engine* (open already) to use instead of
        opening another: the command line opens a cluster's engine before
        the command runs when only the workers can tell the records'
        language (:func:`hearts_notation.commands.options.engine_options`)."""
        return EngineSpec(self.engine, self.scheduler, self.shard_size, self.wait_workers, engine)

    def open(self, jobs: int | None) -> Engine:
        """The engine; :class:`EngineUnavailable` when it cannot run."""
        if self.engine == "local":
            return LocalEngine(jobs)
        if self.engine == "dask":
            try:
                from .dask_engine import DaskEngine
            except ImportError:
                raise EngineUnavailable(msg("engine.needs_dask", install=DASK_INSTALL)) from None
            address = self.scheduler or os.environ.get("DASK_SCHEDULER_ADDRESS") or None
            return DaskEngine(address, jobs or default_jobs(), self.shard_size, self.wait_workers)
        raise EngineUnavailable(msg("engine.unknown", name=repr(self.engine)))


__all__ = ["EngineSpec", "LocalEngine", "apply_batch", "iter_batches", "map_batch_work", "map_games",
           "total_bytes"]
