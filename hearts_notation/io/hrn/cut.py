"""The one game cutter of HRN text: where a game begins and ends, for every
input (a file read whole or block by block, a stream, standard input, the
batches of ``--jobs``, the shards of a cluster, the editor's buffer).

Cutting is the reader's first two steps (``docs/parser.md``):

1. **Lines.**  Physical lines are joined into *logical lines* only where a
   ``{brace comment}`` runs over several of them (:func:`iter_logical_lines`);
   ``\\r\\n`` reads as ``\\n`` and a byte-order mark on the first line is
   dropped.
2. **Games.**  Logical lines are grouped into games as they arrive
   (docs/spec.md, section 2): a ``result`` line ends a game; a tag line
   that follows a deal begins a new one, as does a game's heading
   (``Partie 2``) or a deal 1 again in a game that has one (a deal is
   seen where the reader sees one, said headers too: section 2.25);
   comments after the last game belong to it.  :func:`cut_games` gives each game as a :class:`GameText`
   (its first line, its text, and where a runaway comment was stopped), held
   one game at a time: memory stays flat however long the input, and a
   game longer than the ``record`` limit is held only up to it (its first
   lines, which the reader refuses as too long).

The reader (:mod:`.reader`) reads each :class:`GameText` alone, so a game
cut here reads the same wherever it was cut and whoever reads it (a worker
process, a cluster worker, the editor).  Every line break is ``\\n`` once
the text comes in (:func:`.words.typed_chunks`, :mod:`..line_ends`: CR LF,
a lone CR, U+2028, U+2029).  Text with no byte-order mark or backslash,
whose comments all close on their line, is
cut with one regular-expression scan per block for the lines that cut
games; anything else goes line by line.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import chain
from typing import Final, NamedTuple

from ...i18n import msg
from ..limits import current as current_limits
from ..limits import limit_message
from ..line_ends import first_nel
from ..stream import InputError, LongLine, RecordError, split_lines
from .words import (
    TAG_NAME_CHARS,
    deal_header_number,
    drop_marks,
    game_heading,
    has_dropped_marks,
    header_written,
    typed_chunks,
)

__all__ = [
    "BLANKS",
    "COMMENT_LINES_HELD",
    "GameText",
    "LogicalLine",
    "comments_close_on_their_line",
    "compose_marks",
    "composed",
    "cut_games",
    "game_lines",
    "iter_logical_lines",
    "mark_runs",
    "resyncs",
    "split_text",
]


class GameText(NamedTuple):
    """One game as cut from its input: the number of its first line, its
    lines joined by ``\\n`` (no final newline), and *stop*: the line of the
    tag that begins the next game when a ``{`` comment of this game ran
    into it (the reader then says "no ``}`` before the tag at line N"; 0
    otherwise), and *follows*: whether a game of the same input was cut
    before it."""

    line: int
    text: str
    stop: int = 0
    #: whether another game of the same input comes before this one (the
    #: cutter knows it, whatever the numbering: a game after a prologue of
    #: blanks and comments is the first; the reader's ``unnamed-seats``
    #: warning is for a game that follows another, docs/spec.md, section 2)
    follows: bool = False


# Lines -----------------------------------------------------------------------------------


@dataclass(slots=True)
class LogicalLine:
    """One or more physical lines that the grammar reads as one line.

    ``kind`` is what the line starts with, for cutting games: ``tag``,
    ``deal``, ``result``, ``other``, or ``comment``/``blank`` for a line with
    no element.  ``unclosed`` is the position of a ``{`` that is never
    closed (the line is then an error and is not parsed): the input ends, or
    the comment reaches the tag line ``stop`` that begins the next game.
    ``swallowed`` is ``(line, column, held)`` when a comment that opened at
    ``line:column`` holds a physical line ``held`` that reads as a line of
    the record on its own (:func:`holds_record_line`): it reads as written,
    with a warning (docs/spec.md, section 2.1).
    """

    line: int
    text: str
    kind: str
    unclosed: tuple[int, int] | None = None
    stop: int = 0
    swallowed: tuple[int, int, int] | None = None
    #: where a brace comment longer than the ``line`` limit opened (typed34:
    #: the reader tells it there, once, and reads on; it stopped the read)
    long: tuple[int, int] | None = None

    def shift(self, by: int) -> None:
        """Every line number moved *by* lines (a game read out of a file)."""
        self.line += by
        if self.long is not None:
            self.long = (self.long[0] + by, self.long[1])
        if self.unclosed is not None:
            self.unclosed = (self.unclosed[0] + by, self.unclosed[1])
        if self.stop:
            self.stop += by
        if self.swallowed is not None:
            ol, oc, held = self.swallowed
            self.swallowed = (ol + by, oc, held + by)


# The line-by-line cutter's patterns are compiled on first use (``re``
# keeps them): a clean file is cut by the block cutter below, which needs
# none of them (start-up, issue 22).
_SPECIAL = r'[{;"]'
_IN_COMMENT = r"[\\}]"
_IN_STRING = r'[\\"]'
_KIND = r"(deal|donne|result|r[ée]sultat)(?!\w)"   # (ignoring case)
#: A physical line that begins with a complete tag: inside a comment, the
#: sign of a forgotten ``}`` (the comment has run into the next game).
#: The lines a brace comment over the ``line`` limit may run to and the read
#: go on past it (typed34); beyond, the input stops at the comment, as it did
#: at the limit before (each line held costs about a kilobyte through the
#: reader: 65,536 lines about 70 MB, where 16 MiB of empty lines took 17 GB).
COMMENT_LINES_HELD: Final = 1 << 16

_TAG_START = rf'[ \t]*\[[{TAG_NAME_CHARS}]+[ \t]+"(?:[^"\\\n]|\\.)*"[ \t]*\]'
BLANKS = " \t\f\r"
#: A ``{`` that no ``}`` follows on its line: a comment may run over lines
#: (or the ``{`` is in a note or a tag value): the line-by-line cutter decides.
#: Only the last ``{`` before a ``}`` or the line's end is tried as a match
#: (``[^{}\n]``): a line has such a ``{`` exactly when its last one before the
#: end has no ``}`` after it, and every start then scans a stretch of its own.
#: With ``[^}\n]`` each ``{`` of a run scanned to the ``}`` ending the run:
#: 20,000 ``{`` then ``}`` took 24 s to validate.
_OPEN_BRACE = re.compile(r"\{[^{}\n]*(?:\n|\Z)")


def _scan(text: str, in_comment: bool) -> tuple[bool, int, int, bool]:
    """Where a physical line leaves the lexer: ``(still_in_comment,
    first_content_index, open_brace_index, saw_comment)`` (-1 for none).

    It follows the grammar's lexical rules: ``{...}`` with ``\\`` escapes,
    ``;`` to the end of the line, ``"..."`` tag values (one line).
    """
    i, n = 0, len(text)
    first = open_at = -1
    saw = in_comment
    in_comment_re, special_re, in_string_re = (
        re.compile(_IN_COMMENT), re.compile(_SPECIAL), re.compile(_IN_STRING))
    while i < n:
        if in_comment:
            m = in_comment_re.search(text, i)
            if m is None:
                return True, first, open_at, saw
            if m.group() == "\\":
                i = m.end() + 1
                continue
            in_comment = False
            open_at = -1
            i = m.end()
            continue
        m = special_re.search(text, i)
        end = m.start() if m is not None else n
        if first < 0:
            seg = text[i:end]
            lead = len(seg) - len(seg.lstrip(BLANKS))
            if lead < len(seg):
                first = i + lead
        if m is None:
            break
        ch = m.group()
        if ch == ";":
            saw = True
            break
        if ch == "{":
            in_comment = saw = True
            open_at = m.start()
            i = m.end()
            continue
        if first < 0:
            first = m.start()
        j = m.end()
        i = n
        while True:
            k = in_string_re.search(text, j)
            if k is None:
                break
            if k.group() == "\\":
                j = k.end() + 1
                continue
            i = k.end()
            break
    return in_comment, first, open_at, saw


def comments_close_on_their_line(text: str) -> bool:
    """Whether no brace comment of *text* can run past its line, seen
    without scanning it: no backslash (no escaped ``}``), and every ``{``
    followed by a ``}`` on its line (a ``{`` in a note or a tag value
    counts too: then the lines are scanned).  Each physical line is then a
    logical line."""
    return "{" not in text or ("\\" not in text and _OPEN_BRACE.search(text) is None)


def composed(line: str) -> str:
    """*line* in Unicode's composed form (NFC): ``é`` typed as ``e`` and a
    combining acute accent (macOS saves file names and some text that way, a
    keyboard's dead key can type it) is the one letter ``é``, so that
    ``re\u0301sultat`` is the keyword ``résultat``, ``E\u0301ve\u0301nement``
    the tag and ``Mae\u0308lle`` the same player as ``Maëlle``.  Columns are
    then counted in letters as they show (an accent drawn over its letter is
    no column of its own).  A line is whole here, and no letter composes
    with a line break, so composing line by line composes the whole text."""
    if line.isascii() or unicodedata.is_normalized("NFC", line):
        return line
    return compose_marks(line)


def compose_marks(text: str) -> str:
    """*text* with each letter followed by combining marks in composed form
    (NFC applied to that run alone), every other character as it is.  Only
    the runs: NFC also replaces characters that stand alone (U+F900 by
    U+8C48, the ohm sign by omega, U+212B by Å), which no keyboard types as
    two keys and which a record's names and comments keep as written, so
    that JSON -> HRN -> JSON gives back the same text.  The writer escapes
    the marks of a run it must keep decomposed (``writer.keep_marks``)."""
    return "".join(unicodedata.normalize("NFC", run) if len(run) > 1 else run
                   for run in mark_runs(text))


def mark_runs(text: str) -> Iterator[str]:
    """*text* cut into runs of one character and the combining marks after
    it (what :func:`compose_marks` composes, and the writer keeps apart)."""
    i, n = 0, len(text)
    combining = unicodedata.combining
    while i < n:
        j = i + 1
        while j < n and combining(text[j]):
            j += 1
        yield text[i:j]
        i = j


def split_text(text: str) -> Iterator[str]:
    """Lines of a string, lazily (``str.splitlines`` would also cut at form
    feeds and other separators that editors do not count as lines)."""
    start = 0
    find = text.find
    while True:
        end = find("\n", start)
        if end < 0:
            yield text[start:]
            return
        yield text[start:end]
        start = end + 1


def iter_logical_lines(lines: Iterable[str], number_from: int = 1) -> Iterator[LogicalLine]:
    """Logical lines of an input, with their kinds, read lazily; the first
    line of *lines* is numbered *number_from* (a game cut out of a file).

    A brace comment left open at the end of the input, or that reaches a
    line beginning with a tag (``[Event "..."]``: the next game), makes the
    line where it opened an error line (``unclosed``); the lines after it
    are read again as ordinary lines, so that the rest of the file still
    reads.  (A comment therefore cannot hold a line that starts with a whole
    tag; anywhere else on a line, or alone, ``[Name "value"]`` is fine.)
    """
    source = iter(lines)
    pushback: list[tuple[int, str]] = []
    lineno = number_from - 1

    def next_line() -> tuple[int, str] | None:
        nonlocal lineno
        if pushback:
            return pushback.pop()
        try:
            raw = next(source)
        except StopIteration:
            return None
        lineno += 1
        if raw.endswith("\n"):
            raw = raw[:-1]
        if raw.endswith("\r"):
            raw = raw[:-1]
        if lineno == number_from and raw.startswith("\ufeff"):
            raw = raw[1:]
        return lineno, composed(raw)

    while True:
        got = next_line()
        if got is None:
            return
        start, text = got
        if "{" not in text and ";" not in text and '"' not in text:
            # The common line: no comment, no string; no need to scan.
            body = text.lstrip(BLANKS)
            if not body:
                yield LogicalLine(start, text, "blank")
                continue
            ch = body[0]
            kind = "other"
            if ch == "[":
                kind = "tag"
            elif ch in _KIND_FIRST:
                kind = _kind(text, len(text) - len(body), False)
            else:
                kind = _said_kind(body)
            yield LogicalLine(start, text, kind)
            continue
        open_comment, first, open_at, saw = _scan(text, False)
        if not open_comment:
            yield LogicalLine(start, text, _kind(text, first, saw))
            continue
        parts = [(start, text)]
        first_line = start if first >= 0 else 0
        opened = (start, open_at)
        #: where the comment open at each continuation line began
        opened_at: list[tuple[int, int]] = []
        stop = 0
        size = len(text)
        limits = current_limits()
        long: tuple[int, int] | None = None
        while open_comment:
            got = next_line()
            if got is None:
                break
            ln, t = got
            size += len(t) + 1
            if size > limits.line and long is None:
                # A comment over many lines is one logical line, longer than
                # a line may be: told once where it opened, and read on (its
                # words are no part of the record; typed34: the read
                # stopped here, every game after it lost).
                long = (opened[0], opened[1] + 1)
            if size > limits.record:
                # (held whole up to the ``record`` limit only: memory stays bounded)
                raise RecordError(limit_message("limit.what.comment_length", "record", limits.record),
                                  line=opened[0], column=opened[1] + 1)
            if long is not None and len(parts) > COMMENT_LINES_HELD:
                # A long comment is held line by line (about a kilobyte a
                # line through the reader): past this many lines the input
                # stops there, as any comment over the limit did before
                # typed34 (a 16 MiB comment of empty lines held 16 million).
                raise RecordError(limit_message("limit.what.comment_length", "line", limits.line),
                                  line=opened[0], column=opened[1] + 1)
            if re.compile(_TAG_START).match(t):
                pushback.append(got)  # the next game begins here: read it again
                stop = ln
                break
            parts.append(got)
            opened_at.append(opened)
            open_comment, f, o, _ = _scan(t, True)
            if first_line == 0 and f >= 0:
                first_line, first = ln, f
            if o >= 0:
                opened = (ln, o)
        joined_parts = parts
        swallowed = _swallowed(parts, opened_at)
        unclosed: tuple[int, int] | None = None
        if open_comment:  # the input ended inside a comment
            cut = next(i for i, (ln, _) in enumerate(parts) if ln == opened[0])
            joined_parts, rest = parts[: cut + 1], parts[cut + 1:]
            pushback.extend(reversed(rest))
            unclosed = (opened[0], opened[1] + 1)
            if first_line > opened[0]:
                first_line = 0
        body = "\n".join(t for _, t in joined_parts)
        kind = "comment"
        if first_line:
            head = dict(joined_parts)[first_line]
            kind = _kind(head, first, True)
        yield LogicalLine(start, body, kind, unclosed, stop,
                          swallowed if unclosed is None else None, long)


#: The elements a line of the record is made of, by class name (a line that
#: reads as one of these inside a comment is the sign of a missing ``}``).
_RECORD_LINES = frozenset(("DealEl", "HandEl", "PassEl", "TrickEl", "PointsEl", "ResultEl"))


def holds_record_line(text: str, line: int) -> bool:
    """Whether *text*, a physical line inside a brace comment (up to its
    first ``{``, where a comment of its own would begin), reads on its own
    as a deal header, a hand, a pass, a trick, a ``score``/``total`` or a
    ``result`` line.  Such a comment most likely lacks its ``}``: it has
    swallowed the record's lines up to the next ``}``."""
    from .lex import HrnSyntaxError, Mismatch, read_line

    head = text.split("{", 1)[0]
    if not head.strip(BLANKS) or "}" in head or "\\" in head:
        return False
    try:
        elements = read_line(head, line)
    except (HrnSyntaxError, Mismatch, RecordError):
        return False
    return bool(elements) and all(type(e).__name__ in _RECORD_LINES for e in elements)


def _swallowed(parts: list[tuple[int, str]], opened_at: list[tuple[int, int]]
               ) -> tuple[int, int, int] | None:
    """The first continuation line of a comment that reads as a line of the
    record, with where that comment opened (``None``: none does).  A line
    is looked at when the comment covers it whole or up to a raw ``{``
    (the ``}`` that ends the comment is then another comment's)."""
    for (ln, t), (ol, oc) in zip(parts[1:], opened_at, strict=True):
        close = t.find("}")
        brace = t.find("{")
        if close >= 0 and not 0 <= brace < close:
            continue
        if holds_record_line(t, ln):
            return ol, oc + 1, ln
    return None


#: The first characters of a line :func:`_kind` looks further at: a deal
#: header's or a result's first letter, or a mark the reader drops
#: (``don\u00adne 2`` is a deal header: :func:`.words.drop_marks`).
_KIND_FIRST: Final = "dDrR\u00ad\u200c\u200d"


def _kind(text: str, first: int, saw_comment: bool) -> str:
    if first < 0:
        return "comment" if saw_comment else "blank"
    if has_dropped_marks(text):
        # (the line as the reader reads it; its columns do not matter here)
        text, first = drop_marks(text[first:], 0)[0], 0
        if not text:
            return "other"
    ch = text[first]
    if ch == "[":
        return "tag"
    if ch in "dDrR":
        m = re.compile(_KIND, re.IGNORECASE).match(text, first)
        if m is not None:
            return "deal" if m.group(1)[0] in "dD" else "result"
    return _said_kind(text[first:])


def _said_kind(body: str) -> str:
    """``deal`` for a line (from its first character) that is a deal header
    said as the deal is said, ``heading`` for a game's heading (``Partie
    2``), else ``other``.  Only a line that holds one of their words is
    looked at (the reader's recognisers cost the line-by-line cut 76% when
    asked of every line)."""
    low = body.lower()
    if "donne" in low or "deal" in low or "partie" in low or "game" in low:
        if _said_deal(body):
            return "deal"
        if game_heading(body):
            return "heading"
    return "other"


def _said_deal(body: str) -> bool:
    """Whether a line (from its first character) is a deal header said as
    the deal is said (``Première donne``, ``1re donne``, ``First deal``,
    ``Dernière donne``): the reader reads it as ``donne 1``
    (:func:`.words.header_written`, the one recogniser), so the cutter
    counts it as a deal too (typed34: a file of such games read as one)."""
    return body[:1].isalnum() and header_written(body, 1) is not None


def _line_records(lines: Iterable[str], first_line: int = 1) -> Iterator[tuple[int, str, str, int]]:
    """``(line number, text, kind, stop)`` of each logical line, as
    :func:`iter_logical_lines` gives them, without building objects while
    no line has a ``{`` or a ``;`` (no comment can open, so a logical line
    is a physical line and its kind shows at its first character); from
    the first line that has one on, :func:`iter_logical_lines` itself."""
    source = iter(lines)
    lineno = first_line - 1
    for raw in source:
        lineno += 1
        if "{" in raw or ";" in raw:
            if lineno > 1:
                # (an empty line first, numbered before it, so that a
                # byte-order mark is dropped on line 1 only, as in a whole read)
                rest = iter_logical_lines(chain(("\n", raw), source), lineno - 1)
                next(rest)
            else:
                rest = iter_logical_lines(chain((raw,), source), lineno)
            for ll in rest:
                yield ll.line, ll.text, ll.kind, ll.stop
            return
        text = raw[:-1] if raw.endswith("\n") else raw
        if text.endswith("\r"):
            text = text[:-1]
        if lineno == 1 and text.startswith("\ufeff"):
            text = text[1:]
        text = composed(text)
        body = text.lstrip(BLANKS)
        if not body:
            yield lineno, text, "blank", 0
            continue
        ch = body[0]
        if ch == "[":
            yield lineno, text, "tag", 0
        elif ch in _KIND_FIRST:
            yield lineno, text, _kind(text, len(text) - len(body), False), 0
        else:
            yield lineno, text, _kind(text, len(text) - len(body), False), 0


class _UpToLong:
    """The lines of *source* up to a line over the limit (a
    :class:`~hearts_notation.io.stream.LongLine`), counted: ``line`` is the
    number of the next line, ``long`` says whether such a line ended them."""

    def __init__(self, source: Iterator[str], line: int) -> None:
        self.source = source
        self.line = line
        self.long = False

    def __iter__(self) -> Iterator[str]:
        for raw in self.source:
            self.line += 1
            if isinstance(raw, LongLine):
                self.long = True
                return
            yield raw


def _cut_going_on(lines: Iterable[str], first_line: int = 1) -> Iterator[GameText]:
    """:func:`_cut_lines` of lines from :func:`split_lines` with ``go_on``:
    at a line over the limit the game it falls in ends (kept up to that
    line, as typed33 kept it when the input stopped there), the lines after
    it up to the next line that begins with a tag, or through its
    ``result`` line, are that game's (dropped: its deal is cut in the
    middle), and the games from there on are cut as usual (round 34: every
    game after the long line was lost).  The long line is told once the
    input ends (:func:`split_lines` raises it)."""
    source = iter(lines)
    start = first_line
    while True:
        upto = _UpToLong(source, start - 1)
        yield from _cut_lines(upto, start, upto)
        if not upto.long:
            return
        line = upto.line + 1
        for raw in source:
            if not isinstance(raw, LongLine):
                if resyncs(raw):
                    source = chain((raw,), source)
                    break
                if _is_result(raw):
                    line += 1
                    break
            line += 1
        else:
            return
        start = line


def _past_comments(text: str) -> str:
    """*text* from its first character past blanks and comments that close
    on it (``{soir 2} Première donne`` -> ``Première donne``)."""
    m = _CLOSED_COMMENTS.match(text)
    return text if m is None else text[m.end():]


def _restarts(number: int | None, high: int, one: bool) -> bool:
    """Whether a deal numbered *number* begins a new game, in a game whose
    highest deal number so far is *high* and which has a deal 1 (*one*): a
    deal 1 again, after higher ones (``Première donne`` … ``Dernière donne``,
    then ``Première donne``: the evening's next game, typed in the same file
    with no tag line nor result line between them; typed34).  A deal 1 after
    deal 2 in a game that has none is two deals typed in each other's place
    (one ``deal-number`` error, docs/spec.md), no new game."""
    return number == 1 and high >= 2 and one


def _is_result(raw: str) -> bool:
    """Whether the physical line *raw* is a ``result`` line (the end of a
    game, its kind as :func:`_line_records` finds it): after a line over
    the limit the cut game's lines are dropped up to the next tag line or
    through its ``result`` line (games written without tags, ended by it)."""
    text = composed(raw.rstrip("\n").rstrip("\r"))
    body = text.lstrip(BLANKS)
    return bool(body) and body[0] in _KIND_FIRST and _kind(text, len(text) - len(body),
                                                           False) == "result"


def _cut_lines(lines: Iterable[str], first_line: int = 1,
               upto: _UpToLong | None = None) -> Iterator[GameText]:
    """The games of an input given as lines, cut line by line (the way for
    text where a comment may open, or with an escape or a
    byte-order mark; :func:`cut_games` cuts plain text faster).

    A game's lines are kept until its text is longer than the ``record``
    limit (``HEARTS_MAX_RECORD``), then no more: the reader refuses such a
    game whole, one error at its first line (:func:`.reader.visit_text`),
    and the text handed out, its first lines, still says it is too long.
    Memory then follows the limit, not the game (a 200 MB game of one tag
    and trick lines was held whole before being refused)."""
    record = current_limits().record
    held = 0        # the length of the game's text kept so far, plus one
    pending: tuple[int, list[str], int] | None = None
    only_comments: tuple[int, str] | None = None
    first = 0
    texts: list[str] = []
    substantive = False
    comment_at: tuple[int, str] | None = None
    last_comment: tuple[int, str] | None = None
    seen_deal = False
    top = 0         # the highest deal number of the game so far (:func:`_restarts`)
    one = False     # whether the game has a deal 1 so far
    # A comment of this game that ran into a tag (its line), and the last
    # line of the game so far: the game's stop when the tag is not in it.
    stopped = last = 0
    records = _line_records(lines, first_line)
    while True:
        try:
            line, text, kind, stop = next(records)
        except StopIteration:
            break
        except (InputError, RecordError):
            # The input stops here (a line over the limit, a comment over
            # it, bytes that are not text): the whole game held until the
            # next one showed is handed on before the error, as the games
            # before it were (39 of 40 games were kept: round 29).  The
            # game in progress, cut short by the error, is handed on too,
            # its lines before the error (typed33: it was lost, its deals
            # read before the long line with it): the reader reads what it
            # holds (a deal cut in the middle is told as unfinished), and
            # the error tells where the input stopped, once.
            if pending is not None:
                yield GameText(pending[0], "\n".join(pending[1]), pending[2])
            if substantive and held <= record + 1:
                yield GameText(first, "\n".join(texts), stopped if stopped > last else 0)
            raise
        if kind == "deal":
            # (past the comments that close before it, as the block cutter reads it)
            number = deal_header_number(_past_comments(text), top)
            restart = _restarts(number, top, one)
            top, one = max(top, number or 0), one or number == 1
        else:
            restart = False
        if (kind in ("tag", "heading") and seen_deal) or restart:
            # (a chunk that holds a deal is substantive; a deal 1 again
            # begins the next game as its tags would: :func:`_restarts`)
            if pending is not None:
                yield GameText(pending[0], "\n".join(pending[1]), pending[2])
            pending = (first, texts, stopped if stopped > last else 0)
            texts, substantive, comment_at, seen_deal = [], False, None, False
            stopped = held = 0
            top, one = (1, True) if restart else (0, False)
        if stop:
            stopped = stop
        last = line + text.count("\n")
        if not texts:
            first = line
        if held <= record + 1:      # (past the limit the game is refused: its lines go)
            texts.append(text)
            held += len(text) + 1
        if kind == "blank":
            continue
        if kind == "comment":
            if comment_at is None:
                comment_at = (line, text)
            last_comment = (line, text)
            continue
        if not substantive:
            if kind == "other" and TRAILER.match(text) is not None:
                continue    # (a code fence or an end mark alone after a game is that game's)
            substantive = True
        if kind == "deal":
            seen_deal = True
        elif kind == "result":
            if pending is not None:
                yield GameText(pending[0], "\n".join(pending[1]), pending[2])
            pending = (first, texts, stopped if stopped > last else 0)
            texts, substantive, comment_at, seen_deal = [], False, None, False
            stopped = held = top = 0
            one = False
    if texts:
        if substantive:
            if pending is not None:
                yield GameText(pending[0], "\n".join(pending[1]), pending[2])
            pending = (first, texts, 0)
        elif pending is not None:
            pending[1].extend(texts)
        elif comment_at is not None and (upto is None or not upto.long):
            only_comments = comment_at      # (not before a long line: its error tells)
    if pending is not None:
        yield GameText(pending[0], "\n".join(pending[1]), pending[2])
    elif only_comments is not None:
        line, text = only_comments
        nel = first_nel(text)
        if nel >= 0:    # NEL ends no line (spec 2.1.1): the file was one line, a note
            raise RecordError(msg("input.nel_line_ends"), line=line + text.count("\n", 0, nel),
                              column=nel - text.rfind("\n", 0, nel))
        if last_comment is not None:
            # (a ``{`` never closed: the input is not "only comments" but a
            # comment that runs to its end; say where it opened)
            at_line, at_text = last_comment
            closed = _CLOSED_COMMENTS.match(at_text)
            if closed is not None and at_text.startswith("{", closed.end()):
                column = closed.end() - at_text.rfind("\n", 0, closed.end())
                at_line += at_text.count("\n", 0, closed.end())
                raise RecordError(msg("syntax.unterminated_comment", at=f"{at_line}:{column}"),
                                  line=at_line, column=column)
        raise RecordError(msg("input.only_comments"), line=line,
                          column=len(text) - len(text.lstrip()) + 1)


#: The blanks, closed ``{comments}`` and ``;`` notes at the start of a line
#: (possessive: a ``{`` left after them opens a comment that is never closed).
_CLOSED_COMMENTS: Final = re.compile(r"(?:[ \t\f\r\n]|\{(?:[^\\}]|\\.)*+\}|;[^\n]*)*+")


# Games -----------------------------------------------------------------------------------


#: The lines that cut games in plain text: a tag, a deal header, a result,
#: perhaps after comments that close on the line (``{...} deal 2``).
_CUT_MARKS = re.compile(r"^[ \t\f]*(?:\{[^}\n]*\}[ \t\f]*)*"
                        r"(?:(\[)|(deal|donne|result|r[ée]sultat)(?!\w))",
                        re.MULTILINE | re.IGNORECASE)
#: The same marks on the lines after the first, found from the newline before.
_NEXT_CUT_MARKS = re.compile(r"\n(?=[ \t\f{\[dDrR])[ \t\f]*(?:\{[^}\n]*\}[ \t\f]*)*"
                             r"(?:(\[)|(deal|donne|result|r[ée]sultat)(?!\w))", re.IGNORECASE)


def _not_plain(chunk: str, held: str = "") -> bool:
    """Whether a chunk goes to the line-by-line cutter: an escape (a ``\\}``
    may keep a comment open), a byte-order mark to drop, or letters not in
    composed form (:func:`composed`: ``re\u0301sultat`` ends a game only
    once composed), or a mark the reader drops (``don\u00adne 2`` begins a
    deal only once it is dropped: :func:`_kind`).  The text before *chunk*
    that is not cut yet is *held*: an accent that begins a chunk composes
    with its last letter.  A carriage return is not one of them: every
    line break is ``\n`` by now (:func:`.words.typed_chunks`), so a CR LF
    file takes the block cutter as its twin with ``\n`` does (it went line
    by line, 1.75x the time: lines19)."""
    return "\\" in chunk or "\ufeff" in chunk or (
        not chunk.isascii() and (has_dropped_marks(chunk) or _composes(held[-1:] + chunk)))


#: The words a said deal header or a game's heading holds, in lower case,
#: after a blank (``Première donne``, ``Deuxième partie``) or, for a
#: heading, first on its line (``Partie 2``): each a literal first, so the
#: scan runs at C speed from one occurrence to the next (:func:`_said_heads`).
_SAID_WORDS: Final = tuple(re.compile(rf"{word}(?<={before}{word})(?!\w)") for word, before in (
    ("deal", r"[ \t\f]"), ("donne", r"[ \t\f]"), ("partie", r"[ \t\f\n]"), ("game", r"[ \t\f\n]")))


def _said_heads(chunk: str) -> bool:
    """Whether *chunk* holds a deal header said as the deal is said
    (``Première donne``, ``1re donne``) or a game's heading (``Partie 2``),
    which the block cutter's marks do not see: it is then cut line by line,
    where :func:`_kind` sees such a line for what it is (typed34).  The
    words such a line holds are found in the chunk in lower case (a regular
    expression tried at every line start cost 40% of the block cut of a
    canonical file), and the line of each is confirmed by the reader's own
    recognisers (:func:`_said_deal`, :func:`.words.game_heading`)."""
    low = chunk.lower()
    if len(low) != len(chunk):      # (a letter whose lower case is longer: one by one)
        low = "".join(ch.lower()[:1] for ch in chunk)
    starts = (m.start() for word in _SAID_WORDS for m in word.finditer(low))
    # (each line looked at once a word: a line of many ``x donne`` is no square)
    line_start = line_end = -1
    for at in chain(starts, (0,) if low.lstrip(" \t\f").startswith(("partie", "game")) else ()):
        if line_start <= at < line_end:
            continue
        line_start = chunk.rfind("\n", 0, at) + 1
        eol = chunk.find("\n", at)
        line_end = len(chunk) if eol < 0 else eol
        line = _past_comments(chunk[line_start:line_end])     # (``{…} Première donne``)
        if _said_deal(line) or game_heading(line):
            return True
    return False


def _composes(text: str) -> bool:
    """Whether :func:`composed` changes a line of *text*: a letter and its
    combining marks not in composed form.  Text in NFC is told at C speed;
    text that is not is looked at line by line, for what NFC alone would
    replace -- a character that stands alone (U+212B ANGSTROM SIGN, U+2126
    OHM SIGN, U+F900), which the cutter keeps as written (:func:`compose_marks`)
    and the block cutter cuts as well (a comment holding one went line by
    line, for nothing)."""
    if unicodedata.is_normalized("NFC", text):
        return False
    return any(composed(line) != line for line in text.split("\n"))


#: A line that holds more than comments, notes and blanks (its first
#: character past them), in text whose comments all close on their line.
_CONTENT = re.compile(r"^[ \t\f]*(?:\{[^}\n]*\}[ \t\f]*)*[^ \t\f\n{;]", re.MULTILINE)
#: A Markdown code fence's line (``` or ~~~, perhaps its language: ```` ```hrn ````),
#: a record pasted from a chat or a README (english21), perhaps indented, as
#: under a list item (``- ```hrn``, ``   ```  ``) or by four spaces (typed22).
_FENCE_PAT = r"[ \t]*(?:[-*+][ \t]+)?(?:```|~~~)[\w+-]*"
FENCE: Final = re.compile(_FENCE_PAT + r"[ \t\f\r]*\Z")
#: A line that marks a record's end, as a pad or a chat closes it: a rule
#: (``---``, ``===``, ``***``), ``-- end --``, ``--- fin ---``, ``== END ==``,
#: ``fin du relevé`` (typed22), ``Game over`` (typed35).  After a game's ``result`` line it starts no
#: game of its own; the reader tells it (``syntax.end_mark``).
_END_PAT = (r"[ \t]*+(?:(?:-{2,}+|={2,}+|\*{3,}+|_{3,}+)[ \t]*+)?"
            r"(?:(?:the[ \t]+)?end(?:[ \t]+of[ \t]+(?:the[ \t]+)?(?:record|game|file))?"
            # (typed35: ``Game over``, as an English club closes a game)
            r"|game[ \t]+over"
            r"|fin(?:[ \t]+(?:du[ \t]+relev[ée]|du[ \t]+fichier|de[ \t]+(?:la[ \t]+)?partie))?"
            # (french23: ``Partie terminée``, ``partie finie``)
            r"|partie[ \t]+(?:termin[ée]e|finie))?"
            r"[ \t.!]*+(?:-{2,}+|={2,}+|\*{3,}+|_{3,}+)?")
#: Every run of the mark is possessive (``*+``): written greedy, the runs of
#: spaces and of ``-`` side by side split a long line every way before
#: ``\Z`` failed, cubic in it (typed28: over 5 s for 2,000 spaces before an
#: ``x``); each run is followed by what it cannot take, so a run that gives
#: nothing back matches the same lines.
END_MARK: Final = re.compile(r"(?i:" + _END_PAT + r")[ \t\f\r]*+\Z")
#: A line after a game's ``result`` line that belongs to that game: a fence
#: or an end mark (:data:`FENCE`, :data:`END_MARK`).
TRAILER: Final = re.compile(r"(?i:(?:" + _FENCE_PAT + "|" + _END_PAT + r"))[ \t\f\r]*+\Z")
#: A piece that begins with a fence or an end mark, after blank lines: the one
#: look a piece costs (a scan of a whole chunk for ``` took 2 ms a 2 MB chunk,
#: a tenth of the cut).
_FENCE_FIRST: Final = re.compile(r"[ \t\f\r\n]*(?:[-*+][ \t]+)?"
                                 r"(?:```|~~~|[-=*_]{2}|(?i:the|end|fin|partie|game)(?!\w))")
#: A piece of text of fences, end marks and blank lines only: the fence that
#: closes a record after its ``result`` line, or its ``-- end --``, is no game
#: of its own (english21, typed22).
_FENCES_ONLY: Final = re.compile(r"(?i:(?:(?:" + _FENCE_PAT + "|" + _END_PAT + r"))?[ \t\f\r]*(?:\n|\Z))+")


#: The line put after a slice of a file that the next game follows (see
#: :func:`cut_games`): a whole tag, so a runaway comment stops at it.
_NEXT_GAME = '[_ ""]'


def cut_games(chunks: Iterable[str], source: str = "-", max_line: int | None = None,
              first_line: int = 1, followed: bool = False, after_game: bool = False
              ) -> Iterator[GameText]:
    """The games of a text given in chunks (a whole text is one chunk; a
    file read block by block, or lines, are many), one at a time, with the
    line-length limit of :func:`hearts_notation.io.stream.split_lines`
    (default: the ``line`` limit): the same games and the same errors at
    the same places wherever the chunks end.  An input with comments only
    is a :class:`~hearts_notation.io.stream.RecordError`; an input of blank
    lines only yields nothing (the caller says so).

    *followed* says that the text is a slice of its file that ends where a
    game of the file begins (a shard of
    :mod:`hearts_notation.runners.shards`, planned by this cutter over the
    whole file): a comment of its last game left open then ran into that
    game's tag, and is stopped there as in a read of the whole file.

    Plain text (no byte-order mark or backslash, and every
    ``{`` closed on its line: no comment runs over lines, a logical line is
    a physical line) is cut with one regular-expression scan per chunk for the lines that cut games (tags,
    deal headers, results) instead of a step per line; at the first chunk
    that is not plain the rest goes line by line, from the first game not
    yet handed out.  *first_line* numbers a text that starts partway into
    its file (a shard of :mod:`hearts_notation.runners.shards`).

    Each game after the first says so (``GameText.follows``); *after_game*
    says that a game of the file comes before the text (a shard that does
    not start the file), so that its first game does too.  Every path that
    reads HRN cuts here, so a reader's finding that depends on it
    (``unnamed-seats``) is the same on every path: a whole file, standard
    input, the batches of ``--jobs``, a shard, the editor's buffer.

    Memory: the text held is one game and the chunk read, and never more
    than the ``record`` limit (``HEARTS_MAX_RECORD``), a line and a chunk: a
    game longer than the limit is handed out as its first lines past the
    limit, which the reader refuses as it refuses the whole game (one error
    at its first line), and the games after it are cut as before.
    """
    limit = current_limits().line if max_line is None else max_line
    chunks = typed_chunks(chunks)   # (other systems' line breaks, Ctrl-Z: french12, typed16)
    games = _cut_chunks(chain(chunks, (_NEXT_GAME + "\n",)) if followed else chunks, source,
                        limit, first_line)
    follows = after_game
    for game in games:
        if followed and game.text == _NEXT_GAME:
            # The next game's first line stood in for itself (a whole read
            # cut there, so it begins a game here too); that game is not ours.
            continue
        yield game._replace(follows=True) if follows else game
        follows = True


#: The text held (a game not cut yet) below which each chunk read is cut at
#: once (:func:`_cut_chunks`): a game is handed out as soon as the next begins.
_LAZY_HELD: Final = 1 << 11


def _cut_chunks(chunks: Iterable[str], source: str, limit: int, first_line: int
                ) -> Iterator[GameText]:
    source_chunks = iter(chunks)
    record = current_limits().record
    buf = ""                # text not handed out yet, from the start of line buf_line
    buf_line = first_line

    def grown() -> Iterator[str]:
        # The chunks read, joined until they are as long as the text held
        # (``buf``, the game not handed out yet): each pass below copies and
        # scans the held text again, so a game arriving a line a chunk (a
        # pipe written line by line) cost the square of its lines (100,000
        # comment lines: over 5 CPU-minutes; round 31).  Joined so, the
        # text scanned at most doubles from pass to pass: linear in all.
        # While the text held is short (under ``_LAZY_HELD``: every game
        # typed at a table) each chunk goes on at once, so a game is handed
        # out as soon as the next one begins (a reader of a pipe gets it
        # then); a longer game is read ahead of by at most its own length.
        # Nothing is held back once the input ends (the line-by-line cutter
        # below takes the rest of ``source_chunks`` itself).
        pending: list[str] = []
        size = 0
        for piece in source_chunks:
            pending.append(piece)
            size += len(piece)
            if size >= len(buf) or len(buf) < _LAZY_HELD:
                yield "".join(pending)
                pending.clear()
                size = 0
        if pending:
            yield "".join(pending)

    for chunk in grown():
        text = buf + chunk
        end = text.rfind("\n") + 1     # complete lines only: a mark needs its whole line
        # (a game not handed out yet that is longer than the ``record``
        # limit goes line by line too: that cutter stops keeping its lines)
        if len(buf) > record or _not_plain(chunk, buf) or _said_heads(text) or (
                _OPEN_BRACE.search(text, 0, end) is not None) or (
                len(text) > limit and max(map(len, text.split("\n"))) > limit):
            yield from _cut_going_on(split_lines(chain((text,), source_chunks), source, limit,
                                                      buf_line, go_on=True), buf_line)
            return
        done, done_line = _plain_cuts(text, end, buf_line, False)
        yield from done
        buf = text[done_line[0]:]
        buf_line = done_line[1]
    if buf:
        if _OPEN_BRACE.search(buf) is not None or _said_heads(buf):
            yield from _cut_going_on(split_lines((buf,), source, limit, buf_line, go_on=True), buf_line)
            return
        done, _ = _plain_cuts(buf, len(buf), buf_line, True)
        if not done and ("{" in buf or ";" in buf):
            # No game, perhaps comments: the line-by-line cutter says which.
            yield from _cut_going_on(split_lines((buf,), source, limit, buf_line, go_on=True), buf_line)
            return
        yield from done
    # (an input of blank lines only holds no game: the caller says so)


def _plain_cuts(text: str, end: int, line: int, last: bool
                ) -> tuple[list[GameText], tuple[int, int]]:
    """The games of plain *text* (starting at line *line*) that can be
    handed out, and where the rest begins (index, line number).  A game is
    handed out once the next one has begun (a trailing run of blank lines
    belongs to the game before it); with *last*, the text is the end of the
    input and everything is handed out."""
    pieces: list[tuple[int, int]] = []     # start, end of each cut piece
    start = 0
    seen_deal = False
    high = 0        # the highest deal number of the game so far (:func:`_restarts`)
    one = False     # whether the game has a deal 1 so far
    # (the first line, then each line found from the newline before it:
    # a search for a newline is much faster than trying every position)
    top = _CUT_MARKS.match(text, 0, end)
    for m in chain(() if top is None else (top,), _NEXT_CUT_MARKS.finditer(text, 0, end)):
        at = m.start() if m is top else m.start() + 1     # the line's start
        if m.group(1) is not None:
            if seen_deal:
                pieces.append((start, at))
                start, seen_deal, high, one = at, False, 0, False
        elif m.group(2)[0] in "dD":      # deal or donne (else result, résultat)
            eol = text.find("\n", m.start(2), end)
            number = deal_header_number(text[m.start(2):end if eol < 0 else eol], high)
            if _restarts(number, high, one) and seen_deal:
                pieces.append((start, at))      # (a deal 1 again: a new game)
                start, high, one = at, 0, False
            seen_deal = True
            high, one = max(high, number or 0), one or number == 1
        else:
            stop = text.find("\n", m.end(), end)
            stop = end if stop < 0 else stop + 1
            pieces.append((start, stop))
            start, seen_deal, high, one = stop, False, 0, False
    if last and start < len(text):
        pieces.append((start, len(text)))
    out: list[GameText] = []
    pending: tuple[int, int, int] | None = None     # start, end, first line
    at, at_line = 0, line
    # (comments close on their line here: a piece of comments only is no game)
    notes = "{" in text or ";" in text
    for a, b in pieces:
        first = at_line + text.count("\n", at, a)
        at, at_line = a, first
        fenced = _FENCE_FIRST.match(text, a, b) is not None and _FENCES_ONLY.fullmatch(text, a, b) is not None
        if (_CONTENT.search(text, a, b) is not None if notes else text[a:b].strip(" \t\f\n")) and not fenced:
            if pending is not None:
                out.append(GameText(pending[2], _game_text(text, pending[0], pending[1])))
            pending = (a, b, first)
        elif pending is not None:      # blank lines at the end belong to the game before
            pending = (pending[0], b, pending[2])
    if last:
        if pending is not None:
            out.append(GameText(pending[2], _game_text(text, pending[0], pending[1])))
        return out, (len(text), at_line)
    if pending is None:
        return out, (0, line)
    return out, (pending[0], pending[2])


def _game_text(text: str, a: int, b: int) -> str:
    """The lines of text[a:b] joined by newlines (the last one's dropped)."""
    return text[a:b - 1] if b > a and text[b - 1] == "\n" else text[a:b]


def game_lines(game: GameText) -> list[LogicalLine]:
    """The logical lines of one cut game, numbered from its first line, as
    a read of its whole input gives them: a comment left open at the end of
    the game's text ran into the next game's tag (``game.stop``), and says
    so.  (A byte-order mark that begins the game is dropped, as
    :func:`.reader.parse_game` drops it: the input's own is gone already.)"""
    out = list(iter_logical_lines(split_text(game.text), game.line))
    if game.stop:
        for ll in out:
            if ll.unclosed is not None and not ll.stop:
                ll.stop = game.stop
    return out


def resyncs(line: str) -> bool:
    """Whether a physical line begins with a whole tag: no comment of an
    earlier line runs past it (:func:`iter_logical_lines` stops one there)
    and a ``;`` comment or a tag value ends with its line, so the cutter
    is at the top level there whatever came before.  Planning in parallel
    (:func:`hearts_notation.io.segments.segment_hrn`) starts cutting at such
    a line, from the middle of a file."""
    return re.compile(_TAG_START).match(line) is not None
