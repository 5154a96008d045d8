"""Streaming readers: same games as whole-file reads, flat memory, errors
found late, one bad record does not stop the others."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

import hearts_notation.io as hio
from hearts_notation.generate import generate_games
from hearts_notation.io import (
    InputError,
    dumps,
    iter_dumps,
    iter_games_text,
    read_games,
    source_lines_at,
    split_lines,
    write_atomic_iter,
)
from hearts_notation.io.jsonio import iter_json, iter_yaml
from hearts_notation.io.stream import _decode_blocks
from hearts_notation.model import Game
from tests.budget import long_beyond

GAMES = list(generate_games(6, seed=11, bots=("heuristic", "random", "heuristic", "random")))
FORMATS = ("hrn", "jsonl", "json", "yaml")


def _positions(games: list[Game]) -> list[object]:
    """What equality leaves out: where each game, deal and play was read."""
    return [(g.source, g.index, g.pos, [d.pos for d in g.deals],
             [p.pos for d in g.deals for t in d.tricks for p in t.plays]) for g in games]


@pytest.mark.parametrize("fmt", FORMATS)
def test_streaming_equals_whole_file(tmp_path: Path, fmt: str) -> None:
    f = tmp_path / f"games.{fmt}"
    f.write_text(dumps(GAMES, fmt), encoding="utf-8")
    streamed = list(read_games(str(f)))
    whole = list(iter_games_text(f.read_text(encoding="utf-8"), fmt, str(f)))
    assert streamed == whole == GAMES
    assert _positions(streamed) == _positions(whole)


@pytest.mark.parametrize("fmt", FORMATS)
def test_iter_dumps_pieces_join_to_dumps(fmt: str) -> None:
    for n in (0, 1, 2, len(GAMES)):
        assert "".join(iter_dumps(iter(GAMES[:n]), fmt)) == dumps(GAMES[:n], fmt)


@pytest.mark.parametrize("size", [1, 2, 3, 7, 64, 4096])
def test_json_array_read_in_tiny_chunks(size: int) -> None:
    text = dumps(GAMES, "json")
    chunks = [text[i:i + size] for i in range(0, len(text), size)]
    games = list(iter_json(chunks, "x.json"))
    assert games == GAMES
    assert [g.pos for g in games] == [g.pos for g in iter_json(text, "x.json")]


def test_json_compact_single_line_and_numbers_split_across_chunks() -> None:
    tree = [json.loads(line) for line in dumps(GAMES[:2], "jsonl").splitlines()]
    text = json.dumps(tree, separators=(",", ":"))
    for size in (5, 13):
        chunks = [text[i:i + size] for i in range(0, len(text), size)]
        assert list(iter_json(chunks)) == GAMES[:2]


@pytest.mark.parametrize("size", [1, 5, 1000])
def test_yaml_read_in_chunks(size: int) -> None:
    text = dumps(GAMES[:3], "yaml")
    chunks = [text[i:i + size] for i in range(0, len(text), size)]
    assert list(iter_yaml(chunks)) == GAMES[:3]


def test_decoder_handles_split_multibyte_and_bom() -> None:
    raw = "\ufeff[Event \"Partie commentée ♠♥\"]\nx\r\ny".encode()
    for size in (1, 2, 3, 5):
        text = "".join(_decode_blocks(io.BytesIO(raw), "t", size))
        assert text == "[Event \"Partie commentée ♠♥\"]\nx\r\ny"
        assert list(split_lines([text[i:i + size] for i in range(0, len(text), size)])) == [
            "[Event \"Partie commentée ♠♥\"]\n", "x\n", "y"]


def _big_jsonl(tmp_path: Path, copies: int) -> Path:
    f = tmp_path / "big.jsonl"
    block = dumps(GAMES, "jsonl")
    with f.open("w", encoding="utf-8") as fh:
        for _ in range(copies):
            fh.write(block)
    return f


def test_not_utf8_late_in_a_file_after_the_games_before_it(tmp_path: Path) -> None:
    f = _big_jsonl(tmp_path, 60)        # several MiB: the bad byte is in a later block
    lines = f.read_bytes().count(b"\n")
    with f.open("ab") as fh:
        fh.write(b'{"deals": [], "tags": {"Event": "caf\xe9"}}\n')
    seen = 0
    with pytest.raises(InputError) as info:
        for _ in read_games(str(f)):
            seen += 1
    assert seen == 60 * len(GAMES)
    assert (info.value.line, info.value.column) == (lines + 1, 37)
    assert "not UTF-8" in str(info.value)


def test_nul_late_in_a_file(tmp_path: Path) -> None:
    f = _big_jsonl(tmp_path, 40)
    size = f.stat().st_size
    with f.open("ab") as fh:
        fh.write(b"\x00\x00")
    with pytest.raises(InputError, match=f"NUL byte at offset {size}"):
        for _ in read_games(str(f)):
            pass


def test_jsonl_bad_line_in_the_middle_is_a_finding_and_the_rest_reads(tmp_path: Path) -> None:
    lines = dumps(GAMES, "jsonl").splitlines(keepends=True)
    lines[2] = '{"deals": [{"pass": "sideways"}]}\n'
    lines[4] = "{not json\n"
    f = tmp_path / "c.jsonl"
    f.write_text("".join(lines), encoding="utf-8")
    games = list(read_games(str(f)))
    assert len(games) == len(GAMES)
    assert [bool(g.errors) for g in games] == [False, False, True, False, True, False]
    bad = games[2].errors[0]
    assert (bad.code, bad.line) == ("syntax-error", 3)
    assert "deals[0].pass" in bad.message
    assert games[4].errors[0].line == 5
    assert games[5] == GAMES[5] and games[5].index == 6


def test_hrn_corrupted_game_in_the_middle_of_a_large_file(tmp_path: Path) -> None:
    many = [g for _ in range(30) for g in GAMES]
    text = dumps(many, "hrn")
    lines = text.split("\n")
    # Garble a trick line of game 100 (1-based).
    starts = [i for i, ln in enumerate(lines) if ln.startswith("[Event")]
    target = next(i for i in range(starts[99], starts[100]) if lines[i].startswith("5. "))
    lines[target] = "5. N ZZ E ?? garbage"
    f = tmp_path / "big.hrn"
    f.write_text("\n".join(lines), encoding="utf-8")
    games = list(read_games(str(f)))
    assert len(games) == len(many)
    broken = [g.index for g in games if g.errors]
    assert broken == [100]
    assert games[99].errors[0].line == target + 1
    assert games[100] == many[100] and games[-1] == many[-1]


def test_json_array_schema_error_is_a_finding_syntax_error_is_unusable(tmp_path: Path) -> None:
    text = dumps(GAMES[:3], "json")
    bad = text.replace('"pass": "left"', '"pass": "sideways"', 1)
    f = tmp_path / "a.json"
    f.write_text(bad, encoding="utf-8")
    games = list(read_games(str(f)))
    assert [bool(g.errors) for g in games] == [True, False, False]
    assert games[0].errors[0].message.startswith("game 1: deals[0].pass")
    assert games[1:] == GAMES[1:3]
    broken = text.replace('"pass": "left"', '"pass" "left"', 1)
    f.write_text(broken, encoding="utf-8")
    with pytest.raises(InputError) as info:
        list(read_games(str(f)))
    want = next(i for i, ln in enumerate(broken.split("\n"), 1) if '"pass" "left"' in ln)
    assert info.value.line == want and "not valid JSON" in info.value.message


def _corpus_text(fmt: str, size: int) -> str:
    if fmt == "json":
        element = ",\n" + "".join(iter_dumps(GAMES, "json"))[2:-3]
        return "[\n" + element[2:] + element * (size // len(element)) + "\n]\n"
    block = dumps(GAMES, fmt)
    return block * (size // len(block) + 1)


@pytest.mark.parametrize("fmt", FORMATS)
def test_readers_are_lazy(fmt: str) -> None:
    """The first game comes out after a few chunks of a long input."""
    text = _corpus_text(fmt, 400_000)
    size = 4096
    pulled = 0

    def chunks() -> object:
        nonlocal pulled
        for i in range(0, len(text), size):
            pulled += 1
            yield text[i:i + size]

    first = next(hio.games_of_chunks("x", fmt, chunks(), None))  # type: ignore[arg-type]
    assert first == GAMES[0]
    total = len(text) // size
    assert pulled < 30 < total


# VmHWM (the peak resident size of this process image) rather than
# ru_maxrss, which Linux carries over from the forking parent (pytest).
_RSS = """
import sys
from hearts_notation.io import read_games
n = sum(1 for _ in read_games(sys.argv[1]))
hwm = next(l for l in open("/proc/self/status") if l.startswith("VmHWM"))
print(n, hwm.split()[1])
"""


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux /proc")
@pytest.mark.parametrize("fmt", long_beyond(["jsonl", "json"]))
def test_memory_stays_flat(tmp_path: Path, fmt: str) -> None:
    """Peak RSS reading a file four times larger grows by far less than
    the difference in size (a whole-file read grows by at least that)."""
    peaks = []
    for size in (3_000_000, 12_000_000):
        f = tmp_path / f"c{size}.{fmt}"
        f.write_text(_corpus_text(fmt, size), encoding="utf-8")
        out = subprocess.run([sys.executable, "-c", _RSS, str(f)], capture_output=True,
                             text=True, check=True).stdout.split()
        assert int(out[0]) > 30
        peaks.append(int(out[1]) * 1024)
    assert peaks[1] - peaks[0] < 4_000_000, peaks


def test_write_atomic_iter_leaves_the_target_alone_on_error(tmp_path: Path) -> None:
    target = tmp_path / "out.hrn"
    target.write_text("old\n", encoding="utf-8")

    def pieces() -> object:
        yield "new part\n"
        raise InputError("in.hrn", "not UTF-8 text", 9, 1)

    with pytest.raises(InputError):
        write_atomic_iter(str(target), pieces())  # type: ignore[arg-type]
    assert target.read_text(encoding="utf-8") == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.hrn"]
    write_atomic_iter(str(target), iter(["a\n", "b\n"]))
    assert target.read_text(encoding="utf-8") == "a\nb\n"


def test_source_lines_at(tmp_path: Path) -> None:
    f = tmp_path / "x.hrn"
    f.write_text("one\ntwo\r\nthree\nfour", encoding="utf-8")
    assert source_lines_at(str(f), [4, 2, 9]) == {2: "two", 4: "four"}


def test_unusable_input_is_still_reported_before_any_game(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file"):
        next(read_games(str(tmp_path / "missing.jsonl")))
    empty = tmp_path / "e.hrn"
    empty.write_text("  \n\n", encoding="utf-8")
    with pytest.raises(InputError, match="empty input"):
        list(read_games(str(empty)))


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_utf16_without_its_mark_is_named(tmp_path: Path, encoding: str) -> None:
    """Text saved as UTF-16 without a byte-order mark is named so, with what
    to do, not as "binary data (NUL byte at offset 1)"."""
    f = tmp_path / "sheet.hrn"
    f.write_bytes((Path(__file__).resolve().parent.parent / "samples" / "feuille-en-francais.hrn")
                  .read_text(encoding="utf-8")
                  .encode(encoding))
    with pytest.raises(InputError, match="UTF-16 text without its byte-order mark"):
        list(read_games(str(f)))
