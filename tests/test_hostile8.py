"""Hostile input, campaign 8 (docs/robustness.md, "Closed pipes, extreme
options and extreme records"): an editor that closes its end of the
language server's pipes, a huge editor message, ``--wait-workers`` values
that are no waiting time, and the analysis and rendering commands run on
records and options at their extremes.

Each test fails on the code before the fix it holds.  Real processes are
used where the fault lives between processes (a closed pipe: SIGPIPE),
click's runner elsewhere.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hearts_notation.i18n import translate
from tests.clirun import run

ROOT = Path(__file__).resolve().parent.parent


def _frame(payload: dict[str, object]) -> bytes:
    body = json.dumps(payload).encode("utf-8")
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


_INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}
_INITIALIZED = {"jsonrpc": "2.0", "method": "initialized", "params": {}}


def _open(text: str) -> dict[str, object]:
    return {"jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": {"textDocument": {"uri": "file:///a.hrn", "languageId": "hrn", "version": 1,
                                        "text": text}}}


def _server(stdout: int) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", "hearts_notation", "lsp"], cwd=ROOT,
                            stdin=subprocess.PIPE, stdout=stdout, stderr=subprocess.PIPE)


# The language server ---------------------------------------------------------------------


def test_the_server_stops_quietly_when_the_editor_closes_its_output() -> None:
    """The editor closes the pipe the server writes to, and keeps standard
    input open: the server's next write ended it by SIGPIPE (status -13,
    the editor's log empty of any reason); now the session ends at once,
    with the protocol's status for an end without ``shutdown`` (1), no
    traceback, and no wait on the input that stays open."""
    read_end, write_end = os.pipe()
    proc = _server(write_end)
    os.close(write_end)
    assert proc.stdin is not None and proc.stderr is not None
    try:
        proc.stdin.write(_frame(_INITIALIZE))
        proc.stdin.flush()
        with os.fdopen(read_end, "rb") as replies:     # the answer to initialize, then the end closed
            head = replies.readline()
            assert head.startswith(b"Content-Length: ")
        proc.stdin.write(_frame(_INITIALIZED) + _frame(_open("[Event \"x\"]\n")))
        proc.stdin.flush()
        status = proc.wait(timeout=20)
        err = proc.stderr.read().decode("utf-8")
    finally:
        proc.kill()
        proc.stdin.close()
        proc.stderr.close()
    assert status == 1, (status, err)
    assert "Traceback" not in err and "BrokenPipe" not in err, err


def test_the_server_ends_when_the_input_closes_in_the_middle_of_a_message() -> None:
    """Standard input closed halfway through a body: the session ends as
    an end without ``exit`` (status 1), nothing said but nothing broken."""
    done = subprocess.run([sys.executable, "-m", "hearts_notation", "lsp"], cwd=ROOT,
                          input=_frame(_INITIALIZE) + b"Content-Length: 100\r\n\r\n{\"jsonrpc\"",
                          capture_output=True, timeout=20, check=False)
    assert done.returncode == 1
    assert b"Traceback" not in done.stderr, done.stderr
    assert done.stdout.startswith(b"Content-Length: ")     # initialize was answered


def test_the_server_started_without_standard_output_says_so() -> None:
    """``hearts lsp >&-``: the stand-in of a closed standard output has no
    descriptor, and the server died of it (status 3, "internal error");
    now the one line every command gives, status 2."""
    done = subprocess.run(["sh", "-c", 'exec "$0" -m hearts_notation lsp --lang fr >&-', sys.executable],
                          cwd=ROOT, input=b"", capture_output=True, timeout=20, check=False)
    assert done.returncode == 2, done.stderr
    assert done.stderr.decode("utf-8").startswith("hearts: ") and b"Traceback" not in done.stderr
    assert translate("fr", "output.stream_closed") in done.stderr.decode("utf-8")


def _peak_kb(tmp_path: Path, size: int) -> int:
    """The peak resident memory (KB) of a whole session opening a document
    of *size* characters (over ``checkLimit``: followed, not checked)."""
    session = tmp_path / f"session-{size}.in"
    session.write_bytes(_frame(_INITIALIZE) + _frame(_INITIALIZED) + _frame(_open("%" * size))
                        + _frame({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
                        + _frame({"jsonrpc": "2.0", "method": "exit"}))
    probe = ("import resource, subprocess, sys\n"
             "with open(sys.argv[1], 'rb') as f:\n"
             "    s = subprocess.run([sys.executable, '-m', 'hearts_notation', 'lsp'], stdin=f,\n"
             "                       stdout=subprocess.DEVNULL)\n"
             "assert s.returncode == 0, s.returncode\n"
             "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n")
    done = subprocess.run([sys.executable, "-c", probe, str(session)], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, check=True)
    return int(done.stdout)


@pytest.mark.long
def test_a_huge_message_is_decoded_once(tmp_path: Path) -> None:
    """A 40 MB ``didOpen``: its bytes were held with their text and two
    parsed copies (the server's check and pygls's loop), three times the
    message over the session's own memory (main at 78ae860: 150 MB over a
    small session for 50 MB); the body is now decoded and parsed once, the
    bytes dropped when decoded (105 MB for 50 MB)."""
    size = 40_000_000
    grown = _peak_kb(tmp_path, size) - _peak_kb(tmp_path, 10)
    assert grown < 2.5 * size / 1024, grown


# The runners' options ---------------------------------------------------------------------


@pytest.mark.parametrize("value", ["inf", "nan", "-1", "1e20", "86401"])
def test_wait_workers_is_a_number_of_seconds_up_to_a_day(value: str) -> None:
    """``--wait-workers inf`` (or ``1e20``) waited for ever for a worker of
    a scheduler that has none, and ``nan`` passed ``FloatRange(min=0)``:
    refused before anything runs, in the catalogs' words, status 2."""
    status, out = run("validate", "--lang", "fr", "--engine", "dask", "--scheduler",
                      "tcp://127.0.0.1:9", "--wait-workers", value, "samples/canonical.hrn")
    assert status == 2, out
    assert "--wait-workers" in out
    if value == "nan":
        assert translate("fr", "engine.wait_workers_nan") in out
    else:
        assert "0<=x<=86400" in out


def test_wait_workers_of_a_day_is_taken() -> None:
    """The bound is a day, inclusive (a batch queue may take hours)."""
    status, out = run("validate", "--wait-workers", "86400", "samples/canonical.hrn")
    assert status == 0, out
