"""Issue 24 (helper stab28): the levers measured and rejected are gone.

``futility_sd`` (helper stab26: a floor under the futility test's standard
error) and ``edge_stage`` (helper stab27: the ambiguous middle) were
``EvalOptions`` fields, off by default, that measurement did not justify
(docs/performance.md, bench_stability).  They were removed with their code,
so ``bench_stability.py --set`` refuses them as it refuses any unknown name,
with its clear message (the rule they were measured against stays:
tests/test_stab25_edge.py, tests/test_stab27_sequential.py).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from hearts_notation.analysis.evaluate import EvalOptions
from tests import benchmark_module


def _bench() -> Any:
    return benchmark_module.load("bench_stability")


@pytest.mark.parametrize("name", ["edge_stage", "futility_sd"])
def test_the_dropped_levers_are_no_options(name: str) -> None:
    assert name not in {f.name for f in dataclasses.fields(EvalOptions)}
    with pytest.raises(SystemExit, match=f"--set: no option '{name}' in EvalOptions"):
        _bench().overrides(f"{name}=2", EvalOptions())
