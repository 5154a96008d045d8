"""The order in which the exact solver tries the cards, computed from the
suits' bits (:meth:`ExactSolver._ordered`, issue 24: it was looked up in
caches of :meth:`ExactSolver._order`), is :meth:`ExactSolver._order` of
:func:`legal_classes`' groups, following suit, leading and discarding, on
random holdings, under both tie orders, with J♦ scoring or not."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hearts_notation.analysis.exact import ExactSolver
from hearts_notation.rules import parse_rules
from tests.budget import sweep

SOLVERS = {(preset, rev): ExactSolver(parse_rules(preset), reverse_ties=rev)
           for preset in ("standard", "jack-of-diamonds") for rev in (False, True)}


def check(solver: ExactSolver, legal: int, alive: int, led: int, win: int) -> None:
    expected = solver._order(solver._classes(legal, alive), alive, led, win)
    assert solver._ordered(legal, alive, led, win) == expected


@sweep(400, default=100, deadline=None)
@given(key=st.sampled_from(sorted(SOLVERS)), led=st.integers(0, 3),
       ranks=st.lists(st.integers(0, 3), min_size=13, max_size=13), win=st.integers(0, 12),
       other=st.integers(0, 2**52 - 1))
def test_follow_order_is_the_natural_order(key: tuple[str, bool], led: int, ranks: list[int],
                                           win: int, other: int) -> None:
    """Each rank of the led suit is gone (0), held (1), live elsewhere (2)
    or live elsewhere too (3); the winning card is live and not held."""
    sh = 13 * led
    held = 0
    live = 0
    for r, what in enumerate(ranks):
        if r == win:
            live |= 1 << r
        elif what == 1:
            held |= 1 << r
        elif what >= 2:
            live |= 1 << r
    if not held:
        held = 1 << ((win + 1) % 13)
        live &= ~held
    suit = 0x1FFF << sh
    alive = (other & ~suit) | ((held | live) << sh)
    check(SOLVERS[key], held << sh, alive, led, win + sh)


@pytest.mark.parametrize("key", sorted(SOLVERS))
def test_follow_order_on_random_deals(key: tuple[str, bool]) -> None:
    solver = SOLVERS[key]
    rng = random.Random(str(key))
    for _ in range(3000):
        led = rng.randrange(4)
        deck = list(range(52))
        rng.shuffle(deck)
        alive = 0
        for c in deck[:rng.randrange(8, 52)]:
            alive |= 1 << c
        suit = [c for c in range(13 * led, 13 * led + 13) if alive >> c & 1]
        if len(suit) < 2:
            continue
        rng.shuffle(suit)
        win = suit[0]
        held = 0
        for c in suit[1:1 + rng.randrange(1, len(suit))]:
            held |= 1 << c
        check(solver, held, alive, led, win)


@pytest.mark.parametrize("key", sorted(SOLVERS))
def test_lead_and_discard_order_on_random_deals(key: tuple[str, bool]) -> None:
    """Leading (``led`` -1) and discarding (void in the suit led), the
    cards of :meth:`ExactSolver._ordered` (each ``e & 63``) are
    :meth:`ExactSolver._order`'s."""
    solver = SOLVERS[key]
    rng = random.Random(f"lead-{key}")
    for _ in range(3000):
        deck = list(range(52))
        rng.shuffle(deck)
        alive = 0
        for c in deck[:rng.randrange(4, 53)]:
            alive |= 1 << c
        held = 0
        for c in deck[:rng.randrange(1, 14)]:
            if alive >> c & 1:
                held |= 1 << c
        if not held:
            continue
        led = rng.randrange(-1, 4)
        win = -1
        if led >= 0:
            held &= ~(0x1FFF << (13 * led))
            live = [c for c in range(13 * led, 13 * led + 13) if alive >> c & 1 and not held >> c & 1]
            if not held or not live:
                continue
            win = max(live)
        expected = solver._order(solver._classes(held, alive), alive, led, win)
        assert [e & 63 for e in solver._ordered(held, alive, led, win)] == expected
