"""A seat that can duck every trick left but also win a scoring J♦.

Since the tenth round (4 December), the paranoid search took "the analysed
seat, on lead with the moon split, can lead a card another seat must beat
and then duck every trick" as *exactly* nothing more to come.  Ducking
bounds what it takes from above; with J♦ at −10 still alive it can do
better by winning the jack, so the floor is the bounds' (−10), not 0.
Found by the hypothesis sweep of tests/test_exact_solver.py
(``test_equivalent_cards_have_equal_values``, seed 235); the brute force
there knows nothing of the bounds.
"""

from __future__ import annotations

from hearts_notation.analysis.exact import PARANOID, solve_position
from hearts_notation.rules import parse_rules
from hearts_notation.state import GameState


def _mask(cards: list[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _position() -> GameState:
    """Three tricks left, seat 3 on lead with 8♣ 5♦ J♦ (it has taken Q♠
    and eight hearts: 21), nobody else holding a diamond; seats 0 to 2 hold
    4♣ 9♣ 2♥, A♥ 3♠ A♠ and 3♥ J♥ 7♠."""
    rules = parse_rules("jack-of-diamonds")
    hands = [_mask([2, 7, 26]), _mask([38, 40, 51]), _mask([27, 35, 44]), _mask([6, 16, 22])]
    taken = [_mask([13, 18, 20, 23]), 0, _mask([1, 5, 8, 10, 17, 19, 21, 24, 34, 41, 45, 50]),
             _mask([0, 3, 4, 9, 11, 12, 14, 15, 25, 28, 29, 30, 31, 32, 33, 36, 37, 39, 42, 43,
                    46, 47, 48, 49])]
    return GameState(rules, hands, 3, [], 10, True, taken)


def test_the_jack_still_to_win_is_below_nothing_more() -> None:
    # 5♦ first: the three others shed their hearts on it (24), then J♦
    # wins the jack and 3♥ (15), and 8♣ loses to 9♣: 15, not the 23 of
    # "nothing more after 5♦'s trick".
    assert solve_position(_position(), PARANOID, ties=False).values == {6: 21, 16: 15, 22: 15}

