"""What the analysis asks of the exact solver (``analysis/exact.py``) besides
card values: every seat's final points from a position (the play-outs'
exact tail), the legal cards grouped and in the tie order (the candidates
of a decision), and the moon bookkeeping.

The values of single cards are checked against an independent brute force
in tests/test_exact_solver.py; :func:`play_out` and :meth:`ordered_classes`
are checked here against that same brute force and tie order.
"""

from __future__ import annotations

import random

import pytest

from hearts_notation.analysis.exact import ExactSolver, alive_mask
from hearts_notation.analysis.state import moon_adjustments
from hearts_notation.cards import mask_of, parse_card
from hearts_notation.rules import parse_rules
from hearts_notation.state import GameState, deal_points, led_suit, legal_plays
from tests.test_exact_solver import brute_selfish, ordered, random_position


def m(*tokens: str) -> int:
    return mask_of(parse_card(t) for t in tokens)


@pytest.mark.parametrize(("spec", "count"), [
    ("standard", 160), ("jack-of-diamonds", 80), ("standard moon=subtract", 60),
    ("three-players", 60), ("five-players", 40)])
def test_play_out_is_every_seats_points_by_the_brute_force(spec: str, count: int) -> None:
    """Random positions (1 to 3 tricks left, any point of a trick; a
    finished deal now and then): :meth:`ExactSolver.play_out` gives every
    seat's final points of the plain max^n search, under both tie orders,
    one solver each for all positions (their tables must stay right)."""
    rules = parse_rules(spec)
    rng = random.Random(f"play_out/{spec}")
    solvers = {rev: ExactSolver(rules, reverse_ties=rev) for rev in (False, True)}
    for i in range(count):
        left = 1 + i % 3 if rules.players <= 4 else 1 + i % 2
        p = random_position(rules, rng, left)
        if i % 20 == 19:        # play it to the end
            while not p.over():
                p = p.play(p.legal()[0])
        state = p.to_state(rules)
        for rev, solver in solvers.items():
            assert solver.play_out(state) == brute_selfish(p, rev, {}), (spec, i, rev, state)


def test_ordered_classes_follow_the_tie_order() -> None:
    """The groups of equivalent legal cards come in the order the search
    tries them: the first member of each group, in the brute force's
    natural order (and its reverse for the reversed solver)."""
    rules = parse_rules("standard")
    rng = random.Random("ordered_classes")
    solvers = {rev: ExactSolver(rules, reverse_ties=rev) for rev in (False, True)}
    for _ in range(300):
        p = random_position(rules, rng, 1 + rng.randrange(8))
        st = p.to_state(rules)
        legal = legal_plays(rules, st.hands[st.to_play], led_suit(st.trick), st.tricks_done == 0,
                            st.broken)
        alive = alive_mask(st.hands, st.trick)
        for rev, solver in solvers.items():
            classes = solver.ordered_classes(legal, alive, st.trick)
            assert sum(c.bit_count() for c in classes) == legal.bit_count()
            want = ordered(p, rev)
            firsts = [next(c for c in want if cls >> c & 1) for cls in classes]
            assert firsts == sorted(firsts, key=want.index), (rev, st)


def test_a_finished_deal_plays_out_to_its_points() -> None:
    """Under ``moon: choose`` the shooter's choice (given) scores the moon."""
    rules = parse_rules("moon-choice")
    taken = [rules.deck_mask & (m("QS") | 0x1FFF << 26), rules.deck_mask & ~(m("QS") | 0x1FFF << 26),
             0, 0]
    done = GameState(rules, [0, 0, 0, 0], 0, (), rules.tricks_per_deal, True, taken)
    assert ExactSolver(rules).play_out(done) == [0, 26, 26, 26]
    sub = ExactSolver(rules, moon_choices=("subtract", "add", "add", "add"))
    assert sub.play_out(done) == [-26, 0, 0, 0]


def test_values_are_final_points_with_the_moon() -> None:
    """N holds every heart that is left, and has taken Q♠ and the other
    hearts: whatever it plays it shoots the moon, so each card is worth 0
    to N (add) and the others get 26."""
    rules = parse_rules("standard")
    taken_n = m("QS", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH") | m("2C", "3C", "4C", "5C")
    hands = [m("QH", "KH", "AH"), m("2D", "3D", "4D"), m("5D", "6D", "7D"), m("8D", "9D", "TD")]
    st = GameState(rules, hands, 0, (), 10, True, [taken_n, 0, 0, 0])
    assert set(ExactSolver(rules).card_values(st).values()) == {0}
    assert ExactSolver(rules).play_out(st) == [0, 26, 26, 26]
    sub = parse_rules("standard moon=subtract")
    st2 = GameState(sub, hands, 0, (), 10, True, [taken_n, 0, 0, 0])
    assert set(ExactSolver(sub).card_values(st2).values()) == {-26}


def test_moon_adjustments_come_from_the_engine() -> None:
    rules = parse_rules("standard")
    adj = moon_adjustments(rules, 4)
    assert adj[2] == (26, 26, -26, 26)
    pts, shooter = deal_points(rules, [0, 0, rules.deck_mask, 0])
    assert shooter == 2 and pts[2] == adj[2][2] + 26


def test_queen_is_never_merged_with_its_neighbours() -> None:
    solver = ExactSolver(parse_rules("standard"))
    hand = m("JS", "QS", "KS")
    classes = solver.ordered_classes(hand, hand | m("2D"))
    assert m("QS") in classes
    assert all(c & m("QS") == 0 or c == m("QS") for c in classes)
    # J♠ and K♠ are separated by the queen, which is alive.
    assert m("JS", "KS") not in classes


def test_adjacent_cards_of_one_seat_are_merged_once_the_gap_is_played() -> None:
    solver = ExactSolver(parse_rules("standard"))
    hand = m("5C", "7C")
    # 6♣ still out (in another hand): two classes.
    assert len(solver.ordered_classes(hand, hand | m("6C"))) == 2
    # 6♣ played: one class.
    assert solver.ordered_classes(hand, hand) == [hand]
    # 6♣ on the trick in progress still separates them.
    assert len(solver.ordered_classes(hand, hand | m("6C"), [parse_card("6C")])) == 2


def test_jack_of_diamonds_stands_alone_only_when_it_scores() -> None:
    hand = m("TD", "JD", "QD")
    assert ExactSolver(parse_rules("standard")).ordered_classes(hand, hand) == [hand]
    jd = ExactSolver(parse_rules("jack-of-diamonds")).ordered_classes(hand, hand)
    assert m("JD") in jd and len(jd) == 3


def test_no_points_left_means_nothing_changes() -> None:
    rules = parse_rules("standard")
    hands = [m("2C", "3D"), m("4C", "5D"), m("6C", "7D"), m("8C", "9D")]
    out = rules.deck_mask & ~(hands[0] | hands[1] | hands[2] | hands[3])
    taken = [out & m("QS", "2H"), 0, 0, out & ~m("QS", "2H")]
    st = GameState(rules, hands, 0, (), 11, True, taken)
    solver = ExactSolver(rules)
    assert solver.card_values(st) == {parse_card("2C"): 14, parse_card("3D"): 14}
    assert solver.play_out(st) == [14, 0, 0, 12]
