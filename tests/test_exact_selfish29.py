"""The suit led passed to the rule of play as a plain int (helper selfish29,
issue 24).

The exact solver asks :func:`legal_plays` for a mover's legal cards at every
node.  Its suit led is ``int | None`` (``None`` when the seat leads), which
compiled code passes as an object: the solver boxed the suit led at each
node to ask.  :func:`legal_plays_led` is the same rule with the suit led a plain
int (-1 when the seat leads), and :func:`legal_plays` calls it: one rule of
play, two spellings of its argument.  Pinned here: they agree on every suit
led or none, first trick or not, hearts open or not, under rule sets that
lead hearts differently, and on hands that hold one suit only (hearts, or
Q♠ beside hearts)."""

from __future__ import annotations

import random

import pytest

from hearts_notation.rules import parse_rules
from hearts_notation.state import legal_plays, legal_plays_led
from tests.exact_deals import deal

_QS = 1 << (3 * 13 + 10)
_HEARTS = 0x1FFF << (2 * 13)


@pytest.mark.parametrize("spec", [
    "standard",
    "standard hearts_lead=any",
    "standard lead_hearts_instead_of_queen=true",
    "standard first_trick_hearts=allowed",
    "standard opening_lead=any-club",
])
def test_legal_plays_led_is_legal_plays_with_the_suit_led_an_int(spec: str) -> None:
    rules = parse_rules(spec)
    rng = random.Random(f"selfish29/legal/{spec}")
    hands = []
    for left in (13, 7, 3, 1):
        for _ in range(25):
            hands.extend(deal(4, left, rng))
    hands += [_HEARTS, _HEARTS & 0x7F << 26 | _QS, _QS, _QS | 1 << 51]
    for hand in hands:
        for led in (None, 0, 1, 2, 3):
            for first in (False, True):
                for broken in (False, True):
                    want = legal_plays(rules, hand, led, first, broken)
                    got = legal_plays_led(rules, hand, -1 if led is None else led, first, broken)
                    assert got == want, (spec, hand, led, first, broken)
