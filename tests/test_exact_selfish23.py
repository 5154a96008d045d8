"""The selfish search's vectors packed in one machine word and its table
keyed on one int (helper selfish23, issue 24).

Compiled, the selfish search built a tuple of boxed ints (and a list to
copy it) at every trick's end that took points, and each table probe built
a tuple of four ints; the vectors are now one word (:func:`pack_points`,
ten bits a seat) and the key one int (:meth:`ExactSolver._key`), a machine
word up to 16 cards left with four seats.  Values are unchanged (the
brute-force tests of tests/test_exact_solver.py and the digest of
benchmarks/check_solve_values.py); what is pinned here is the packing
itself and a key that tells apart positions differing only in the highest
bit plane, which the first compiled build got wrong (an int shifted by a
machine word is a machine-word shift to mypyc: the high planes dropped)."""

from __future__ import annotations

import random

import pytest

from hearts_notation.analysis.exact import SELFISH, ExactSolver, pack_points, packed_points
from hearts_notation.rules import parse_rules
from tests.exact_deals import deal
from tests.test_exact_solver import brute_selfish, random_position


def test_a_packed_vector_gives_back_every_seats_points() -> None:
    """Six seats, every value of the range (negative ones too: J♦ and a
    moon subtracted), each read back from its own field, whatever its
    neighbours hold; adding points to one seat's field leaves the others."""
    rng = random.Random("selfish23/pack")
    lo, hi = -512, 511
    for _ in range(300):
        pts = [rng.randint(lo, hi) for _ in range(6)]
        code = pack_points(pts, 10)
        assert [packed_points(code, i, 10) for i in range(6)] == pts
        assert 0 <= code < 1 << 63
    code = pack_points([0, 26, -26, 13, -10, 5], 10)
    three = pack_points([0, 0, 3, 0, 0, 0], 10) - pack_points([0] * 6, 10)    # 3 to seat 2
    assert [packed_points(code + three, i, 10) for i in range(6)] == [0, 26, -23, 13, -10, 5]
    assert [packed_points(code - three, i, 10) for i in range(6)] == [0, 26, -29, 13, -10, 5]


@pytest.mark.parametrize("points", [512, 1000, -513])
def test_points_past_the_packed_range_are_refused(points: int) -> None:
    """Ten bits a seat: a preset whose points left no field can hold is
    refused, never read back wrong."""
    with pytest.raises(ValueError, match="out of the packed vector's range"):
        pack_points([0, points, 0, 0], 10)


def _swapped(hands: list[int], a: int, b: int) -> list[int] | None:
    """*hands* with seat *a*'s highest card and seat *b*'s highest card of
    the same suit exchanged (the first suit both hold, from spades down;
    None when they hold none in common)."""
    for suit in (3, 2, 1, 0):
        m = 0x1FFF << (13 * suit)
        if hands[a] & m and hands[b] & m:
            ca = 1 << ((hands[a] & m).bit_length() - 1)
            cb = 1 << ((hands[b] & m).bit_length() - 1)
            out = list(hands)
            out[a] = (out[a] & ~ca) | cb
            out[b] = (out[b] & ~cb) | ca
            return out
    return None


@pytest.mark.parametrize(("spec", "n", "left", "a", "b", "word"), [
    ("standard", 4, 4, 3, 1, True),         # 16 cards: one machine word, plane 1 differs
    ("standard", 4, 4, 2, 0, True),
    ("standard", 4, 7, 2, 0, False),        # 28 cards: past a word, plane 1 differs
    ("standard", 4, 13, 3, 2, False),
    ("six-players", 6, 5, 4, 0, False),     # plane 2 differs
    ("six-players", 6, 2, 5, 1, False),
])
def test_the_table_key_is_one_int_telling_apart_every_plane(
        spec: str, n: int, left: int, a: int, b: int, word: bool) -> None:
    """Two positions that differ only in which of two seats holds the
    highest card of a suit (the seats' numbers differing in one bit, so one
    bit plane differs) have different keys, whatever the bit plane and the
    cards left; the key is one int, a machine word (below 2**63) up to 16
    cards left with four seats.  Main's key was a tuple of four ints."""
    rules = parse_rules(spec)
    solver = ExactSolver(rules, SELFISH)
    tried = 0
    for k in range(40):
        hands = deal(n, left, f"selfish23/key/{spec}/{left}/{k}")
        other = _swapped(hands, a, b)
        if other is None:
            continue
        tried += 1
        rem = 0
        for h in hands:
            rem |= h
        keys = []
        for hs in (hands, other):
            solver._load(hs)
            solver._plant(0, (), rem)   # the key's planes from the hands (selfish25)
            keys.append(solver._key(rem, 0, 0, True, -2))
        assert all(type(x) is int for x in keys)
        assert keys[0] != keys[1]
        if word:
            assert all(0 <= x < 1 << 63 for x in keys)
    assert tried >= 10


@pytest.mark.parametrize("jack", [-100, 300, 1000])
def test_a_jack_worth_more_than_63_points_is_scored_as_the_brute_force(jack: int) -> None:
    """The last two tricks' outcome (selfish19's code) held a trick's
    points in 7 bits: with J♦ worth -100 (or 300, or 1000) main gave wrong
    points in 3, 10 and 15 of these 80 answers (40 positions, two tie
    orders; three tricks left, the first trick's last card to play).  Each
    seat's final points now equal the brute force's, both tie orders."""
    rules = parse_rules(f"standard jack_of_diamonds={jack}")
    rng = random.Random(f"selfish23/jack/{jack}")
    for _ in range(40):
        p = random_position(rules, rng, 3, midtrick=False)
        for _k in range(rules.players - 1):     # the trick's last card to play: cheap
            p = p.play(rng.choice(p.legal()))
        state = p.to_state(rules)
        for rev in (False, True):
            assert ExactSolver(rules, SELFISH, reverse_ties=rev).play_out(state) == \
                brute_selfish(p, rev, {}), (rev, state)
