"""Single-dummy evaluation of a decision: perfect-information Monte Carlo.

For a play, the hidden hands are drawn (uniformly, see
:mod:`~hearts_notation.analysis.sampler`) from what the player knew; every
candidate card is valued in *the same* worlds, exactly by the solver when
few tricks remain, else by a play-out; a card's expected points is its mean
over the worlds, and the expected points lost (EPL) of a card is its mean
minus the best card's, with the standard error of that paired difference.
When the consistent worlds are fewer than the samples asked for, all of
them are used once each, and the figures are exact for that seat's
information (standard error 0).

For a pass, the other hands are drawn from the cards the seat does not
hold, the other seats pass as the heuristic bot would, and each candidate
pass (the one made, and the bot's favourite cards in every combination) is
played out in the same worlds.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from ..state import apply_passes, opening_leader
from .context import DealContext, PlayPoint
from .playout import Playout
from .sampler import Knowledge, WorldSampler
from .solver import Solver
from .state import PlayState


@dataclass(frozen=True, slots=True)
class EvalOptions:
    """How hard to look.  The defaults meet the timing targets of
    ``docs/analysis.md`` (a whole deal in well under a minute)."""

    samples: int = 100
    #: Exact solve in every world when this many tricks (or fewer) remain.
    exact_tricks: int = 5
    #: Play-outs hand over to the exact solver for this many last tricks.
    tail_tricks: int = 4
    #: Hindsight (all hands known) is solved exactly up to this many tricks.
    dd_tricks: int = 6
    pass_samples: int = 64
    #: Candidate passes: every combination of this many of the bot's
    #: favourite cards to pass, plus the pass made.
    pass_pool: int = 5
    seed: int = 0


FAST = EvalOptions(samples=24, exact_tricks=4, tail_tricks=3, dd_tricks=5, pass_samples=16,
                   pass_pool=4)


@dataclass(slots=True)
class Evaluation:
    """Values of the candidates of one decision, world by world.

    ``values[k][w]`` is the final deal points of the deciding seat after
    candidate *k* in world *w*; ``candidates[k]`` is a card mask (a class
    of equivalent cards for a play, the cards passed for a pass).
    """

    candidates: list[int]
    values: list[list[float]]
    worlds: int
    exhaustive: bool
    exact: bool
    dd: list[int] | None = None
    #: The proofs from play were dropped: with them no deal fits the record.
    relaxed: bool = False

    def means(self) -> list[float]:
        """Expected points of each candidate."""
        return [sum(v) / len(v) if v else 0.0 for v in self.values]

    def best(self) -> int:
        """Index of the candidate with the fewest expected points (the
        first one on ties: candidates come in the solver's natural order)."""
        m = self.means()
        return min(range(len(m)), key=lambda k: (round(m[k], 9), k))

    def loss(self, k: int) -> tuple[float, float]:
        """EPL of candidate *k* against the best one and its standard error
        (0 when every world was used)."""
        b = self.best()
        if k == b:
            return 0.0, 0.0
        diffs = [x - y for x, y in zip(self.values[k], self.values[b], strict=True)]
        n = len(diffs)
        mean = sum(diffs) / n
        if self.exhaustive or n < 2:
            return mean, 0.0
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return mean, math.sqrt(var / n)

    def dd_loss(self, k: int) -> int | None:
        """Hindsight loss of candidate *k*: its points minus the best
        candidate's with every hand known (``None`` if not computed)."""
        if self.dd is None:
            return None
        return self.dd[k] - min(self.dd)


class Evaluator:
    """Evaluates decisions of deals played under one set of rules."""

    def __init__(self, players: int, solver: Solver, options: EvalOptions) -> None:
        self.n = players
        self.solver = solver
        self.options = options
        self.playout = Playout(solver.rules, solver, options.tail_tricks)

    # -- plays ---------------------------------------------------------------

    def classes(self, point: PlayPoint, legal: int) -> list[int]:
        """The legal cards grouped into classes of equivalent cards, in the
        solver's natural order (the one that breaks ties)."""
        trick_mask = 0
        for _, c in point.trick:
            trick_mask |= 1 << c
        alive = (self.solver.rules.deck_mask & ~point.played) | trick_mask | legal
        return self.solver.ordered_classes(legal, alive, point.trick)

    def play(self, ctx: DealContext, point: PlayPoint, key: str) -> Evaluation | None:
        """PIMC evaluation of the play at *point*; ``None`` when the seat's
        hand is unknown, or no deal of the hidden cards fits the record (a
        record with errors)."""
        know = ctx.knowledge(point)
        legal = point.legal
        if know is None or legal is None:
            return None
        classes = self.classes(point, legal)
        me = point.seat
        tricks_left = max(know.counts)
        exact = tricks_left <= self.options.exact_tricks
        ev = Evaluation(classes, [[] for _ in classes], 0, False, exact)
        if len(classes) > 1:
            worlds, exhaustive, relaxed = self._worlds(know, self.options.samples, key)
            if worlds is None:
                return None  # no deal of the hidden cards fits the record
            ev.worlds = len(worlds)
            ev.exhaustive = exhaustive
            ev.relaxed = relaxed
            for w, hands in enumerate(worlds):
                vals = self._values(ctx.state(point, hands), classes, me, exact, f"{key}/{w}")
                for k, v in enumerate(vals):
                    ev.values[k].append(v)
        else:
            ev.values = [[0.0]]
            ev.worlds = 1
            ev.exhaustive = True
        true = ctx.true_hands(point)
        if true is not None and tricks_left <= self.options.dd_tricks:
            state = ctx.state(point, true)
            if len(classes) == 1:
                ev.dd = [0]
            else:
                dd = self.solver.card_values(state)
                ev.dd = [dd[_first(cls)] for cls in classes]
        return ev

    def _values(self, state: PlayState, classes: Sequence[int], me: int, exact: bool,
                key: str) -> list[float]:
        if exact:
            vals = self.solver.card_values(state)
            return [float(vals[_first(cls)]) for cls in classes]
        out: list[float] = []
        for cls in classes:
            st = state.copy()
            st.play(_first(cls))
            out.append(float(self.playout.finish(st, random.Random(key))[me]))
        return out

    def _worlds(self, know: Knowledge, count: int,
                key: str) -> tuple[list[tuple[int, ...]] | None, bool, bool]:
        """Up to *count* worlds: all of them when there are that few
        (exhaustive), else a uniform sample.  Falls back to the knowledge
        without the proofs from play when a faulty record leaves none."""
        relaxed = False
        sampler = WorldSampler(know)
        total = sampler.count()
        if total == 0:
            sampler = WorldSampler(know.relaxed())
            total = sampler.count()
            relaxed = True
            if total == 0:
                return None, False, relaxed
        if total <= count:
            return list(sampler.enumerate()), True, relaxed
        return sampler.samples(count, random.Random(key)), False, relaxed

    # -- passes ----------------------------------------------------------------

    def pass_candidates(self, hand: int, made: int, count: int, key: str) -> list[int]:
        """The pass made first, then every *count*-card combination of the
        bot's favourite cards to pass."""
        pool = self.playout.pass_cards(hand, min(self.options.pass_pool, hand.bit_count()),
                                       random.Random(key))
        out = [made]
        for combo in itertools.combinations(pool, count):
            m = 0
            for c in combo:
                m |= 1 << c
            if m not in out:
                out.append(m)
        return out

    def passes(self, ctx: DealContext, seat: int, key: str,
               candidates: list[int] | None = None) -> Evaluation | None:
        """Evaluation of *seat*'s pass (candidate 0 is the pass made);
        ``None`` when its hand or its pass is unknown, or on a hold deal."""
        rules = ctx.rules
        dealt = ctx.hands.dealt[seat]
        made = ctx.given[seat]
        to = ctx.recipient(seat)
        if dealt is None or to is None or (made is None and candidates is None):
            return None
        count = rules.pass_count
        if candidates is None:
            assert made is not None
            candidates = self.pass_candidates(dealt, made, count, key)
        n = ctx.n
        know = Knowledge(n, seat, dealt, (rules.hand_size,) * n, (0,) * n, (0,) * n,
                         rules.deck_mask & ~dealt)
        if dealt.bit_count() != rules.hand_size or (made is not None and (
                made.bit_count() != rules.pass_count or made & ~dealt)):
            return None  # not a hand or a pass of this deck (the referee says why)
        sampler = WorldSampler(know)
        if sampler.count() == 0:
            return None
        rng = random.Random(key)
        ev = Evaluation(candidates, [[] for _ in candidates], 0, False, False)
        offset = ctx.offset or 0
        for w in range(self.options.pass_samples):
            hands = list(sampler.sample(rng))
            wrng = random.Random(f"{key}/{w}")
            gifts = [0] * n
            for s in range(n):
                if s != seat:
                    for c in self.playout.pass_cards(hands[s], count, wrng):
                        gifts[s] |= 1 << c
            for k, cand in enumerate(candidates):
                gifts[seat] = cand
                # the pass and the opening lead, as the game state decides them
                after = cast("list[int]", apply_passes(hands, gifts, offset))
                leader = opening_leader(rules, after)
                assert leader is not None
                state = PlayState(rules, after, leader)
                pts = self.playout.finish(state, random.Random(f"{key}/{w}/p"))
                ev.values[k].append(float(pts[seat]))
            ev.worlds += 1
        return ev


def _first(mask: int) -> int:
    return (mask & -mask).bit_length() - 1

