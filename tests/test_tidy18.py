"""Small gaps closed by helper tidy18.

(a) The line quoted under a message is the one its ``file:line:col``
    names when the HRN reader ends lines at a lone CR, U+2028 or U+2029
    (typed16): :func:`hearts_notation.io.stream.source_lines_at` numbered
    ``\\n`` only, so it quoted nothing (a file of lone CRs) or the wrong
    line (a file mixing line ends).

(b) ``hearts convert`` of a JSON record with three ``seats`` under
    4-player rules told a place per card at the seat it lacks (dozens of
    "names a seat its game does not have") without their cause: now the
    seat count, once, and a summary that says so.

(c) A pattern a ``--jobs`` or Dask worker lists (``expand_here``) and the
    same pattern behind a URL (``expand_url``) name the same files: one
    rule, :func:`hearts_notation.folders.pattern_files` (the worker's
    :mod:`glob` read ``**`` as ``*`` and kept ``club/.old/b.hrn`` for
    ``club/.*/*.hrn``; fsspec's ``**`` is recursive, and the folder rule
    applied below the pattern's fixed folder).

Every test reads a few lines or one short game in this process, or lists
a folder of five files: cheap.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli
from hearts_notation.io import dumps, read_games
from hearts_notation.io.hrn.words import typed_chunks
from hearts_notation.io.stream import (
    HRN_LINE_BREAKS,
    InputError,
    iter_text_chunks,
    source_lines_at,
    split_lines,
)
from hearts_notation.runners.shards import expand_here, expand_url

#: A game whose third line plays a card that is no card (3:16).
GAME = '[Event "x"]\ndeal 1\n1. N 6C E 7C S 8X W 9C\nresult S\n'
EXPECTED = {
    "en": "expected a card such as QS or 10♥, found '8X'",
    "fr": "on attendait une carte comme D♠ ou 10♥, trouvé '8X'",
}


def _validate(path: Path, lang: str) -> list[str]:
    result = CliRunner().invoke(cli, ["validate", "--lang", lang, str(path)])
    assert result.exit_code == 1, result.output
    return result.output.replace(str(path), path.name).splitlines()


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("brk", ["\r", "\u2028", "mixed"])
def test_the_quoted_line_is_the_one_the_position_names(tmp_path: Path, brk: str,
                                                        lang: str) -> None:
    """Lines ended by a lone CR, by U+2028, or a file that mixes ``\\n``
    and CR: the caret line under the error at line 3 (6 in the mixed file)
    is that line's text, in English and French."""
    path = tmp_path / "game.hrn"
    if brk == "mixed":
        text, line = "; a\n; b\r; c\n" + GAME.replace("\n", "\r", 1), 6
    else:
        text, line = GAME.replace("\n", brk), 3
    path.write_bytes(text.encode())
    out = _validate(path, lang)
    at = out.index(next(s for s in out if s.startswith(f"game.hrn:{line}:16:")))
    assert EXPECTED[lang] in out[at]
    assert out[at + 1:at + 3] == ["    1. N 6C E 7C S 8X W 9C", " " * 19 + "^"]


def test_seek_marks_after_another_line_break_are_not_used_for_hrn(tmp_path: Path) -> None:
    """Read in small blocks (a mark each), a file whose \\n lines are
    followed by lines ended in CR: each line as the HRN reader numbers
    it, the marks before the first CR used, the later ones (numbered at
    \\n) not; a JSON file's lines stay numbered at ``\\n``."""
    head = "".join(f"; line {n}\n" for n in range(1, 41))
    tail = "".join(f"; line {n}\r" for n in range(41, 81)) + "; line 81\n; line 82\n"
    for name in ("marks.hrn", "marks.json"):
        path = tmp_path / name
        path.write_bytes((head + tail).encode())
        for _ in iter_text_chunks(str(path), 64):    # the reader's read: marks noted
            pass
        got = source_lines_at(str(path), [2, 40, 41, 60, 82])
        if name.endswith(".hrn"):
            assert got == {n: f"; line {n}" for n in (2, 40, 41, 60, 82)}
        else:   # 41 lines at \n: line 41 holds the CR lines, 42 is "; line 82"
            assert got[2] == "; line 2" and got[40] == "; line 40"
            assert got[41].startswith("; line 41\r") and 60 not in got



def test_the_quoted_lines_break_where_the_reader_breaks() -> None:
    """The byte pattern the quoted lines are cut at and the reader's
    ``typed_chunks`` cut a text of every line end into the same lines
    (a CR LF, a lone CR before a LF line, U+2028, U+2029, NEL and a form
    feed that end none)."""
    text = "a\r\nb\rc\nd\u2028e\u2029f\u0085g\x0ch\r\ri\n\nj"
    read = [line.rstrip("\n") for line in split_lines(typed_chunks([text]))]
    data = text.encode()
    cut, i = [], 0
    for m in HRN_LINE_BREAKS.finditer(data):
        cut.append(data[i:m.start()].decode())
        i = m.end()
    assert read == [*cut, data[i:].decode()]


def test_lines_past_a_long_line_of_a_cr_file_in_one_read(tmp_path: Path) -> None:
    """A file of lone CRs with a line past the line limit:
    the lines after it are numbered right, the long one quoted to its
    start, and a line asked after a later one is found again."""
    body = "".join(f"; line {n}\r" for n in range(1, 3001))
    path = tmp_path / "long.hrn"
    path.write_bytes((body + "; " + "x" * 70_000 + "\r" + body).encode())
    for _ in iter_text_chunks(str(path)):
        pass
    got = source_lines_at(str(path), [3, 3001, 3002, 6001])
    assert got[3] == "; line 3" and got[3002] == "; line 1" and got[6001] == "; line 3000"
    assert got[3001].startswith("; xxx") and len(got[3001]) == 65536
    assert source_lines_at(str(path), [2999]) == {2999: "; line 2999"}

SPEC = Path(__file__).resolve().parent / "data" / "hrn" / "spec-example.hrn"
COUNT_SUMMARY = {
    "en": "1 game in game.json has more or fewer seats than its rules have players",
    "fr": "1 partie de game.json n'a pas autant de places que ses règles ont de joueurs",
}


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("seats", [["N", "E", "S"], ["A", "B", "C"]])
def test_convert_tells_the_seat_count_not_a_place_per_card(tmp_path: Path, seats: list[str],
                                                           lang: str) -> None:
    """Three ``seats`` in a standard (4-player) record: one error, the
    seat count (``unknown-rule``) at its place, and no ``player-conflict``
    or per-card error; nothing written, exit 2."""
    record = json.loads(dumps(list(read_games(str(SPEC))), "json"))
    record["seats"] = seats
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    out = tmp_path / "out.hrn"
    result = CliRunner().invoke(cli, ["convert", "--lang", lang, str(path), "-o", str(out)])
    assert result.exit_code == 2 and not out.exists()
    said = result.output.replace(str(path), "game.json").splitlines()
    told = [s for s in said if s.startswith("game.json:")]
    assert len(told) == 1 and told[0].endswith("[unknown-rule]"), said
    assert told[0].startswith("game.json:1:")
    assert COUNT_SUMMARY[lang] in said[-1], said[-1]


@pytest.mark.parametrize("pattern", ["club/*/*.hrn", "club/**/*.hrn", "club/.*/*.hrn",
                                     "club/.old/*.hrn", "club/a/*", "club/[.a]*/*.hrn"])
def test_a_workers_pattern_names_the_files_a_urls_names(tmp_path: Path, pattern: str) -> None:
    """A worker's listing of a pattern (at the path where the data is, as
    ``--jobs`` and Dask workers list it) and fsspec's behind ``file://``
    agree file for file; and the hidden folders matched by a wildcard are
    never read."""
    pytest.importorskip("fsspec")
    for name in ("a/a.hrn", "a/sub/d.hrn", ".old/b.hrn", "a/.bak/c.hrn", ".hid.hrn"):
        (tmp_path / "club" / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "club" / name).write_text(GAME, encoding="utf-8")
    where = f"{tmp_path}/{pattern}"
    here = expand_here(pattern, where, [".hrn"])
    worker = [] if isinstance(here, InputError) else [shown for shown, _ in here]
    try:
        url = [u.split(f"{tmp_path}/", 1)[1] for u in expand_url(f"file://{where}", [".hrn"])]
    except InputError:
        url = []
    assert worker == url
    expected = {"club/*/*.hrn": ["club/a/a.hrn"], "club/**/*.hrn": ["club/a/a.hrn", "club/a/sub/d.hrn"],
                "club/.old/*.hrn": ["club/.old/b.hrn"], "club/a/*": ["club/a/a.hrn"],
                "club/[.a]*/*.hrn": ["club/a/a.hrn"]}
    assert worker == expected.get(pattern, [])
