"""Synthetic cases for the analysis's sequential tests (tests/test_annotate_adaptive.py,
tests/test_stab23_edge.py): an evaluator under the standard rules and differences
of a chosen mean and standard error, so that a stopping rule is checked on numbers
whose verdict is known rather than on sampled deals."""

from __future__ import annotations

from pathlib import Path

from hearts_notation.analysis.context import DealContext, PlayPoint
from hearts_notation.analysis.evaluate import EvalOptions, Evaluator
from hearts_notation.analysis.exact import ExactSolver
from hearts_notation.io import read_games
from hearts_notation.rules import parse_rules

STD = parse_rules("standard")
DATA = Path(__file__).parent / "data" / "analysis"


def evaluator(options: EvalOptions) -> Evaluator:
    """A four-seat evaluator of the standard rules with *options*."""
    return Evaluator(4, ExactSolver(STD), options)


def diffs(mean: float, se: float, n: int) -> list[float]:
    """*n* differences with this mean and (about) this standard error, in
    the worlds of either policy alike."""
    sd = se * n ** 0.5
    return [mean + (sd if i % 4 < 2 else -sd) for i in range(n)]


def open_play(options: EvalOptions, classes: int) -> tuple[DealContext, Evaluator, PlayPoint]:
    """The first play of tests/data/analysis/queen_duck.hrn whose player
    does not know where some seat's cards are (more than 4 unknown) and
    has at least *classes* classes of cards to choose from, its deal's
    context, and an evaluator of *options* started on that deal: a real
    decision for a verification to run on."""
    game = next(read_games(str(DATA / "queen_duck.hrn")))
    ctx = DealContext(game.deals[0], STD, ("N", "E", "S", "W"), game.deals[0].number)
    ev = evaluator(options)
    ev.start_deal()

    def is_open(p: PlayPoint) -> bool:
        know = ctx.knowledge(p)
        return (p.legal is not None and know is not None and max(know.counts) > 4
                and len(ev.classes(p, p.legal)) >= classes)

    return ctx, ev, next(p for p in ctx.points if is_open(p))
