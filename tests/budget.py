"""The README's run and the long campaigns share their tests (docs/testing.md, "The
budget"): these helpers say what of a loop or a hypothesis sweep the README's
``python -m pytest -q`` keeps, so that it stays within 5 CPU-minutes per build
(issue 22), while ``.ci/run`` runs the rest on every submission.

- :func:`long_beyond` and :func:`long_unless`: the cases of a ``parametrize`` loop
  beyond the representatives are marked ``long`` (left out of the README's run,
  run by ``python -m pytest -q -m long``).  The representatives stay in the
  default run, so every behaviour keeps a fast test there.
- :func:`sweep`: a hypothesis test runs *default* examples in the README's run;
  with ``HEARTS_TEST_SWEEPS=full`` (set by ``.ci/run`` for its long step) it runs
  its *full* number and tests/conftest.py marks it ``long``, so the long step
  runs the whole sweep.
- :func:`sized`: the same for the size of a generated corpus (marker ``sweep``).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import pytest
from hypothesis import settings

T = TypeVar("T")

#: Whether the sweeps run at their full size (the long step of .ci/run).
FULL_SWEEPS = os.environ.get("HEARTS_TEST_SWEEPS") == "full"


def _long(value: Any) -> Any:
    values = value.values if hasattr(value, "values") and hasattr(value, "marks") else None
    if values is not None:          # already a pytest.param: keep its id and marks
        return pytest.param(*values, id=value.id, marks=[*value.marks, pytest.mark.long])
    return pytest.param(value, marks=pytest.mark.long)


def _long_tuple(value: tuple[Any, ...]) -> Any:
    return pytest.param(*value, marks=pytest.mark.long)


def long_beyond(values: Iterable[T], keep: int = 1, *, several: bool = False) -> list[Any]:
    """*values* for ``parametrize``: the first *keep* as they are, the others
    marked ``long``.  *several*: each value is a tuple of several arguments."""
    return [v if i < keep else (_long_tuple(v) if several else _long(v))  # type: ignore[arg-type]
            for i, v in enumerate(values)]


def long_unless(values: Iterable[T], keep: Callable[[T], bool], *, several: bool = False) -> list[Any]:
    """*values* for ``parametrize``: those *keep* accepts as they are, the
    others marked ``long``."""
    return [v if keep(v) else (_long_tuple(v) if several else _long(v))  # type: ignore[arg-type]
            for v in values]


def sweep(full: int, default: int, **kwargs: Any) -> Callable[[T], T]:
    """``settings(max_examples=...)`` of a hypothesis sweep: *default* examples in
    the README's run, *full* with ``HEARTS_TEST_SWEEPS=full``; *kwargs* are the
    other settings (``deadline``, ``suppress_health_check``...).  Put it where
    the ``@settings`` line would be."""
    def apply(test: T) -> T:
        sized = settings(max_examples=full if FULL_SWEEPS else default, **kwargs)(test)
        return pytest.mark.sweep(sized)  # type: ignore[no-any-return]
    return apply


def sized(full: int, default: int) -> int:
    """The size of a generated corpus: *default* in the README's run, *full* with
    ``HEARTS_TEST_SWEEPS=full``; mark its tests ``sweep`` (``pytestmark``) so that
    the long step runs them at the full size."""
    return full if FULL_SWEEPS else default


#: The rule presets a loop over every preset keeps in the default run: the standard
#: game and one with another number of players; the others run in the long step.
DEFAULT_PRESETS = frozenset({"standard", "three-players"})


def presets(names: Iterable[str]) -> list[Any]:
    """*names* (rule presets) for ``parametrize``: :data:`DEFAULT_PRESETS` in the
    default run, the others marked ``long``."""
    return long_unless(names, lambda name: name in DEFAULT_PRESETS)
