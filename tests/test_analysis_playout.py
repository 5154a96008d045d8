"""The play-out policies' habits (issue 24: play-outs a strong player would
recognise, so that pass verdicts do not hinge on weak play-outs)."""

from __future__ import annotations

import random

from hearts_notation.analysis.exact import ExactSolver
from hearts_notation.analysis.explain import PassFacts, explain_pass
from hearts_notation.analysis.playout import Playout, careful_card
from hearts_notation.cards import mask_of, parse_card
from hearts_notation.rules import parse_rules
from hearts_notation.state import GameState

RULES = parse_rules("standard")


def m(*tokens: str) -> int:
    return mask_of(parse_card(t) for t in tokens)


def c(token: str) -> int:
    return int(parse_card(token))


def state(hands: list[int], leader: int, trick_no: int, taken: list[int] | None = None,
          trick: tuple[tuple[int, int], ...] = ()) -> GameState:
    return GameState(RULES, hands, leader, [card for _, card in trick], trick_no, True,
                     taken if taken is not None else [0, 0, 0, 0])


# Four hands of three cards (10 tricks played, their cards in nobody's hand).
EAST = m("QS", "4D", "5D")
SOUTH = m("KD", "2H", "9D")
WEST = m("AD", "3H", "8D")


def test_careful_smokes_the_queen_out_with_its_highest_spade_under_it() -> None:
    north = m("3S", "JS", "2D")
    st = state([north, EAST, SOUTH, WEST], 0, 10)
    assert careful_card(st) == c("JS")          # not the 2♦ of its shortest suit


def test_careful_does_not_lead_spades_holding_the_king() -> None:
    north = m("3S", "KS", "2D")
    st = state([north, EAST, SOUTH, WEST], 0, 10)
    assert careful_card(st) == c("2D")


def test_careful_does_not_fish_once_the_queen_is_played() -> None:
    north = m("3S", "JS", "2D")
    east = m("4D", "5D", "6D")
    st = state([north, east, SOUTH, WEST], 0, 10, taken=[0, m("QS", "2S", "4S", "5S"), 0, 0])
    assert careful_card(st) == c("2D")


def test_careful_stops_a_moon_in_sight() -> None:
    # E has taken Q♠ and three hearts; W leads 9♥: N overtakes with 10♥ to
    # keep a heart from E, where it would duck with 6♥ otherwise.
    north = m("TH", "6H", "2D")
    east = m("7C", "8C", "9C")
    south = m("8H", "3D", "4D")
    west = m("9H", "6C", "5C")
    hands = [north, east, south, west]
    moon = state(hands, 3, 10, taken=[0, m("QS", "AH", "KH", "QH", "2S", "3S", "4S", "5S"), 0, 0],
                 trick=((3, c("9H")),))
    assert moon.to_play == 0
    assert careful_card(moon) == c("TH")
    split = state(hands, 3, 10, taken=[0, m("QS", "2S", "3S", "4S"), m("AH", "5S", "6S", "7S"), 0],
                  trick=((3, c("9H")),))
    assert careful_card(split) == c("6H")


def test_finish_plays_to_the_tail_then_solves() -> None:
    north = m("3S", "JS", "2D")
    st = state([north, EAST, SOUTH, WEST], 0, 10, taken=[m("AH"), m("KH"), 0, 0])  # no moon
    for tail in (0, 1, 2, 3):
        for policy in ("bot", "careful"):
            pts = Playout(RULES, ExactSolver(RULES), tail, policy).finish(st.copy(), random.Random(1))
            assert sum(pts) == 17     # A♥ K♥ taken; Q♠, 2♥ and 3♥ still out


def test_pass_reasons_say_no_small_spade_plainly() -> None:
    hand = m("AS", "KS", "AH", "QH", "JH", "2D", "3D", "5D", "9D", "2C", "4C", "6C", "TC")
    f = PassFacts("N", hand, m("2D", "3D", "2C"), m("AS", "KS", "AH"), 7.0)
    r = explain_pass(f)
    assert r.code == "pass_high_spades"
    assert r.text.startswith("N kept A♠ K♠ with no small spade while Q♠ was out")
    assert "sans aucun petit pique" in explain_pass(f, "fr").text
    hand2 = m("QS", "AS", "AH", "QH", "JH", "2D", "3D", "5D", "9D", "2C", "4C", "6C", "TC")
    g = PassFacts("N", hand2, m("QS", "2D", "3D"), m("QS", "AS", "AH"), 4.0)
    assert explain_pass(g).text.startswith("N passed Q♠ but kept A♠ with no small spade:")
    assert "only" not in explain_pass(g).text.split(":")[0]
