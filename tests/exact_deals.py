"""Hands dealt for the exact solver's tests (tests/test_exact_selfish23.py,
tests/test_exact_selfish25.py): one helper where each test file had its own
copy (selfish29)."""

from __future__ import annotations

import random


def deal(n: int, left: int, rng: random.Random | str) -> list[int]:
    """*n* hands of *left* cards each (bitmasks) from a deck shuffled by
    *rng*, or by a fresh generator seeded with it when it is a string (the
    cards dealt round the table, one at a time from the top)."""
    gen = random.Random(rng) if isinstance(rng, str) else rng
    deck = list(range(52))
    gen.shuffle(deck)
    hands = [0] * n
    for i in range(n * left):
        hands[i % n] |= 1 << deck[i]
    return hands
