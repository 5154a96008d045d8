"""Search the unknown parts of seed 004's commented deal ("Cœurs : une partie
commentée") and write ``samples/commented-example.hrn``.

The seed gives your hand, the passes you gave and received, the first four
tricks and the final points (vous 3, Ada 4, Cleo 3, Bo 16).  Everything else
(the other three hands, Ada's and Bo's passes, tricks 5 to 13) is free; this
script finds a completion that is LEGAL under the ``standard`` preset (every
card is checked with :func:`hearts_notation.engine.legal_plays`, the one copy
of the rules) and consistent with every fact the seed states:

* Ada holds no diamond after the pass (she discards on trick 3 and trick 4);
* Bo's diamonds after the pass are exactly A♦ and 10♦ ("il prend donc ce pli
  quoi qu'il fasse");
* you are void in spades after trick 2, and "sans pique en main, vous
  défaussez des cœurs chaque fois que vous ne pouvez pas fournir";
* you take exactly three hearts, the V♥ and the 9♥ among them (the seed says
  "un pli avec le V♥, le 9♥ et un autre cœur"; both hearts are yours, so they
  cannot fall in one trick: we read it as "the V♥, the 9♥ and one more heart");
* Ada takes four hearts, Cleo three, Bo the queen and three hearts (16).

Among the completions found, the most plausible one is kept: players duck
under a trick that carries points when they can, and dump the queen or a
high heart when they cannot follow.  The search is deterministic (seeded).

Run from the repository root:  python tests/data/replay/build_commented_example.py
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from hearts_notation.cards import (
    CARDS,
    HEARTS,
    HEARTS_MASK,
    QS_BIT,
    SUIT_MASKS,
    Card,
    cards_of,
    display_order,
    mask_of,
    parse_card,
)
from hearts_notation.engine import breaks_hearts, legal_plays, trick_winner
from hearts_notation.rules import parse_rules

RULES = parse_rules("standard")
SEATS = ("N", "E", "S", "W")
N, E, S, W = range(4)


def cs(text: str) -> list[Card]:
    return [parse_card(t) for t in text.split()]


N_DEALT = mask_of(cs("AS QS 4S KH 9H 3H JD 8D 6D 2D TC 7C 5C"))
N_PASS = cs("QS AS KH")
W_PASS = cs("KC JH 8C")
FIRST_TRICKS = [
    (S, cs("2C 9C KC 3C")),
    (N, cs("4S 7S TS JS")),
    (W, cs("5D 6D QS AD")),
    (S, cs("TD 9D 8D KH")),
]
JH, H9 = parse_card("JH"), parse_card("9H")
POOL = cs("AC QC JC 6C 4C KS 9S 8S 6S 5S 3S 2S AH QH TH 8H 7H 6H 5H 4H 2H")


def after_pass_hands(rng: random.Random) -> list[int]:
    """One random split of the free cards that fits the first four tricks."""
    n_after = (N_DEALT & ~mask_of(N_PASS)) | mask_of(W_PASS)
    e_fixed = mask_of(cs("AS QS 7S KH 3C"))
    s_fixed = mask_of(cs("2C TS AD TD"))
    w_fixed = mask_of(cs("9C JS KD QD 9D 7D 5D 4D 3D"))
    pool = list(POOL)
    rng.shuffle(pool)
    e = e_fixed | mask_of(pool[:8])
    s = s_fixed | mask_of(pool[8:17])
    w = w_fixed | mask_of(pool[17:])
    return [n_after, e, s, w]


def trick_plays_ok(hands: list[int]) -> tuple[list[int], int, bool, list[int]] | None:
    """Play the seed's four tricks; None if one of them is illegal here."""
    hands = list(hands)
    taken = [0] * 4
    broken = False
    leader = S
    for t, (lead_seat, cards) in enumerate(FIRST_TRICKS):
        if lead_seat != leader:
            return None
        led = None
        for k, c in enumerate(cards):
            seat = (leader + k) % 4
            if not legal_plays(RULES, hands[seat], led, t == 0, broken) >> c & 1:
                return None
            hands[seat] &= ~(1 << c)
            if led is None:
                led = c // 13
        w = (leader + trick_winner(cards)) % 4
        taken[w] |= mask_of(cards)
        if any(breaks_hearts(RULES, c, cards[0] // 13) for c in cards):
            broken = True
        leader = w
    return hands, leader, broken, taken


def heart_count(m: int) -> int:
    return (m & HEARTS_MASK).bit_count()


def search(hands: list[int], leader: int, broken: bool, taken: list[int],
           rng: random.Random, budget: list[int]) -> list[tuple[int, list[int]]] | None:
    """Depth-first search of tricks 5..13 under the seed's point totals."""
    if budget[0] <= 0:
        return None
    budget[0] -= 1
    if not any(hands):
        ok = (taken[N] & HEARTS_MASK == taken[N] & (HEARTS_MASK | QS_BIT)
              and heart_count(taken[N]) == 3 and taken[N] >> JH & 1 and taken[N] >> H9 & 1
              and heart_count(taken[E]) == 4 and not taken[E] & QS_BIT
              and heart_count(taken[W]) == 3 and not taken[W] & QS_BIT
              and heart_count(taken[S]) == 3 and taken[S] & QS_BIT)
        return [] if ok else None
    # prune: nobody may exceed the seed's counts
    if (heart_count(taken[N]) > 3 or heart_count(taken[E]) > 4 or heart_count(taken[W]) > 3
            or heart_count(taken[S]) > 3):
        return None
    for seat in (E, S, W):
        for c in (JH, H9):
            if taken[seat] >> c & 1:
                return None
    first = 13 - hands[leader].bit_count() == 0

    def rec(k: int, cards: list[int], hs: list[int]) -> list[tuple[int, list[int]]] | None:
        if k == 4:
            w = (leader + trick_winner(cards)) % 4
            t2 = list(taken)
            t2[w] |= mask_of(cards)
            b2 = broken or any(breaks_hearts(RULES, c, cards[0] // 13) for c in cards)
            rest = search(hs, w, b2, t2, rng, budget)
            if rest is None:
                return None
            return [(leader, list(cards)), *rest]
        seat = (leader + k) % 4
        led = cards[0] // 13 if cards else None
        legal = cards_of(legal_plays(RULES, hs[seat], led, first, broken))
        if seat == N and led is not None and not hs[N] & SUIT_MASKS[led] and hs[N] & HEARTS_MASK:
            legal = [c for c in legal if c // 13 == HEARTS]  # "vous défaussez des cœurs"
        rng.shuffle(legal)
        for c in legal:
            h2 = list(hs)
            h2[seat] &= ~(1 << c)
            r = rec(k + 1, [*cards, c], h2)
            if r is not None:
                return r
        return None

    return rec(0, [], list(hands))


def plausibility(hands: list[int], leader: int, tricks: list[tuple[int, list[int]]]) -> int:
    """Lower is more natural: count needless point-taking and wasted discards."""
    cost = 0
    hs = list(hands)
    for lead, cards in tricks:
        led = cards[0] // 13
        for k, c in enumerate(cards):
            seat = (lead + k) % 4
            h = hs[seat]
            follow = h & SUIT_MASKS[led]
            if k and follow:
                best = max(x for x in cards[:k] if x // 13 == led)
                under = [x for x in cards_of(follow) if x < best]
                pts = any(x // 13 == HEARTS or x == 49 for x in cards[:k])
                if c > best and under and pts:
                    cost += 3  # took points it could have ducked
            elif k and not follow:
                if h & QS_BIT and c != 49:
                    cost += 2  # kept the queen when it could dump her
                elif h & HEARTS_MASK and c // 13 != HEARTS and not c >= 11:
                    cost += 1  # discarded a low card while holding hearts
            hs[seat] &= ~(1 << c)
    return cost


def find(seed: int = 4, tries: int = 400) -> tuple[list[int], list[int], list[tuple[int, list[int]]]]:
    rng = random.Random(seed)
    best: tuple[int, list[int], list[int], list[tuple[int, list[int]]]] | None = None
    for _ in range(tries):
        after = after_pass_hands(rng)
        state = trick_plays_ok(after)
        if state is None:
            continue
        hands, leader, broken, taken = state
        tricks = search(hands, leader, broken, taken, rng, [20000])
        if tricks is None:
            continue
        score = plausibility(hands, leader, tricks)
        if best is None or score < best[0]:
            best = (score, after, hands, tricks)
    if best is None:
        sys.exit("no completion found; raise tries")
    return best[1], best[2], best[3]


if __name__ == "__main__":
    after, hands5, tricks = find()
    print("after pass:")
    for s in range(4):
        print(SEATS[s], " ".join(str(c) for c in display_order(cards_of(after[s]))))
    for lead, cards in tricks:
        print(SEATS[lead], " ".join(str(c) for c in cards))
    print("plausibility", plausibility(hands5, 0, tricks))
