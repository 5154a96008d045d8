"""The pieces of a script a test runs as a Linux subreaper, to count the
processes a command leaves behind (tests/test_review25.py,
tests/test_review26.py): the processes the command leaves are reparented
to the script, not to PID 1, and are counted as they end.

Each piece is Python source, joined around the test's own way of running
the command (which must bind ``run`` and leave the command ended)."""

from __future__ import annotations

#: Make the script a subreaper, or print a skip and stop where the kernel
#: has none.
PRELUDE = r"""
import ctypes, json, os, signal, subprocess, sys, time
libc = ctypes.CDLL(None, use_errno=True)
if libc.prctl(36, 1, 0, 0, 0) != 0:          # PR_SET_CHILD_SUBREAPER
    print(json.dumps({"skip": "no subreaper"})); sys.exit()
"""

#: Reap what is left for up to 10 s, into ``orphans`` (their pids).
REAP = r"""
orphans, deadline = [], time.monotonic() + 10
while time.monotonic() < deadline:
    try:
        pid, _ = os.waitpid(-1, os.WNOHANG)
    except ChildProcessError:
        break                                  # no child left: nothing was orphaned
    if pid:
        orphans.append(pid)
    else:
        time.sleep(0.05)
"""
