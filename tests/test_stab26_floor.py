"""Issue 24 (helper stab26): a floor under the futility test's standard error.

A heavy-tailed loss shows in its first few hundred worlds neither its rare
large losses nor their spread, so a verdict of ``0.06 +- 0.52`` after 256
worlds (under another seed ``?! 1.90 +- 0.15`` after 3,072) was given up as
futile.  ``futility_sd`` floors the standard deviation the futility test
assumes (points a world), within a verdict's maximum only.  Cheap and
deterministic: synthetic differences whose verdict is known.
"""

from __future__ import annotations

from sequential_cases import diffs, evaluator

from hearts_notation.analysis.evaluate import EvalOptions, Sequential


def _run(options: EvalOptions, values: list[float]) -> Sequential:
    pols = [i % 2 for i in range(len(values))]
    return Sequential(evaluator(options), values, pols, 1.0, 2.0, 256, 3072, None, "t|floor26")


def test_the_floor_keeps_an_early_heavy_tailed_verdict_going() -> None:
    """0.06 +- 0.52 after 256 worlds (8.3 points a world): without a floor
    its optimistic value (1.36) is under what 3,072 worlds would need
    (1.45), so it stops; with a floor of 12 points a world (0.75 a
    standard error) it reaches 1.94 against 1.65 and goes on."""
    values = diffs(0.06, 0.52, 256)
    assert _run(EvalOptions(), values).futile()
    going = _run(EvalOptions(futility_sd=12.0), values)
    assert not going.futile()
    assert next(iter(going))[0] == EvalOptions().batch


def test_the_floor_still_gives_up_a_small_loss_and_leaves_the_edge_alone() -> None:
    """0.0 +- 0.10 after 1,024 worlds stays futile under the floor (0.375 a
    standard error: 0.94 against 1.65); past the maximum (the edge's own
    futility) the floor is not applied: 1.05 +- 0.10 at 4,096 stops as
    without it."""
    assert _run(EvalOptions(futility_sd=12.0), diffs(0.0, 0.10, 1024)).futile()
    edge = _run(EvalOptions(futility_sd=12.0), diffs(1.05, 0.10, 4096))
    assert edge.limit() == 4 * 3072 and edge.futile()
