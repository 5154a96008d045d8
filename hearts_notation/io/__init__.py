"""Reading and writing records in every supported format.

``read_games`` is the one entry point the commands use: it opens a path (or
``-`` for standard input), rejects unusable input with one clear
:class:`InputError` (missing file, directory, binary, not UTF-8, empty), picks
the reader by extension or ``fmt``, and yields :class:`~hearts_notation.model.Game`
objects one at a time.  A game that does not parse still comes back, with
its ``errors``; only input that cannot be read at all raises.
"""

from __future__ import annotations

import io
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from ..model import Game
from .jsonio import RecordError, dumps_json, dumps_jsonl, dumps_yaml, iter_json, iter_jsonl, iter_yaml

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


def format_for(name: str, fmt: str | None = None) -> str:
    """The record format of a file name, or *fmt* when given.

    Unknown extensions (and ``-``) read as HRN text, the human format.
    """
    if fmt:
        return fmt
    return EXTENSIONS.get(Path(name).suffix.lower(), "hrn")


def read_bytes(path: str) -> bytes:
    """All bytes of a file or of standard input (``-``), with clear errors."""
    if path == "-":
        return sys.stdin.buffer.read()
    p = Path(path)
    if p.is_dir():
        raise InputError(path, "is a directory, not a record file")
    try:
        return p.read_bytes()
    except FileNotFoundError:
        raise InputError(path, "no such file") from None
    except PermissionError:
        raise InputError(path, "permission denied") from None
    except OSError as exc:
        raise InputError(path, f"cannot read: {exc.strerror or exc}") from None


def decode(data: bytes, source: str) -> str:
    """UTF-8 text of a record (a BOM is accepted), or an :class:`InputError`
    saying where the input stops being text."""
    nul = data.find(b"\0", 0, 1 << 16)
    if nul >= 0:
        raise InputError(source, "binary data, not a text record (NUL byte at offset "
                         f"{nul}); expected UTF-8 text")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        before = data[: exc.start]
        line = before.count(b"\n") + 1
        col = len(before) - (before.rfind(b"\n") + 1) + 1
        raise InputError(source, f"not UTF-8 text (byte 0x{data[exc.start]:02x}); "
                         "save the file as UTF-8", line, col) from None
    if not text.strip():
        raise InputError(source, "empty input: no game found")
    return text


def read_text(path: str) -> str:
    """Decoded text of a path or ``-``."""
    return decode(read_bytes(path), path)


def iter_games_text(text: str, fmt: str, source: str,
                    default_rules: str | None = None) -> Iterator[Game]:
    """Games of an already decoded document in format *fmt*."""
    try:
        if fmt == "hrn":
            from .hrn import iter_hrn

            yield from iter_hrn(text, source, default_rules=default_rules)
        elif fmt == "json":
            yield from iter_json(text, source)
        elif fmt == "jsonl":
            yield from iter_jsonl(text.splitlines(), source)
        elif fmt == "yaml":
            yield from iter_yaml(text, source)
        elif fmt == "openspiel":
            from .openspiel import iter_openspiel

            yield from iter_openspiel(text, source)
        elif fmt == "openspiel-history":
            from .openspiel import iter_openspiel_history

            yield from iter_openspiel_history(text, source)
        else:
            raise InputError(source, f"unknown format {fmt!r}; use one of {', '.join(FORMATS)}")
    except RecordError as exc:
        msg = f"{exc.where}: {exc.message}" if exc.where else exc.message
        raise InputError(source, msg, exc.line, exc.column) from None


def read_games(path: str, fmt: str | None = None,
               default_rules: str | None = None) -> Iterator[Game]:
    """Games of a file (or ``-``), one at a time."""
    fmt = format_for(path, fmt)
    text = read_text(path)
    yield from iter_games_text(text, fmt, path, default_rules)


def dumps(games: list[Game], fmt: str, unicode: bool = False, lang: str = "en") -> str:
    """The text of *games* in format *fmt* (HRN text in canonical form)."""
    if fmt == "hrn":
        from .hrn_writer import dumps_hrn

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
    if path == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    target = Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    try:
        with io.open(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
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
    "EXTENSIONS",
    "FORMATS",
    "INPUT_FORMATS",
    "InputError",
    "OUTPUT_FORMATS",
    "RecordError",
    "decode",
    "dumps",
    "format_for",
    "iter_games_text",
    "read_bytes",
    "read_games",
    "read_text",
    "write_atomic",
]
