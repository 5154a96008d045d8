"""Hostile records and broken outputs at the command line: never a
traceback, never an escape sequence of the data on the terminal, never a
replaced FIFO or a lost temporary file (hearts_notation/app.py and
hearts_notation/output.py)."""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli
from hearts_notation.output import OutputError, console, escape_controls, write_atomic
from tests.budget import long_beyond

ROOT = Path(__file__).resolve().parent.parent
SAMPLE_JSON = ROOT / "samples" / "club-night.json"
SAMPLE_HRN = ROOT / "samples" / "canonical.hrn"
VALID = ROOT / "tests" / "data" / "referee" / "valid.hrn"
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}


def hearts(*args: str, **kwargs: object) -> subprocess.CompletedProcess[bytes]:
    """The real program in a child process (signals, file descriptors)."""
    kwargs.setdefault("stdout", subprocess.PIPE)
    return subprocess.run([sys.executable, "-m", "hearts_notation", *args], cwd=ROOT, env=ENV,
                          stderr=subprocess.PIPE, timeout=120, **kwargs)  # type: ignore[call-overload]


def hostile_record(tmp_path: Path, name: str = "hostile.json", **tags: str) -> Path:
    doc = json.loads(SAMPLE_JSON.read_text(encoding="utf-8"))
    doc["tags"].update(tags)
    path = tmp_path / name
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


# The last-resort handler -------------------------------------------------------------------


def test_an_unexpected_exception_is_an_internal_error(monkeypatch: pytest.MonkeyPatch) -> None:
    import hearts_notation.commands.score as score

    def boom(*args: object, **kwargs: object) -> object:
        raise RuntimeError("the unexpected")

    # Every game's table goes through _table_cells (drawn by rich or as plain text).
    monkeypatch.setattr(score, "_table_cells", boom)   # in the command's own process
    result = CliRunner().invoke(cli, ["score", "-j", "1", str(SAMPLE_HRN)])
    assert result.exit_code == 3
    assert "hearts: internal error: RuntimeError: the unexpected" in result.output
    assert "report" in result.output
    assert "Traceback" not in result.output


def test_internal_error_in_a_real_process_has_no_traceback(tmp_path: Path) -> None:
    # A rules file that makes the YAML loader recurse: whatever the loader
    # does, the user sees one line (an input error or the internal error).
    deep = tmp_path / "deep.yaml"
    deep.write_text("a: " + "[" * 20000 + "]" * 20000 + "\n", encoding="utf-8")
    r = hearts("validate", "--rules", str(deep), str(VALID))
    assert r.returncode in (2, 3)
    assert b"Traceback" not in r.stderr


# Terminal safety ---------------------------------------------------------------------------


def test_escape_controls() -> None:
    assert escape_controls("a\x1b[2Jb") == "a\\x1b[2Jb"
    assert escape_controls("x\x9b31m") == "x\\x9b31m"
    assert escape_controls("tab\there\nline") == "tab\\x09here\\x0aline"
    assert escape_controls("tab\there\nline", keep_layout=True) == "tab\there\nline"
    assert escape_controls("lone \ud800") == "lone \\ud800"
    assert escape_controls("Q♠ déjà") == "Q♠ déjà"


def test_safe_console_prints_markup_literally_and_escapes(tmp_path: Path) -> None:
    from rich.table import Table

    out = (tmp_path / "out.txt").open("w", encoding="utf-8")
    c = console(file=out, force_terminal=True, width=100)
    table = Table(title="[link=file:///etc/passwd]click[/link] [/]")
    table.add_column("name")
    table.add_row("\x1b]0;owned\x07 [bold]x[/bold]")
    c.print(table)
    c.print("\x9b2J [red]y[/]")
    out.close()
    text = (tmp_path / "out.txt").read_text(encoding="utf-8")
    assert "[link=file:///etc/passwd]click[/link] [/]" in text
    assert "[bold]x[/bold]" in text and "[red]y[/]" in text
    assert "\x1b]8" not in text and "\x1b]0" not in text and "\x9b" not in text
    assert "\\x1b]0;owned\\x07" in text and "\\x9b2J" in text


@pytest.mark.parametrize("command", [["score"], ["replay"], ["replay", "--narrate"], ["validate"],
                                     ["stats"]])
def test_hostile_tags_reach_the_terminal_escaped(tmp_path: Path, command: list[str]) -> None:
    path = hostile_record(tmp_path, Event="[/]\x1b]0;owned\x07\x1b[2J[link=file:///etc/passwd]x",
                          Site="\x9b31m")
    result = CliRunner().invoke(cli, [*command, str(path)], color=True)
    assert result.exit_code in (0, 1), result.output
    assert "Traceback" not in result.output
    assert "\x1b]0" not in result.output and "\x1b[2J" not in result.output
    assert "\x9b" not in result.output and "\x1b]8" not in result.output


def test_record_data_is_escaped_only_on_a_terminal(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    from hearts_notation import output

    output.write_stdout('[Event "\x1b[2J"]\n')
    assert capsys.readouterr().out == '[Event "\x1b[2J"]\n'          # a pipe gets the data
    monkeypatch.setattr(output, "_is_terminal", lambda stream: True)
    output.write_stdout('[Event "\x1b[2J"]\n')
    assert capsys.readouterr().out == '[Event "\\x1b[2J"]\n'        # a terminal does not


def test_file_name_with_markup(tmp_path: Path) -> None:
    (tmp_path / "d[").mkdir()                 # "d[/]e.hrn" is "]e.hrn" in "d["
    path = tmp_path / "d[/]e.hrn"
    path.write_bytes(SAMPLE_HRN.read_bytes())
    result = CliRunner().invoke(cli, ["score", str(path)])
    assert result.exit_code == 0, result.output
    assert "d[/]e.hrn" in result.output


def test_event_closing_markup_does_not_crash_score(tmp_path: Path) -> None:
    path = tmp_path / "g.hrn"
    path.write_text(SAMPLE_HRN.read_text(encoding="utf-8").replace(
        '[Event "Thursday club night"]', '[Event "[/]"]'), encoding="utf-8")
    result = CliRunner().invoke(cli, ["score", str(path)])
    assert result.exit_code == 0, result.output
    assert "— [/]" in result.output


def test_quoted_source_line_is_escaped_and_the_caret_follows(tmp_path: Path) -> None:
    path = tmp_path / "bad.hrn"
    path.write_text('[Event "a\x1b[2Jb"]\n\ndeal 1 dealer W pass left\nN: zz\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", str(path)])
    assert "\x1b" not in result.output
    lines = result.output.splitlines()
    for i, line in enumerate(lines):
        if line.strip() == "^":
            quoted = lines[i - 1]
            assert line.index("^") < len(quoted)


# Outputs -----------------------------------------------------------------------------------


needs_dev_full = pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")


@needs_dev_full
@pytest.mark.parametrize("args", long_beyond([
    ["validate", str(VALID)],
    ["validate", "--format", "json", str(VALID)],
    ["score", str(SAMPLE_HRN)],
    ["score", "--format", "json", str(SAMPLE_HRN)],
    ["rules"],
    ["convert", str(SAMPLE_HRN)],
    ["fmt", str(SAMPLE_HRN)],
    ["stats", str(SAMPLE_HRN)],
    ["replay", str(SAMPLE_HRN)],
], keep=3))
def test_full_stdout_is_one_line(args: list[str]) -> None:
    with open("/dev/full", "wb") as full:
        r = hearts(*args, stdout=full)
    assert r.returncode == 2, r.stderr
    err = r.stderr.decode()
    assert "Traceback" not in err and "Exception ignored" not in err
    assert err.strip().splitlines()[-1] == \
        "hearts: cannot write standard output: No space left on device"


@needs_dev_full
def test_full_output_file_is_one_line(tmp_path: Path) -> None:
    r = hearts("convert", str(SAMPLE_HRN), "-o", "/dev/full", "--to", "json")
    assert r.returncode == 2
    assert r.stderr.decode().strip() == "hearts: cannot write /dev/full: No space left on device"
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


def test_closed_pipe_ends_quietly() -> None:
    p = subprocess.Popen([sys.executable, "-m", "hearts_notation", "generate", "--games", "40",
                          "--seed", "3", "-j", "1"], cwd=ROOT, env=ENV,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert p.stdout is not None and p.stderr is not None
    p.stdout.read(100)
    p.stdout.close()
    err = p.stderr.read()
    code = p.wait(timeout=120)
    assert code == -signal.SIGPIPE, err
    assert err == b""


def test_head_after_validate() -> None:
    r = subprocess.run(f"'{sys.executable}' -m hearts_notation validate --format json "
                       f"tests/data/referee | head -c 10 >/dev/null; echo ${{PIPESTATUS[0]}}",
                       shell=True, executable="/bin/bash", cwd=ROOT, env=ENV,
                       capture_output=True, timeout=120)
    assert r.stderr == b""
    assert int(r.stdout) in (0, 1, 128 + signal.SIGPIPE)


def test_output_onto_a_directory_is_refused(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["convert", str(SAMPLE_HRN), "-o", str(tmp_path), "--to", "json"])
    assert result.exit_code == 2
    assert "is a directory" in result.output
    assert tmp_path.is_dir()
    gen = CliRunner().invoke(cli, ["generate", "-o", str(tmp_path), "--seed", "1"])
    assert gen.exit_code == 2 and "is a directory" in gen.output and "Traceback" not in gen.output


def test_output_into_a_missing_directory(tmp_path: Path) -> None:
    gen = CliRunner().invoke(cli, ["generate", "-o", str(tmp_path / "no" / "x.hrn"), "--seed", "1"])
    assert gen.exit_code == 2 and "no such directory" in gen.output


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs")
def test_output_onto_a_fifo_writes_through(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    result = CliRunner().invoke(cli, ["convert", str(SAMPLE_HRN), "-o", str(fifo), "--to", "json"])
    reader.join(timeout=60)
    assert result.exit_code == 0, result.output
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert json.loads(got[0])["tags"]["Event"] == "Thursday club night"
    assert [p.name for p in tmp_path.iterdir()] == ["pipe"]


def test_output_onto_a_device_writes_through() -> None:
    write_atomic(os.devnull, "nothing\n")
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)


def test_output_through_a_symlink(tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    real.write_text("old\n", encoding="utf-8")
    real.chmod(0o600)
    link = tmp_path / "link.json"
    link.symlink_to(real)
    result = CliRunner().invoke(cli, ["convert", str(SAMPLE_HRN), "-o", str(link)])
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert json.loads(real.read_text(encoding="utf-8"))["tags"]["Site"] == "Leeds, The Cardroom"
    assert stat.S_IMODE(real.stat().st_mode) == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.json", "real.json"]


def test_refuses_a_socket(tmp_path: Path) -> None:
    import socket

    path = tmp_path / "sock"
    s = socket.socket(socket.AF_UNIX)
    try:
        s.bind(str(path))
    except OSError:
        pytest.skip("cannot make a UNIX socket here")
    try:
        with pytest.raises(OutputError, match="refusing"):
            write_atomic(str(path), "x")
    finally:
        s.close()


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only directories")
def test_read_only_directory(tmp_path: Path) -> None:
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o555)
    try:
        gen = CliRunner().invoke(cli, ["generate", "-o", str(ro / "x.hrn"), "--seed", "1"])
        assert gen.exit_code == 2 and "cannot write" in gen.output
        assert "Traceback" not in gen.output
    finally:
        ro.chmod(0o755)


def test_sigterm_removes_the_temporary_file(tmp_path: Path) -> None:
    out = tmp_path / "big.hrn"
    p = subprocess.Popen([sys.executable, "-m", "hearts_notation", "generate", "--games", "5000",
                          "--seed", "5", "-j", "1", "-o", str(out)], cwd=ROOT, env=ENV,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not any(tmp_path.iterdir()):
        time.sleep(0.05)
    assert any(tmp_path.iterdir()), "the temporary file never appeared"
    p.send_signal(signal.SIGTERM)
    code = p.wait(timeout=60)
    assert code == -signal.SIGTERM
    assert list(tmp_path.iterdir()) == []


def test_temporary_file_is_fsynced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    synced: list[int] = []
    real_fsync = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(fd), real_fsync(fd))[1])
    write_atomic(str(tmp_path / "x.txt"), "data\n")
    assert synced, "nothing was fsynced before the rename"
    assert (tmp_path / "x.txt").read_text(encoding="utf-8") == "data\n"


# Signals and unreadable files --------------------------------------------------------------


def test_ctrl_c_while_loading_is_130() -> None:
    # The import of the command line proper is interrupted, as a Ctrl-C
    # while Python loads the modules would interrupt it.  (Not with --version,
    # which is answered before the command line is loaded.)
    code = (
        "import builtins\n"
        "real = builtins.__import__\n"
        "def stop(name, globals=None, locals=None, fromlist=(), level=0):\n"
        "    if (level == 1 and name == 'app') or name == 'hearts_notation.app':\n"
        "        raise KeyboardInterrupt\n"
        "    return real(name, globals, locals, fromlist, level)\n"
        "from hearts_notation.cli import main\n"
        "builtins.__import__ = stop\n"
        "main(['rules'])\n"
    )
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=ENV, capture_output=True,
                       timeout=60)
    assert r.returncode == 130
    assert r.stderr == b"hearts: interrupted\n"


def test_stats_goes_on_after_an_unreadable_file(tmp_path: Path) -> None:
    binary = tmp_path / "b.hrn"
    binary.write_bytes(b"\x00\x01binary")
    result = CliRunner().invoke(cli, ["stats", "-j", "1", "--format", "json", str(SAMPLE_HRN),
                                      str(tmp_path / "missing.hrn"), str(binary), str(VALID)])
    assert result.exit_code == 2
    doc = json.loads(result.stdout)
    assert doc["summary"]["files"] == 2 and doc["summary"]["games"] == 2
    assert "missing.hrn" in result.stderr and "b.hrn" in result.stderr


@pytest.mark.parametrize("where, errno_, words", [
    ("mkstemp", "EROFS", "Read-only file system"),      # a read-only file system (CI runs as root,
    ("fsync", "ENOSPC", "No space left on device"),     # which the chmod test cannot make read-only)
    ("fsync", "EIO", "Input/output error"),
])
def test_generate_onto_a_broken_file_system(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                            where: str, errno_: str, words: str) -> None:
    """``generate -o`` on a read-only or full file system (or an I/O error)
    gave a traceback: one line, status 2, the old file untouched and no
    temporary file left."""
    import errno
    import tempfile

    code = getattr(errno, errno_)

    def broken(*args: object, **kwargs: object) -> None:
        raise OSError(code, os.strerror(code))

    out = tmp_path / "games.hrn"
    out.write_text("old\n", encoding="utf-8")
    monkeypatch.setattr(tempfile if where == "mkstemp" else os, where, broken)
    gen = CliRunner().invoke(cli, ["generate", "--games", "2", "--seed", "1", "-j", "1",
                                   "-o", str(out)])
    assert gen.exit_code == 2, gen.output
    assert gen.output.strip().splitlines()[-1] == f"hearts: cannot write {out}: {words}"
    assert "Traceback" not in gen.output
    assert out.read_text(encoding="utf-8") == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.hrn"]


def test_generate_onto_a_directory_is_refused(tmp_path: Path) -> None:
    gen = CliRunner().invoke(cli, ["generate", "--games", "1", "--seed", "1", "-j", "1",
                                   "-o", str(tmp_path)])
    assert gen.exit_code == 2 and f"cannot write {tmp_path}: is a directory" in gen.output
    assert "Traceback" not in gen.output and tmp_path.is_dir()
