"""Face-up values of a deal's recorded plays: what ``annotate``'s ``dd_loss`` is.

With every hand known (a finished record), each recorded play is solved by
the exact whole-deal solver (:mod:`hearts_notation.analysis.exact`, the
``selfish`` model of ``hearts solve``, under both tie orders): the points
its player ends the deal with for each legal card when everyone plays on
perfectly with the cards face up.  ``dd_loss`` is the played card's value
minus the best one's.

The plays are solved from the last back to the first, with one pair of
solvers for the deal, so that each earlier position finds the later ones
already in the transposition tables (they are positions of its tree).
Positions with at most ``dd_tricks`` tricks left are always solved; earlier
ones while the deal's node budget (``dd_nodes``) lasts, counted rather than
timed so that a run gives the same figures on any machine.  The first play
the budget does not reach, and every play before it, has no face-up value
(``dd_loss`` ``null``): the *depth* reached is reported with the deal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..state import GameState
from .context import DealContext, PlayPoint
from .exact import SELFISH, ExactSolver, SearchLimit, Solved, solve_position


@dataclass(frozen=True, slots=True)
class FaceUp:
    """The face-up values of a deal's recorded plays, by play index, and the
    earliest trick (0-based) from which every play was solved (``None``:
    none was, the hands not all known)."""

    values: dict[int, Solved]
    from_trick: int | None

    def loss(self, point: PlayPoint) -> tuple[int, int] | None:
        """The face-up loss of the card played at *point* under the
        natural tie order and the reversed one (``None``: not solved)."""
        got = self.values.get(point.index)
        if got is None or point.card is None:
            return None
        v = got.values
        rv = got.reversed_values if got.reversed_values is not None else v
        return v[point.card] - min(v.values()), rv[point.card] - min(rv.values())


def face_up(ctx: DealContext, choices: Sequence[str] | None, dd_tricks: int,
            dd_nodes: int) -> FaceUp:
    """Solve the recorded plays of *ctx* face up, from the last back (see
    the module docstring): those with at most *dd_tricks* tricks left in
    any case, earlier ones while *dd_nodes* nodes last (0: none)."""
    solvers: dict[tuple[str, bool], ExactSolver] = {}
    out: dict[int, Solved] = {}
    spent = 0
    earliest: int | None = None
    tricks = ctx.rules.tricks_per_deal
    for p in reversed(ctx.points):
        if p.card is None or p.legal is None or not p.legal >> p.card & 1:
            continue
        hands = ctx.true_hands(p)
        if hands is None:
            break
        state = GameState(ctx.rules, list(hands), p.leader, [c for _, c in p.trick], p.trick_no,
                          p.broken, list(p.taken))
        free = tricks - p.trick_no <= dd_tricks
        left = dd_nodes - spent
        if not free and left <= 0:
            break
        try:
            solved = solve_position(state, SELFISH, choices, solvers,
                                    max_nodes=0 if free else max(1, left // 2))
        except SearchLimit:
            break
        if not free:
            spent += solved.nodes
        out[p.index] = solved
        if earliest is None or p.trick_no < earliest:
            earliest = p.trick_no
    if earliest is not None and any(q.trick_no == earliest and q.index not in out
                                    and q.card is not None for q in ctx.points):
        earliest += 1   # that trick was not solved through
    return FaceUp(out, earliest)


__all__ = ["FaceUp", "face_up"]
