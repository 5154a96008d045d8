"""The OpenSpiel writer numbers deals as the referee does (issue 22, "the
pass rule once").

OpenSpiel's input cannot carry a deal number (a state or a history is one
deal, read as deal 1), so only the writer had a rule of its own: it took
``deal.number or di + 1``, which renumbered a model's deal 0 as deal 1 and a
deal without a number as its place in the game.  It now takes the numbers
the scoring (and the referee) give: a number as written, 0 included
(:func:`hearts_notation.state.deal_pass` follows the cycle for any whole
number), and a deal without one the deal after the one before.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from hearts_notation.api import read_games
from hearts_notation.io.openspiel import ACTION_OF_DIRECTION, OpenSpielExportError, game_histories
from hearts_notation.model import Deal, Game
from hearts_notation.referee import check_game

SAMPLE = Path(__file__).resolve().parent.parent / "samples" / "canonical.hrn"


@pytest.fixture(scope="module")
def canonical() -> Game:
    return next(iter(read_games(str(SAMPLE))))


def _game(game: Game, *deals: Deal) -> Game:
    """*game* with *deals* only (no totals, no result: they are another question)."""
    return dataclasses.replace(game, deals=tuple(dataclasses.replace(d, total=None)
                                                 for d in deals), result=None)


def _codes(game: Game) -> list[str]:
    return [f.code for f in check_game(game).findings if f.code.startswith("pass")]


def test_deal_zero_is_the_step_before_deal_one(canonical: Game) -> None:
    # canonical's deal 4 holds; deal 0 of the standard cycle holds too
    hold = dataclasses.replace(canonical.deals[3], number=0, direction=None, dealer=None)
    game = _game(canonical, hold)
    assert _codes(game) == []
    (history,), _ = game_histories(game)
    assert history[0] == ACTION_OF_DIRECTION["hold"]
    (written,), _ = game_histories(_game(canonical, canonical.deals[3]))
    assert history == written


def test_deal_zero_with_passes_is_refused_as_deal_zero(canonical: Game) -> None:
    # canonical's deal 1 passes left: as deal 0 (hold) its passes contradict the cycle
    left = dataclasses.replace(canonical.deals[0], number=0, direction=None, dealer=None)
    game = _game(canonical, left)
    assert "pass-direction" in _codes(game)
    with pytest.raises(OpenSpielExportError) as caught:
        game_histories(game)
    assert "deal 0:" in str(caught.value) and "hold deal" in str(caught.value)


def test_deal_without_number_follows_the_one_before(canonical: Game) -> None:
    # deals 3 (across) and 4 (hold); the second written without a number is
    # deal 4, as the referee counts it, not deal 2 (its place in the game)
    third = dataclasses.replace(canonical.deals[2], direction=None, dealer=None)
    fourth = dataclasses.replace(canonical.deals[3], number=None, direction=None, dealer=None)
    game = _game(canonical, third, fourth)
    assert _codes(game) == []
    histories, _ = game_histories(game)
    assert [h[0] for h in histories] == [ACTION_OF_DIRECTION["across"],
                                         ACTION_OF_DIRECTION["hold"]]
