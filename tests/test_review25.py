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
from subreaper import PRELUDE, REAP

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data" / "review25"

#: A child of the test's interpreter made a subreaper (Linux): the processes
#: the command leaves behind are reparented to it, not to PID 1, and are
#: counted as they end.
_ORPHANS = PRELUDE + r"""
run = subprocess.run([sys.executable, "-m", "hearts_notation", *sys.argv[1:]],
                     capture_output=True, text=True, timeout=240)
""" + REAP + r"""
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


def _record_as(fmt: str) -> str:
    """One generated game of one deal, its text in *fmt*."""
    from hearts_notation.generate import generate_games
    from hearts_notation.io import dumps

    return dumps(list(generate_games(1, seed=25, max_deals=1)), fmt)


@pytest.mark.parametrize("fmt", ["json", "jsonl", "yaml"])
def test_a_record_under_a_name_no_format_claims_is_read_as_what_it_holds(tmp_path: Path,
                                                                         fmt: str) -> None:
    """A JSON, JSONL or YAML record in a file whose name has no extension a
    format claims (``games``, ``club.bak``, what ``curl -o`` saved) was read
    as HRN: a syntax error a line (2,541 for three games of JSON), exit 1.
    Its first bytes are sniffed as standard input's are: read as what it
    holds, clean."""
    from clirun import run, write

    path = write(tmp_path, "games.bak", _record_as(fmt))
    status, out = run("validate", path)
    assert status == 0, out
    assert "0 errors" in out
    status, out = run("convert", path, "--to", "hrn")
    assert status == 0 and out.startswith("[Event"), out
    # (the sniffing claims a format only where HRN cannot be, as on
    # standard input: HRN under such a name stays HRN)
    status, out = run("validate", write(tmp_path, "games", _record_as("hrn")))
    assert status == 0 and "0 errors" in out, out


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes")
def test_a_named_pipe_of_json_is_read_as_json(tmp_path: Path) -> None:
    """``hearts validate <(gunzip -c club.json.gz)``: the pipe's name
    (``/dev/fd/63``) says nothing, and it was read as HRN, a syntax error
    a line.  Its first bytes are read ahead (and handed on to its reader,
    the pipe read once) and say JSON."""
    import threading

    from clirun import run

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    text = _record_as("json").encode()

    def feed() -> None:
        with open(fifo, "wb") as fh:
            fh.write(text)

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    status, out = run("validate", str(fifo))
    writer.join(5)
    assert status == 0 and "0 errors" in out, out


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_pretty_printed_json_saved_as_jsonl_is_read_as_json(tmp_path: Path, jobs: str) -> None:
    """``json.dump(games, f, indent=2)`` saved as ``games.jsonl``: read
    line by line, a syntax error a line (12,591 for three games), at every
    number of jobs.  A file whose first line is a lone ``[`` or ``{`` holds
    one JSON value spread over lines (no JSONL record is a lone bracket):
    read as JSON, its games clean; a one-line JSONL file is JSONL still."""
    from clirun import run, write

    games = json.loads(_record_as("json"))
    for value in (games, games[0] if isinstance(games, list) else games):
        path = write(tmp_path, "games.jsonl", json.dumps(value, indent=2, ensure_ascii=False))
        status, out = run("validate", "-j", jobs, path)
        assert status == 0 and "0 errors" in out, out
    jsonl = _record_as("jsonl")
    assert jsonl.count("\n") == 1
    status, out = run("validate", "-j", jobs, write(tmp_path, "one.jsonl", jsonl * 3))
    assert status == 0 and "3 games" in out and "0 errors" in out, out
    # broken after its bracket: one error where the JSON stops, not one a line
    status, out = run("validate", write(tmp_path, "cut.jsonl", "\n[\n  {\"deals\": [\n"))
    assert status == 1 and out.count("error:") == 1, out


@pytest.mark.parametrize("name", ["games.json", "games.jsonl", "games.yaml"])
def test_hrn_saved_under_a_json_or_yaml_name_is_told_so(tmp_path: Path, name: str) -> None:
    """An HRN record saved as ``.json``, ``.jsonl`` or ``.yaml`` was refused
    in the decoder's words alone ("not valid JSON: Expecting value" at
    1:2, "not valid YAML: did not find expected <document start>" at
    2:1), while JSON under an HRN name is told "this input looks like
    json, not HRN".  The JSON and YAML readers now say the same the other
    way: it looks like HRN, read it with --from hrn."""
    from clirun import run, write

    path = write(tmp_path, name, _record_as("hrn"))
    status, out = run("convert", path, "--to", "hrn")
    assert status == 2
    assert "looks like hrn, not " in out and "--from hrn" in out, out


@pytest.mark.parametrize("args", [
    ("annotate", "{missing}", "-o", "{out}"),
    ("annotate", "{missing}", "--html", "{out}"),
    ("replay", "{missing}", "--html", "{out}"),
    ("puzzles", "{missing}", "--format", "json", "-o", "{out}"),
    ("diagram", "{missing}", "-o", "{out}"),
], ids=lambda a: "-".join(a[:1] + a[2:3]))
def test_an_output_no_write_can_make_is_refused_before_any_work(tmp_path: Path,
                                                                  args: tuple[str, ...]) -> None:
    """``-o`` naming a folder, or a file in a folder that does not exist,
    was found only when the output was written, after all the work:
    ``puzzles g.hrn --format json -o club`` analysed for two minutes (46
    CPU-s), then "cannot write club: is a directory".  It is refused
    before the command reads anything: here, before the missing input is
    even looked for (on main: "no such file" of the input; ``convert`` and
    ``select`` already looked at their output first)."""
    from clirun import run

    missing = str(tmp_path / "missing.hrn")
    (tmp_path / "club").mkdir()
    for out, why in ((tmp_path / "club", "is a directory"),
                     (tmp_path / "nosuch" / "out.json", "no such directory")):
        status, said = run(*(a.format(missing=missing, out=out) for a in args))
        assert status == 2
        assert f"cannot write {out}: {why}" in said, said
        assert "no such file" not in said
