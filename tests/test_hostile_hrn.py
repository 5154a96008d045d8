"""Hostile HRN files through validate, fmt, score, convert and annotate (the QA
pass of 3 December, night): each is refused or read with a clear message at
its file:line:column, exit 2 for unusable input, in bounded time, and text
that could drive a terminal or a browser is escaped in every output."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.clirun import run, write

GAME = """[Event "Hostile"]
[South "Zoé"]

deal 1
score N 1 E 2 S 3 W 20
"""


@pytest.fixture(autouse=True)
def _no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")


def test_a_run_of_braces_closed_at_the_end_is_cut_in_linear_time(tmp_path: Path) -> None:
    """20,000 ``{`` then ``}`` on one line took 24 s: the cutter's pattern for
    an unclosed ``{`` tried every ``{`` of the run up to the ``}``."""
    n = 20_000
    path = write(tmp_path, "braces.hrn", GAME + "{" * n + "}" * n + "}" * 10 + "\n")
    for command in ("validate", "fmt", "score"):
        start = time.perf_counter()
        code, out = run(command, path)
        assert time.perf_counter() - start < 1.5, command
        assert code in (1, 2) and ":6:20002: error: a '}' with no '{'" in out, command


def test_the_cut_and_the_line_reader_agree_on_unclosed_braces() -> None:
    from hearts_notation.io.hrn.cut import comments_close_on_their_line

    for text, closed in [("{a}", True), ("{{a}", True), ("{a", False), ("{a}{", False),
                         ("{{{}}}\n{", False), ("{ {\n}", False), ("x {y} z\n{w}", True),
                         ("{" * 50 + "}", True), ("{}" * 50 + "{", False)]:
        assert comments_close_on_their_line(text) is closed, text


def test_control_characters_and_markup_are_escaped_in_every_output(tmp_path: Path) -> None:
    evil = "Zo\x1b[31mROUGE\x1b[0m<script>alert(1)</script>"
    text = GAME.replace("Zoé", evil) + "{\x1b]0;titre\x07 <b>gras</b>}\n"
    path = write(tmp_path, "evil.hrn", text)
    for args in (["fmt"], ["score"], ["replay", "--narrate"], ["convert", "--to", "json"],
                 ["validate"]):
        _code, out = run(*args, path)
        assert "\x1b" not in out and "\x07" not in out, args
    page = tmp_path / "page.html"
    assert run("replay", "--html", str(page), path)[0] in (0, 1)
    html = page.read_text(encoding="utf-8")
    assert "<script>alert(1)" not in html and "<b>gras" not in html and "\x1b" not in html


@pytest.mark.parametrize("command", ["validate", "fmt", "score", "convert", "annotate"])
def test_binary_and_undecodable_input_exit_2_with_the_place(tmp_path: Path, command: str) -> None:
    nul = tmp_path / "nul.hrn"
    nul.write_bytes(GAME.encode() + b"\0rest")
    code, out = run(command, str(nul))
    assert code == 2 and "NUL" in out
    bad = tmp_path / "bad.hrn"
    bad.write_bytes(GAME.encode() + b"{caf\xe9}\n")
    code, out = run(command, str(bad))
    assert code == 2 and "bad.hrn:6:5" in out and "UTF-8" in out


def test_a_directory_is_no_record(tmp_path: Path) -> None:
    for command in ("convert", "annotate"):
        code, out = run(command, str(tmp_path))
        assert code == 2 and "directory" in out


def test_a_tag_repeated_is_one_finding_each_and_the_run_goes_on(tmp_path: Path) -> None:
    path = write(tmp_path, "tags.hrn", '[Foo "x"]\n' * 2000 + GAME)
    start = time.perf_counter()
    code, out = run("validate", path)
    assert time.perf_counter() - start < 2
    assert code == 1 and "1 file, 1 game, 1 deal" in out


def test_a_full_disk_is_one_clean_line(tmp_path: Path) -> None:
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full")
    path = write(tmp_path, "g.hrn", GAME)
    with open("/dev/full", "w") as full:
        res = subprocess.run([sys.executable, "-m", "hearts_notation", "fmt", path],
                             stdout=full, stderr=subprocess.PIPE, text=True, timeout=60)
    assert res.returncode == 2 and "Traceback" not in res.stderr
    assert res.stderr.strip().count("\n") == 0 and "standard output" in res.stderr


def test_fmt_in_place_writes_nothing_when_a_file_is_bad(tmp_path: Path) -> None:
    good = write(tmp_path, "a.hrn", GAME.replace("deal 1", "deal  1"))
    bad = write(tmp_path, "b.hrn", GAME + "scroe N 1\n")
    before = Path(good).read_text(encoding="utf-8")
    code, out = run("fmt", "--in-place", good, bad)
    assert code == 2 and "b.hrn:6:1" in out
    assert Path(good).read_text(encoding="utf-8") == before
