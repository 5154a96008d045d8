"""The HRN reader's and writer's leftovers of round 29 (helper typed31,
docs/robustness.md "Round 29", "Left"; docs/spec.md 2.22):

1. a game or deal of many ``{...}`` comment lines, read as one comment of
   many lines, is written back as several ``{...}`` each within the line
   limit, so that ``fmt`` and ``convert --to hrn`` keep the record readable
   (the refusal of round 29 stays as the last guard, for a single line
   over the limit);
2. HRN input that stops at a line over the line limit keeps the last whole
   game before that line (39 of 40 were kept).

In process, with the limits brought down: cheap.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hearts_notation.io.hrn.reader import iter_hrn
from hearts_notation.io.hrn.writer import dumps_hrn

SAMPLES = Path(__file__).parent.parent / "samples"


def _many_comments() -> str:
    text = (SAMPLES / "canonical.hrn").read_text(encoding="utf-8")
    head, deal, rest = text.partition("deal 1 ")
    header, _, rest = rest.partition("\n")
    game = "".join(f"{{game remark {k}}}\n" for k in range(300))
    lines = "".join(f"{{remark {k} of the deal}}\n" for k in range(200))
    return head + game + deal + header + "\n" + lines + rest


def test_many_comment_lines_are_written_back_readable(small_line: None, tmp_path: Path) -> None:
    """300 comment lines of a game and 200 of its first deal, each its own
    ``{...}``, are read as two comments of about 4,700 and 4,500 characters;
    the writer wrote each as one brace comment, a logical line over the
    limit of 2,000 that the reader refuses (round 29 refused the write).
    Written now as several ``{...}`` within the limit: read → write → read
    gives the same game and the same comments, and the text is its own
    canonical form."""
    games = list(iter_hrn(_many_comments().splitlines()))
    assert len(games) == 1 and games[0].comment is not None
    assert games[0].comment.count("\n") == 300 and len(games[0].comment) > 2_000
    assert games[0].deals[0].comment.count("\n") == 200
    text = dumps_hrn(games)
    assert max(map(len, text.split("\n"))) <= 2_000
    again = list(iter_hrn(text.splitlines()))
    assert again == games
    assert again[0].comment == games[0].comment
    assert again[0].deals[0].comment == games[0].deals[0].comment
    assert dumps_hrn(again) == text


def test_fmt_and_convert_keep_a_record_of_many_comment_lines(small_line: None,
                                                              tmp_path: Path) -> None:
    """``hearts fmt -i`` and ``convert --to hrn`` of that record: status 0
    and a file that reads as the same games (round 29: status 2, the write
    refused)."""
    from clirun import run

    path = tmp_path / "g.hrn"
    path.write_text(_many_comments(), encoding="utf-8")
    games = list(iter_hrn(path.read_text(encoding="utf-8").splitlines()))
    status, out = run("fmt", "-i", str(path))
    assert status == 0, out
    assert list(iter_hrn(path.read_text(encoding="utf-8").splitlines())) == games
    status, out = run("convert", str(path), "--to", "hrn", "-o", str(tmp_path / "c.hrn"))
    assert status == 0, out
    assert list(iter_hrn((tmp_path / "c.hrn").read_text(encoding="utf-8").splitlines())) == games


def test_a_comment_is_cut_where_no_blank_is_lost(small_line: None) -> None:
    """The reader strips a comment's outer blanks, so a cut next to an
    indented line (or an empty one) would lose them: the cut moves back to
    a clean place between lines."""
    from hearts_notation.io.hrn.writer import comment_lines

    lines = [f"  indented {k}" if k % 3 == 1 else f"line {k}" for k in range(400)]
    text = "\n".join(lines)
    pieces = comment_lines(text)
    assert len(pieces) > 1 and all(len(p) <= 2_000 for p in pieces)
    from hearts_notation.io.hrn.lex import comment_text
    assert "\n".join(comment_text(p) for p in pieces) == text


def test_one_comment_line_over_the_limit_is_left_to_the_guard(small_line: None) -> None:
    """A single line cannot be cut: it is written whole, for the writers'
    guard (``formats.readable_hrn``) to refuse."""
    from hearts_notation.io.hrn.writer import comment_lines

    assert comment_lines("x" * 3_000) == ["{" + "x" * 3_000 + "}"]


@pytest.mark.parametrize("bad", ["x" * 3_000 + "\n", "{" + "a long comment\n" * 200 + "}\n"],
                         ids=["long-line", "long-comment"])
def test_every_whole_game_before_a_line_over_the_limit_is_kept(small_line: None, tmp_path: Path,
                                                               bad: str) -> None:
    """Five games, then a line (or a brace comment) over the line limit,
    then a sixth: the read stops at the bad line, told at its line and
    column, status 2; the five games before it are read (four were: the
    cutter held the fifth until the next game's first line, and the error
    ended it first; with a comment over the limit, none were).  The same
    through the cutter alone: five games, then the error."""
    from clirun import run

    from hearts_notation.io.hrn.cut import cut_games
    from hearts_notation.io.stream import InputError, RecordError

    one = (SAMPLES / "canonical.hrn").read_text(encoding="utf-8")
    assert one.endswith("\n") and one.count("\n[Event ") == 0
    path = tmp_path / "l.hrn"
    path.write_text(one * 5 + bad + one, encoding="utf-8")
    where = f"{path}:{one.count(chr(10)) * 5 + 1}:"
    # (round 34: after a long line the sixth game is read too; typed34: a
    # brace comment over the limit is told where it opens, an error of the
    # sixth game, and the read goes on: the file is no longer unusable)
    status, out = run("validate", str(path))
    if bad.startswith("x"):
        assert status == 2 and "1 file, 6 games, 60 deals: 6 valid games" in out, out
    else:
        assert status == 1 and "1 file, 6 games, 60 deals: 5 valid games; 1 error" in out, out
        assert f"{where}1: error: a comment's length is over the limit of 2,000" in out, out
    assert where in out, out
    got: list[int] = []
    if bad.startswith("x"):
        with pytest.raises((InputError, RecordError)):
            for game in cut_games([path.read_text(encoding="utf-8")], str(path)):
                got.append(game.line)
    else:
        got = [game.line for game in cut_games([path.read_text(encoding="utf-8")], str(path))]
    assert len(got) == 6


_LOWER = """[Event "Sheet"]
[Rules "standard"]

deal 1 dealer N pass left
{HEAD}
s AJT8
h akt8
d Q7
c Q83
"""


@pytest.mark.parametrize("head", ["Nord", "North", "N: "], ids=["fr-seat", "en-seat", "hand-line"])
def test_lower_case_suit_letters_under_a_seat_are_read(head: str) -> None:
    """``Nord`` alone (or ``North``, or ``N:``), then rows ``s AJT8``,
    ``h akt8``, ``d Q7``, ``c Q83``: a sheet typed without the shift key.
    Under a seat's line a row that begins with a suit can mean nothing
    else (``h``, ``d``, ``c`` are no seats; ``s AJT8`` has no colon and
    holds one suit's ranks), so it reads as the same rows in capitals do:
    North's hand (was: five syntax errors, one a row)."""
    low = list(iter_hrn(_LOWER.replace("{HEAD}", head).splitlines()))
    up = list(iter_hrn(_LOWER.replace("{HEAD}", head).replace("\ns ", "\nS ").replace(
        "\nh akt8", "\nH AKT8").replace("\nd ", "\nD ").replace("\nc ", "\nC ").splitlines()))
    assert low[0].deals[0].hands == up[0].deals[0].hands
    assert low[0].deals[0].hands["N"] is not None and len(low[0].deals[0].hands["N"]) == 13


def test_lower_case_letters_that_do_not_make_one_hand_are_not_read() -> None:
    """A suit twice (``s`` on two rows), or a lower-case letter first on
    a line with no seat above it, is not a hand: read line by line as
    before (each told)."""
    from hearts_notation.io.hrn.words import suit_rows

    assert suit_rows("Nord:", ["s AJT8", "s AKT8", "d Q7", "c Q83"]) is None
    assert suit_rows("N: s AJT8", ["h AKT8", "d Q7", "c Q83"]) is None
    joined = suit_rows("Nord:", ["s AJT8", "h AKT8", "d Q7", "c Q83"])
    assert joined is not None and joined[1] == 4 and "♠ AJT8" in joined[0]
