"""The selfish table's key kept from trick to trick (helper selfish25, issue 24).

The key's holders are bit planes over the cards left (a card's bit set in
plane *k* when its holder's seat number has bit *k*).  A card's holder never
changes, so at a trick's end the planes only lose the trick's cards:
:func:`drop_cards3` takes them out of the trick's start's planes instead of
squeezing every suit of every hand again at every probe (12% of the selfish
instructions at 7 tricks left).  Pinned here: taking cards out gives what
squeezing from scratch gives, for planes as wide as a whole deal (bits past
the 32nd, which a constant shifted in mypyc's C would lose), and the key a
search reaches at a trick's end equals the key planted from the hands there.
Values are unchanged (tests/test_exact_solver.py's brute force, the digest
of benchmarks/check_solve_values.py)."""

from __future__ import annotations

import random

import pytest

from hearts_notation.analysis.exact import (
    SELFISH,
    ExactSolver,
    bit_count,
    drop_cards,
    drop_cards3,
    squeeze_bits,
)
from hearts_notation.rules import parse_rules
from tests.exact_deals import deal


def _subset(rng: random.Random, mask: int, p: float) -> int:
    out = 0
    for c in range(52):
        if mask >> c & 1 and rng.random() < p:
            out |= 1 << c
    return out


def test_taking_cards_out_of_a_plane_equals_squeezing_what_is_left() -> None:
    """Random cards alive (up to the whole deck), a random plane among them
    and random cards gone: the plane with those cards taken out is the
    plane squeezed among the cards left, whichever bits (up to bit 51)."""
    rng = random.Random("selfish25/drop")
    for _ in range(400):
        before = _subset(rng, (1 << 52) - 1, rng.choice((0.3, 0.7, 1.0)))
        plane = _subset(rng, before, 0.5)
        gone = _subset(rng, before, rng.choice((0.05, 0.1, 0.5)))
        after = before & ~gone
        want = squeeze_bits(plane & after, after)
        assert drop_cards(squeeze_bits(plane, before), before, gone) == want
        three = drop_cards3(squeeze_bits(plane, before), squeeze_bits(before & ~plane, before),
                            squeeze_bits(plane ^ gone, before), before, gone, True)
        assert tuple(int(x) for x in three) == (
            want, squeeze_bits(after & ~plane, after), squeeze_bits((plane ^ gone) & after, after))
    # the whole deck, the highest card gone: every bit moves but those below
    full = (1 << 52) - 1
    assert drop_cards(full, full, 1 << 51) == (1 << 51) - 1
    assert drop_cards(1 << 51, full, 1) == 1 << 50


def test_bit_count_counts_every_bit_of_a_set_of_cards() -> None:
    """The key's popcount (no table): every width up to 56 bits, the
    empty set and the full deck (56 bits: a multiplication or a carry past
    a field would show in the top ones)."""
    rng = random.Random("selfish25/count")
    for _ in range(2000):
        x = rng.getrandbits(rng.choice((4, 13, 32, 52, 56)))
        assert bit_count(x) == bin(x).count("1")
    for w in range(57):
        assert bit_count((1 << w) - 1) == w
    assert bit_count(0) == 0


@pytest.mark.parametrize(("spec", "n", "left"), [
    ("standard", 4, 4),         # the key one machine word after the trick
    ("standard", 4, 13),        # past a word: planes of 48 cards
    ("standard jack_of_diamonds=10", 4, 7),
    ("six-players", 6, 8),      # three planes
    ("three-players", 3, 17),
])
def test_the_key_at_a_tricks_end_equals_the_key_planted_there(spec: str, n: int, left: int) -> None:
    """A trick of one card from each hand taken out of the planes planted
    at its start gives the key planted from the hands at its end, for
    every leader, moon state and hearts open or not."""
    rules = parse_rules(spec)
    rng = random.Random(f"selfish25/key/{spec}/{left}")
    kept = ExactSolver(rules, SELFISH)
    fresh = ExactSolver(rules, SELFISH)
    for _ in range(60):
        hands = deal(n, left, rng)
        leader = rng.randrange(n)
        trick = []
        after = list(hands)
        for j in range(n):
            seat = (leader + j) % n
            cards = [c for c in range(52) if after[seat] >> c & 1]
            c = rng.choice(cards)
            trick.append(c)
            after[seat] &= ~(1 << c)
        gone = sum(1 << c for c in trick)
        held = 0
        for h in after:
            held |= h
        kept._load(after)
        kept._plant(leader, trick, held)
        fresh._load(after)
        fresh._plant(0, (), held)
        winner = rng.randrange(n)
        moon = rng.randrange(-2, n)
        broken = rng.random() < 0.5
        got = kept._key(held, gone, winner, broken, moon)
        assert got == fresh._key(held, 0, winner, broken, moon)
        # and the planes left in place are the end's, for the next trick's probes
        assert (kept._k0, kept._k1, kept._k2) == (fresh._k0, fresh._k1, fresh._k2)
