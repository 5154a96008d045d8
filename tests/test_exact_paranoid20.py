"""The thirtieth round of the exact solver's paranoid search (issue 24;
docs/decisions.md, "hearts solve", thirtieth round): the analysed seat on
lead, the others' moon kept out by its top heart, leads a lower heart that
surely loses, and its ceiling drops by that trick's hearts."""

from __future__ import annotations

from hearts_notation.rules import parse_rules
from tests.test_exact_solver import _brute_and_nodes, _moon_open_to


def test_a_lost_heart_lead_with_the_moon_kept_out_caps_the_seat() -> None:
    """Seat 1 (3♥ Q♥) leads 3♥ under seat 0's hearts; seat 0, the seat alone
    with points, holds two hearts under Q♥ (T♥ 7♥), so after that trick it
    still holds one and Q♥ keeps its moon out: the seat gets at most the
    points alive less the trick's two hearts (50 nodes before, 44 after).
    Seat 0 (2♥ A♥) against seat 2's Q♥ K♥: 48 before, 45 after.  The values
    are the brute force's (each count fails on the code before)."""
    rules = parse_rules("standard")
    for hands, leader, shooter, nodes in (
            (("TH JD 7H", "3H QH KD", "9H 3S TC", "2C 8D 4H"), 1, 0, 44),
            (("5S AH 2H", "4H 2S 3C", "QC QH KH", "JC 6H 5C"), 0, 2, 45)):
        _brute_and_nodes(rules, _moon_open_to(rules, hands, leader, shooter), nodes)
