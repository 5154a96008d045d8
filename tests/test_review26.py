"""Review 26: hostile use, round 26 (injection, hostile names and options,
the editor server, leftovers), pinned (docs/robustness.md, "Round 26").

Each test failed on main at aa1abf06.  Cheap and in-process where the fault
is in a reader or a writer; a process of its own only for process handling."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from subreaper import PRELUDE, REAP

ROOT = Path(__file__).resolve().parent.parent


def _record_as(fmt: str, games: int = 1) -> str:
    """Generated games of one deal each, their text in *fmt*."""
    from hearts_notation.generate import generate_games
    from hearts_notation.io import dumps

    return dumps(list(generate_games(games, seed=26, max_deals=1)), fmt)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_json_array_on_one_line_saved_as_jsonl_is_read_as_its_records(tmp_path: Path,
                                                                        jobs: str) -> None:
    """``json.dump(games, f)`` (no indent) saved as ``games.jsonl``: one
    line holding a list of games was one "expected an object, found a
    list", exit 1.  A ``.jsonl`` file that is one JSON array on one line
    is one JSON value: read as JSON, its games clean, at every number of
    jobs.  Lists on several lines stay JSONL, each told what a ``.jsonl``
    line holds and what to do."""
    from clirun import run, write

    games = json.loads(_record_as("json", 2))
    path = write(tmp_path, "games.jsonl", "\n" + json.dumps(games) + "\n\n")
    status, out = run("validate", "-j", jobs, path)
    assert status == 0 and "2 games" in out and "0 errors" in out, out
    path = write(tmp_path, "lists.jsonl", (json.dumps(games) + "\n") * 2)
    status, out = run("validate", "-j", jobs, path)
    assert status == 1 and out.count("error:") == 2, out
    assert "a .jsonl file holds one game a line" in out, out
    assert "lists.jsonl:2:1:" in out, out


def test_the_format_of_a_file_is_decided_once_a_read(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """``io.formats.read_format`` (asked after a read: the lines quoted
    under a message, whether findings are placed as a tree record's)
    decided a ``.jsonl`` file's format again, reading its head a second
    time (and a file with no suffix's too); a file changed in between
    could be told as another format than its reader read.  The reader's
    decision is kept and given back."""
    from hearts_notation.io import formats

    calls: list[str] = []
    head = formats._head_text

    def counted(path: str, pipes: bool = True) -> str | None:
        calls.append(path)
        return head(path, pipes)

    monkeypatch.setattr(formats, "_head_text", counted)
    jsonl = tmp_path / "g.jsonl"
    jsonl.write_text(_record_as("jsonl"), encoding="utf-8")
    bare = tmp_path / "games"
    bare.write_text(_record_as("json"), encoding="utf-8")
    for path, fmt in ((str(jsonl), "jsonl"), (str(bare), "json")):
        assert formats.input_format(path) == fmt
        read = len(calls)
        assert read == 1
        # rewritten meanwhile: the answer is still the reader's
        Path(path).write_text(_record_as("yaml"), encoding="utf-8")
        assert formats.read_format(path) == fmt
        assert len(calls) == read
        calls.clear()


@pytest.mark.parametrize("depth", [250, 900])
def test_yaml_nested_past_200_levels_is_one_error_and_the_next_documents_are_read(
        depth: int) -> None:
    """A YAML document nested past the composer's 200 levels ended the
    reading of its stream: the records after it were lost without a word
    (tidy24 left it).  The over-deep value is passed over without being
    composed (a loop over the parser's events), its document refused at
    its first over-deep value, and the next documents read, up to 1,000
    levels (past them libyaml's scanner pays for every open level)."""
    from hearts_notation.io.jsonio import iter_yaml

    good = "---\n" + _record_as("yaml")
    deep = "---\nx: " + "[" * depth + "]" * depth + "\n"
    games = list(iter_yaml(good + deep + good, "s.yaml"))
    assert len(games) == 3
    assert not games[0].errors and not games[2].errors
    (error,) = games[1].errors
    assert error.code == "syntax-error" and "over the limit of 32" in error.message
    assert error.line == good.count("\n") + 2 and error.column == 4 + 31


#: A subreaper (Linux) runs the command in a process group of its own, waits
#: for the resource tracker a local Dask cluster's start spawns, then sends
#: SIGINT to the group as a terminal's Ctrl-C does; the processes the command
#: leaves behind are reparented to it and counted as they end.
_CTRL_C_ORPHANS = PRELUDE + r"""
run = subprocess.Popen([sys.executable, "-m", "hearts_notation", *sys.argv[1:]],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                       start_new_session=True)

def tracker():                                 # the command's own child
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/stat", "rb") as fh:
                parent = int(fh.read().rsplit(b")", 1)[1].split()[1])
            with open(f"/proc/{pid}/cmdline", "rb") as fh:
                if parent == run.pid and b"resource_tracker" in fh.read():
                    return int(pid)
        except (OSError, ValueError, IndexError):
            pass

deadline = time.monotonic() + 120
while tracker() is None and run.poll() is None and time.monotonic() < deadline:
    time.sleep(0.05)
time.sleep(0.5)
os.killpg(run.pid, signal.SIGINT)
out, err = run.communicate(timeout=120)
""" + REAP + r"""
print(json.dumps({"status": run.returncode, "stderr": err, "orphans": orphans}))
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a subreaper is Linux's")
def test_a_ctrl_c_d_dask_run_leaves_no_resource_tracker_behind(tmp_path: Path) -> None:
    """``validate --engine dask`` interrupted by a Ctrl-C: multiprocessing's
    resource tracker, spawned as the local cluster started, was left to end
    once the command had exited (hostile25's leftover: stopped when the
    engine closed, it removed semaphores still held, a ``sem_unlink``
    traceback), reparented to PID 1 -- in a container often no init -- and
    a zombie after every interrupted run.  It is stopped and reaped as the
    very last step of the interrupted run, when nothing of the process
    releases anything any more: nothing left, one line, status 130."""
    pytest.importorskip("distributed")
    record = tmp_path / "g.hrn"
    record.write_text(_record_as("hrn", 300), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    env.pop("DASK_SCHEDULER_ADDRESS", None)
    out = subprocess.run([sys.executable, "-c", _CTRL_C_ORPHANS, "validate", "--engine", "dask",
                          "-j", "2", str(record)],
                         cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    said = json.loads(out.stdout.strip().splitlines()[-1])
    if "skip" in said:
        pytest.skip(said["skip"])
    assert said["status"] == 130, said
    assert said["stderr"].startswith("hearts: interrupted") and said["stderr"].count("\n") == 1, said
    assert said["orphans"] == [], said


def test_a_file_named_twice_is_read_once(tmp_path: Path) -> None:
    """``hearts standings club/ club/night1.hrn`` (a folder and a file in
    it, overlapping patterns, ``./g.hrn``, a link): the same file's games
    were counted twice, a player's games, wins and points doubled in the
    standings (which said "2 games ... 1 file"), and ``stats`` counted two
    files.  A file named again is read once, and said once."""
    from clirun import run, write

    path = write(tmp_path, "night1.hrn", _record_as("hrn"))
    (tmp_path / "link.hrn").symlink_to(path)
    status, out = run("standings", "--format", "json", path, str(tmp_path / "link.hrn"),
                      str(tmp_path))
    assert status == 0, out
    assert f"link.hrn: a file named before (as {path}): read once" in out
    report, _ = json.JSONDecoder().raw_decode(out[out.index("{"):])
    assert report["summary"]["games"] == 1, report
    assert {p["games"] for p in report["players"]} == {1}, report
    _, twice = run("stats", "--format", "json", path, path)
    status, out = run("stats", "--format", "json", path, path, path)
    assert status == 0, out
    assert out.count("read once") == twice.count("read once") > 0, out     # once a file
    stats, _ = json.JSONDecoder().raw_decode(out[out.index("{"):])
    assert stats["summary"]["files"] == 1 and stats["summary"]["games"] == 1, stats


def test_a_player_name_in_the_editor_s_hover_is_text_not_markdown() -> None:
    """The editor's hover over a seat shows its player's name in Markdown,
    which the editor renders: a name ``![t](https://example.org/t.png)``
    made it fetch a picture as the mouse passed (a tracking pixel from a
    record someone sent), ``[here](https://…)`` drew a link, ``<img>`` was
    HTML to a client that renders it.  Every punctuation character of the
    name is now backslash-escaped: the hover shows the name as typed."""
    from hearts_notation.editor.document import Checker
    from hearts_notation.editor.features import hover

    name = "![t](https://example.org/t.png) [here](https://x.example) <img src=x> **b** `c`"
    text = _record_as("hrn").replace('[East "heuristic E"]', f'[East "{name}"]')
    assert name in text
    lines = text.split("\n")
    k = next(i for i, line in enumerate(lines) if line.startswith("1. "))
    column = lines[k].index(" E ") + 1
    checker = Checker()
    found = hover(checker.analyse(text), checker, k, column, "en")
    assert found is not None
    shown = found[0]
    assert shown.startswith("E: ")
    import re
    import string

    # no punctuation of the name left bare (each after its backslash)
    bare = re.sub(r"\\.", "", shown[3:])
    assert not set(bare) & set(string.punctuation), shown
    # unescaped, the text is the name as typed
    assert shown[3:].replace("\\", "") == name


@pytest.mark.parametrize("hidden", ["\u200b", "\u200d", "\u00ad", "\u2060", "\ufeff", "\u200e"])
def test_a_name_differing_by_an_invisible_character_is_a_near_duplicate(hidden: str) -> None:
    """``T<U+200B>om`` (a zero-width space pasted from a chat or a web
    page, or put there on purpose) was a second player shown exactly as
    ``Tom`` in the standings, counted apart without a word.  A name that
    differs from another only by Unicode's invisible format characters is
    a near duplicate: the standings warn and name the ``--aliases`` fix."""
    from hearts_notation.players import near_duplicates

    assert near_duplicates(["Tom", f"T{hidden}om", "Dev"]) == [("Tom", f"T{hidden}om")]
