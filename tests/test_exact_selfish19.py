"""The selfish search's last two tricks (``ExactSolver._mx_two``, helper
selfish19): a table miss with two cards in every hand is answered by a
search of outcome codes instead of nodes.  Its answer must be the plain
search's, every seat's points and both tie orders, so it is checked here
against the independent brute force of ``tests/test_exact_solver.py`` on
every seat's final points (``play_out``), not only the mover's values."""

from __future__ import annotations

import random

import pytest

from hearts_notation.analysis.exact import SELFISH, ExactSolver
from hearts_notation.rules import parse_rules
from tests.test_exact_solver import Position, Tiny, brute_selfish, random_position


def _cards(*names: str) -> frozenset[int]:
    return frozenset("CDHS".index(x[1]) * 13 + "23456789TJQKA".index(x[0]) for x in names)


def _check_play_outs(spec: str, count: int, before_last: bool) -> None:
    """*count* random positions of three tricks left (*before_last*: with the
    trick's last card still to play, so every line reaches the two-card
    boundary at once; else at the trick's lead), each seat's points from
    kept solvers, both tie orders, against the brute force."""
    rules = parse_rules(spec)
    rng = random.Random(f"selfish19/{spec}/{before_last}")
    solvers = {rev: ExactSolver(rules, SELFISH, reverse_ties=rev) for rev in (False, True)}
    for _ in range(count):
        p = random_position(rules, rng, 3, midtrick=False)
        if before_last:
            for _k in range(rules.players - 1):
                p = p.play(rng.choice(p.legal()))
        state = p.to_state(rules)
        for rev, solver in solvers.items():
            assert solver.play_out(state) == brute_selfish(p, rev, {}), (rev, state)


@pytest.mark.parametrize(("spec", "count"), [
    ("standard", 30), ("jack-of-diamonds", 15), ("standard moon=subtract", 10),
    ("three-players", 10), ("six-players", 5),
])
def test_the_last_two_tricks_give_every_seat_the_brute_forces_points(spec: str, count: int) -> None:
    """The trick's last card to play, then the last two tricks (a table miss
    at first, kept solvers meeting entries it stored later): every seat's
    points, both tie orders, equal the brute force's."""
    _check_play_outs(spec, count, True)


@pytest.mark.slow
@pytest.mark.parametrize(("spec", "count"), [
    ("standard", 40), ("jack-of-diamonds", 20), ("standard moon=subtract", 15),
    ("three-players", 15), ("six-players", 10),
])
def test_the_last_two_tricks_after_a_searched_trick(spec: str, count: int) -> None:
    """Three tricks left at a trick's lead: a whole trick searched before the
    last two (slow: the brute force of three tricks, some 30 CPU-s pure with
    six players)."""
    _check_play_outs(spec, count, False)


def test_the_last_two_tricks_count_one_node() -> None:
    """Three tricks left, standard rules, the moon split: seat 0 leads; after
    the first trick each line meets the last two tricks, answered without a
    node each (one for the closed form): 13 nodes, where main's search
    (4c6a4ce) took 36.  The play-out is the brute force's in both tie
    orders."""
    rules = parse_rules("standard")
    p = Position(Tiny(rules), [_cards("AH", "2C", "QS"), _cards("3C", "5H", "KS"),
                               _cards("6H", "7H", "4C"), _cards("8H", "2D", "9C")], 0, [], 10, True,
                 [frozenset(), _cards("2H", "3H", "4H", "2S"), _cards("9H", "6S", "7S", "8S"),
                  _cards("9S", "TS", "JS", "AS")])
    state = p.to_state(rules)
    for rev in (False, True):
        solver = ExactSolver(rules, SELFISH, reverse_ties=rev)
        assert solver.play_out(state) == brute_selfish(p, rev, {})
        if not rev:
            assert solver.nodes == 13, solver.nodes
