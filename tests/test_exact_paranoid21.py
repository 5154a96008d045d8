"""A trick of hearts another seat led, lost with a heart kept (issue 24,
thirty-first round; docs/decisions.md, "hearts solve").

The paranoid search caps the analysed seat at the points alive less a
trick's when it surely loses that trick; with the others' moon still open
it did so only for a trick not of hearts (the seat keeping its top heart
for the first trick of hearts).  In a trick of hearts another seat led,
the seat can follow under the card winning with a low heart and keep a
higher one, and when every seat that could still shoot either cannot win
the trick or is left with hearts all under that one, nobody takes every
penalty card: the seat takes at most the points alive less the trick's
hearts (``_heart_lost``).  The figures are the brute force's values
(tests/test_exact_solver.py, which shares no code with the solver) and the
nodes the search takes: 45 before the bound, 32 with it (pure Python
and compiled alike).
"""

from __future__ import annotations

from hearts_notation.analysis.exact import PARANOID, ExactSolver
from hearts_notation.rules import parse_rules
from tests.test_exact_solver import Position, Tiny, brute_values


def _cards(text: str) -> frozenset[int]:
    """Cards written as ranks and suits ("5C AH"), as the tiny rules' ints."""
    return frozenset("CDHS".index(w[1]) * 13 + "23456789TJQKA".index(w[0]) for w in text.split())


def test_a_heart_trick_lost_under_a_kept_heart_caps_the_seat() -> None:
    """Three tricks left, seat 1 (the only seat with points: J♥ 6♥ A♥ Q♠,
    so its moon still open) led 10♥, seat 2 played 4♥ and seat 3 8♥; the
    analysed seat 0 holds 3♥ 7♥ Q♥.  Seat 1 holds the trick, but once it
    has it seat 1 holds 5♥ only, under Q♥, which the analysed seat keeps
    for the next trick of hearts: nobody takes every penalty card, and 3♥
    or 7♥ under 10♥ caps the seat at the points alive less that trick's
    four hearts.  The values: 3 for either low heart, 6 for Q♥ (it wins
    the trick)."""
    rules = parse_rules("standard")
    t = Tiny(rules)
    hands = [_cards(x) for x in ("3H 7H QH", "5H 4S", "2H KH", "TC 9H")]
    taken = [_cards("3C 4C 6C QC 2D 3D 4D 5D 6D 7D 8D 9D TD JD KD AD"),
             _cards("2C 5C JC AC QD 6H JH AH 5S 8S QS KS"),
             _cards("9S TS JS AS"),
             _cards("7C 8C 9C KC 2S 3S 6S 7S")]
    trick = [2 * 13 + 8, 2 * 13 + 2, 2 * 13 + 6]     # 10♥, 4♥, 8♥ in the order played
    p = Position(t, hands, 1, trick, 10, True, taken)
    want = brute_values(p, PARANOID)
    assert want == {27: 3, 31: 3, 36: 6}
    solver = ExactSolver(rules, PARANOID)
    assert solver.card_values(p.to_state(rules)) == want
    assert solver.nodes == 32, solver.nodes
