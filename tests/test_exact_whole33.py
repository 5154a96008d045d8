"""The paranoid ceiling of a trick lost not of hearts, the others' moon kept
out by the analysed seat's top heart: never on a line that throws that
heart (issue 24, thirty-sixth round, helper whole33; docs/decisions.md,
"hearts solve").

``_trick_bounds`` credits the analysed seat, still to play and void in the
suit led, with the line that throws *pb* (its lowest heart, or Q♠) and caps
its points at the penalty points alive without *pb*, the others' moon being
kept out by its top heart (``_heart_kept``).  It checked that the card *c*
of its other line (the duck's) was not that heart, but not *pb*: with one
heart only, the top heart is *pb*, thrown into the would-be shooter's trick,
and the cap came out one heart too low (seat 0 with K♥ 5♠ 9♦ after 9♣ 2♣
3♣, seat 1 alone with points and holding 2♥ A♦: capped at 1, the brute force
says 2, K♥ thrown giving 26).  No value was seen to change (585 positions
of a lone heart checked against the brute force with main's solver, the
digest of check_solve_values unchanged): the shooter's lead of its own
heart under the seat's gives the seat as much on another line.  The
positions below are where the check fires (a scratch search of random
positions, not kept); the values are the brute force's
(tests/test_exact_solver.py, which shares no code with the solver).
"""

from __future__ import annotations

import pytest

from hearts_notation.analysis.exact import PARANOID, ExactSolver
from hearts_notation.rules import parse_rules
from tests.test_exact_solver import Position, Tiny, brute_values

#: four tricks left, the analysed seat to lead, one other seat alone with
#: points: (hands, leader, taken, the brute force's values, nodes with the
#: check; main a8df6538 searched 209 and 167, a ceiling too low cutting them)
FIRES = [
    ([[2, 36, 46, 49], [14, 25, 45, 51], [6, 8, 18, 44], [20, 38, 41, 42]], 3,
     [[0, 3, 4, 5, 9, 10, 12, 17, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 37, 43], [],
      [1, 7, 11, 39, 40, 47, 48, 50], [13, 15, 16, 19, 21, 22, 23, 24]],
     {20: 15, 38: 15, 41: 13, 42: 13}, 217),
    ([[24, 28, 29, 48], [8, 31, 35, 45], [16, 23, 26, 30], [20, 27, 36, 41]], 3,
     [[13, 15, 17, 19],
      [0, 4, 5, 12, 14, 18, 22, 25, 32, 33, 34, 37, 38, 39, 42, 44, 47, 49, 50, 51],
      [2, 6, 10, 11], [1, 3, 7, 9, 21, 40, 43, 46]],
     {20: 4, 27: 4, 36: 4, 41: 4}, 189),
]


@pytest.mark.parametrize(("hands", "leader", "taken", "want", "nodes"), FIRES)
def test_the_top_heart_thrown_as_the_ceilings_card_caps_nothing(
        hands: list[list[int]], leader: int, taken: list[list[int]], want: dict[int, int],
        nodes: int) -> None:
    """Where the check fires in the tree, the values are the brute force's,
    and the nodes are those of the search without the too-low ceiling (pure
    Python and compiled alike)."""
    rules = parse_rules("standard")
    p = Position(Tiny(rules), [frozenset(h) for h in hands], leader, [], 9, True,
                 [frozenset(x) for x in taken])
    assert brute_values(p, PARANOID) == want
    solver = ExactSolver(rules, PARANOID)
    assert solver.card_values(p.to_state(rules)) == want
    assert solver.nodes == nodes, solver.nodes
