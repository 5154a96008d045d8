"""Fast play-outs: finish a deal with a heuristic player, then solve the end.

Early in a deal there are far too many cards left to search exactly, so
the value of a card in a sampled world is estimated by playing the deal
out: every seat plays the heuristic bot of :mod:`hearts_notation.bots`
(duck under the winner, dump Q♠ and high hearts when void, lead low; no
moon attempts and no random slips, so that a play-out is a fair test of
the card being judged), and once few enough tricks remain the exact solver
finishes the deal.  The bot sees only what its seat would see (its hand,
the cards played, the tricks taken): it does not peek at the sampled hands.
"""

from __future__ import annotations

import random

from ..bots import HeuristicBot, PlayView
from ..rules import RuleSet
from .solver import Solver
from .state import PlayState, moon_choice


class Playout:
    """Finishes positions: heuristic play down to *tail* tricks, then the
    exact solver (``tail=0``: heuristic play to the last card)."""

    def __init__(self, rules: RuleSet, solver: Solver, tail: int) -> None:
        self.rules = rules
        self.solver = solver
        self.tail = tail
        self.bot = HeuristicBot(moon_appetite=0.0, noise=0.0)
        self.choice = moon_choice(rules)

    def choose(self, state: PlayState, rng: random.Random) -> int:
        """The heuristic card for the seat to move."""
        legal = state.legal()
        if not legal & (legal - 1):
            return legal.bit_length() - 1
        s = state.to_move
        held = 0
        for h in state.hands:
            held |= h
        view = PlayView(
            rules=self.rules, seat=s, hand=state.hands[s], legal=legal,
            trick=[c for _, c in state.trick], trick_number=state.trick_no,
            hearts_broken=state.broken, played=self.rules.deck_mask & ~held,
            taken=state.taken, totals=[0] * state.n,
        )
        return self.bot.play(view, rng)

    def finish(self, state: PlayState, rng: random.Random) -> list[int]:
        """Final points of every seat after playing *state* out (changes
        *state*; pass a copy)."""
        while not state.is_over and state.tricks_left > self.tail:
            state.play(self.choose(state, rng))
        if state.is_over:
            return state.final_points(self.choice)
        return self.solver.value(state)

    def pass_cards(self, hand: int, count: int, rng: random.Random) -> list[int]:
        """The heuristic bot's *count* cards to pass from *hand*, most
        urgent first (used for the other seats' passes, and to propose
        candidate passes)."""
        return self.bot.pass_cards(self.rules, hand, count, rng)
