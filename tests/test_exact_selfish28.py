"""Two costs of the selfish search taken out (helper selfish28, issue 24).

:meth:`ExactSolver._mx` reads the mover's points in every child's packed
vector (:func:`pack_points`).  It used to call :func:`packed_points` for each
child, which works out the field's shift, mask and offset again each time;
it now works them out once a node (the solver's :attr:`vmask` and
:attr:`voff`, the shift ``vbits * seat``) and reads each child's field with
:func:`field_points`.  Pinned here: the field read that way is every seat's
points as packed, for narrow vectors (unboxed when compiled) and for vectors
past ``2 ** 62`` (a J♦ worth thousands: Python ints, which must stay exact);
and the solver's mask and offset are those of its width.

The table key (:meth:`ExactSolver._key`) had its head (the leader, hearts,
the moon state, Q♠'s place, the suits' counts) in its lowest bits, which
CPython's dict takes an int's slot from: most entries of a search share a
head, so they started in the same few slots and every lookup probed about
six.  The key now has the head above the planes and the planes mixed with a
multiple of the head (one to one): pinned here, its low bits differ from
position to position, and a key past a machine word lies above every
machine-word key."""

from __future__ import annotations

import random

from hearts_notation.analysis.exact import SELFISH, ExactSolver, field_points, pack_points, packed_points
from hearts_notation.rules import parse_rules


def _round_trip(bits: int, seats: int, rng: random.Random) -> None:
    off = 1 << (bits - 1)
    for _ in range(300):
        points = [rng.randrange(-off, off) for _ in range(seats)]
        code = pack_points(points, bits)
        for seat, p in enumerate(points):
            assert field_points(code, bits * seat, (1 << bits) - 1, off) == p, (bits, points, seat)
            assert packed_points(code, seat, bits) == p


def test_field_points_reads_every_seat_of_narrow_vectors() -> None:
    rng = random.Random(28)
    for seats in (3, 4, 5, 6):
        _round_trip(10, seats, rng)


def test_field_points_stays_exact_past_a_machine_word() -> None:
    # six seats of 22 bits: codes up to 2 ** 132, arbitrary-precision ints
    _round_trip(22, 6, random.Random(29))


def test_the_solver_mask_and_offset_are_its_width() -> None:
    for spec in ("standard", "standard jack_of_diamonds=-5000"):
        solver = ExactSolver(parse_rules(spec), SELFISH)
        assert solver.vmask == (1 << solver.vbits) - 1
        assert solver.voff == 1 << (solver.vbits - 1)


def _keys(left: int, count: int) -> list[int]:
    """The table keys of *count* random deals of *left* cards to each of
    four hands, under the same head (seat 0 to lead, hearts open, no moon)."""
    solver = ExactSolver(parse_rules("standard"), SELFISH)
    keys = []
    for k in range(count):
        deck = list(range(52))
        random.Random(f"selfish28/key/{left}/{k}").shuffle(deck)
        hands = [0] * 4
        for i in range(4 * left):
            hands[i % 4] |= 1 << deck[i]
        rem = hands[0] | hands[1] | hands[2] | hands[3]
        solver._load(hands)
        solver._plant(0, (), rem)
        keys.append(solver._key(rem, 0, 0, True, -2))
    return keys


def test_the_table_keys_low_bits_differ_from_position_to_position() -> None:
    keys = _keys(4, 200)
    assert len(set(keys)) == 200
    assert all(0 <= x < 1 << 63 for x in keys)      # one machine word, as before
    # main: the low ten bits were the head and Q♠'s place, at most 16 values
    assert len({x & 0x3FF for x in keys}) >= 150


def test_a_key_past_a_machine_word_lies_above_every_word_key() -> None:
    assert all(x >= 1 << 156 for x in _keys(7, 20))
