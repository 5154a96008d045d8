"""The analysis' depths count cards with more than four players (coordinator,
thirteenth session).

``exact_tricks`` (and the play-outs' tail, the face-up depth) was a count of
tricks whatever the seats: a six-player deal was searched exactly over its last
30 cards, where four players search 20 — 4.4 CPU-s a deal compiled and over
80 s in pure Python (hostile31).  Each depth is now the tricks that hold no
more cards than that many tricks of four; a depth asked for on the command
line is taken as said.
"""
from __future__ import annotations

import pytest

from hearts_notation.analysis.evaluate import FAST, EvalOptions, Evaluator
from hearts_notation.analysis.exact import ExactSolver
from hearts_notation.commands.annotate import eval_options
from hearts_notation.rules import load_rules


@pytest.mark.parametrize(("players", "depths"), [
    (3, (5, 3, 6)), (4, (5, 3, 6)), (5, (4, 2, 4)), (6, (3, 2, 4))])
def test_the_default_depths_hold_no_more_cards_than_four_players(
        players: int, depths: tuple[int, int, int]) -> None:
    o = EvalOptions().for_players(players)
    assert (o.exact_tricks, o.tail_tricks, o.dd_tricks) == depths
    assert o.exact_tricks * players <= 20


def test_fast_scales_too() -> None:
    o = FAST.for_players(6)
    assert (o.exact_tricks, o.tail_tricks, o.dd_tricks) == (2, 1, 3)


def test_a_depth_asked_for_is_taken_as_said() -> None:
    asked = eval_options(False, None, 1, 5)
    assert not asked.depth_by_cards
    assert asked.for_players(6).exact_tricks == 5
    assert eval_options(False, None, 1, None).for_players(6).exact_tricks == 3


def test_the_evaluator_of_a_six_player_deal_uses_the_scaled_depths() -> None:
    rules = load_rules("six-players")
    ev = Evaluator(6, ExactSolver(rules), EvalOptions())
    assert ev.options.exact_tricks == 3
    assert [p.tail for p in ev.playouts] == [2] * len(ev.playouts)
    assert ev.options.dd_tricks == 4
