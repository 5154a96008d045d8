"""The exact endgame solver against a plain brute-force search, and its parts."""

from __future__ import annotations

import random

import pytest

from hearts_notation.analysis.solver import Solver, brute_force_values
from hearts_notation.analysis.state import PlayState, moon_adjustments
from hearts_notation.cards import iter_bits, mask_of, parse_card
from hearts_notation.generate import random_hands
from hearts_notation.rules import RuleSet, parse_rules
from hearts_notation.state import deal_points
from tests.budget import long_beyond


def m(*tokens: str) -> int:
    return mask_of(parse_card(t) for t in tokens)


def random_position(rules: RuleSet, rng: random.Random, tricks_left: int,
                    midtrick: bool = True) -> PlayState:
    """A random legal position with *tricks_left* tricks to go (the trick in
    progress may have some cards on it)."""
    hands = random_hands(rules, rng)
    n = rules.players
    leader = next(s for s in range(n) if hands[s] >> rules.lowest_club & 1)
    st = PlayState(rules, hands, leader)
    for _ in range((rules.tricks_per_deal - tricks_left) * n):
        st.play(rng.choice(list(iter_bits(st.legal()))))
    if midtrick:
        for _ in range(rng.randrange(n)):
            st.play(rng.choice(list(iter_bits(st.legal()))))
    return st


VARIANTS = [
    ("standard", 700),
    ("jack-of-diamonds", 300),
    ("standard moon=subtract", 250),
    ("openspiel", 250),
    ("kawu first_trick_queen=allowed", 150),
    ("three-players", 600),
    ("five-players", 500),
    ("six-players", 400),
]


@pytest.mark.parametrize(("spec", "count"), long_beyond(VARIANTS, keep=2, several=True))
def test_solver_agrees_with_brute_force(spec: str, count: int) -> None:
    """Thousands of random small positions (1 to 3 tricks left, any point of
    a trick): the solver's value of every legal card equals the plain search."""
    rules = parse_rules(spec)
    rng = random.Random(f"agree/{spec}")
    solver = Solver(rules)          # one solver: its caches must stay right
    for i in range(count):
        left = 1 + i % 3 if rules.players <= 4 else 1 + i % 2
        st = random_position(rules, rng, left)
        want = brute_force_values(st)
        got = solver.card_values(st)
        assert got == want, (spec, i, st)


def test_solver_matches_brute_force_on_four_tricks() -> None:
    rules = parse_rules("standard")
    rng = random.Random(7)
    solver = Solver(rules)
    for _ in range(4):
        st = random_position(rules, rng, 4, midtrick=True)
        assert solver.card_values(st) == brute_force_values(st)


def test_values_of_some_cards_only_are_the_same() -> None:
    """``card_values(state, only)`` searches only the classes of cards that
    meet *only* (the verification compares two cards) and gives them the
    values the full search gives."""
    rules = parse_rules("standard")
    rng = random.Random("only")
    solver = Solver(rules)
    checked = 0
    for i in range(200):
        st = random_position(rules, rng, 1 + i % 4, midtrick=True)
        full = solver.card_values(st)
        cards = sorted(full)
        if len(cards) < 3:
            continue
        pick = rng.sample(cards, 2)
        only = (1 << pick[0]) | (1 << pick[1])
        part = Solver(rules).card_values(st, only)
        assert set(pick) <= set(part) < set(full) or set(part) == set(full), (i, st)
        assert all(part[c] == full[c] for c in part), (i, st)
        checked += len(set(full) - set(part)) > 0
    assert checked > 20   # the restriction did leave cards out


def test_values_are_final_points_with_the_moon() -> None:
    """N holds every heart that is left, and has taken Q♠ and the other
    hearts: whatever it plays it shoots the moon, so each card is worth 0
    to N (add) and the others get 26."""
    rules = parse_rules("standard")
    taken_n = m("QS", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH") | m("2C", "3C", "4C", "5C")
    hands = [m("QH", "KH", "AH"), m("2D", "3D", "4D"), m("5D", "6D", "7D"), m("8D", "9D", "TD")]
    st = PlayState(rules, hands, 0, trick_no=10, broken=True, taken=[taken_n, 0, 0, 0])
    values = Solver(rules).card_values(st)
    assert set(values.values()) == {0}
    sub = parse_rules("standard moon=subtract")
    st2 = PlayState(sub, hands, 0, trick_no=10, broken=True, taken=[taken_n, 0, 0, 0])
    assert set(Solver(sub).card_values(st2).values()) == {-26}


def test_moon_adjustments_come_from_the_engine() -> None:
    rules = parse_rules("standard")
    adj = moon_adjustments(rules, 4)
    assert adj[2] == (26, 26, -26, 26)
    pts, shooter = deal_points(rules, [0, 0, rules.deck_mask, 0])
    assert shooter == 2 and pts[2] == adj[2][2] + 26


def test_queen_is_never_merged_with_its_neighbours() -> None:
    rules = parse_rules("standard")
    solver = Solver(rules)
    hand = m("JS", "QS", "KS")
    classes = solver.ordered_classes(hand, hand | m("2D"), ())
    assert m("QS") in classes
    assert all(c & m("QS") == 0 or c == m("QS") for c in classes)
    # J♠ and K♠ are separated by the queen, which is alive.
    assert m("JS", "KS") not in classes


def test_adjacent_cards_of_one_seat_are_merged_once_the_gap_is_played() -> None:
    rules = parse_rules("standard")
    solver = Solver(rules)
    hand = m("5C", "7C")
    # 6♣ still out (in another hand): two classes.
    assert len(solver.ordered_classes(hand, hand | m("6C"), ())) == 2
    # 6♣ played: one class.
    assert solver.ordered_classes(hand, hand, ()) == [hand]
    # 6♣ on the trick in progress still separates them.
    assert len(solver.ordered_classes(hand, hand | m("6C"), ((1, parse_card("6C")),))) == 2


def test_jack_of_diamonds_stands_alone_only_when_it_scores() -> None:
    hand = m("TD", "JD", "QD")
    plain = Solver(parse_rules("standard")).ordered_classes(hand, hand, ())
    assert plain == [hand]
    jd = Solver(parse_rules("jack-of-diamonds")).ordered_classes(hand, hand, ())
    assert m("JD") in jd and len(jd) == 3


def test_transposition_key_uses_relative_ranks() -> None:
    """Two positions that differ only by which small clubs were played share
    one table entry."""
    rules = parse_rules("standard")
    solver = Solver(rules)
    a = [m("4C", "9H"), m("5C", "TH"), m("6C", "JH"), m("7C", "QH")]
    b = [m("3C", "9H"), m("5C", "TH"), m("6C", "JH"), m("8C", "QH")]
    ra = a[0] | a[1] | a[2] | a[3]
    rb = b[0] | b[1] | b[2] | b[3]
    assert solver._key(a, ra, 0, True, -2) == solver._key(b, rb, 0, True, -2)
    c = [m("4C", "9H"), m("5C", "TH"), m("7C", "JH"), m("6C", "QH")]
    rc = c[0] | c[1] | c[2] | c[3]
    assert solver._key(a, ra, 0, True, -2) != solver._key(c, rc, 0, True, -2)


def test_no_points_left_means_nothing_changes() -> None:
    rules = parse_rules("standard")
    hands = [m("2C", "3D"), m("4C", "5D"), m("6C", "7D"), m("8C", "9D")]
    taken = [rules.deck_mask & ~(hands[0] | hands[1] | hands[2] | hands[3]) & m("QS", "2H"), 0, 0,
             rules.deck_mask & ~(hands[0] | hands[1] | hands[2] | hands[3]) & ~m("QS", "2H")]
    st = PlayState(rules, hands, 0, trick_no=11, broken=True, taken=taken)
    solver = Solver(rules)
    assert solver.card_values(st) == {parse_card("2C"): 14, parse_card("3D"): 14}
    assert solver.nodes <= 2
