"""Issue 24 (helper stab28): the edge's gate below the extended mark's bar.

At its maximum a verdict is extended when its estimate lies above the
threshold by ``z + stop_margin - edge_band`` standard errors; a mark at the
extended maximum needs ``z + stop_margin`` of the extension's (smaller)
standard errors.  With a band of 1.5 and extensions to four times the
maximum, a play's gate lay on that bar and a pass's half a standard error
above it, so a loss between the two was marked or not with the maximum's
noise.  A band of 2.5 with extensions to three times the maximum puts the
gate a standard error (a pass 0.8) under the bar (docs/analysis.md, "The
edge's gate against the extended mark's bar"; nine unseen sets: pooled
Jaccard 0.920 -> 0.935, 21 flips gone and 8 new, at main's CPU).  Cheap and
deterministic: synthetic differences whose verdict is known.
"""

from __future__ import annotations

from sequential_cases import diffs, evaluator

from hearts_notation.analysis.evaluate import EvalOptions, Sequential


def _run(values: list[float], z: float, budget: int) -> Sequential:
    pols = [i % 2 for i in range(len(values))]
    return Sequential(evaluator(EvalOptions()), values, pols, 1.0, z, 256, budget, None,
                      "t|gate28")


def test_the_defaults_band_and_extension() -> None:
    options = EvalOptions()
    assert (options.edge_band, options.edge_verify) == (2.5, 3.0)


def test_a_play_between_the_old_gate_and_the_bar_is_extended() -> None:
    """1.10 +- 0.10 at its maximum of 3,072 worlds: an estimate 1.0
    standard error above the threshold, under the old gate (1.5) and at the
    extended bar's reach (1.17 at 9,216 worlds): it goes on, to three times
    its maximum (main stopped it unmarked at 3,072)."""
    run = _run(diffs(1.10, 0.10, 3072), 2.0, 3072)
    assert run.limit() == 3 * 3072
    assert not run.futile() and not run.comparison().settled


def test_a_pass_under_the_old_gate_is_extended() -> None:
    """A pass (z 3: its mark needs 4 standard errors) at 1.40 +- 0.18
    after its 2,048 worlds: 2.2 standard errors above the threshold, under
    the old gate (2.5), and 1.40 + 0.18 reaches the 1.42 a mark at 6,144
    worlds needs (the edge's futility): extended (main stopped it)."""
    run = _run(diffs(1.40, 0.18, 2048), 3.0, 2048)
    assert run.limit() == 3 * 2048

