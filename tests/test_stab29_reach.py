"""Issue 24 (helper stab29): futility that reckons with the edge.

Before its maximum a verdict gives up, unmarked, when its optimistic
estimate (``mean + futility_z`` standard errors) stays below what a mark at
the maximum would need; but a verdict whose optimistic estimate would lie at
the edge at its maximum would be extended there, to ``edge_verify`` times
it, where a mark needs less.  With ``futility_reach`` such a verdict gives up
only when the flip is out of reach at the extended maximum; a verdict far
below the edge gives up as before (docs/analysis.md, "Futility that reckons
with the edge").  Cheap and deterministic: synthetic differences whose
verdict is known.
"""

from __future__ import annotations

from sequential_cases import diffs, evaluator

from hearts_notation.analysis.evaluate import EvalOptions, Sequential


def _run(values: list[float], z: float, budget: int, reach: int) -> Sequential:
    pols = [i % 2 for i in range(len(values))]
    return Sequential(evaluator(EvalOptions(futility_reach=reach)), values, pols, 1.0, z, 256,
                      budget, None, "t|reach29")


def test_a_pass_that_would_reach_the_edge_goes_on() -> None:
    """A pass (z 3: a mark needs 4 standard errors) at 0.70 +- 0.30 after
    512 of its 2,048 worlds: 0.70 + 2.5 x 0.30 falls short of the 1.60 a
    mark at 2,048 worlds needs (main gives up), but would be at the edge
    there and reaches the 1.35 a mark at 6,144 worlds needs: it goes on."""
    values = diffs(0.70, 0.30, 512)
    assert _run(values, 3.0, 2048, 0).futile()
    reach = _run(values, 3.0, 2048, 1)
    assert not reach.futile() and reach.limit() == 2048


def test_a_play_that_would_reach_the_edge_goes_on() -> None:
    """A play (z 2) at 0.74 +- 0.20 after 768 of its 3,072 worlds: out of
    reach at 3,072 (1.24 < 1.30), in reach at 9,216 (1.17): it goes on."""
    values = diffs(0.74, 0.20, 768)
    assert _run(values, 2.0, 3072, 0).futile()
    assert not _run(values, 2.0, 3072, 1).futile()


def test_a_loss_far_below_the_edge_still_gives_up() -> None:
    """0.40 +- 0.30 after 512 of a pass's 2,048 worlds: even its optimistic
    estimate stays far below the edge, so it gives up as under main's rule."""
    values = diffs(0.40, 0.30, 512)
    assert _run(values, 3.0, 2048, 0).futile()
    assert _run(values, 3.0, 2048, 1).futile()
