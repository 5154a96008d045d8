"""Single-dummy evaluation of a decision: perfect-information Monte Carlo
with a held-out verdict.

A decision is evaluated in two stages, so that the card called best is
never judged on the very worlds it was chosen from (the winner's curse):

1. **Screening** (:meth:`Evaluator.play`, :meth:`Evaluator.passes`): the
   hidden hands are drawn (uniformly, see
   :mod:`~hearts_notation.analysis.sampler`) from what the player knew;
   every candidate is valued in *the same* worlds (common random numbers:
   the same deal, the same play-out policy and the same random stream for
   every candidate), exactly by the solver when few tricks remain, else by
   a play-out.  The best candidate is the one with the fewest expected
   points.  Its worlds are drawn from the position alone, not from
   ``--seed`` (``annotate.screening_key``): ``hint`` and ``annotate`` call
   the same screening for the same decision, so they always name the same
   best card, and every ``--seed`` measures the card played against it.
2. **Verification** (:meth:`Evaluator.verify`): the card played and the best
   one are compared again on *fresh* worlds, drawn independently of the
   screening from ``--seed`` (``annotate.decision_key``), batch after batch
   (sequential sampling) until the verdict is clear — the loss is above
   the mark's threshold, or below it, by more than ``z`` standard errors —
   or the budget is spent.  The expected
   points lost (EPL) reported is this held-out estimate.

When the consistent worlds are no more than the samples asked for, every
world is used once, the figures are exact for that seat's information
(standard error 0), and no verification is needed.

Play-outs alternate between the policies of
:data:`~hearts_notation.analysis.playout.POLICIES`, world by world (world
*w* uses policy ``w mod 2`` for every candidate), so each comparison can
also be read per policy: a mark needs every policy to agree.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import cast

from ..cards import HEARTS, JACK_OF_DIAMONDS, QUEEN_OF_SPADES, SPADES, SUIT_MASKS
from ..state import GameState, apply_passes, opening_leader
from .context import DealContext, PlayPoint
from .exact import SELFISH, ExactSolver
from .playout import POLICIES, Playout, WorldStream
from .sampler import Knowledge, WorldSampler


@dataclass(frozen=True, slots=True)
class EvalOptions:
    """How hard to look.  The defaults keep a whole deal within the speed
    target of ``docs/analysis.md`` (10 CPU-s)."""

    #: Screening worlds per play decision (every candidate in each).
    samples: int = 48
    #: Screening worlds at most for the candidates still in the race for
    #: best after the first ``samples`` (see :meth:`Evaluator.play`).
    race: int = 240
    #: A candidate surely less than this many points worse than the leader
    #: is as good for the verdict: it leaves the race.
    indifference: float = 0.5
    #: Held-out worlds at most for a verdict (card played against the best):
    #: only a verdict still unclear after many batches uses them all.
    verify: int = 3072
    #: The same for decisions solved exactly in every world (each costs
    #: more); with no more consistent worlds than this, every one is used
    #: (the screening too), and the figures are exact.
    verify_exact: int = 512
    #: Worlds a verdict needs at least before it may stop early.
    verify_min: int = 256
    #: Held-out worlds added per step of the sequential verification.
    batch: int = 128
    #: Work a whole deal may use (play-outs and exact solves, a pass's
    #: whole-deal play-out counting two): once spent, the verdicts still
    #: unclear get no more held-out worlds (and are not marked).  It
    #: bounds the time per deal (docs/analysis.md, "Speed") and is counted,
    #: not timed, so that a run is reproducible on any machine.  It was
    #: 78,000 until play-outs cost a quarter of what they did: most deals
    #: spent it all, and a quarter of the marks that came and went with the
    #: seed were verdicts it cut (issue 24, docs/analysis.md, "Fewer
    #: verdicts cut or given up"); most deals now stop well short of it.
    #: 300,000 since the verdicts at the edge go on to ``edge_verify``
    #: times their maximum (issue 24, helper stab23: at 150,000 the deal's
    #: budget would cut the extensions it pays for).
    deal_budget: int = 300000
    #: Exact solve in every world when this many tricks (or fewer) remain.
    exact_tricks: int = 5
    #: Play-outs hand over to the exact solver for this many last tricks.
    tail_tricks: int = 3
    #: Hindsight (all hands known, ``dd_loss``) is solved exactly, by the
    #: whole-deal solver (analysis/faceup.py), for every play with this many
    #: tricks left or fewer ...
    dd_tricks: int = 6
    #: ... and for earlier plays, from the last back, while this many nodes
    #: of search per deal last.
    dd_nodes: int = 150_000
    #: Screening worlds for the passes that survive the static screen.
    pass_samples: int = 32
    #: Passes kept by the static screen, then by the first sampled round
    #: (of ``pass_first`` worlds).
    pass_pool: int = 24
    pass_first: int = 32
    pass_finalists: int = 8
    #: Screening worlds at most for the finalist passes still in the race.
    pass_race: int = 192
    #: Held-out worlds at most for a pass verdict.
    pass_verify: int = 2048
    #: Play-out policies in the ensemble (1: the bot only).
    policies: int = 2
    #: Standard errors a verdict must clear (two-sided confidence bound).
    z: float = 2.0
    #: Extra standard errors a sequential verification needs to stop
    #: before its budget: looking after every batch and stopping at the
    #: first clear answer would otherwise favour a lucky early batch (a
    #: loss of 1.1 points marked after 256 worlds under one seed and not
    #: after 3,072 under another, measured with bench_stability.py).  A
    #: mark needs the same margin (only a clear verdict is marked).
    stop_margin: float = 1.0
    #: Standard errors above its mean a loss may still lie, for a
    #: verification to go on (see :meth:`Evaluator._futile`): a loss whose
    #: mean plus this many standard errors stays below what the whole
    #: budget would need for a mark stops unmarked.  It was ``z +
    #: stop_margin`` (3 for a play, 4 for a pass): near-threshold losses
    #: that were hardly ever marked (1.06 +- 0.18 after 1,536 worlds, 3,072
    #: would need 1.38) then took every deal's work budget, and the
    #: verdicts still open when it ran out were marked or not with the
    #: seed (issue 24, docs/analysis.md "Futility").  1.5 then gave up on
    #: right-skewed losses after their first 256 worlds (0.7 +- 0.5 under
    #: one seed, 1.8 +- 0.15 after 2,048 under another): with the larger
    #: ``deal_budget`` there is room to look further (issue 24, "Fewer
    #: verdicts cut or given up").
    futility_z: float = 2.5
    #: A verdict still unclear at its maximum of worlds (``verify``,
    #: ``verify_exact``, ``pass_verify``) whose loss's lower bound (the
    #: mark's: ``z + stop_margin`` standard errors below the mean) lies
    #: within ``edge_band`` standard errors of the threshold goes on, by
    #: the same sequential test, to ``edge_verify`` times that maximum
    #: (see :meth:`Sequential.limit`).  Those verdicts are the edge: the
    #: marks that came and went with the seed were mostly verdicts at
    #: their maximum under both seeds, a bound a standard error or two
    #: either side of the threshold (issue 24, docs/analysis.md, "The
    #: edge verified further": pooled Jaccard 0.900 -> 0.935 on five unseen
    #: sets, CPU per deal 1.15x median, paired).  1.0: no extension.
    #: 4.0 and 1.5 until helper stab28 (issue 24, docs/analysis.md "The
    #: edge's gate against the extended mark's bar"): with them the gate
    #: at the maximum (an estimate ``z + stop_margin - edge_band`` standard
    #: errors above the threshold) lay on what a mark at the extended
    #: maximum needs for a play and above it for a pass, so a loss between
    #: the two was marked with the maximum's noise; 2.5 and 3.0 put the gate
    #: a standard error (a pass 0.8) under that bar at the same CPU: nine
    #: unseen sets, pooled Jaccard 0.920 -> 0.935 (21 flips gone, 8 new).
    edge_verify: float = 3.0
    edge_band: float = 2.5
    #: The futility test of an extension at the edge: a verdict goes past
    #: its maximum, and on towards ``edge_verify`` times it, only while its
    #: loss plus this many standard errors still reaches what a mark would
    #: need at the extended maximum (the ``futility_z`` test of
    #: :meth:`Evaluator._futile`, with this z and that maximum): a flip the
    #: extension can still reach.  With ``futility_z`` (2.5) there, a loss
    #: drifted to half a standard error above the threshold, or a play-out
    #: policy that would still refuse it, ran to four times its maximum and
    #: ended unmarked.  Measured (issue 24, helper stab25, docs/analysis.md
    #: "The edge's own futility"): the same marks on four unseen sets of 16
    #: deals (on 919 two marks reached only at an extension's end, both
    #: flips, given up), 45% fewer worlds past the maxima for verdicts left
    #: unmarked, CPU per deal 1.44 -> 1.34 s mean (paired).  2.5: the rule
    #: before it.
    edge_futility_z: float = 1.0
    seed: int = 0


#: ``--fast``: the defaults' cheap screening (16 deals raced to 48, 8 then 12
#: for the passes) and shallow exact search, with verifications that go on
#: to 2,048 deals (1,536 a pass; batches of 64 from 128) within 50,000 units
#: and the defaults' ``futility_z``, without the defaults' extension at the edge
#: (``edge_verify``: its CPU target is its own).  Its verdicts used to end at 192 deals
#: (512 a pass, 16,000 units, futility 1.5), so that its marks were the
#: threshold's edge at +- 0.3 to 0.5 points and came and went with the seed
#: (Jaccard 0.62 to 0.79); the screening is most of what ``--fast`` saves,
#: and the verifications only run for the cards not called best.  Measured
#: (issue 24, 5 December, docs/analysis.md "--fast, verified further"):
#: Jaccard 0.73 -> 0.82 pooled on five unseen sets at 0.2 -> 0.5 CPU-s a
#: deal (the defaults: 1.2 s).  The 0.85 target is not met.
FAST = EvalOptions(samples=16, race=48, verify=2048, verify_exact=48, verify_min=128, batch=64,
                   exact_tricks=4, tail_tricks=2, dd_tricks=5, dd_nodes=60_000, pass_samples=12,
                   pass_pool=12, pass_first=8, pass_finalists=4, pass_race=48, pass_verify=1536,
                   deal_budget=50000, futility_z=2.5, edge_verify=1.0)


#: Nodes of exact search that cost about one play-out (measured with the
#: compiled core, issue 24: about 2.2 µs a node, 60 µs a play-out of half a
#: deal; it was 150 when play-outs cost 0.2 ms, which let a deal decided
#: near its end spend several times the budget's time in exact solves).
NODES_PER_UNIT = 30


def _mean_se(xs: Sequence[float], exhaustive: bool = False) -> tuple[float, float]:
    n = len(xs)
    if not n:
        return 0.0, 0.0
    mean = sum(xs) / n
    if exhaustive or n < 2:
        return mean, 0.0
    var = sum([(x - mean) ** 2 for x in xs]) / (n - 1)
    return mean, math.sqrt(var / n)


@dataclass(slots=True)
class Evaluation:
    """Values of the candidates of one decision, world by world (the
    screening stage).

    ``values[k][w]`` is the final deal points of the deciding seat after
    candidate *k* in world *w*; ``candidates[k]`` is a card mask (a class
    of equivalent cards for a play, the cards passed for a pass);
    ``policy[w]`` the play-out policy of world *w* (``-1``: solved exactly).
    """

    candidates: list[int]
    values: list[list[float]]
    worlds: int
    exhaustive: bool
    exact: bool
    #: The proofs from play were dropped: with them no deal fits the record.
    relaxed: bool = False
    policy: list[int] = field(default_factory=list)

    def means(self) -> list[float]:
        """Expected points of each candidate (each over the worlds it was
        valued in: the first ones for a candidate that left the race)."""
        return [sum(v) / len(v) if v else 0.0 for v in self.values]

    def finalists(self) -> list[int]:
        """The candidates valued in every world (the race's last ones)."""
        full = max(len(v) for v in self.values)
        return [k for k, v in enumerate(self.values) if len(v) == full]

    def best(self) -> int:
        """Index of the finalist with the fewest expected points (the
        first one on ties: candidates come in the solver's natural order)."""
        m = self.means()
        return min(self.finalists(), key=lambda k: (round(m[k], 9), k))

    def tied(self) -> list[int]:
        """The candidates tied with the best: the finalists with the same
        expected points, and those that left the race with exactly the
        best's value in every world they were valued in."""
        b = self.best()
        m = self.means()
        full = len(self.values[b])
        out = []
        for k, v in enumerate(self.values):
            if len(v) == full:
                if abs(m[k] - m[b]) < 1e-9:
                    out.append(k)
            elif all(x == y for x, y in zip(v, self.values[b], strict=False)):
                out.append(k)
        return out

    def best_mask(self) -> int:
        """Every card of every candidate tied for the fewest expected
        points: what ``hint`` and ``annotate`` both call best."""
        out = 0
        for k in self.tied():
            out |= self.candidates[k]
        return out

    def loss(self, k: int) -> tuple[float, float]:
        """Screening EPL of candidate *k* against the best one and its
        standard error, over the worlds both were valued in.  Biased
        upwards when sampled (the best was chosen on these worlds):
        verdicts use :meth:`Evaluator.verify`."""
        b = self.best()
        if k == b:
            return 0.0, 0.0
        diffs = [x - y for x, y in zip(self.values[k], self.values[b], strict=False)]
        return _mean_se(diffs, self.exhaustive)

    def contenders(self, z: float, indifference: float) -> list[int]:
        """The finalists still in the race for best: the leader, and every
        other finalist neither surely worse than it (its loss minus *z*
        standard errors above 0) nor surely within *indifference* of it
        (its loss plus *z* standard errors below that), when at least one
        such other finalist exists; else none (the race is over)."""
        if self.exhaustive:
            return []
        b = self.best()
        keep = [b]
        for k in self.finalists():
            if k == b:
                continue
            mean, se = _mean_se([x - y for x, y in zip(self.values[k], self.values[b], strict=True)])
            if mean - z * se < 0 and mean + z * se >= indifference:
                keep.append(k)
        return keep if len(keep) > 1 else []


@dataclass(frozen=True, slots=True)
class Comparison:
    """A held-out comparison of two candidates: the per-world differences
    (``a`` minus ``b``, in points for the deciding seat) and the policy of
    each world.  ``exhaustive``: every consistent world was used once."""

    diffs: tuple[float, ...]
    policy: tuple[int, ...]
    exhaustive: bool
    #: Differences under the reversed tie order in the exactly solved
    #: worlds, computed only for a loss that would be marked in the
    #: natural order (see :meth:`Evaluator._may_mark`); fewer than
    #: ``diffs`` (or none) otherwise.
    reversed_diffs: tuple[float, ...] = ()
    #: Stopped by the deal's work budget before it was clear or had its own
    #: budget.
    cut: bool = False
    #: The sequential test's verdict is clear (above or below the threshold
    #: by its margin, every play-out policy's too): only a clear verdict is
    #: a mark, an unclear one is not marked.
    clear: bool = False
    #: No more worlds will be added: clear, exhaustive, or its own budget
    #: spent (a comparison not settled may be resumed).
    settled: bool = False
    #: The class mask the card was compared with: of the references given
    #: to :meth:`Evaluator.verify`, the one its pick worlds (seeded by the
    #: screening's key, not ``--seed``) found best (0: the only one given).
    reference: int = 0

    @property
    def worlds(self) -> int:
        """Worlds compared."""
        return len(self.diffs)

    def estimate(self) -> tuple[float, float]:
        """Mean difference and its standard error (0 when exhaustive)."""
        return _mean_se(self.diffs, self.exhaustive)

    def by_policy(self) -> list[tuple[float, float]]:
        """Mean difference and its standard error in the worlds of each
        play-out policy that has any (exactly solved worlds count for every
        policy)."""
        out = []
        for p in range(len(POLICIES)):
            xs = [d for d, q in zip(self.diffs, self.policy, strict=True) if q in (p, -1)]
            if xs and any(q == p for q in self.policy):
                out.append(_mean_se(xs, self.exhaustive))
        return out

    def confidence(self, threshold: float) -> float:
        """Probability (normal approximation) that the true difference is
        at least *threshold*: how sure a mark at that threshold is."""
        mean, se = self.estimate()
        if se == 0:
            return 1.0 if mean >= threshold else 0.0
        return 0.5 * (1 + math.erf((mean - threshold) / (se * math.sqrt(2))))

    def reversed_estimate(self) -> tuple[float, float] | None:
        """Mean difference under the reversed tie order (exact worlds) and
        its standard error (``None``: the worlds were not all solved in
        that order: not solved exactly, or no mark in the natural order)."""
        if not self.reversed_diffs or len(self.reversed_diffs) != len(self.diffs):
            return None
        return _mean_se(self.reversed_diffs, self.exhaustive)


class Evaluator:
    """Evaluates decisions of deals played under one set of rules."""

    def __init__(self, players: int, solver: ExactSolver, options: EvalOptions) -> None:
        if solver.model != SELFISH or solver.reverse_ties:
            raise ValueError("the evaluator's solver is the selfish one, natural tie order")
        self.n = players
        #: *solver* (selfish, its natural tie order: the solver of ``hearts
        #: solve`` and of ``dd_loss``) solves the worlds of a decision with
        #: ``exact_tricks`` or fewer left and the play-outs' tails, and its
        #: order of the legal cards is the candidates' (first on ties): one
        #: exact solver and one tie order for every figure (docs/analysis.md).
        self.solver = solver
        self.options = options
        count = max(1, min(options.policies, len(POLICIES)))
        self.playouts = [Playout(solver.rules, solver, options.tail_tricks, POLICIES[p])
                         for p in range(count)]
        self.playout = self.playouts[0]
        self._reversed: ExactSolver | None = None
        #: Play-outs run in the current deal (see :attr:`spent`).
        self.playouts_run = 0
        self._nodes0 = 0
        self._samplers: dict[Knowledge, tuple[WorldSampler | None, bool]] = {}
        self._memo: tuple[Sequence[float], int,
                          tuple[float, float, list[tuple[float, float]]]] | None = None

    def _nodes(self) -> int:
        return (self.solver.nodes
                + (self._reversed.nodes if self._reversed is not None else 0))

    @property
    def spent(self) -> int:
        """Work done in the current deal, in play-outs: each play-out
        counts one (a pass's whole-deal play-out two), and every
        :data:`NODES_PER_UNIT` nodes of exact search one more.  Counted,
        not timed, so that the budget cuts the same verdicts on any
        machine (see ``EvalOptions.deal_budget``)."""
        return self.playouts_run + (self._nodes() - self._nodes0) // NODES_PER_UNIT

    def start_deal(self) -> None:
        """A new deal: its own work budget, and no sampler kept from the last."""
        self.playouts_run = 0
        self._nodes0 = self._nodes()
        self._samplers.clear()

    def over_budget(self, done: int) -> bool:
        """Whether a verification that has *done* worlds must stop: the
        deal's work budget is spent and it has its minimum of worlds."""
        return done >= self.options.verify_min and self.spent >= self.options.deal_budget

    @property
    def reversed_solver(self) -> ExactSolver:
        """The exact solver with the reversed tie order (built on first use)."""
        if self._reversed is None:
            self._reversed = ExactSolver(self.solver.rules, reverse_ties=True,
                                         moon_choices=self.solver.choices)
        return self._reversed

    # -- plays ---------------------------------------------------------------

    def classes(self, point: PlayPoint, legal: int) -> list[int]:
        """The legal cards grouped into classes of equivalent cards, in the
        solver's natural order (the one that breaks ties)."""
        trick_mask = 0
        for _, c in point.trick:
            trick_mask |= 1 << c
        alive = (self.solver.rules.deck_mask & ~point.played) | trick_mask | legal
        return self.solver.ordered_classes(legal, alive, [c for _, c in point.trick])

    def play(self, ctx: DealContext, point: PlayPoint, key: str) -> Evaluation | None:
        """The screening of the play at *point*; ``None`` when the seat's
        hand is unknown, or no deal of the hidden cards fits the record (a
        record with errors)."""
        know = ctx.knowledge(point)
        legal = point.legal
        if know is None or legal is None:
            return None
        classes = self.classes(point, legal)
        tricks_left = max(know.counts)
        exact = tricks_left <= self.options.exact_tricks
        ev = Evaluation(classes, [[] for _ in classes], 0, False, exact)
        if len(classes) > 1:
            sampler, relaxed = self._sampler(know)
            if sampler is None:
                return None  # no deal of the hidden cards fits the record
            # Exactly solved decisions with few consistent worlds use them
            # all: the figures are then exact and the same under any seed.
            enum = max(self.options.samples, self.options.verify_exact if exact else 0)
            if sampler.count() <= enum:
                worlds, exhaustive = list(sampler.enumerate()), True
            else:
                worlds, exhaustive = self._draw(sampler, self.options.samples, f"{key}/screen")
            ev.exhaustive = exhaustive
            ev.relaxed = relaxed
            self._screen(ctx, point, ev, worlds, list(range(len(classes))), exact, f"{key}/screen")
            # The race: the candidates that might still be best by more than
            # the indifference margin are valued in more worlds, batch by
            # batch, until one leads clearly or the race's budget is spent,
            # so that the card called best does not change with the seed.
            step = 0
            race = self.options.race
            # (Not cut by the deal's budget: ``hint`` runs this same
            # screening alone and must name the same best card.)
            while ev.worlds < race:
                alive = ev.contenders(self.options.z, self.options.indifference)
                if not alive:
                    break
                size = min(self.options.samples, race - ev.worlds)
                more = sampler.samples(size, random.Random(f"{key}/race/{step}"))
                self._screen(ctx, point, ev, more, alive, exact, f"{key}/screen")
                step += 1
        else:
            ev.values = [[0.0]]
            ev.worlds = 1
            ev.exhaustive = True
        return ev

    def _screen(self, ctx: DealContext, point: PlayPoint, ev: Evaluation,
                worlds: Sequence[tuple[int, ...]], which: Sequence[int], exact: bool,
                key: str) -> None:
        """Value candidates *which* of *ev* in *worlds* (appended after the
        worlds already there; world *w* gets policy ``w mod 2`` and the
        random stream ``key/w``, the same for every candidate)."""
        classes = [ev.candidates[k] for k in which]
        for hands in worlds:
            w = ev.worlds
            pol = -1 if exact else w % len(self.playouts)
            vals = self._values(ctx.state(point, hands), classes, point.seat, pol, f"{key}/{w}")
            for k, v in zip(which, vals, strict=True):
                ev.values[k].append(v)
            ev.policy.append(pol)
            ev.worlds += 1

    def verify(self, ctx: DealContext, point: PlayPoint, a: int, b: int, key: str,
               threshold: float, z: float | None = None, resume: Comparison | None = None,
               until: int | None = None, others: Sequence[int] = (),
               pick_key: str = "") -> Comparison | None:
        """Held-out comparison of class mask *a* (the card played) with
        class mask *b* (the best of the screening) on fresh worlds, added
        batch by batch until the loss is clearly above or below
        *threshold* (by ``z`` standard errors) or the budget is spent.

        *resume* goes on with an earlier comparison of the same decision
        (the same worlds, then the next batches), *until* stops after that
        many worlds in all: ``annotate`` gives every decision of a deal its
        first worlds, then the unsettled ones more, in turns (see
        :func:`~hearts_notation.analysis.annotate.analyse_game`).

        *others* are more references than *b*: candidates the screening
        could not tell from the best.  The one with the fewest points in
        ``verify_min`` more worlds seeded by *pick_key* (the screening's
        key: the position, not ``--seed``; see :meth:`_reference`) is the
        reference (:attr:`Comparison.reference`), and the comparison is
        then made against it alone; when every consistent world fits in
        the budget, they all value *a* and every reference, and the best
        of them there is the reference.  The loss is then measured against
        the same card under any seed, where the screening's best changed
        with the seed between two cards a point apart (issue 24)."""
        know = ctx.knowledge(point)
        if know is None:
            return None
        sampler, _ = self._sampler(know)
        if sampler is None:
            return None
        exact = max(know.counts) <= self.options.exact_tricks
        budget = self.options.verify_exact if exact else self.options.verify
        least = min(self.options.verify_min, budget)
        if resume is not None:
            if resume.exhaustive:
                return resume
            diffs = list(resume.diffs)
            pols = list(resume.policy)
            rdiffs = list(resume.reversed_diffs)
            b = resume.reference or b
        else:
            diffs, pols, rdiffs = [], [], []
            refs = [b, *others]
            if sampler.count() <= budget:
                # Every consistent world once: exact for the seat's information.
                every = list(sampler.enumerate())
                b = self._compare(ctx, point, a, refs, every, exact, key, diffs, pols)
                if exact and self._may_mark(diffs, threshold, z, True):
                    self._reverse(ctx, point, a, b, every, rdiffs)
                return Comparison(tuple(diffs), tuple(pols), True, tuple(rdiffs), clear=True,
                                  settled=True, reference=b if others else 0)
            if others:
                pick = sampler.samples(least, random.Random(f"{pick_key}/refs"))
                b = self._reference(ctx, point, refs, pick, exact, pick_key)
        run = Sequential(self, diffs, pols, threshold, z, least, budget, until, key,
                         rdiffs if exact else None)
        for size, seed in run:
            worlds = sampler.samples(size, random.Random(seed))
            self._compare(ctx, point, a, [b], worlds, exact, key, diffs, pols)
            if exact:
                self._reverse_to_date(ctx, point, a, b, sampler, key, threshold, z, diffs, rdiffs)
        if exact:
            self._reverse_to_date(ctx, point, a, b, sampler, key, threshold, z, diffs, rdiffs)
        return run.comparison(rdiffs, b if others or (resume is not None and resume.reference)
                              else 0)

    def _reverse_to_date(self, ctx: DealContext, point: PlayPoint, a: int, b: int,
                         sampler: WorldSampler, key: str, threshold: float, z: float | None,
                         diffs: Sequence[float], rdiffs: list[float]) -> None:
        """Solve in the reversed tie order the worlds of an exact
        verification not yet solved in it, once the natural order's loss
        would be marked (see :meth:`_may_mark`): after every batch, so
        that the sequential test goes on while the reversed order's verdict
        is still unclear (:meth:`_clear`).  The worlds are drawn again from
        their batches' seeds (a shorter draw is a prefix)."""
        if len(rdiffs) >= len(diffs) or not self._may_mark(diffs, threshold, z, False):
            return
        batch = self.options.batch
        todo: list[tuple[int, ...]] = []
        for start in range(len(rdiffs) - len(rdiffs) % batch, len(diffs), batch):
            drawn = sampler.samples(min(batch, len(diffs) - start),
                                    random.Random(f"{key}/verify/{start // batch}"))
            todo += drawn[max(0, len(rdiffs) - start):]
        self._reverse(ctx, point, a, b, todo, rdiffs)

    def _reference(self, ctx: DealContext, point: PlayPoint, refs: Sequence[int],
                   worlds: Sequence[tuple[int, ...]], exact: bool, key: str) -> int:
        """The reference of *refs* (class masks) with the fewest points in
        *worlds* (the first on ties), valued as the screening values its
        candidates (the same worlds, policies and streams for each).

        The worlds are drawn from the screening's key, not from ``--seed``:
        the choice among references that the screening could not tell apart
        was made on the verification's own first worlds, so it changed with
        the seed (a reference of another card under each seed in 30 of 234
        verified decisions of one unseen set, 6 of its 16 marks that came
        and went; issue 24, docs/analysis.md "The screening seeded by the
        position").  Those worlds are not the verification's, so the loss is
        not measured on the worlds its reference was chosen on either."""
        ev = Evaluation(list(refs), [[] for _ in refs], 0, False, exact)
        self._screen(ctx, point, ev, worlds, list(range(len(refs))), exact, f"{key}/refs")
        means = ev.means()
        return refs[min(range(len(refs)), key=lambda j: (means[j], j))]

    def _may_mark(self, diffs: Sequence[float], threshold: float, z: float | None,
                  exhaustive: bool) -> bool:
        """Whether the loss's lower bound (``z`` standard errors, plus the
        sequential test's margin when sampled) reaches *threshold*: only
        then does the tie-order check matter (a verdict that is no mark in
        the natural order is no mark whatever the other order says), so
        only then are the worlds solved a second time."""
        mean, se = _mean_se(diffs, exhaustive)
        zz = (self.options.z if z is None else z) + (0.0 if exhaustive else
                                                     self.options.stop_margin)
        return mean - zz * se >= threshold

    def _reverse(self, ctx: DealContext, point: PlayPoint, a: int, b: int,
                 worlds: Sequence[tuple[int, ...]], rdiffs: list[float]) -> None:
        """Append the differences of *a* and *b* in *worlds* solved with the
        reversed tie order (see :class:`Comparison`)."""
        for hands in worlds:
            rv = self.reversed_solver.card_values(ctx.state(point, hands))
            rdiffs.append(float(rv[_first(a)] - rv[_first(b)]))

    def _compare(self, ctx: DealContext, point: PlayPoint, a: int, refs: Sequence[int],
                 worlds: Sequence[tuple[int, ...]], exact: bool, key: str, diffs: list[float],
                 pols: list[int]) -> int:
        """Append the differences of class mask *a* and the reference in
        *refs* with the fewest points over *worlds* (the first on ties)
        in those worlds, and return that reference (world *w* of the
        comparison gets policy ``w mod 2`` and the random stream
        ``key/verify/w<w>``, the same for every card; solved exactly when
        *exact*)."""
        per: list[list[float]] = [[] for _ in refs]
        start = len(diffs)
        for i, hands in enumerate(worlds):
            w = start + i
            pol = -1 if exact else w % len(self.playouts)
            state = ctx.state(point, hands)
            if exact:
                vals = self.solver.card_values(state)
                va = float(vals[_first(a)])
                for j, r in enumerate(refs):
                    per[j].append(va - vals[_first(r)])
            else:
                got = self._values(state, [a, *refs], point.seat, pol, f"{key}/verify/w{w}")
                for j in range(len(refs)):
                    per[j].append(got[0] - got[j + 1])
            pols.append(pol)
        j = max(range(len(refs)), key=lambda i: (sum(per[i]), -i))
        diffs.extend(per[j])
        return refs[j]

    def _clear(self, diffs: Sequence[float], pols: Sequence[int], threshold: float,
               z: float | None, least: int, rdiffs: Sequence[float] | None = None) -> bool:
        """Whether a sequential verification may stop: enough worlds, and
        the loss below *threshold* by ``z + stop_margin`` standard errors,
        or above it by as many with every play-out policy's worlds clearly
        above or clearly below it too (a mark needs the policies to agree,
        so their agreement must not rest on one lucky batch either)."""
        if len(diffs) < least:
            return False
        mean, se, per = self._summary(diffs, pols)
        zz = (self.options.z if z is None else z) + self.options.stop_margin
        if mean + zz * se < threshold:
            return True
        if mean - zz * se < threshold:
            return False
        for m, e in per:
            if m - zz * e < threshold <= m + zz * e:
                return False
        if rdiffs is not None and len(rdiffs) == len(diffs):
            # A loss the natural order marks must be clear under the
            # reversed one too, above the threshold or below it (then
            # flagged tie-sensitive, see annotate._verdict): stopped while
            # the reversed order's bound was at its edge, an exactly solved
            # play was marked under one seed and flagged under another
            # (2.58 +- 0.42 against 2.47 +- 0.43 after 256 deals, issue 24).
            rm, rs = _mean_se(rdiffs)
            return not rm - zz * rs < threshold <= rm + zz * rs
        return True

    def near_edge(self, diffs: Sequence[float], pols: Sequence[int], threshold: float,
                  z: float | None) -> bool:
        """Whether the loss's lower bound (``z + stop_margin`` standard
        errors below its mean: what a mark needs to reach *threshold*) lies
        within ``edge_band`` standard errors of *threshold*: a verdict that
        another draw of the same number of worlds would as likely decide
        the other way (see :meth:`Sequential.limit`)."""
        mean, se, _ = self._summary(diffs, pols)
        zz = (self.options.z if z is None else z) + self.options.stop_margin
        return abs(mean - zz * se - threshold) < self.options.edge_band * se

    def _futile(self, diffs: Sequence[float], pols: Sequence[int], threshold: float,
                z: float | None, least: int, budget: int, fz: float | None = None) -> bool:
        """Whether a sequential verification may stop, unmarked, because
        its whole budget would hardly make it a mark: a mark needs the loss
        minus ``z + stop_margin`` standard errors to reach *threshold*, and
        with *budget* worlds the standard error would be about
        ``se * sqrt(n / budget)``, so a loss whose optimistic value
        (``mean + futility_z * se``) stays below ``threshold`` plus that
        final margin would not be marked unless the worlds to come pushed
        it past that; nor would one where a play-out policy's optimistic
        value stays below the threshold less the ``z`` final standard
        errors the policy's agreement asks (the policies must agree).  The
        budget those worlds would have used goes to the verdicts that can
        still become clear.  *fz* replaces ``futility_z`` (an extension at
        the edge: ``edge_futility_z``)."""
        n = len(diffs)
        if n < least or n >= budget:
            return False
        zp = self.options.z if z is None else z
        zz = zp + self.options.stop_margin
        fz = self.options.futility_z if fz is None else fz
        shrink = math.sqrt(n / budget)
        mean, se, per = self._summary(diffs, pols)
        if mean + fz * se < threshold + zz * se * shrink:
            return True
        # a policy that would still refuse the loss (its mean plus ``z`` of
        # the standard errors the budget would leave below the threshold)
        return any(m + fz * e + zp * e * shrink < threshold for m, e in per)

    def _summary(self, diffs: Sequence[float], pols: Sequence[int]
                 ) -> tuple[float, float, list[tuple[float, float]]]:
        """Mean and standard error of *diffs*, and of each play-out policy's
        worlds (the exactly solved ones left out): what :meth:`_clear` and
        :meth:`_futile` test.  A sequential verification asks both after
        every batch and again for its comparison, over thousands of worlds,
        so the last answer is kept for the same list at the same length (a
        comparison's lists only grow; the list is held, so its identity
        cannot pass to another)."""
        memo = self._memo
        if memo is not None and memo[0] is diffs and memo[1] == len(diffs) == len(pols):
            return memo[2]
        mean, se = _mean_se(diffs)
        per = [_mean_se([d for d, q in zip(diffs, pols, strict=True) if q == p])
               for p in sorted(set(pols)) if p >= 0]
        self._memo = (diffs, len(diffs), (mean, se, per))
        return mean, se, per

    def _values(self, state: GameState, classes: Sequence[int], me: int, policy: int,
                key: str) -> list[float]:
        if policy < 0:
            vals = self.solver.card_values(state)
            return [float(vals[_first(cls)]) for cls in classes]
        self.playouts_run += len(classes)
        playout = self.playouts[policy]
        out: list[float] = []
        stream = WorldStream(key)
        for cls in classes:
            out.append(float(playout.finish_after(state, _first(cls), stream)[me]))
        return out

    def _sampler(self, know: Knowledge) -> tuple[WorldSampler | None, bool]:
        """The sampler of *know*, or of *know* without the proofs from play
        when a faulty record leaves no consistent world (``None``: none)."""
        hit = self._samplers.get(know)
        if hit is not None:
            return hit
        out: tuple[WorldSampler | None, bool] = (None, True)
        sampler = WorldSampler(know)
        if sampler.count():
            out = (sampler, False)
        else:
            sampler = WorldSampler(know.relaxed())
            if sampler.count():
                out = (sampler, True)
        self._samplers[know] = out
        return out

    @staticmethod
    def _draw(sampler: WorldSampler, count: int, key: str) -> tuple[list[tuple[int, ...]], bool]:
        """Up to *count* worlds: all of them when there are that few
        (exhaustive), else a uniform sample."""
        if sampler.count() <= count:
            return list(sampler.enumerate()), True
        return sampler.samples(count, random.Random(key)), False

    # -- passes ----------------------------------------------------------------

    def _runs(self, hand: int) -> list[int]:
        """The hand's runs of cards adjacent in rank (masks): cards of one
        run are interchangeable in a pass.  Q♠ (and J♦ when it scores)
        stands alone."""
        special = {QUEEN_OF_SPADES}
        if self.solver.jd_value:
            special.add(JACK_OF_DIAMONDS)
        runs: list[list[int]] = []
        for c in range(52):
            if not hand >> c & 1:
                continue
            if (runs and c not in special and runs[-1][-1] == c - 1 and runs[-1][-1] not in special
                    and c // 13 == runs[-1][-1] // 13):
                runs[-1].append(c)
            else:
                runs.append([c])
        return [_mask(r) for r in runs]

    def pass_class(self, hand: int, passed: int) -> int:
        """The representative of *passed*'s class of equivalent passes:
        the same number of cards from each run, the highest of each run."""
        return _class_of(self._run_cards(hand), passed)

    def _run_cards(self, hand: int) -> list[tuple[int, list[int]]]:
        """Each run of :meth:`_runs` as its mask and its cards, lowest first."""
        return [(run, [c for c in range(52) if run >> c & 1]) for run in self._runs(hand)]

    def pass_candidates(self, hand: int, count: int) -> list[int]:
        """Every distinct pass of *count* cards from *hand* (C(13,3) = 286
        in a standard deal), equivalent passes merged, ranked by a cheap
        static screen, best first.

        Two passes are equivalent when they give away the same number of
        cards from each run of cards of the hand adjacent in rank (nothing
        between them at all, since every card is still in play): swapping
        two adjacent cards changes no comparison with any other card."""
        cards = [c for c in range(52) if hand >> c & 1]
        runs = self._run_cards(hand)     # the same for every pass of the hand
        seen: set[int] = set()
        for combo in itertools.combinations(cards, count):
            m = 0
            for c in combo:
                m |= 1 << c
            seen.add(_class_of(runs, m))
        return sorted(seen, key=lambda m: (-pass_score(hand, m), m))

    def passes(self, ctx: DealContext, seat: int, key: str) -> Evaluation | None:
        """Screening of *seat*'s pass: every distinct pass through the
        static screen, the ``pass_pool`` best by a first sampled round, the
        ``pass_finalists`` best of those valued in ``pass_samples`` worlds.
        The pass made plays no part (``hint`` and ``annotate`` screen the
        same passes); it is compared with the best on fresh worlds by
        :meth:`verify_pass`.  ``None`` when the seat's hand is unknown or
        does not fit, or on a hold deal."""
        rules = ctx.rules
        dealt = ctx.hands.dealt[seat]
        made = ctx.given[seat]
        to = ctx.recipient(seat)
        if dealt is None or to is None:
            return None
        if dealt.bit_count() != rules.hand_size or (made is not None and (
                made.bit_count() != rules.pass_count or made & ~dealt)):
            return None  # not a hand or a pass of this deck (the referee says why)
        sampler = self._pass_sampler(ctx, seat)
        if sampler is None:
            return None
        ranked = self.pass_candidates(dealt, rules.pass_count)
        pool = ranked[: self.options.pass_pool]
        first = self._pass_values(ctx, seat, sampler, pool, self.options.pass_first,
                                  f"{key}/round1")
        means = first.means()
        order = sorted(range(len(pool)), key=lambda k: (means[k], k))
        finalists = [pool[k] for k in order[: self.options.pass_finalists]]
        ev = self._pass_values(ctx, seat, sampler, finalists, self.options.pass_samples,
                               f"{key}/screen")
        # The race, as for a play: the finalists that might still be best
        # are played out in more deals until one leads clearly.
        while ev.worlds < self.options.pass_race:
            alive = ev.contenders(self.options.z, self.options.indifference)
            if not alive:
                break
            size = min(self.options.pass_samples, self.options.pass_race - ev.worlds)
            more = self._pass_values(ctx, seat, sampler, [finalists[k] for k in alive], size,
                                     f"{key}/screen", start=ev.worlds)
            for i, k in enumerate(alive):
                ev.values[k].extend(more.values[i])
            ev.policy.extend(more.policy)
            ev.worlds += more.worlds
        return ev

    def verify_pass(self, ctx: DealContext, seat: int, a: int, b: int, key: str,
                    threshold: float, z: float | None = None, resume: Comparison | None = None,
                    until: int | None = None, others: Sequence[int] = (),
                    pick_key: str = "") -> Comparison | None:
        """Held-out comparison of pass *a* with pass *b* on fresh worlds
        (sequential, resumable, as :meth:`verify`).

        *others* are more references, as for a play: the one of *b* and
        *others* with the fewest points in ``verify_min`` deals seeded by
        *pick_key* (the screening's key, not ``--seed``) is the reference
        (:attr:`Comparison.reference`).  The best pass of the screening
        changes with the seed between finalists a point apart far more
        often than a play's best card (whole-deal play-outs, a race of
        192 deals at most): of the pass marks that came and went between
        two seeds, two in three had been measured against another pass
        (issue 24, docs/analysis.md)."""
        sampler = self._pass_sampler(ctx, seat)
        if sampler is None:
            return None
        diffs = list(resume.diffs) if resume is not None else []
        pols = list(resume.policy) if resume is not None else []
        if resume is not None:
            b = resume.reference or b
        elif others:
            refs = [b, *others]
            pick = self._pass_values(ctx, seat, sampler, refs, self.options.verify_min,
                                     f"{pick_key}/refs")
            means = pick.means()
            b = refs[min(range(len(refs)), key=lambda j: (means[j], j))]
        run = Sequential(self, diffs, pols, threshold, z, self.options.verify_min,
                         self.options.pass_verify, until, key)
        for size, seed in run:
            ev = self._pass_values(ctx, seat, sampler, [a, b], size, seed, start=len(diffs))
            for x, y, p in zip(ev.values[0], ev.values[1], ev.policy, strict=True):
                diffs.append(x - y)
                pols.append(p)
        return run.comparison(reference=b if others or (resume is not None and resume.reference)
                              else 0)

    def _pass_sampler(self, ctx: DealContext, seat: int) -> WorldSampler | None:
        rules = ctx.rules
        dealt = ctx.hands.dealt[seat] or 0
        n = ctx.n
        know = Knowledge(n, seat, dealt, (rules.hand_size,) * n, (0,) * n, (0,) * n,
                         rules.deck_mask & ~dealt)
        return self._sampler(know)[0]   # kept for the deal: every batch asks again

    def _pass_values(self, ctx: DealContext, seat: int, sampler: WorldSampler,
                     candidates: Sequence[int], worlds: int, key: str,
                     start: int = 0) -> Evaluation:
        """Every candidate pass played out in the same *worlds* sampled deals
        (the other seats pass as the heuristic bot would)."""
        rules = ctx.rules
        n = ctx.n
        count = rules.pass_count
        offset = ctx.offset or 0
        rng = random.Random(key if not start else f"{key}/from{start}")
        ev = Evaluation(list(candidates), [[] for _ in candidates], 0, False, False)
        self.playouts_run += 2 * worlds * len(candidates)
        for i in range(worlds):
            w = start + i
            hands = list(sampler.sample(rng))
            wrng = random.Random(f"{key}/{w}")
            gifts = [0] * n
            for s in range(n):
                if s != seat:
                    for c in self.playout.pass_cards(hands[s], count, wrng):
                        gifts[s] |= 1 << c
            pol = w % len(self.playouts)
            stream = WorldStream(f"{key}/{w}/p")
            for k, cand in enumerate(candidates):
                gifts[seat] = cand
                # the pass and the opening lead, as the game state decides them
                after = cast("list[int]", apply_passes(hands, gifts, offset))
                leader = opening_leader(rules, after)
                assert leader is not None
                pts = self.playouts[pol].finish_deal(after, leader, stream)
                ev.values[k].append(float(pts[seat]))
            ev.policy.append(pol)
            ev.worlds += 1
        return ev


class Sequential:
    """The policy of a sequential verification, written once for plays
    (:meth:`Evaluator.verify`) and passes (:meth:`Evaluator.verify_pass`),
    which differ only in how they value a batch of worlds.

    Iterating gives the next batch to add, as ``(size, seed)``: batches of
    ``EvalOptions.batch`` worlds (the last one cut to *budget*), each seeded
    by its index (``key/verify/i``, so a resumed comparison draws the same
    worlds as one run in a single go).  The caller appends the batch's
    differences to *diffs* and *pols* (the lists given here) before asking
    for the next.  It stops when the verdict is clear (see
    :meth:`Evaluator._clear`), when no more worlds could make it a mark
    (:meth:`Evaluator._futile`), when *budget* worlds are compared, when
    *until* worlds are, or when the deal's work budget is spent
    (:meth:`Evaluator.over_budget`; :attr:`cut` is then set)."""

    def __init__(self, evaluator: Evaluator, diffs: list[float], pols: list[int], threshold: float,
                 z: float | None, least: int, budget: int, until: int | None, key: str,
                 rdiffs: list[float] | None = None) -> None:
        self.evaluator = evaluator
        self.diffs = diffs
        #: The differences under the reversed tie order (an exact
        #: verification; see :meth:`Evaluator._clear`), kept up to date by
        #: the caller once the natural order's loss would be marked.
        self.rdiffs = rdiffs
        self.pols = pols
        self.threshold = threshold
        self.z = z
        self.least = least
        self.budget = budget
        self.until = until
        self.key = key
        #: Stopped by the deal's work budget.
        self.cut = False
        #: The last :meth:`_bounds` answer and the count it was made at.
        self._decided: tuple[int, int, bool] | None = None

    def clear(self) -> bool:
        """Whether the verdict on the worlds so far is clear."""
        return self.evaluator._clear(self.diffs, self.pols, self.threshold, self.z, self.least,
                                     self.rdiffs)

    def futile(self) -> bool:
        """Whether no more worlds could make the verdict a mark: within
        its maximum by ``futility_z``, past it (an extension at the edge)
        by ``edge_futility_z``."""
        return self._bounds()[1]

    def limit(self) -> int:
        """The verdict's maximum of worlds: *budget*, or ``edge_verify``
        times it for a verdict still unclear at *budget* whose bound is at
        the edge of the threshold (:meth:`Evaluator.near_edge`).  Decided
        on the worlds so far, so a resumed comparison finds the same
        limit: past *budget* it was extended.  The marks that come and go
        with the seed are mostly such verdicts; the extra worlds go to
        them alone (issue 24, docs/analysis.md "The edge verified
        further"), and only while the flip is in reach: a verdict at the
        edge that the extension's own futility test (``edge_futility_z``
        against the extended maximum) already rules out is not extended
        (issue 24, helper stab25, "The edge's own futility")."""
        return self._bounds()[0]

    def _bounds(self) -> tuple[int, bool]:
        """:meth:`limit` and :meth:`futile` together, each test run once
        per count of worlds.  At a verdict's maximum the extension's
        futility test decides the limit: run there, it is the futility
        answer as well (an extension is granted only when it is not
        futile), so it is not run a second time (issue 24, helper stab27:
        it ran up to four times a batch, with the same answer); and the
        loop asks for both after every batch, so the answer is kept for
        the count it was made at (a comparison's lists only grow)."""
        n = len(self.diffs)
        if self._decided is not None and self._decided[0] == n:
            return self._decided[1], self._decided[2]
        ev = self.evaluator
        extended = int(self.budget * ev.options.edge_verify)
        limit = self.budget
        checked = False   # the extension's futility test ran, and granted it
        if extended > self.budget and n >= self.budget:
            if n > self.budget:
                limit = extended
            elif (ev.near_edge(self.diffs, self.pols, self.threshold, self.z)
                  and not ev._futile(self.diffs, self.pols, self.threshold, self.z, self.least,
                                     extended, ev.options.edge_futility_z)):
                limit, checked = extended, True
        if checked:
            futile = False
        else:
            futile = ev._futile(self.diffs, self.pols, self.threshold, self.z, self.least, limit,
                                ev.options.edge_futility_z if limit > self.budget else None)
        self._decided = (n, limit, futile)
        return limit, futile

    def __iter__(self) -> Iterator[tuple[int, str]]:
        ev = self.evaluator
        batch = ev.options.batch
        diffs = self.diffs
        while not self.clear() and not self.futile() and len(diffs) < self.limit():
            if self.until is not None and len(diffs) >= self.until:
                return
            if ev.over_budget(len(diffs)):
                self.cut = True
                return
            yield min(batch, self.limit() - len(diffs)), f"{self.key}/verify/{len(diffs) // batch}"

    def comparison(self, rdiffs: Sequence[float] = (), reference: int = 0) -> Comparison:
        """The comparison where the iteration stopped (*rdiffs*: the
        differences under the reversed tie order, for plays solved
        exactly; *reference*: see :attr:`Comparison.reference`); settled
        when clear or its budget is spent."""
        clear = self.clear()
        return Comparison(tuple(self.diffs), tuple(self.pols), False, tuple(rdiffs), self.cut,
                          clear, clear or self.futile() or len(self.diffs) >= self.limit(),
                          reference)


def pass_score(hand: int, passed: int) -> float:
    """The static screen of a pass (higher is better): how much danger it
    sends away.  Q♠ with few spades to guard it, A♠/K♠ with few low spades,
    high hearts, high cards, and a suit emptied (a void to discard on)
    score; low cards passed cost a little.  Only a filter: the passes that
    survive it are played out."""
    spades = hand & SUIT_MASKS[SPADES]
    low_spades = (spades & ((1 << QUEEN_OF_SPADES) - 1)).bit_count()
    kept = hand & ~passed
    score = 0.0
    for c in range(52):
        if not passed >> c & 1:
            continue
        suit, rank = divmod(c, 13)
        if c == QUEEN_OF_SPADES:
            score += 30.0 if low_spades < 4 else 4.0
        elif suit == SPADES and rank > 10:
            score += 24.0 if low_spades < 4 else 3.0
        elif suit == HEARTS:
            score += 3.0 * rank if rank >= 8 else rank * 0.8
        else:
            score += rank * 1.5
    for suit in range(4):
        if hand & SUIT_MASKS[suit] and not kept & SUIT_MASKS[suit] and suit != HEARTS:
            score += 12.0
    return score


def _class_of(runs: Sequence[tuple[int, list[int]]], passed: int) -> int:
    """The representative of *passed*'s class (see :meth:`Evaluator.pass_class`):
    from each run (its mask and cards), as many of its highest cards as
    *passed* takes from it."""
    rep = 0
    for run, cards in runs:
        k = (passed & run).bit_count()
        for c in cards[len(cards) - k:]:
            rep |= 1 << c
    return rep


def _mask(run: Sequence[int]) -> int:
    m = 0
    for c in run:
        m |= 1 << c
    return m


def _first(mask: int) -> int:
    return (mask & -mask).bit_length() - 1
