"""Issue 24 (helper stab25): the edge's own futility.

A verdict at the edge goes past its maximum only while the extension can
still make it a mark, by the futility test with ``edge_futility_z`` (1.0)
standard errors against the extended maximum (:meth:`Sequential.limit`,
:meth:`Sequential.futile`): a loss that has drifted below what the extended
maximum would need, or a play-out policy that would still refuse it, stops
there unmarked instead of running to four times its maximum.  Cheap and
deterministic: synthetic differences whose verdict is known.
"""

from __future__ import annotations

from sequential_cases import diffs, evaluator

from hearts_notation.analysis.evaluate import EvalOptions, Evaluator, Sequential
from tests import benchmark_module


def _run(ev: Evaluator, values: list[float], pols: list[int] | None = None,
         budget: int = 3072) -> Sequential:
    pols = [i % 2 for i in range(len(values))] if pols is None else pols
    return Sequential(ev, values, pols, 1.0, 2.0, 256, budget, None, "t|edge25")


def test_an_extension_stops_once_its_flip_is_out_of_reach() -> None:
    """Extended past 3,072 worlds, 1.05 +- 0.10 at 4,096: a mark at 12,288
    would need its loss about 1.17 (three of the final standard errors
    above 1 point), and 1.05 plus one standard error no longer reaches it,
    so it stops, unmarked and settled; 1.15 +- 0.10 (1.25 with one
    standard error) still reaches it and goes on.  ``futility_z``'s 2.5
    (the rule before) kept 1.05 running to 12,288."""
    run = _run(evaluator(EvalOptions(edge_verify=4.0, edge_band=1.5)), diffs(1.05, 0.10, 4096))
    assert run.limit() == 4 * 3072
    assert run.futile() and list(run) == []
    done = run.comparison()
    assert done.settled and not done.clear
    going = _run(evaluator(EvalOptions(edge_verify=4.0, edge_band=1.5)), diffs(1.15, 0.10, 4096))
    assert not going.futile() and not going.comparison().settled
    before = _run(evaluator(EvalOptions(edge_verify=4.0, edge_band=1.5, edge_futility_z=2.5)),
                  diffs(1.05, 0.10, 4096))
    assert not before.futile()
    assert next(iter(before))[0] == EvalOptions().batch


def test_a_verdict_at_the_edge_that_a_policy_would_still_refuse_stops_at_its_maximum() -> None:
    """At its maximum of 3,072 worlds, 1.25 +- 0.07 pooled (its bound 1.03,
    at the edge) but 0.75 +- 0.10 in one play-out policy's worlds: a mark
    needs both policies, and that one, plus one standard error and the two
    its extended maximum would leave, stays under the threshold: no
    extension (the rule before extended it, at the same band, to 12,288)."""
    values: list[float] = []
    pols: list[int] = []
    for i in range(3072):
        pol = i % 2
        values.append((1.75 if pol == 0 else 0.75) + (4.0 if (i // 2) % 2 == 0 else -4.0))
        pols.append(pol)
    ev = evaluator(EvalOptions(edge_verify=4.0, edge_band=1.5))
    assert ev.near_edge(values, pols, 1.0, 2.0)
    run = _run(ev, values, pols)
    assert run.limit() == 3072 and list(run) == [] and run.comparison().settled
    before = _run(evaluator(EvalOptions(edge_verify=4.0, edge_band=1.5, edge_futility_z=2.5)), values, pols)
    assert before.limit() == 4 * 3072


def test_bench_stability_counts_the_worlds_spent_past_the_maxima() -> None:
    """``bench_stability.py``'s account of the extensions: a play marked at
    12,288 worlds spent 9,216 past its maximum of 3,072, a pass left
    unmarked at 4,096 spent 2,048 past its 2,048; verdicts within their
    maximum spent none (what tells where a wider band's CPU goes)."""
    past = benchmark_module.load("bench_stability").past_maxima
    opts = EvalOptions()
    got = past([(("play", 12288, True, False), True), (("pass", 4096, True, False), False),
                (("play", 3072, True, False), True), (("pass", 256, True, False), False)], opts)
    assert got == {"marked": [1, 9216], "unmarked": [1, 2048]}
