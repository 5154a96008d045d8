"""Issue 24, helper moon31: play-outs that take the moon they are handed.

A seat that has taken every point so far and whose hand runs the rest
(:func:`hearts_notation.bots.moon_runs`) plays to win every trick in both
play-out policies, so that a duck handing it the moon costs what it costs;
with a point in another seat's tricks, or a hand that does not run, the
policies play as before."""

from __future__ import annotations

import random

from hearts_notation.analysis.exact import ExactSolver
from hearts_notation.analysis.playout import Playout, careful_card
from hearts_notation.bots import moon_runs, moon_taker
from hearts_notation.cards import HEARTS_MASK, QS_BIT, mask_of, parse_card
from hearts_notation.rules import parse_rules
from hearts_notation.state import GameState

RULES = parse_rules("standard")


def m(*tokens: str) -> int:
    return mask_of(parse_card(t) for t in tokens)


def c(token: str) -> int:
    return int(parse_card(token))


# Nine tricks played; N has taken Q♠ and five hearts, nobody else a point.
# N holds A♦ 2♦ A♥ K♥: every heart out is below its two, and its A♦ draws
# the one diamond out (E's 5♦), so the hand runs once N leads A♦.  Led
# first, the 2♦ loses to the 5♦ and a heart falls on E's or W's trick.
NORTH = m("AD", "2D", "AH", "KH")
EAST = m("5D", "QH", "JH", "3C")
SOUTH = m("TH", "9H", "4C", "5C")
WEST = m("8H", "7H", "6C", "7C")
N_TOOK = m("QS", "2H", "3H", "4H", "5H", "6H", "2S", "3S", "4S", "5S", "6S", "7S",
           "8S", "9S", "TS", "JS", "KS", "AS", "2C", "8C", "9C", "TC")
OTHERS_TOOK = m("JC", "QC", "KC", "AC", "3D", "4D", "6D", "7D", "8D", "9D", "TD", "JD",
                "QD", "KD")


def position(taken: list[int]) -> GameState:
    return GameState(RULES, [NORTH, EAST, SOUTH, WEST], 0, [], 9, True, taken)


def handed() -> GameState:
    return position([N_TOOK, OTHERS_TOOK, 0, 0])


def split() -> GameState:
    # The same cards, but E took the 2♥ (one point): no moon is open to N.
    return position([N_TOOK & ~m("2H"), OTHERS_TOOK | m("2H"), 0, 0])


def test_the_position_deals_every_card_once() -> None:
    st = handed()
    every = 0
    for mask in [*st.hands, *st.taken]:
        assert not every & mask
        every |= mask
    assert every == RULES.deck_mask
    assert st.taken[0] & (HEARTS_MASK | QS_BIT) == m("QS", "2H", "3H", "4H", "5H", "6H")


def test_both_policies_run_a_handed_moon() -> None:
    for policy in ("bot", "careful"):
        pts = Playout(RULES, ExactSolver(RULES), 0, policy).finish(handed(), random.Random(7))
        assert pts == [0, 26, 26, 26], policy


def test_careful_leads_its_winner_when_the_moon_is_handed() -> None:
    assert careful_card(handed()) == c("AD")


def test_no_run_when_another_seat_holds_a_point() -> None:
    assert careful_card(split()) == c("2D")
    for policy in ("bot", "careful"):
        pts = Playout(RULES, ExactSolver(RULES), 0, policy).finish(split(), random.Random(7))
        assert sum(pts) == 26, policy          # no moon: 26 points shared


def test_moon_taker_and_runs_on_the_masks() -> None:
    assert moon_taker([N_TOOK, OTHERS_TOOK, 0, 0]) == 0
    assert moon_taker([N_TOOK & ~m("2H"), m("2H"), 0, 0]) == -2     # two seats: no moon
    assert moon_taker([m("2S"), 0, 0, 0]) == -1           # no point taken yet
    unseen = EAST | SOUTH | WEST
    assert moon_runs(NORTH, unseen)
    # K♦ instead of A♦: the A♦ out beats it, a trick is lost.
    assert not moon_runs(m("KD", "2D", "AH", "KH"), unseen & ~m("5D") | m("AD"))
    # Two diamonds out against one top diamond: the 2♦ may lose to the second.
    assert not moon_runs(NORTH, unseen | m("6D"))
