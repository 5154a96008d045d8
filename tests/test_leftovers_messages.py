"""English catalog wording: a message whose subject is plural or singular
agrees with its verb (the limit on a JSON number's digits used to read "a
number's digits is over the limit of 18")."""

from __future__ import annotations

from hearts_notation.io import iter_games_text


def test_the_digits_limit_reads_as_a_sentence() -> None:
    text = '{"deals": [{"number": 1234567890123456789012}]}'
    said = next(iter(iter_games_text(text, "json", "t"))).errors[0].message
    assert said.startswith("deals[0].number: a number's length in digits is over the limit of 18 "), said
