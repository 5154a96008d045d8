"""Fast play-outs: finish a deal with a heuristic policy, then solve the end.

Early in a deal there are far too many cards left to search exactly, so
the value of a card in a sampled world is estimated by playing the deal
out, and once few enough tricks remain the exact solver finishes it.  The
policies only *choose* among the legal cards, which come from the game
state (:meth:`GameState.legal_cards`, the engine's rules); they see only what
their seat would see (its hand, the cards played, the tricks taken), never
the sampled hands.

Two policies make an ensemble (``docs/analysis.md``, "Less dependence on
the play-out policy"):

* ``bot`` — the heuristic bot of :mod:`hearts_notation.bots` (duck under the
  winner, dump Q♠ and high hearts when void, lead low; stops a moon in
  sight), with no moon attempts and no random slips;
* ``careful`` — other habits, written here: while Q♠ is in another hand
  and it holds no A♠/K♠, lead its highest spade under the queen (smoking the
  queen out, as strong players do, and keeping its low spades as exits);
  else lead the lowest card of the *shortest* suit (to make a void); shed
  the highest card when last to a trick it must win, discard A♠/K♠ before
  the hearts while the queen is out, then the highest card of the shortest
  suit; and stop a moon in sight as the bot does (win a trick holding a
  penalty card, keep its hearts off the shooter's tricks).

A mark needs both policies to agree that the card loses points, so that a
verdict never rests on one bot's habits.
"""

from __future__ import annotations

import random
from typing import Final

from ..bots import HeuristicBot, PlayView
from ..cards import HEARTS_MASK, QS_BIT, SPADES, SUIT_MASKS
from ..rules import RuleSet
from ..state import GameState, led_suit, trick_winner
from .exact import ExactSolver
from .state import moon_choice

# Final, and the masks of cards.py copied here: mypyc keeps them in C statics
# (a plain module global, or a name imported from a module it does not
# compile, is a dictionary lookup at every use; issue 24).
_QS_BIT: Final[int] = int(QS_BIT)
_QS: Final[int] = _QS_BIT.bit_length() - 1
_HEARTS_MASK: Final[int] = int(HEARTS_MASK)
_SUIT_MASK: Final[tuple[int, ...]] = tuple(SUIT_MASKS)
_PENALTY: Final[int] = _HEARTS_MASK | _QS_BIT
_HIGH_SPADES: Final[int] = (1 << (SPADES * 13 + 12)) | (1 << (SPADES * 13 + 11))
_BELOW_QUEEN_SPADES: Final[int] = _SUIT_MASK[SPADES] & (_QS_BIT - 1)

#: The ensemble's policies, in the order worlds are given to them.
POLICIES = ("bot", "careful")


def _high(mask: int) -> int:
    return mask.bit_length() - 1


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def careful_card(state: GameState) -> int:
    """The ``careful`` policy's card for the seat to move (deterministic)."""
    legal = state.legal_cards()
    if not legal & (legal - 1):
        return _high(legal)
    s = state.to_play
    hand = state.hands[s]
    held = 0
    for h in state.hands:
        held |= h
    for c in state.trick:
        held |= 1 << c
    queen_out = bool(held & ~hand & _QS_BIT)
    if not state.trick:
        choices = legal & ~_PENALTY or legal
        if queen_out:
            choices = choices & ~_HIGH_SPADES or choices
            # Smoke the queen out: a spade under it cannot take it, and its
            # holder must eventually follow with it; the highest such spade
            # keeps the low ones as exits.  Not with A♠/K♠ in hand (spade
            # leads would bring the queen onto them).
            fish = choices & _BELOW_QUEEN_SPADES
            if fish and not hand & _HIGH_SPADES:
                return _high(fish)
        best, key = -1, (99, 99)
        for suit in range(4):
            m = choices & _SUIT_MASK[suit]
            if m:
                k = ((hand & _SUIT_MASK[suit]).bit_count(), suit)
                if k < key:
                    best, key = _low(m), k
        return best
    cards = state.trick      # read, never changed
    led = led_suit(cards)
    assert led is not None
    follow = legal & _SUIT_MASK[led]
    if _moon_in_sight(state, s):
        stop = HeuristicBot.stop_moon(cards, legal, follow)
        if stop >= 0:
            return stop
    if follow:
        top = cards[trick_winner(cards)]     # the card to beat
        under = follow & ((1 << top) - 1)
        if under:
            return _high(under)
        safe = follow & ~_QS_BIT or follow
        if len(state.trick) == state.players - 1:
            return _high(safe)
        return _low(safe)
    if legal & _QS_BIT:
        return _QS
    if queen_out and legal & _HIGH_SPADES:
        return _high(legal & _HIGH_SPADES)
    hearts = legal & _HEARTS_MASK
    if hearts:
        return _high(hearts)
    best, key = -1, (99, 99)
    for suit in range(4):
        m = legal & _SUIT_MASK[suit]
        if m:
            k = ((hand & _SUIT_MASK[suit]).bit_count(), -(_high(m) % 13))
            if k < key:
                best, key = _high(m), k
    return best


def _moon_in_sight(state: GameState, s: int) -> bool:
    """Another seat than *s* has taken every penalty card taken so far,
    and enough of them (Q♠ or seven hearts) that a moon is in sight: the
    bot's test (:meth:`HeuristicBot.moon_threat`), on the game state."""
    shooter = -1
    got = 0
    for i, t in enumerate(state.taken):
        if t & _PENALTY:
            if shooter >= 0:
                return False
            shooter, got = i, t & _PENALTY
    return shooter >= 0 and shooter != s and (got & _QS_BIT != 0 or got.bit_count() >= 7)


class Playout:
    """Finishes positions: *policy* play down to *tail* tricks, then the
    exact solver (``tail=0``: heuristic play to the last card).  The tail is
    :meth:`ExactSolver.play_out` (the selfish model, every seat's points),
    the solver of ``hearts solve``, of the exact decisions and of ``dd_loss``."""

    def __init__(self, rules: RuleSet, solver: ExactSolver, tail: int, policy: str = "bot") -> None:
        if policy not in POLICIES:
            raise ValueError(f"unknown play-out policy {policy!r}")
        self.rules = rules
        self.solver = solver
        self.tail = tail
        self.policy = policy
        #: the ``careful`` policy (tested at every card: a flag, not the name)
        self.careful = policy == "careful"
        self.bot = HeuristicBot(moon_appetite=0.0, noise=0.0)
        self.choice = moon_choice(rules)
        self.deck = rules.deck_mask
        #: The bot's view, filled in afresh for every card rather than built:
        #: ``PlayView``'s ``__init__`` is the ``dataclasses`` one, interpreted
        #: even with the compiled core, and building a view at every card of
        #: every play-out cost about 7% of ``annotate``'s CPU (issue 24).  The
        #: bot only reads the view, and keeps nothing of it between cards.
        self.view = PlayView(rules, 0, 0, 0, [], 0, False, 0, [], [0] * rules.players)

    def choose(self, state: GameState, rng: random.Random) -> int:
        """The policy's card for the seat to move."""
        if self.careful:
            return careful_card(state)
        legal = state.legal_cards()
        if not legal & (legal - 1):
            return legal.bit_length() - 1
        s = state.to_play
        held = 0
        for h in state.hands:
            held |= h
        view = self.view
        view.seat = s
        view.hand = state.hands[s]
        view.legal = legal
        view.trick = state.trick          # read, never changed, by the bot
        view.trick_number = state.tricks_done
        view.hearts_broken = state.broken
        view.played = self.deck & ~held
        view.taken = state.taken
        return self.bot.play(view, rng)

    def finish(self, state: GameState, rng: random.Random) -> list[int]:
        """Final points of every seat after playing *state* out (changes
        *state*; pass a copy)."""
        # Tricks left (the one in progress counted), counted down as tricks end.
        left = state.tricks_total - state.tricks_done
        while left > self.tail:
            if state.push(self.choose(state, rng)) is not None:
                left -= 1
        return self.solver.play_out(state)

    def pass_cards(self, hand: int, count: int, rng: random.Random) -> list[int]:
        """The heuristic bot's *count* cards to pass from *hand*, most
        urgent first (the other seats' passes in sampled worlds)."""
        return self.bot.pass_cards(self.rules, hand, count, rng)
