"""The ``plan`` hooks of the formats (:mod:`.formats`): what a worker finds
in one byte range of a large file, so that the workers of a cluster plan a
file's shards in parallel.

``plan(open_fh, path, range_start, range_end, size, per_batch)`` gives a
:class:`Segment`: the places a batch may start in the range, and the lines
and games between them, each range read once;
:func:`hearts_notation.runners.shards.plan_segments` puts them together into
cuts at batch starts only, so that the shards give exactly a whole-file
read's batches (:mod:`.batches`).  Only a cluster run plans shards: this is
apart from the ``cut`` and ``parse`` hooks, which every run loads (its
dataclass alone cost a clean ``hearts validate`` half a millisecond).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import BinaryIO

from .line_ends import bytes_break_otherwise
from .stream import CHUNK_SIZE, InputError, RecordError

__all__ = ["Segment", "segment_hrn", "segment_jsonl"]


_SPACE_BYTES = frozenset(b" \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f")


def _is_record(buf: bytes, pos: int, end: int, at_start: bool) -> bool:
    """A line that is not blank, as the JSONL reader decides it (after the
    file's BOM, and with ``str.isspace``)."""
    if end <= pos:
        return False
    c = buf[pos]
    if c < 0x80 and c not in _SPACE_BYTES:
        return True
    text = buf[pos:end].decode("utf-8", "replace")
    if at_start and text.startswith("\ufeff"):
        text = text[1:]
    return bool(text) and not text.isspace()


@dataclass(frozen=True, slots=True)
class Segment:
    """What one worker finds in the byte range ``[range_start, range_end)``
    of a file, for planning its shards in parallel.

    A *boundary* is a place where a whole-file read may begin a batch's
    unit: a game's first line (HRN), the byte after a record's line
    (JSONL).  ``start`` is the first boundary the format's rule finds from
    ``range_start``, ``end`` the one it finds from ``range_end`` (the file's
    size for the last range), so the segments of consecutive ranges tile
    the file.  ``lines`` and ``units`` (games, records) are counted in
    ``[start, end)``; ``marks`` are the first boundaries from ``start``,
    each as (offset, newlines before it in the segment, units before it),
    enough to find a batch start (every ``per_batch``-th unit) once the
    counts of the segments before are known.  ``ok`` is False when the
    bytes could not be cut here (not UTF-8, over a limit): no cut is made
    from this segment on.  ``start == end``: no boundary in the range.
    """

    start: int
    end: int
    lines: int = 0
    units: int = 0
    marks: tuple[tuple[int, int, int], ...] = ()
    ok: bool = True


#: Bytes read at a time when looking for the next boundary from an offset.
_LOOK = 1 << 16


def _read_from(fh: BinaryIO, offset: int, size: int) -> bytes:
    fh.seek(offset)
    return fh.read(size)


def segment_jsonl(open_fh: Callable[[], BinaryIO], path: str, range_start: int, range_end: int,
                  size: int, per_batch: int) -> Segment:
    """The ``plan`` hook of JSONL: a boundary is the byte after a record's
    line (as :func:`.batches.jsonl_batches` cuts); the one of an offset is that of the
    first record whose line starts at or after it."""
    fh = open_fh()
    try:
        start = _jsonl_boundary(fh, range_start, size)
        end = size if range_end >= size else _jsonl_boundary(fh, range_end, size)
        if start >= end:
            return Segment(start, start)
        lines = units = 0
        marks: list[tuple[int, int, int]] = [(start, 0, 0)]
        base = start
        fh.seek(start)
        rest = b""
        while base < end:
            block = fh.read(min(CHUNK_SIZE, end - base))
            if not block:
                break
            buf = rest + block
            pos = 0
            last = base + len(block) >= end
            while True:
                nl = buf.find(b"\n", pos)
                if nl < 0:
                    if not last or pos >= len(buf):
                        break
                    nl = len(buf)
                offset = base - len(rest) + pos
                if _is_record(buf, pos, nl, offset == 0):
                    units += 1
                    if nl < len(buf) and len(marks) <= per_batch:
                        marks.append((offset + nl - pos + 1, lines + 1, units))
                if nl < len(buf):
                    lines += 1
                pos = nl + 1
            rest = buf[pos:]
            base += len(block)
        return Segment(start, end, lines, units, tuple(marks))
    finally:
        fh.close()


def _jsonl_boundary(fh: BinaryIO, offset: int, size: int) -> int:
    """The byte after the line of the first record whose line starts at or
    after *offset* (*size* when there is none)."""
    if offset <= 0:
        return 0
    pos = offset - 1            # a line starts at offset when the byte before ends one
    carry = b""
    at_line = False
    while pos < size:
        block = carry + _read_from(fh, pos, _LOOK)
        if not block or block == carry:
            return size
        i = 0
        if not at_line:
            nl = block.find(b"\n")
            if nl < 0:
                pos += len(block) - len(carry)
                carry = b""
                continue
            i = nl + 1
            at_line = True
        while True:
            nl = block.find(b"\n", i)
            if nl < 0:
                break
            if _is_record(block, i, nl, False):
                return pos - len(carry) + nl + 1
            i = nl + 1
        pos += len(block) - len(carry)
        carry = block[i:]
    return size


def segment_hrn(open_fh: Callable[[], BinaryIO], path: str, range_start: int, range_end: int,
                size: int, per_batch: int) -> Segment:
    """The ``plan`` hook of HRN.  The cutter of a whole read is
    resynchronised from the middle of a file at a line that begins with a
    whole tag (:func:`.hrn.cut.resyncs`: the cutter is at the top level
    there); from such a line *S* the games it cuts begin where a whole
    read's do, after the first (which may be the tail of a header).  The
    boundary of an offset is the first game start after the first such
    line at or after it; the text is cut up to another such line, the
    cutter told that a game follows (``followed``), so a comment left
    open is stopped there as a whole read stops it."""
    fh = open_fh()
    try:
        return _segment_hrn(fh, path, range_start, range_end, size, per_batch)
    except (InputError, RecordError, UnicodeDecodeError):
        return Segment(-1, -1, ok=False)
    finally:
        fh.close()


def _resync_line(fh: BinaryIO, offset: int, size: int) -> int:
    """The first line at or after *offset* that :func:`.hrn.cut.resyncs`
    (*size* when there is none)."""
    import re

    from .hrn.cut import resyncs

    if offset <= 0:
        return 0
    head = re.compile(rb"\n[ \t]*\[")
    pos = offset - 1            # a line starts at offset when the byte before ends one
    while pos < size:
        block = _read_from(fh, pos, _LOOK)
        if not block:
            return size
        whole = pos + len(block) >= size
        i = 0
        while (m := head.search(block, i)) is not None:
            start = m.start() + 1
            end = block.find(b"\n", start)
            if end < 0:
                if not whole:
                    break           # the line goes on: read again from its start
                end = len(block)
            if resyncs(block[start:end].decode("utf-8", "replace")):
                return pos + start
            i = start
        if whole:
            return size
        last = block.rfind(b"\n")
        pos += last if last > 0 else len(block)
    return size


def _segment_hrn(fh: BinaryIO, path: str, range_start: int, range_end: int, size: int,
                 per_batch: int) -> Segment:
    import re

    from .hrn.cut import cut_games

    s = _resync_line(fh, range_start, size)
    if s >= size:
        return Segment(size, size)
    s_next = size if range_end >= size else _resync_line(fh, range_end, size)
    reach = 1 << 14            # a game or so: usually the next boundary is within it
    while True:
        # The text from s to a resynchronising line past s_next (or to the end).
        stop = size if s_next >= size else _resync_line(fh, min(size, s_next + reach), size)
        data = _read_from(fh, s, stop - s)
        if bytes_break_otherwise(data):
            # (a lone CR, U+2028, U+2029: the cutter ends a line there too
            # (:mod:`.line_ends`), these lines count ``\n``:
            # the rest of the file is one shard, read whole as it numbers it)
            return Segment(-1, -1, ok=False)
        text = data.decode("utf-8")
        newlines = [m.start() for m in re.finditer(b"\n", data)]
        starts = [g.line for g in cut_games([text], path, followed=stop < size)]
        offsets = [s if n == 1 else s + newlines[n - 2] + 1 for n in starts]
        if s_next >= size:
            end_i = len(offsets)
        else:
            end_i = next((i for i, o in enumerate(offsets) if o > s_next), -1)
            if end_i < 0:
                if stop < size:
                    reach *= 4
                    continue
                end_i = len(offsets)
        end = offsets[end_i] if end_i < len(offsets) else size
        # The boundary of range_start: the first game start after s (at the file's start, 0).
        first = next((i for i, o in enumerate(offsets) if o > s or range_start <= 0), end_i)
        if first >= end_i:
            return Segment(end, end)
        start = offsets[first]
        marks = tuple((offsets[i], starts[i] - starts[first], i - first)
                      for i in range(first, min(end_i, first + per_batch + 1)))
        return Segment(start, end, data.count(b"\n", start - s, end - s), end_i - first, marks)
