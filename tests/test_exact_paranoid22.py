"""The analysed seat's discard order with the others' moon open (issue 24,
thirty-second round; docs/decisions.md, "hearts solve").

Discarding, the search tried the seat's hearts from the highest down.  With
another seat's moon still open, the highest heart is the one that keeps it
out (``_keeps_heart``): thrown into the would-be shooter's trick first, the
line reopens the moon and the search must refute it before the lower heart
that cuts.  The paranoid search now tries the highest heart after the
seat's other hearts.  An order only: the values are the brute force's
(tests/test_exact_solver.py, which shares no code with the solver); the
nodes are what changes, 281 before, 254 with it (pure Python and compiled
alike).
"""

from __future__ import annotations

from hearts_notation.analysis.exact import PARANOID, ExactSolver
from hearts_notation.rules import parse_rules
from tests.test_exact_solver import Position, Tiny, brute_values


def _cards(text: str) -> frozenset[int]:
    """Cards written as ranks and suits ("5C AH"), as the tiny rules' ints."""
    return frozenset("CDHS".index(w[1]) * 13 + "23456789TJQKA".index(w[0]) for w in text.split())


def test_the_top_heart_is_discarded_after_the_others_while_the_moon_is_open() -> None:
    """Four tricks left, seat 1 alone with points (its moon open) led 4♦,
    seat 2 threw 10♠ and seat 3 6♥; the analysed seat 0, void in diamonds,
    holds 8♣ 4♥ 5♥ K♥.  K♥ is the heart above seat 1's 9♥: discarded into
    seat 1's trick it leaves seat 1 free to shoot (26), where 4♥ or 5♥
    keeps K♥ for the next trick of hearts.  The values: 3 for either low
    heart, 4 for 8♣, 26 for K♥."""
    rules = parse_rules("standard")
    t = Tiny(rules)
    hands = [_cards(x) for x in ("8C 4H 5H KH", "6D 9H 6S", "7C KC 4S", "3C 8H JH")]
    taken = [frozenset(),
             _cards("2C 4C 5C 6C 9C TC JC QC AC 2D 3D 5D 7D 8D 9D TD JD QD KD AD "
                    "2H 3H 7H TH QH AH 2S 3S 5S 7S 8S 9S JS QS KS AS"),
             frozenset(), frozenset()]
    trick = [1 * 13 + 2, 3 * 13 + 8, 2 * 13 + 4]     # 4♦, 10♠, 6♥ in the order played
    p = Position(t, hands, 1, trick, 9, True, taken)
    want = brute_values(p, PARANOID)
    assert want == {6: 4, 28: 3, 29: 3, 37: 26}
    solver = ExactSolver(rules, PARANOID)
    assert solver.card_values(p.to_state(rules)) == want
    assert solver.nodes == 254, solver.nodes
