"""Running ``hearts`` in-process for the hostile-input tests: the command's
exit status and everything it printed, after checking that no traceback
escaped (the guide: bad input is one clear line, never a traceback)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from hearts_notation.cli import cli


def run(*args: str, input: str | bytes | None = None) -> tuple[int, str]:
    """``hearts ARGS`` on *input*: its exit status and its output and errors."""
    res = CliRunner().invoke(cli, list(args), input=input)
    out = res.output + (res.stderr if res.stderr_bytes is not None else "")
    assert "Traceback" not in out
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    return res.exit_code, out


def write(tmp_path: Path, name: str, text: str) -> str:
    """*text* written (UTF-8) as *name* in *tmp_path*; its path."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)
