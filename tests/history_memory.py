"""The peak memory of refusing a large OpenSpiel history, shared by the
hostile-input rounds that bound it (review27: a history printed by Python;
review28: a history with actions past the deal's end)."""

from __future__ import annotations

import tracemalloc

import pytest

from hearts_notation.io.openspiel import iter_openspiel_history
from hearts_notation.io.stream import RecordError


def refusal_peak(small: str, text: str, match: str) -> tuple[RecordError, int]:
    """The error reading *text* as a history (``big.oshist``) raises, whose
    message matches *match*, and the peak of the Python memory traced while
    it was read.  *small*, a short history refused the same way, is read
    first, untraced, so the catalog and the reader's tables loaded once do
    not count in the peak."""
    with pytest.raises(RecordError):
        list(iter_openspiel_history(small, "small.oshist"))
    tracemalloc.start()
    try:
        with pytest.raises(RecordError, match=match) as told:
            list(iter_openspiel_history(text, "big.oshist"))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return told.value, peak
