"""The play-outs' loop on plain ints (issue 24): a seat's hand is its entry
less the cards played since, which needs hands that share no card."""

from __future__ import annotations

import random

import pytest

from hearts_notation.analysis.exact import ExactSolver
from hearts_notation.analysis.playout import Playout
from hearts_notation.rules import parse_rules
from hearts_notation.state import GameState


def test_hands_that_share_a_card_are_refused() -> None:
    rules = parse_rules("standard")
    hands = [sum(1 << c for c in range(s, 52, 4)) for s in range(4)]
    hands[1] |= 1 << 0                     # the 2♣ in two hands
    state = GameState(rules, hands, 0)
    with pytest.raises(ValueError, match="share cards"):
        Playout(rules, ExactSolver(rules), 3, "bot").finish(state, random.Random(1))


def test_the_state_left_at_the_tail_holds_the_hands_less_the_cards_played() -> None:
    rules = parse_rules("standard")
    hands = [sum(1 << c for c in range(s, 52, 4)) for s in range(4)]
    state = GameState(rules, hands)
    for policy in ("bot", "careful"):
        st = state.copy()
        Playout(rules, ExactSolver(rules), 3, policy).finish(st, random.Random(2))
        assert st.tricks_done == 10 and not st.trick
        assert [h.bit_count() for h in st.hands] == [3, 3, 3, 3]
        gathered = 0
        for t in st.taken:
            gathered |= t
        assert gathered.bit_count() == 40
        for s in range(4):
            assert st.hands[s] & ~hands[s] == 0 and not st.hands[s] & gathered
