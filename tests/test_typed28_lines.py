"""The hand-typed reader against pathological lines (typed28, docs/spec.md
2.19): a record with one line of thousands of near-matches of the reader's
own patterns -- a run of AZERTY digits glued to a trick (``3. ((((…E 2♠``),
of ``20h30`` in a hand (a points line's pairs), of spaces, tabs or ``-``
after a game (an end mark), of spaces under a Markdown table's heading --
is read in time linear in the line.  On main (553f54cf) the AZERTY run was
quadratic (4 s for 8,000 ``(``), the pairs exponential (2 s for 120
characters), the end mark cubic (over 5 s for 2,000 spaces).

Each case reads its line at two lengths, four times apart, and bounds the
longer's CPU time by a linear growth (with room for noise) and by a few
seconds.  A record of 10,000 characters read several times: in the long
step (``slow``), not in the README's run.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest
from record_campaign import found

_DATA = Path(__file__).resolve().parent / "data" / "typed27"
#: The clean twins the lines are put in.
GAME = (_DATA / "partie-propre.hrn").read_text(encoding="utf-8")
SHEET = (_DATA / "feuille-propre.hrn").read_text(encoding="utf-8")


def _in_trick(line: str) -> str:
    return GAME.replace("\n3. ", "\n3. " + line, 1)


def _in_hand(line: str) -> str:
    return GAME.replace("\nE: ", "\nE: " + line + " ", 1)


def _after_game(line: str) -> str:
    return GAME + line + "x\n"


def _under_heading(line: str) -> str:
    heading = "donne 1 passe gauche\n| N | E | S | O |\n"
    return SHEET.replace("donne 1 passe gauche\n", heading + line + "\n", 1)


def _after_points(line: str) -> str:
    return SHEET.replace("marque N 3 E 4 S 15 O 4", "marque N 3 E 4 S 15 O 4 " + line, 1)


#: Each case: its name, the unit repeated, and where the line goes.
CASES: list[tuple[str, str, Callable[[str], str]]] = [
    ("azerty-parens", "(", _in_trick),
    ("azerty-quotes", '"', _in_trick),
    ("azerty-mixed", "-1(", _in_trick),
    ("hours-in-a-hand", "20h30 ", _in_hand),
    ("seats-and-points-in-a-hand", "J1 3 ", _in_hand),
    ("spaces-after-a-game", " ", _after_game),
    ("tabs-after-a-game", "\t", _after_game),
    ("dashes-after-a-game", "-", _after_game),
    ("stars-after-a-game", "*", _after_game),
    ("spaces-under-a-heading", " ", _under_heading),
    ("spaces-and-a-tab", " " * 40 + "\t", _after_game),
    ("rule-cells-under-a-heading", "|---", _under_heading),
    ("spades", "♠ ", _in_trick),
    ("first-tricks", "1er pli ", _in_trick),
    ("bars", "| ", _in_hand),
    ("totals-in-parentheses", "(12) ", _after_points),
    ("digits", "1", _after_points),
    ("spaces-and-tabs", " \t", _after_points),
]


def _cpu(text: str) -> float:
    """The CPU time of reading *text* (its findings), uncached."""
    start = time.process_time()
    found.__wrapped__(text)
    return time.process_time() - start


@pytest.mark.slow
@pytest.mark.parametrize(("unit", "put"), [pytest.param(u, p, id=n) for n, u, p in CASES])
def test_a_long_line_of_near_matches_is_read_in_linear_time(unit: str, put: Callable[[str], str]) -> None:
    short, long = (put((unit * (n // len(unit) + 1))[:n]) for n in (10000, 40000))
    t_short, t_long = _cpu(short), _cpu(long)
    # linear: about 4 times; quadratic would be 16, cubic 64
    assert t_long <= 8 * max(t_short, 0.05) and t_long < 5.0, (t_short, t_long)
