"""A fast, mutable game state for search: hands as bitmasks, apply and undo.

The analysis replays millions of cards, so it cannot afford the model's
frozen objects.  A :class:`PlayState` holds the few ints a position needs
(every hand, the cards of the trick in progress, who led it, whether hearts
are broken, what each seat has taken) and changes them in place with
:meth:`PlayState.play` / :meth:`PlayState.undo`.

This is the analysis's position type (the trick as ``(seat, card)`` pairs,
an explicit :class:`Undo` record), kept beside
:class:`hearts_notation.state.GameState` for the analysis code written
against it, not for speed: the solver's search itself works on plain lists
of masks, and GameState's ``push``/``pop`` is the cheaper of the two
(docs/decisions.md, "One game state").  Every rule comes from the game state's primitives in
:mod:`hearts_notation.state` (legal cards, trick winner, breaking hearts,
points and the moon): this module only keeps the books, so the search can
never disagree with the referee, and ``tests/test_state_agreement.py``
checks it against :class:`~hearts_notation.state.GameState` on random
positions of every preset.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .._compiled import reduce_dataclass
from ..cards import CARDS, iter_bits
from ..rules import RuleSet
from ..state import (
    breaks_hearts,
    deal_points,
    led_suit,
    legal_plays,
    penalty_cards,
    raw_points,
    scoring_cards,
    trick_winner,
)

#: Moon states (see :func:`moon_state`): nobody has taken a penalty card
#: yet, or two different seats have (a moon is no longer possible).
MOON_OPEN = -1
MOON_SPLIT = -2


def penalty_mask(rules: RuleSet) -> int:
    """The cards a moon must gather: :func:`hearts_notation.state.penalty_cards`."""
    return penalty_cards(rules)


def scoring_mask(rules: RuleSet) -> int:
    """The cards worth points: :func:`hearts_notation.state.scoring_cards`."""
    return scoring_cards(rules)


def moon_state(rules: RuleSet, taken: Sequence[int]) -> int:
    """Who can still shoot the moon: :data:`MOON_OPEN` (no penalty card
    taken yet), the one seat that has taken every penalty card so far, or
    :data:`MOON_SPLIT` (two seats hold some: nobody can)."""
    pen = penalty_mask(rules)
    holders = [s for s, t in enumerate(taken) if t & pen]
    if not holders:
        return MOON_OPEN
    if len(holders) == 1:
        return holders[0]
    return MOON_SPLIT


def next_moon_state(state: int, winner: int, trick_penalty: int) -> int:
    """The moon state after *winner* takes a trick holding *trick_penalty*
    (the trick's penalty cards, as a mask)."""
    if not trick_penalty or state == MOON_SPLIT or state == winner:
        return state
    if state == MOON_OPEN:
        return winner
    return MOON_SPLIT


def moon_adjustments(rules: RuleSet, n: int, choice: str = "add") -> list[tuple[int, ...]]:
    """For each seat *k*, what the moon rule adds to each seat's raw points
    when *k* shoots: computed by :func:`hearts_notation.state.deal_points` itself (the one
    copy of the moon rule), so the solver only has to know who shot."""
    pen = penalty_mask(rules)
    out: list[tuple[int, ...]] = []
    for k in range(n):
        taken = [pen if s == k else 0 for s in range(n)]
        pts, shooter = deal_points(rules, taken, choice)
        if shooter != k:  # a deck without penalty cards: no moon at all
            out.append((0,) * n)
            continue
        out.append(tuple(pts[s] - raw_points(rules, taken[s]) for s in range(n)))
    return out


def moon_choice(rules: RuleSet) -> str:
    """How the analysis scores a moon: ``subtract`` only when the rules say
    so; ``choose`` is scored as ``add`` (the spec's default when no choice
    is recorded; both move the shooter 26 points against everyone)."""
    return "subtract" if rules.moon == "subtract" else "add"


@dataclass(frozen=True, slots=True)
class Undo:
    """What :meth:`PlayState.play` needs to take a card back."""

    seat: int
    card: int
    completed: bool
    leader: int
    broken: bool
    trick: tuple[tuple[int, int], ...]
    winner: int

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        return reduce_dataclass(self)   # picklable when compiled (hearts_notation._compiled)


class PlayState:
    """A position with every hand known, changed in place.

    ``hands[s]`` are the cards seat *s* still holds; ``trick`` the (seat,
    card) pairs of the trick in progress; ``leader`` who leads it;
    ``trick_no`` the 0-based index of that trick; ``broken`` whether hearts
    were broken before it; ``taken[s]`` the cards *s* won in complete tricks.
    """

    __slots__ = ("broken", "hands", "leader", "n", "rules", "taken", "trick", "trick_no")

    def __init__(self, rules: RuleSet, hands: Sequence[int], leader: int, trick_no: int = 0,
                 broken: bool = False, trick: Sequence[tuple[int, int]] = (),
                 taken: Sequence[int] | None = None) -> None:
        self.rules = rules
        self.n = len(hands)
        self.hands = list(hands)
        self.leader = leader
        self.trick_no = trick_no
        self.broken = broken
        self.trick: list[tuple[int, int]] = list(trick)
        self.taken = list(taken) if taken is not None else [0] * self.n

    def copy(self) -> PlayState:
        """An independent copy (searches change states in place)."""
        return PlayState(self.rules, self.hands, self.leader, self.trick_no, self.broken,
                         self.trick, self.taken)

    @property
    def to_move(self) -> int:
        """The seat whose turn it is."""
        return (self.leader + len(self.trick)) % self.n

    @property
    def led_suit(self) -> int | None:
        """Suit led to the trick in progress, ``None`` before the lead."""
        return led_suit([c for _, c in self.trick])

    @property
    def is_over(self) -> bool:
        """True once every card has been played."""
        return not self.trick and not any(self.hands)

    @property
    def tricks_left(self) -> int:
        """Tricks still to finish, counting the one in progress."""
        return max(h.bit_count() for h in self.hands) if any(self.hands) else 0

    def legal(self) -> int:
        """Mask of the cards the seat to move may play (engine rules)."""
        return legal_plays(self.rules, self.hands[self.to_move], self.led_suit,
                           self.trick_no == 0, self.broken)

    def play(self, card: int) -> Undo:
        """Play *card* for the seat to move; finishes the trick when it is
        the last card (winner takes the cards and leads next)."""
        s = self.to_move
        self.hands[s] &= ~(1 << card)
        before = tuple(self.trick)
        self.trick.append((s, card))
        leader, broken = self.leader, self.broken
        if len(self.trick) < self.n:
            return Undo(s, card, False, leader, broken, before, -1)
        cards = [c for _, c in self.trick]
        w = self.trick[trick_winner(cards)][0]
        led = led_suit(cards)
        mask = 0
        for c in cards:
            mask |= 1 << c
            if breaks_hearts(self.rules, c, led):
                self.broken = True
        self.taken[w] |= mask
        self.trick = []
        self.leader = w
        self.trick_no += 1
        return Undo(s, card, True, leader, broken, before, w)

    def undo(self, u: Undo) -> None:
        """Take back the play that returned *u*."""
        if u.completed:
            mask = 0
            for _, c in u.trick:
                mask |= 1 << c
            mask |= 1 << u.card
            self.taken[u.winner] &= ~mask
            self.trick_no -= 1
            self.leader = u.leader
            self.broken = u.broken
        self.trick = list(u.trick)
        self.hands[u.seat] |= 1 << u.card

    def final_points(self, choice: str = "add") -> list[int]:
        """Points of each seat for the finished deal, with the moon."""
        return deal_points(self.rules, self.taken, choice)[0]

    def remaining(self) -> int:
        """Cards still in some hand or on the trick in progress."""
        m = 0
        for h in self.hands:
            m |= h
        for _, c in self.trick:
            m |= 1 << c
        return m

    def __repr__(self) -> str:
        hands = " ".join(",".join(str(CARDS[c]) for c in iter_bits(h)) for h in self.hands)
        return (f"PlayState(trick_no={self.trick_no}, leader={self.leader}, broken={self.broken}, "
                f"trick={self.trick}, hands={hands})")
