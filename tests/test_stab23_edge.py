"""Issue 24 (helper stab23): the verdicts at the edge verified further.

A verdict still unclear at its maximum of worlds whose loss's lower bound
lies within ``edge_band`` standard errors of the threshold goes on to
``edge_verify`` times that maximum (:meth:`Sequential.limit`); the others
stop there as before.  Cheap and deterministic: synthetic differences for
the rule, one small seeded verification for the path.
"""

from __future__ import annotations

import dataclasses

from sequential_cases import diffs, evaluator, open_play

from hearts_notation.analysis.evaluate import FAST, EvalOptions, Evaluator, Sequential
from tests import benchmark_module


def _run(ev: Evaluator, values: list[float], budget: int = 3072) -> Sequential:
    pols = [i % 2 for i in range(len(values))]
    return Sequential(ev, values, pols, 1.0, 2.0, 256, budget, None, "t|edge")


def test_a_verdict_at_the_edge_of_its_maximum_goes_on() -> None:
    """At 3,072 worlds a mark needs the loss three standard errors above
    1 point.  1.33 +- 0.12 (its bound 0.97, a quarter of a standard error
    under the threshold) and 1.43 +- 0.12 (1.07, above it by half of one)
    are the edge: another draw of as many worlds decides either the other
    way about as often; they go on to four times the maximum, unsettled.
    1.1 +- 0.12 (bound 1.6 standard errors under) and 0.9 +- 0.12 stop
    there, as they did."""
    ev = evaluator(EvalOptions(edge_verify=4.0, edge_band=1.5))
    for mean in (1.33, 1.43):
        run = _run(ev, diffs(mean, 0.12, 3072))
        assert run.limit() == 4 * 3072
        assert next(iter(run))[0] == ev.options.batch   # one more batch to come
        assert not run.comparison().settled
    for mean in (1.1, 0.9):
        run = _run(ev, diffs(mean, 0.12, 3072))
        assert run.limit() == 3072
        assert list(run) == []
        assert run.comparison().settled


def test_the_edge_is_looked_at_only_at_the_maximum_and_kept_once_extended() -> None:
    """Before its maximum a verdict has its usual limit, whatever its bound
    (it goes on anyway); past it (a resumed comparison), the limit stays
    extended though the bound has since moved away from the edge, so that
    the comparison's settling does not depend on where it was resumed; a
    loss clear above the threshold stops at once, as before."""
    ev = evaluator(EvalOptions(edge_verify=4.0, edge_band=1.5))
    assert _run(ev, diffs(1.33, 0.12, 1024)).limit() == 3072
    extended = _run(ev, diffs(1.2, 0.08, 3200))
    assert extended.limit() == 4 * 3072
    assert not extended.comparison().settled
    clear = _run(ev, diffs(1.5, 0.08, 3200))
    assert clear.comparison().clear and clear.comparison().settled


def test_without_the_extension_every_verdict_stops_at_its_maximum() -> None:
    """``edge_verify`` 1 is the rule before it: the edge stops at the
    maximum, unmarked; ``--fast`` keeps it (its CPU target is its own)."""
    ev = evaluator(EvalOptions(edge_verify=1.0))
    run = _run(ev, diffs(1.33, 0.12, 3072))
    assert run.limit() == 3072 and list(run) == [] and run.comparison().settled
    assert FAST.edge_verify == 1.0


def test_a_play_verification_at_the_edge_adds_worlds_past_its_maximum() -> None:
    """Through :meth:`Evaluator.verify`: a comparison at its maximum of 64
    worlds, resumed with its bound a tenth of a standard error under the
    threshold (the threshold set from its own figures), goes on past 64
    with the extension (the next batches of the same seeded stream after
    the same first 64), and stops at 64 without it."""
    base = dataclasses.replace(FAST, verify=64, verify_min=32, batch=16, exact_tricks=0,
                               futility_z=1e6)
    ctx, ev, point = open_play(base, 2)
    assert point.legal is not None
    a, b = ev.classes(point, point.legal)[:2]
    # a margin of 1,000 standard errors is never clear: the comparison runs to 64
    first = ev.verify(ctx, point, a, b, "t|edge|1", 1.0, 1000.0)
    assert first is not None and first.worlds == 64 and first.settled and not first.clear
    mean, se = first.estimate()
    assert se > 0
    threshold = mean - (2.0 + base.stop_margin) * se + 0.1 * se
    for factor in (1.0, 2.0):
        evx = evaluator(dataclasses.replace(base, edge_verify=factor))
        evx.start_deal()
        done = evx.verify(ctx, point, a, b, "t|edge|1", threshold, 2.0, resume=first)
        assert done is not None and done.diffs[:64] == first.diffs
        if factor == 1.0:
            assert done.worlds == 64
        else:
            assert 64 < done.worlds <= 128 and done.settled


def test_bench_stability_counts_a_verdict_extended_at_the_edge_as_at_a_maximum() -> None:
    """A flip whose verdicts ended at 12,288 deals (a play's maximum
    extended at the edge) and at 3,072 is a flip at the maxima, not one
    stopped earlier: the count that says whether the edge is what is left."""
    kind = benchmark_module.load("bench_stability").flip_kind
    opts = EvalOptions(edge_verify=4.0)
    assert kind([("play", 12288, True, False), ("play", 3072, True, False)], opts) == "maximum"
    assert kind([("pass", 8192, True, False), ("pass", 2048, True, False)], opts) == "maximum"
    assert kind([("play", 2048, True, False), ("play", 512, True, False)], opts) == "maximum"
    assert kind([("play", 6144, True, False), ("play", 3072, True, False)], opts) == "earlier"
