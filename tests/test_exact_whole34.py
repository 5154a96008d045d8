"""The opponents' moon asked of a boolean search of its own (issue 24,
thirty-seventh round, helper whole34; docs/decisions.md, "hearts solve").

At a trick boundary of the paranoid search where the window lies above every
value but another seat's moon (``_moon_out`` at most its floor, the moon's
value at least its top), ``ExactSolver._moon_at`` answers "can the others
make one of them take every penalty card, whatever the analysed seat
plays?", and the answer is the value's side of the window.  These positions
are where it fires (one seat alone with every penalty card gathered so far,
three tricks left, maybe some cards of the next trick played); the values
must be the brute force's (tests/test_exact_solver.py, which shares no code
with the solver), on positions where the moon is forced and where it is not.
"""

from __future__ import annotations

import random

import pytest

from hearts_notation.analysis.exact import PARANOID, ExactSolver
from hearts_notation.rules import parse_rules
from tests.test_exact_solver import _moon_position, brute_values


@pytest.mark.parametrize("spec", ["standard", "jack-of-diamonds"])
def test_the_moon_search_gives_the_brute_forces_values(spec: str) -> None:
    """Where the moon search fires, the solver's values are the brute
    force's; both answers come up (the moon forced: a value of 26; and
    refuted).  A loosened search fails here: the analysed seat's sure
    winner asked without a penalty card in the trick, or the trick's holder
    judged unable to shoot without asking the later seats' higher cards,
    each gave a wrong value among these positions (checked when written)."""
    rules = parse_rules(spec)
    rng = random.Random(f"whole34/{spec}")
    fired = forced = 0
    for _ in range(150):
        p = _moon_position(rules, rng, 3)
        solver = ExactSolver(rules, PARANOID)
        got = solver.card_values(p.to_state(rules))
        if not solver.moon_nodes:
            continue
        want = brute_values(p, PARANOID)
        assert got == want, p.to_state(rules)
        fired += 1
        forced += max(want.values()) >= 26
    assert fired >= 25
    assert 10 <= forced < fired


def test_the_moon_search_is_off_where_the_moon_helps_the_analysed_seat() -> None:
    """With ``moon=subtract`` another seat's moon takes points off the
    shooter and gives the analysed seat nothing: never the top of a window,
    so the moon search never fires, and the values stay the brute force's."""
    rules = parse_rules("standard moon=subtract")
    rng = random.Random("whole34/subtract")
    for _ in range(20):
        p = _moon_position(rules, rng, 3)
        solver = ExactSolver(rules, PARANOID)
        assert solver.card_values(p.to_state(rules)) == brute_values(p, PARANOID)
        assert solver.moon_nodes == 0


def test_the_moon_search_can_be_turned_off_and_the_values_stay() -> None:
    """The switch the benchmarks measure with (``moon_search``): the same
    values either way, the moon search's nodes only where it is on."""
    rules = parse_rules("standard")
    rng = random.Random("whole34/switch")
    seen = 0
    for _ in range(80):
        p = _moon_position(rules, rng, 3)
        on = ExactSolver(rules, PARANOID)
        off = ExactSolver(rules, PARANOID)
        off.moon_search = False
        state = p.to_state(rules)
        assert on.card_values(state) == off.card_values(state)
        assert off.moon_nodes == 0
        seen += on.moon_nodes > 0
    assert seen > 5


def test_a_kept_solvers_moon_table_names_the_queen_of_spades() -> None:
    """One solver kept from position to position (as ``hearts solve`` and
    check_solve_values.py keep theirs) gives the brute force's values where
    the moon search fires: its table's key names Q♠'s place among the
    spades left, as every key does (keyed on the relative holdings alone,
    two positions whose spades differ only by which of them is Q♠ shared an
    answer: check_solve_values.py's digest changed when it was written)."""
    rules = parse_rules("standard")
    rng = random.Random("whole34/kept")
    kept = ExactSolver(rules, PARANOID)
    fired = 0
    for _ in range(150):
        p = _moon_position(rules, rng, 3)
        before = kept.moon_nodes
        got = kept.card_values(p.to_state(rules))
        if kept.moon_nodes == before:
            continue
        assert got == brute_values(p, PARANOID), p.to_state(rules)
        fired += 1
    assert fired >= 20
