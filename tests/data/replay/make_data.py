"""Write the replay tests' records (run from the repository root):

    python tests/data/replay/make_data.py

* ``findings.hrn``: a legal random deal, then two mistakes put in by hand:
  a revoke (two of one seat's cards swapped between tricks) and a wrong
  recorded score, so that the referee has findings to show inline;
* ``moon.hrn``: a deal in which one seat takes every heart and the queen
  (a strong hand played to win every trick, the others ducking), legal
  under ``standard``: the replays must tell the moon;
* ``three-players.hrn``: one random legal deal of the ``three-players``
  preset (17 cards each, 2♦ removed).

Every play is chosen among :func:`hearts_notation.state.legal_plays`, and
the generation is seeded, so the files are reproducible.
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

from hearts_notation.cards import CARDS, HEARTS_MASK, QS_BIT, cards_of, display_order, mask_of, parse_card
from hearts_notation.generate import random_deal
from hearts_notation.io.hrn.writer import dumps_hrn
from hearts_notation.model import Deal, Game, Play, Trick
from hearts_notation.rules import parse_rules
from hearts_notation.state import breaks_hearts, deal_points, legal_plays, trick_winner

HERE = Path(__file__).resolve().parent


def findings_game() -> Game:
    """A random legal deal with a revoke and a wrong score written in."""
    rules = parse_rules("standard")
    deal = random_deal(rules, random.Random(7), number=1, seats=rules.default_seats, dealer=3)
    tricks = [list(t.plays) for t in deal.tricks]
    # Find a seat that followed suit on trick t and later played a card of
    # another suit: swapping the two makes trick t a revoke.
    for t in range(2, 10):
        for k in range(1, 4):
            p = tricks[t][k]
            led = tricks[t][0].card.suit
            if p.card.suit != led:
                continue
            for t2 in range(t + 1, 13):
                q = next(x for x in tricks[t2] if x.seat == p.seat)
                if q.card.suit != led and q.card.suit != tricks[t2][0].card.suit and q is not tricks[t2][0]:
                    tricks[t][k] = replace(p, card=q.card, comment="Oops: a revoke.")
                    j = tricks[t2].index(q)
                    tricks[t2][j] = replace(q, card=p.card)
                    score = dict(deal.score or {})
                    first = next(iter(score))
                    score[first] += 5
                    return Game(
                        tags={"Event": "Replay test: findings"}, rules="standard",
                        players={"N": "Nora", "E": "Emil", "S": "Sami", "W": "Wen"},
                        deals=(replace(deal, tricks=tuple(Trick(plays=tuple(x)) for x in tricks),
                                       score=score),),
                    )
    raise SystemExit("no revoke could be made")


def moon_game() -> Game:
    """A moon: S holds the top six hearts, A K Q of spades, A K of clubs and
    of diamonds, wins the first trick with the A♣ and leads from the top
    until every heart and the queen are in; the others follow low and throw
    their highest cards.  No pass (a hold deal), so the hand is the one dealt."""
    rules = parse_rules("standard")
    seats = ("N", "E", "S", "W")
    strong = [parse_card(c) for c in "AS KS QS AD KD AC KC AH KH QH JH TH 9H".split()]
    rest = [c for c in CARDS if c not in strong]
    random.Random(11).shuffle(rest)
    hands = [mask_of(rest[0:13]), mask_of(rest[13:26]), mask_of(strong), mask_of(rest[26:39])]
    dealt = list(hands)
    leader = next(s for s in range(4) if hands[s] & 1)
    broken = False
    tricks = []
    taken = [0, 0, 0, 0]
    order = {c: i for i, c in enumerate(strong)}
    for t in range(13):
        cards: list[int] = []
        led = None
        for k in range(4):
            s = (leader + k) % 4
            legal = cards_of(legal_plays(rules, hands[s], led, t == 0, broken))
            if s == 2:
                c = min(legal, key=lambda x: order[x]) if led is None else max(legal)
            elif led is not None and any(x // 13 == led for x in legal):
                c = min(legal)
            else:
                c = max(legal, key=lambda x: (x // 13 == 2, x % 13))
            hands[s] &= ~(1 << c)
            cards.append(c)
            led = c // 13 if led is None else led
        w = (leader + trick_winner(cards)) % 4
        taken[w] |= mask_of(cards)
        broken = broken or any(breaks_hearts(rules, c, cards[0] // 13) for c in cards)
        tricks.append(Trick(plays=tuple(Play(seat=seats[(leader + k) % 4], card=CARDS[c])
                                        for k, c in enumerate(cards))))
        leader = w
    assert taken[2] & (HEARTS_MASK | QS_BIT) == HEARTS_MASK | QS_BIT, "no moon"
    pts, _ = deal_points(rules, taken)
    deal = Deal(number=1, dealer="W", direction="hold",
                hands={seats[s]: tuple(display_order(cards_of(dealt[s]))) for s in range(4)},
                tricks=tuple(tricks), score=dict(zip(seats, pts, strict=True)),
                total=dict(zip(seats, pts, strict=True)))
    return Game(tags={"Event": "Replay test: a moon"}, rules="standard pass_cycle=hold",
                players={"N": "Nora", "E": "Emil", "S": "Sami", "W": "Wen"}, deals=(deal,))


def three_players() -> Game:
    rules = parse_rules("three-players")
    d = random_deal(rules, random.Random(3), number=1, seats=rules.default_seats, dealer=2)
    return Game(tags={"Event": "Replay test: three players"}, rules="three-players",
                players={"P1": "Ana", "P2": "Ben", "P3": "Cy"}, deals=(d,))


def main() -> None:
    for name, game in (("findings.hrn", findings_game()), ("moon.hrn", moon_game()),
                       ("three-players.hrn", three_players())):
        (HERE / name).write_text(dumps_hrn([game], unicode=True), encoding="utf-8")
        print("wrote", HERE / name)
    assert parse_card("QS") == 49


if __name__ == "__main__":
    main()
