"""Synthetic cases for the analysis's sequential tests (tests/test_annotate_adaptive.py,
tests/test_stab23_edge.py): an evaluator under the standard rules and differences
of a chosen mean and standard error, so that a stopping rule is checked on numbers
whose verdict is known rather than on sampled deals."""

from __future__ import annotations

from hearts_notation.analysis.evaluate import EvalOptions, Evaluator
from hearts_notation.analysis.exact import ExactSolver
from hearts_notation.rules import parse_rules

STD = parse_rules("standard")


def evaluator(options: EvalOptions) -> Evaluator:
    """A four-seat evaluator of the standard rules with *options*."""
    return Evaluator(4, ExactSolver(STD), options)


def diffs(mean: float, se: float, n: int) -> list[float]:
    """*n* differences with this mean and (about) this standard error, in
    the worlds of either policy alike."""
    sd = se * n ** 0.5
    return [mean + (sd if i % 4 < 2 else -sd) for i in range(n)]
