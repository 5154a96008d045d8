"""Review 22: hostile use of every command, pinned (docs/robustness.md, "Review 22").

Each test failed on main at 62420af.  Cheap: in-process, no server process."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from lsp_frames import FrameCapture

from hearts_notation.editor import server as lsp


def _frame(obj: dict[str, Any], extra: int = 0) -> bytes:
    body = json.dumps(obj).encode()
    return b"Content-Length: %d\r\n\r\n" % (len(body) + extra) + body


def _frames(data: bytes) -> tuple[lsp.FrameReader, FrameCapture]:
    server = lsp.build("en")
    capture = FrameCapture()
    server.protocol.set_writer(capture)
    return lsp.FrameReader(io.BufferedReader(io.BytesIO(data)), 1 << 20, server), capture


@pytest.mark.parametrize("extra", [30, 10_000])
def test_a_content_length_that_lies_does_not_swallow_the_next_message(extra: int) -> None:
    """A header announcing more bytes than its body has, followed by the next
    message: the short one is refused (-32700, id null) and the next one is
    read whole (before: read into the short body, both refused, or the
    server waited for bytes that never came while the editor waited)."""
    first = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}
    second = {"jsonrpc": "2.0", "id": 2, "method": "shutdown"}
    frames, capture = _frames(_frame(first, extra) + _frame(second))
    message = frames.message()
    assert message is not None and message.id == 2 and message.method == "shutdown"
    (refusal,) = capture.frames()
    assert refusal["id"] is None and refusal["error"]["code"] == -32700
    assert "Content-Length says" in refusal["error"]["message"]
    assert frames.message() is None


def test_a_content_length_in_a_json_string_is_part_of_the_body() -> None:
    """The name inside a string (no raw line break after it) is text."""
    note = {"jsonrpc": "2.0", "method": "x/y", "params": {"t": "Content-Length: 5\r\n"}}
    frames, capture = _frames(_frame(note))
    message = frames.message()
    assert message is not None and capture.data == b""


def test_an_output_fifo_with_no_reader_is_refused_not_waited_for(tmp_path: Any, monkeypatch: Any) -> None:
    """``-o fifo`` with nobody reading it waited for ever; now it waits a
    while (here 0.1 s) and says why, in the run's language."""
    import os

    from hearts_notation import output
    from hearts_notation.i18n import current_language, set_language

    fifo = tmp_path / "out.fifo"
    os.mkfifo(fifo)
    monkeypatch.setattr(output, "FIFO_READER_WAIT", 0.1)
    with pytest.raises(output.OutputError) as caught:
        output.write_atomic_iter(str(fifo), iter(["x\n"]))
    assert "FIFO" in str(caught.value) and "cannot write" in str(caught.value)
    before = current_language()
    set_language("fr")
    try:
        with pytest.raises(output.OutputError) as caught:
            output.write_atomic_iter(str(fifo), iter(["x\n"]))
        assert "aucun programme" in str(caught.value)
    finally:
        set_language(before)


def test_an_output_named_by_a_descriptor_is_written_through_it(tmp_path: Any) -> None:
    """``-o /dev/stdout >> log`` (here ``/dev/fd/N`` open for appending):
    the report is appended where the shell points, not written over the
    whole file behind the name (which lost the log before)."""
    import os

    from hearts_notation import output

    log = tmp_path / "log.txt"
    log.write_text("kept\n")
    fd = os.open(log, os.O_WRONLY | os.O_APPEND)
    try:
        output.write_atomic_iter(f"/dev/fd/{fd}", iter(["report\n"]))
    finally:
        os.close(fd)
    assert log.read_text() == "kept\nreport\n"
    assert output.descriptor_named("/dev/stdout") == 1
    assert output.descriptor_named("/proc/self/fd/2") == 2
    assert output.descriptor_named("/dev/stdout.txt") is None


def test_the_api_refuses_wrong_types_and_formats_at_the_call() -> None:
    """Wrong types gave a TypeError or AttributeError from deep inside the
    reader ("can only concatenate str (not bytes)", "'NoneType' object has
    no attribute 'rules'"), ``iter_validate("g.hrn")`` read each letter as a
    file, and an unknown *fmt* (``--from``'s counterpart) was an unreadable
    input: now a TypeError or ValueError naming the argument."""
    import hearts_notation as hn
    from hearts_notation import api

    with pytest.raises(TypeError, match=r"^text must be"):
        hn.validate_text(api.EXAMPLE.encode())
    with pytest.raises(TypeError, match=r"^game must be a Game"):
        hn.score(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^rules must be"):
        hn.validate_text(api.EXAMPLE, "hrn", 3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^path must be"):
        hn.validate_file(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^paths must be a list"):
        next(api.iter_validate("g.hrn"))
    with pytest.raises(ValueError, match="unknown format 'xml'"):
        hn.validate_file("g.hrn", fmt="xml")
    with pytest.raises(ValueError, match="unknown format 'xml'"):
        hn.read_games("g.hrn", "xml")
    with pytest.raises(ValueError, match=r"^jobs must be 0"):
        hn.validate_file("g.hrn", jobs=-1)


def test_validate_text_without_a_format_reads_what_the_text_shows() -> None:
    """``fmt=None`` is ``hearts validate -`` without ``--from``: the text's
    own beginning decides (it was "unknown format None")."""
    import hearts_notation as hn

    record = '{"players": ["A", "B", "C", "D"], "deals": []}'
    result = hn.validate_text(record, None)
    assert not result.unreadable and result.games == 1


def test_the_local_cluster_spawns_its_workers_deaf_to_ctrl_c() -> None:
    """A Ctrl-C to the group while the Dask cluster started reached its
    fresh worker interpreters: 25 to 105 lines of their start-up
    tracebacks after ``hearts: interrupted``.  The processes spawned while
    it starts have SIGINT blocked (the parent answers the Ctrl-C and kills
    them); a worker's id is noted (to be killed when the interrupt comes
    before the cluster exists), another process's is not."""
    import os
    import signal
    import sys
    from multiprocessing import util

    from hearts_notation.runners import dask_engine

    def spawn(marker: str) -> bytes:
        read, write = os.pipe()
        code = (f"import os,signal; os.write({write}, b'1' if signal.SIGINT in "
                f"signal.pthread_sigmask(signal.SIG_BLOCK, []) else b'0')  # {marker}")
        try:
            pid = util.spawnv_passfds(os.fsencode(sys.executable), [sys.executable, "-I", "-S", "-c", code],
                                      [write])
            os.close(write)
            got = os.read(read, 1)
        finally:
            os.close(read)
        os.waitpid(pid, 0)
        pids.append(pid)
        return got

    started: list[int] = []
    pids: list[int] = []
    original = util.spawnv_passfds
    with dask_engine._children_deaf_to_ctrl_c(started):
        assert spawn("spawn_main") == b"1"
        assert spawn("resource_tracker") == b"1"
    assert started == pids[:1]
    assert util.spawnv_passfds is original
    assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, [])


def test_an_output_of_a_long_legal_name_is_written(tmp_path: Any) -> None:
    """A 255-byte name (251 letters and ``.txt``; 127 two-byte letters):
    its temporary ``.NAME.PID.XXXXXXXX.tmp`` was too long, "File name too
    long", and nothing could be written there."""
    from hearts_notation import output

    for name in ("x" * 251 + ".txt", "é" * 125 + ".txt"):
        output.write_atomic_iter(str(tmp_path / name), iter(["report\n"]))
        assert (tmp_path / name).read_text() == "report\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["x" * 251 + ".txt", "é" * 125 + ".txt"])


def test_dev_tty_without_a_terminal_is_said_from_the_catalogs() -> None:
    """``-o /dev/tty`` in a process with no terminal (``setsid``, cron): the
    system's English "No such device or address" whatever ``--lang``; now
    the catalogs' words (a process of its own: a new session has no
    terminal)."""
    import subprocess
    import sys

    code = ("from hearts_notation import output\n"
            "try:\n"
            "    output.write_atomic_iter('/dev/tty', iter(['x']))\n"
            "except output.OutputError as exc:\n"
            "    print(exc)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          start_new_session=True, stdin=subprocess.DEVNULL, timeout=60)
    assert done.stdout.strip() == ("cannot write /dev/tty: no device answers at this name "
                                   "(/dev/tty in a program that has no terminal?)")


def test_a_ctrl_c_while_the_dask_workers_start_is_one_line() -> None:
    """The group's Ctrl-C reaching a local cluster's worker as it imports
    ``site`` (tests/sitehook22 sends it from there): ``hearts:
    interrupted``, 130, and not a line more (before: "Fatal Python error:
    init_import_site" and a traceback from each worker).  Long step: a
    real cluster starts (tests/conftest.py, LONG_TESTS)."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    pytest.importorskip("distributed")
    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "LC_ALL": "C", "LANG": "C", "HEARTS_TEST_GROUP_INTERRUPT": "1",
           "PYTHONPATH": os.pathsep.join([str(root), str(root / "tests" / "sitehook22")])}
    env.pop("LANGUAGE", None)
    done = subprocess.run([sys.executable, "-m", "hearts_notation", "validate", "--engine", "dask",
                           "--jobs", "2", "samples/canonical.hrn"], cwd=root, env=env,
                          capture_output=True, text=True, timeout=120, start_new_session=True)
    assert (done.returncode, done.stderr) == (130, "hearts: interrupted\n")
