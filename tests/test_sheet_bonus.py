"""A score sheet's lines under ``no_trick_bonus`` (OpenSpiel's
``avoid_all_tricks_bonus``): a seat that took no trick scores the bonus, so
a line of a deal kept as a sheet may add up to less than the deck hands out
by the bonus of each such seat.  The sheet's check knows it (a seat at the
bonus took nothing; the others' figures are still whole hearts, Q♠ and J♦),
and still refuses what no play gives."""

from __future__ import annotations

import pytest

from hearts_notation.api import validate_text

HEAD = '[Rules "standard no_trick_bonus=-5"]\ndeal 1\nscore '


@pytest.mark.parametrize("line", ["N -5 E 20 S 6 W 0", "N -5 E -5 S 20 W 6",
                                  "N -5 E -5 S -5 W 26", "N 26 E 26 S 0 W 26"])
def test_lines_the_bonus_explains_read_clean(line: str) -> None:
    """One seat without a trick, two, three (W then took every trick, a
    moon: the bonus is not given, so that line is refused below), a moon."""
    result = validate_text(HEAD + line + "\n", "hrn")
    codes = [f["code"] for f in result.findings() if f["severity"] == "error"]
    if line == "N -5 E -5 S -5 W 26":
        assert codes == ["sheet-sum"]
    else:
        assert codes == [], (line, [f["message"] for f in result.findings()])


@pytest.mark.parametrize("line", ["N -5 E 21 S 6 W 0",     # off by one
                                  "N -5 E -5 S 26 W 0",    # S holds every penalty card: a moon
                                  "N -5 E 30 S -4 W 0"])   # a figure below 0 with no J♦ in play
def test_lines_no_play_gives_are_still_refused(line: str) -> None:
    result = validate_text(HEAD + line + "\n", "hrn")
    assert any(f["severity"] == "error" and f["code"].startswith("sheet-") for f in result.findings())


def test_without_the_rule_the_bonus_is_not_read() -> None:
    result = validate_text("deal 1\nscore N -5 E 20 S 6 W 0\n", "hrn")
    assert any(f["code"] == "sheet-sum" for f in result.findings())
