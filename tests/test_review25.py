"""Review 25: hostile use of every command but score, pinned
(docs/robustness.md, "Round 25").

Each test failed on main at 80522af5.  Cheap and in-process where the fault
is in a reader; a process of its own where it is in process handling (the
Dask engine's leftover process), and then in the long step."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data" / "review25"

#: A child of the test's interpreter made a subreaper (Linux): the processes
#: the command leaves behind are reparented to it, not to PID 1, and are
#: counted as they end.
_ORPHANS = r"""
import ctypes, json, os, subprocess, sys, time
libc = ctypes.CDLL(None, use_errno=True)
if libc.prctl(36, 1, 0, 0, 0) != 0:          # PR_SET_CHILD_SUBREAPER
    print(json.dumps({"skip": "no subreaper"})); sys.exit()
run = subprocess.run([sys.executable, "-m", "hearts_notation", *sys.argv[1:]],
                     capture_output=True, text=True, timeout=240)
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
print(json.dumps({"status": run.returncode, "stderr": run.stderr, "orphans": orphans}))
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a subreaper is Linux's")
def test_a_dask_run_leaves_no_process_behind(tmp_path: Path) -> None:
    """``validate --engine dask``: multiprocessing's resource tracker,
    spawned when the local cluster started, ended only once the command
    had exited, reparented to PID 1 -- in a container often no init, and
    ``ps`` showed ``[python] <defunct>`` after every run, a clean one
    too.  The engine stops and reaps the tracker it started when it
    closes: the command leaves no process to be reparented."""
    pytest.importorskip("distributed")
    record = tmp_path / "g.hrn"
    record.write_text((ROOT / "samples" / "canonical.hrn").read_text(encoding="utf-8"), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    env.pop("DASK_SCHEDULER_ADDRESS", None)
    out = subprocess.run([sys.executable, "-c", _ORPHANS, "validate", "--engine", "dask",
                          "-j", "1", str(record)],
                         cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    said = json.loads(out.stdout.strip().splitlines()[-1])
    if "skip" in said:
        pytest.skip(said["skip"])
    assert said["status"] == 0, said["stderr"]
    assert said["orphans"] == []
