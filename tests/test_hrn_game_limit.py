"""An HRN game past the ``record`` limit is one error at its first line and is
not read, as a JSON game, a JSONL line or a YAML document past it are
(hostile10 found HRN games unbounded: a 4 MB game of tags held 168 MB)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from hearts_notation.io.hrn.reader import iter_hrn
from hearts_notation.io.limits import Limits, set_limits

SAMPLE = (Path(__file__).resolve().parent.parent / "samples" / "canonical.hrn").read_text(encoding="utf-8")


@pytest.fixture
def small_record() -> Iterator[None]:
    """A ``record`` limit of 20,000 characters (the canonical sample is under it)."""
    set_limits(Limits(record=20_000))
    try:
        yield
    finally:
        set_limits(None)


def test_a_game_past_the_limit_is_one_error_and_the_next_game_reads(small_record: None) -> None:
    assert len(SAMPLE) < 20_000
    padding = "".join(f'[T{i} "v"]\n' for i in range(3000))
    games = list(iter_hrn(padding + SAMPLE + "\n" + SAMPLE, "big.hrn"))
    assert len(games) == 2
    big, normal = games
    assert [(f.code, f.line, f.column) for f in big.errors] == [("syntax-error", 1, 1)]
    assert "20,000" in big.errors[0].message and "HEARTS_MAX_RECORD" in big.errors[0].message
    assert not big.deals
    assert not normal.errors and len(normal.deals) == len(games[1].deals) > 0


def test_a_game_within_the_limit_reads_as_before(small_record: None) -> None:
    (game,) = iter_hrn(SAMPLE, "canonical.hrn")
    assert not game.errors and len(game.deals) == 10
