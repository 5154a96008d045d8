"""The paranoid search's null-window searches gallop down to a value far
under their first guess (issue 24, twenty-ninth round; docs/decisions.md,
"`hearts solve`").  The values are the independent brute force's of
``tests/test_exact_solver.py``; the node counts are what the driver
changed (each fails on the code before)."""

from __future__ import annotations

from hearts_notation.analysis.exact import PARANOID, ExactSolver
from hearts_notation.rules import parse_rules
from tests.test_exact_solver import Position, Tiny, brute_values


def cards(text: str) -> frozenset[int]:
    """Cards written as ranks and suits ("5C AH"), as the brute force's ints."""
    return frozenset("CDHS".index(w[1]) * 13 + "23456789TJQKA".index(w[0])
                     for w in text.split())


def test_a_value_far_under_the_guess_is_found_galloping() -> None:
    """Four tricks left, seat 2's Q♠ winning a trick of spades, seat 1 (no
    points yet, void in spades) to discard: a club leaves it 4 points to
    come, Q♥ none.  The search of Q♥, tried last, starts from the clubs'
    value 4; one point a search, MTD(f) asked 4, 3, 2, 1 and 0 (125 nodes
    in all); doubling its step down it asks 4, 3, 1 and -3, which brackets
    the value 0 (111 nodes).  The values are the brute force's."""
    rules = parse_rules("standard")
    t = Tiny(rules)
    hands = [cards(x) for x in ("8D 5H KH", "4C JC AC QH", "9D 7H TS", "8C KC 5S")]
    taken = [cards(x) for x in (
        "9C 2D 3D 4D 5D 6D TD JD KD AD 3H 4H 6H 8H TH JH", "",
        "3C 5C TC 7D QD 2H 9H AH 2S 3S 6S 8S 9S JS KS AS", "2C 6C 7C QC")]
    trick = [cards("QS"), cards("7S"), cards("4S")]
    p = Position(t, hands, 2, [min(c) for c in trick], 9, True, taken)
    solver = ExactSolver(rules, PARANOID)
    values = solver.card_values(p.to_state(rules))
    assert values == brute_values(p, PARANOID)
    assert sorted(values.values()) == [0, 4, 4, 4]
    assert solver.nodes == 111, solver.nodes
