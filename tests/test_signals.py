"""SIGTERM or SIGINT ends every command, workers included, whatever the
engine: to the process alone or to its whole process group (``timeout``,
systemd, ``docker stop``, a CI cancel, Ctrl-C), with the pool busy.

Before the runner's own pool (:mod:`hearts_notation.runners.pool`),
``multiprocessing.Pool`` replaced the workers a group-wide SIGTERM killed
and the parent waited for their lost tasks for ever (5 runs in 10).  The
time to end is measured in docs/robustness.md; here the bound is generous
(a loaded machine), the point being that the run ends and leaves nothing.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.budget import long_beyond, long_unless

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "samples" / "multi-game.hrn"

#: Seconds a run may take to end after the signal before the test calls it hung.
BOUND = 15.0


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Enough games to keep two workers busy for many seconds."""
    path = tmp_path_factory.mktemp("signals") / "big.hrn"
    text = SAMPLE.read_text(encoding="utf-8").rstrip("\n") + "\n\n"
    path.write_text(text * 4000, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def dask_corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The corpus four times over, for the Dask run: it waits seconds for its
    workers to settle before the signal, and on a quiet machine the compiled
    core validated the plain corpus within that wait (the run ended before
    the signal).  The run is cut by the signal, so its size costs only the
    writing of the file."""
    path = tmp_path_factory.mktemp("signals-dask") / "bigger.hrn"
    text = SAMPLE.read_text(encoding="utf-8").rstrip("\n") + "\n\n"
    path.write_text(text * 16000, encoding="utf-8")
    return path


def _children(pid: int) -> list[int]:
    """The child processes of *pid*, whichever of its threads started them
    (Dask's nannies start workers from their event loop's thread)."""
    out: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            out += [int(x) for x in (task / "children").read_text().split()]
        except OSError:
            continue
    return out


def _group_alive(pgid: int) -> bool:
    """Whether a process of the group still runs (a zombie, dead and left
    for the system's init to reap, does not count)."""
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[2]) == pgid and fields[0] != "Z":
            return True
    return False


def _start_busy(args: list[str], workers: int, settle: float = 0.5) -> subprocess.Popen[bytes]:
    """``hearts ARGS`` in a session of its own, once *workers* worker
    processes exist (the pool is busy: a small input runs in-process)."""
    proc = subprocess.Popen([sys.executable, "-m", "hearts_notation", *args], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True)
    deadline = time.monotonic() + 120
    while len(_children(proc.pid)) < workers:
        if proc.poll() is not None or time.monotonic() > deadline:
            _kill_group(proc)
            raise AssertionError(f"the workers never started (status {proc.returncode})")
        time.sleep(0.05)
    time.sleep(settle)
    assert proc.poll() is None, "the run ended before the signal: make the corpus larger"
    return proc


def _kill_group(proc: subprocess.Popen[bytes]) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    proc.wait()


def _ends(proc: subprocess.Popen[bytes], sig: int, whole_group: bool) -> tuple[int, str]:
    """Send *sig*; the run's status and standard error once it and every
    process of its group have ended (the test fails if that takes more
    than :data:`BOUND` seconds)."""
    workers = _children(proc.pid)
    if whole_group:
        os.killpg(proc.pid, sig)
    else:
        os.kill(proc.pid, sig)
    try:
        _, err = proc.communicate(timeout=BOUND)
    except subprocess.TimeoutExpired:
        _kill_group(proc)
        raise AssertionError(f"the run did not end within {BOUND} s of the signal") from None
    deadline = time.monotonic() + BOUND
    while _group_alive(proc.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = _group_alive(proc.pid)
    if left:
        _kill_group(proc)
    assert not left, f"processes of the run outlived it (workers were {workers})"
    return proc.returncode, err.decode("utf-8", "replace")


#: (signal, to the whole group) of test_a_signal_ends_validate_and_its_workers, and
#: those the README's run keeps.
SIGNAL_CASES = [(signal.SIGTERM, True), (signal.SIGTERM, False),
                (signal.SIGINT, True), (signal.SIGINT, False)]
SIGNAL_CASES_KEPT = {(signal.SIGTERM, True), (signal.SIGINT, False)}


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads /proc for the workers")
@pytest.mark.parametrize(
    ("sig", "whole_group"),
    long_unless(SIGNAL_CASES, lambda case: case in SIGNAL_CASES_KEPT, several=True),
    ids=["TERM-group", "TERM-process", "INT-group", "INT-process"])
def test_a_signal_ends_validate_and_its_workers(corpus: Path, sig: int, whole_group: bool) -> None:
    """Each signal to the whole group or to the main process alone.  The
    README's run sends each signal once, one to the group and the other to the
    process (every way of receiving them stays tested); the long step the two
    other pairs (tests/budget.py: 2.4 CPU-s)."""
    proc = _start_busy(["validate", "--jobs", "2", str(corpus)], workers=2)
    status, err = _ends(proc, sig, whole_group)
    if sig == signal.SIGTERM:
        assert status == -signal.SIGTERM, err    # a shell shows 143
    else:
        assert status == 130, err
        assert "interrupted" in err
    assert "Traceback" not in err


_SLOW_EXIT_HOOK = """
import atexit, sys, time
atexit.register(time.sleep, 60)     # a library's exit hook that waits (Dask's closes clusters)
from hearts_notation.cli import main
main(sys.argv[1:])
"""


def _reads(pid: int, path: Path) -> bool:
    """Whether process *pid* has *path* open (the command has started its work)."""
    for fd in Path(f"/proc/{pid}/fd").glob("*"):
        try:
            if os.readlink(fd) == str(path):
                return True
        except OSError:
            continue
    return False


@pytest.mark.skipif(not Path("/proc/self/fd").exists(), reason="reads /proc for open files")
def test_an_interrupted_run_does_not_wait_for_exit_hooks(corpus: Path) -> None:
    """Ctrl-C ends the run once its own clean-up is done, as SIGTERM does:
    the exit hooks of the libraries it used do not run (Dask's closed each
    cluster still open with ten seconds to spare, and a Ctrl-C'd Dask run
    once took more than 15 s to end on a loaded CI machine)."""
    proc = subprocess.Popen([sys.executable, "-c", _SLOW_EXIT_HOOK, "validate", "--jobs", "1",
                             str(corpus)], cwd=ROOT, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, start_new_session=True)
    deadline = time.monotonic() + 120
    while not _reads(proc.pid, corpus):
        if proc.poll() is not None or time.monotonic() > deadline:
            _kill_group(proc)
            raise AssertionError(f"validate never opened the corpus (status {proc.returncode})")
        time.sleep(0.02)
    status, err = _ends(proc, signal.SIGINT, whole_group=False)
    assert status == 130, err
    assert "interrupted" in err and "Traceback" not in err, err


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads /proc for the workers")
@pytest.mark.parametrize("settle", long_beyond([0.6, 0.2, 1.1]))
def test_the_group_signal_ends_the_run_every_time(corpus: Path, settle: float) -> None:
    """The hang was a race (5 runs in 10): three runs, each signalled at
    another moment of the work.  The README's run signals mid-work (0.6 s);
    the long step the early and late moments (tests/budget.py: 3 CPU-s)."""
    proc = _start_busy(["score", "--jobs", "2", "--format", "json", str(corpus)], workers=2,
                       settle=settle)
    status, err = _ends(proc, signal.SIGTERM, whole_group=True)
    assert status == -signal.SIGTERM, err


@pytest.mark.long
@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads /proc for the workers")
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["TERM", "INT"])
def test_a_signal_ends_a_dask_run_and_its_workers(dask_corpus: Path, sig: int) -> None:
    pytest.importorskip("distributed")
    proc = _start_busy(["validate", "--engine", "dask", "--jobs", "2", str(dask_corpus)], workers=2,
                       settle=3.0)
    status, err = _ends(proc, sig, whole_group=True)
    assert status == (-signal.SIGTERM if sig == signal.SIGTERM else 130), err
    # Dask's own worker processes, reached by a Ctrl-C to the group, may
    # print their KeyboardInterrupt; the command says what happened.
    assert sig == signal.SIGTERM or "hearts: interrupted" in err, err


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads /proc for the workers")
def test_a_killed_worker_is_not_replaced_and_the_run_ends(corpus: Path) -> None:
    """A worker killed from outside (an OOM killer, a stray ``kill``) loses
    its chunk: the run says so and ends, rather than start another worker
    and wait for the lost results for ever."""
    proc = _start_busy(["validate", "--jobs", "2", str(corpus)], workers=2)
    victim = _children(proc.pid)[0]
    os.kill(victim, signal.SIGTERM)
    try:
        _, err = proc.communicate(timeout=BOUND)
    except subprocess.TimeoutExpired:
        _kill_group(proc)
        raise AssertionError("the run waited for the killed worker's results") from None
    text = err.decode("utf-8", "replace")
    assert proc.returncode == 2, text       # not a bug of hearts: one line, exit 2 (hostile7)
    assert "a worker process ended while the run went on (killed by signal 15)" in text
    assert "Traceback" not in text
    deadline = time.monotonic() + BOUND
    while _group_alive(proc.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _group_alive(proc.pid)


_IDLE_WORKER_DIES = '''
import os, signal, sys, threading, time
from hearts_notation.runners.pool import map_ordered
from hearts_notation.runners.errors import WorkerLost

signal.signal(signal.SIGPIPE, signal.SIG_DFL)     # as the command line sets it

def work(x):
    if x == 0:      # this worker dies once idle, its result given
        threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGKILL)).start()
    return x

def items():
    yield 0
    yield 1
    time.sleep(1.0)     # the parent reads on while the first worker dies
    yield from range(2, 6)

try:
    print(list(map_ordered(work, items(), jobs=2, chunk_size=1, window=2)))
except WorkerLost as exc:
    print("lost:", exc)
    sys.exit(3)
'''


def test_a_chunk_sent_to_a_dead_worker_is_a_lost_worker_not_a_dead_parent() -> None:
    """The command line gives SIGPIPE its default action; the parent's next
    chunk to a worker killed while idle raised it, and the parent died of it
    (status -13), leaving the other worker behind holding standard error:
    the killed-worker test then waited for ever, in about one run in seven."""
    proc = subprocess.run([sys.executable, "-c", _IDLE_WORKER_DIES], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 3, (proc.returncode, proc.stdout, proc.stderr)
    assert "lost: a worker process ended while the run went on (killed by signal 9)" \
        in proc.stdout


_PARENT_KILLED = '''
import os, sys, time
from hearts_notation.runners.pool import map_ordered

def work(x):
    # from the worker itself, in one write: two workers share the pipe, and print's
    # separate writes of the number and the newline could interleave
    os.write(1, b'%d\\n' % os.getpid())
    return x

def items():
    yield from range(2)     # one chunk for each worker, sent at once
    time.sleep(600)         # then the parent waits here, its workers idle
    yield 2

for _ in map_ordered(work, items(), jobs=2, chunk_size=1, window=2):
    pass
'''


def test_workers_end_when_their_parent_is_killed() -> None:
    """SIGKILL to the parent (the OOM killer): its idle workers read the end
    of their pipes and exit, instead of waiting for ever on a pipe each
    held open itself."""
    proc = subprocess.Popen([sys.executable, "-c", _PARENT_KILLED], cwd=ROOT,
                            stdout=subprocess.PIPE, text=True, start_new_session=True)
    assert proc.stdout is not None
    workers = {int(proc.stdout.readline()) for _ in range(2)}
    assert len(workers) == 2 and proc.pid not in workers
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    deadline = time.monotonic() + BOUND
    while _group_alive(proc.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = _group_alive(proc.pid)
    if left:
        _kill_group(proc)
    assert not left, "a worker outlived its killed parent"
