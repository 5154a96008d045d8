"""Hostile input to every reader: each reproducer of the fuzzing campaign
ends in one clear message with ``file:line:col`` (exit 2 for an unusable
input, a ``syntax-error`` finding -- exit 1 -- for one bad record among
good ones), never a traceback, and in bounded memory."""

from __future__ import annotations

import json
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli
from hearts_notation.io import InputError, dumps, iter_games_text, read_games
from hearts_notation.io.limits import ENV, Limits, current, refresh, set_limits
from tests.budget import long_beyond
from tests.clirun import run, write

ROOT = Path(__file__).parent.parent
GAMES = list(read_games(str(ROOT / "samples" / "club-night.json")))
RECORD = dumps(GAMES[:1], "jsonl").strip()
BIG = "9" * 5000




def test_deeply_nested_jsonl_line_is_one_bad_record(tmp_path: Path) -> None:
    path = write(tmp_path, "n.jsonl", "\n".join([RECORD, "[" * 100_000 + "]" * 100_000, RECORD]))
    code, out = run("validate", path, "--jobs", "1")
    assert code == 1
    # Refused at the bracket over the depth limit (32), before the decoder
    # recurses (it used to report a RecursionError at column 1).
    assert (f"{path}:2:33: error: the nesting of JSON values is over the limit of 32 "
            "(set HEARTS_MAX_DEPTH to raise it)") in out
    assert "3 games" in out
    games = list(read_games(path))
    assert [bool(g.errors) for g in games] == [False, True, False]
    code, out = run("score", path)
    assert code == 2 and f"{path}:2:33:" in out


def test_deeply_nested_json_document(tmp_path: Path) -> None:
    path = write(tmp_path, "n.json", "[" * 100_000 + "]" * 100_000)
    code, out = run("validate", path, "--jobs", "1")
    # The 34th bracket: the document's array is level 0, its elements are
    # the records, and a record may nest 32 levels.
    assert code in (1, 2) and f"{path}:1:34:" in out and "nesting of JSON values" in out


@pytest.mark.parametrize("fmt,text", [
    ("hrn", f'[Event "x"]\n\ndeal {BIG} pass left\n'),
    ("hrn", '[Event "x"]\n\ndeal 1 pass left\nscore N ' + BIG + " E 0 S 0 W 0\n"),
    ("jsonl", RECORD.replace('"number":1,', '"number":' + BIG + ",", 1)),
    ("json", RECORD.replace('"number":1,', '"number":' + "9" * 100 + ",", 1)),
    ("yaml", f"deals:\n- number: {BIG}\n"),
], ids=["hrn-deal", "hrn-score", "jsonl", "json", "yaml"])
def test_huge_integers(tmp_path: Path, fmt: str, text: str) -> None:
    path = write(tmp_path, f"big.{fmt}", text)
    code, out = run("validate", path, "--jobs", "1")
    assert code == 1
    assert f"{path}:" in out and ("digits" in out), out
    games = list(read_games(path))
    assert games[0].errors and games[0].errors[0].line is not None


def test_lone_surrogate_is_refused_where_it_is(tmp_path: Path) -> None:
    bad = RECORD.replace('"tags":{', '"tags":{"X":"a\\ud800b",', 1)
    assert bad != RECORD
    path = write(tmp_path, "s.json", bad)
    for command in (["score", path], ["replay", path], ["convert", path, "--to", "yaml"]):
        code, out = run(*command)
        assert code == 2 and "lone surrogate" in out and f"{path}:1" in out
    games = list(iter_games_text(bad, "jsonl", "s"))
    assert "tags.X" in games[0].errors[0].message


def test_yaml_alias_bomb_refused_quickly(tmp_path: Path) -> None:
    bomb = 'x: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
    prev = "a"
    for k in "bcdefghi":
        bomb += f"{k}: &{k} [" + ",".join([f"*{prev}"] * 9) + "]\n"
        prev = k
    path = write(tmp_path, "bomb.yaml", bomb + "players: {N: *i}\ndeals: []\n---\n"
                 + dumps(GAMES[:1], "yaml"))
    # tracemalloc's peak is this read's own: pytest's resident peak (ru_maxrss)
    # may already be far above what the bomb would cost, and would hide it.
    tracemalloc.start()
    try:
        games = list(read_games(path))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 50 << 20, f"{peak >> 20} MiB"
    assert "aliases" in games[0].errors[0].message and games[0].errors[0].line == 2  # at the first alias, *a
    assert not games[1].errors            # the next document is read


def test_non_string_names_refused_not_stringified() -> None:
    # YAML's bare 12 is a name as written (its source text, not str() of a number)
    games = list(iter_games_text("players: {N: 12, E: 1.50}\ndeals: []\n", "yaml", "y"))
    assert not games[0].errors and games[0].players == {"N": "12", "E": "1.50"}
    games = list(iter_games_text('{"players": {"N": 12}, "deals": []}', "json", "j"))
    assert "players.N: expected a string, found 12" in games[0].errors[0].message
    games = list(iter_games_text('{"tags": {"Event": ["a"]}, "deals": []}', "json", "j"))
    assert "tag values are strings, found a list" in games[0].errors[0].message
    games = list(iter_games_text("tags: {1: x}\ndeals: []\n", "yaml", "y"))
    assert "is not a tag name" in games[0].errors[0].message


def test_messages_do_not_print_huge_values() -> None:
    games = list(iter_games_text(json.dumps({"seats": ["N" * 100_000, "E", "S"], "deals": []}),
                                 "json", "j"))
    assert len(games[0].errors[0].message) < 200


#: Brackets of the nested rules file: eight times what Python's recursion limit
#: lets PyYAML's composer follow.  (10,000 cost 3.5 CPU-s: PyYAML's pure-Python
#: scanner, which the rules loader uses, is quadratic in the nesting.)
NESTED_RULES = 4_000


@pytest.mark.parametrize("text", [
    "target: " + "[" * NESTED_RULES + "]" * NESTED_RULES + "\n",
    "target: " + BIG + "\n",
    "a: &a [1]\nb: *a\n" + "x" * 70_000,
])
def test_hostile_rules_files(tmp_path: Path, text: str) -> None:
    rules = write(tmp_path, "r.yaml", text)
    code, out = run("validate", "--rules", rules, str(ROOT / "samples" / "canonical.hrn"))
    assert code == 2 and "rules file" in out


def test_cards_per_trick_and_hand(tmp_path: Path) -> None:
    trick = "1. " + " ".join(["N 2C"] * 100) + "\n"
    path = write(tmp_path, "t.hrn", '[Event "x"]\n\ndeal 1 pass left\n' + trick)
    code, out = run("validate", path, "--jobs", "1")
    assert code == 1 and f"{path}:4:1:" in out and "HEARTS_MAX_CARDS" in out
    record = json.dumps({"deals": [{"hands": {"N": ["2C"] * 100}}]})
    games = list(iter_games_text(record, "jsonl", "j"))
    assert "HEARTS_MAX_CARDS" in games[0].errors[0].message


def test_limits_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV["cards"], "200")
    monkeypatch.setenv(ENV["line"], "not a number")
    try:
        got = refresh()
        assert got.cards == 200 and got.line == Limits().line
        long = '[Event "x"]\n\ndeal ' + "1" * 25 + " pass left\n"
        assert "HEARTS_MAX_DIGITS" in next(iter_games_text(long, "hrn", "h")).errors[0].message
        set_limits(Limits(digits=30))
        assert current().digits == 30
        assert not next(iter_games_text(long, "hrn", "h")).errors
    finally:
        set_limits(None)
        monkeypatch.delenv(ENV["cards"])
        monkeypatch.delenv(ENV["line"])
        refresh()


def test_long_line_in_the_middle_of_hrn(tmp_path: Path) -> None:
    path = write(tmp_path, "l.hrn", '[Event "x"]\n{' + "x" * 1_000_000 + "}\n")
    code, out = run("validate", path, "--jobs", "1")
    assert code == 2 and f"{path}:2:" in out and "HEARTS_MAX_LINE" in out
    with pytest.raises(InputError):
        list(read_games(path))


@pytest.mark.parametrize("command", long_beyond([["fmt", "/dev/zero"], ["validate", "-"],
                                                 ["annotate", "/dev/zero"], ["hint", "/dev/zero"],
                                                 ["score", "-"], ["convert", "-", "--to", "json"],
                                                 ["fmt", "-"]], keep=2))
def test_dev_zero_ends_at_once(command: list[str]) -> None:
    with open("/dev/zero", "rb") as zero:
        res = subprocess.run([sys.executable, "-m", "hearts_notation", *command], stdin=zero,
                             capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert res.returncode == 2
    assert "binary data" in res.stderr and "Traceback" not in res.stderr


def test_caret_of_a_late_error_does_not_reread(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    from hearts_notation.io import stream

    one = dumps(GAMES[:1], "hrn")
    path = write(tmp_path, "late.hrn", one * 2000 + "deal x\n")
    calls: list[str] = []
    real = stream.iter_text_lines
    monkeypatch.setattr(stream, "iter_text_lines", lambda *a, **k: calls.append("x") or real(*a, **k))
    code, out = run("score", path)
    assert code == 2 and "deal x" in out and "^" in out
    assert calls == []


@pytest.mark.parametrize("text", [
    "a: " + "[" * 60_000 + "\n",          # one 60 KB line of unclosed brackets
    "a: " + "{\n" * 60_000,               # one bracket per line: no line limit helps
], ids=["one-line", "one-per-line"])
def test_yaml_nesting_past_the_c_stack(tmp_path: Path, text: str) -> None:
    """libyaml's composer recursed in C and killed the interpreter with a
    segmentation fault at about 30,000 levels (found by the fuzz suite):
    the reader refuses the nesting at its place instead.  Run in a child
    process, since the failure was a crash of the interpreter."""
    path = write(tmp_path, "deep.yaml", text)
    proc = subprocess.run([sys.executable, "-m", "hearts_notation", "validate", path],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode in (1, 2), proc.stderr[-500:]
    # Our composer's bound (in the depth limit's words since tidy24), or
    # (PyYAML 6.0.4 on) libyaml's parser's own limit of 1,000 levels, met
    # first on the one-line case: both at their place.
    out = proc.stdout + proc.stderr
    assert "HEARTS_MAX_DEPTH" in out or "exceeded maximum nesting depth" in out, out[-500:]
    assert f"{path}:" in out
    assert "Traceback" not in proc.stderr


def test_a_comment_over_many_lines_is_bounded_like_a_line(tmp_path: Path) -> None:
    path = write(tmp_path, "c.hrn", '[Event "x"]\n{' + "abc\n" * 20_000 + "}\n")
    for jobs in ("1", "2"):
        code, out = run("validate", path, "--jobs", jobs)
        # (typed34: told once where it opens, an error of its game, and the
        # read goes on: a comment is no part of the record, so the input is
        # not unusable; it was status 2, the read stopped there)
        assert code == 1 and f"{path}:2:1:" in out and "HEARTS_MAX_LINE" in out
        assert out.count("HEARTS_MAX_LINE") == 1, out


def test_a_comment_of_too_many_lines_stops_the_input_there(tmp_path: Path) -> None:
    """A brace comment over the line limit is read past (typed34) only up to
    COMMENT_LINES_HELD lines: each line held costs about a kilobyte through
    the reader, and a 16 MiB comment of empty lines held 16 million of them
    (17 GB).  Past that many lines the input stops at the comment, status 2,
    as any comment over the limit did before."""
    from hearts_notation.io.hrn.cut import COMMENT_LINES_HELD

    path = write(tmp_path, "c.hrn", '[Event "x"]\n{' + "\n" * (COMMENT_LINES_HELD + 10) + "}\n")
    code, out = run("validate", path)
    assert code == 2 and f"{path}:2:1:" in out and "HEARTS_MAX_LINE" in out, out


def _endless_into(command: list[str], line: bytes) -> tuple[int, str, int]:
    """Run *command* with an endless stream of *line* on standard input (a
    generator like ``yes``, without the NUL bytes that end ``/dev/zero``
    at once), under a 4 MB ``document`` limit; its status, standard error
    and peak RSS in kB."""
    import os
    import threading

    code = ("import resource, subprocess, sys\n"
            "p = subprocess.run([sys.executable, '-m', 'hearts_notation', *sys.argv[1:]],"
            " stdin=sys.stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)\n"
            "sys.stderr.write(p.stderr.decode('utf-8', 'replace'))\n"
            "sys.stderr.write('\\nPEAK %d' % resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
            "sys.exit(p.returncode)")
    env = {**os.environ, "HEARTS_MAX_DOCUMENT": str(4 << 20)}
    proc = subprocess.Popen([sys.executable, "-c", code, *command], stdin=subprocess.PIPE,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=ROOT, env=env)
    assert proc.stdin is not None and proc.stderr is not None
    block = line * (65536 // len(line))

    def feed() -> None:
        try:
            while True:
                proc.stdin.write(block)   # type: ignore[union-attr]
        except (BrokenPipeError, OSError, ValueError):
            pass

    feeder = threading.Thread(target=feed, daemon=True)
    feeder.start()
    err = proc.stderr.read().decode("utf-8", "replace")
    status = proc.wait(timeout=120)
    try:
        proc.stdin.close()
    except OSError:
        pass
    text, _, peak = err.rpartition("\nPEAK ")
    return status, text, int(peak)


@pytest.mark.parametrize("command", [["annotate", "-", "--fast"], ["hint", "-"]])
def test_endless_standard_input_is_bounded(command: list[str]) -> None:
    """Standard input for commands that need whole records held (the
    analyses) is read up to the ``document`` limit, then refused in one
    line naming the limit, in bounded memory, without a traceback."""
    status, err, peak = _endless_into(command, b"{ a comment, forever }\n")
    assert status == 2, err
    assert "-: this input is read whole" in err and "HEARTS_MAX_DOCUMENT" in err
    assert "Traceback" not in err
    assert peak < 120_000, f"{peak} kB"


@pytest.mark.parametrize("command", [["fmt", "-"], ["validate", "-"], ["score", "-"],
                                     ["convert", "-", "--to", "json"]])
def test_standard_input_streams_past_the_document_limit(command: list[str]) -> None:
    """The streaming commands read standard input as a stream (a copy kept
    on disk, up to the ``document`` limit, for the lines quoted under
    errors): 6 MB of games under a 2 MB limit are read whole, and a
    syntax error at the end is still quoted with its caret (the copy
    stops at the limit, so past it only the position is given)."""
    one = dumps(GAMES[:1], "hrn").encode("utf-8")
    games = 6_000_000 // len(one)
    body = (one + b"\n") * games
    code = ("import resource, subprocess, sys\n"
            "p = subprocess.run([sys.executable, '-m', 'hearts_notation', *sys.argv[1:]],"
            " stdin=sys.stdin, stdout=sys.stdout, stderr=subprocess.PIPE)\n"
            "sys.stderr.write(p.stderr.decode('utf-8', 'replace'))\n"
            "sys.stderr.write('\\nPEAK %d' % resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
            "sys.exit(p.returncode)")
    import os

    env = {**os.environ, "HEARTS_MAX_DOCUMENT": str(2 << 20)}
    last = body.count(b"\n") + 1
    proc = subprocess.run([sys.executable, "-c", code, *command], input=body + b"deal x\n",
                          capture_output=True, cwd=ROOT, env=env, timeout=600)
    err, _, peak = proc.stderr.decode("utf-8", "replace").rpartition("\nPEAK ")
    err += proc.stdout.decode("utf-8", "replace")[-2000:]
    # Every game read and checked: only the last line is wrong.
    assert proc.returncode == (1 if command[0] == "validate" else 2), err[-800:]
    assert "Traceback" not in err and "HEARTS_MAX_DOCUMENT" not in err
    assert int(peak) < 120_000, f"{peak} kB"
    assert "deal x" not in err and f"-:{last}:6:" in err, err[-800:]
    if command[0] == "validate":
        assert f"{games:,} valid games" in err, err[-800:]


def test_standard_input_quotes_its_late_error(tmp_path: Path) -> None:
    """Under the ``document`` limit, the copy of standard input serves the
    caret of an error 7 MB in, as a file's seek marks do."""
    one = dumps(GAMES[:1], "hrn")
    text = (one + "\n") * 3000 + "deal x\n"
    for command in (["score", "-"], ["validate", "-"], ["convert", "-"], ["fmt", "-"]):
        res = CliRunner().invoke(cli, command, input=text)
        assert res.exit_code in (1, 2), res.output
        assert f"-:{text.count(chr(10))}:6:" in res.output and "    deal x" in res.output, command
