"""Helpers every command shares: consoles, paths, unusable-input errors.

Colour goes only to a terminal and ``NO_COLOR`` is respected (rich does
both when the console is created without forcing a terminal).  Unusable
input is one line on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import click
from rich.console import Console

from ..diagnostics import render
from ..io import EXTENSIONS, InputError
from ..model import Finding
from ..rules import RuleError, RuleSet, load_rules

if TYPE_CHECKING:
    from ..parallel import Engine, EngineSpec

EXIT_OK = 0
EXIT_FINDINGS = 1
EXIT_UNUSABLE = 2


def stdout_console() -> Console:
    """A rich console on stdout: colour only on a TTY, NO_COLOR respected."""
    return Console(highlight=False, soft_wrap=True, no_color="NO_COLOR" in os.environ or None)


def stderr_console() -> Console:
    """A rich console on stderr (messages, progress bars)."""
    return Console(stderr=True, highlight=False, soft_wrap=True,
                   no_color="NO_COLOR" in os.environ or None)


def fail(message: str) -> NoReturn:
    """Print ``hearts: message`` on stderr and exit with status 2."""
    click.echo(f"hearts: {message}", err=True)
    sys.exit(EXIT_UNUSABLE)


def fail_input(exc: InputError) -> NoReturn:
    """Report unusable input (``file:line:col: message``) and exit 2."""
    click.echo(str(exc), err=True)
    sys.exit(EXIT_UNUSABLE)


def expand_paths(paths: tuple[str, ...] | list[str]) -> Iterator[str]:
    """Files named on the command line; directories are searched
    recursively for record files (by extension), in sorted order, so that
    output is the same on every machine."""
    for p in paths:
        if p != "-" and Path(p).is_dir():
            found = sorted(
                str(f) for f in Path(p).rglob("*")
                if f.is_file() and f.suffix.lower() in EXTENSIONS and not f.name.startswith(".")
            )
            if not found:
                raise InputError(p, "directory holds no record files (.hrn .json .jsonl .yaml)")
            yield from found
        else:
            yield p


def rules_option(rules_arg: str | None, force_rules: bool) -> RuleSet | None:
    """The rule set of a ``--rules`` option (``None`` when not given).

    A bad value, or ``--force-rules`` without ``--rules``, is a command-line
    error (exit 2) naming the valid choices, the same in every command.
    """
    if rules_arg is None:
        if force_rules:
            fail("--force-rules needs --rules")
        return None
    try:
        return load_rules(rules_arg)
    except RuleError as exc:
        fail(f"--rules: {exc}")


def fail_syntax(path: str, errors: list[Finding]) -> NoReturn:
    """Report a record that does not parse, compiler-style (``file:line:col``,
    the source line and a caret), and exit 2: commands that show or score
    a record cannot work on one they could not read (``validate`` instead
    counts it as a finding)."""
    lines: list[str] | None = None
    if path != "-":
        try:
            lines = Path(path).read_text(encoding="utf-8-sig", errors="replace").split("\n")
        except OSError:
            lines = None
    for f in errors:
        click.echo(render(f, path, lines), err=True)
    n = len(errors)
    click.echo(f"hearts: {n} syntax error{'s' if n != 1 else ''} in {path}", err=True)
    sys.exit(EXIT_UNUSABLE)


@contextmanager
def open_engine(spec: EngineSpec, jobs: int) -> Iterator[Engine]:
    """The engine of ``--engine``/``--scheduler`` (with ``--jobs`` workers
    for a local pool or a LocalCluster), stopped at the end of the block.
    An engine that cannot run (Dask not installed, scheduler unreachable,
    standard input on a cluster) is a command-line error: one line, exit 2,
    with the install line when Dask is missing."""
    from ..parallel import EngineUnavailable

    try:
        engine = spec.open(jobs or None)
    except EngineUnavailable as exc:
        fail(str(exc))
    try:
        with engine:
            yield engine
    except EngineUnavailable as exc:
        fail(str(exc))
