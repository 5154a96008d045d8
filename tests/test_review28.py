"""Review 28: hostile use, round 28 (the leftovers of round 27, outputs,
many files, the environment), pinned (docs/robustness.md, "Round 28").

Each test failed on main at 553f54cf.  Cheap and in-process: the scale a
fault showed at is brought down to what still tells main from the fix."""

from __future__ import annotations

import random
import tracemalloc

import pytest


def test_placing_an_early_error_in_a_long_history_does_not_index_the_whole_of_it() -> None:
    """A JSON-list OpenSpiel history of 10^6 actions whose game ends at
    its 106th: the error was placed by indexing every value of the
    document (a path and an offset for each action: 197 MB peak for a
    3.8 MB file).  The locator's pass stops at the value asked: here
    (100,000 actions) 18 MB of tracked memory on main, 1.6 MB now."""
    from hearts_notation.io.openspiel import iter_openspiel_history
    from hearts_notation.io.stream import RecordError

    rng = random.Random(28)
    deal = list(range(52))
    rng.shuffle(deal)
    actions = [0, *deal, *(k % 52 for k in range(100_000))]
    text = "[" + ", ".join(map(str, actions)) + "]\n"
    with pytest.raises(RecordError):        # (the catalog loaded before the count)
        list(iter_openspiel_history("[" + ", ".join(map(str, actions[:300])) + "]\n", "s.oshist"))
    tracemalloc.start()
    try:
        with pytest.raises(RecordError, match="action 106: 99948 actions after") as told:
            list(iter_openspiel_history(text, "big.oshist"))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert (told.value.line, told.value.column) == (1, 401)
    assert peak < 8 * len(text), peak       # (47 times the text on main)
