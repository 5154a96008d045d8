"""``parse_game(text, first_line=k)`` numbers the lines as it reads them;
it must give the game that reading from line 1 and shifting every position
by ``k - 1`` gives (runaway comments, a BOM, CRs and all)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from hearts_notation.io.hrn.cut import LogicalLine, iter_logical_lines, split_text
from hearts_notation.io.hrn.reader import build_game, parse_game
from tests.budget import sweep

LINES = st.sampled_from([
    '[Event "x"]', '[Rules "standard"]', "deal 1 dealer N pass left", "N: AKQ.JT9.876.5432",
    "1. N 2C E 3C S 4C W 5C", "{ a comment", "still in it }", "{ closed }", "; line comment",
    "", "  ", "\ufeff[Event \"bom\"]", "result N", "score N 0 E 13 S 12 W 1", "2. 2C 3C 4C 5C\r",
    '[Site "{ not a comment"]', "pass N: KS AH KC { note", "*",
])


def shifted(text: str, first_line: int) -> list[LogicalLine]:
    out = []
    for ll in iter_logical_lines(split_text(text)):
        ll.shift(first_line - 1)
        out.append(ll)
    return out


@sweep(300, default=80, deadline=None)
@given(st.lists(LINES, min_size=1, max_size=12), st.integers(1, 500))
def test_numbering_from_the_first_line_is_a_shift(lines: list[str], first_line: int) -> None:
    text = "\n".join(lines)
    assert list(iter_logical_lines(split_text(text), first_line)) == shifted(text, first_line)
    assert parse_game(text, "f.hrn", first_line) == build_game(shifted(text, first_line), "f.hrn", 1)
