"""The analysis's search position, and the moon bookkeeping of its solver.

The analysis replays millions of cards, so it cannot afford the model's
frozen objects.  A :class:`PlayState` is the game state itself
(:class:`hearts_notation.state.GameState`, hands as bitmasks, ``push`` and
``pop`` in place) under the names the analysis code uses (``to_move``,
``legal``, ``play``/``undo``, ``trick_no``): no rule and no bookkeeping of
its own, so the search can never disagree with the referee.  Measured, the
game state's push/pop is also cheaper than the separate copy-make state the
analysis had before (docs/decisions.md, "One game state").

The functions below say who can still shoot the moon and what a moon adds,
for the solver's search over plain lists of masks; the moon rule itself is
:func:`hearts_notation.state.deal_points`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..cards import CARDS, iter_bits
from ..rules import RuleSet
from ..state import GameState, deal_points, penalty_cards, raw_points, scoring_cards

#: Moon states (see :func:`moon_state`): nobody has taken a penalty card
#: yet, or two different seats have (a moon is no longer possible).
MOON_OPEN: Final = -1
MOON_SPLIT: Final = -2


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


class PlayState(GameState):
    """The analysis's search position: a :class:`~hearts_notation.state.GameState`
    with every hand known, under the names the analysis code uses.

    It adds no rule and no bookkeeping of its own: ``hands``, ``trick``
    (the cards on the table, leader first), ``leader``, ``broken`` and
    ``taken`` are the game state's; :meth:`play` is
    :meth:`~hearts_notation.state.GameState.push` (the search plays only legal
    cards, so they are not checked again) and :meth:`undo` is
    :meth:`~hearts_notation.state.GameState.pop`.  One state for the referee,
    the replay and the search (docs/decisions.md, "One game state").
    """

    __slots__ = ()

    def __init__(self, rules: RuleSet, hands: Sequence[int], leader: int, trick_no: int = 0,
                 broken: bool = False, trick: Sequence[tuple[int, int]] = (),
                 taken: Sequence[int] | None = None) -> None:
        super().__init__(rules, hands, leader, [c for _, c in trick], trick_no, broken, taken)

    def copy(self) -> PlayState:
        """An independent copy (searches change states in place)."""
        return self._copy_into(PlayState(self.rules, self.hands, self.leader))

    @property
    def n(self) -> int:
        """The number of seats."""
        return self.players

    @property
    def to_move(self) -> int:
        """The seat whose turn it is."""
        return self.to_play

    @property
    def trick_no(self) -> int:
        """The 0-based index of the trick in progress."""
        return self.tricks_done

    @property
    def tricks_left(self) -> int:
        """Tricks still to finish, counting the one in progress."""
        return max(h.bit_count() for h in self.hands) if any(self.hands) else 0

    def legal(self) -> int:
        """Mask of the cards the seat to move may play."""
        return self.legal_cards()

    def play(self, card: int) -> int | None:
        """Play *card* for the seat to move (a legal card: the search plays
        no other); finishes the trick when it is the last card.  Returns the
        trick's winner then, else ``None``; :meth:`undo` takes it back."""
        return self.push(card)

    def undo(self, played: object = None) -> None:
        """Take back the last card played (*played*, what :meth:`play`
        returned, is accepted for the callers that pair them; the state's own
        history knows what to take back)."""
        self.pop()

    def final_points(self, choice: str = "add") -> list[int]:
        """Points of each seat for the finished deal, with the moon."""
        return self.points(choice)

    def remaining(self) -> int:
        """Cards still in some hand or on the trick in progress."""
        m = 0
        for h in self.hands:
            m |= h
        for c in self.trick:
            m |= 1 << c
        return m

    def __repr__(self) -> str:
        hands = " ".join(",".join(str(CARDS[c]) for c in iter_bits(h)) for h in self.hands)
        trick = " ".join(str(CARDS[c]) for c in self.trick)
        return (f"PlayState(trick_no={self.tricks_done}, leader={self.leader}, broken={self.broken}, "
                f"trick=[{trick}], hands={hands})")
