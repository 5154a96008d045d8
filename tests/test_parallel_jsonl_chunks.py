"""The chunk-based JSONL batching cuts exactly where a line-by-line cut does.

:func:`hearts_notation.io.batches.jsonl_batches` splits each decoded chunk
once; the reference below is the line-by-line cut it replaced (through
:func:`hearts_notation.io.split_lines`).  Both must give the same batches
(text, first line, first index, byte count) for any chunking of any text:
CRLF split across chunks, blank and white-space lines, a last line with no
newline, a lone ``\\r`` at the end.
"""

from __future__ import annotations

from collections.abc import Iterator

from hypothesis import given
from hypothesis import strategies as st

from hearts_notation.io import split_lines
from hearts_notation.io.batches import Batch, jsonl_batches
from tests.budget import sweep


def reference(path: str, chunks: Iterator[str], per_batch: int) -> Iterator[Batch]:
    lines: list[str] = []
    first_line = 1
    first_index = 1
    records = 0
    lineno = 0
    for line in split_lines(chunks):
        lineno += 1
        lines.append(line)
        if line.strip():
            records += 1
            if records == per_batch:
                text = "".join(lines)
                yield Batch(path, "jsonl", text, first_line, first_index, len(text))
                first_line = lineno + 1
                first_index += records
                lines, records = [], 0
    if lines:
        text = "".join(lines)
        yield Batch(path, "jsonl", text, first_line, first_index, len(text))


PIECES = st.sampled_from(["{}", '{"a": 1}', "x", " ", "\t", "\r", "\n", "\r\n", "\n\n", " \n"])


def chunked(text: str, cuts: list[int]) -> list[str]:
    points = sorted({c % (len(text) + 1) for c in cuts})
    out, prev = [], 0
    for p in points:
        out.append(text[prev:p])
        prev = p
    out.append(text[prev:])
    return [c for c in out if c]


@sweep(400, default=100, deadline=None)
@given(st.lists(PIECES, max_size=40), st.lists(st.integers(0, 400), max_size=6),
       st.integers(1, 4))
def test_chunk_cut_matches_line_cut(pieces: list[str], cuts: list[int], per_batch: int) -> None:
    text = "".join(pieces)
    chunks = chunked(text, cuts)
    got = list(jsonl_batches("f.jsonl", iter(chunks), per_batch))
    want = list(reference("f.jsonl", iter(chunks), per_batch))
    assert got == want


def test_errors_come_after_the_complete_batches() -> None:
    def chunks() -> Iterator[str]:
        yield "{}\n{}\n{}"
        raise ValueError("bad byte")

    got: list[Batch] = []
    try:
        for b in jsonl_batches("f.jsonl", chunks(), 2):
            got.append(b)
    except ValueError:
        pass
    assert [(b.payload, b.first_line) for b in got] == [("{}\n{}\n", 1)]


@sweep(200, default=60, deadline=None)
@given(st.lists(st.sampled_from(["{}", "[1", "x", " ", "", "\t", '{"deals": []}']), max_size=12),
       st.booleans(), st.integers(1, 50))
def test_validate_batch_reads_every_line_of_a_batch(lines: list[str], newline: bool,
                                                     first_line: int) -> None:
    """The worker finds the records of a JSONL batch (line numbers and
    record indexes included) as splitting its text at every newline does."""
    from hearts_notation.commands.validate import validate_batch
    from hearts_notation.referee import report_json_text

    text = "\n".join(lines) + ("\n" if newline else "")
    batch = Batch("f.jsonl", "jsonl", text, first_line, 3, len(text))
    want = []
    index = 3
    for lineno, line in enumerate(text.split("\n"), first_line):
        if line and not line.isspace():
            want.append(report_json_text(line, "f.jsonl", index, lineno, None, False))
            index += 1
    assert validate_batch(batch, None, False) == want


@given(st.binary(max_size=2000) | st.lists(st.sampled_from([b"\n", b"ab", b"{}"]), max_size=900)
       .map(b"".join))
def test_newline_count_is_bytes_count(data: bytes) -> None:
    """The reader's line counter (for the positions of UTF-8 errors) counts
    what ``bytes.count`` counts, dense or sparse."""
    from hearts_notation.io.stream import _count_newlines

    assert _count_newlines(data) == data.count(b"\n")


def _batches_and_error(path: str) -> tuple[list[tuple[str, int, int, int]], str | None]:
    from hearts_notation.io import InputError
    from hearts_notation.runners.local import iter_batches

    out: list[tuple[str, int, int, int]] = []
    try:
        for b in iter_batches([path], games_per_batch=3):
            assert isinstance(b, Batch)
            out.append((b.payload, b.first_line, b.first_index, b.nbytes))
    except InputError as exc:
        return out, str(exc)
    return out, None


def _whole_file_reference(path: str) -> tuple[list[tuple[str, int, int, int]], str | None]:
    """The batches when the file is decoded in blocks of CHUNK_SIZE throughout."""
    from hearts_notation.io.stream import CHUNK_SIZE, InputError, chunks_of

    out: list[tuple[str, int, int, int]] = []
    try:
        with open(path, "rb") as fh:
            for b in jsonl_batches(path, chunks_of(fh, path, CHUNK_SIZE), 3):
                out.append((b.payload, b.first_line, b.first_index, b.nbytes))
    except InputError as exc:
        return out, str(exc)
    return out, None


def test_large_jsonl_reads_in_smaller_blocks_give_the_same_batches(tmp_path: object) -> None:
    """Past the first megabyte a JSONL file is read in smaller blocks: the
    batches, their places and byte counts, and a bad byte's error (with its
    line and column) are those of reading a megabyte at a time."""
    from pathlib import Path

    line = '{"tags": {"Event": "' + "x" * 3000 + '"}, "deals": []}'
    body = "\n".join(line if k % 7 else "  " for k in range(900)) + "\n"
    good = Path(str(tmp_path)) / "good.jsonl"
    good.write_text(body + "\r\n".join([line, "", line]), encoding="utf-8")
    assert good.stat().st_size > 2 << 20
    got = _batches_and_error(str(good))
    assert got == _whole_file_reference(str(good)) and got[1] is None
    bad = Path(str(tmp_path)) / "bad.jsonl"
    data = body.encode()
    bad.write_bytes(data[:1_900_000] + b"\xff" + data[1_900_000:])
    got = _batches_and_error(str(bad))
    want = _whole_file_reference(str(bad))
    assert got[0] and got[1] is not None and "not UTF-8" in got[1]
    assert got == want
