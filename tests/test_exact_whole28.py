"""The other seats' leads in the order of their own history, one table per
number of tricks left, from 9 tricks left down (issue 24, thirty-fifth
round, measured and dropped; docs/decisions.md, "hearts solve").

The paranoid search tried the analysed seat's leads in history order since
the twelfth round; the others' leads kept the natural order.  A history for
their leads in one table (twenty-fifth round) cut nodes at 7 tricks left but
sent the deep searches' cuts to the leads near the root of a whole deal.
Here each number of tricks left has its own table, and only the leads at 9
tricks left or fewer follow it.  An order only: paranoid values have no tie
rule, so the values are the brute force's (tests/test_exact_solver.py,
which shares no code with the solver); the node counts are what changes
(each pin below fails on the code before, which searched 61 and 93 nodes).
"""

from __future__ import annotations

from hearts_notation.analysis.exact import PARANOID, ExactSolver
from hearts_notation.rules import parse_rules
from tests.test_exact_solver import Position, Tiny, brute_values


def _cards(text: str) -> frozenset[int]:
    """Cards written as ranks and suits ("5C AH"), as the tiny rules' ints."""
    return frozenset("CDHS".index(w[1]) * 13 + "23456789TJQKA".index(w[0]) for w in text.split())


def _solved(hands: list[str], taken: list[str], leader: int) -> tuple[dict[int, int], dict[int, int], int]:
    """The brute force's paranoid values of the lead, the solver's, and the
    solver's nodes: four tricks left, hearts broken, the standard rules."""
    rules = parse_rules("standard")
    p = Position(Tiny(rules), [_cards(x) for x in hands], leader, [], 9, True,
                 [_cards(x) for x in taken])
    solver = ExactSolver(rules, PARANOID)
    got = solver.card_values(p.to_state(rules))
    return brute_values(p, PARANOID), got, solver.nodes


def test_the_others_leads_follow_their_history_seat_0() -> None:
    """Seat 0 leads from 4♣ 9♣ 10♥ 6♠, the points split (seat 0 has 4, seat
    1 has 6): every lead is worth 20 (Q♠ and the three hearts still to come
    are handed to it).  The other seats lead the later tricks; with their
    history the proof takes 47 nodes (61 in the natural order)."""
    want, got, nodes = _solved(
        ["4C 9C TH 6S", "8D 9D 5H AS", "3C TS JS QS", "KC 9H 3S 8S"],
        ["2H 4H QH KH", "QC 2D 3D 5D JD QD KD AD 3H 6H 7H 8H JH AH 2S 4S 5S 7S 9S KS",
         "2C 7C 8C TC 4D 6D 7D TD", "5C 6C JC AC"],
        0)
    assert want == {2: 20, 7: 20, 34: 20, 43: 20}
    assert got == want
    assert nodes == 47, nodes


def test_the_others_leads_follow_their_history_seat_3() -> None:
    """Seat 3 leads from 2♦ 4♠ K♠ A♠ holding 21 points, seat 2 holding Q♥:
    seat 3's every lead is worth 25 (the others hand it the four hearts
    still alive).  With the history of the others' leads the proof takes 81
    nodes (93 in the natural order)."""
    want, got, nodes = _solved(
        ["7D KD 3S 6S", "4D AD 5H 6H", "3D TD KH AH", "2D 4S KS AS"],
        ["", "5C 6C 7C 8C", "2C 3C 4C 9C TC JC QC KC AC 5D QD QH 2S 5S 7S JS",
         "6D 8D 9D JD 2H 3H 4H 7H 8H 9H TH JH 8S 9S TS QS"],
        3)
    assert want == {13: 25, 41: 25, 50: 25, 51: 25}
    assert got == want
    assert nodes == 81, nodes
