"""The JSON cut hands its newline count to the decoder (``LineFeed``)
instead of the decoder counting the same newlines again: the seek marks,
the element lines and the line:col of a byte that is not UTF-8 must be the
ones the decoder's own count gives."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from hearts_notation.io.jsonio import iter_json_elements
from hearts_notation.io.stream import _MARKS, InputError, LineFeed, chunks_of, open_binary


def _read(path: Path, chunk: int, with_feed: bool) -> tuple[list[int], str | None, list[int], list[int]]:
    _MARKS.pop(str(path), None)
    feed = LineFeed() if with_feed else None
    lines: list[int] = []
    error = None
    try:
        chunks = chunks_of(open_binary(str(path)), str(path), chunk, feed=feed)
        for _text, line, _, _ in iter_json_elements(chunks, feed):
            lines.append(line)
    except InputError as exc:
        error = str(exc)
    marks = _MARKS.get(str(path))
    assert marks is not None
    return lines, error, list(marks[0]), list(marks[1])


def _document(indent: int) -> bytes:
    games = [{"n": i, "cards": [f"{r}S" for r in range(2, 2 + i % 9)], "x": {"y": "é" * (i % 3)}}
             for i in range(60)]
    return json.dumps(games, indent=indent, ensure_ascii=False).encode()


@pytest.mark.parametrize("indent", [2, 3])
@pytest.mark.parametrize("crlf_bom", [False, True])
@pytest.mark.parametrize("bad", [False, True])
@pytest.mark.parametrize("chunk", [97, 1024, 1 << 20])
def test_feed_gives_the_decoders_own_lines(tmp_path: Path, indent: int, crlf_bom: bool,
                                           bad: bool, chunk: int) -> None:
    data = _document(indent)
    if bad:
        at = data.index(b'"', len(data) * 2 // 3) + 1
        data = data[:at] + b"\xff" + data[at:]
    if crlf_bom:
        data = b"\xef\xbb\xbf" + data.replace(b"\n", b"\r\n")
    path = tmp_path / "games.json"
    path.write_bytes(data)
    counted = _read(path, chunk, with_feed=False)
    fed = _read(path, chunk, with_feed=True)
    assert fed == counted
    assert (counted[1] is not None) == bad
    if chunk == 97:
        assert len(counted[2]) > 10        # a mark a block: the feed's counts are checked
