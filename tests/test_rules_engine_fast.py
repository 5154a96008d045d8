"""The engine's one-pass replay agrees with :func:`legal_plays`.

``state.replay_tricks`` (the referee's hot loop) asks :func:`legal_plays`
only where the rules can forbid a card; these tests check, for random
positions and random deals under every preset, that the plays it does not
ask about are legal by :func:`legal_plays` itself, and that it judges whole
deals exactly as a card-by-card replay does, so that the rules stay coded
once.
"""

from __future__ import annotations

import random

import pytest

from hearts_notation.cards import HEARTS_MASK, SUIT_MASKS, cards_of
from hearts_notation.generate import generate_games
from hearts_notation.rules import RuleSet, parse_rules, preset_names
from hearts_notation.state import (
    GameState,
    breaks_hearts,
    led_suit,
    legal_plays,
    opening_leader,
    replay_tricks,
    trick_winner,
    winning_card,
)
from hearts_notation.walk import deal_hands, seat_index


@pytest.mark.parametrize("preset", preset_names())
def test_the_three_shortcuts_are_legal_plays(preset: str) -> None:
    rules = parse_rules(preset)
    rng = random.Random(preset)
    deck = list(cards_of(rules.deck_mask))
    for _ in range(3000):
        hand = 0
        for c in rng.sample(deck, rng.randint(1, 13)):
            hand |= 1 << c
        broken = rng.random() < 0.5
        led = rng.choice([None, 0, 1, 2, 3])
        legal = legal_plays(rules, hand, led, False, broken)
        opening = legal_plays(rules, hand, led, True, broken)
        for c in cards_of(hand):
            if led is not None and c // 13 == led:
                assert legal >> c & 1                      # following suit
                assert opening >> c & 1                    # ... on the first trick too
            elif led is not None:
                assert bool(legal >> c & 1) == (not hand & SUIT_MASKS[led])   # off suit: only if void
            elif not (1 << c) & HEARTS_MASK:
                assert legal >> c & 1                      # a lead other than a heart


@pytest.mark.parametrize("preset", preset_names())
def test_replay_exact_accepts_legal_deals_and_finds_every_illegal_card(preset: str) -> None:
    rules = parse_rules(preset)
    rng = random.Random(preset)
    for game in generate_games(3, seed=9, rules=preset, bots=("random",)):
        seats = rules.default_seats
        for deal in game.deals:
            hands = list(deal_hands(deal, rules, seats, deal.number).played_from)
            assert all(h is not None for h in hands)
            bits = [1 << p.card for t in deal.tricks for p in t.plays]
            done = replay_exact(rules, hands, bits)  # type: ignore[arg-type]
            assert done is not None
            _taken, leaders = done
            idx = seat_index(seats)
            assert leaders == [idx[t.plays[0].seat] for t in deal.tricks]
            # swapping two cards of the same seat usually breaks a rule; the
            # fast replay must then agree with a card-by-card legal_plays replay
            for _ in range(5):
                s = rng.randrange(len(seats))
                mine = [i for i, t in enumerate(deal.tricks) for p in t.plays if idx[p.seat] == s]
                a, b = rng.sample(range(len(mine)), 2)
                pos_a = next(i for i, x in enumerate(bits) if x == bits[_flat(deal, mine[a], s, idx)])
                pos_b = next(i for i, x in enumerate(bits) if x == bits[_flat(deal, mine[b], s, idx)])
                swapped = list(bits)
                swapped[pos_a], swapped[pos_b] = swapped[pos_b], swapped[pos_a]
                assert (replay_exact(rules, hands, swapped) is not None) == _slow_ok(  # type: ignore[arg-type]
                    rules, hands, swapped)


def replay_exact(rules: RuleSet, hands: list[int], bits: list[int]
                 ) -> tuple[list[int], list[int]] | None:
    """:func:`replay_tricks` of cards given as one-bit masks in play order,
    the seats implied: the opening leader leads, each trick's winner the next."""
    n = len(hands)
    if len(bits) != n * rules.tricks_per_deal:
        return None
    lead = opening_leader(rules, hands)
    if lead is None:
        return None
    cards = [b.bit_length() - 1 for b in bits]
    leaders = [lead]
    for t in range(rules.tricks_per_deal - 1):
        leaders.append((leaders[-1] + trick_winner(cards[t * n:(t + 1) * n])) % n)
    taken = replay_tricks(rules, list(hands), leaders, cards)
    return None if taken is None else (taken, leaders)


def _flat(deal: object, trick: int, seat: int, idx: dict[str, int]) -> int:
    tricks = deal.tricks  # type: ignore[attr-defined]
    n = len(tricks[0].plays)
    k = next(i for i, p in enumerate(tricks[trick].plays) if idx[p.seat] == seat)
    return trick * n + k


def _slow_ok(rules: object, hands: list[int], bits: list[int]) -> bool:
    """The same question answered by legal_plays card by card."""
    n = len(hands)
    h = list(hands)
    lc = 1 << rules.lowest_club  # type: ignore[attr-defined]
    leader = next(s for s in range(n) if h[s] & lc)
    broken = False
    for t in range(len(bits) // n):
        trick = bits[t * n:(t + 1) * n]
        led = None
        mask = 0
        for k, b in enumerate(trick):
            s = (leader + k) % n
            if not h[s] & b or not legal_plays(rules, h[s], led, t == 0, broken) & b:  # type: ignore[arg-type]
                return False
            h[s] &= ~b
            mask |= b
            if led is None:
                led = (b.bit_length() - 1) // 13
        assert led is not None
        if any(breaks_hearts(rules, x.bit_length() - 1, led) for x in trick):  # type: ignore[arg-type]
            broken = True
        follow = [x for x in trick if (x.bit_length() - 1) // 13 == led]
        leader = (leader + trick.index(max(follow))) % n
    return True


def test_the_winner_of_a_trick_is_the_highest_card_of_the_led_suit() -> None:
    rng = random.Random(5)
    for _ in range(5000):
        n = rng.randint(1, 6)
        cards = rng.sample(range(52), n)
        led = led_suit(cards)
        assert led == cards[0] // 13
        best = max(c for c in cards if c // 13 == led)
        assert cards[trick_winner(cards)] == best
        m = sum(1 << c for c in cards)
        assert winning_card(cards[0], m) == best
    assert led_suit([]) is None


def test_replay_tricks_refuses_a_broken_shape_without_raising() -> None:
    rules = parse_rules("standard")
    game = next(iter(generate_games(1, seed=3, rules="standard", bots=("random",))))
    seats = rules.default_seats
    idx = seat_index(seats)
    deal = game.deals[0]
    hands = [h for h in deal_hands(deal, rules, seats, deal.number).played_from if h is not None]
    plays = [p for t in deal.tricks for p in t.plays]
    cards = [p.card for p in plays]
    leaders = [idx[p.seat] for p in plays[::4]]
    taken = replay_tricks(rules, hands, leaders, cards)
    assert taken is not None and sum(taken) == rules.deck_mask
    gs = GameState(rules, hands)
    for c in cards:
        gs.play(c)
    assert gs.taken == taken
    assert replay_tricks(rules, hands, leaders, cards[:-1]) is None
    assert replay_tricks(rules, hands, leaders[:-1], cards) is None
    assert replay_tricks(rules, hands[:-1], leaders, cards) is None
    assert replay_tricks(rules, hands, leaders, cards[:-4]) is None
    seat_of = [(leaders[i // 4] + i % 4) % 4 for i in range(len(cards))]
    later = next(i for i in range(20, 24) if seat_of[i] == seat_of[16])
    twice = list(cards)
    twice[later] = twice[16]            # one card played twice by its holder
    assert replay_tricks(rules, hands, leaders, twice) is None
    wrong_lead = [(leaders[0] + 1) % 4, *leaders[1:]]
    assert replay_tricks(rules, hands, wrong_lead, cards) is None
    # a card played out of its turn: two seats' cards swapped within a trick
    swapped = list(cards)
    swapped[0], swapped[1] = swapped[1], swapped[0]
    assert replay_tricks(rules, hands, leaders, swapped) is None
