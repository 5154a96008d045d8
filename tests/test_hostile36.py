"""Round 36 (hostile36): a ``.json`` array element over the ``record``
limit is refused holding about the limit's worth of text, never a decoded
tree of it.

On main (fdb11d21) a value cut by the window's end was decoded again on a
window twice as large each time until the window passed the limit: the last
decode built the Python tree of up to twice the limit's text before the
element was refused (``hearts validate`` held 185 MB for a 16 MiB limit).
Now the element's end is found by its brackets first (the window grows to
hold it, or it is refused at the limit) and the value is decoded once.

The test fails on main (fdb11d21).  A small limit keeps it cheap
(:func:`hearts_notation.io.limits.set_limits`); memory is measured by
:mod:`tracemalloc` (allocations, not time)."""

from __future__ import annotations

import tracemalloc
from collections.abc import Iterator

import pytest

from hearts_notation.io.jsonio import OverLimit, iter_json_elements
from hearts_notation.io.limits import Limits, set_limits
from hearts_notation.io.stream import RecordError

LIMIT = 1 << 16


@pytest.fixture
def record_64k() -> Iterator[None]:
    set_limits(Limits(record=LIMIT))
    try:
        yield
    finally:
        set_limits(None)


def _pieces(text: str, size: int) -> Iterator[str]:
    return (text[i:i + size] for i in range(0, len(text), size))


@pytest.mark.usefixtures("record_64k")
def test_an_element_of_twenty_limits_is_refused_in_bounded_memory() -> None:
    """A one-line element of 20 times the limit (many short strings: a
    decoded tree weighs ten times its text) between two small games: both
    games come out, the long one as an :class:`OverLimit` at its place,
    and the memory held at the peak stays under 8 times the limit (6.3 now; main:
    13.8 times, the tree of a two-limit prefix)."""
    big = "[" + ",".join(['"ab"'] * (20 * LIMIT // 5)) + "]"
    text = '[{"a":1},' + big + ',{"b":2}]'
    def read() -> tuple[list[tuple[str | OverLimit, int, int, bool]], RecordError]:
        items = []
        with pytest.raises(RecordError) as told:
            for item in iter_json_elements(_pieces(text, 4096)):
                items.append(item)
        return items, told.value

    read()      # (modules and catalogs loaded once, outside the measure)
    tracemalloc.start()
    try:
        items, error = read()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert [item[0] for item in items[::2]] == ['{"a":1}', '{"b":2}']
    assert isinstance(items[1][0], OverLimit)
    assert (items[1][1], items[1][2], error.line, error.column) == (1, 10, 1, 10)
    assert peak < 8 * LIMIT, peak


@pytest.mark.usefixtures("record_64k")
def test_an_element_over_the_limit_is_told_so_whatever_the_chunks() -> None:
    """An element longer than the limit whose text breaks after the limit
    (an unterminated string, a bracket missing) is an element over the
    limit at its start, whatever the reader's chunks: the limit is told
    before the element is decoded, as a JSONL line over it is refused
    unread.  (Main: when the decoder's window, twice as large at each try,
    had reached the break before it passed the limit, the syntax error
    came instead, deep in the element, or with the limit where the chunks
    fell otherwise.)"""
    body = ",".join(['"ab"'] * ((LIMIT + 1000) // 5))
    for broken in ('[{"a":1},{"d":[' + body + ',tru]}]', '[{"a":1},"' + "x" * (LIMIT + 1000),
                   '[{"a":1},{"d":[' + body + "}]"):
        for size in (4096, 1 << 20):
            items: list[tuple[str | OverLimit, int, int, bool]] = []
            with pytest.raises(RecordError) as told:
                for item in iter_json_elements(_pieces(broken, size)):
                    items.append(item)
            assert [type(item[0]) for item in items] == [str, OverLimit], (broken[:12], size)
            assert items[0][0] == '{"a":1}'
            assert "limit" in str(told.value)
            assert (told.value.line, told.value.column) == (1, 10)
