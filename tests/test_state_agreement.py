"""The analysis's search position (analysis.state.PlayState, the game
state under the analysis's names) agrees with the game state
(hearts_notation.state.GameState) driven the game state's own way, on
random positions of every preset: legal cards, who is to play, the trick's
winner, hearts broken, the cards taken and the points, through play and
undo, and a copy is independent"""

from __future__ import annotations

import random

import pytest

from hearts_notation.analysis.state import PlayState
from hearts_notation.cards import cards_of, mask_of
from hearts_notation.rules import RuleSet, parse_rules, preset_names
from hearts_notation.state import GameState, opening_leader


def random_hands(rules: RuleSet, rng: random.Random) -> list[int]:
    deck = cards_of(rules.deck_mask)
    rng.shuffle(deck)
    hs = rules.hand_size
    return [mask_of(deck[i * hs:(i + 1) * hs]) for i in range(rules.players)]


@pytest.mark.parametrize("preset", preset_names())
def test_play_state_agrees_with_game_state(preset: str) -> None:
    rules = parse_rules(preset)
    rng = random.Random(preset)
    for _ in range(150):
        hands = random_hands(rules, rng)
        leader = opening_leader(rules, hands)
        assert leader is not None
        gs = GameState(rules, hands)
        ps = PlayState(rules, hands, leader)
        undos = []
        while not gs.is_over:
            assert ps.to_move == gs.to_play
            assert ps.legal() == gs.legal_cards()
            if not gs.trick:
                assert (ps.leader, ps.trick_no, ps.broken, ps.taken) == (
                    gs.leader, gs.tricks_done, gs.broken, gs.taken)
            card = rng.choice(cards_of(gs.legal_cards()))
            undos.append(ps.play(card))
            gs.push(card)
        assert ps.is_over
        choice = "subtract" if rules.moon == "subtract" else "add"
        assert ps.final_points(choice) == gs.points(choice)
        # take a random number of cards back in both, then play on again
        for _ in range(rng.randrange(1, len(undos) + 1)):
            ps.undo(undos.pop())
            gs.pop()
        assert ps.to_move == gs.to_play and ps.hands == gs.hands and ps.legal() == gs.legal_cards()
        copy = ps.copy()
        assert isinstance(copy, PlayState) and copy.hands == ps.hands and copy.trick == ps.trick
        if ps.legal():
            copy.play(cards_of(copy.legal())[0])
            assert copy.move_stack != ps.move_stack and ps.legal() == gs.legal_cards()


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
        ps = PlayState(rules, gs.hands, gs.leader, gs.tricks_done, broken_before,
                       list(zip(gs.trick_seats, gs.trick, strict=True)), gs.taken)
        assert ps.broken == gs.broken
        while not gs.is_over:
            assert ps.to_move == gs.to_play and ps.legal() == gs.legal_cards()
            card = rng.choice(cards_of(gs.legal_cards()))
            ps.play(card)
            gs.push(card)
        assert ps.final_points() == gs.points("add")
