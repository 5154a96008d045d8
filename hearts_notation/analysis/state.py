"""The moon bookkeeping of the exact solver's search.

The analysis's positions are the game state itself
(:class:`hearts_notation.state.GameState`, hands as bitmasks, ``push`` and
``pop`` in place): no rule and no bookkeeping of its own, so the search can
never disagree with the referee (docs/decisions.md, "One game state").

The functions below say who can still shoot the moon and what a moon adds,
for the solver's search over plain lists of masks; the moon rule itself is
:func:`hearts_notation.state.deal_points`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..rules import RuleSet
from ..state import deal_points, penalty_cards, raw_points

#: Moon states (see :func:`moon_state`): nobody has taken a penalty card
#: yet, or two different seats have (a moon is no longer possible).
MOON_OPEN: Final = -1
MOON_SPLIT: Final = -2


def penalty_mask(rules: RuleSet) -> int:
    """The cards a moon must gather: :func:`hearts_notation.state.penalty_cards`."""
    return penalty_cards(rules)


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
