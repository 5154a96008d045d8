"""Review 23: hostile use of every command and the editor server, pinned
(docs/robustness.md, "Round 23").

Each test failed on main at b4225250.  Cheap: in-process; a pipe where the
editor server's input must be one (a stall is only seen on a descriptor)."""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from lsp_frames import FrameCapture

from hearts_notation.editor import server as lsp

#: The stall the tests give the reader (seconds): short, the tests wait it out.
_STALL = 0.05


def _frame(obj: dict[str, Any], extra: int = 0) -> bytes:
    body = json.dumps(obj).encode()
    return b"Content-Length: %d\r\n\r\n" % (len(body) + extra) + body


_OPEN = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}
_SHUTDOWN = {"jsonrpc": "2.0", "id": 2, "method": "shutdown"}


class _Editor(FrameCapture):
    """The editor's end: the server's frames kept, and *then* written (the
    next message) once the server has written its first frame; the pipe is
    closed after 5 s whatever happens, so that a reader that waits for ever
    ends the test (failed) rather than the run."""

    def __init__(self, fd: int, then: bytes) -> None:
        super().__init__()
        self._fd: int | None = fd
        self._then = then
        self._lock = threading.Lock()
        self._timer = threading.Timer(5.0, self.hang_up)
        self._timer.start()

    def write(self, data: bytes) -> None:
        super().write(data)
        with self._lock:
            if self._fd is not None and self._then:
                os.write(self._fd, self._then)
                self._then = b""
        self.hang_up()

    def hang_up(self) -> None:
        with self._lock:
            if self._fd is not None:
                os.close(self._fd)
                self._fd = None
        self._timer.cancel()


@pytest.fixture
def pipe() -> Iterator[Callable[[bytes, bytes], tuple[lsp.FrameReader, _Editor]]]:
    """A reader on a pipe whose writing end stays open after *sent* (as an
    editor keeps it), and the editor that writes *then* once answered."""
    made: list[Any] = []

    def start(sent: bytes, then: bytes) -> tuple[lsp.FrameReader, _Editor]:
        read_fd, write_fd = os.pipe()
        os.write(write_fd, sent)
        source = os.fdopen(read_fd, "rb", buffering=0)
        server = lsp.build("en")
        editor = _Editor(write_fd, then)
        server.protocol.set_writer(editor)
        made.extend([source, editor])
        return lsp.FrameReader(source, 1 << 20, server, stall=_STALL), editor

    yield start
    for thing in made:
        (thing.close if hasattr(thing, "closed") else thing.hang_up)()


def test_a_body_shorter_than_its_length_followed_by_nothing_is_refused(pipe: Any) -> None:
    """A ``Content-Length`` 30 bytes over its body, and the editor keeps its
    end open: the body is refused once it stalls (-32700, id null, what
    came and how long nothing did) and the next message is read and
    answered.  On main the server waited for the 30 bytes for ever (here:
    until the test's 5-second hang-up, and no refusal)."""
    reader, editor = pipe(_frame(_OPEN, 30), _frame(_SHUTDOWN))
    message = reader.message()
    assert message is not None and message.id == 2 and message.method == "shutdown"
    (refusal,) = editor.frames()
    assert refusal["id"] is None and refusal["error"]["code"] == -32700
    assert "Content-Length says" in refusal["error"]["message"]
    assert "then nothing for 0.05 seconds" in refusal["error"]["message"]


def test_a_header_block_without_its_blank_line_is_refused(pipe: Any) -> None:
    """``Content-Length: 50`` and no blank line after it, the editor's end
    open: the block is refused once it stalls and the next message read."""
    reader, editor = pipe(b"Content-Length: 50\r\n", _frame(_SHUTDOWN))
    message = reader.message()
    assert message is not None and message.method == "shutdown"
    (refusal,) = editor.frames()
    assert refusal["error"]["code"] == -32700 and "header block stopped coming" in refusal["error"]["message"]


def test_a_slow_honest_client_and_a_quiet_one_are_not_refused(pipe: Any) -> None:
    """A body sent in pieces, each within the stall, and a pause between
    messages longer than it (an editor idles for hours): both read whole,
    nothing refused."""
    whole = _frame(_OPEN)
    reader, editor = pipe(whole[:40], b"")
    fd = editor._fd
    assert fd is not None

    def trickle() -> None:
        for at in range(40, len(whole), 10):
            time.sleep(_STALL / 5)
            os.write(fd, whole[at:at + 10])
        time.sleep(_STALL * 4)
        os.write(fd, _frame(_SHUTDOWN))

    writer = threading.Thread(target=trickle)
    writer.start()
    first = reader.message()
    second = reader.message()
    writer.join()
    assert first is not None and first.method == "initialize"
    assert second is not None and second.method == "shutdown"
    assert editor.data == b""


def test_the_stall_is_worded_in_french() -> None:
    """Both refusals are in the catalogs, English and French."""
    from hearts_notation.i18n import msg

    for key in ("lsp.input.stalled_header", "lsp.input.stalled_body"):
        text = msg(key, size=("num", 1200), got=("num", 3), seconds=("num", 10)).text("fr")
        assert "10 secondes" in text and "{" not in text


def test_a_match_whose_output_is_removed_midway_stops_and_says_so(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """``match -o`` whose file is deleted while the match runs (its folder
    removed, the file moved): the appends went to a file nobody could read
    and the match ended with status 0, its records lost without a word.
    Now it stops after the record it could not keep: status 2, one line."""
    from clirun import run

    monkeypatch.syspath_prepend(str(Path(__file__).parent / "sitehook23"))
    out = tmp_path / "m.jsonl"
    monkeypatch.setenv("REVIEW23_UNLINK", str(out))
    code, said = run("match", "-p", "py:review23bots:Unlinker", "-p", "random", "--deals", "3",
                     "--seed", "1", "--jobs", "1", "-o", str(out))
    assert code == 2, said
    assert "was removed, moved or replaced while the match wrote to it" in said
    assert not out.exists()


def test_a_message_written_under_the_progress_bar_is_not_folded(monkeypatch: pytest.MonkeyPatch) -> None:
    """A finding written on standard error while the bar is drawn, on a
    terminal 5 columns wide: rich folded it at the width, words broken
    ("nul.h", "rn: ", "binar", "y"); it goes out whole, the terminal wraps."""
    import io
    import sys

    from hearts_notation.progress import CorpusProgress

    monkeypatch.setenv("FORCE_COLOR", "1")      # (rich draws on a terminal only)
    monkeypatch.setenv("COLUMNS", "5")
    monkeypatch.delenv("NO_COLOR", raising=False)
    screen = io.StringIO()
    monkeypatch.setattr(sys, "stderr", screen)
    line = "nul.hrn: binary data, not a text record"
    with CorpusProgress("validate", total=10, enabled=True) as bar:
        bar.advance(1)
        sys.stderr.write(line + "\n")
    assert line + "\n" in screen.getvalue()


@pytest.mark.parametrize("how", ["renamed", "appended"])
def test_fmt_in_place_leaves_a_file_saved_while_it_was_read(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, how: str) -> None:
    """``fmt -i`` over a file an editor saves while fmt reads it (replaced
    by a rename, or written in place): the canonical text of the old file
    replaced the edit, status 0, not a word.  Now the file is left as the
    editor wrote it: one line, nothing written, status 2."""
    from clirun import run

    from hearts_notation.commands import fmt

    sample = (Path(__file__).parent.parent / "samples" / "canonical.hrn").read_text(encoding="utf-8")
    path = tmp_path / "g.hrn"
    path.write_text(sample.replace("QS", "Q♠", 1), encoding="utf-8")   # (not canonical)
    edit = "; the editor's edit\n"
    original = fmt.format_file

    def saved_meanwhile(*args: Any, **kwargs: Any) -> Any:
        done = original(*args, **kwargs)
        if how == "renamed":
            other = tmp_path / "g.hrn.new"
            other.write_text(edit + path.read_text(encoding="utf-8"), encoding="utf-8")
            os.replace(other, path)
        else:
            with path.open("a", encoding="utf-8") as f:
                f.write(edit)
        return done

    monkeypatch.setattr(fmt, "format_file", saved_meanwhile)
    code, said = run("fmt", "-i", str(path))
    assert code == 2, said
    assert "changed while fmt read it" in said and "Nothing written" in said
    assert edit in path.read_text(encoding="utf-8")


@pytest.mark.parametrize("cancelled", [[], {}, True, None])
def test_a_cancel_request_of_no_request_id_is_refused_not_a_failure(
        cancelled: Any, capsys: pytest.CaptureFixture[str]) -> None:
    """``$/cancelRequest`` with ``"id": []`` (or ``{}``, ``true``, ``null``):
    pygls looked the id up and failed ("unhashable type: 'list'"), shown in
    the editor as the server's own failure.  Now one line on standard error
    (a notification is never answered), and the session goes on."""
    server = lsp.build("en")
    out = FrameCapture()
    server.protocol.set_writer(out)
    protocol = server.protocol

    def send(message: dict[str, Any]) -> list[dict[str, Any]]:
        protocol.handle_message(protocol.structure_message({"jsonrpc": "2.0", **message}))
        return out.frames()

    send({"id": 1, "method": "initialize", "params": {"capabilities": {}}})
    send({"method": "initialized", "params": {}})
    assert send({"method": "$/cancelRequest", "params": {"id": cancelled}}) == []
    assert "the parameters of $/cancelRequest do not have the shape" in capsys.readouterr().err
    (answer,) = send({"id": 2, "method": "shutdown"})
    assert answer == {"jsonrpc": "2.0", "id": 2, "result": None}


def test_a_standard_output_open_for_reading_only_is_an_output_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """``hearts validate g.hrn --format json 1</dev/null`` (and generate,
    rules, select, stats, replay, puzzles): the first write failed with
    EBADF, "internal error", status 3.  It is now an output that cannot be
    written, said in one line (status 2, app.run)."""
    import sys

    from hearts_notation.output import OutputError, guard_standard_streams, write_stdout

    saved = os.dup(1)
    read_only = os.open(os.devnull, os.O_RDONLY)
    try:
        os.dup2(read_only, 1)
        monkeypatch.setattr(sys, "stdout", open(1, "w", closefd=False))
        guard_standard_streams()
        with pytest.raises(OutputError) as failed:
            write_stdout("{}\n")
        assert "open for reading only" in str(failed.value)
    finally:
        os.dup2(saved, 1)
        os.close(saved)
        os.close(read_only)


def test_a_where_query_of_100000_characters_is_quoted_as_a_window() -> None:
    """``select --where`` of 100,000 characters: its refusal quoted all of
    it and 4,000 spaces before the caret (104 KB on the terminal).  It is
    quoted as a file's long line is: a window round the column, cut marks."""
    from hearts_notation.query import QueryError, parse_query

    query = 'queen == "' + "x" * 100_000 + '"'
    with pytest.raises(QueryError) as refused:
        parse_query(query)
    head, quoted, caret = refused.value.text("en").split("\n")
    assert "longer than 4,000 characters" in head
    assert quoted.startswith("  ...") and quoted.endswith("...") and len(quoted) < 300
    assert len(caret) < 300 and caret.endswith("^")


@pytest.mark.slow
def test_hearts_lsp_answers_after_a_stalled_body() -> None:
    """End to end (the long step: the stall is 10 s): ``hearts lsp`` given a
    body 30 bytes short of its length, its input kept open, sends the
    refusal, then answers ``initialize`` and ``shutdown`` and exits 0.  On
    main it never answered (the test's 40-second wait ran out)."""
    import select
    import subprocess
    import sys

    server = subprocess.Popen([sys.executable, "-m", "hearts_notation", "lsp"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert server.stdin is not None and server.stdout is not None
        server.stdin.write(_frame(_OPEN, 30))
        server.stdin.flush()
        ready, _, _ = select.select([server.stdout], [], [], 40)
        assert ready, "no answer to a stalled body"
        head = server.stdout.readline()
        server.stdout.readline()
        refusal = json.loads(server.stdout.read(int(head.split(b":")[1])))
        assert refusal["id"] is None and refusal["error"]["code"] == -32700
        assert "then nothing for 10 seconds" in refusal["error"]["message"]
        server.stdin.write(_frame(_OPEN) + _frame(_SHUTDOWN) + _frame({"jsonrpc": "2.0", "method": "exit"}))
        server.stdin.close()
        assert server.wait(timeout=60) == 0
        assert b'"id": 2, "jsonrpc": "2.0", "result": null' in server.stdout.read()
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()


@pytest.mark.parametrize("command", ["stats", "score", "replay"])
def test_columns_0_is_an_unknown_width_not_a_width_of_nothing(
        command: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """``COLUMNS=0`` (a shell or a service that sets it so): rich took it as
    a width of 0 and ``stats``, ``score``, ``standings``, ``replay`` wrote
    nothing at all, status 0.  0 is "unknown", as shutil reads it."""
    from clirun import run

    monkeypatch.setenv("COLUMNS", "0")
    monkeypatch.setenv("LINES", "0")
    sample = str(Path(__file__).parent.parent / "samples" / "canonical.hrn")
    code, said = run(command, sample, *(["--deal", "1"] if command == "replay" else []))
    assert code == 0 and len(said) > 200, said
