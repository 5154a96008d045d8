"""The paranoid search's null-window searches gallop to a value far from
their first guess (issue 24, twenty-ninth round; docs/decisions.md,
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


def test_a_value_far_from_the_first_guess_is_found_galloping() -> None:
    """Four tricks left, the moon split (seats 2 and 3 have hearts): the
    analysed seat (2, on lead) gets 11 more points whatever it leads, and
    the first card's searches start from 0.  One point a search, MTD(f)
    asked 0, 1, 2, ... 6 (whose fail-soft answer is 11) and 12 (44 nodes
    in all); doubling its step it asks 0, 1, 3, 7 (answer 11) and 19 (22
    nodes).  The values are the brute force's."""
    rules = parse_rules("standard")
    t = Tiny(rules)
    hands = [cards(x) for x in ("2H 4H 7H JH", "5H 6H KH AH", "4C 7C QC TH", "9D TD 8H 9H")]
    taken = [cards(x) for x in (
        "9C TC 4D 2S 3S 4S 8S JS", "3C 5C JC KC 5S 6S 9S AS", "JD AD 3H QH",
        "2C 6C 8C AC 2D 3D 5D 6D 7D 8D QD KD 7S TS QS KS")]
    p = Position(t, hands, 2, [], 9, True, taken)
    solver = ExactSolver(rules, PARANOID)
    values = solver.card_values(p.to_state(rules))
    assert values == brute_values(p, PARANOID)
    assert set(values.values()) == {13}
    assert solver.nodes == 22, solver.nodes
