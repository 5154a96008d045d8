"""Helpers every command shares: consoles, paths, unusable-input errors.

Colour goes only to a terminal and ``NO_COLOR`` is respected (rich does
both when the console is created without forcing a terminal).  Unusable
input is one line on stderr and exit status 2, never a traceback.  Every
console and message goes through :mod:`hearts_notation.output`, which
escapes control characters and never reads user text as rich markup.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import ExitStack, contextmanager
from functools import partial
from types import TracebackType
from typing import TYPE_CHECKING, NoReturn

from ..folders import folder_files
from ..i18n import count, current_language, msg, translate
from ..io import EXTENSIONS, InputError
from ..io.stream import is_directory
from ..output import OutputError, console, message, safe
from ._status import EXIT_FINDINGS, EXIT_OK, EXIT_UNUSABLE

if TYPE_CHECKING:
    from rich.console import Console

    from ..diagnostics import NamedError
    from ..position import Position
    from ..runners.local import EngineSpec
    from ..runners.seam import Engine

__all__ = ["EXIT_FINDINGS", "EXIT_OK", "EXIT_UNUSABLE"]


def stdout_console() -> Console:
    """A rich console on stdout: colour only on a TTY, NO_COLOR respected,
    controls escaped, no markup (:func:`hearts_notation.output.console`)."""
    return console()


def plain_stdout() -> bool:
    """True when a rich console on standard output would write plain text:
    not a terminal, and no ``FORCE_COLOR``/``TTY_COMPATIBLE`` asking for
    one (rich's own test).  The consoles soft-wrap, so plain text is then
    written as is; commands use this to skip importing rich for output
    that has no style to show."""
    if os.environ.get("FORCE_COLOR") is not None or os.environ.get("TTY_COMPATIBLE") in ("0", "1"):
        return False
    try:
        return not sys.stdout.isatty()
    except (AttributeError, ValueError):
        return True


def stderr_console() -> Console:
    """A rich console on stderr (messages, progress bars)."""
    return console(stderr=True)


def is_position(arg: str) -> bool:
    """A command-line argument that is a position string (docs/spec.md,
    section 9) rather than a file: it has the shape of one and names no
    existing file."""
    from ..position import looks_like_position

    return looks_like_position(arg) and not os.path.exists(arg)


def read_position(arg: str, lang: str) -> Position:
    """The position string *arg*, or exit 2 with the column and what was
    expected there (``position:1:COL: ...``)."""
    from ..position import PositionError, parse_position

    try:
        return parse_position(arg)
    except PositionError as exc:
        message(exc.text(lang))
        sys.exit(EXIT_UNUSABLE)


def fail(text: str) -> NoReturn:
    """Print ``hearts: text`` on stderr and exit with status 2."""
    message(f"hearts: {text}")
    sys.exit(EXIT_UNUSABLE)


def fail_output(exc: OSError, target: str) -> NoReturn:
    """Report an output that could not be written (``hearts: cannot write
    OUT: reason``, the same words everywhere) and exit 2."""
    if not isinstance(exc, OutputError):
        exc = OutputError(target, exc.strerror or str(exc), exc.errno)
    fail(str(exc))


def fail_input(exc: InputError) -> NoReturn:
    """Report unusable input (``file:line:col: message``, in the run's
    language) and exit 2."""
    message(exc.text(current_language()))
    sys.exit(EXIT_UNUSABLE)


def expand_paths(paths: tuple[str, ...] | list[str]) -> Iterator[str]:
    """Files named on the command line; directories are searched
    recursively for record files (by extension), in sorted order, so that
    output is the same on every machine.  A URL (``s3://bucket/games/``,
    ``file:///data/*.jsonl``) naming a directory or a pattern is listed
    with fsspec the same way (:func:`hearts_notation.runners.shards.expand_url`);
    the files themselves are read where the work runs.

    A file named again (the same name twice, another spelling ``./g.hrn``,
    a link, a file of a folder also named, overlapping patterns: the same
    device and inode; a URL by its text) is read once, and said once on
    standard error: its games counted twice doubled a player's games,
    wins and points in ``standings`` and ``stats`` (round 26)."""
    return named_once(_listed(paths))


def named_once(paths: Iterable[str]) -> Iterator[str]:
    """*paths* (already listed: no folder left) with each file kept at its
    first name, a file named again said once on standard error
    (:func:`expand_paths`).  ``fmt`` lists its folders its own way (``.hrn``
    files only) and keeps each file once here too: a named pipe given twice
    waited for ever, and a folder given twice was reformatted, counted and
    printed twice (round 29).

    The first :data:`NAMED_TWICE_SHOWN` such files are named; the others
    are counted in one line at the end: a folder of 50,000 records given
    twice wrote 50,000 lines to standard error (round 29)."""
    seen: dict[object, str] = {}
    told: set[object] = set()
    for p in paths:
        key = _identity(p)
        first = seen.get(key) if key is not None else None
        if first is not None:
            if key not in told:     # (once a file, however often it is named)
                told.add(key)
                if len(told) <= NAMED_TWICE_SHOWN:
                    message("hearts: " + translate(current_language(), "input.named_twice",
                                                   path=safe(p), first=safe(first)))
            continue
        if key is not None:
            seen[key] = p
        yield p
    if len(told) > NAMED_TWICE_SHOWN:
        _tell_more("input.named_twice_more", len(told) - NAMED_TWICE_SHOWN)


#: How many files named twice :func:`named_once` names one by one.
NAMED_TWICE_SHOWN = 3


def _listed(paths: tuple[str, ...] | list[str]) -> Iterator[str]:
    """The files of *paths*, folders and URL patterns listed (:func:`expand_paths`)."""
    for p in paths:
        if "://" in p:
            from ..runners.shards import expand_url

            yield from expand_url(p, EXTENSIONS)
        elif p != "-" and is_directory(p):
            passed: list[str] = []
            found = folder_files(p, EXTENSIONS, passed)
            tell_passed(passed)
            if not found:
                raise InputError(p, msg("input.no_records"))
            yield from found
        else:
            yield p


def tell_passed(passed: list[str]) -> None:
    """Say on standard error that the named pipes, devices and sockets of a
    folder's listing (:func:`hearts_notation.folders.folder_files`) were
    passed over: they went without a word, a record the user put in the
    folder silently missing from the run (round 30).  The first
    :data:`NAMED_TWICE_SHOWN` are named, the others counted in one line."""
    if not passed:
        return
    lang = current_language()
    passed = sorted(passed)     # (the listing's order: the same on every machine)
    for p in passed[:NAMED_TWICE_SHOWN]:
        message("hearts: " + translate(lang, "input.not_regular", path=safe(p)))
    if len(passed) > NAMED_TWICE_SHOWN:
        _tell_more("input.not_regular_more", len(passed) - NAMED_TWICE_SHOWN)


def _tell_more(msg_id: str, more: int) -> None:
    """Say on standard error, in one line, the *more* files past the first
    :data:`NAMED_TWICE_SHOWN` that :func:`named_once` or :func:`tell_passed`
    named one by one (message *msg_id*, their count as ``files``)."""
    lang = current_language()
    message("hearts: " + translate(lang, msg_id, files=count(lang, "summary.files", more)))


def _identity(path: str) -> object:
    """What tells a file named twice (:func:`expand_paths`): a regular
    file's or a named pipe's device and inode, a URL's text; ``None`` for
    standard input and for what is neither or cannot be looked at (the
    reader says why a name cannot be read).  A pipe named twice (``mkfifo
    p; hearts validate p p``, ``/dev/fd/63`` twice) was opened again once
    its writer had gone: the command waited for ever (round 27)."""
    if path == "-":
        return None
    if "://" in path:
        return path
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    import stat

    return (st.st_dev, st.st_ino) if stat.S_ISREG(st.st_mode) or stat.S_ISFIFO(st.st_mode) else None


def fail_syntax(path: str, errors: Sequence[NamedError],
                lines: Mapping[int, str] | None = None) -> NoReturn:
    """Report a record that does not parse, compiler-style (``file:line:col``,
    the source line and a caret, a seat an error names shown as its
    player, as ``validate`` names it: ``laissent le choix à Dédé (O)``),
    and exit 2: commands that show or score a record cannot work on one
    they could not read (``validate`` instead counts it as a finding).
    *lines*: the quoted lines, read where the data is; without them they
    are read here (:func:`hearts_notation.diagnostics.render_errors`)."""
    from ..diagnostics import render_errors  # (a syntax error only: start-up)

    for text in render_errors(errors, path, lines):
        message(text)
    n = len(errors)
    message("hearts: " + translate(current_language(),
                                   "cli.syntax_errors." + ("one" if n == 1 else "other"),
                                   n=n, path=safe(path)))
    sys.exit(EXIT_UNUSABLE)


def _stop_on_error(engine: Engine, kind: type[BaseException] | None, value: BaseException | None,
                   tb: TracebackType | None) -> bool:
    """Leave *engine* as its ``with`` block would when an exception leaves
    the command's block; nothing on a normal exit (its opener closes it)."""
    if kind is not None:
        engine.__exit__(kind, value, tb)
    return False


@contextmanager
def open_engine(spec: EngineSpec, jobs: int) -> Iterator[Engine]:
    """The engine of ``--engine``/``--scheduler`` (with ``--jobs`` workers
    for a local pool or a LocalCluster), stopped at the end of the block.
    An engine that cannot run (Dask not installed, scheduler unreachable,
    standard input on a cluster) is a command-line error: one line, exit 2,
    with the install line when Dask is missing."""
    from ..runners.seam import EngineUnavailable

    if spec.opened is not None:
        # Opened by the command line, which closes it when the command
        # returns; left by an exception (Ctrl-C, SIGTERM, a lost scheduler),
        # the block stops it now, as the engine's own block would.
        try:
            with ExitStack() as stack:
                stack.push(partial(_stop_on_error, spec.opened))
                yield spec.opened
        except EngineUnavailable as exc:
            fail(exc.text(current_language()))
        return
    try:
        engine = spec.open(jobs or None)
    except EngineUnavailable as exc:
        fail(exc.text(current_language()))
    try:
        with engine:
            yield engine
    except EngineUnavailable as exc:
        fail(exc.text(current_language()))
