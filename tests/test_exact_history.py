"""The paranoid search orders the opponents' leads by their own history
(issue 24, twenty-fifth round): the values are the brute force's, the node
count is the one the history gives."""

from __future__ import annotations

import random

from hearts_notation.analysis.exact import PARANOID, ExactSolver
from hearts_notation.rules import parse_rules
from tests.test_exact_solver import brute_values, random_position


def test_an_opponents_lead_that_cut_before_is_tried_first() -> None:
    """Three tricks left, seat 3 (the analysed seat) to lead; the MTD(f)
    searches of its three cards meet the opponents' leads of the next
    tricks again and again.  Tried in the
    natural order (lowest first), the search took 137 nodes; with the leads
    that cut in the earlier searches tried first, 133.  The values are the
    brute force's either way."""
    rules = parse_rules("standard")
    p = random_position(rules, random.Random(9), 3, midtrick=False)
    state = p.to_state(rules)
    solver = ExactSolver(rules, PARANOID)
    values = solver.card_values(state)
    assert values == brute_values(p, PARANOID) == {8: 20, 29: 21, 34: 21}
    assert solver.nodes == 133
