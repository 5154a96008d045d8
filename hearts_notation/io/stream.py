"""Bytes to lines, once for every format: opening a path or standard
input, checking and decoding the bytes as they stream in (a UTF-8 BOM is
dropped, UTF-16 is recognised by its BOM and refused with a clear message,
a NUL byte means binary data), and cutting the text into lines (``\r\n``
read as ``\n``, a line longer than the limit refused with its position).

Every reader of :mod:`hearts_notation.io.formats` reads through here, so an
input is unusable for the same reasons with the same words whatever its
format.  The decoder also notes, about once per megabyte, the byte offset
where a line starts; :func:`source_lines_at` seeks to the nearest of those
marks to print the line of a diagnostic, so a syntax error at the end of a
file of gigabytes does not make the file be read again.
"""

from __future__ import annotations

import bisect
import codecs
import io
import os
import re
import stat
import sys
from collections import OrderedDict
from collections.abc import Callable, Generator, Iterable, Iterator
from typing import TYPE_CHECKING, Any, BinaryIO, Final, TypeVar, cast

from ..i18n import Arg, Msg, msg, os_reason
from .limits import current, limit_message, whole_input_message
from .line_ends import BYTE_BREAKS, decoded_break_otherwise

if TYPE_CHECKING:   # pathlib (with urllib.parse, ipaddress) is not loaded to read a file
    from pathlib import Path

#: Bytes read at a time.  One MiB keeps the per-read overhead negligible
#: while bounding the memory a reader holds besides the game in hand.
CHUNK_SIZE = 1 << 20
_BOM = codecs.BOM_UTF8

#: A byte-order mark opening a ``.jsonl`` line past the file's first (the
#: stream drops the first's): files joined with ``cat``, each saved with its
#: mark.  It is never a record's text (JSON allows no U+FEFF outside a
#: string), so a line is read past it, its columns counted after it as the
#: first line's are; :func:`hearts_notation.io.jsonio.iter_jsonl` and the
#: records of a JSONL batch (:func:`hearts_notation.io.batches.records_jsonl`)
#: both do.  Every mark that opens the line is read past (a file whose own
#: mark was doubled, joined with ``cat``): two were "Unexpected UTF-8 BOM
#: (decode using utf-8-sig)", Python's words (round 27).
BOM_CHAR: Final = "\ufeff"


def _blank(text: str) -> bool:
    """Whether *text* holds nothing but blanks and byte-order marks: a file
    of such lines (100,000 lines each a mark, files joined with ``cat``
    that held nothing) is an empty input, as a file of blank lines is; it
    was read as JSONL lines each read past, no game and no word, exit 0
    (round 27)."""
    return text.replace(BOM_CHAR, " ").isspace()


class InputError(Exception):
    """Input that cannot be used at all; the CLI prints it and exits 2.

    ``str()`` gives ``file:line:col: message`` (or ``file: message``) as a
    compiler would.
    """

    def __init__(self, source: str, message: str | Msg, line: int | None = None,
                 column: int | None = None) -> None:
        text = message.text() if isinstance(message, Msg) else message
        super().__init__(text)
        self.source = source
        #: the message as a catalog id and arguments (any language), when it has one
        self.msg = message if isinstance(message, Msg) else None
        self.message = text
        self.line = line
        self.column = column

    def __str__(self) -> str:
        return self.text()

    def text(self, lang: str = "en") -> str:
        """``file:line:col: message`` with the message in *lang*.  The file's
        name is one field: its control characters (a newline in a name the
        system allows) are shown as escapes here, so that the message stays
        one line whoever prints it (``message`` keeps a message's own line
        breaks)."""
        from ..output import escape_controls

        where = escape_controls(self.source)
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        return f"{where}: {self.msg.text(lang) if self.msg is not None else self.message}"

    def __reduce__(self) -> tuple[object, ...]:
        # Travels back from worker processes (hearts_notation.runners).
        return (InputError, (self.source, self.msg or self.message, self.line, self.column))


E = TypeVar("E", bound=BaseException)


def detached(exc: E) -> E:
    """*exc* kept as data from here on (held in a chunk, pickled to a worker
    process and back): without the traceback, cause and context of the place
    it was raised.

    Plain pickling leaves them out, but a library may register a reducer for
    every exception class that pickles them too: ``distributed`` installs
    tblib's when it is imported (an in-process ``--engine dask`` run, a
    notebook).  In that process the traceback of an error raised deep in a
    recursive reader (the YAML composer's 200 levels; the decoder's
    ``RecursionError`` as its context) nested the pickle of the chunk past
    the recursion limit, and ``validate`` of a folder ended in "internal
    error: RecursionError ... while pickling" (issue 29).  Dropping them
    also frees the frames, and the text they hold, while the error waits
    in the window of chunks."""
    exc.__traceback__ = None
    exc.__cause__ = None
    exc.__context__ = None
    return exc


# Opening and decoding, incrementally -----------------------------------------


class RecordError(ValueError):
    """A JSON/YAML document that is not a record of the schema.

    ``where`` is a path into the document (``deals[0].hands``, or a message
    such as "history 2, action 5"); ``line``/``column`` are set when the
    position in the file is known (JSONL line, YAML node, JSON syntax).  The
    message is a catalog id and arguments (:attr:`msg`, any language);
    ``message`` and ``str()`` are its English text.
    """

    def __init__(self, message: str | Msg, where: str | Msg = "", line: int | None = None,
                 column: int | None = None) -> None:
        self.msg = message if isinstance(message, Msg) else msg("record.text", text=message)
        self.message = self.msg.text()
        super().__init__(self.message)
        self.where = where.text() if isinstance(where, Msg) else where
        self._where = where
        self.line = line
        self.column = column

    def located(self, prefix: Msg | None = None) -> Msg:
        """The message with its place in front (``deals[0].hands: ...``),
        and *prefix* (``game 3``) before that."""
        where: Arg | None = None
        if self._where:
            where = self._where.arg() if isinstance(self._where, Msg) else self._where
        if prefix is not None:
            where = (prefix.arg() if where is None
                     else msg("record.at", where=prefix.arg(), message=where).arg())
        if where is None:
            return self.msg
        return msg("record.at", where=where, message=self.msg.arg())

    def __str__(self) -> str:
        return self.located().text()

    def __reduce__(self) -> tuple[object, ...]:
        return (RecordError, (self.msg, self._where, self.line, self.column))


class _StdinTee(io.RawIOBase):
    """Standard input, read as a stream, with a copy of what was read kept
    in an unlinked temporary file (on disk, not in memory) for the lines
    of diagnostics: standard input cannot be read twice, and a syntax
    error late in it must still be quoted with its caret.

    The copy stops at the ``document`` limit (so an endless input costs
    at most that much disk, and nothing more in memory); lines past it are
    then not quoted.  Closing the tee leaves standard input open.
    """

    def __init__(self, raw: BinaryIO) -> None:
        super().__init__()
        self.raw = raw
        self.position = 0
        self.kept = 0
        self.limit = current().document
        self.spool: BinaryIO | None = None
        #: The first bytes, read before the reader asked (:func:`stream_head`).
        self.head = b""
        #: The format this standard input is read as (:func:`note_stdin_format`).
        self.format: str | None = None

    def readable(self) -> bool:
        return True

    def read(self, size: int | None = -1) -> bytes:
        block = _take(self, self.raw, size)
        if block:
            self.position += len(block)
            if self.kept < self.limit:
                try:
                    if self.spool is None:
                        import tempfile  # (only standard input needs it: start-up)

                        self.spool = tempfile.TemporaryFile(prefix="hearts-stdin-")
                    part = block[: self.limit - self.kept]
                    self.spool.seek(self.kept)
                    self.spool.write(part)
                    self.kept += len(part)
                except OSError:          # no room for the copy: no carets, still streamed
                    self.limit = self.kept
        return block

    def readinto(self, buffer: Any) -> int:
        data = self.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)

    def tell(self) -> int:
        return self.position

    def close(self) -> None:
        # The stream ends for its reader, not for the process: standard
        # input stays open and the copy stays for the carets.
        pass

    def discard(self) -> None:
        """Remove the copy (a new standard input replaced this one)."""
        if self.spool is not None:
            self.spool.close()
            self.spool = None


_stdin_tee: _StdinTee | None = None


def _take(stream: _StdinTee | _Primed, raw: BinaryIO, size: int | None) -> bytes:
    """Up to *size* bytes of *raw* (all with ``-1``), the head *stream*
    read ahead (:func:`stream_head`) first."""
    head = stream.head
    if not head:
        return raw.read(-1 if size is None else size)
    if size is None or size < 0:
        stream.head = b""
        return head + raw.read()
    stream.head = head[size:]
    return head[:size]


class _Primed(io.RawIOBase):
    """A FIFO opened to read its first bytes (:func:`stream_head`), handed
    on to its reader with those bytes (:func:`open_binary`): a FIFO cannot
    be read twice."""

    def __init__(self, raw: BinaryIO) -> None:
        super().__init__()
        self.raw = raw
        self.head = b""

    def readable(self) -> bool:
        return True

    def read(self, size: int | None = -1) -> bytes:
        return _take(self, self.raw, size)

    def readinto(self, buffer: Any) -> int:
        data = self.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)

    def close(self) -> None:
        self.raw.close()
        super().close()


#: FIFOs whose first bytes were read (:func:`stream_head`), by name, until
#: their reader opens them (:func:`open_binary`).
_PRIMED: dict[str, _Primed] = {}


def stream_head(path: str, enough: Callable[[bytes], bool], limit: int) -> bytes | None:
    """The first bytes of standard input (``-``) or of the FIFO named
    *path* (a named pipe, ``<(...)``), read now and handed on to the
    stream's reader, which then reads them first (:func:`open_binary`):
    blocks as they come, until *enough* says so of what was read, *limit*
    bytes, or the end; what is read ahead is all the memory it holds.
    ``None`` for anything else (a regular file can simply be read twice),
    for a terminal (it would wait for typing before the command starts)
    and for a stream that cannot be opened (its reader says why)."""
    fh: BinaryIO
    if path == "-":
        stdin = sys.stdin
        if stdin is None or stdin.isatty():
            return None
        tee = cast(_StdinTee, _stdin())
        if tee.position:
            return None     # its reader has begun: what comes next is not its head
        stream: _StdinTee | _Primed = tee
        fh = stream.raw
    else:
        p = path_text(path)
        primed = _PRIMED.get(p)
        if primed is not None:
            return primed.head
        try:
            if not stat.S_ISFIFO(os.stat(p).st_mode):
                return None
            fh = open(p, "rb")
        except (OSError, ValueError):
            return None
        stream = _PRIMED[p] = _Primed(fh)
    head = stream.head
    read1 = getattr(fh, "read1", fh.read)
    try:
        while len(head) < limit and not enough(head):
            block = read1(limit - len(head))
            if not block:
                break
            head += block
    except OSError:
        pass        # (the reader meets it again and says why)
    stream.head = head
    return head


def note_stdin_format(name: str) -> None:
    """Keep *name* as the format standard input is read as, for the
    questions asked by its source name once it is read
    (:func:`hearts_notation.io.formats.input_format`); kept with this
    standard input, so a new one (a test's) is sniffed again."""
    if sys.stdin is not None:
        cast(_StdinTee, _stdin()).format = name


def noted_stdin_format() -> str | None:
    """The format standard input is read as, once :func:`note_stdin_format` said."""
    if sys.stdin is None:
        return None
    return cast(_StdinTee, _stdin()).format


def _stdin() -> BinaryIO:
    """Standard input through its tee (one per standard input object, so
    a second read of ``-`` goes on where the first stopped)."""
    global _stdin_tee
    raw = sys.stdin.buffer
    if _stdin_tee is None or _stdin_tee.raw is not raw:
        if _stdin_tee is not None:
            _stdin_tee.discard()
        _stdin_tee = _StdinTee(raw)
        _MARKS["-"] = ([1], [0], (-1, -1), [-1], ([], []))
        _MARKS.move_to_end("-")
    return cast(BinaryIO, _stdin_tee)


def is_stdin(fh: object) -> bool:
    """Whether *fh* is standard input (raw or through its tee): never closed."""
    return fh is sys.stdin.buffer or isinstance(fh, _StdinTee)


def path_text(path: str | Path) -> str:
    """``str(pathlib.Path(path))``: the name as :mod:`pathlib` reads it (no
    empty or ``.`` parts, no trailing slash, ``.`` for an empty name), without
    importing :mod:`pathlib` on POSIX -- with :mod:`urllib.parse` and
    :mod:`ipaddress`, a few milliseconds of every start-up (issue 22).
    ``tests/test_startup.py`` compares it with :mod:`pathlib`."""
    text = os.fspath(path)
    if os.name != "posix" or not isinstance(text, str):
        from pathlib import Path

        return str(Path(text))
    root = ("//" if text[:2] == "//" and text[2:3] != "/" else "/") if text[:1] == "/" else ""
    return root + "/".join(part for part in text.split("/") if part and part != ".") or "."


def path_suffix(path: str) -> str:
    """``pathlib.Path(path).suffix``: the last part's extension, dot
    included (``""`` for ``.profile``, ``name.`` or no dot), as
    :mod:`pathlib` finds it (see :func:`path_text`)."""
    name = path_text(path).rpartition("/")[2]
    if os.name != "posix":
        name = name.rpartition("\\")[2]
    at = name.rfind(".")
    return name[at:] if 0 < at < len(name) - 1 else ""


def is_directory(path: str | Path) -> bool:
    """Whether *path* names a folder; ``False`` for a name the system
    refuses outright (too long, a loop of links, a NUL: ``Path.is_dir``
    raises for those on Python 3.11), so that opening it then reports why
    in one line, as for any file that cannot be read.  An empty name is
    no folder: :func:`path_text` makes it ``.``, and ``hearts validate ""``
    (a shell variable left empty) searched the whole working folder."""
    if path == "":
        return False
    try:
        return os.path.isdir(path_text(path))
    except (OSError, ValueError):
        return False


def open_binary(path: str) -> BinaryIO:
    """The byte stream of a path or of standard input, with clear errors.

    Standard input is read through a tee that keeps a copy on disk for the
    lines of diagnostics (:class:`_StdinTee`)."""
    if path == "-":
        return _stdin()
    if path == "":
        raise InputError("''", msg("input.empty_name"))
    p = path_text(path)
    primed = _PRIMED.pop(p, None)
    if primed is not None:
        return cast(BinaryIO, primed)
    if is_directory(p):
        # (a folder listed because it could not be listed: folders.folder_files)
        try:
            os.scandir(p).close()
        except PermissionError:
            raise InputError(path, msg("input.folder_permission")) from None
        except OSError:
            pass        # (told as a folder all the same: not a record file)
        raise InputError(path, msg("input.directory"))
    try:
        return open(p, "rb")
    except FileNotFoundError:
        raise InputError(path, msg("input.missing")) from None
    except PermissionError:
        raise InputError(path, msg("input.permission")) from None
    except OSError as exc:
        raise InputError(path, msg("input.cannot_read", why=os_reason(exc))) from None


#: The first bytes of files people give by mistake for a record, and what
#: they are (catalog id and arguments): said instead of "binary data" or
#: "not UTF-8" at some byte, which does not tell a PDF from a broken sheet.
_SIGNATURES: Final[tuple[tuple[bytes, str, dict[str, str]], ...]] = (
    (b"PK\x03\x04", "input.kind.zip", {}), (b"PK\x05\x06", "input.kind.zip", {}),
    (b"%PDF-", "input.kind.pdf", {}),
    (b"\x89PNG\r\n\x1a\n", "input.kind.image", {"fmt": "PNG"}),
    (b"\xff\xd8\xff", "input.kind.image", {"fmt": "JPEG"}),
    (b"GIF87a", "input.kind.image", {"fmt": "GIF"}), (b"GIF89a", "input.kind.image", {"fmt": "GIF"}),
    (b"\x1f\x8b", "input.kind.compressed", {"fmt": "gzip"}),
    (b"\xfd7zXZ\x00", "input.kind.compressed", {"fmt": "xz"}),
    (b"7z\xbc\xaf\x27\x1c", "input.kind.compressed", {"fmt": "7-Zip"}),
    (b"\x28\xb5\x2f\xfd", "input.kind.compressed", {"fmt": "zstd"}),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "input.kind.office", {}),
    (b"SQLite format 3\x00", "input.kind.sqlite", {}),
    (b"\x7fELF", "input.kind.program", {}),
)


def _known_binary(source: str, head: bytes) -> InputError | None:
    """The error for an input whose first bytes *head* are those of a known
    kind of file that is no record (a ZIP archive, a PDF, an image, a
    compressed file...), naming it; ``None`` for anything else."""
    for signature, kind, args in _SIGNATURES:
        if head.startswith(signature):
            return InputError(source, msg("input.binary_kind", kind=msg(kind, **args).arg()))
    if head.startswith(b"BZh") and head[3:4].isdigit() and head[4:10] == b"1AY&SY":
        return InputError(source, msg("input.binary_kind",
                                      kind=msg("input.kind.compressed", fmt="bzip2").arg()))
    return None


def _not_utf8(bad: bytes) -> Msg:
    """The words for the first byte of *bad* (that byte and the next, if
    any), which is not UTF-8 where it stands.  A letter of Windows-1252
    (``é`` is 0xe9 there, ``à`` 0xe0) standing alone, not followed by the
    continuation byte of a UTF-8 sequence, is named as such: a sheet saved by
    an old Windows editor or a Latin-1 export is the usual cause, and the
    letter tells the user which word to look at.  (0xed 0xa0, a surrogate
    written as UTF-8, is not taken for ``í``.)  The file is not read in that
    encoding (docs/spec.md, section 3.1.1)."""
    byte = bad[0]
    shown = bytes((byte,)).decode("cp1252", "replace")
    if shown.isalpha() and not (len(bad) > 1 and 0x80 <= bad[1] <= 0xbf):
        return msg("input.not_utf8_letter", byte=f"0x{byte:02x}", char=shown)
    return msg("input.not_utf8", byte=f"0x{byte:02x}")


def _binary_error(source: str, offset: int, head: bytes = b"") -> InputError:
    """A NUL byte at *offset*; *head*, the input's first bytes when the NUL
    is among them: text saved as UTF-16 without its byte-order mark (a NUL
    beside every ASCII character) is named as such, with what to do, and a
    known kind of file (:func:`_known_binary`) by its kind."""
    known = _known_binary(source, head)
    if known is not None:
        return known
    sample = head[:64] if len(head) >= 4 else b""
    low, high = sample[0::2], sample[1::2]      # (little-endian: the NULs are the high bytes)
    if sample and ((not any(high) and all(low)) or (not any(low) and all(high))):
        return InputError(source, msg("input.utf16_no_bom"))
    return InputError(source, msg("input.binary", offset=offset))


def iter_text_chunks(path: str, chunk_size: int = CHUNK_SIZE) -> Generator[str, None, None]:
    """Decoded text of a file (or ``-``), a block at a time.

    The file is opened at once (a missing file raises here); the returned
    iterator closes it when exhausted or closed.

    The unusable-input checks of :func:`decode` are made on each block as
    it arrives: a NUL byte anywhere, a byte sequence that is not UTF-8
    (with the line and byte column where it starts), and at the end an
    input with nothing but white space.  A leading BOM is dropped.
    """
    return chunks_of(open_binary(path), path, chunk_size)


class LineFeed:
    """The newlines a consumer of :func:`chunks_of` has counted in the text
    it was given, kept up to date before each request for the next chunk.

    The decoder needs the line at the start of each block (for its seek
    marks and for the line of a byte that is not UTF-8).  A reader that
    counts every newline of the text anyway (the JSON cutter, for the line
    of each element) hands its count over instead of the decoder counting
    the same newlines again in the bytes: on a pretty-printed array, one
    card a line, that second count cost about a tenth of ``validate``.
    """

    __slots__ = ("newlines",)

    def __init__(self) -> None:
        self.newlines = 0


def chunks_of(fh: BinaryIO, source: str, chunk_size: int, first_line: int = 1,
               first_offset: int = 0, feed: LineFeed | None = None) -> Generator[str, None, None]:
    """Decoded blocks of *fh* (see :func:`_decode_blocks`).  With *feed*,
    the consumer keeps ``feed.newlines`` equal to the newlines of all the
    text it has received whenever it asks for the next chunk."""
    try:
        yield from _decode_blocks(fh, source, chunk_size, first_line, first_offset, feed)
    except OSError as exc:
        raise InputError(source, msg("input.cannot_read", why=os_reason(exc))) from None
    finally:
        if not is_stdin(fh):
            fh.close()


def _decode_blocks(fh: BinaryIO, source: str, chunk_size: int, first_line: int = 1,
                   first_offset: int = 0, feed: LineFeed | None = None) -> Iterator[str]:
    """Decode blocks of bytes, checking them as they come.

    A problem in the first block is raised before any text is yielded (an
    unusable file yields nothing, as before streaming); a problem found
    later is raised after the text before it has been yielded, so the games
    that end before the bad byte are read and the error comes in order.
    *first_line* and *first_offset* place a stream that starts partway into
    its file, on a line (a shard of :mod:`hearts_notation.runners.shards`): errors
    then name the file's own line and offset, its first block counts as a
    later one, and no BOM is looked for.  With *feed* the newlines are
    counted by the consumer (:class:`LineFeed`), not here.
    """
    pending = b""          # undecoded tail (a split multi-byte sequence, or the start of a BOM)
    offset = first_offset  # bytes read so far
    line = first_line      # line number at the start of `pending`
    column0 = 0            # bytes before `pending` on that line
    started = first_offset > 0  # BOM check done (a BOM can only open the file)
    seen_text = False
    marks = _start_marks(source, fh)
    while True:
        if marks is not None and line > marks[0][-1]:
            _add_mark(marks, line, offset - len(pending) - column0)
        block = fh.read(chunk_size)
        final = not block
        stop: InputError | None = None
        wide = None if started else _wide_mark(block)
        if wide is not None:
            _forget_marks(source)
            yield from _decode_wide(fh, block, source, chunk_size, wide)
            return
        if block:
            if offset == 0 and not started:
                known = _known_binary(source, block)     # (a PDF has no NUL early)
                if known is not None:
                    raise known
            nul = block.find(b"\0")
            if nul >= 0:
                stop = _binary_error(source, offset + nul, block if offset == 0 else b"")
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
            bad = InputError(source, _not_utf8(data[exc.start:exc.start + 2]),
                             line + newlines, col)
            if offset > len(block) and before:   # not the first block: yield what reads
                yield before.decode("utf-8")
            raise bad from None
        done = data[:consumed] if consumed < len(data) else data
        last = done.rfind(b"\n")           # memrchr: the column needs the last line only
        column0 = len(done) - last - 1 if last >= 0 else column0 + len(done)
        if feed is None:                    # else the consumer counts the newlines
            line += _count_newlines(done)
        if marks is not None and marks[3][0] < 0 and decoded_break_otherwise(done, text):
            marks[3][0] = marks[0][-1]      # (a mark at or before this block's start)
        pending = data[consumed:]
        if text:
            if not seen_text and not _blank(text):
                seen_text = True
            yield text
            if feed is not None:    # the consumer has counted this text's newlines
                line = first_line + feed.newlines
        if stop is not None:
            raise stop
        if final:
            break
    if not seen_text:
        raise InputError(source, msg("input.empty"))


#: The byte-order marks of the wide encodings read (mark, encoding, the
#: encoding of the text after the mark), UTF-32's first: its little-endian
#: mark begins with UTF-16's.
_WIDE_BOMS = ((codecs.BOM_UTF32_LE, "utf-32", "utf-32-le"), (codecs.BOM_UTF32_BE, "utf-32", "utf-32-be"),
              (codecs.BOM_UTF16_LE, "utf-16", "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16", "utf-16-be"))


def _wide_mark(head: bytes) -> tuple[bytes, str, str] | None:
    """The entry of :data:`_WIDE_BOMS` whose mark opens *head*, or ``None``."""
    for entry in _WIDE_BOMS:
        if head.startswith(entry[0]):
            return entry
    return None


def wide_encoding(head: bytes) -> str | None:
    """``"utf-16"`` or ``"utf-32"`` when *head* (a file's first bytes) opens
    with that encoding's byte-order mark, else ``None``: editors on Windows
    save "Unicode" text as UTF-16, some tools write UTF-32; both read as the
    same record."""
    mark = _wide_mark(head)
    return None if mark is None else mark[1]


def head_text(raw: bytes) -> str:
    """The first bytes *raw* of an input decoded as its reader decodes the
    whole (UTF-16 or UTF-32 by its mark, else UTF-8 with its mark dropped),
    a cut character replaced: for the guesses made from a file's head (its
    format on standard input, its language)."""
    return raw.decode(wide_encoding(raw) or "utf-8-sig", "replace")


def _decode_wide(fh: BinaryIO, first: bytes, source: str, chunk_size: int,
                 mark: tuple[bytes, str, str]) -> Iterator[str]:
    """Text of a UTF-16 or UTF-32 input (recognised by its BOM, which is
    dropped).  A NUL character still means binary data, named at its byte
    offset as in UTF-8 text; an unpaired surrogate (or a code point past
    Unicode's, in UTF-32) is an error at its line."""
    bom, encoding, unit = mark
    decoder = codecs.getincrementaldecoder(unit)("strict")      # the mark is dropped here
    offset = len(bom)
    line = 1
    seen_text = False
    block = first[len(bom):]
    while True:
        final = not block
        held = decoder.getstate()[0]
        try:
            text = decoder.decode(block, final)
        except UnicodeDecodeError as exc:
            # the line of the bad unit: the newlines of the good text before it
            before = (held + block)[:exc.start].decode(unit, "replace").count("\n")
            raise InputError(source, msg("input.not_wide", encoding=encoding.upper()),
                             line + before) from None
        nul = text.find("\0")
        if nul >= 0:
            raise _binary_error(source, offset + len(text[:nul].encode(unit)))
        if text:
            line += text.count("\n")
            offset += len(text.encode(unit))
            if not seen_text and not _blank(text):
                seen_text = True
            yield text
        if final:
            break
        block = fh.read(chunk_size)
    if not seen_text:
        raise InputError(source, msg("input.empty"))


# Seek marks: where some lines start, for the lines of diagnostics -------------------

#: Per file read: ([line numbers], [byte offsets of their starts], (size, mtime),
#: [the last mark before the first line break of another system, or -1],
#: ([line numbers], [byte offsets]) as the HRN reader numbers lines).
#: The decoder counts ``\n``; the HRN reader also ends a line at a lone CR,
#: U+2028 or U+2029 (:mod:`.line_ends`), so for it only the
#: marks before the first such break number lines as it does; past it, the
#: lines quoted note their own marks as they are read (tidy18).
Marks = tuple[list[int], list[int], tuple[int, int], list[int], tuple[list[int], list[int]]]
_MARKS: OrderedDict[str, Marks] = OrderedDict()
_MAX_FILES = 64
_MAX_MARKS = 1 << 16


def _start_marks(source: str, fh: BinaryIO) -> Marks | None:
    """A fresh mark table for a regular file read from its start (or for
    standard input read through its tee), else None."""
    if source == "-":
        stdin_marks = _MARKS.get("-")
        if isinstance(fh, _StdinTee) and fh.tell() == 0:
            return stdin_marks
        return None
    try:
        if fh.tell() != 0:
            return None
        st = os.stat(path_text(source))
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        return None
    entry: Marks = ([1], [0], (st.st_size, st.st_mtime_ns), [-1], ([], []))
    _MARKS[source] = entry
    _MARKS.move_to_end(source)
    while len(_MARKS) > _MAX_FILES:
        _MARKS.popitem(last=False)
    return entry


def _add_mark(marks: Marks, line: int, offset: int) -> None:
    if len(marks[0]) < _MAX_MARKS and offset >= 0:
        marks[0].append(line)
        marks[1].append(offset)


def _forget_marks(source: str) -> None:
    _MARKS.pop(source, None)


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


def _count_text_newlines(text: str, start: int, end: int) -> int:
    """``text.count("\\n", start, end)``, faster on long lines, as
    :func:`_count_newlines` is for bytes: ``str.count`` looks at every
    character (a tenth of a second on 100 MB), ``str.find`` is ``memchr``."""
    find = text.find
    pos = start
    for k in range(256):
        at = find("\n", pos, end)
        if at < 0:
            return k
        pos = at + 1
    return 256 + text.count("\n", pos, end)


class LongLine(str):
    """The place of a line over the limit in the lines of :func:`split_lines`
    (with ``go_on``): an empty line (``"\\n"``: a reader that does not look
    for it reads a blank line, and every line after it keeps its number),
    carrying :attr:`error`, the :class:`InputError` that tells it.  A
    reader that cuts records at it (the HRN cutter: the game it falls in
    ends there) asks ``isinstance(line, LongLine)``."""

    error: InputError

    def __new__(cls, error: InputError) -> LongLine:
        self = super().__new__(cls, "\n")
        self.error = error
        return self


def line_blocks(chunks: Iterable[str], source: str = "-", max_line: int | None = None,
                first_line: int = 1, feed: LineFeed | None = None) -> Iterator[tuple[str, int, int]]:
    """The one definition of a line of a record file (JSONL, and the lines
    the HRN cutter reads), given a block at a time as ``(text, start, end)``:
    ``text[start:end]`` is whole lines, each ending with ``"\\n"``
    (``\\r\\n`` read as ``\\n``, a lone ``\\r`` kept in its line), but
    perhaps the input's last line, without one (and without a final lone
    ``\\r``); the rest of *text* is not the block's (the start of a line
    the next block gives), and when *start* is 0 it holds no ``"\\n"``: a
    consumer may split the whole text and drop its last part.  Only ``\\n`` ends a line (not the other
    separators ``str.splitlines`` knows), so line numbers agree with every
    reader's positions.  A block is a decoded chunk (and what was carried
    from the one before), not sliced again: the consumer splits or searches
    it in place, so that no more than a chunk and its lines is held.

    A line longer than *max_line* characters (default: the ``record``
    limit of :mod:`.limits`) is given as ``(LongLine, 0, 0)`` in its place
    (:class:`LongLine`, carrying the error that tells it at its line); its
    characters are read and dropped up to the next ``"\\n"`` (never held
    whole: a chunk at a time), and the lines after it are given as usual.
    What to do with it is the consumer's: :func:`split_lines` stops or goes
    on, :func:`hearts_notation.io.batches.jsonl_batches` cuts its batches
    around it.

    Blocks, not lines (round 35): the batch cutter of ``validate --jobs``
    and the cluster counts the records of a block with ``str.find``
    (``memchr``) and ships slices of it, never a Python step and a string
    per line; it was a second splitter of its own kept for that speed,
    beside :func:`split_lines`, with its own ``\\r\\n``, its own limit
    check and its own copy of "drop the rest of a long line" (round 34).
    Both are now this one splitter's consumers.

    It counts every newline (the line of a long one), so with *feed* the
    chunks' decoder takes its count from here (:class:`LineFeed`) rather
    than count the same newlines again in the bytes.
    """
    limit = current().record if max_line is None else max_line
    rest = ""
    lineno = first_line     # the line the next block given starts on
    skipping = False        # in a long line: its characters dropped up to the next "\n"
    source_chunks = iter(chunks)
    while True:
        if feed is not None:
            feed.newlines = lineno - first_line     # (rest holds none)
        chunk = next(source_chunks, None)
        if chunk is None:
            break
        if skipping:
            cut = chunk.find("\n")
            if cut < 0:
                continue
            chunk = chunk[cut + 1:]
            skipping = False
        if rest:
            chunk = rest + chunk
        if "\r" in chunk:
            chunk = chunk.replace("\r\n", "\n")   # (a "\r" ending it stays in rest)
        end = chunk.rfind("\n") + 1
        rest = chunk[end:]
        start = 0
        if len(chunk) > limit:
            # A line over the limit may be here (only then is the block
            # looked at line by line): the lines before it are given first
            # (a reader keeps the games read before it, round 29).
            find = chunk.find
            pos = 0
            while pos < end:
                nl = find("\n", pos, end)
                if nl - pos > limit:
                    if pos > start:
                        lineno += _count_text_newlines(chunk, start, pos)
                        yield chunk[start:pos], 0, pos - start      # (see below)
                    yield LongLine(_long_line(source, lineno, limit)), 0, 0
                    lineno += 1
                    start = nl + 1
                pos = nl + 1
            if len(rest) > limit + (rest[-1:] == "\r"):   # (its "\n" may come next)
                # the line goes on in the chunks to come
                if end > start:
                    lineno += _count_text_newlines(chunk, start, end)
                    yield chunk[start:end], 0, end - start
                yield LongLine(_long_line(source, lineno, limit)), 0, 0
                lineno += 1
                rest, skipping = "", True
                continue
        if end > start:
            lineno += _count_text_newlines(chunk, start, end)
            yield chunk, start, end
    if rest:
        last = rest[:-1] if rest.endswith("\r") else rest
        yield last, 0, len(last)


def split_lines(chunks: Iterable[str], source: str = "-", max_line: int | None = None,
                first_line: int = 1, go_on: bool = False) -> Iterator[str]:
    """Lines of a chunked text, each ending with ``"\\n"`` (but perhaps the
    last), ``\\r\\n`` read as ``\\n``: the lines of :func:`line_blocks`,
    one at a time.

    A line longer than *max_line* characters (default: the ``record`` limit
    of :mod:`.limits`) is an :class:`InputError` at its line, raised before
    more than the limit and a chunk is held.

    With *go_on* (the JSONL reader and the HRN cutter, round 34) the input
    does not stop there: the long line is given as a :class:`LongLine`, its
    characters read and dropped up to the next ``"\\n"`` (never held whole:
    a chunk at a time), the lines after it given as usual, and the first
    long line's error raised once the input ends -- told once, at its line
    and column, after the games that follow it were read (a club's file
    with one pasted garbage line lost the rest of the evening).
    """
    first_error: InputError | None = None
    for text, start, end in line_blocks(chunks, source, max_line, first_line):
        if type(text) is LongLine:
            if not go_on:
                raise text.error
            if first_error is None:
                first_error = text.error
            yield text
            continue
        parts = (text if not start else text[start:end]).split("\n")
        last = parts.pop()      # (after the block's last "\n": the next block's)
        for part in parts:
            yield part + "\n"
        if last and end == len(text):
            yield last          # (the input's last line, without its "\n")
    if first_error is not None:
        raise first_error


def _long_line(source: str, line: int, limit: int) -> InputError:
    name = "line" if limit == current().line else "record"
    return InputError(source, limit_message("limit.what.line_length", name, limit), line, limit + 1)


def iter_text_lines(path: str, chunk_size: int = CHUNK_SIZE) -> Iterator[str]:
    """Lines of a file (or ``-``), checked and decoded as they stream in."""
    return split_lines(iter_text_chunks(path, chunk_size))


def read_bytes(path: str, max_bytes: int | None = None) -> bytes:
    """All bytes of a file or of standard input (``-``), with clear errors.

    Whole-file reading, for the few formats and tools that need the whole
    document (OpenSpiel exports, standard input kept for the carets);
    record readers stream instead.  The bytes are read a block at a time
    and refused as soon as a NUL byte shows binary data (``/dev/zero`` ends
    at once) or the total passes *max_bytes* (default: the ``document``
    limit), so an endless input never exhausts memory.
    """
    limit = current().document if max_bytes is None else max_bytes
    fh = open_binary(path)
    parts: list[bytes] = []
    total = 0
    wide = False
    try:
        while True:
            block = fh.read(CHUNK_SIZE)
            if not block:
                break
            if total == 0 and wide_encoding(block) is not None:
                wide = True
            if not wide and b"\0" in block:
                raise _binary_error(path, total + block.find(b"\0"), block if total == 0 else b"")
            total += len(block)
            if total > limit:
                raise InputError(path, whole_input_message("document", limit))
            parts.append(block)
    except OSError as exc:
        raise InputError(path, msg("input.cannot_read", why=os_reason(exc))) from None
    finally:
        if not is_stdin(fh):
            fh.close()
    return b"".join(parts)


def decode(data: bytes, source: str) -> str:
    """UTF-8 text of a record (a BOM is accepted), or an :class:`InputError`
    saying where the input stops being text."""
    return "".join(_decode_blocks(io.BytesIO(data), source, max(len(data), 1)))


def starts_with_bom(path: str) -> bool:
    """Whether the bytes of *path* (``-``: standard input, from the copy
    its reader keeps) start with a byte order mark: UTF-8, or UTF-16's
    (text that reads the same as a file without one, but is not the same
    file; ``fmt`` rewrites it)."""
    try:
        if path == "-":
            tee = _stdin_tee
            if tee is None or tee.spool is None:
                return False
            tee.spool.seek(0)
            head = tee.spool.read(4)
            tee.spool.seek(tee.kept)
        else:
            if not stat.S_ISREG(os.stat(path).st_mode):
                return False    # a FIFO read once: opened again it would block
            with open(path, "rb") as fh:
                head = fh.read(4)
    except OSError:
        return False
    return head.startswith(_BOM) or wide_encoding(head) is not None


def read_text(path: str) -> str:
    """Decoded text of a path or ``-`` (whole; see :func:`iter_text_chunks`)."""
    return "".join(iter_text_chunks(path))


#: The line breaks of the HRN reader in UTF-8 bytes, for the lines quoted
#: under its messages: :data:`.line_ends.BYTE_BREAKS`, the one definition
#: (tests/test_tidy18.py holds it to the reader's lines).
HRN_LINE_BREAKS: Final = BYTE_BREAKS


def _no_line_ends(path: str) -> re.Pattern[bytes] | None:
    return None


#: How the reader of a path ends its lines when not at ``\n`` only
#: (:data:`HRN_LINE_BREAKS` for an input read as HRN), None for the formats
#: whose readers count ``\n`` (JSON, YAML).  The format of a path is known
#: above this module, in :mod:`.formats` (which imports this one: the layers
#: stay one way, tests/test_import_layers.py), which installs its answer
#: here when it is imported (:func:`install_line_ends`); every read goes
#: through it, and importing this module imports the package ``io``, which
#: imports it.
_line_ends_of: Callable[[str], re.Pattern[bytes] | None] = _no_line_ends


def install_line_ends(decide: Callable[[str], re.Pattern[bytes] | None]) -> None:
    """Make *decide* the answer of :func:`reader_line_ends` (by :mod:`.formats`)."""
    global _line_ends_of
    _line_ends_of = decide


def reader_line_ends(path: str) -> re.Pattern[bytes] | None:
    """How the reader of *path* ends lines when it is not at ``\n`` only:
    HRN's (a lone CR, U+2028, U+2029: typed16), so the line a diagnostic
    quotes is the one its ``file:line:col`` names; None for the formats
    whose readers count ``\n`` (JSON, YAML)."""
    return _line_ends_of(path)


def source_lines_at(path: str, wanted: Iterable[int]) -> dict[int, str]:
    """The text of the lines numbered *wanted* (1-based) of a file: what a
    caret diagnostic needs from a large file without holding it.  Lines
    that do not exist are left out.

    Lines are numbered as the file's reader numbers them
    (:func:`reader_line_ends`: HRN's for an input read as HRN, decided as
    the reader's format is, :func:`.formats.input_format`).  Counted at
    ``\n`` only, a file whose lines end in a lone CR quoted nothing, and
    one mixing line ends quoted the wrong line (tidy18).

    When the file was read in this process and has not changed since, the
    reader's seek marks take each wanted line's read to within about a
    block of it (for HRN, the marks before the file's first other line
    break: the decoder counts ``\n``); otherwise the file is read once,
    streaming, up to the last line wanted.
    """
    need = sorted(set(n for n in wanted if n >= 1))
    out: dict[int, str] = {}
    if not need:
        return out
    ends = reader_line_ends(path)
    marks = _MARKS.get(path)
    if path == "-":
        tee = _stdin_tee
        if marks is None or tee is None or tee.spool is None:
            return out
        cut = tee.kept if tee.kept < tee.position else None
        if ends is not None and marks[3][0] >= 0:
            return _typed_lines(tee.spool, need, marks, ends, cut)
        return _lines_by_seeking(tee.spool, need, marks[0], marks[1], cut)
    if _wide_file(path):
        return _wide_lines(path, need, ends)
    if marks is not None:
        try:
            st = os.stat(path_text(path))
            if (st.st_size, st.st_mtime_ns) == marks[2]:
                with open(path, "rb") as fh:
                    if ends is not None and marks[3][0] >= 0:
                        # (a file with no other line break numbers its lines
                        # alike either way: read by lines, as fast as before)
                        return _typed_lines(fh, need, marks, ends)
                    return _lines_by_seeking(fh, need, marks[0], marks[1])
        except (OSError, InputError):
            pass
    try:
        mode = os.stat(path_text(path)).st_mode
    except (OSError, InputError):
        mode = None
    if mode is not None and not stat.S_ISREG(mode):
        # A FIFO (``<(...)``, a named pipe) or a device was read once: opened
        # again it would block for a writer that is gone, or give other bytes.
        # Its findings are told without their lines.
        return out
    if ends is not None:
        with open_binary(path) as fh:
            return _typed_lines(fh, need, ([1], [0], (-1, -1), [1], ([], [])), ends)
    k = 0
    for n, text in enumerate(iter_text_lines(path), 1):
        if n == need[k]:
            out[n] = text.rstrip("\n")
            k += 1
            if k == len(need):
                break
    return out


def _wide_file(path: str) -> bool:
    """Whether *path* is a regular file opening with UTF-16's or UTF-32's
    byte-order mark (:func:`wide_encoding`).  Only a regular file is looked
    at: a FIFO opened again would wait for a writer that is gone."""
    try:
        if not stat.S_ISREG(os.stat(path_text(path)).st_mode):
            return False
        with open_binary(path) as fh:
            return wide_encoding(fh.read(4)) is not None
    except (OSError, InputError):
        return False


def _wide_lines(path: str, need: list[int], ends: re.Pattern[bytes] | None) -> dict[int, str]:
    """The lines numbered *need* of a UTF-16 or UTF-32 file, numbered as
    its reader numbers them: its text is decoded as the reader decodes it
    (:func:`iter_text_chunks`) into a UTF-8 copy (on disk past a megabyte)
    that the lines are taken from.  The bytes themselves, read as UTF-8,
    quoted ``\x001\x00.\x00 \x00W`` under an error at ``1. W 2Z`` with the
    caret nowhere near it (round 29).  A file whose text breaks off gives
    the lines before."""
    import tempfile

    out: dict[int, str] = {}
    last = need[-1]
    with tempfile.SpooledTemporaryFile(max_size=1 << 20, prefix="hearts-lines-") as spool:
        seen = 0
        try:
            for chunk in iter_text_chunks(path):
                spool.write(chunk.encode("utf-8", "surrogatepass"))
                seen += chunk.count("\n")
                if ends is None and seen > last:
                    break
        except InputError:
            pass
        spool.seek(0)
        copy = cast(BinaryIO, spool)
        if ends is not None:
            return _typed_lines(copy, need, ([1], [0], (-1, -1), [1], ([], [])), ends)
        wanted = set(need)
        for n, raw in enumerate(copy, 1):
            if n in wanted:
                out[n] = raw.rstrip(b"\n").decode("utf-8", "replace")
            if n >= last:
                break
    return out


def _typed_lines(fh: BinaryIO, need: list[int], marks: Marks, breaks: re.Pattern[bytes],
                 end: int | None = None) -> dict[int, str]:
    """The lines numbered *need* of *fh* as a reader that ends lines at
    *breaks* numbers them, read from the nearest mark that numbers lines as
    it does: a decoder's mark before the file's first other line break, or
    one this function noted on an earlier call (about one a block read), so
    that the lines of a file's messages, asked in order, cost one read of
    the file in all.  *end*: see :func:`_lines_by_seeking`."""
    out: dict[int, str] = {}
    keep = current().line
    clean = marks[3][0]
    own_lines, own_offsets = marks[4]
    at = 0                          # the line the next one read is (0: none open)
    lines: Iterator[tuple[int, bytes]] = iter(())
    for n in need:
        i = bisect.bisect_right(marks[0], min(n, clean)) - 1
        start, offset = max(marks[0][i], 1), marks[1][i]
        j = bisect.bisect_right(own_lines, n) - 1
        if j >= 0 and own_lines[j] > start:
            start, offset = own_lines[j], own_offsets[j]
        if not at or at > n or start > at:
            at = start
            lines = _byte_lines(fh, offset, end, breaks, keep)
        for where, raw in lines:
            if where - (own_offsets[-1] if own_offsets else 0) >= CHUNK_SIZE:
                if len(own_lines) < _MAX_MARKS and (not own_lines or at > own_lines[-1]):
                    own_lines.append(at)
                    own_offsets.append(where)
            if at == n:
                if where == 0 and raw.startswith(_BOM):
                    raw = raw[len(_BOM):]
                out[n] = raw.decode("utf-8", "replace")
                at += 1
                break
            at += 1
        else:
            return out
    return out


def _byte_lines(fh: BinaryIO, offset: int, end: int | None, breaks: re.Pattern[bytes],
                keep: int) -> Iterator[tuple[int, bytes]]:
    """(byte offset, bytes without its line break) of each line of *fh*
    from *offset* (a line start) to *end* (None: the end of the file; a
    line that reaches *end* without its break is not given), a block at a
    time.  A line is given to its first *keep* bytes; the rest is passed
    over, not held."""
    fh.seek(offset)
    buf = b""                       # bytes from *offset* not yet given
    head: bytes | None = None       # the start of a line longer than *keep*
    head_at = 0                     # and where it starts
    while True:
        size = CHUNK_SIZE if end is None else max(0, min(CHUNK_SIZE, end - fh.tell()))
        block = fh.read(size) if size else b""
        if not block:
            if (buf or head is not None) and end is None:
                last = buf[:-1] if buf.endswith(b"\r") else buf     # (a final lone CR)
                yield (offset, last[:keep]) if head is None else (head_at, head)
            return
        buf += block
        i = 0
        for m in breaks.finditer(buf):
            if m.end() == len(buf) and buf[-1:] == b"\r":
                break                       # (its \n may open the next block)
            yield (offset + i, buf[i:m.start()][:keep]) if head is None else (head_at, head)
            head = None
            i = m.end()
        buf = buf[i:]
        offset += i
        if len(buf) > keep + 3 and not breaks.search(buf):
            if head is None:
                head, head_at = buf[:keep], offset
            offset += len(buf) - 3          # (a break's first bytes may end it)
            buf = buf[-3:]


def _lines_by_seeking(fh: BinaryIO, need: list[int], lines: list[int],
                      offsets: list[int], end: int | None = None) -> dict[int, str]:
    """The lines numbered *need* of the open file *fh*, reached by seeking
    to the nearest mark.  *end*: the file's bytes past it are not the
    input's (a copy of standard input that stopped at its limit), so a line
    that reaches it is left out."""
    out: dict[int, str] = {}
    keep = current().line
    at = 0          # line number of the next line fh.readline() gives (0: unknown)
    for n in need:
        i = bisect.bisect_right(lines, n) - 1
        if not at or at > n or lines[i] > at:
            fh.seek(offsets[i])
            at = max(lines[i], 1)
        while at <= n:
            raw = fh.readline(keep + 1)
            if not raw:
                return out
            text = raw
            while not raw.endswith(b"\n"):     # skip the rest of a long line
                raw = fh.readline(CHUNK_SIZE)
                if not raw:
                    break
            if end is not None and fh.tell() >= end and not text.endswith(b"\n"):
                return out
            if at == n:
                if at == 1 and text.startswith(_BOM):
                    text = text[len(_BOM):]
                out[n] = text.decode("utf-8", "replace").rstrip("\r\n")
            at += 1
    return out
