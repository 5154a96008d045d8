"""Build ``queen_duck.hrn`` of tests/data/analysis (run once; kept for the record).

The record is a complete, legal deal whose last two tricks are chosen by
hand, so that the analysis has a known answer there; the first eleven tricks
are found by a random search (legal plays only, checked with the engine).
``moon_stop.hrn`` was written by hand (N holds the top cards and takes every
point; its comment says where the moon could have been stopped).  Usage::

    python tests/data/analysis/make_positions.py
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from hearts_notation.cards import CARDS, display_order, parse_card
from hearts_notation.io import dumps
from hearts_notation.model import Deal, Game, Pass, Play, Trick
from hearts_notation.rules import standard
from hearts_notation.state import breaks_hearts, legal_plays, trick_winner

RULES = standard()
SEATS = ("N", "E", "S", "W")
HERE = Path(__file__).parent

Check = Callable[[int, int, list[int], list[int]], bool]


def mask(*cards: str) -> int:
    m = 0
    for c in cards:
        m |= 1 << parse_card(c)
    return m


def search(reserved: list[int], last_tricks: list[list[tuple[int, str]]], leader12: int,
           check: Check, bias: Callable[[list[int]], list[int]] | None, seed: int) -> Deal:
    """Find hands and eleven legal tricks that end with *leader12* to lead,
    satisfy *check* after each trick, then append the chosen last tricks."""
    rng = random.Random(seed)
    rest = RULES.deck_mask & ~sum(reserved)
    for _attempt in range(20000):
        cards = [c for c in range(52) if rest >> c & 1]
        rng.shuffle(cards)
        hands = [0] * 4
        for i, c in enumerate(cards):
            hands[i % 4] |= 1 << c
        if bias is not None:
            hands = bias(hands)
        full = [hands[s] | reserved[s] for s in range(4)]
        leader = next(s for s in range(4) if full[s] & 1)
        found = _dfs(full, reserved, leader, 0, False, [0] * 4, [], check, leader12, rng, [0])
        if found is not None:
            tricks = found
            break
    else:
        raise SystemExit("no deal found")
    out = [Trick(plays=tuple(Play(SEATS[s], CARDS[c]) for s, c in t)) for t in tricks]
    for last in last_tricks:
        out.append(Trick(plays=tuple(Play(SEATS[s], parse_card(c)) for s, c in last)))
    dealt = [0] * 4
    for t in out:
        for p in t.plays:
            dealt[SEATS.index(p.seat)] |= 1 << p.card
    return Deal(number=4, dealer="W", direction="hold",
                hands={SEATS[s]: tuple(display_order(CARDS[c] for c in range(52) if dealt[s] >> c & 1))
                       for s in range(4)},
                tricks=tuple(out))


def _dfs(full: list[int], reserved: list[int], leader: int, t: int, broken: bool, taken: list[int],
         acc: list[list[tuple[int, int]]], check: Check, leader12: int, rng: random.Random,
         budget: list[int]) -> list[list[tuple[int, int]]] | None:
    budget[0] += 1
    if budget[0] > 4000:
        return None
    if t == 11:
        return list(acc) if leader == leader12 else None
    return _trick(full, reserved, leader, t, broken, taken, acc, [], check, leader12, rng, budget)


def _trick(full: list[int], reserved: list[int], leader: int, t: int, broken: bool,
           taken: list[int], acc: list[list[tuple[int, int]]], cur: list[tuple[int, int]],
           check: Check, leader12: int, rng: random.Random,
           budget: list[int]) -> list[list[tuple[int, int]]] | None:
    if len(cur) == 4:
        cards = [c for _, c in cur]
        w = cur[trick_winner(cards)][0]
        m = sum(1 << c for c in cards)
        nb = broken or any(breaks_hearts(RULES, c, cards[0] // 13) for c in cards)
        nt = list(taken)
        nt[w] |= m
        if not check(t, w, cards, nt):
            return None
        acc.append(list(cur))
        r = _dfs(full, reserved, w, t + 1, nb, nt, acc, check, leader12, rng, budget)
        if r is None:
            acc.pop()
        return r
    s = (leader + len(cur)) % 4
    led = cur[0][1] // 13 if cur else None
    legal = legal_plays(RULES, full[s], led, t == 0, broken) & ~reserved[s]
    options = [c for c in range(52) if legal >> c & 1]
    rng.shuffle(options)
    for c in options:
        full[s] &= ~(1 << c)
        cur.append((s, c))
        r = _trick(full, reserved, leader, t, broken, taken, acc, cur, check, leader12, rng, budget)
        cur.pop()
        full[s] |= 1 << c
        if r is not None:
            return r
    return None


def with_passes(deal: Deal, direction: str, number: int, must: dict[int, int],
                seed: int) -> Deal:
    """The same deal as a passing deal: each seat is said to have received
    three cards of the hand it played from (*must* forces some of them);
    the hands as dealt follow."""
    rng = random.Random(seed)
    offset = RULES.pass_offset(direction)
    after = [sum(1 << c for c in deal.hands[SEATS[s]] or ()) for s in range(4)]
    received = []
    for s in range(4):
        forced = must.get(s, 0)
        pool = [c for c in range(52) if after[s] >> c & 1 and not forced >> c & 1 and c != 0]
        rng.shuffle(pool)
        got = forced
        for c in pool[: 3 - forced.bit_count()]:
            got |= 1 << c
        received.append(got)
    gave = [received[(s + offset) % 4] for s in range(4)]
    dealt = [(after[s] & ~received[s]) | gave[s] for s in range(4)]
    hands = {SEATS[s]: tuple(display_order(CARDS[c] for c in range(52) if dealt[s] >> c & 1))
             for s in range(4)}
    passes = {SEATS[s]: Pass(SEATS[s], tuple(display_order(CARDS[c] for c in range(52)
                                                           if gave[s] >> c & 1)))
              for s in range(4)}
    return Deal(number=number, dealer=SEATS[(number + 2) % 4], direction=direction,  # type: ignore[arg-type]
                hands=hands, passes=passes, tricks=deal.tricks)


def write(name: str, deal: Deal, event: str) -> None:
    game = Game(tags={"Event": event}, rules="standard", deals=(deal,), result="*")
    (HERE / name).write_text(dumps([game], "hrn"), encoding="utf-8")


def queen_duck() -> None:
    """Trick 12: S leads J♠; W holds K♠ 7♠ and N only Q♠ among spades: K♠
    takes the queen (13 points), 7♠ makes N win its own queen.  E holds
    3♦ 4♦, equivalent discards.  Deal 2 passes right: W gave 6♦ to S, so
    W knows S's last card is not the queen and the loss is 13 in every
    deal W can imagine."""
    N, E, S, W = range(4)
    reserved = [mask("QS", "5D"), mask("3D", "4D"), mask("JS", "6D"), mask("KS", "7S")]
    last = [[(S, "JS"), (W, "KS"), (N, "QS"), (E, "4D")],
            [(W, "7S"), (N, "5D"), (E, "3D"), (S, "6D")]]

    def check(t: int, w: int, cards: list[int], taken: list[int]) -> bool:
        return True

    deal = search(reserved, last, S, check, None, 1)
    write("queen_duck.hrn", with_passes(deal, "right", 2, {S: mask("6D")}, 5), "Queen duck")


if __name__ == "__main__":
    queen_duck()
