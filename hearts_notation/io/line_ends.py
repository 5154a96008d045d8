"""Where an HRN line ends: the one definition every reader of HRN lines uses.

A line of HRN text ends at ``\\n``, at ``\\r\\n`` (one break), at a carriage
return that no ``\\n`` follows (an old Mac's line end, some phone apps'),
and at U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR (a word
processor's manual line break, a web form's): docs/spec.md, section 2.1.1.
NEL (U+0085), the vertical tab and the form feed end no line: no editor
breaks a line at them, and a NEL in a UTF-8 file is more often a Windows
``…`` (0x85) transcoded as Latin-1 than an EBCDIC line end (the reader
tells it where it stands, and a file of NEL line ends whose first line is a
note is told so: :data:`NEL`).

Before this module the knowledge was written six times (the cutter's
``typed_chunks`` substitution, the decoder's bytes pattern and its test,
the cluster planner's test, the note scanner's split, the editor's
``split_lines``, which cut at ``\\n`` only and so disagreed with
``hearts validate`` on such a file): each form below is derived from the
one list :data:`SEPARATORS` plus the carriage return, so adding or removing
a break is one edit, and tests/test_lines19.py holds every user to it.

This module imports nothing of the package: the decoder (:mod:`.stream`),
the planner (:mod:`.segments`), the HRN reader's modules and the editor all
import it, and it sits below them all.  JSON and YAML count ``\\n`` only
(their readers' positions do): these breaks are HRN's.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = [
    "BYTE_BREAKS",
    "BYTE_SEPARATORS",
    "CR",
    "LINE_BREAKS",
    "NEL",
    "PROTOCOL_BREAKS",
    "SEPARATORS",
    "bytes_break_otherwise",
    "decoded_break_otherwise",
    "first_nel",
    "may_break_otherwise",
    "newline_text",
    "split_lines",
]

#: The line breaks that are neither ``\n`` nor a carriage return: U+2028
#: LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR.
SEPARATORS: Final = ("\u2028", "\u2029")
#: The carriage return: a line end alone, and with the ``\n`` after it.
CR: Final = "\r"
#: NEL (U+0085), which ends no line (see the module's text): told, not read.
NEL: Final = "\x85"

_SEP_CLASS: Final = "".join(SEPARATORS)
#: :data:`SEPARATORS` in UTF-8, for the byte-level tests and patterns.
BYTE_SEPARATORS: Final = tuple(s.encode("utf-8") for s in SEPARATORS)

#: Every HRN line break in text, one match a break (``\r\n`` is one).
LINE_BREAKS: Final = re.compile(f"\r\n|[\r\n{_SEP_CLASS}]")
#: The same breaks in UTF-8 bytes (the lines quoted under a message,
#: :func:`.stream.source_lines_at`).
BYTE_BREAKS: Final = re.compile(
    b"\r\n?|\n|" + b"|".join(re.escape(s) for s in BYTE_SEPARATORS))
_CR_BYTE: Final = CR.encode("ascii")
#: The line ends of the Language Server Protocol, which an editor client
#: counts its positions by (the specification: ``\n``, ``\r\n`` and
#: ``\r``): HRN's without :data:`SEPARATORS`, which editors show inside a
#: line (VS Code offers to remove them as "unusual line terminators").  The
#: editor applies a client's changes by these (:func:`.editor.document.apply_change`).
PROTOCOL_BREAKS: Final = re.compile("\r\n|[\r\n]")


def may_break_otherwise(text: str) -> bool:
    """Whether *text* may hold a line break other than ``\\n``: a carriage
    return (perhaps a CR LF's) or a separator.  The cheap test (searches of
    one character at C speed, none of the separators for ASCII text) before
    a reader of lines looks for them itself."""
    return CR in text or (not text.isascii() and any(s in text for s in SEPARATORS))


def _lone_cr(data: bytes) -> bool:
    """Whether UTF-8 *data* holds a carriage return that no ``\\n`` follows
    (one that ends *data* counts: its ``\\n`` may open the next block)."""
    return _CR_BYTE in data and data.count(_CR_BYTE) != data.count(b"\r\n")


def bytes_break_otherwise(data: bytes) -> bool:
    """Whether UTF-8 *data* holds a line break that a count of ``\\n`` does
    not see: a carriage return no ``\\n`` follows (or one that ends *data*:
    the caller then takes the slow, always right way), or a separator (the
    cluster planner's test, :mod:`.segments`)."""
    return _lone_cr(data) or any(s in data for s in BYTE_SEPARATORS)


def decoded_break_otherwise(data: bytes, text: str) -> bool:
    """:func:`bytes_break_otherwise` of a block the decoder has decoded as
    *text*: the separators are looked for in the text (two searches of one
    character, none for ASCII text; three byte searches cost 2 ms a MiB on
    a sheet with suit symbols, whose UTF-8 starts with the separators' first
    byte).  A block of ``\\n`` lines costs a ``memchr``; CR LF lines two
    counts (about 2 ms a MiB)."""
    return _lone_cr(data) or (not text.isascii() and any(s in text for s in SEPARATORS))


def newline_text(text: str) -> str:
    """*text* with every line break ``\\n``: ``\\r\\n``, a lone ``\\r`` and
    :data:`SEPARATORS` replaced, so that its lines are counted and cut
    at ``\\n`` alone, columns unchanged (a break is no column of its line).
    Plain replacements at C speed: CR LF text costs one ``str.replace``,
    text without another break two searches of one character."""
    if CR in text:
        text = text.replace("\r\n", "\n")
        if CR in text:
            text = text.replace(CR, "\n")
    if not text.isascii():
        for s in SEPARATORS:
            if s in text:
                text = text.replace(s, "\n")
    return text


def split_lines(text: str) -> list[str]:
    """The lines of *text* as the HRN reader numbers them, without their
    breaks (``"a\\r\\nb\\u2028c"`` is ``["a", "b", "c"]``; a text that ends
    with a break ends with an empty line, as ``str.split`` gives it)."""
    if may_break_otherwise(text):
        return LINE_BREAKS.split(text)
    return text.split("\n")


def first_nel(text: str) -> int:
    """Where the first NEL of *text* is (an index), or -1: NEL ends no
    line, and a file whose lines end with it is told so at the first."""
    return -1 if text.isascii() else text.find(NEL)
