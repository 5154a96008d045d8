"""Issue 24 (helper stab27): the ambiguous middle (``EvalOptions.edge_stage``).

A verdict whose loss's estimate is at or above the threshold while its bound
is not is neither given up by the futility test within its maximum nor
stopped at it: one more stage takes it to ``edge_stage`` times its maximum,
where the edge's gate decides again.  Off (1.0) the rule is the one before.
Cheap and deterministic: synthetic differences whose verdict is known.
"""

from __future__ import annotations

from sequential_cases import diffs, evaluator

from hearts_notation.analysis.evaluate import EvalOptions, Sequential


def _run(options: EvalOptions, values: list[float]) -> Sequential:
    pols = [i % 2 for i in range(len(values))]
    return Sequential(evaluator(options), values, pols, 1.0, 2.0, 256, 3072, None, "t|mid27")


STAGE = EvalOptions(edge_stage=2.0)


def test_the_middle_goes_on_to_the_stage_and_is_gated_again_there() -> None:
    """1.05 +- 0.10 at its maximum of 3,072 worlds: its bound (0.75) is
    outside the edge's band and the extension's futility rules it out, so
    the rule before stops it unmarked; in the middle (its estimate above 1
    point) it goes on to 6,144.  There, resumed from its worlds, the gate
    runs again: risen to 1.12 +- 0.07 it is at the edge and goes on to
    12,288; still about 1.0 it stops at the stage."""
    assert _run(EvalOptions(), diffs(1.05, 0.10, 3072)).limit() == 3072
    run = _run(STAGE, diffs(1.05, 0.10, 3072))
    assert run.limit() == 6144 and not run.futile()
    assert next(iter(run)) == (128, "t|mid27/verify/24")
    risen = _run(STAGE, diffs(1.05, 0.10, 3072) + diffs(1.2, 0.10, 3072))
    assert risen.limit() == 4 * 3072
    flat = _run(STAGE, diffs(1.05, 0.10, 3072) + diffs(1.0, 0.10, 3072))
    assert flat.limit() == 6144 and list(flat) == [] and flat.comparison().settled
    within = _run(STAGE, diffs(1.05, 0.10, 3072) + diffs(0.9, 0.10, 1024))
    assert within.limit() == 6144 and not within.futile()


def test_the_middle_is_not_given_up_within_its_maximum() -> None:
    """1.00 +- 0.12 after 2,816 of 3,072 worlds: the futility test gives
    it up (it would need 1.34 at 3,072 and reaches 1.30); in the middle it
    goes on, and 0.98 +- 0.12, under the threshold, is still given up."""
    assert _run(EvalOptions(), diffs(1.00, 0.12, 2816)).futile()
    assert not _run(STAGE, diffs(1.00, 0.12, 2816)).futile()
    assert _run(STAGE, diffs(0.98, 0.12, 2816)).futile()


def test_off_and_at_the_edge_the_rule_is_the_one_before() -> None:
    """Off (1.0, the default) or for a verdict at the edge, the limits are
    the rule before's: 1.33 +- 0.12 at the maximum goes on to 12,288 either
    way, and ``--fast`` (no extension) has no stage either."""
    for options in (EvalOptions(), STAGE):
        assert _run(options, diffs(1.33, 0.12, 3072)).limit() == 4 * 3072
    fast = EvalOptions(edge_verify=1.0, edge_stage=2.0)
    assert _run(fast, diffs(1.05, 0.10, 3072)).limit() == 3072
