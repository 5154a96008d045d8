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

import codecs
import io
import os
import sys
import tempfile
from collections.abc import Generator, Iterable, Iterator
from pathlib import Path
from typing import BinaryIO

from ..model import Game
from .jsonio import (
    RecordError,
    dumps_json,
    dumps_jsonl,
    dumps_yaml,
    iter_json,
    iter_jsonl,
    iter_yaml,
    piece_json,
    piece_jsonl,
    piece_yaml,
)

#: Record formats and the file extensions that select them.
FORMATS: dict[str, tuple[str, ...]] = {
    "hrn": (".hrn", ".txt"),
    "json": (".json",),
    "jsonl": (".jsonl", ".ndjson"),
    "yaml": (".yaml", ".yml"),
}
EXTENSIONS: dict[str, str] = {ext: fmt for fmt, exts in FORMATS.items() for ext in exts}
#: Formats ``convert --from`` reads (OpenSpiel's only when named explicitly).
INPUT_FORMATS: tuple[str, ...] = (*FORMATS, "openspiel", "openspiel-history")
#: Formats ``convert --to`` writes.
OUTPUT_FORMATS: tuple[str, ...] = (*FORMATS, "openspiel-history")

#: Bytes read at a time.  One MiB keeps the per-read overhead negligible
#: while bounding the memory a reader holds besides the game in hand.
CHUNK_SIZE = 1 << 20
_BOM = codecs.BOM_UTF8


class InputError(Exception):
    """Input that cannot be used at all; the CLI prints it and exits 2.

    ``str()`` gives ``file:line:col: message`` (or ``file: message``) as a
    compiler would.
    """

    def __init__(self, source: str, message: str, line: int | None = None,
                 column: int | None = None) -> None:
        super().__init__(message)
        self.source = source
        self.message = message
        self.line = line
        self.column = column

    def __str__(self) -> str:
        where = self.source
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        return f"{where}: {self.message}"

    def __reduce__(self) -> tuple[object, ...]:
        # Travels back from worker processes (hearts_notation.parallel).
        return (InputError, (self.source, self.message, self.line, self.column))


def format_for(name: str, fmt: str | None = None) -> str:
    """The record format of a file name, or *fmt* when given.

    Unknown extensions (and ``-``) read as HRN text, the human format.
    """
    if fmt:
        return fmt
    return EXTENSIONS.get(Path(name).suffix.lower(), "hrn")


# Opening and decoding, incrementally -----------------------------------------


def _open_binary(path: str) -> BinaryIO:
    """The byte stream of a path or of standard input, with clear errors."""
    if path == "-":
        return sys.stdin.buffer
    p = Path(path)
    if p.is_dir():
        raise InputError(path, "is a directory, not a record file")
    try:
        return open(p, "rb")
    except FileNotFoundError:
        raise InputError(path, "no such file") from None
    except PermissionError:
        raise InputError(path, "permission denied") from None
    except OSError as exc:
        raise InputError(path, f"cannot read: {exc.strerror or exc}") from None


def _binary_error(source: str, offset: int) -> InputError:
    return InputError(source, "binary data, not a text record (NUL byte at offset "
                      f"{offset}); expected UTF-8 text")


def iter_text_chunks(path: str, chunk_size: int = CHUNK_SIZE) -> Generator[str, None, None]:
    """Decoded text of a file (or ``-``), a block at a time.

    The file is opened at once (a missing file raises here); the returned
    iterator closes it when exhausted or closed.

    The unusable-input checks of :func:`decode` are made on each block as
    it arrives: a NUL byte anywhere, a byte sequence that is not UTF-8
    (with the line and byte column where it starts), and at the end an
    input with nothing but white space.  A leading BOM is dropped.
    """
    return _chunks_of(_open_binary(path), path, chunk_size)


def _chunks_of(fh: BinaryIO, source: str, chunk_size: int) -> Generator[str, None, None]:
    try:
        yield from _decode_blocks(fh, source, chunk_size)
    except OSError as exc:
        raise InputError(source, f"cannot read: {exc.strerror or exc}") from None
    finally:
        if fh is not sys.stdin.buffer:
            fh.close()


def _decode_blocks(fh: BinaryIO, source: str, chunk_size: int) -> Iterator[str]:
    """Decode blocks of bytes, checking them as they come.

    A problem in the first block is raised before any text is yielded (an
    unusable file yields nothing, as before streaming); a problem found
    later is raised after the text before it has been yielded, so the games
    that end before the bad byte are read and the error comes in order.
    """
    pending = b""          # undecoded tail (a split multi-byte sequence, or the start of a BOM)
    offset = 0             # bytes read so far
    line = 1               # line number at the start of `pending`
    column0 = 0            # bytes before `pending` on that line
    started = False        # BOM check done
    seen_text = False
    while True:
        block = fh.read(chunk_size)
        final = not block
        stop: InputError | None = None
        if block:
            nul = block.find(b"\0")
            if nul >= 0:
                stop = _binary_error(source, offset + nul)
                if offset == 0:
                    raise stop
                block = block[:nul]
                final = True
            offset += len(block)
        data = pending + block if pending else block
        if not started:
            if len(data) < len(_BOM) and not final:
                pending = data
                continue
            started = True
            if data.startswith(_BOM):
                data = data[len(_BOM):]
        try:
            text, consumed = codecs.utf_8_decode(data, "strict", final)
        except UnicodeDecodeError as exc:
            before = data[: exc.start]
            newlines = before.count(b"\n")
            if newlines:
                col = len(before) - before.rfind(b"\n")
            else:
                col = column0 + len(before) + 1
            bad = InputError(source, f"not UTF-8 text (byte 0x{data[exc.start]:02x}); "
                             "save the file as UTF-8", line + newlines, col)
            if offset > len(block) and before:   # not the first block: yield what reads
                yield before.decode("utf-8")
            raise bad from None
        done = data[:consumed] if consumed < len(data) else data
        newlines = _count_newlines(done)
        if newlines:
            line += newlines
            column0 = len(done) - done.rfind(b"\n") - 1
        else:
            column0 += len(done)
        pending = data[consumed:]
        if text:
            if not seen_text and not text.isspace():
                seen_text = True
            yield text
        if stop is not None:
            raise stop
        if final:
            break
    if not seen_text:
        raise InputError(source, "empty input: no game found")


def _count_newlines(data: bytes) -> int:
    """``data.count(b"\\n")``, faster on long lines: ``bytes.count`` looks at
    every byte, ``bytes.find`` is ``memchr``.  A block of JSONL (lines of
    kilobytes) has a few hundred newlines, found one ``find`` each; past
    that (HRN, short lines) the rest is counted."""
    find = data.find
    pos = 0
    for k in range(256):
        at = find(b"\n", pos)
        if at < 0:
            return k
        pos = at + 1
    return 256 + data.count(b"\n", pos)


def split_lines(chunks: Iterable[str]) -> Iterator[str]:
    """Lines of a chunked text, each ending with ``"\\n"`` (but perhaps the
    last), ``\\r\\n`` read as ``\\n``.

    Only ``\\n`` ends a line (not the other separators ``str.splitlines``
    knows), so line numbers agree with every reader's positions.
    """
    rest = ""
    for chunk in chunks:
        if rest:
            chunk = rest + chunk
        parts = chunk.split("\n")
        rest = parts.pop()
        for part in parts:
            if part.endswith("\r"):
                yield part[:-1] + "\n"
            else:
                yield part + "\n"
    if rest:
        yield rest[:-1] if rest.endswith("\r") else rest


def iter_text_lines(path: str, chunk_size: int = CHUNK_SIZE) -> Iterator[str]:
    """Lines of a file (or ``-``), checked and decoded as they stream in."""
    return split_lines(iter_text_chunks(path, chunk_size))


def read_bytes(path: str) -> bytes:
    """All bytes of a file or of standard input (``-``), with clear errors.

    Whole-file reading, for the few formats and tools that need the whole
    document (OpenSpiel exports); record readers stream instead.
    """
    fh = _open_binary(path)
    try:
        return fh.read()
    except OSError as exc:
        raise InputError(path, f"cannot read: {exc.strerror or exc}") from None
    finally:
        if fh is not sys.stdin.buffer:
            fh.close()


def decode(data: bytes, source: str) -> str:
    """UTF-8 text of a record (a BOM is accepted), or an :class:`InputError`
    saying where the input stops being text."""
    return "".join(_decode_blocks(io.BytesIO(data), source, max(len(data), 1)))


def read_text(path: str) -> str:
    """Decoded text of a path or ``-`` (whole; see :func:`iter_text_chunks`)."""
    return "".join(iter_text_chunks(path))


def source_lines_at(path: str, wanted: Iterable[int]) -> dict[int, str]:
    """The text of the lines numbered *wanted* (1-based) of a file, read in
    one streaming pass: what a caret diagnostic needs from a large file
    without holding it.  Lines that do not exist are left out."""
    need = sorted(set(wanted))
    out: dict[int, str] = {}
    if not need:
        return out
    k = 0
    for n, text in enumerate(iter_text_lines(path), 1):
        if n == need[k]:
            out[n] = text.rstrip("\n")
            k += 1
            if k == len(need):
                break
    return out


# Games from text --------------------------------------------------------------


def _games(source: str, fmt: str, chunks: Iterable[str],
           default_rules: str | None) -> Iterator[Game]:
    """Games of a stream of text chunks in format *fmt*."""
    try:
        if fmt == "hrn":
            from .hrn.reader import iter_hrn

            yield from iter_hrn(split_lines(chunks), source, default_rules=default_rules)
        elif fmt == "json":
            yield from iter_json(chunks, source)
        elif fmt == "jsonl":
            yield from iter_jsonl(split_lines(chunks), source)
        elif fmt == "yaml":
            yield from iter_yaml(chunks, source)
        elif fmt == "openspiel":
            from .openspiel import iter_openspiel

            yield from iter_openspiel("".join(chunks), source)
        elif fmt == "openspiel-history":
            from .openspiel import iter_openspiel_history

            yield from iter_openspiel_history("".join(chunks), source)
        else:
            raise InputError(source, f"unknown format {fmt!r}; use one of {', '.join(FORMATS)}")
    except RecordError as exc:
        msg = f"{exc.where}: {exc.message}" if exc.where else exc.message
        raise InputError(source, msg, exc.line, exc.column) from None


def iter_games_text(text: str, fmt: str, source: str,
                    default_rules: str | None = None) -> Iterator[Game]:
    """Games of an already decoded document in format *fmt*."""
    return _games(source, fmt, (text,), default_rules)


def read_games(path: str, fmt: str | None = None,
               default_rules: str | None = None) -> Iterator[Game]:
    """Games of a file (or ``-``), one at a time, streamed: memory does not
    grow with the size of the file."""
    fmt = format_for(path, fmt)
    if fmt not in INPUT_FORMATS:
        raise InputError(path, f"unknown format {fmt!r}; use one of {', '.join(FORMATS)}")
    fh = _open_binary(path)
    try:
        yield from _games(path, fmt, _chunks_of(fh, path, CHUNK_SIZE), default_rules)
    finally:
        if fh is not sys.stdin.buffer:
            fh.close()


# Writing --------------------------------------------------------------------------


def iter_dumps(games: Iterable[Game], fmt: str, unicode: bool = False,
               lang: str = "en") -> Iterator[str]:
    """The text of *games* in format *fmt*, one piece per game.

    The pieces joined are exactly :func:`dumps` of the same games, but the
    games may come from a generator: writing a million generated or
    converted games never holds them all.
    """
    if fmt == "hrn":
        from .hrn.writer import iter_hrn_pieces

        yield from iter_hrn_pieces(games, unicode, lang)
        return
    piece = {"json": piece_json, "jsonl": piece_jsonl, "yaml": piece_yaml}.get(fmt)
    if piece is None:
        if fmt == "openspiel-history":
            yield dumps(list(games), fmt, unicode, lang)
            return
        raise ValueError(f"unknown format {fmt!r}")
    if fmt != "json":
        for i, game in enumerate(games):
            yield piece(game, i)
        return
    # A .json document is one object for one game and an array otherwise,
    # so the first game is held until the second shows which.
    it = iter(games)
    first_game = next(it, None)
    if first_game is None:
        yield "[]\n"
        return
    second = next(it, None)
    if second is None:
        yield dumps_json([first_game])
        return
    yield "[\n" + piece_json(first_game, 0)
    yield piece_json(second, 1)
    for i, game in enumerate(it, 2):
        yield piece_json(game, i)
    yield "\n]\n"


def dumps(games: list[Game], fmt: str, unicode: bool = False, lang: str = "en") -> str:
    """The text of *games* in format *fmt* (HRN text in canonical form)."""
    if fmt == "hrn":
        from .hrn.writer import dumps_hrn

        return dumps_hrn(games, unicode=unicode, lang=lang)
    if fmt == "json":
        return dumps_json(games)
    if fmt == "jsonl":
        return dumps_jsonl(games)
    if fmt == "yaml":
        return dumps_yaml(games)
    if fmt == "openspiel-history":
        from .openspiel import dumps_openspiel_history

        return dumps_openspiel_history(games)
    raise ValueError(f"unknown format {fmt!r}")


def write_atomic(path: str, text: str) -> None:
    """Write *text* to *path* through a temporary file and a rename, so that
    a crash or an error never leaves a half-written or emptied file."""
    write_atomic_iter(path, (text,))


def write_atomic_iter(path: str, pieces: Iterable[str]) -> None:
    """Write the pieces of a text to *path* atomically, as they come.

    The pieces go to a temporary file beside the target, renamed over it
    only once the last piece is written: an exception raised while the
    pieces are produced (a syntax error found late in a streamed input,
    Ctrl-C) leaves the target untouched.  ``-`` writes to standard output
    as the pieces come.
    """
    if path == "-":
        for piece in pieces:
            sys.stdout.write(piece)
        sys.stdout.flush()
        return
    target = Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    try:
        with open(fd, "w", encoding="utf-8", newline="\n") as fh:
            for piece in pieces:
                fh.write(piece)
        if target.exists():
            os.chmod(tmp, target.stat().st_mode & 0o777)
        else:
            os.chmod(tmp, 0o644)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


__all__ = [
    "CHUNK_SIZE",
    "EXTENSIONS",
    "FORMATS",
    "INPUT_FORMATS",
    "OUTPUT_FORMATS",
    "InputError",
    "RecordError",
    "decode",
    "dumps",
    "format_for",
    "iter_dumps",
    "iter_games_text",
    "iter_text_chunks",
    "iter_text_lines",
    "read_bytes",
    "read_games",
    "read_text",
    "source_lines_at",
    "split_lines",
    "write_atomic",
    "write_atomic_iter",
]
