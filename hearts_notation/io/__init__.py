"""Reading and writing records in every supported format, streaming.

``read_games`` is the one entry point the commands use: it opens a path (or
``-`` for standard input), picks the reader by extension or ``fmt``, and
yields :class:`~hearts_notation.model.Game` objects one at a time.  Game
sites and researchers hold millions of deals, so nothing here reads a whole
file: bytes arrive in blocks of :data:`CHUNK_SIZE`, are checked and decoded
as they come (:func:`iter_text_chunks`), and each reader consumes a stream
of text chunks or lines.  Memory stays flat whatever the size of the file.

Unusable input is one clear :class:`InputError` (missing file, directory,
binary, not UTF-8 with ``line:col``, empty).  Because the checks are made
while streaming, an error late in a large file is raised after the games
before it have been yielded; callers that must write nothing on error
(``convert``) collect first, callers that report (``validate``) decide.
A game that does not parse still comes back, with its ``errors``; only
input that cannot be read at all raises.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, TypeVar

from ..model import Game
from .formats import (
    EXTENSIONS,
    FORMATS,
    INPUT_FORMATS,
    OUTPUT_FORMATS,
    RECORD_FORMATS,
    Format,
    format_for,
    get,
    input_format,
)
from .stream import (
    CHUNK_SIZE,
    InputError,
    RecordError,
    chunks_of,
    decode,
    is_stdin,
    iter_text_chunks,
    iter_text_lines,
    open_binary,
    read_bytes,
    read_text,
    source_lines_at,
    split_lines,
    starts_with_bom,
)

if TYPE_CHECKING:
    from ..rules import RuleSet
    from .events import Visitor

R = TypeVar("R")


# Games from text --------------------------------------------------------------


def games_of_chunks(source: str, fmt: str, chunks: Iterable[str],
           default_rules: RuleSet | str | None) -> Iterator[Game]:
    """Games of a stream of text chunks in format *fmt* (see :mod:`.formats`)."""
    try:
        yield from get(fmt, source).read(chunks, source, default_rules)
    except RecordError as exc:
        raise InputError(source, exc.located(), exc.line, exc.column) from None


def iter_games_text(text: str, fmt: str, source: str,
                    default_rules: RuleSet | str | None = None) -> Iterator[Game]:
    """Games of an already decoded document in format *fmt*."""
    return games_of_chunks(source, fmt, (text,), default_rules)


def read_games(path: str, fmt: str | None = None,
               default_rules: RuleSet | str | None = None) -> Iterator[Game]:
    """Games of a file (or ``-``), one at a time, streamed: memory does not
    grow with the size of the file."""
    fmt = input_format(path, fmt)
    get(fmt, path)
    fh = open_binary(path)
    try:
        yield from games_of_chunks(path, fmt, chunks_of(fh, path, CHUNK_SIZE), default_rules)
    finally:
        if not is_stdin(fh):
            fh.close()


def visit_games(path: str, factory: Callable[[], Visitor[R]], fmt: str | None = None,
                default_rules: RuleSet | str | None = None) -> Iterator[R]:
    """Every game of a file (or ``-``) as events, each game to a fresh
    visitor from *factory*, streamed; yields what each ``end_game``
    returns.  The same events whatever the format (:mod:`.events`)."""
    fmt = input_format(path, fmt)
    f = get(fmt, path)
    fh = open_binary(path)
    try:
        yield from f.visit(chunks_of(fh, path, CHUNK_SIZE), path, factory, default_rules)
    except RecordError as exc:
        raise InputError(path, exc.located(), exc.line, exc.column) from None
    finally:
        if not is_stdin(fh):
            fh.close()


# Writing --------------------------------------------------------------------------


def iter_dumps(games: Iterable[Game], fmt: str, unicode: bool = False,
               lang: str | None = "en") -> Iterator[str]:
    """The text of *games* in format *fmt*, one piece per game.

    The pieces joined are exactly :func:`dumps` of the same games, but the
    games may come from a generator: writing a million generated or
    converted games never holds them all.
    """
    f = FORMATS.get(fmt)
    if f is None or f.writer is None:
        raise ValueError(f"unknown format {fmt!r}")
    return f.write(games, unicode, lang)


def dumps(games: list[Game], fmt: str, unicode: bool = False, lang: str = "en") -> str:
    """The text of *games* in format *fmt* (HRN text in canonical form)."""
    return "".join(iter_dumps(games, fmt, unicode, lang))


# Atomic writes, FIFOs, symbolic links, fsync and clean-up on signals live
# in one place, hearts_notation.output; re-exported here for the callers
# that write records.
from ..output import write_atomic, write_atomic_iter  # noqa: E402

__all__ = [
    "CHUNK_SIZE",
    "EXTENSIONS",
    "FORMATS",
    "INPUT_FORMATS",
    "OUTPUT_FORMATS",
    "RECORD_FORMATS",
    "Format",
    "InputError",
    "RecordError",
    "decode",
    "dumps",
    "format_for",
    "games_of_chunks",
    "get",
    "input_format",
    "iter_dumps",
    "iter_games_text",
    "iter_text_chunks",
    "iter_text_lines",
    "read_bytes",
    "read_games",
    "read_text",
    "source_lines_at",
    "split_lines",
    "starts_with_bom",
    "visit_games",
    "write_atomic",
    "write_atomic_iter",
]
