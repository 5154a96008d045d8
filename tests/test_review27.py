"""Review 27: hostile use, round 27 (this session's new reading paths at
scale and named twice), pinned (docs/robustness.md, "Round 27").

Each test failed on main at 21de9826.  Cheap and in-process: the scale a
fault showed at (a 200 MB line) is brought down to the limit it crossed
(``HEARTS_MAX_RECORD``), which is what decides the path taken."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest


def _games(count: int) -> list[object]:
    """*count* generated games of one deal each, as JSON records."""
    from hearts_notation.generate import generate_games
    from hearts_notation.io import dumps

    return json.loads(dumps(list(generate_games(count, seed=27, max_deals=1)), "json"))


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_one_line_array_over_the_record_limit_in_a_jsonl_file_is_read_as_json(
        tmp_path: Path, jobs: str) -> None:
    """``json.dump(games, f)`` of 80,000 games saved as ``games.jsonl`` is
    one 200 MB line: over the record limit, the one-array test gave up and
    the file was read as JSONL, "a line's length is over the limit", exit
    2, though the same bytes named ``.json`` were read (one element held at
    a time).  Such a line is read as JSON without being held whole."""
    from clirun import run, write

    from hearts_notation.io.limits import Limits, set_limits

    line = json.dumps(_games(3))
    path = write(tmp_path, "games.jsonl", line + "\n\n")
    broken = write(tmp_path, "broken.jsonl", line[:-1] + "\n")      # JSON's own error, placed
    set_limits(Limits(record=len(line) // 2))
    try:
        status, out = run("validate", "-j", jobs, path)
        assert status == 0 and "3 games" in out and "0 errors" in out, out
        status, out = run("validate", "-j", jobs, broken)
    finally:
        set_limits(None)
    assert status == 1 and "broken.jsonl:2:1:" in out and "Expecting ']'" in out, out


def test_a_named_pipe_named_twice_is_read_once(tmp_path: Path) -> None:
    """``mkfifo p; hearts validate p p`` (or ``/dev/fd/63`` twice) opened
    the pipe again once its writer had gone: the command waited for ever.
    A named pipe is told by its device and inode, as a regular file is,
    and read once (looked at with ``stat``, never opened here)."""
    from hearts_notation.commands._common import expand_paths

    pipe = str(tmp_path / "p")
    os.mkfifo(pipe)
    assert list(expand_paths([pipe, pipe, str(tmp_path / "." / "p")])) == [pipe]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_jsonl_file_of_byte_order_marks_alone_is_an_empty_input(tmp_path: Path,
                                                                    jobs: str) -> None:
    """A ``.jsonl`` file of lines each a byte-order mark (100,000 of them:
    empty files, each saved with its mark, joined with ``cat``) was read
    as lines each read past: no game and no word, exit 0, where a file of
    blank lines is "empty input", exit 2.  Marks and blanks alone are an
    empty input, in every format."""
    from clirun import run, write

    path = write(tmp_path, "marks.jsonl", "\ufeff\n" * 500 + " \ufeff\t\n")
    status, out = run("validate", "-j", jobs, path)
    assert status == 2 and "marks.jsonl: empty input: no game found" in out, out
    status, out = run("validate", "--lang", "fr", "-j", jobs, path)
    assert status == 2 and "marks.jsonl:" in out and "no game found" not in out, out


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_every_byte_order_mark_opening_a_jsonl_line_is_read_past(tmp_path: Path,
                                                                 jobs: str) -> None:
    """A later ``.jsonl`` line opening with its mark twice (a file whose
    own mark was doubled, joined with ``cat``) was "Unexpected UTF-8 BOM
    (decode using utf-8-sig)", Python's words, and a line of marks alone a
    game with that error.  Every mark opening a line is read past, as one
    is; the columns of a later error are counted after them."""
    from clirun import run, write

    first, second = (json.dumps(g) for g in _games(2))
    text = first + "\n\ufeff\ufeff" + second + "\n\ufeff\ufeff\ufeff\n\ufeff\ufeff{\"players\": }\n"
    path = write(tmp_path, "joined.jsonl", text)
    status, out = run("validate", "-j", jobs, path)
    assert status == 1 and "2 valid games; 1 error" in out, out
    assert "joined.jsonl:4:13: error: not valid JSON: Expecting value" in out, out
    assert "BOM" not in out, out


@pytest.mark.parametrize("printed", ["({})", "[{}]"])
def test_a_history_printed_by_python_is_looked_at_in_memory_flat_to_its_length(
        printed: str) -> None:
    """A history printed by Python (a tuple, numpy's array without commas)
    is told with the JSON list to write; the pattern that recognised it
    kept a backtracking frame per action, about 480 bytes each: 600 MB to
    look at a tuple of 10^6 actions (a 3.8 MB file), 40 GB at the document
    limit.  Its repetition is possessive: the memory it takes is flat."""
    from tests.history_memory import refusal_peak

    sep = ", " if printed[0] == "(" else " "
    text = printed.format(sep.join(str(k % 52) for k in range(100_000))) + "\n"
    told, peak = refusal_peak(printed.format(sep.join("123")), text,
                              "is not a JSON list of actions")
    assert peak < 4 * len(text), peak         # (48 MB before, for this 0.4 MB text)
    assert told.line == 1 and told.column == 1


def test_a_named_pipe_given_to_dask_is_refused_in_its_place(tmp_path: Path) -> None:
    """``validate --engine dask p`` with ``p`` a named pipe: the workers
    open a file several times (its size, its language, its parts), and
    the pipe's first reader took what it held: the next opening waited for
    ever for a writer gone.  The pipe is refused in its place, with the way
    out, and the run goes on to the next file: exit 2, never a hang."""
    import subprocess
    import sys
    import threading

    pytest.importorskip("distributed")
    from clirun import write

    record = write(tmp_path, "g.json", json.dumps(_games(1)))
    pipe = tmp_path / "p"
    os.mkfifo(pipe)

    def writer() -> None:
        """The pipe's one writer (never opened: nothing to unblock)."""
        try:
            fd = os.open(pipe, os.O_WRONLY)
        except OSError:
            return
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(Path(record).read_text(encoding="utf-8"))
        except BrokenPipeError:
            return      # (the run closed the pipe unread: this thread's end, not the test's)

    threading.Thread(target=writer, daemon=True).start()
    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(root), "NO_COLOR": "1"}
    env.pop("DASK_SCHEDULER_ADDRESS", None)
    try:
        out = subprocess.run([sys.executable, "-m", "hearts_notation", "validate", "--engine",
                              "dask", "-j", "2", str(pipe), record], cwd=tmp_path, env=env,
                             capture_output=True, text=True, timeout=240)
    finally:
        fd = os.open(pipe, os.O_RDONLY | os.O_NONBLOCK)     # (the writer let go)
        os.close(fd)
    assert out.returncode == 2, out.stderr
    assert f"{pipe}: a named pipe is read once" in out.stderr, out.stderr
    assert "1 game" in out.stdout and "1 valid game" in out.stdout, out.stdout
