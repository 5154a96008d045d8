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


# 2. A JSON element over the record limit ------------------------------------------


@pytest.fixture
def record_20k() -> Iterator[None]:
    set_limits(Limits(record=20_000))
    try:
        yield
    finally:
        set_limits(None)


def _record(seed: int) -> str:
    import json

    from clirun import one_deal_record

    return json.dumps(one_deal_record(seed))


#: A game whose comment of 60,000 characters, brackets and escaped quotes in
#: it, takes it over a 20,000-character limit: read past by the bracket and
#: string state, not by the first "]" or "}" in it.
_NOTE = 'x\\"]}{[' * 10_000


def _array(pretty: bool) -> tuple[str, int, int]:
    """An array of 4 games, the second over the limit, the third with a
    card that is none; the second's line and column."""
    import json

    games = [json.loads(_record(s)) for s in (1, 2, 3, 4)]
    games[1]["tags"] = {**games[1].get("tags", {}), "Note": _NOTE}
    texts = [json.dumps(g, indent=2 if pretty else None) for g in games]
    texts[2] = texts[2].replace('"2C"', '"2Z"', 1)
    sep, head = (",\n", "[\n") if pretty else (", ", "[")
    before = head + texts[0] + sep
    return (before + sep.join(texts[1:]) + "\n]\n", before.count("\n") + 1,
            len(before) - before.rfind("\n"))


@pytest.mark.usefixtures("record_20k")
@pytest.mark.parametrize("pretty", [True, False], ids=["pretty", "one-line"])
def test_the_games_after_a_json_element_over_the_limit_are_read(pretty: bool) -> None:
    """The elements after the long one are read, numbered as elements (the
    fourth is game 4), wherever the chunks end; the long one is told once,
    at its line and column, when the document ends (main: the reading
    stopped at it, games 3 and 4 lost)."""
    from hearts_notation.io.jsonio import iter_json

    text, line, column = _array(pretty)
    for size in (97, 4096, 1 << 16, len(text)):
        games = []
        with pytest.raises(Exception) as raised:
            for game in iter_json(_pieces(text, size), "g.json"):
                games.append(game)
        assert [g.index for g in games] == [1, 3, 4], size
        assert (raised.value.line, raised.value.column) == (line, column), size   # type: ignore[attr-defined]
        assert "over the limit of 20,000" in str(raised.value)


@pytest.mark.usefixtures("record_20k")
def test_validate_reads_the_games_after_a_json_element_over_the_limit(tmp_path: object) -> None:
    """``validate`` on one job and on two: the three other games read (the
    third's bad card told as game 3's), the long one told at its place,
    status 2 (main: "1 file, 1 game")."""
    from pathlib import Path

    from clirun import run

    text, line, column = _array(True)
    assert isinstance(tmp_path, Path)
    path = tmp_path / "g.json"
    path.write_text(text, encoding="utf-8")
    for jobs in ("1", "2"):
        status, out = run("validate", str(path), "--jobs", jobs)
        assert status == 2 and "1 file, 3 games" in out, out
        assert f"{path}:{line}:{column}: " in out and "game 3: " in out and "'2Z'" in out, out
        assert "game 2:" not in out, out


@pytest.mark.usefixtures("record_20k")
def test_a_json_element_over_the_limit_is_read_past_not_held() -> None:
    """Elements over a 20,000-character limit, one string, then one of
    brackets: the memory held while reading past one of 500 KB is that of
    one of 130 KB (flat: the chunks and the decoder's attempt before the limit,
    not the element), and the game after it is read (main: the reading
    stopped there)."""
    import tracemalloc

    from hearts_notation.io.jsonio import iter_json

    good = _record(5)

    def peak(big: str) -> int:
        pieces = _pieces("[" + good + ",\n" + big + ",\n" + good + "]", 1 << 14)
        tracemalloc.start()
        try:
            games = []
            with pytest.raises(Exception, match="over the limit"):
                for game in iter_json(iter(pieces)):
                    games.append(game.index)
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
            assert games == [1, 3]

    for big in (lambda n: '"' + "y\\\"" * n + '"', lambda n: "[" * 30 + "[1, 2]," * n + "0" + "]" * 30):
        small = peak(big(20_000))
        assert peak(big(80_000)) < small * 1.2 + 65_536, small


@pytest.mark.usefixtures("record_20k")
def test_the_yaml_documents_after_one_over_the_limit_are_read() -> None:
    """YAML documents separated by ``---``, the second over the limit (a
    block scalar of 80,000 characters, brackets and quotes in it): the
    third and fourth are read, numbered 3 and 4, wherever the chunks end,
    and the long one is told once where the reading went over it, when the
    stream ends (main: the reading stopped there)."""
    import json

    from hearts_notation.io.jsonio import iter_yaml

    docs = ["---\n" + json.dumps(json.loads(_record(s))) + "\n" for s in (1, 2, 3, 4)]
    docs[1] = ("---\nnote: |\n" + "  x]}{\"'\n" * 8_000 + "deals: []\n")
    text = "".join(docs)
    for size in (100, 4096, len(text)):
        games = []
        with pytest.raises(Exception, match="over the limit of 20,000") as raised:
            for game in iter_yaml(_pieces(text, size), "g.yaml"):
                games.append((game.index, len(game.errors)))
        assert games == [(1, 0), (3, 0), (4, 0)], size
        assert 4 < raised.value.line < 8_004, size     # type: ignore[attr-defined]  (in the note)
