"""Round 35 (long35): one line splitter, and a JSON game over the
``record`` limit no longer ends its document.

1. ``io/batches.jsonl_batches`` (the batch cutter of ``validate --jobs`` and
   the cluster) was a second line splitter beside ``io/stream.split_lines``;
   both now consume :func:`hearts_notation.io.stream.line_blocks`, so a line
   is one thing: on main a CRLF line of exactly the limit was refused by one
   and read by the other.
2. An element of a ``.json`` array over the ``record`` limit is told once at
   its line and column, skipped by the cutter's bracket and string state
   (never held whole), and the elements after it are read.

Every test here failed on main (19465b35).  Small limits keep them cheap
(:func:`hearts_notation.io.limits.set_limits`)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from hearts_notation.io.batches import jsonl_batches
from hearts_notation.io.limits import Limits, set_limits
from hearts_notation.io.stream import InputError, LongLine, split_lines


@pytest.fixture
def record_10() -> Iterator[None]:
    set_limits(Limits(record=10))
    try:
        yield
    finally:
        set_limits(None)


def _pieces(text: str, size: int) -> list[str]:
    return [text[i:i + size] for i in range(0, len(text), size)]


@pytest.mark.usefixtures("record_10")
def test_a_crlf_line_of_the_limit_is_one_line_for_both_cutters() -> None:
    """``{"a":1234}`` is 10 characters: within the limit whatever its line
    end, for the reader and for the batch cutter alike (main: split_lines
    counted the ``\\r`` and refused it, the batch cutter read it)."""
    text = '{"a":1234}\r\n{}\r\n'
    for size in (1, 3, 7, len(text)):
        assert list(split_lines(_pieces(text, size), "f")) == ['{"a":1234}\n', "{}\n"]
        batches = list(jsonl_batches("f", iter(_pieces(text, size)), 5))
        assert [b.payload for b in batches] == ['{"a":1234}\n{}\n']


@pytest.mark.usefixtures("record_10")
def test_the_batches_around_a_long_line_are_the_reader_lines() -> None:
    """The batches cut around lines over the limit hold exactly the lines
    :func:`split_lines` gives (with ``go_on``) between them, with their first
    lines, wherever the chunks end; the first long line's error comes last.
    (Main: the CRLF line of exactly the limit was a long line to the
    reader, a record to the batch cutter.)"""
    text = ('{}\n' + "x" * 25 + '\r\n{"b":1}\n\n' + "y" * 11 + '\n{"c":5678}\r\n'
            + "z" * 40)
    want = ["{}\n", LongLine, '{"b":1}\n', "\n", LongLine, '{"c":5678}\n', LongLine]
    for size in (1, 2, 5, 13, len(text)):
        lines: list[str] = []
        with pytest.raises(InputError) as raised:
            for line in split_lines(_pieces(text, size), "f", go_on=True):
                lines.append(line)
        assert (raised.value.line, raised.value.column) == (2, 11)
        assert [LongLine if type(x) is LongLine else x for x in lines] == want, size
        got: list[tuple[str, int, int]] = []
        with pytest.raises(InputError) as raised:
            for b in jsonl_batches("f", iter(_pieces(text, size)), 1):
                got.append((b.payload, b.first_line, b.first_index))
        assert (raised.value.line, raised.value.column) == (2, 11)
        assert got == [("{}\n", 1, 1), ('{"b":1}\n', 3, 2), ('{"c":5678}\n', 6, 3)], size
