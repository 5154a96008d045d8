"""``benchmarks/bench_stability.py --set``: an ``EvalOptions`` change measured
without editing the code (issue 24: the budget and margins tried are
measured this way), each value read as its field's type, an unknown field
refused with its name."""

from __future__ import annotations

from typing import Any

import pytest

from hearts_notation.analysis.evaluate import FAST, EvalOptions
from tests import benchmark_module


def _bench() -> Any:
    return benchmark_module.load("bench_stability")


def test_set_overrides_the_named_fields_only() -> None:
    bench = _bench()
    got = bench.overrides("deal_budget=130000, verify=6144,futility_z=2", EvalOptions())
    assert got.deal_budget == 130000 and isinstance(got.deal_budget, int)
    assert got.verify == 6144
    assert got.futility_z == 2.0 and isinstance(got.futility_z, float)
    assert got.pass_verify == EvalOptions().pass_verify
    assert bench.overrides("", FAST) == FAST
    assert bench.overrides("verify=100", FAST).samples == FAST.samples


def test_set_refuses_an_unknown_field() -> None:
    with pytest.raises(SystemExit, match="no option 'budget'"):
        _bench().overrides("budget=1", EvalOptions())


def test_a_flip_is_counted_by_where_its_verdicts_stopped() -> None:
    """A decision marked under one seed only is at the edge of the pooled
    loss when both verifications ended at their maximum of worlds (3,072 a
    play, 512 solved exactly, 2,048 a pass), refused when a policy refused
    the loss under a seed, a tie-order flag when either was flagged, and
    stopped earlier otherwise (clear, futile or cut by the deal's budget):
    the counts that say which lever is left (issue 24)."""
    kind = _bench().flip_kind
    opts = EvalOptions()
    assert kind([("play", 3072, True, False), ("play", 3072, True, False)], opts) == "maximum"
    assert kind([("play", 512, True, False), ("play", 512, True, False)], opts) == "maximum"
    assert kind([("pass", 2048, True, False), ("pass", 2048, True, False)], opts) == "maximum"
    assert kind([("play", 6144, True, False), ("play", 3072, True, False)],
                EvalOptions(verify=6144)) == "earlier"
    assert kind([("play", 1024, False, False), ("play", 3072, True, False)], opts) == "refused"
    assert kind([("play", 512, True, True), ("play", 384, True, False)], opts) == "tie"
    assert kind([("play", 1920, True, False), ("play", 3072, True, False)], opts) == "earlier"
