"""``walk`` without the deal's hands takes the deal's number as written,
which a JSON or YAML deal may leave out: deal 2 of a game then has the
number 2 (``model.deal_numbers``, as the referee and the scorer count) and
passes right under the standard rules.  The deal alone cannot know that, so
``walk`` refuses to guess (it used to replay the deal with the pass unknown,
every hand after the pass lost); with the hands ``deal_hands`` gives for the
game's number, every play is replayed from the hand the pass right left."""

from __future__ import annotations

import dataclasses
import random

import pytest

from hearts_notation.cards import mask_of
from hearts_notation.generate import random_game
from hearts_notation.io import dumps, iter_games_text
from hearts_notation.model import deal_numbers
from hearts_notation.rules import parse_rules
from hearts_notation.walk import deal_hands, walk


def test_an_unnumbered_json_deal_2_passes_right_through_walk() -> None:
    rules = parse_rules("standard")
    made = random_game(rules, random.Random(7), deals=2)
    unnumbered = dataclasses.replace(made, deals=tuple(
        dataclasses.replace(d, number=None, direction=None) for d in made.deals))
    game = next(iter(iter_games_text(dumps([unnumbered], "json"), "json", "t")))
    deal = game.deals[1]
    assert deal.number is None and deal.direction is None and deal.passes
    seats = rules.default_seats
    with pytest.raises(ValueError, match="deal_numbers"):
        next(walk(deal, rules, seats))
    number = deal_numbers(game.deals)[1]
    assert number == 2
    hands = deal_hands(deal, rules, seats, number)
    given = [mask_of(deal.passes[s].cards) for s in seats]
    for i, seat in enumerate(seats):    # right: each seat gets the cards of the seat on its left
        dealt = mask_of(deal.hands[seat])  # type: ignore[arg-type]
        assert hands.played_from[i] == (dealt & ~given[i]) | given[(i + 1) % 4], seat
    steps = list(walk(deal, rules, seats, hands))
    assert len(steps) == 52
    assert all(s.legal is not None and s.legal >> s.play.card & 1 for s in steps)
