"""Everything the program writes goes through here: terminal text, standard
output and files named with ``-o``.

Three promises live in this one module so that no command has to remember
them:

* **Terminal safety.**  Records come from strangers.  A player's name, a tag,
  a comment, a file name or a quoted source line may hold escape sequences
  (clear the screen, set the window title, draw a fake hyperlink, 8-bit
  CSI).  :func:`escape_controls` turns every C0 and C1 control character
  (and DEL, and lone surrogates, which a terminal cannot encode) into a
  visible ``\\xNN``/``\\uNNNN`` escape.  :class:`SafeConsole` is the rich
  console of every command: markup is off, so no user text is ever read as
  rich markup (``[link=...]``, ``[/]``), and every text segment is escaped
  just before it is written, whatever renderable carried it.  Styles that
  the program itself chooses travel as :class:`rich.text.Text` spans,
  never as markup.
* **Atomic, faithful files.**  :func:`write_atomic_iter` writes a regular
  file through a temporary file beside it, ``fsync``-ed before the rename,
  removed if anything (an error, Ctrl-C, SIGTERM) stops the write.  A
  symbolic link is written through (the file it points to is replaced, the
  link stays).  A FIFO or a character device (``/dev/stdout``, a process
  substitution) is written straight through, since it cannot be replaced;
  a directory or any other kind of file is refused.
* **Broken outputs are one line.**  A full disk, an I/O error or a
  read-only file system while writing becomes :class:`OutputError`, which
  the command line prints as ``hearts: cannot write OUT: reason`` with
  status 2; a closed pipe ends the program quietly (see :mod:`.cli`).
"""

from __future__ import annotations

import errno
import io
import os
import re
import stat
import sys
from collections.abc import Callable, Collection, Iterable, Iterator
from typing import TYPE_CHECKING, Any, TextIO

from .i18n import Arg, Msg, current_language, msg, os_reason

if TYPE_CHECKING:   # (pathlib: only a write to a file needs it; start-up)
    from pathlib import Path

    from rich.console import Console, RenderableType
    from rich.console import ConsoleOptions as _ConsoleOptions
    from rich.text import Text

# The patterns below are compiled on first use (``re`` keeps them): text
# without any of their characters -- nearly all text -- is told by a string
# method, and a short command compiles none of them (start-up, issue 22).

#: C0 controls, DEL, C1 controls, lone surrogates, and the bidirectional
#: embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069): a
#: right-to-left override in a player's name, never closed, turns the rest of
#: its line backwards on a terminal that shows bidirectional text (the
#: other players' scores in a table, the file name under a message), the
#: "Trojan Source" trick.  The marks U+200E/U+200F change nothing after them
#: and stay.
_CONTROLS = "[\x00-\x1f\x7f-\x9f\ud800-\udfff\u202a-\u202e\u2066-\u2069]"
#: The same without newline and tab, for text made of several lines.
_CONTROLS_BUT_LAYOUT = "[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\u202a-\u202e\u2066-\u2069]"

#: Errors of the output device: reported in one line, never a traceback.
OUTPUT_ERRNOS = frozenset(
    getattr(errno, name) for name in ("ENOSPC", "EIO", "EROFS", "EDQUOT", "EFBIG", "EPIPE",
                                      "EACCES", "EPERM", "EISDIR", "ENXIO", "ENOENT", "ENOTDIR")
    if hasattr(errno, name)
)


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def escape_controls(text: str, *, keep_layout: bool = False) -> str:
    """*text* with every control character shown as an escape (``\\x1b``).

    With *keep_layout*, newlines and tabs stay (a block of text, such as a
    quoted record or a message of several lines); without, a single field
    (a name, a tag, a path) stays on its line.
    """
    if text.isprintable():   # (controls and surrogates are not printable)
        return text
    pattern = re.compile(_CONTROLS_BUT_LAYOUT if keep_layout else _CONTROLS)
    if pattern.search(text) is None:
        return text
    return pattern.sub(_escape, text)


def markup_text(text: str) -> str:
    """*text* as HTML or SVG text: markup escaped, and the control characters a
    record may hold (an ESC of a terminal sequence in a player's name) shown as
    escapes (``\\x1b``), as every text output shows them.  XML 1.0 has no way to
    hold most of them at all (a raw ESC makes an SVG not well-formed: browsers
    show an error instead of the picture), so escaping markup alone is not
    enough.  (``html`` is imported here: its entity table, ``html.entities``,
    costs every ``hearts`` start a millisecond, and only the HTML and SVG
    outputs need it; issue 22.)"""
    from html import escape

    return escape(escape_controls(text))


#: The characters CommonMark lets a backslash make literal: every ASCII
#: punctuation character (:func:`markdown_text`).
_MARKDOWN_PUNCTUATION = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")


def markdown_text(text: str) -> str:
    """*text* (a player's name) as literal Markdown text, for the editor's
    hovers (Markdown, rendered by the editor): control characters shown as
    escapes (newlines too: one field), and every ASCII punctuation
    character preceded by a backslash, so that nothing of it is markup.
    Put in raw, a name ``![t](https://example.org/t.png)`` made the editor
    fetch a picture as the mouse passed over the seat, ``[here](https://…)``
    drew a link and ``<img src=x>`` was HTML to a client that renders it
    (round 26)."""
    return "".join("\\" + c if c in _MARKDOWN_PUNCTUATION else c
                   for c in escape_controls(text))


def safe(text: object) -> str:
    """One user-supplied field (name, tag value, comment, path) as a string
    fit for a terminal: controls escaped, newlines too."""
    return escape_controls(str(text))


# Terminal ----------------------------------------------------------------------------------


def _console_class() -> type[Console]:
    from rich.console import Console
    from rich.segment import Segment

    from .render.breaks import kept

    class SafeConsole(Console):
        """A rich console that never lets a control character of the data
        through, never reads markup in a string and never breaks a line at
        a no-break space (French's before ``:``, inside ``19 948``:
        :func:`~hearts_notation.render.breaks.kept`)."""

        def render_str(self, text: str, **kwargs: Any) -> Text:
            # Strings become Text here (table cells, titles, print("...")):
            # escaped first, so that widths are measured on what is shown.
            return kept(super().render_str(escape_controls(text, keep_layout=True), **kwargs))

        def render(self, renderable: RenderableType,
                   options: _ConsoleOptions | None = None) -> Iterable[Segment]:
            for segment in super().render(kept(renderable), options):
                text = segment.text
                if segment.control is None and text and not text.isprintable() \
                        and re.search(_CONTROLS_BUT_LAYOUT, text):
                    yield Segment(re.sub(_CONTROLS_BUT_LAYOUT, _escape, text), segment.style)
                else:
                    yield segment

    return SafeConsole


_SAFE_CONSOLE: type[Console] | None = None


def console(*, stderr: bool = False, **kwargs: Any) -> Console:
    """A rich console for the program's output: colour only on a terminal,
    ``NO_COLOR`` respected, no markup, no highlighting, controls escaped."""
    global _SAFE_CONSOLE
    if _SAFE_CONSOLE is None:
        _SAFE_CONSOLE = _console_class()
    kwargs.setdefault("highlight", False)
    kwargs.setdefault("soft_wrap", True)
    kwargs.setdefault("markup", False)
    kwargs.setdefault("emoji", False)
    kwargs.setdefault("no_color", "NO_COLOR" in os.environ or None)
    return _SAFE_CONSOLE(stderr=stderr, **kwargs)


def message(text: str) -> None:
    """A message for people on standard error (an error, a summary line):
    controls escaped, newlines kept."""
    stream = sys.stderr
    stream.write(escape_controls(text, keep_layout=True) + "\n")
    stream.flush()


# Standard streams the program was started without, or that cannot encode ---------------


class _ClosedStream(io.RawIOBase):
    """Stands for a standard stream the program was started without
    (``>&-``, ``<&-``, a service with no console): reading it fails as an
    unreadable file does, writing it as a full disk does (status 2, one
    line), never as a missing attribute of ``None`` (status 3).  After the
    first failed write, later writes are dropped (the failure is already
    being reported)."""

    def __init__(self, name: str, why: Msg | None = None) -> None:
        super().__init__()
        self._name = name
        self._failed = False
        #: why the stream cannot be used, as a write of it says
        self.why = why or msg("output.stream_closed")

    def readable(self) -> bool:
        return self._name == "stdin"

    def writable(self) -> bool:
        return self._name != "stdin"

    def readinto(self, buffer: Any) -> int:
        raise OSError(errno.EBADF, msg("output.stream_closed").text(current_language()))

    def write(self, data: Any) -> int:
        if not self._failed and self._name == "stdout":
            self._failed = True
            raise OutputError("-", self.why, errno.EBADF)
        return len(data)


class _ReportStream(io.RawIOBase):
    """Standard error as the run writes it: descriptor 2, but a write that
    fails (``2>/dev/full``, a full disk, an I/O error) is dropped and the
    descriptor pointed at ``/dev/null``, since there is nowhere to say
    anything any more.  Before, the failure was an ``OSError`` in the
    middle of the command: taken for an output that could not be written
    (a run that would have ended with status 2, or had written nothing
    yet, told "cannot write standard output" to a standard error that
    could not take it, and ended with Python's traceback and status 1).
    The run goes on, its outputs written, its status the one it earns."""

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return 2

    def isatty(self) -> bool:
        return os.isatty(2)

    def write(self, data: Any) -> int:
        try:
            return os.write(2, data)
        except BlockingIOError:
            raise
        except OSError:
            try:
                devnull = os.open(os.devnull, os.O_WRONLY)
                os.dup2(devnull, 2)
                os.close(devnull)
            except OSError:
                pass
            return len(data)


def _read_only(fd: int) -> bool:
    """Whether descriptor *fd* is open for reading only (``1</dev/null``,
    ``2<file``): every write of it fails with EBADF."""
    try:
        import fcntl
    except ImportError:         # (not on Windows)
        return False
    try:
        return fcntl.fcntl(fd, fcntl.F_GETFL) & os.O_ACCMODE == os.O_RDONLY
    except OSError:
        return False


def standard_output_problem() -> Msg | None:
    """Why standard output cannot be written at all (the program was
    started without it, or with it open for reading only:
    :func:`guard_standard_streams`), or ``None``."""
    raw = getattr(getattr(sys.stdout, "buffer", None), "raw", None)
    return raw.why if isinstance(raw, _ClosedStream) else None


def guard_standard_streams() -> None:
    """Give the program usable standard streams whatever it was started
    with.  A closed descriptor 0, 1 or 2 is first filled with ``/dev/null``,
    so that no file the program opens lands on it (a record written to by a
    stray ``print``, a worker inheriting it as its output); then the Python
    stream Python left as ``None`` becomes a :class:`_ClosedStream` (standard
    error: ``/dev/null``, since there is nowhere to report to)."""
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            try:
                spare = os.open(os.devnull, os.O_RDWR)
            except OSError:
                continue
            if spare != fd:
                os.dup2(spare, fd)
                os.close(spare)
    if sys.stdin is None:
        sys.stdin = io.TextIOWrapper(io.BufferedReader(_ClosedStream("stdin")), encoding="utf-8")
    # A standard output open for reading only (``1</dev/null``) failed at
    # its first write with EBADF, which is no output error a command knows:
    # "internal error", status 3 (review 23).  It is told as one that
    # cannot be written (status 2, one line); a standard error so opened is
    # no place to report anything, as a closed one.
    stdout_fd = _stream_fd(sys.stdout)
    if sys.stdout is None or (stdout_fd == 1 and _read_only(1)):
        why = None if sys.stdout is None else msg("output.stream_read_only")
        sys.stdout = io.TextIOWrapper(io.BufferedWriter(_ClosedStream("stdout", why)),
                                      encoding="utf-8", write_through=True)
    if sys.stderr is None or (_stream_fd(sys.stderr) == 2 and _read_only(2)):
        sys.stderr = open(os.devnull, "w", encoding="utf-8")
    elif _stream_fd(sys.stderr) == 2 and isinstance(sys.stderr, io.TextIOWrapper):
        # (what cannot be written to it is dropped: _ReportStream)
        sys.stderr.flush()
        sys.stderr = io.TextIOWrapper(io.BufferedWriter(_ReportStream()),
                                      encoding=sys.stderr.encoding, errors=sys.stderr.errors,
                                      line_buffering=True)


def forget_unknown_terminal_size() -> None:
    """Drop ``COLUMNS`` and ``LINES`` from the environment when they are 0
    or less: "unknown", as :func:`shutil.get_terminal_size` reads them, so
    that the terminal is asked instead.  rich took ``COLUMNS=0`` as a width
    of 0 and printed nothing: ``score``, ``stats``, ``standings`` and
    ``replay`` wrote no byte with status 0, and ``validate``'s findings
    vanished (review 23); ``LINES=0`` drew the progress bar as "...".
    The workers and bots the run starts inherit the cleaned environment."""
    for name in ("COLUMNS", "LINES"):
        value = os.environ.get(name, "").strip()
        if value.lstrip("-").isdigit() and int(value) <= 0:
            del os.environ[name]


def _stream_fd(stream: Any) -> int | None:
    """The descriptor under a standard stream, ``None`` for none (a
    stand-in, a test's capture)."""
    try:
        fd: int = stream.fileno()
    except (AttributeError, OSError, ValueError):     # (io.UnsupportedOperation is an OSError)
        return None
    return fd


def _encodes(text: str, encoding: str) -> bool:
    try:
        text.encode(encoding)
    except UnicodeEncodeError:
        return False
    return True


def encoding_failure(exc: UnicodeEncodeError) -> str | None:
    """The one line for text standard output's encoding cannot hold
    (``PYTHONIOENCODING=latin-1``, a Windows code page), or ``None`` when
    *exc* did not come from standard output.  Files the program writes are
    always UTF-8, so an encoding error in standard output's own encoding is
    standard output's."""
    import codecs

    stream = sys.stdout
    encoding = getattr(stream, "encoding", None)
    bad = exc.object[exc.start:exc.end] if isinstance(exc.object, str) else ""
    try:
        if not encoding:
            return None
        if codecs.lookup(encoding).name != codecs.lookup(exc.encoding).name:
            # (the code pages' codecs call themselves "charmap")
            if exc.encoding != "charmap" or _encodes(bad, encoding):
                return None
    except LookupError:
        return None
    return "hearts: " + msg("output.cannot_encode", char=escape_controls(repr(bad[:1])),
                            encoding=encoding).text(current_language())


def _is_terminal(stream: TextIO) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def write_stdout(text: str, *, flush: bool = True) -> None:
    """Data for standard output (a record, a JSON report).  Written as is
    to a pipe or a file; on a terminal, controls of the data are escaped so
    that a hostile record cannot drive the terminal."""
    out = sys.stdout
    if _is_terminal(out):
        text = escape_controls(text, keep_layout=True)
    out.write(text)
    if flush:
        out.flush()


def write_stdout_held(pieces: Iterable[str]) -> None:
    """Write the pieces of a text to standard output only once the last one
    has been produced, in bounded memory.

    Standard output cannot be taken back, and the commands promise that
    nothing is written when a syntax error is found late in the input
    (docs/decisions.md).  The pieces go to a temporary file (in memory up
    to :data:`HOLD_IN_MEMORY`, then on disk, already unlinked, so nothing
    is left behind whatever stops the program) and are copied to standard
    output when the producer is done; an exception of the producer
    discards them.
    """
    for chunk in _held(pieces, "-"):
        write_stdout(chunk, flush=False)
    sys.stdout.flush()


def _held(pieces: Iterable[str], target: str) -> Iterator[str]:
    """The text of *pieces* in blocks, once the last piece is produced (see
    :func:`write_stdout_held`); the spool is closed (and its file gone)
    whatever happens."""
    import tempfile

    with tempfile.SpooledTemporaryFile(max_size=HOLD_IN_MEMORY, mode="w+", encoding="utf-8",
                                       newline="\n") as spool:
        for piece in pieces:       # errors of the producer pass as they are
            try:
                spool.write(piece)
            except OSError as exc:
                raise OutputError(target, msg("output.spooled", why=os_reason(exc)),
                                  exc.errno) from None
        spool.seek(0)
        while chunk := spool.read(1 << 20):
            yield chunk


#: Bytes of held standard output kept in memory before a temporary file
#: takes over (:func:`write_stdout_held`).
HOLD_IN_MEMORY = 1 << 20


# Machine output ----------------------------------------------------------------------------

#: Characters JSON allows raw in a string that a machine output must not
#: carry raw: DEL and the C1 controls (8-bit CSI, NEL: a terminal or a pager
#: showing the file obeys them), the line and paragraph separators (line
#: breaks for ``str.splitlines`` and JavaScript before ES2019, so a JSONL
#: line would split), lone surrogates (not encodable in UTF-8) and the
#: bidirectional embeddings, overrides and isolates (a pager showing the file
#: lays the rest of the line out backwards: :data:`_CONTROLS`).  C0 controls
#: are escaped by :func:`json.dumps` itself.
_JSON_UNSAFE = "[\x7f-\x9f\u2028\u2029\ud800-\udfff\u202a-\u202e\u2066-\u2069]"


def _json_escape(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


def json_safe(text: str) -> str:
    """JSON text from :func:`json.dumps` (``ensure_ascii=False``) with the
    characters of :data:`_JSON_UNSAFE` written as ``\\uXXXX`` escapes: the
    same JSON value, and no raw control character in the file.  Outside
    strings JSON text is ASCII, so every match is inside a string."""
    if text.isascii() and "\x7f" not in text:     # (nearly every record: start-up)
        return text
    pattern = re.compile(_JSON_UNSAFE)
    if pattern.search(text) is None:
        return text
    return pattern.sub(_json_escape, text)


def json_text(value: Any, *, indent: int | None = None,
              separators: tuple[str, str] | None = None) -> str:
    """*value* as JSON for a machine output (a report, a record): UTF-8
    text kept readable (``ensure_ascii=False``), every control character
    and line separator escaped (:func:`json_safe`)."""
    import json

    return json_safe(json.dumps(value, ensure_ascii=False, indent=indent, separators=separators))


#: The first characters that make a spreadsheet read a CSV cell as a
#: formula (``=cmd|' /C calc'!A0``, ``@SUM(...)``, ``+1+1``, ``-1+1``), and
#: their full-width forms (``＝1+1``), which spreadsheets with an East Asian
#: input method take for them.
_FORMULA_START = ("=", "+", "-", "@", "\uff1d", "\uff0b", "\uff0d", "\uff20")


def csv_cell(text: str) -> str:
    """A text cell of a CSV output (a player's name, a file name): control
    characters written as visible escapes (``\\x1b``, as on the terminal,
    newlines and tabs too, so that a row stays one line), and a cell that a
    spreadsheet would run as a formula (starting with ``=``, ``+``, ``-``
    or ``@``, or their full-width forms, after any blanks) prefixed with an
    apostrophe, which spreadsheets show as text.
    Numbers are separate cells and never changed."""
    text = escape_controls(text)
    # (after the blanks a cell may start with: an import that trims them,
    # LibreOffice's "trim spaces", makes `` =1+1`` a formula again; a file
    # named `` =2.hrn`` is a cell of ``score --format csv``)
    if text.lstrip().startswith(_FORMULA_START):
        return "'" + text
    return text


class StdoutData:
    """A minimal writable stream over :func:`write_stdout`, for code that
    writes a document piece by piece (flushed when the caller flushes)."""

    def write(self, text: str) -> int:
        write_stdout(text, flush=False)
        return len(text)

    def flush(self) -> None:
        sys.stdout.flush()


# Files -------------------------------------------------------------------------------------


class OutputError(OSError):
    """An output could not be written (full disk, read-only, not a file we
    may replace...).  ``str()`` is the one line the user sees."""

    def __init__(self, target: str, reason: str | Msg, code: int | None = None) -> None:
        text = reason.text() if isinstance(reason, Msg) else reason
        super().__init__(code or 0, text)
        self.target = target
        self.reason = text
        #: why, as a message argument (the catalog's words for a known error)
        self.why: Arg = (reason.arg() if isinstance(reason, Msg)
                         else os_reason(OSError(code, text) if code else None, text))

    def __str__(self) -> str:
        """``cannot write OUT: reason`` in the run's language."""
        where: Arg = (msg("output.stdout").arg() if self.target == "-"
                      else escape_controls(self.target))
        return msg("output.cannot_write", where=where, reason=self.why).text(current_language())


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc)


#: Temporary files being written, removed by :func:`remove_temporaries` if
#: the program is stopped by a signal before their rename.
_TEMPORARIES: set[str] = set()


#: Writes making their temporary file at this moment: its folder and the
#: prefix of its name (``.NAME.PID.``), the name itself not known yet.
_MAKING: set[tuple[str, str]] = set()


def remove_temporaries() -> None:
    """Remove the temporary files of writes still in progress (called on
    SIGTERM; Ctrl-C and errors remove them on their way out), those of a
    write whose file was just made and not yet noted included (found by
    their folder and prefix, :data:`_MAKING`)."""
    for folder, prefix in list(_MAKING):
        try:
            names = os.listdir(folder)
        except OSError:
            names = []
        _TEMPORARIES.update(os.path.join(folder, n) for n in names
                            if n.startswith(prefix) and n.endswith(".tmp"))
        _MAKING.discard((folder, prefix))
    for tmp in list(_TEMPORARIES):
        try:
            os.unlink(tmp)
        except OSError:
            pass
        _TEMPORARIES.discard(tmp)


#: How long a write to a FIFO waits for a program to read it (seconds).
FIFO_READER_WAIT = 10.0


def _open_through(path: str) -> int:
    """A descriptor writing into the FIFO or device *path*.

    A FIFO is opened without blocking and tried again until a reader comes,
    for :data:`FIFO_READER_WAIT` seconds at most, then refused: opened as
    ``cat > fifo`` opens it, a FIFO nobody reads made the command wait for
    ever (review 22).  The reader started just after the command
    (``hearts ... -o fifo & cat fifo``) is still met.  Once open, writes
    block as they would on a pipe."""
    import fcntl
    import time

    flags = os.O_WRONLY | getattr(os, "O_CLOEXEC", 0)
    own = descriptor_named(path)
    if own is not None:
        try:
            return os.dup(own)
        except OSError as exc:
            if exc.errno != errno.EBADF:
                raise
            raise OutputError(path, msg("output.stream_closed"), errno.EBADF) from None
    if not stat.S_ISFIFO(os.stat(path).st_mode):
        try:
            return os.open(path, flags)
        except OSError as exc:
            if exc.errno != errno.ENXIO:
                raise
            # (``/dev/tty`` in a process with no terminal, from cron or
            # ``setsid``: the system's "No such device or address", in English)
            raise OutputError(path, msg("output.no_device"), errno.ENXIO) from None
    deadline = time.monotonic() + FIFO_READER_WAIT
    while True:
        try:
            fd = os.open(path, flags | os.O_NONBLOCK)
        except OSError as exc:
            if exc.errno != errno.ENXIO:
                raise
            if time.monotonic() >= deadline:
                raise OutputError(path, msg("output.fifo_no_reader",
                                            seconds=("num", int(FIFO_READER_WAIT)))) from None
            time.sleep(0.05)
            continue
        fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) & ~os.O_NONBLOCK)
        return fd


_DESCRIPTOR_NAME = re.compile(
    r"/dev/(stdout|stderr|stdin|fd/([0-9]{1,6}))|/proc/(?:self|thread-self)/fd/([0-9]{1,6})")


def descriptor_named(path: str) -> int | None:
    """The descriptor of this process that *path* names (``/dev/stdout``,
    ``/dev/stderr``, ``/dev/fd/N``, ``/proc/self/fd/N``), or ``None``.

    Such a name is written through the descriptor the shell set up, as
    ``cat`` writes to it: followed to the file behind it
    (``hearts score g.hrn -o /dev/stdout >> log.txt``), the report replaced
    the whole log, and on a pipe it was "No such file or directory"
    (before review 22)."""
    found = _DESCRIPTOR_NAME.fullmatch(os.path.normpath(path))
    if found is None:
        return None
    named, number = found.group(1), found.group(2) or found.group(3)
    if number is not None:
        return int(number)
    return {"stdin": 0, "stdout": 1, "stderr": 2}[named]


def _through(path: str, pieces: Iterable[str], encoding: str = "utf-8") -> None:
    """Write into an existing FIFO or character device, as ``cat > path``
    (a FIFO with no reader refused after a while: :func:`_open_through`)."""
    try:
        with open(_open_through(path), "w", encoding=encoding, newline="\n") as fh:
            for piece in pieces:
                fh.write(piece)
    except OutputError:
        raise
    except OSError as exc:
        if exc.errno == errno.EPIPE:
            raise
        raise OutputError(path, _reason(exc), exc.errno) from None


def refuse_empty_name(path: str | None) -> None:
    """An empty output name (``-o "$OUT"`` with ``OUT`` left empty) is refused
    as it stands, in the words of an empty input name (``input.empty_name``):
    taken as a path it is the working folder, and the write said
    ``cannot write : is a directory``.  ``None`` (no option given) passes."""
    if path == "":
        raise OutputError("''", msg("input.empty_name"))


def refuse_unwritable(path: str | None) -> None:
    """An output file that no write could make is refused before the
    command does any work, in the words the write would use
    (:func:`resolve_target`): a folder (``-o club``), a missing folder
    (``-o nosuch/out.json``, a link to one), a link loop, a socket.  They
    were found only when the output was written, after all the work:
    ``puzzles g.hrn --format json -o club`` analysed for two minutes, then
    said "cannot write club: is a directory" (round 25).  A name that is
    a regular file now is left to the write (which may still refuse it:
    hard links), as are standard output, URLs, FIFOs and devices; nothing
    is created or opened."""
    if not path or path == "-" or "://" in path:
        return
    try:
        if stat.S_ISREG(os.stat(path).st_mode):
            return
    except OSError:
        pass
    resolve_target(path)


def refuse_report_over_input(path: str | None, inputs: Iterable[str],
                             suffixes: Collection[str] = (),
                             listed: Callable[[str], list[str]] | None = None) -> None:
    """A report, a page or a picture (``score -o``, ``replay --html``,
    ``diagram -o``...) is refused over one of the command's own input files
    (``hearts score --format json g.hrn -o g.hrn``): written atomically, it
    replaced the record with what was said about it, and the record was lost.
    A folder given as input holds its record files, those whose name ends
    with one of *suffixes*, in no hidden folder and not hidden themselves (the
    files a folder is searched for): ``hearts standings club -o club/night1.hrn`` replaced a record the
    run had just read.
    Records written over themselves (``convert``, ``select``, ``annotate -o``)
    are not asked here: they are the record, rewritten.  Standard output, a
    new name and inputs that are not files (``-``, URLs other than ``file://``) pass.
    *listed* gives the local files a ``file://`` pattern reads, listed as the
    command lists them (the command layer's lister: this module stays below
    the readers); without it such a pattern is not followed."""
    if not path or path == "-" or "://" in path or not os.path.isfile(path):
        return
    for named in inputs:
        for given in _local_inputs(named, listed):
            try:
                if os.path.isdir(given):
                    same = _searched_in(path, given, suffixes)
                else:
                    same = os.path.samefile(given, path)
            except OSError:
                continue
            if same:
                raise OutputError(path, msg("output.report_over_input", input=named))


def _local_inputs(given: str, listed: Callable[[str], list[str]] | None) -> list[str]:
    """The local files or folders an input names: none for standard input
    and for a URL read elsewhere.  A ``file://`` URL is a local path as
    fsspec reads it (the text after ``file://``): ``hearts score
    file:///data/club/ -o /data/club/a.hrn`` replaced the record it read
    (review17).  A ``file://`` pattern names the files *listed* gives:
    ``hearts score 'file:///data/club/*.hrn' -o /data/club/a.hrn`` replaced
    the record too (review19).  A chained URL (``zip://...::club.zip``) is
    not followed: what it reads is inside another file."""
    if given == "-":
        return []
    if "://" not in given:
        return [given]
    if not given.startswith("file://") or "::" in given:
        return []
    from .folders import WILDCARDS

    if not any(c in given for c in WILDCARDS):
        return [given[len("file://"):]]
    return listed(given) if listed is not None else []


def _searched_in(path: str, folder: str, suffixes: Collection[str]) -> bool:
    """Whether *path* is one of the files a search of *folder* reads
    (:func:`hearts_notation.folders.folder_files`), compared as files (device
    and inode), not as names: ``club/a.hrn``, a link to ``club/.b.hrn`` or to
    a record outside the folder, is read as ``a.hrn`` and a report written
    to it replaces the file it points to (review17: comparing the resolved
    name, hidden, let ``-o club/a.hrn`` replace the record just read)."""
    from .folders import folder_files

    target = os.stat(path)
    for found in folder_files(folder, suffixes):
        try:
            if os.path.samestat(target, os.stat(found)):
                return True
        except OSError:
            continue
    return False


def working_folder_gone() -> bool:
    """Whether this process's working folder was removed (``os.getcwd``
    fails): every relative name then fails with ``FileNotFoundError`` and no
    file name, which is no fault of standard output (hostile31)."""
    try:
        os.getcwd()
    except FileNotFoundError:
        return True
    return False


def real_target(path: str) -> str:
    """*path* made absolute, its links followed (``os.path.realpath``), or
    an :class:`OutputError` that says why not: a relative name in a working
    folder that was removed (``cd club; rm -r ../club; hearts score g.hrn -o
    out.txt``) raised ``FileNotFoundError`` without a file name, which was
    told as "cannot write standard output: No such file or directory"
    (hostile31)."""
    try:
        return os.path.realpath(path)
    except OSError as exc:
        why: str | Msg = (msg("output.cwd_gone") if exc.errno == errno.ENOENT
                          else _reason(exc))
        raise OutputError(path, why, exc.errno) from None


def resolve_target(path: str) -> tuple[Path, str]:
    """Where a write to *path* lands and how: ``("replace", real file)`` for
    a regular file or a new name (symbolic links followed), ``("through",
    ...)`` for a FIFO or character device.  Anything else is an
    :class:`OutputError`."""
    from pathlib import Path

    refuse_empty_name(path)
    if descriptor_named(path) is not None:
        return Path(path), "through"
    try:
        # (the name itself first: ``/dev/stdout`` on a pipe is a link to
        # ``pipe:[N]``, which the kernel opens and ``realpath`` cannot
        # follow: "No such file or directory" before review 22)
        here = os.stat(path)
    except OSError:
        pass
    else:
        if stat.S_ISFIFO(here.st_mode) or stat.S_ISCHR(here.st_mode):
            return Path(path), "through"
    real = Path(real_target(path))
    try:
        st = os.stat(real)
    except FileNotFoundError:
        if not real.parent.is_dir():
            raise OutputError(path, msg("output.no_directory")) from None
        return real, "replace"
    except OSError as exc:
        raise OutputError(path, _reason(exc), exc.errno) from None
    mode = st.st_mode
    if stat.S_ISREG(mode):
        if st.st_nlink > 1:
            # Replacing the file would give this name a new file and leave
            # the other names with the old text: the link split silently.
            raise OutputError(path, msg("output.hard_links", n=("num", st.st_nlink)))
        return real, "replace"
    if stat.S_ISFIFO(mode) or stat.S_ISCHR(mode):
        return real, "through"
    if stat.S_ISDIR(mode):
        raise OutputError(path, msg("output.directory"), errno.EISDIR)
    raise OutputError(path, msg("output.not_regular"))


def _keep_owner(tmp: str, target: Path) -> None:
    """Give the new file the owner and group of the file it replaces, as
    editors do (a file of a user rewritten by root stays the user's).  When
    the system does not allow it (an ordinary user cannot give a file away),
    the group alone is tried, then nothing: the new file is the writer's,
    as any file it creates."""
    if not hasattr(os, "chown"):
        return
    try:
        st = target.stat()
    except FileNotFoundError:
        return
    mine = os.stat(tmp)
    if (st.st_uid, st.st_gid) == (mine.st_uid, mine.st_gid):
        return
    for uid, gid in ((st.st_uid, st.st_gid), (-1, st.st_gid)):
        try:
            os.chown(tmp, uid, gid)
            return
        except OSError:
            continue


#: The longest file name most file systems take, in bytes (NAME_MAX).
_NAME_MAX = 255
#: What a temporary's name adds to its target's: ``.`` ``.PID.`` (ten
#: digits at most) ``XXXXXXXX`` (mkstemp's eight) ``.tmp``.
_TEMPORARY_EXTRA = 1 + 1 + 10 + 1 + 8 + 4


def _temporary_stem(name: str) -> str:
    """The part of a temporary file's name (``.STEM.PID.XXXXXXXX.tmp``)
    that names its target: the target's name, cut so that the whole fits
    in 255 bytes.  An output of a long but legal name (251 characters and
    ``.txt``) could not be written before: its temporary's name was "too
    long" (review 22)."""
    raw = os.fsencode(name)
    room = _NAME_MAX - _TEMPORARY_EXTRA
    return name if len(raw) <= room else os.fsdecode(raw[:room])


def _name_stale_temporaries(target: Path) -> None:
    """Say which temporary files an earlier write to *target* left behind
    when it was killed (SIGKILL, a power cut: nothing could remove them):
    ``.NAME.PID.XXXX.tmp`` whose process is gone.  They are named, not
    removed: one may hold the only copy of work that was being written."""
    prefix = f".{_temporary_stem(target.name)}."
    try:
        names = [n for n in os.listdir(target.parent)
                 if n.startswith(prefix) and n.endswith(".tmp")]
    except OSError:
        return
    for name in names:
        pid = name[len(prefix):].split(".", 1)[0]
        if not pid.isdigit() or int(pid) == os.getpid() or _alive(int(pid)):
            continue
        message("hearts: " + msg("output.stale_temporary",
                                 path=escape_controls(str(target.parent / name))
                                 ).text(current_language()))


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError, OverflowError):
        return True
    return True


def _fsync_directory(directory: Path) -> None:
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_atomic_iter(path: str, pieces: Iterable[str], *, hold: bool = False,
                      encoding: str = "utf-8") -> None:
    """Write the pieces of a text to *path* atomically, as they come.

    The pieces go to a temporary file beside the target, flushed to disk
    and renamed over it only once the last piece is written: an exception
    raised while the pieces are produced (a syntax error found late in a
    streamed input, Ctrl-C, SIGTERM) leaves the target untouched and no
    temporary file behind.  ``-`` writes to standard output as the pieces
    come, or with *hold* only once the last piece is produced
    (:func:`write_stdout_held`); a FIFO or a device is written straight
    through.  A failure of the output itself raises :class:`OutputError`.
    """
    refuse_empty_name(path)
    if path == "-" and hold:
        write_stdout_held(pieces)
        return
    if "://" in path:
        _write_url(path, pieces, encoding)
        return
    if path == "-":
        for piece in pieces:
            write_stdout(piece, flush=False)
        sys.stdout.flush()
        return
    target, how = resolve_target(path)
    if how == "through":
        # A FIFO or a device cannot be taken back either: held like
        # standard output when the caller asks.
        _through(str(target), _held(pieces, path) if hold else pieces, encoding)
        return
    import tempfile

    _name_stale_temporaries(target)
    prefix = f".{_temporary_stem(target.name)}.{os.getpid()}."
    making = (str(target.parent), prefix)
    # (noted before the file exists: mkstemp makes it a moment before its
    # name is known here, and a SIGTERM in that moment left it behind --
    # test_cli_robustness's SIGTERM test failed so under load, review21)
    # The folder and prefix stay noted until the name is: a SIGTERM between
    # mkstemp's return and the name's note (a ``finally`` would already have
    # forgotten the prefix there) still finds the file by its prefix.
    _MAKING.add(making)
    try:
        fd, tmp = tempfile.mkstemp(prefix=prefix, suffix=".tmp", dir=target.parent)
    except OSError as exc:
        _MAKING.discard(making)
        raise OutputError(path, _reason(exc), exc.errno) from None
    _TEMPORARIES.add(tmp)
    _MAKING.discard(making)
    try:
        fh = open(fd, "w", encoding=encoding, newline="\n")
        try:
            for piece in pieces:       # errors of the producer pass as they are
                try:
                    fh.write(piece)
                except OSError as exc:
                    raise OutputError(path, _reason(exc), exc.errno) from None
            try:
                fh.flush()
                os.fsync(fh.fileno())
                fh.close()
            except OSError as exc:
                raise OutputError(path, _reason(exc), exc.errno) from None
        finally:
            if not fh.closed:
                try:
                    fh.close()
                except OSError:
                    pass   # the data is abandoned anyway
        try:
            try:
                mode = target.stat().st_mode & 0o7777
            except FileNotFoundError:
                umask = os.umask(0)
                os.umask(umask)
                mode = 0o666 & ~umask
            os.chmod(tmp, mode)
            _keep_owner(tmp, target)
            os.replace(tmp, target)
        except OSError as exc:
            raise OutputError(path, _reason(exc), exc.errno) from None
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    finally:
        _TEMPORARIES.discard(tmp)
    _fsync_directory(target.parent)


def _write_url(url: str, pieces: Iterable[str], encoding: str) -> None:
    """:func:`write_atomic_iter` to a URL (``s3://bucket/out.jsonl``,
    ``file:///shared/out.hrn``), through fsspec: the pieces go to a hidden
    temporary object beside the target, moved over it only once the last
    piece is written (a rename on a local or network file system; a copy
    on an object store, whose objects appear whole).  An exception of the
    producer, Ctrl-C, or a failure of the file system removes the
    temporary object: the target is the old one or the new one, never
    half written.  Failures are :class:`OutputError`."""
    import secrets
    import zipfile

    try:
        import fsspec
    except ImportError:
        raise OutputError(url, msg("output.needs_fsspec")) from None
    try:
        fs, target = fsspec.core.url_to_fs(url)
    except (ImportError, ValueError, zipfile.BadZipFile) as exc:
        # (fsspec opens a ``zip://`` URL's archive here: one that is not a
        # zip file was an internal error, found once ``puzzles -o`` and
        # ``diagram -o`` were seen as file options by the hostile-values test)
        raise OutputError(url, msg("output.url_unwritable", why=str(exc))) from None
    except OSError as exc:
        raise OutputError(url, _reason(exc), exc.errno) from None
    parent, _, name = target.rpartition("/")
    tmp = f"{parent}/.{name}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
    try:
        if fs.isdir(target):
            raise OutputError(url, msg("output.directory"), errno.EISDIR)
        if parent and not fs.isdir(parent):
            raise OutputError(url, msg("output.no_directory"))
        with fs.open(tmp, "wb") as fh:
            for piece in pieces:       # errors of the producer pass as they are
                fh.write(piece.encode(encoding))
        fs.mv(tmp, target)
    except OutputError:
        _remove_url(fs, tmp)
        raise
    except OSError as exc:
        _remove_url(fs, tmp)
        raise OutputError(url, _reason(exc), exc.errno) from None
    except (NotImplementedError, ValueError) as exc:
        _remove_url(fs, tmp)
        raise OutputError(url, msg("output.url_unwritable",
                                   why=str(exc) or type(exc).__name__)) from None
    except BaseException:
        _remove_url(fs, tmp)
        raise


def _remove_url(fs: Any, path: str) -> None:
    """The temporary object of :func:`_write_url` removed, if it was made."""
    try:
        if fs.exists(path):
            fs.rm(path)
    except (OSError, NotImplementedError, ValueError):
        pass


def write_atomic(path: str, text: str) -> None:
    """Write *text* to *path* as :func:`write_atomic_iter` does."""
    write_atomic_iter(path, (text,))


def write_atomic_bytes(path: str, data: bytes) -> None:
    """Write binary *data* (a PNG) to a file as :func:`write_atomic_iter`
    does, through the same path: Latin-1 maps each byte to one character
    and back, and ``newline="\\n"`` translates nothing, so the file holds
    exactly *data*."""
    write_atomic_iter(path, (data.decode("latin-1"),), encoding="latin-1")


__all__ = [
    "OUTPUT_ERRNOS",
    "OutputError",
    "StdoutData",
    "console",
    "csv_cell",
    "descriptor_named",
    "escape_controls",
    "json_safe",
    "json_text",
    "markdown_text",
    "message",
    "real_target",
    "refuse_empty_name",
    "remove_temporaries",
    "resolve_target",
    "safe",
    "working_folder_gone",
    "write_atomic",
    "write_atomic_bytes",
    "write_atomic_iter",
    "write_stdout",
    "write_stdout_held",
]
