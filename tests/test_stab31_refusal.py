"""Issue 24 (helper stab31): a play-out policy's refusal judged at the
extension's edge with ``policy_futility_z`` standard errors.

Cheap and deterministic: synthetic differences whose verdict is known
(tests/sequential_cases.py), on :class:`Sequential`'s limit and futility.
"""

from __future__ import annotations

from sequential_cases import evaluator

from hearts_notation.analysis.evaluate import EvalOptions, Evaluator, Sequential


def _split(low: float, high: float, sd: float, n: int) -> tuple[list[float], list[int]]:
    """*n* differences alternating between the policies: policy 1's worlds
    around *low*, policy 0's around *high*, each with spread *sd*."""
    values, pols = [], []
    for i in range(n):
        pol = i % 2
        values.append((high if pol == 0 else low) + (sd if (i // 2) % 2 == 0 else -sd))
        pols.append(pol)
    return values, pols


def _run(ev: Evaluator, values: list[float], pols: list[int]) -> Sequential:
    return Sequential(ev, values, pols, 1.0, 2.0, 256, 3072, None, "t|stab31")


def test_a_policy_near_its_refusal_is_verified_to_the_extended_maximum() -> None:
    """At its maximum of 3,072 worlds a play's loss is 1.26 +- 0.07 pooled
    (at the edge) but 0.72 +- 0.10 in one policy's worlds: 0.72 plus one
    standard error plus the two its extended maximum would leave (0.12)
    is under 1 point, so ``edge_futility_z`` alone would stop it there,
    while 2.5 of them (0.25) reach it: extended to 9,216 worlds, where
    the policy's verdict no longer rests on the maximum's noise."""
    values, pols = _split(0.72, 1.80, 3.92, 3072)
    ev = evaluator(EvalOptions())
    assert ev.near_edge(values, pols, 1.0, 2.0)
    run = _run(ev, values, pols)
    assert run.limit() == 3 * 3072 and not run.futile()
    before = _run(evaluator(EvalOptions(policy_futility_z=1.0)), values, pols)
    assert before.limit() == 3072 and before.futile()


def test_a_policy_that_flatly_contradicts_the_loss_still_stops_it() -> None:
    """0.30 +- 0.10 in one policy's worlds (1.80 in the other's): no
    extension could make that policy allow a loss of 1 point, so the
    verdict stops at its maximum, unmarked, as before."""
    values, pols = _split(0.30, 2.20, 3.92, 3072)
    run = _run(evaluator(EvalOptions()), values, pols)
    assert run.limit() == 3072 and run.futile()
    done = run.comparison()
    assert done.settled and not done.clear
