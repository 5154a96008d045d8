"""Issue 24 (helper stab30): the census of the flips left.

``bench_stability.py`` counts each decision marked under one seed only by
where its unmarked side's verification stopped (:func:`flip_stop`): given
up in its first worlds, later within its maximum, at its maximum outside
the edge's gate, inside its extension, at the extended maximum, or refused
by a play-out policy.  That is what tells which lever is left (the passes
given up within their maximum, the plays a policy refused).  Cheap and
deterministic: verdicts given as the benchmark records them.
"""

from __future__ import annotations

from hearts_notation.analysis.evaluate import EvalOptions
from tests import benchmark_module


def test_a_flip_is_counted_by_where_its_unmarked_side_stopped() -> None:
    stop = benchmark_module.load("bench_stability").flip_stop
    opts = EvalOptions()
    assert [stop(v, opts) for v in [
        ("pass", 256, True, False), ("pass", 1024, True, False), ("pass", 2048, True, False),
        ("pass", 2816, True, False), ("pass", 6144, True, False), ("play", 384, True, False),
        ("play", 1408, True, False), ("play", 3072, True, False), ("play", 512, True, False),
        ("play", 5504, True, False), ("play", 9216, True, False), ("play", 5504, False, False),
        ("play", 512, True, True)]] == [
        "pass first worlds", "pass within", "pass maximum", "pass extension",
        "pass extended maximum", "play first worlds", "play within", "play maximum",
        "play maximum", "play extension", "play extended maximum", "play refused", "play tie"]
