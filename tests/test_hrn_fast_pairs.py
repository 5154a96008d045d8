"""The ``SEAT CARD`` pair reading of a trick line (canonical text) gives
what the token-by-token reading gives, whenever it answers."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from hearts_notation.io.hrn.fast import _trick, _trick_tokens

TOKENS = st.sampled_from(["N", "E", "S", "W", "n", "P3", "2C", "QS", "10H", "TD", "AH!", "KS?",
                          "X", "deal", "QSx", "R♥", "C", "1"])


@settings(max_examples=500, deadline=None)
@given(st.lists(TOKENS, max_size=10), st.integers(1, 99), st.integers(0, 3))
def test_pairs_read_as_tokens(toks: list[str], number: int, indent: int) -> None:
    line = [f"{number}.", *toks]
    col = indent + 1 + len(line[0]) + 1
    assert _trick(line, 7, indent) == _trick_tokens(line, 7, indent, col)
