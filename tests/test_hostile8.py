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
    parsed copies (the server's check and pygls's loop), 2.7 times the
    message over the session's own memory (main at 78ae860: 135 MB over a
    small session for 50 MB); the body is now decoded and parsed once, the
    bytes dropped when decoded (88 MB for 50 MB)."""
    size = 40_000_000
    grown = _peak_kb(tmp_path, size) - _peak_kb(tmp_path, 10)
    assert grown < 2.2 * size / 1024, grown


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


@pytest.mark.parametrize(("option", "value", "key"), [
    ("--wait-workers", "nan", "engine.wait_workers_nan"),
    ("--scheduler", "ftp://x", "engine.bad_address"),
])
def test_a_runner_options_bad_value_is_in_the_language_of_the_words_around_it(
        option: str, value: str, key: str) -> None:
    """With ``--lang fr`` after the option (or a French record and no
    ``--lang``), click's own words were French and the reason English
    ("valeur incorrecte pour '--wait-workers' : nan is not a number of
    seconds"): the reason takes click's language, as ``--rules``'s does."""
    status, out = run("validate", "--engine", "dask", option, value, "samples/canonical.hrn",
                      "--lang", "fr")
    assert status == 2, out
    assert "valeur incorrecte" in out
    assert f"{value} n'est pas" in out and f"{value} is not" not in out, out
    assert translate("fr", key, address=value, schemes="").startswith(f"{value} n'est pas")


def test_wait_workers_of_a_day_is_taken() -> None:
    """The bound is a day, inclusive (a batch queue may take hours)."""
    status, out = run("validate", "--wait-workers", "86400", "samples/canonical.hrn")
    assert status == 0, out


# Queries and pictures ---------------------------------------------------------------------


def test_a_query_nested_past_the_limit_is_refused_at_its_place() -> None:
    """500 parentheses or 990 ``not`` fit in the 4,000 characters of a query
    and ran the parser past Python's stack ("internal error", exit 3): a
    nesting over 100 levels is refused where it goes over, in the catalogs'
    words; 100 levels are taken."""
    from hearts_notation.query import MAX_DEPTH, QueryError, parse_query

    parse_query("not " * MAX_DEPTH + "moon")
    parse_query("(" * MAX_DEPTH + "moon" + ")" * MAX_DEPTH)
    with pytest.raises(QueryError) as caught:
        parse_query("not (" * 60 + "moon" + ")" * 60)
    assert caught.value.offset == 250 and "non et de parenthèses" in caught.value.text("fr")
    status, out = run("select", "--lang", "fr", "--count", "--where", "(" * 500 + "moon" + ")" * 500,
                      "samples/canonical.hrn")
    assert status == 2, out
    assert translate("fr", "select.too_deep", n=MAX_DEPTH) in out


def test_a_png_is_not_written_to_standard_output_and_says_so() -> None:
    """``diagram -o - --format png`` said it could not tell the format from
    the name, with the format given; it says what it will not do, and
    what to give instead, before reading the record."""
    status, out = run("diagram", "--lang", "fr", "-o", "-", "--format", "png",
                      "samples/commented-example.hrn")
    assert status == 2, out
    assert translate("fr", "diagram.cli.png_stdout") in out


# Resource bounds on extreme records -------------------------------------------------------


def _rss_kb(args: list[str]) -> int:
    """Peak resident memory (KB) of ``hearts ARGS`` in a process of its own."""
    probe = ("import resource, subprocess, sys\n"
             "s = subprocess.run([sys.executable, '-m', 'hearts_notation', *sys.argv[1:]],\n"
             "                   stdout=subprocess.DEVNULL)\n"
             "assert s.returncode == 0, s.returncode\n"
             "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n")
    done = subprocess.run([sys.executable, "-c", probe, *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=True)
    return int(done.stdout)


@pytest.mark.long
def test_narrating_a_long_game_holds_no_layout_of_the_whole_text(tmp_path: Path) -> None:
    """``replay --narrate`` handed rich the whole narration at once, whose
    layout holds some thirty times the text: about 97 KB a deal (a game of
    10,000 deals: 1.1 GB); a few hundred paragraphs at a time, 55 KB a
    deal, the game's facts."""
    from hearts_notation.generate import generate_games
    from hearts_notation.io import dumps

    sizes = {}
    for deals in (20, 600):
        path = tmp_path / f"g{deals}.hrn"
        games = generate_games(1, seed=1, rules="standard target=100000", bots=["random"],
                               max_deals=deals)
        path.write_text(dumps(list(games), "hrn"), encoding="utf-8")
        sizes[deals] = _rss_kb(["replay", "--narrate", str(path)])
    assert (sizes[600] - sizes[20]) / 580 < 75, sizes


# Regular expressions of select ------------------------------------------------------------


@pytest.mark.long
def test_a_pattern_with_thousands_of_live_instructions_is_fast_on_a_long_tag() -> None:
    """``(.{0,100}){20}x`` keeps some two thousand instructions of the
    automaton alive at once: one search of a 65,000-character tag (the
    longest line a record may hold) took 71 CPU-seconds; each step from a
    set of instructions on a kind of character is now remembered (0.1 s),
    in any script (65,000 different ideographs took 92 s when the steps
    were remembered per character)."""
    import random
    import time as clock

    from hearts_notation.saferegex import compile_pattern

    rng = random.Random(1)
    ideographs = "".join(chr(rng.randrange(0x4E00, 0x9FFF)) for _ in range(65_000))
    for text in ("a" * 65_000, ideographs):
        for pattern in ("(.{0,100}){20}x", "[^x]{100}x", "(a?){100}a{100}b", "(.*a){20}x",
                        r"(?i)(\w{1,50}\b){10}z"):
            start = clock.process_time()
            assert not compile_pattern(pattern).search(text)
            assert clock.process_time() - start < 5, pattern


def test_the_memo_of_steps_changes_no_answer_when_it_starts_again(monkeypatch: pytest.MonkeyPatch
                                                                   ) -> None:
    """The memo of a pattern's steps is bounded and starts again when full,
    even in the middle of a search: the answers stay those of :mod:`re`
    (texts with anchors, word boundaries, case folding), and a pattern sent
    to a worker process carries no memo."""
    import pickle
    import re

    from hearts_notation import saferegex

    patterns = ["(a|ab)[ab][ab]?", r"\bab\b", "^a.*b$", "(?i)A{2,3}b", "(a|a)*b", r"[^ ]+\d$",
                r"(?i)é\w+\b", "[^\n]{2}$"]
    texts = ["aA1A _", "AAb\n_1aAba", "ab", "xab y", "aab", "a a b1", "", "ba aaab", "zz9",
             "Étéé 1", "x\né", "日本語ab"]
    for limit in (1, 3, saferegex.MAX_STATES):
        monkeypatch.setattr(saferegex, "MAX_STATES", limit)
        monkeypatch.setattr(saferegex, "MAX_STEPS", limit)
        for pattern in patterns:
            compiled = saferegex.compile_pattern(pattern)
            for text in texts * 2:      # (twice: the second time through the memo)
                assert compiled.search(text) == bool(re.search(pattern, text)), (limit, pattern, text)
    sent = pickle.loads(pickle.dumps(compiled))
    assert sent == compiled and not sent.memo.sets


# annotate --out-dir -----------------------------------------------------------------------


def test_annotate_refuses_an_out_dir_that_holds_the_records(tmp_path: Path) -> None:
    """``annotate corpus --out-dir corpus`` took every record for an earlier
    run's output: nothing annotated, a manifest written among the records,
    exit 0.  An input in the destination, or the destination itself, is
    refused before anything runs; a file as the destination too (the
    workers said "File exists", in English, once per part)."""
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "a.hrn").write_text((ROOT / "samples/commented-example.hrn").read_text(encoding="utf-8"),
                                  encoding="utf-8")
    for dest in (corpus, tmp_path):
        status, out = run("annotate", "--fast", "--lang", "fr", "--out-dir", str(dest), str(corpus))
        assert status == 2, out
        assert translate("fr", "annotate.out_dir_holds_input", dest=str(dest), path=str(corpus)) in out
    assert sorted(p.name for p in corpus.iterdir()) == ["a.hrn"]
    status, out = run("annotate", "--fast", "--out-dir", str(corpus / "a.hrn"), "samples/canonical.hrn",
                      "samples/multi-game.hrn")
    assert status == 2, out
    assert translate("en", "annotate.out_dir_not_folder", dest=str(corpus / "a.hrn")) in out


def test_a_pattern_escape_in_a_query_string_keeps_its_backslash() -> None:
    """Query strings took ``\\x`` for ``x``: ``tag(Round) ~ "^\\d$"`` was the
    pattern ``^d$`` and matched nothing, silently, though ``\\d`` is one of
    the escapes docs/select.md gives patterns.  Only ``\\"``, ``\\'`` and
    ``\\\\`` are escapes of a string now."""
    for query in (r'tag(Round) ~ "^\d$"', r'tag(Round) ~ "^\\d$"', r"tag(Event) ~ 'club\b'"):
        status, out = run("select", "--count", "--where", query, "samples/canonical.hrn")
        assert (status, out.strip()) == (0, "1"), (query, out)
    status, out = run("select", "--count", "--where", r'tag(Event) ~ "\"" or tag(Site) ~ "\\\\"',
                      "samples/canonical.hrn")
    assert (status, out.strip()) == (0, "0"), out
