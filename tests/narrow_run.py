"""``hearts`` run in process on a terminal of a given width, for golden texts.

Shared by the wrapping tests of lang28 and lang29 (French punctuation and
grouped numbers kept whole at 40 columns): the command, its status and its
output in one text, so a golden file shows what was run."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli

ROOT = Path(__file__).resolve().parent.parent


def narrow(args: list[str], columns: int, monkeypatch: pytest.MonkeyPatch) -> str:
    """``hearts ARGS`` from the repository's root on a terminal *columns*
    wide, no colour: ``$ COLUMNS=… hearts …``, ``[exit N]``, then the output."""
    monkeypatch.chdir(ROOT)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", str(columns))
    monkeypatch.setenv("TERM", "dumb")
    result = CliRunner().invoke(cli, args, catch_exceptions=False)
    return f"$ COLUMNS={columns} hearts {' '.join(args)}\n[exit {result.exit_code}]\n{result.output}"
