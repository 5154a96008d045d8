"""Every core of this machine: an ordered parallel map over chunks of items.

Validating, scoring or annotating a million deals is the same pure function
applied to each game, so it spreads over processes (the GIL rules out
threads for this CPU-bound work).  :func:`map_ordered` feeds worker
processes *chunks* of items (one inter-process message per chunk, not per
item), keeps a bounded number of chunks read ahead so that an endless
stream of items is consumed at the pace of the workers, and yields the
results in input order: the output is the same, byte for byte, whatever the
number of jobs; ``jobs=1`` runs in-process with no pool at all.

The pool is this module's own, not :class:`multiprocessing.pool.Pool`: a
fixed set of worker processes, each with one pipe to the parent and at most
one chunk in it at a time, so that

* **a signal always ends the run** (``docs/robustness.md``): the workers
  ignore SIGINT and die of SIGTERM; the parent, on Ctrl-C or SIGTERM (to
  it alone or to the whole process group), kills its workers at once
  (SIGKILL) and returns, without waiting on a lock a killed worker may have
  held.  ``multiprocessing.Pool`` replaced workers killed by a SIGTERM sent
  to the group and then waited for their lost tasks (and for its queue's
  lock) for ever;
* **no worker is ever respawned**: a worker that dies while the run goes on
  (killed, out of memory) ends the run with :class:`WorkerLost`;
* a worker whose parent died (SIGKILL) finds its pipe closed and exits.

An exception raised by the function in a worker, or by the item iterator
(an unreadable file found late), is raised in the parent after the results
of every item before it have been yielded, exactly where ``jobs=1`` would
raise it.

The function must be picklable where processes are spawned rather than
forked (macOS, Windows): a module-level function or a
:func:`functools.partial` of one.
"""

from __future__ import annotations

import gc
import os
import signal
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:   # multiprocessing is imported when a pool starts (start-up cost)
    from multiprocessing.connection import Connection
    from multiprocessing.context import BaseContext
    from multiprocessing.process import BaseProcess

    from .errors import WorkerLost

T = TypeVar("T")
R = TypeVar("R")


class Progress(Protocol):
    """What the runners report progress to
    (:class:`hearts_notation.progress.CorpusProgress` is one)."""

    def advance(self, games: int = 1, deals: int = 0, nbytes: int = 0) -> None: ...


def default_jobs() -> int:
    """Worker processes by default: every core the process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


#: The most worker processes per core (:func:`bounded_jobs`).
JOBS_PER_CORE = 8


def bounded_jobs(jobs: int) -> int:
    """*jobs* worker processes, at most :data:`JOBS_PER_CORE` per core.

    ``--jobs 10000`` started a Python interpreter per item (300 for
    ``generate -n 300``: 12 CPU-s of start-ups for 1 of work; 10,000 would
    have taken 300 GB).  More workers than cores pay only where the work
    waits (the bots of a match, which run in processes of their own): a
    few per core cover that, and the output is the same whatever the
    number."""
    return max(1, min(jobs, JOBS_PER_CORE * default_jobs()))


@contextmanager
def gc_paused() -> Iterator[None]:
    """No cyclic garbage collection while one batch is parsed and checked.

    A game read is a few thousand small objects that live until it has
    been checked; the collector, triggered every few hundred allocations,
    keeps walking them (and everything older, on full collections) although
    they form no cycle and are freed by reference counting: a tenth of the
    time of ``validate`` on HRN.  The pause is bounded by one batch, and
    the collector runs as usual afterwards (unless the caller had it off).
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


# The workers -------------------------------------------------------------------------------


class _Failure:
    """An exception raised by the function in a worker, carried back with
    the results of the items before it in the chunk."""

    def __init__(self, exc: BaseException) -> None:
        import pickle

        from ..io.stream import detached

        detached(exc)       # what plain pickling keeps, whatever reducers are installed
        try:
            pickle.dumps(exc)
            self.exc: BaseException = exc
        except (pickle.PicklingError, TypeError, AttributeError, ValueError):
            import traceback

            text = "".join(traceback.format_exception(exc))
            self.exc = RuntimeError(f"{type(exc).__name__} in a worker process: {exc}\n{text}")


def _run_chunk(func: Callable[[Any], Any], chunk: list[Any]) -> tuple[list[Any], _Failure | None]:
    out: list[Any] = []
    for item in chunk:
        try:
            out.append(func(item))
        except Exception as exc:    # the work's own error: carried to the parent, raised there
            return out, _Failure(exc)
    return out, None


def _worker(func: Callable[[Any], Any], conn: Connection, inherited: list[Connection]) -> None:
    """A worker's life: chunks in, results out, until the pipe closes."""
    # Ctrl-C reaches the whole process group: the parent alone handles it.
    # SIGTERM kills the worker outright (no clean-up of the parent's to run).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    for other in inherited:         # the parent's ends of the pipes, this one's too
        other.close()
    while True:
        try:
            chunk = conn.recv()
        except (EOFError, OSError):
            return                  # the parent is gone, or done with us
        if chunk is None:
            return
        try:
            conn.send(_run_chunk(func, chunk))
        except (BrokenPipeError, OSError):
            return


def _context() -> BaseContext:
    """Fork where the platform has it (no re-import of the package in each
    worker, and the function need not be picklable); spawn elsewhere."""
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else None)


class _Pool:
    """*jobs* worker processes, one pipe each, one chunk at a time each."""

    def __init__(self, func: Callable[[Any], Any], jobs: int) -> None:
        ctx = _context()
        forked = ctx.get_start_method() == "fork"
        self.procs: list[BaseProcess] = []
        self.conns: list[Connection] = []
        # Workers are born with SIGINT ignored (no traceback from a worker
        # caught between fork and its first line).
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            for _ in range(jobs):
                mine, theirs = ctx.Pipe(duplex=True)
                # The forked worker closes the parent's ends it inherits, its
                # own pipe's included: else a parent that dies abruptly (the
                # OOM killer, SIGKILL) leaves it waiting on a pipe it holds
                # open itself, for ever.
                inherited = [*self.conns, mine] if forked else []
                proc: BaseProcess = ctx.Process(  # type: ignore[attr-defined]
                    target=_worker, args=(func, theirs, inherited), daemon=True)
                self.procs.append(proc)
                self.conns.append(mine)
                proc.start()
                theirs.close()
        except BaseException:
            self.kill()
            raise
        finally:
            signal.signal(signal.SIGINT, previous)

    def kill(self) -> None:
        """Every worker killed at once (SIGKILL) and reaped: nothing of the
        run survives it, and nothing waits on a worker."""
        for proc in self.procs:
            if proc.pid is not None and proc.exitcode is None:
                try:
                    proc.kill()
                except OSError:
                    pass
        for conn in self.conns:
            conn.close()
        for proc in self.procs:
            if proc.pid is not None:
                proc.join(1.0)

    def close(self) -> None:
        """The run is over: the workers read the end of their pipe and exit."""
        for conn in self.conns:
            try:
                _send(conn, None)
            except OSError:
                pass
        for proc in self.procs:
            proc.join(5.0)
        self.kill()     # any worker still there


def map_ordered(func: Callable[[T], R], items: Iterable[T], jobs: int | None = None,
                chunk_size: int = 64, progress: Progress | None = None,
                window: int | None = None) -> Iterator[R]:
    """``func`` applied to every item, results in input order.

    *jobs* processes (default: every core; 1 runs in this process) receive
    lists of *chunk_size* items; at most *window* chunks (default ``3 *
    jobs``) are read ahead or in work, so memory does not grow with the
    number of items.  *progress*, if given, is advanced by one game per
    result.
    """
    jobs = default_jobs() if jobs is None else jobs
    if jobs < 1:
        raise ValueError("jobs must be at least 1")
    jobs = bounded_jobs(jobs)
    if chunk_size < 1:
        raise ValueError("chunk_size must be at least 1")
    if jobs == 1:
        return _map_serial(func, items, progress)
    return _map_pool(func, items, jobs, chunk_size, progress, max(window or 3 * jobs, jobs))


def _map_serial(func: Callable[[T], R], items: Iterable[T],
                progress: Progress | None) -> Iterator[R]:
    for item in items:
        result = func(item)
        if progress is not None:
            progress.advance(1)
        yield result


def _map_pool(func: Callable[[T], R], items: Iterable[T], jobs: int, chunk_size: int,
              progress: Progress | None, window: int) -> Iterator[R]:
    it = iter(items)
    deferred: BaseException | None = None
    exhausted = False

    def take() -> list[T]:
        nonlocal deferred, exhausted
        chunk: list[T] = []
        try:
            for item in it:
                chunk.append(item)
                if len(chunk) == chunk_size:
                    break
        except Exception as exc:   # the items' own error: raise it in order
            deferred = exc
        if len(chunk) < chunk_size:
            exhausted = True
        return chunk

    # An input that fits in one chunk is not worth a pool of processes:
    # run it here (same results, same order, same errors).
    first = take()
    second = [] if exhausted else take()
    if not second:
        yield from _map_serial(func, first, progress)
        if deferred is not None:
            raise deferred
        return
    from collections import deque
    from multiprocessing.connection import wait

    ahead: deque[tuple[int, list[T]]] = deque([(0, first), (1, second)])   # read, not yet sent
    sent = 2
    results: dict[int, tuple[list[Any], _Failure | None]] = {}
    busy: dict[int, int] = {}       # worker number -> sequence number of its chunk
    following = 0                   # the next sequence number to yield
    pool = _Pool(func, jobs)
    finished = False
    try:
        while True:
            while not exhausted and len(ahead) + len(busy) + len(results) < window:
                chunk = take()
                if chunk:
                    ahead.append((sent, chunk))
                    sent += 1
            for w in range(jobs):
                if ahead and w not in busy:
                    seq, chunk = ahead.popleft()
                    try:
                        _send(pool.conns[w], chunk)
                    except OSError:
                        raise _lost(pool.procs[w]) from None
                    busy[w] = seq
            while following in results:
                values, failure = results.pop(following)
                following += 1
                for value in values:
                    if progress is not None:
                        progress.advance(1)
                    yield value
                if failure is not None:
                    raise failure.exc
            if following == sent and exhausted:
                break
            if not busy:
                continue
            watched: dict[Any, int] = {}
            for w in busy:
                watched[pool.conns[w]] = w
                watched[pool.procs[w].sentinel] = w
            for ready in wait(list(watched)):
                w = watched[ready]
                if w not in busy:
                    continue
                conn = pool.conns[w]
                if ready is conn or conn.poll():
                    try:
                        results[busy.pop(w)] = conn.recv()
                    except (EOFError, OSError):
                        raise _lost(pool.procs[w]) from None
                else:
                    raise _lost(pool.procs[w])
        if deferred is not None:
            raise deferred
        finished = True
    finally:
        if finished:
            pool.close()
        else:
            pool.kill()


def _send(conn: Connection, obj: Any) -> None:
    """*obj* to a worker, a dead worker being an :class:`OSError` here
    (SIGPIPE set aside for the write: :func:`sigpipe_ignored`)."""
    with sigpipe_ignored():
        conn.send(obj)


@contextmanager
def sigpipe_ignored() -> Iterator[None]:
    """SIGPIPE ignored for the duration, so that a write to the pipe of a
    child process that is gone fails with EPIPE (``BrokenPipeError``).

    The command line gives SIGPIPE its default action (a closed standard
    output ends the program quietly, as it ends ``cat``), and a write to
    the pipe of a worker killed from outside, or of a bot program that
    exited, raises SIGPIPE too: the parent would die of it at once, status
    141 and not a word, leaving the other workers or bots behind and the
    match's results unsaid.  Signals are set from the main thread only; in
    another thread the action is left as it is."""
    import threading

    if not hasattr(signal, "SIGPIPE") or threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGPIPE, signal.SIG_IGN)
    try:
        yield
    finally:
        if previous is not None:
            signal.signal(signal.SIGPIPE, previous)


def _lost(proc: BaseProcess) -> WorkerLost:
    from ..i18n import msg
    from .errors import WorkerLost

    proc.join(0.1)
    code = proc.exitcode
    how = (msg("engine.worker_signal", n=-code) if code is not None and code < 0
           else msg("engine.worker_status", n=str(code)))
    return WorkerLost(msg("engine.worker_lost", how=how.arg()))


__all__ = ["JOBS_PER_CORE", "Progress", "bounded_jobs", "default_jobs", "gc_paused", "map_ordered",
           "sigpipe_ignored"]
