"""Round 34 (long34): a line over the ``line``/``record`` limit no longer
ends its file.  The long line is told once, at its line and column, and the
exit status is 2 as before; its characters are read and dropped up to the
next line break, and the games after it are read as usual, with their own
line numbers.  In HRN the game the long line falls in is kept up to that
line (typed33) and the next line that begins with a tag starts a new game;
in JSONL the following lines are records.

Every test here failed on main (1f352bd5): the games after the long line
were lost (and ``split_lines`` had no ``go_on``).  Small limits keep them
cheap (:func:`hearts_notation.io.limits.set_limits`)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from hearts_notation.io.limits import Limits, set_limits

SAMPLES = Path(__file__).parent.parent / "samples"
ONE = (SAMPLES / "canonical.hrn").read_text(encoding="utf-8")
#: A card that is not one: a syntax error in the game it is put in.
BAD = ("E 2C S 4C", "E 2Z S 4C")


@pytest.fixture
def small() -> Iterator[None]:
    set_limits(Limits(line=2_000, record=20_000))
    try:
        yield
    finally:
        set_limits(None)


def _hrn_file(tmp_path: Path) -> tuple[Path, int, int]:
    """Two games, a third with a line over the line limit in its deal 3
    (a line of the deal after it), then two more, the last with a bad card:
    the file, the long line's number and the bad card's line number."""
    lines = ONE.split("\n")
    at = next(k for k, line in enumerate(lines) if line.startswith("deal 3 ")) + 8
    third = "\n".join([*lines[:at], "x" * 3_000, *lines[at:]])
    text = ONE * 2 + third + ONE + ONE.replace(*BAD)
    path = tmp_path / "club.hrn"
    path.write_text(text, encoding="utf-8")
    long_line = ONE.count("\n") * 2 + at + 1
    before_last = text.rindex(ONE.replace(*BAD))
    bad_line = text.count("\n", 0, before_last) + ONE.split("\n").index(
        next(line for line in lines if BAD[0] in line)) + 1
    return path, long_line, bad_line


@pytest.mark.usefixtures("small")
@pytest.mark.parametrize("stdin", [False, True], ids=["file", "stdin"])
def test_validate_hrn_reads_the_games_after_a_long_line(tmp_path: Path, stdin: bool) -> None:
    """Five games, a line over the limit in the third: the five are read
    (on main: three), the long line told once at its line and column, the
    third told unfinished, the bad card of the fifth at its own line."""
    from clirun import run

    path, long_line, bad_line = _hrn_file(tmp_path)
    name = "-" if stdin else str(path)
    args = ("validate", "-") if stdin else ("validate", str(path))
    status, out = run(*args, input=path.read_text(encoding="utf-8") if stdin else None)
    assert status == 2 and "1 file, 5 games, 43 deals: 3 valid games" in out, out
    assert f"{name}:{long_line}:2001: " in out and "[incomplete-deal]" in out, out
    assert f"{name}:{bad_line}:" in out and "'2Z'" in out, out


def test_the_hrn_cutter_ends_the_game_at_the_long_line_and_resumes_at_a_tag(small: None,
                                                                           tmp_path: Path) -> None:
    """The cutter alone: the third game's text stops before the long line,
    the lines of its deal after it are dropped, the fourth game starts at
    its first tag line; the error is raised once the input ends."""
    from hearts_notation.io.hrn.cut import GameText, cut_games
    from hearts_notation.io.stream import InputError

    path, long_line, _ = _hrn_file(tmp_path)
    got: list[GameText] = []
    with pytest.raises(InputError) as caught:
        got.extend(cut_games([path.read_text(encoding="utf-8")], str(path)))
    assert (caught.value.line, caught.value.column) == (long_line, 2_001)
    n = ONE.count("\n")
    assert [g.line for g in got] == [1, n + 1, 2 * n + 1, 3 * n + 2, 4 * n + 2]
    assert got[2].text.count("\n") + 1 == long_line - 2 * n - 1
    assert got[3].text == ONE.rstrip("\n")


@pytest.mark.usefixtures("small")
def test_games_without_tags_resume_after_the_cut_games_result(tmp_path: Path) -> None:
    """Games written without tags (each ended by its ``result`` line): after
    the long line in the second, the third is read from the line after the
    second's ``result``, its bad card at its own line (on main: 2 games)."""
    from clirun import run

    one = "".join(line for line in ONE.splitlines(keepends=True) if not line.startswith("["))
    lines = one.split("\n")
    at = next(k for k, line in enumerate(lines) if line.startswith("deal 3 ")) + 8
    second = "\n".join([*lines[:at], "x" * 3_000, *lines[at:]])
    path = tmp_path / "notags.hrn"
    path.write_text(one + second + one.replace(*BAD), encoding="utf-8")
    n = one.count("\n")
    bad = 2 * n + 1 + next(k for k, line in enumerate(lines) if BAD[0] in line) + 1
    status, out = run("validate", str(path))
    assert status == 2 and "1 file, 3 games, 23 deals: 1 valid game" in out, out
    assert f"{path}:{n + at + 1}:2001: " in out and f"{path}:{bad}:48: " in out, out


def test_split_lines_goes_on_past_long_lines_in_bounded_chunks() -> None:
    """A long line spread over many chunks (and a second long line inside
    one chunk): each is one :class:`LongLine` in its place, the lines after
    keep their numbers, and the first one's error is raised at the end."""
    from hearts_notation.io.stream import InputError, LongLine, split_lines

    chunks = ["a\nb", *(["y" * 7] * 40), "\nc\r\n" + "z" * 30 + "\nd\n", "e"]
    out: list[str] = []
    with pytest.raises(InputError) as caught:
        out.extend(split_lines(chunks, "s", 20, go_on=True))
    assert out == ["a\n", "\n", "c\n", "\n", "d\n", "e"]
    assert [isinstance(x, LongLine) for x in out] == [False, True, False, True, False, False]
    assert (caught.value.line, caught.value.column) == (2, 21)
    assert isinstance(out[3], LongLine) and out[3].error.line == 4
    with pytest.raises(InputError):      # (without go_on the input stops there, as before)
        list(split_lines(chunks, "s", 20))


def _jsonl_file(tmp_path: Path) -> tuple[Path, str]:
    from clirun import one_deal_record

    good = json.dumps(one_deal_record(29))
    path = tmp_path / "club.jsonl"
    path.write_text("\n".join([good, good, '"' + "y" * 50_000 + '"', good,
                               good.replace('"2C"', '"2Z"', 1), good]) + "\n", encoding="utf-8")
    return path, good


@pytest.mark.usefixtures("small")
@pytest.mark.parametrize("stdin", [False, True], ids=["file", "stdin"])
def test_validate_jsonl_reads_the_records_after_a_long_line(tmp_path: Path, stdin: bool) -> None:
    """Two records, a line over the record limit, three records (the
    second of them with a bad card): five games read (on main: two), the
    long line told at 3:20001, the bad card at line 5."""
    from clirun import run

    path, _ = _jsonl_file(tmp_path)
    name = "-" if stdin else str(path)
    args = ("validate", "-", "--from", "jsonl") if stdin else ("validate", str(path))
    status, out = run(*args, input=path.read_text(encoding="utf-8") if stdin else None)
    assert status == 2 and "1 file, 5 games, 4 deals: 4 valid games" in out, out
    assert f"{name}:3:20001: " in out and f"{name}:5:" in out and "'2Z'" in out, out
    # ``score`` and ``convert`` read past it too, but write nothing on an
    # input error (their contract, ``convert --help``): the long line told,
    # status 2, nothing written -- as on main (from the file: the same reader)
    for command in () if stdin else (("score",), ("convert", "--to", "hrn")):
        status, out = run(command[0], name, *command[1:])
        assert status == 2 and f"{name}:3:20001: " in out and "[Event" not in out, out


def test_the_jsonl_reader_and_the_api_read_on(small: None, tmp_path: Path) -> None:
    """The format's reader (``read_games``) gives the five games, then the
    error; ``validate_text`` counts them and tells the long line once."""
    from hearts_notation.api import read_games, validate_text
    from hearts_notation.io.stream import InputError
    from hearts_notation.model import Game

    path, _ = _jsonl_file(tmp_path)
    games: list[Game] = []
    with pytest.raises(InputError) as caught:
        games.extend(read_games(str(path)))
    assert len(games) == 5 and (caught.value.line, caught.value.column) == (3, 20_001)
    assert [g.pos.line if g.pos else None for g in games if g.errors] == [5]
    report = validate_text(path.read_text(encoding="utf-8"), "jsonl")
    assert len(report.entries) >= 5 and not report.valid
