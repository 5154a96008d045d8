"""Issue 24 (helper stab27): the sequential verification's tests, each run
once per count of worlds.

At a verdict's maximum, :meth:`Sequential.limit` runs the extension's own
futility test (``edge_futility_z`` against the extended maximum) to decide
whether the verdict goes on; :meth:`Sequential.futile` used to call it and
then run the very same test again, and the loop asked for both after every
batch.  The answers are the same, so the test now runs once.  Cheap and
deterministic: synthetic differences whose verdict is known.
"""

from __future__ import annotations

import pytest
from sequential_cases import diffs, evaluator

from hearts_notation.analysis.evaluate import EvalOptions, Evaluator, Sequential


def _run(ev: Evaluator, values: list[float], budget: int = 3072) -> Sequential:
    pols = [i % 2 for i in range(len(values))]
    return Sequential(ev, values, pols, 1.0, 2.0, 256, budget, None, "t|seq27")


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the calls of the futility test (the real one still answers)."""
    calls: list[int] = []
    real = Evaluator._futile

    def counted(self: Evaluator, *args: object, **kw: object) -> bool:
        calls.append(len(args[0]))  # type: ignore[arg-type]
        return real(self, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(Evaluator, "_futile", counted)
    return calls


def test_the_edge_futility_test_runs_once_at_the_maximum(monkeypatch: pytest.MonkeyPatch) -> None:
    """1.33 +- 0.12 at its maximum of 3,072 worlds: at the edge, and the
    extension can still make it a mark, so it goes on to 12,288 and is not
    futile: one futility test for both answers, asked any number of times
    (main ran it twice for ``futile()`` and once more for every ``limit()``)."""
    calls = _counting(monkeypatch)
    run = _run(evaluator(EvalOptions(edge_verify=4.0, edge_band=1.5)), diffs(1.33, 0.12, 3072))
    assert not run.futile()
    assert run.limit() == 4 * 3072
    assert not run.futile() and run.limit() == 4 * 3072
    assert calls == [3072]
    assert next(iter(run)) == (EvalOptions().batch, "t|seq27/verify/24")
    assert calls == [3072]
    # The answer is kept for its count only: a batch appended, the tests
    # run again on the longer lists (past the maximum: the extension's
    # futility, against the extended maximum), once.
    run.diffs.extend(diffs(1.33, 0.12, 128))
    run.pols.extend(i % 2 for i in range(128))
    assert run.limit() == 4 * 3072 and not run.futile() and not run.futile()
    assert calls == [3072, 3200]
