"""The others' moon kept out through a trick not of hearts by the counted
hearts rule (issue 24, thirty-sixth round, helper whole33; docs/decisions.md,
"hearts solve").

In a trick not of hearts, with the moon open to another seat, the paranoid
bound of a trick lost (``_trick_bounds``) asked whether the analysed seat's
top heart was above every heart of each seat that could still shoot (the
twentieth round's rule).  It now asks :func:`_outranked`'s counted rule (the
twenty-eighth round's, until now asked only at a trick's start), with the
hearts the seat may play to this trick taken out first (``_heart_kept``'s
*drop*): the rule must hold at the next trick's start on the line the bound
is about.  The values are the brute force's (tests/test_exact_solver.py,
which shares no code with the solver); positions where the rule fires were
found by a scratch search of random positions, not kept.
"""

from __future__ import annotations

from hearts_notation.analysis.exact import PARANOID, ExactSolver
from hearts_notation.rules import parse_rules
from tests.test_exact_solver import Position, Tiny, brute_values


def _position(hands: list[list[int]], leader: int, done: int, broken: bool,
              taken: list[list[int]]) -> tuple[Position, Tiny]:
    """A position at a trick's start from the tiny rules' card ints."""
    t = Tiny(parse_rules("standard"))
    return (Position(t, [frozenset(h) for h in hands], leader, [], done, broken,
                     [frozenset(x) for x in taken]), t)


def test_the_counted_hearts_rule_caps_a_trick_lost_not_of_hearts() -> None:
    """Four tricks left, seat 0 to lead with 2♥ 8♥ 9♥ A♥; seat 1 alone with
    points (Q♠, J♥) holds Q♣ 6♥ K♥ J♠, seat 2 4♥ 5♥ 7♥ A♠, seat 3 6♦ 3♥ 10♥
    Q♥.  Down the tree the counted rule caps tricks of another suit that
    seat 0 loses where the top-heart rule said nothing (a shooter with a
    heart above seat 0's top heart left, or a heart of seat 0's thrown to
    the trick taken out first).  The values are the brute
    force's; the nodes 801 before the rule (main a8df6538), 747 with it
    (pure Python and compiled alike)."""
    p, _ = _position([[26, 32, 33, 38], [10, 30, 37, 48], [28, 29, 31, 51], [17, 27, 34, 36]],
                     0, 9, True,
                     [[2, 4, 5, 6, 7, 8, 9, 12, 13, 18, 20, 23], [15, 16, 19, 24, 35, 40, 44, 49],
                      [14, 21, 22, 25], [0, 1, 3, 11, 39, 41, 42, 43, 45, 46, 47, 50]])
    rules = parse_rules("standard")
    want = brute_values(p, PARANOID)
    assert want == {26: 6, 32: 4, 33: 4, 38: 8}
    solver = ExactSolver(rules, PARANOID)
    assert solver.card_values(p.to_state(rules)) == want
    assert solver.nodes == 747, solver.nodes


#: positions of 3 tricks left where the rule asked without the hearts the
#: analysed seat may play to the trick (*drop* ignored) gives a wrong value
#: (the scratch search's, for the card named): (hands, leader, broken, taken,
#: the brute force's values)
LOOSENED_WRONG = [
    # 4♦ valued 4, not 16: the analysed seat (2) would throw Q♥, its heart
    # above seat 1's 8♥, as if it kept it
    ([[34, 35, 49], [12, 24, 32], [15, 27, 36], [23, 29, 38]], 2, True,
     [[17, 40, 43, 45, 46, 47, 48, 50],
      [3, 8, 9, 11, 13, 18, 19, 20, 22, 26, 28, 30, 31, 33, 37, 51],
      [0, 1, 2, 10, 14, 16, 21, 25, 39, 41, 42, 44], [4, 5, 6, 7]],
     {15: 16, 27: 3, 36: 4}),
    # 2♥ and 3♥ valued 0, not 3
    ([[20, 33, 37], [26, 27, 35], [28, 29, 32], [10, 30, 36]], 1, True,
     [[14, 21, 22, 25],
      [0, 1, 3, 4, 13, 15, 16, 17, 18, 19, 23, 24, 39, 40, 41, 42, 43, 44, 47, 48], [],
      [2, 5, 6, 7, 8, 9, 11, 12, 31, 34, 38, 45, 46, 49, 50, 51]],
     {26: 3, 27: 3, 35: 26}),
    # 8♥ valued 4, not 16
    ([[26, 28, 30], [27, 29, 49], [20, 36, 37], [32, 38, 46]], 3, True,
     [[0, 1, 3, 4, 7, 8, 11, 12], [],
      [2, 6, 13, 16, 17, 19, 21, 22, 25, 31, 33, 34, 35, 39, 40, 41, 42, 45, 47, 51],
      [5, 9, 10, 14, 15, 18, 23, 24, 43, 44, 48, 50]],
     {32: 16, 38: 4, 46: 4}),
]


def test_the_hearts_played_to_the_trick_are_not_counted_kept() -> None:
    """The rule is asked of the analysed seat's hearts less those it may
    play to the trick in progress (the losing card it is credited with, and
    the penalty card the bound's line throws): a heart thrown into the
    shooter's trick no longer keeps the shooter out.  Asked with them, the
    solver values these positions wrongly (each comment above); asked
    without, as the brute force."""
    rules = parse_rules("standard")
    for hands, leader, broken, taken, want in LOOSENED_WRONG:
        p, _ = _position(hands, leader, 10, broken, taken)
        assert brute_values(p, PARANOID) == want
        assert ExactSolver(rules, PARANOID).card_values(p.to_state(rules)) == want, hands
