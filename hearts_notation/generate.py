"""Random legal deals and games, for tests, samples and benchmarks.

The play is chosen uniformly among the legal cards given by
:mod:`hearts_notation.engine` (the one copy of the rules), so every
generated record validates clean under the rules it was generated with.
Same seed, same output.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .cards import CARDS, cards_of, display_order, iter_bits
from .engine import breaks_hearts, deal_points, legal_plays, trick_winner
from .model import Deal, Game, Pass, Play, Trick
from .rules import RuleSet


def random_hands(rules: RuleSet, rng: random.Random) -> list[int]:
    """A shuffled deal of the cards in play, one bitmask per seat."""
    deck = list(iter_bits(rules.deck_mask))
    rng.shuffle(deck)
    n = rules.players
    hands = [0] * n
    for i, c in enumerate(deck):
        hands[i % n] |= 1 << c
    return hands


def random_deal(rules: RuleSet, rng: random.Random, number: int = 1,
                seats: Sequence[str] | None = None, dealer: int | None = None,
                tricks: int | None = None) -> Deal:
    """One deal with random legal passes and play.

    *tricks* limits the number of tricks played (the deal is then marked
    unfinished), for records of games in progress.
    """
    seats = tuple(seats or rules.default_seats)
    n = len(seats)
    direction = rules.direction_for(number)
    dealt = random_hands(rules, rng)
    hands = list(dealt)
    passes: dict[str, Pass] = {}
    offset = rules.pass_offset(direction)
    if offset:
        gifts = []
        for s in range(n):
            cards = rng.sample(cards_of(hands[s]), rules.pass_count)
            gifts.append(cards)
            passes[seats[s]] = Pass(seat=seats[s], cards=tuple(cards))
        for s in range(n):
            for c in gifts[s]:
                hands[s] &= ~(1 << c)
                hands[(s + offset) % n] |= 1 << c
    leader = next(s for s in range(n) if hands[s] >> rules.lowest_club & 1)
    broken = False
    out: list[Trick] = []
    limit = rules.tricks_per_deal if tricks is None else tricks
    for t in range(limit):
        cards: list[int] = []
        order: list[int] = []
        led: int | None = None
        for k in range(n):
            s = (leader + k) % n
            c = rng.choice(cards_of(legal_plays(rules, hands[s], led, t == 0, broken)))
            hands[s] &= ~(1 << c)
            cards.append(c)
            order.append(s)
            if led is None:
                led = c // 13
        if any(breaks_hearts(rules, c, cards[0] // 13) for c in cards):
            broken = True
        out.append(Trick(plays=tuple(Play(seat=seats[s], card=CARDS[c]) for s, c in zip(order, cards))))
        leader = order[trick_winner(cards)]
    complete = limit == rules.tricks_per_deal
    score = None
    if complete:
        taken = [0] * n
        for tr in out:
            cs = [p.card for p in tr.plays]
            w = seats.index(tr.plays[trick_winner(cs)].seat)
            for c in cs:
                taken[w] |= 1 << c
        pts, _ = deal_points(rules, taken, "add" if rules.moon != "subtract" else "subtract")
        score = dict(zip(seats, pts))
    return Deal(
        number=number,
        dealer=seats[dealer % n] if dealer is not None else None,
        direction=direction,  # type: ignore[arg-type]
        hands={seats[s]: tuple(display_order(cards_of(dealt[s]))) for s in range(n)},
        passes=passes,
        tricks=tuple(out),
        score=score,
        unfinished=not complete,
    )


def random_game(rules: RuleSet, rng: random.Random, deals: int = 1) -> Game:
    """A game of *deals* random deals (dealer rotating clockwise from the
    first seat), with the per-deal scores recorded; no totals or result."""
    seats = rules.default_seats
    return Game(
        tags={"Event": "Generated", "Site": "hearts-notation"},
        rules=rules.spec,
        deals=tuple(random_deal(rules, rng, i + 1, seats, dealer=i) for i in range(deals)),
    )
