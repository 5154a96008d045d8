"""`pext_bits` right for masks as wide as a deal (helper selfish27, issue 24).

:func:`pext_bits` packs the bits of a word found at the places where a mask
has a bit (the key's squeezed suits; :func:`squeeze_bits`, a key plane among
every card alive, is built on it).  Compiled, its first version wrote
``i64(1) << j``, which mypyc emits as C's ``1 << j`` on a 32-bit int: every bit
placed past the 31st came out wrong (91 of 2,000 random 52-bit cases), while
pure Python was right.  The suits' 13-bit masks never reached it; a whole
deal's planes do.  Pinned here against a reference written out in the test,
for random masks of 52 bits and for a mask whose bits sit only past bit 31
(this file runs against whichever build is installed: compiled in CI)."""

from __future__ import annotations

import random

from hearts_notation.analysis.exact import pext_bits, squeeze_bits


def _reference(x: int, mask: int) -> int:
    """The bits of *x* at *mask*'s places, packed from the lowest: one
    place at a time, in Python's unbounded ints."""
    out = 0
    j = 0
    for c in range(62):
        if mask >> c & 1:
            if x >> c & 1:
                out |= 1 << j
            j += 1
    return out


def test_pext_bits_is_right_for_random_52_bit_masks() -> None:
    rng = random.Random(27)
    for _ in range(2000):
        mask = rng.getrandbits(52)
        x = mask & rng.getrandbits(52)
        assert pext_bits(x, mask) == _reference(x, mask), (hex(x), hex(mask))


def test_pext_bits_places_bits_past_the_31st() -> None:
    # a full deal: the bits come out where they were
    deck = (1 << 52) - 1
    for c in (0, 30, 31, 32, 33, 47, 51):
        assert pext_bits(1 << c, deck) == 1 << c
    # the A♠ alone among every card: the 52nd place
    assert pext_bits(1 << 51, deck) == 1 << 51
    # every other card of the upper suits: places 32 to 45
    high = sum(1 << c for c in range(24, 52, 2))
    assert pext_bits(high, deck) == high
    assert pext_bits(high, high) == (1 << 14) - 1


def test_squeeze_bits_equals_the_reference_for_wide_planes() -> None:
    rng = random.Random(2027)
    for _ in range(500):
        alive = rng.getrandbits(52)
        x = rng.getrandbits(52)    # not a subset: the cards gone are ignored
        assert squeeze_bits(x, alive) == _reference(x & alive, alive)
