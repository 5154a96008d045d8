"""A game state built at a decision in the middle of a trick, as the
analysis builds its search positions (analysis/context.py: the hands of a
sampled world, hearts broken as before the trick, the cards on the table),
agrees with the game state that got there card by card, on random
positions of every preset."""

from __future__ import annotations

import random

import pytest

from hearts_notation.cards import cards_of, mask_of
from hearts_notation.rules import RuleSet, parse_rules, preset_names
from hearts_notation.state import GameState


def random_hands(rules: RuleSet, rng: random.Random) -> list[int]:
    deck = cards_of(rules.deck_mask)
    rng.shuffle(deck)
    hs = rules.hand_size
    return [mask_of(deck[i * hs:(i + 1) * hs]) for i in range(rules.players)]


@pytest.mark.parametrize("preset", preset_names())
def test_a_position_built_in_the_middle_of_a_trick(preset: str) -> None:
    """A search state made at a decision inside a trick (as the analysis
    makes them: hearts broken as before the trick, the cards on the table)
    plays on as the game state that got there card by card: a heart already
    discarded to the trick opens hearts for the next lead."""
    rules = parse_rules(preset)
    rng = random.Random(f"mid-{preset}")
    for _ in range(200):
        gs = GameState(rules, random_hands(rules, rng))
        broken_before = False
        stop = rng.randrange(1, rules.tricks_per_deal * rules.players)
        for _ in range(stop):
            if not gs.trick:
                broken_before = gs.broken
            gs.push(rng.choice(cards_of(gs.legal_cards())))
        if not gs.trick:
            continue
        ps = GameState(rules, gs.hands, gs.leader, gs.trick, gs.tricks_done, broken_before,
                       gs.taken)
        assert ps.broken == gs.broken
        while not gs.is_over:
            assert ps.to_play == gs.to_play and ps.legal_cards() == gs.legal_cards()
            card = rng.choice(cards_of(gs.legal_cards()))
            ps.push(card)
            gs.push(card)
        assert ps.points("add") == gs.points("add")
