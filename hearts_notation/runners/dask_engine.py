"""The Dask engine (``--engine dask``): the same work, on a Dask cluster.

Imported only when ``--engine dask`` is asked for (Dask takes about a
second to import; the other commands should not pay for it).  The client
plans nothing that needs the corpus: each file is planned by a worker
(:func:`hearts_notation.runners.shards.plan_files`: its byte ranges in
parallel), each shard read and worked by
a worker (:func:`hearts_notation.runners.shards.run_shard`), and the client only
collects results in input order, with a bounded number of shards in
flight, so memory stays flat on both sides.

Failures:

* a worker that dies loses its tasks; the scheduler runs them again on
  another worker (its ``allowed-failures``), and each task is also
  submitted with ``retries`` for errors of the machine (a file system that
  hiccups).  Results are whole shards, so a re-run shard gives the same
  values and nothing is counted twice;
* a shard whose *data* is unusable reports it as a value (``file:line:
  message``) and the other shards' results still come out;
* Ctrl-C or SIGTERM cancels the futures in flight, kills the workers of
  the LocalCluster this engine started (:meth:`DaskEngine.kill_workers`),
  closes the client and the cluster, and the command exits 130 or 143.

Progress: bytes are counted as each shard's future completes, in whatever
order the workers finish; games and deals as results are handed over in
order.
"""

from __future__ import annotations

import builtins
import contextlib
import itertools
import logging
import os
import signal
import threading
import time
import types
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

from distributed import Client, Future, LocalCluster

from ..i18n import Arg, Msg, decimal, msg, os_reason
from ..io.batches import Broken
from ..io.stream import InputError
from .pool import Progress, bounded_jobs
from .seam import EngineUnavailable, guarded, lines_of
from .shards import (
    DEFAULT_SHARD_BYTES,
    PlannedRange,
    Shard,
    ShardResult,
    expand_here,
    is_url,
    located,
    plan_files,
    run_shard,
)

if TYPE_CHECKING:
    from ..rules import RuleSet

T = TypeVar("T")
R = TypeVar("R")

#: Seconds :meth:`DaskEngine.close` gives the client and the cluster once
#: a signal has killed the workers (a signal must end the run at once).
KILLED_CLOSE_TIMEOUT = 0.5

#: Seconds :meth:`DaskEngine.close` waits for multiprocessing's resource
#: tracker to end once its cluster is closed (:func:`stop_resource_tracker`).
TRACKER_STOP_TIMEOUT = 2.0

#: Re-runs of a task that raised (the shard code turns data errors into
#: values, so what raises is the machine: a file system, a lost connection).
RETRIES = 2


#: Seconds ``--wait-workers`` waits by default for a first worker to join
#: the scheduler (a batch system may take a while to start its jobs).
DEFAULT_WAIT_WORKERS = 60.0

#: Seconds between two looks at the workers present (the window of tasks
#: in flight follows them: workers that join get work).
WORKERS_LOOK_INTERVAL = 1.0


def _probe(package: str = "hearts_notation") -> str | None:
    """Worker side: the version of the package this worker imports and a
    digest of its Python sources, as ``"VERSION DIGEST"`` (``None``: it
    cannot import it), so that workers on another commit that carries the
    same version string (an editable checkout, a build from a branch) are
    told apart.  Sent by value (see :data:`PROBE`), so it uses nothing of
    this module; the client runs it too, for its own."""
    import hashlib
    import importlib
    import os

    try:
        module = importlib.import_module(package)
    except ImportError:
        return None
    version = str(getattr(module, "__version__", "unknown"))
    root = os.path.dirname(str(getattr(module, "__file__", "") or ""))
    digest = hashlib.sha256()
    for folder, subfolders, names in os.walk(root):
        subfolders.sort()
        for name in sorted(names):
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                digest.update(os.path.relpath(path, root).encode() + b"\0")
                try:
                    with open(path, "rb") as fh:
                        digest.update(fh.read())
                except OSError:
                    digest.update(b"?")
    return f"{version} {digest.hexdigest()[:12]}"


#: :func:`_probe` rebuilt outside any importable module, so that cloudpickle
#: sends its code rather than a reference to this module: a worker that
#: cannot import the package can still run it and say so.
PROBE: Callable[[], str | None] = types.FunctionType(
    _probe.__code__, {"__builtins__": builtins, "__name__": "hearts_notation_probe"}, "probe",
    _probe.__defaults__)


#: The modules whose ``main`` a ``hearts`` console script calls.
_ENTRY_MODULES = ("hearts_notation_start", "hearts_notation.cli")


def _spawn_from_the_package() -> None:
    """Make the local cluster's worker processes start from the package,
    not from the script that started hearts.

    A worker process is spawned: it runs the main module again, as
    ``__mp_main__``, unless that module was imported by name (``python -m
    hearts_notation``).  Run as the ``hearts`` console script, the main
    module is the script file, and a script without the ``if __name__ ==
    "__main__"`` guard (some installers write them so) ran the whole
    command again in every worker, which failed: "Nanny failed to start",
    exit 3.  When the main module is such a script of ours (its ``main`` is
    the command line's: the console script's entry point beside the
    package, :func:`hearts_notation_start.main`, or :func:`hearts_notation.cli.main`
    that scripts installed before review19 name), it is given the package's
    ``__main__`` as its spec, which multiprocessing does not run again in a
    child.  (Since the entry point moved out of the package, a script without
    the guard failed again, "Nanny failed to start": review21.)"""
    import importlib.util
    import sys

    main = sys.modules.get("__main__")
    if main is None or getattr(main, "__spec__", None) is not None:
        return
    if getattr(getattr(main, "main", None), "__module__", None) not in _ENTRY_MODULES:
        return
    main.__spec__ = importlib.util.find_spec("hearts_notation.__main__")


#: The warning filter :func:`_quiet_resource_tracker` gives the processes started from here.
_TRACKER_QUIET = "ignore::UserWarning:multiprocessing.resource_tracker"


@contextlib.contextmanager
def _quiet_resource_tracker() -> Iterator[None]:
    """Keep multiprocessing's resource tracker (a process the local
    cluster's start starts, writing to this process's standard error)
    from warning "There appear to be 12 leaked semaphore objects to clean
    up at shutdown" after ``hearts: interrupted``: a run interrupted while
    its cluster starts ends at once (:func:`hearts_notation.app` ends
    without the interpreter's shutdown, which would have released them),
    and the tracker then removes what is left -- as it says, with nothing
    for the user to do (review21: 4 runs of 4 with a Ctrl-C 1.3 to 2.5 s
    into ``validate --engine dask``).  The filter goes to the processes
    started while the cluster starts (the tracker, the workers) through
    ``PYTHONWARNINGS``, which they inherit; it names that warning of that
    module only, and the variable is given back as it was once the cluster
    is up: processes started later (an external bot, a test's command)
    would pay the filter's parsing at start-up (``re``)."""
    current = os.environ.get("PYTHONWARNINGS")
    if current is not None and _TRACKER_QUIET in current.split(","):
        yield
        return
    os.environ["PYTHONWARNINGS"] = ",".join(filter(None, (current, _TRACKER_QUIET)))
    try:
        yield
    finally:
        if current is None:
            os.environ.pop("PYTHONWARNINGS", None)
        else:
            os.environ["PYTHONWARNINGS"] = current


@contextlib.contextmanager
def _children_deaf_to_ctrl_c(started: list[int], trackers: list[int] | None = None) -> Iterator[None]:
    """Start the processes the local cluster spawns meanwhile (its workers,
    multiprocessing's resource tracker) with SIGINT blocked, and note their
    ids in *started*.

    A Ctrl-C to the process group (what a terminal sends) while the cluster
    started reached each fresh worker interpreter still importing ``site``
    or multiprocessing's ``spawn``: 25 to 105 lines of their tracebacks
    ("Fatal Python error: init_import_site") after ``hearts: interrupted``,
    and their processes left as zombies (review21's leftover; review 22:
    4 of 6 Ctrl-C 1.2 to 2.2 s into ``validate --engine dask``).  A blocked
    signal is inherited across ``fork`` and ``exec`` (the resource tracker
    spawns its process the same way), so the workers never see it; this
    process is the one that answers a Ctrl-C: it kills the workers it
    started (:meth:`DaskEngine.kill_workers`, or *started* when the
    interrupt came before the cluster was made).  The mask is the calling
    thread's, for the moment of the spawn only: a Ctrl-C meanwhile in the
    main thread waits for that moment to end, it is not lost.

    The resource tracker spawned meanwhile (if none ran before) is noted
    in *trackers*: this engine started it, and stops it when it closes
    (:func:`stop_resource_tracker`)."""
    from multiprocessing import util

    spawn = util.spawnv_passfds

    def deaf(path: Any, args: Any, passfds: Any) -> int:
        old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            pid: int = spawn(path, args, passfds)
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, old)
        if any("spawn_main" in str(a) for a in args):
            # (a worker; not the resource tracker, which this process keeps
            # writing to and which ends by itself once nobody holds it)
            started.append(pid)
        elif trackers is not None and any("resource_tracker" in str(a) for a in args):
            trackers.append(pid)
            TRACKERS_STARTED.append(pid)
        return pid

    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    util.spawnv_passfds = deaf
    try:
        yield
    finally:
        util.spawnv_passfds = spawn


def _kill_started(started: list[int]) -> None:
    """Kill and reap the processes :func:`_children_deaf_to_ctrl_c` noted
    (an interrupt before the cluster existed: nothing else knows them).

    The cluster's nannies still starting then fail ("Nanny failed to
    start"), which asyncio logs with two tracebacks when their tasks are
    let go ("Task exception was never retrieved"): the run is ending on
    the interrupt, and asyncio's log is silenced for what is left of it."""
    if started:
        logging.getLogger("asyncio").setLevel(logging.CRITICAL + 1)
    for pid in started:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, 0)


def stop_resource_tracker(pid: int, timeout: float = TRACKER_STOP_TIMEOUT) -> bool:
    """Stop multiprocessing's resource tracker of this process, when it is
    the process *pid* (the one a LocalCluster's start spawned), and reap
    it; whether it ended within *timeout* seconds.

    The tracker ends by itself when every holder of its pipe is gone: the
    workers (closed or killed with the cluster), then this process, at its
    exit.  It then outlived its parent: reparented to PID 1, which in a
    container is often no init and reaps nothing, it stayed a zombie after
    every ``--engine dask`` run, a normal one too (review23 saw one after an
    interrupted run; round 25: one after each run, ``ps`` showing
    ``[python] <defunct>`` with parent 1).  Closing this process's end
    while it lives lets the tracker end, and it is reaped here.  The
    standard library has no public call for it; its ``_stop`` (what
    CPython's own tests use) closes the end and waits: it runs in a thread
    given *timeout* seconds, so that a worker that still holds the pipe
    cannot hold the run's end (the tracker is then left to end by itself,
    as before).  A tracker this process did not start from the cluster
    (another user of multiprocessing in a long-lived process) is left."""
    from multiprocessing import resource_tracker

    tracker: Any = getattr(resource_tracker.getfd, "__self__", None)   # the module's one tracker
    stop = getattr(tracker, "_stop", None)
    if stop is None or getattr(tracker, "_pid", None) != pid:
        return False
    thread = threading.Thread(target=stop, name="hearts-tracker-stop", daemon=True)
    thread.start()
    thread.join(timeout)
    return not thread.is_alive()


#: The resource trackers the local clusters' starts spawned in this process
#: (:func:`_children_deaf_to_ctrl_c`), for :func:`stop_tracker_at_exit`.
TRACKERS_STARTED: list[int] = []


def stop_tracker_at_exit() -> None:
    """Stop and reap the resource tracker a local cluster's start spawned,
    as the very last step of a run ended by a signal (Ctrl-C, SIGTERM),
    just before the process ends without the interpreter's shutdown.

    :meth:`DaskEngine.close` leaves it after a signal: stopped there, it
    removed the cluster's semaphores while this process still held them,
    and their release as the run unwound printed a traceback
    (``sem_unlink``: ``FileNotFoundError``) under "interrupted" (round 25).
    Left, it ended once this process had exited, reparented to PID 1, and
    in a container whose PID 1 reaps nothing it stayed a zombie after every
    interrupted run.  At this point nothing of this process releases
    anything any more (its finalizers do not run): the tracker removes what
    is left, as it would after the exit, ends, and is reaped here (at most
    :data:`TRACKER_STOP_TIMEOUT` seconds; a worker still holding its pipe
    leaves it to end by itself, as before)."""
    import gc
    import sys

    if "multiprocessing.resource_tracker" not in sys.modules:
        return
    # No collection from here on, and the finalizers of semaphores that
    # the cluster's threads still let go meanwhile say nothing: their
    # sem_unlink finds the semaphore the tracker removed, their message to
    # the tracker a closed pipe ("Exception ignored in: <Finalize object>",
    # a traceback under "interrupted").  The process ends next; what they
    # would release, the tracker has released.
    gc.disable()
    from multiprocessing.util import Finalize

    told = sys.unraisablehook

    def quiet_finalizers(unraisable: Any) -> None:
        if not (isinstance(unraisable.object, Finalize)
                and isinstance(unraisable.exc_value, OSError)):
            told(unraisable)

    sys.unraisablehook = quiet_finalizers
    for pid in TRACKERS_STARTED:
        if stop_resource_tracker(pid):
            break


def tls_needs_settings(address: str) -> bool:
    """Whether *address* is a ``tls://`` scheduler for which the Dask
    configuration gives no client TLS settings (a CA, a certificate): the
    connection would fail deep in ``distributed`` with a ``TypeError``."""
    if not address.startswith("tls://"):
        return False
    from distributed.security import Security

    return Security().get_connection_args("client").get("ssl_context") is None


def quiet_distributed_logs() -> None:
    """``distributed``'s own loggers silenced in this process, and those of
    tornado, whose event loop runs the client's callbacks: every failure
    of a run reaches the command as an exception and is said in one line
    of the catalogs (``engine.*``); the client's log of a lost connection
    (a traceback) would only repeat it, and a Ctrl-C that lands inside
    ``distributed.utils.sync`` makes its callback fail in the loop
    (``NameError: free variable 'future'``), which tornado.application
    logged as a traceback above the command's "interrupted" line."""
    # distributed's logging configuration gives some of its loggers their
    # own level (distributed.client: warning): each is set, not just the root.
    names = [n for n in logging.root.manager.loggerDict
             if n.split(".", 1)[0] in ("distributed", "tornado")]
    for name in ["distributed", "tornado", "tornado.application", *names]:
        logging.getLogger(name).setLevel(logging.CRITICAL + 1)


class DaskEngine:
    """Work on a Dask cluster: the one at *address*, or a LocalCluster of
    *workers* single-threaded worker processes on 127.0.0.1.

    At connect, a remote cluster is checked: TLS settings for a ``tls://``
    address, a first worker within *wait_workers* seconds, and every
    worker present importing the same version of this package as the
    client.  Each problem is an :class:`EngineUnavailable` (exit 2, one line).
    """

    name = "dask"

    def __init__(self, address: str | None, workers: int, shard_size: int | None = None,
                 wait_workers: float | None = None) -> None:
        self.shard_bytes = shard_size or DEFAULT_SHARD_BYTES
        #: :meth:`kill_workers` was called: :meth:`close` does not wait.
        self.killed = False
        self.cluster: LocalCluster | None = None
        #: the processes the local cluster spawned while it started
        #: (:func:`_children_deaf_to_ctrl_c`): they ignore Ctrl-C
        self._started: list[int] = []
        #: multiprocessing's resource tracker, when the cluster's start
        #: spawned it (:func:`stop_resource_tracker` at :meth:`close`)
        self._trackers: list[int] = []
        self.address = address or "127.0.0.1"
        quiet_distributed_logs()
        if address and tls_needs_settings(address):
            raise EngineUnavailable(msg("engine.tls_settings", address=address))
        try:
            if address:
                try:
                    self.client = Client(address, timeout=10, set_as_default=False)
                except ValueError as exc:
                    # distributed's inproc transport: an ``inproc://`` address
                    # names a scheduler inside one process (its host and pid),
                    # never this one's; its parser's ValueError was an
                    # internal error, exit 3 (review21).
                    why: Arg = (msg("engine.inproc_elsewhere").arg() if address.startswith("inproc://")
                                else str(exc)[:200])
                    raise EngineUnavailable(msg("engine.unreachable", address=address, why=why)) from None
            else:
                # No dashboard; the scheduler's small HTTP server (health,
                # metrics) on a free loopback port, not on 8787 where
                # another cluster may already be.  The cluster's own logs
                # are silenced up to CRITICAL: it is an implementation
                # detail of this command, and on a loaded machine a worker
                # may log a missed heartbeat while the cluster shuts down,
                # which is noise on stderr (errors of the work reach the
                # client as exceptions or as reported values).
                _spawn_from_the_package()
                workers = bounded_jobs(workers)
                with _quiet_resource_tracker(), _children_deaf_to_ctrl_c(self._started, self._trackers):
                    self.cluster = LocalCluster(n_workers=workers, threads_per_worker=1,
                                                processes=True, host="127.0.0.1",
                                                dashboard_address=None,
                                                silence_logs=logging.CRITICAL,
                                                scheduler_kwargs={"dashboard_address": "127.0.0.1:0"})
                self.client = Client(self.cluster, set_as_default=False)
        except (OSError, TimeoutError) as exc:
            if self.cluster is not None:
                self.cluster.close()
                self.cluster = None
            raise EngineUnavailable(msg("engine.unreachable", address=str(address),
                                        why=str(exc))) from None
        except RuntimeError as exc:
            if address:
                raise
            # distributed's words when a local worker process could not
            # start (no processes left, a start method refused): the
            # machine's limit, said in one line (it was exit 3).
            raise EngineUnavailable(msg("engine.local_failed", why=str(exc)[:200])) from None
        except BaseException:
            if self.cluster is not None:    # Ctrl-C or SIGTERM while it started
                self.kill_workers()
                with contextlib.suppress(TimeoutError):
                    self.cluster.close(timeout=KILLED_CLOSE_TIMEOUT)
                self.cluster = None
            _kill_started(self._started)    # (the workers of a cluster not yet made)
            raise
        try:
            if address:
                self._check_workers(DEFAULT_WAIT_WORKERS if wait_workers is None
                                    else wait_workers)
        except BaseException:
            self.close()
            raise
        self.workers = self._slots = self._task_slots(workers)
        self._looked = time.monotonic()
        #: What the workers listed of the paths this client cannot see
        #: (:meth:`expand`), and where each file so listed is opened.
        self._expansions: dict[str, list[tuple[str, str | None]] | InputError] = {}
        self._listed: dict[str, str | None] = {}

    def _check_workers(self, wait: float) -> None:
        """A first worker within *wait* seconds, and every worker present
        importing this client's version of the package."""
        from distributed.client import FutureCancelledError

        ours_build = _probe() or "unknown ?"    # this client's, by the workers' own probe
        ours = ours_build.split(" ")[0]

        try:
            self.client.wait_for_workers(1, timeout=max(wait, 0.001))
        except TimeoutError:
            # (with the language's decimal mark: « 2,5 s », lang29)
            raise EngineUnavailable(msg("engine.no_workers", address=self.address,
                                        seconds=decimal(wait))) from None
        try:
            found: dict[str, str | None] = self.client.run(PROBE)
        except (OSError, FutureCancelledError):
            raise EngineUnavailable(msg("engine.scheduler_lost", address=self.address)) from None
        missing = sorted(w for w, v in found.items() if v is None)
        if missing:
            raise EngineUnavailable(msg("engine.workers_without_package", address=self.address,
                                        count=len(missing), worker=missing[0], version=ours))
        for worker, build in sorted(found.items()):
            theirs, _, digest = str(build).partition(" ")
            if theirs != ours:
                raise EngineUnavailable(msg("engine.workers_version", address=self.address,
                                            worker=worker, theirs=theirs, ours=ours))
            if build != ours_build:
                raise EngineUnavailable(msg("engine.workers_build", address=self.address,
                                            worker=worker, version=ours, theirs=digest,
                                            ours=ours_build.partition(" ")[2]))

    def _task_slots(self, default: int) -> int:
        """The threads of the workers present now (what the scheduler says)."""
        try:
            info = self.client.scheduler_info(n_workers=0)
        except OSError:
            return default
        threads = info.get("total_threads") or 0
        return max(1, int(threads) if threads else default)

    # Context management ------------------------------------------------------------------

    def __enter__(self) -> DaskEngine:
        return self

    def __exit__(self, *exc: object) -> None:
        kind = exc[0] if exc else None
        if isinstance(kind, type) and not issubclass(kind, Exception):
            self.kill_workers()     # Ctrl-C, SIGTERM: stop the work now, then close
        self.close()

    def kill_workers(self) -> None:
        """The worker processes of the LocalCluster this engine started,
        killed at once (SIGKILL): a signal must end the run within a
        second, and a graceful close lets each worker finish its task.
        Their nannies then close at once (nothing left to stop).  The
        workers of a remote cluster are not ours: leaving the client cancels
        this run's tasks there."""
        self.killed = True
        if self.cluster is None:
            return
        from distributed.core import Status

        for nanny in list(self.cluster.workers.values()):
            # A nanny whose worker dies restarts it unless it is closing.
            nanny.status = Status.closing_gracefully
            pid = getattr(nanny, "pid", None)
            if isinstance(pid, int) and pid > 0:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
                with contextlib.suppress(ChildProcessError):
                    os.waitpid(pid, 0)      # reaped here: no zombie outlives the run

    def close(self) -> None:
        """Close the client, and the LocalCluster when this engine started it
        (quickly after :meth:`kill_workers`: there is nothing to wait for)."""
        timeout = KILLED_CLOSE_TIMEOUT if self.killed else None
        try:
            with contextlib.suppress(TimeoutError):
                self.client.close(timeout=timeout)
        finally:
            if self.cluster is not None:
                with contextlib.suppress(TimeoutError):
                    self.cluster.close(timeout=timeout)
                self.cluster = None
            if not self.killed:
                # (after a signal the run ends at once: the semaphores the
                # tracker would remove are still this process's to release
                # at its exit, and removed twice they made the interpreter's
                # cleanup print a traceback after "interrupted")
                for pid in self._trackers:
                    stop_resource_tracker(pid)
            self._trackers.clear()

    @property
    def window(self) -> int:
        """Tasks in flight: enough to keep every worker busy while the
        client collects, few enough that results do not pile up.  It
        follows the workers present (looked at once a second): workers
        that join during the run get work, and a cluster that shrinks
        does not hold more results in flight than it can use."""
        now = time.monotonic()
        if now - self._looked >= WORKERS_LOOK_INTERVAL:
            self._looked = now
            self._slots = self._task_slots(self._slots)
            self.workers = self._slots
        return 4 * self._slots

    # The two maps ---------------------------------------------------------------------------

    def map(self, func: Callable[[T], R], items: Iterable[T], chunk_size: int = 1,
            progress: Progress | None = None, priority: int = 0,
            label: Callable[[T], object] | None = None) -> Iterator[R]:
        """``func`` over the items, in chunks of *chunk_size* per task, in
        order; the scheduler runs tasks of a higher *priority* before the
        queued ones of a lower (``annotate`` annotates a finished game
        before the next deals are analysed, so its games stream out)."""
        def chunks() -> Iterator[list[T]]:
            chunk: list[T] = []
            for item in items:
                chunk.append(item)
                if len(chunk) == chunk_size:
                    yield chunk
                    chunk = []
            if chunk:
                yield chunk

        def submitted() -> Iterator[tuple[Any, Future[list[R]], int, Any]]:
            # Tasks are submitted a group at a time (one client.map, one
            # message to the scheduler for the group: a batched submission
            # costs the client and the scheduler less than a submit per
            # task); a group is half the window, so the tasks in flight
            # stay within one and a half windows.
            work = partial(_apply_all, func)
            pending = chunks()
            first = 1
            while True:
                group = list(itertools.islice(pending, max(1, self.window // 2)))
                if not group:
                    return
                futures = self.client.map(work, group, pure=False, retries=RETRIES,
                                          priority=priority)
                for chunk, future in zip(group, futures, strict=True):
                    what = (label(chunk[0]) if label is not None and len(chunk) == 1
                            else (first, first + len(chunk) - 1))
                    yield None, future, 0, what
                    first += len(chunk)

        for _tag, values in self._ordered(submitted(), None):
            for v in values:
                if progress is not None:
                    progress.advance(1)
                yield v

    def map_batches(self, work: Callable[[Any], R], paths: Sequence[str], fmt: str | None,
                    default_rules: RuleSet | str | None, progress: Progress | None = None,
                    games_per_batch: int = 32) -> Iterator[R]:
        """*work* over the batches of every file, read by the workers."""
        for p in paths:
            if p == "-":
                raise EngineUnavailable(msg("cli.dask_stdin"))
        task = guarded(work)
        stopped: set[int] = set()
        for tag, result in self._ordered(self._shards(task, paths, fmt, default_rules,
                                                      games_per_batch), progress):
            if tag in stopped:
                continue
            yield from result.values
            if result.stopped:
                stopped.add(tag)

    def _shards(self, task: Callable[[Any], R], paths: Sequence[str], fmt: str | None,
                default_rules: RuleSet | str | None,
                per_batch: int) -> Iterator[tuple[int, Future[ShardResult[R]] | ShardResult[R], int,
                                                  Any]]:
        """(file number, shard future) in input order; the plans of the next
        files are asked for ahead, so that the workers never wait on them."""
        files, locations, refused = self._expanded(paths)
        # Each file is planned by the workers, its ranges in parallel
        # (plan_files: a task per file for its size, then a task per range);
        # the plans of the next files are asked for ahead, in groups.
        wanted = [(p, loc) for i, (p, loc) in enumerate(zip(files, locations, strict=True))
                  if i not in refused]
        plans = plan_files(self, wanted, fmt, self.shard_bytes, per_batch)
        for number in range(len(files)):
            if number in refused:
                yield number, ShardResult([task(Broken(refused[number]))], stopped=True), 0, None
                continue
            plan = next(plans)
            if isinstance(plan, InputError):
                yield number, ShardResult([task(Broken(plan))], stopped=True), 0, None
                continue
            # A file's shards are submitted a group at a time (one
            # client.map, one message to the scheduler), as map's tasks
            # are: a submission per shard costs the client about a
            # millisecond more each, which small shards multiply.
            work = partial(run_shard, work=task, default_rules=default_rules,
                           per_batch=per_batch)
            at = 0
            while at < len(plan):
                group = plan[at:at + max(1, self.window // 2)]
                at += len(group)
                futures = self.client.map(work, group, pure=False, retries=RETRIES)
                for shard, future in zip(group, futures, strict=True):
                    yield number, future, shard.nbytes, shard

    def source_lines(self, path: str, wanted: Iterable[int]) -> dict[int, str]:
        """Read by a worker, from where the workers open *path* (the client
        never opens the corpus, so a syntax error's quoted line and caret
        are there even when only the workers see the file)."""
        try:
            where = self._listed.get(path) or located(path)
        except OSError:
            where = None
        future = self.client.submit(lines_of, path, where, list(wanted), pure=False,
                                    retries=RETRIES)
        found: dict[int, str] = self._result(future, path)
        return found

    def records_language(self, paths: Sequence[str]) -> str | None:
        """Told by a worker, from where the workers open *paths* (the
        client never opens the corpus): the same function as the local
        engine's, run where the data is."""
        from ..language import paths_language

        try:
            where = [located(p) or p for p in paths if not named_pipe(p)]
        except OSError:
            return None     # this directory is gone: the command says so when it reads
        future = self.client.submit(paths_language, where, pure=False, retries=RETRIES)
        found: str | None = self._result(future, paths[0] if paths else "-")
        return found

    def expand(self, paths: Sequence[str]) -> list[str]:
        """The files the paths name, as :meth:`map_batches` will read them:
        a folder or a pattern this client cannot see (the data is only
        where the workers are) is listed by a worker (:func:`expand_here`),
        in the order a local listing gives; the other paths are kept (the
        command listed them).  A folder or pattern with no record file
        stays in the list, and :meth:`map_batches` reports it in its place."""
        files, _, _ = self._expanded(paths)
        return files

    def _expanded(self, paths: Sequence[str]) -> tuple[list[str], list[str | None],
                                                       dict[int, InputError]]:
        """The files the paths name (:meth:`expand`), each with where the
        workers open it (:func:`located`), and the folders or patterns that
        hold no record file by their place."""
        from ..io.formats import EXTENSIONS

        try:
            # Workers elsewhere open relative paths against the client's
            # directory; the messages keep the paths as given.
            located_paths = [(p, located(p)) for p in paths]
        except OSError as exc:
            raise EngineUnavailable(msg("engine.relative_path", path=paths[0],
                                        why=os_reason(exc))) from None
        unseen = [i for i, p in enumerate(paths)
                  if not is_url(p) and p != "-" and p not in self._listed
                  and p not in self._expansions and not os.path.exists(p)]
        if unseen:
            futures = self.client.map(expand_here, [paths[i] for i in unseen],
                                      [located_paths[i][1] for i in unseen],
                                      [sorted(EXTENSIONS)] * len(unseen), pure=False,
                                      retries=RETRIES)
            for i, future in zip(unseen, futures, strict=True):
                found = self._result(future, paths[i])
                self._expansions[paths[i]] = found
                if not isinstance(found, InputError):
                    self._listed.update(found)
        files: list[str] = []
        locations: list[str | None] = []
        refused: dict[int, InputError] = {}
        for path, where in located_paths:
            got = self._expansions.get(path)
            if got is None and named_pipe(path):
                got = InputError(path, msg("engine.dask_pipe"))
            if isinstance(got, InputError):
                refused[len(files)] = got
                files.append(path)
                locations.append(where)
            elif got is not None:
                files.extend(shown for shown, _ in got)
                locations.extend(loc for _, loc in got)
            else:
                files.append(path)
                locations.append(self._listed.get(path, where))
        return files, locations, refused

    def _result(self, future: Future[Any], what: Any) -> Any:
        """The value of *future*, whose task works on *what* (a
        :class:`Shard`, a path, or the numbers of the first and last
        items); the failures of the cluster become one line each: a task
        that killed the workers that ran it (named by its file and byte
        range), a scheduler lost during the run."""
        from concurrent.futures import CancelledError

        from distributed.comm.core import CommClosedError
        from distributed.scheduler import KilledWorker

        try:
            return future.result()
        except KilledWorker as exc:
            raise EngineUnavailable(_killed(what, exc.allowed_failures + 1)) from None
        except CommClosedError:
            # The scheduler died while this client gathered a result from it
            # (``ConnectionPool.gather``: a race with the client noticing the
            # loss, which then cancels the futures, the branch below).
            raise EngineUnavailable(msg("engine.scheduler_lost", address=self.address)) from None
        except CancelledError:
            if self.client.status == "running":
                raise
            raise EngineUnavailable(msg("engine.scheduler_lost", address=self.address)) from None

    def _ordered(self, submitted: Iterator[tuple[Any, Any, int, Any]],
                 progress: Progress | None) -> Iterator[tuple[Any, Any]]:
        """Results of the futures in submission order, at most
        :attr:`window` in flight; progress in bytes as each one completes.
        Ctrl-C (or the consumer stopping) cancels what is still running."""
        pending: deque[tuple[Any, Any, int, Any]] = deque()
        counted: set[Any] = set()
        changed = threading.Event()     # set from Dask's thread as futures finish
        exhausted = False
        try:
            while True:
                while not exhausted and len(pending) < self.window:
                    nxt = next(submitted, None)
                    if nxt is None:
                        exhausted = True
                    else:
                        pending.append(nxt)
                        if isinstance(nxt[1], Future):
                            nxt[1].add_done_callback(lambda _f: changed.set())
                if not pending:
                    return
                tag, head, _, what = pending[0]
                if isinstance(head, Future):
                    while True:
                        self._count(pending, counted, progress)
                        if head.done():
                            break
                        changed.wait(0.5)
                        changed.clear()
                    value = self._result(head, what)
                    counted.discard(head.key)
                else:
                    value = head
                pending.popleft()
                yield tag, value
        except BaseException as exc:
            if not isinstance(exc, Exception | GeneratorExit):
                self.kill_workers()     # Ctrl-C, SIGTERM: whoever catches it later
            raise
        finally:
            running = [f for _, f, _, _ in pending if isinstance(f, Future)]
            if running and not self.killed and self.client.status == "running":
                self.client.cancel(running)

    @staticmethod
    def _count(pending: Iterable[tuple[Any, Any, int, Any]], counted: set[Any],
               progress: Progress | None) -> None:
        if progress is None:
            return
        for _, f, nbytes, _ in pending:
            if isinstance(f, Future) and f.key not in counted and f.status == "finished":
                counted.add(f.key)
                if nbytes:
                    progress.advance(0, 0, nbytes)


def named_pipe(path: str) -> bool:
    """Whether *path* is a named pipe here (``mkfifo``, ``<(...)``): a worker
    that opens it takes what it reads, and this engine opens a file several
    times (its size, its language, each part), so the next opening waited
    for ever for a writer gone (round 27).  Such a file is refused in its
    place (:meth:`DaskEngine._expanded`) and its language not asked."""
    import stat

    if is_url(path) or path == "-":
        return False
    try:
        return stat.S_ISFIFO(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def _killed(what: Any, workers: int) -> Msg:
    """The line for a task that killed *workers* workers in turn."""
    if isinstance(what, Shard):
        if what.whole:
            return msg("engine.killed_file", path=what.path, workers=workers)
        return msg("engine.killed_shard", path=what.path, start=what.start,
                   end=what.start + what.nbytes, workers=workers)
    if isinstance(what, PlannedRange):
        return msg("engine.killed_range", path=what.path, start=what.start, end=what.end,
                   workers=workers)
    if isinstance(what, tuple):
        return msg("engine.killed_items", first=what[0], last=what[1], workers=workers)
    return msg("engine.killed_file", path=str(what), workers=workers)


def _apply_all(func: Callable[[T], R], chunk: list[T]) -> list[R]:
    return [func(item) for item in chunk]


__all__ = ["DEFAULT_WAIT_WORKERS", "PROBE", "RETRIES", "DaskEngine", "quiet_distributed_logs",
           "tls_needs_settings"]
