"""The selfish search's field reading, hoisted out of its loop (helper selfish28, issue 24).

:meth:`ExactSolver._mx` reads the mover's points in every child's packed
vector (:func:`pack_points`).  It used to call :func:`packed_points` for each
child, which works out the field's shift, mask and offset again each time;
it now works them out once a node (the solver's :attr:`vmask` and
:attr:`voff`, the shift ``vbits * seat``) and reads each child's field with
:func:`field_points`.  Pinned here: the field read that way is every seat's
points as packed, for narrow vectors (unboxed when compiled) and for vectors
past ``2 ** 62`` (a J♦ worth thousands: Python ints, which must stay exact);
and the solver's mask and offset are those of its width."""

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
            got = field_points(code, bits * seat, (1 << bits) - 1, off)
            assert got == p, (bits, points, seat)
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
