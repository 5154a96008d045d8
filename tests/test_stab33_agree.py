"""Issue 24 (helper stab33): a policy's agreement at its edge is verified further.

A mark needs each play-out policy's worlds to allow the loss (its mean plus
the mark's z of its own standard errors at least the ``?!`` threshold).  A
verdict whose pooled loss is clearly a mark at its maximum of worlds, but one
of whose policies still sits at that test's edge, was stopped there: marked
under one seed, "refused" under another (the largest class of the flips left,
helper stab30's and this round's census).  With ``edge_agree`` such a verdict
goes on to ``edge_verify`` times its maximum, as a pooled loss at the edge
does (docs/analysis.md, "A policy's agreement at its edge").  Cheap and
deterministic: synthetic differences whose verdict is known.
"""

from __future__ import annotations

from sequential_cases import evaluator

from hearts_notation.analysis.evaluate import EvalOptions, Sequential


def _two_policies(means: tuple[float, float], se: float, n: int) -> tuple[list[float], list[int]]:
    """*n* differences, the worlds alternating between the two policies,
    policy *p*'s of mean ``means[p]`` and (about) standard error *se*."""
    sd = se * (n // 2) ** 0.5
    values = [means[i % 2] + (sd if (i // 2) % 2 else -sd) for i in range(n)]
    return values, [i % 2 for i in range(n)]


def _run(means: tuple[float, float], se: float, n: int, options: EvalOptions) -> Sequential:
    values, pols = _two_policies(means, se, n)
    return Sequential(evaluator(options), values, pols, 1.0, 2.0, 256, n, None, "t|agree33")


def test_a_clear_loss_with_a_policy_at_the_agreement_edge_goes_on() -> None:
    """Pooled 1.96 +- 0.05 after 3,072 worlds (a mark by 20 standard
    errors), the weaker policy 0.90 +- 0.06: 0.90 + 2 x 0.06 = 1.02, at the
    agreement's edge.  Main stopped it at 3,072 (marked under this draw,
    refused under another); with ``edge_agree`` it goes on to three times its maximum."""
    run = _run((3.02, 0.90), 0.06, 3072, EvalOptions(edge_agree=2.5))
    assert not run.clear()
    assert run.limit() == 3 * 3072
    assert not run.comparison().settled


def test_a_policy_that_clearly_refuses_is_not_extended() -> None:
    """The weaker policy at 0.30 +- 0.06 refuses by ten standard errors:
    no draw of worlds would make it agree, so the verdict ends at its
    maximum (the extension's worlds go to the edge alone)."""
    run = _run((3.62, 0.30), 0.06, 3072, EvalOptions(edge_agree=2.5))
    assert run.limit() == 3072


def test_without_the_setting_the_maximum_stays() -> None:
    """``edge_agree=0`` is main's rule: the same verdict ends at 3,072."""
    run = _run((3.02, 0.90), 0.06, 3072, EvalOptions(edge_agree=0.0))
    assert run.limit() == 3072
