"""The format registry and the one stream layer (``hearts_notation.io.formats``
and ``.stream``): every format found by name and suffix, read back what it
writes, and the decoding every format shares (BOM, UTF-16, CRLF, NUL, long
lines), plus the seek marks that print a late diagnostic's line without
reading the file again."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest

from hearts_notation.io import (
    FORMATS,
    INPUT_FORMATS,
    OUTPUT_FORMATS,
    RECORD_FORMATS,
    InputError,
    dumps,
    format_for,
    get,
    iter_games_text,
    read_bytes,
    read_games,
    source_lines_at,
)
from hearts_notation.io import stream as hstream
from hearts_notation.io.limits import Limits, set_limits

SAMPLE = Path(__file__).parent.parent / "samples" / "multi-game.hrn"


def _games() -> list:  # type: ignore[type-arg]
    return list(read_games(str(SAMPLE)))


def test_every_suffix_selects_its_format() -> None:
    for f in FORMATS.values():
        for suffix in f.suffixes:
            assert format_for(f"x{suffix.upper()}") == f.name
    assert format_for("-") == "hrn"
    assert format_for("x.unknown") == "hrn"
    assert format_for("x.json", "yaml") == "yaml"


def test_unknown_format_is_input_error() -> None:
    with pytest.raises(InputError, match="unknown format 'xml'"):
        get("xml", "f")
    with pytest.raises(InputError, match="unknown format"):
        list(read_games(str(SAMPLE), "xml"))


@pytest.mark.parametrize("name", RECORD_FORMATS)
def test_each_format_reads_back_what_it_writes(name: str) -> None:
    games = _games()
    text = "".join(get(name).write(games))
    assert text == dumps(games, name)
    back = list(iter_games_text(text, name, "t"))
    assert [g.errors for g in back] == [()] * len(games)
    assert dumps(back, "jsonl") == dumps(games, "jsonl")


def test_formats_listed_from_the_table() -> None:
    assert set(INPUT_FORMATS) == {n for n, f in FORMATS.items() if f.reader}
    assert "openspiel" in INPUT_FORMATS and "openspiel" not in OUTPUT_FORMATS
    assert all(FORMATS[n].streaming for n in ("hrn", "json", "jsonl", "yaml"))


BOMS = {"utf-16-le": codecs.BOM_UTF16_LE, "utf-16-be": codecs.BOM_UTF16_BE,
        "utf-32-le": codecs.BOM_UTF32_LE, "utf-32-be": codecs.BOM_UTF32_BE}


@pytest.mark.parametrize("encoding", list(BOMS))
def test_utf16_with_bom_reads_as_text(tmp_path: Path, encoding: str) -> None:
    text = SAMPLE.read_text(encoding="utf-8").replace("\n", "\r\n")
    bom = BOMS[encoding]
    path = tmp_path / "g.hrn"
    path.write_bytes(bom + text.encode(encoding))
    assert dumps(list(read_games(str(path))), "jsonl") == dumps(_games(), "jsonl")


@pytest.mark.parametrize("encoding", list(BOMS))
def test_a_nul_in_wide_text_is_named_at_its_byte(tmp_path: Path, encoding: str) -> None:
    path = tmp_path / "g.hrn"
    path.write_bytes(BOMS[encoding] + '[Event "x"]\n\0'.encode(encoding))
    with pytest.raises(InputError) as info:
        list(read_games(str(path)))
    unit = 2 if "16" in encoding else 4
    assert f"offset {len(BOMS[encoding]) + 12 * unit}" in info.value.message


@pytest.mark.parametrize("encoding", ["utf-16-be", "utf-32-le"])
def test_a_bad_unit_in_wide_text_is_named_at_its_line(tmp_path: Path, encoding: str) -> None:
    path = tmp_path / "g.hrn"
    bad = b"\xd8\x00\x00\x41" if encoding == "utf-16-be" else b"\x00\x00\x11\x00"
    path.write_bytes(BOMS[encoding] + '[Event "x"]\n\n'.encode(encoding) + bad)
    with pytest.raises(InputError) as info:
        list(read_games(str(path)))
    assert info.value.line == 3
    assert f"not {encoding[:6].upper()} text" in info.value.message


def test_utf8_bom_and_crlf(tmp_path: Path) -> None:
    path = tmp_path / "g.hrn"
    path.write_bytes(codecs.BOM_UTF8 + SAMPLE.read_bytes().replace(b"\n", b"\r\n"))
    assert dumps(list(read_games(str(path))), "jsonl") == dumps(_games(), "jsonl")


def test_long_line_is_refused_at_its_line(tmp_path: Path) -> None:
    path = tmp_path / "g.hrn"
    path.write_text('[Event "x"]\n' + "{" + "a" * 200_000 + "}\n", encoding="utf-8")
    with pytest.raises(InputError) as info:
        list(read_games(str(path)))
    assert info.value.line == 2
    assert "HEARTS_MAX_LINE" in info.value.message


def test_long_jsonl_record_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    text = dumps(_games(), "jsonl")
    longest = max(len(line) for line in text.splitlines())
    path.write_text(text + '{"comment": "' + "a" * 2 * longest + '"}\n', encoding="utf-8")
    set_limits(Limits(record=longest + 10))
    try:
        with pytest.raises(InputError) as info:
            list(read_games(str(path)))
    finally:
        set_limits(None)
    assert info.value.line == len(_games()) + 1


def test_read_bytes_stops_at_binary_and_at_the_size_limit(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="binary data"):
        read_bytes("/dev/zero")
    path = tmp_path / "big.hrn"
    path.write_text("x" * 5000, encoding="utf-8")
    with pytest.raises(InputError, match="HEARTS_MAX_DOCUMENT"):
        read_bytes(str(path), max_bytes=1000)


def test_source_lines_by_seeking(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "big.hrn"
    lines = [f"{{line {n}}}" for n in range(1, 200_001)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    for _ in hstream.iter_text_chunks(str(path), chunk_size=1 << 16):
        pass
    # The file is not read again from the start: only the marks are used.
    def no_stream(*a: object, **k: object) -> None:
        raise AssertionError("re-read the whole file")
    monkeypatch.setattr(hstream, "iter_text_lines", no_stream)
    got = source_lines_at(str(path), [1, 150_000, 199_999, 300_000])
    assert got == {1: "{line 1}", 150_000: "{line 150000}", 199_999: "{line 199999}"}


def test_source_lines_after_the_file_changed(tmp_path: Path) -> None:
    path = tmp_path / "f.hrn"
    path.write_text("a\nb\nc\n", encoding="utf-8")
    for _ in hstream.iter_text_chunks(str(path)):
        pass
    path.write_text("first\nsecond line\n", encoding="utf-8")
    assert source_lines_at(str(path), [2]) == {2: "second line"}
