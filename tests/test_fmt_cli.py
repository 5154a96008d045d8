"""``hearts fmt`` like black: print, --check, --in-place, stdin, and never
a partial write when a file does not parse."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from hearts_notation.cli import cli
from hearts_notation.commands.report import FmtReport

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
DATA = Path(__file__).resolve().parent / "data" / "notation"
FRENCH = SAMPLES / "partie-francaise.hrn"
CANONICAL = SAMPLES / "canonical.hrn"
# fmt's output: the canonical text with the sample's ';' notes kept in place
# (partie-francaise.canonical.hrn is the writer's text of the same games).
FRENCH_CANONICAL = (DATA / "partie-francaise.fmt.hrn").read_text(encoding="utf-8")

BROKEN = """[Event "broken"]

deal 1 dealer N pass left
1. N 2C E 3C S QX W 4C
"""


def run(*args: str, input: str | bytes | None = None) -> Result:
    return CliRunner().invoke(cli, ["fmt", *args], input=input, catch_exceptions=False)


@pytest.fixture
def work(tmp_path: Path) -> Path:
    shutil.copy(FRENCH, tmp_path / "french.hrn")
    shutil.copy(CANONICAL, tmp_path / "canonical.hrn")
    return tmp_path


def test_prints_canonical_text(work: Path) -> None:
    r = run(str(work / "french.hrn"))
    assert r.exit_code == 0, r.output
    assert r.stdout == FRENCH_CANONICAL
    assert (work / "french.hrn").read_bytes() == FRENCH.read_bytes()  # untouched


def test_fmt_is_idempotent(work: Path) -> None:
    once = run(str(work / "french.hrn")).stdout
    (work / "once.hrn").write_text(once, encoding="utf-8")
    assert run(str(work / "once.hrn")).stdout == once
    for opts in (["--unicode"], ["--lang", "fr"]):
        fancy = run(*opts, str(work / "french.hrn")).stdout
        (work / "fancy.hrn").write_text(fancy, encoding="utf-8")
        assert run(*opts, str(work / "fancy.hrn")).stdout == fancy
        assert run("--lang", "en", str(work / "fancy.hrn")).stdout == once


def test_stdin_to_stdout() -> None:
    r = run("-", input=FRENCH.read_text(encoding="utf-8"))
    assert r.exit_code == 0
    assert r.stdout == FRENCH_CANONICAL


def test_check(work: Path) -> None:
    r = run("--check", str(work / "canonical.hrn"))
    assert r.exit_code == 0
    assert r.stdout == ""
    assert "1 file would be left unchanged." in r.stderr
    r = run("--check", str(work / "canonical.hrn"), str(work / "french.hrn"))
    assert r.exit_code == 1
    assert f"would reformat {work / 'french.hrn'}" in r.stderr
    assert "canonical.hrn" not in r.stderr.replace("would be left", "")
    assert "1 file would be reformatted, 1 file would be left unchanged." in r.stderr
    assert r.stdout == ""
    assert (work / "french.hrn").read_bytes() == FRENCH.read_bytes()


def test_check_quiet_and_stdin(work: Path) -> None:
    r = run("--check", "-q", str(work / "french.hrn"))
    assert r.exit_code == 1 and r.output == ""
    r = run("--check", "-", input=CANONICAL.read_text(encoding="utf-8"))
    assert r.exit_code == 0


def test_check_sees_bytes_not_only_games(work: Path) -> None:
    """A BOM, CRLF line ends or a trailing blank line are not canonical."""
    text = CANONICAL.read_text(encoding="utf-8")
    for name, data in (("bom.hrn", b"\xef\xbb\xbf" + text.encode()),
                       ("crlf.hrn", text.replace("\n", "\r\n").encode()),
                       ("tail.hrn", (text + "\n").encode())):
        (work / name).write_bytes(data)
        r = run("--check", str(work / name))
        assert r.exit_code == 1, name
        run("--in-place", str(work / name))
        assert (work / name).read_text(encoding="utf-8") == text


def test_in_place_rewrites_only_what_changes(work: Path) -> None:
    canonical = work / "canonical.hrn"
    past = 1_000_000_000
    os.utime(canonical, (past, past))
    r = run("--in-place", str(work / "french.hrn"), str(canonical))
    assert r.exit_code == 0, r.output
    assert (work / "french.hrn").read_text(encoding="utf-8") == FRENCH_CANONICAL
    assert canonical.stat().st_mtime == past  # not rewritten
    assert f"reformatted {work / 'french.hrn'}" in r.stderr
    assert "1 file reformatted, 1 file left unchanged." in r.stderr
    assert r.stdout == ""
    assert sorted(p.name for p in work.iterdir()) == ["canonical.hrn", "french.hrn"]  # no temp file
    r = run("--in-place", str(work / "french.hrn"))
    assert "1 file left unchanged." in r.stderr


def test_in_place_on_stdin_writes_stdout() -> None:
    r = run("--in-place", "-", input=FRENCH.read_text(encoding="utf-8"))
    assert r.exit_code == 0
    assert r.stdout == FRENCH_CANONICAL


def test_directory_is_searched_for_hrn_files(work: Path) -> None:
    sub = work / "sub"
    sub.mkdir()
    shutil.copy(FRENCH, sub / "again.hrn")
    (sub / "notes.txt").write_text("not a record", encoding="utf-8")
    (sub / "game.json").write_text("{}", encoding="utf-8")
    r = run("--check", str(work))
    assert r.exit_code == 1
    assert "2 files would be reformatted, 1 file would be left unchanged." in r.stderr
    empty = work / "empty"
    empty.mkdir()
    r = run("--check", str(empty))
    assert r.exit_code == 2 and "no .hrn files" in r.stderr


def test_syntax_error_writes_nothing_anywhere(work: Path) -> None:
    broken = work / "broken.hrn"
    broken.write_text(BROKEN, encoding="utf-8")
    before = {p.name: p.read_bytes() for p in work.iterdir()}
    r = run("--in-place", str(work / "french.hrn"), str(broken))
    assert r.exit_code == 2
    assert {p.name: p.read_bytes() for p in work.iterdir()} == before
    assert f"{broken}:4:" in r.stderr
    assert "QX" in r.stderr and "^" in r.stderr
    assert "Nothing written" in r.stderr
    r = run(str(work / "french.hrn"), str(broken))
    assert r.exit_code == 2
    assert r.stdout == ""  # not even the good file
    r = run("--check", str(broken))
    assert r.exit_code == 2


def test_unusable_files(work: Path) -> None:
    r = run(str(work / "missing.hrn"))
    assert r.exit_code == 2 and "no such file" in r.stderr
    (work / "bin.hrn").write_bytes(b"\x00abc")
    r = run(str(work / "bin.hrn"))
    assert r.exit_code == 2 and "binary" in r.stderr
    (work / "g.json").write_text("{}", encoding="utf-8")
    r = run(str(work / "g.json"))
    assert r.exit_code == 2 and "hearts convert" in r.stderr


def test_option_conflicts(work: Path) -> None:
    assert run("--check", "--in-place", str(work / "french.hrn")).exit_code == 2
    r = run("--lang", "fr", "--ascii", str(work / "french.hrn"))
    assert r.exit_code == 2
    assert run().exit_code == 2  # no file
    assert run("--rules", "nope", str(work / "french.hrn")).exit_code == 2


def test_several_files_on_stdout_form_one_document(work: Path) -> None:
    r = run(str(work / "canonical.hrn"), str(work / "french.hrn"))
    assert r.exit_code == 0
    assert r.stdout == CANONICAL.read_text(encoding="utf-8") + "\n" + FRENCH_CANONICAL


def test_summary_wording() -> None:
    # fmt's typed report (commands/report.py) words black's closing line
    # and decides the exit status.
    check = FmtReport(changed=1, unchanged=2, check=True)
    assert check.line() == "1 file would be reformatted, 2 files would be left unchanged."
    assert check.exit_code == 1
    failed = FmtReport(changed=2, failed=1)
    # nothing is written when a file fails: the others are told as --check tells them
    assert failed.line() == "2 files would be reformatted, 1 file failed to reformat."
    assert failed.exit_code == 2
    assert FmtReport().line() == "no files." and FmtReport().exit_code == 0
    assert FmtReport(changed=3).exit_code == 0   # rewritten, not a finding
