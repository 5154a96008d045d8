"""Audit, round 28 (docs/analysis.md): plant one blunder in an otherwise
noise-free heuristic record and print annotate's verdict on it, one JSON
line a case.  Not a test (heavy: one analysis a case); run by hand:

    python tests/coach28_plant.py play KIND SEEDS N [fast|default] [en|fr]
    python tests/coach28_plant.py pass KIND SEEDS [fast|default] [en|fr]

Play kinds (the first position of the record where the kind applies, for
the first seat where it does): ``discard_low_not_queen`` (void, Q♠ held,
the lowest card that is no penalty card discarded instead),
``take_queen`` (Q♠ on a spade trick, a lower spade held, the highest spade
played over), ``lead_queen_into_ace`` (Q♠ led while A♠ or K♠ is in
another hand), ``take_hearts_late`` (from trick 7, last to play on two or
more points, the highest card of the suit played over where a lower one
ducked), ``duck_gives_moon`` (another seat holds every point taken so far,
4 or more, and wins the trick: the mover ducks where a card of the suit
went over; the other seats try every moon hand).  Pass kinds (N's hand rigged, the rest dealt by the seed):
``keep_ak_bare`` (A♠ K♠ with no other spade beside A♥ Q♥ J♥, the three
lowest clubs or diamonds passed), ``keep_queen_bare`` (A♠ Q♠ 3♠: A♠ 3♠
and a low card passed, Q♠ kept bare).  SEEDS: comma-separated generator
seeds (``game_rng(seed, 1)``); N: how many cases to print.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable

import hearts_notation.generate as gen
from hearts_notation.analysis.annotate import AnalysisOptions, GameTask, analyse_game
from hearts_notation.analysis.evaluate import FAST, EvalOptions
from hearts_notation.bots import HeuristicBot, PlayView
from hearts_notation.cards import (
    CARDS,
    HEARTS,
    HEARTS_MASK,
    QS_BIT,
    QUEEN_OF_SPADES,
    SPADES,
    SUIT_MASKS,
    mask_of,
    parse_card,
)
from hearts_notation.model import Game
from hearts_notation.rules import parse_rules
from hearts_notation.state import led_suit, trick_winner

QS = QUEEN_OF_SPADES
AS, KS = SPADES * 13 + 12, SPADES * 13 + 11
PEN = HEARTS_MASK | QS_BIT


def _low(m: int) -> int:
    return (m & -m).bit_length() - 1


def _high(m: int) -> int:
    return m.bit_length() - 1


def _over_under(legal: int, suit: int, win: int) -> tuple[int, int]:
    f = legal & SUIT_MASKS[suit]
    return f >> (win + 1) << (win + 1), f & ((1 << win) - 1)


def blunder(kind: str, v: PlayView) -> int | None:
    """The planted card at this position, or None where the kind does not apply."""
    legal, hand, trick = v.legal, v.hand, v.trick
    if not legal & (legal - 1):
        return None
    split = sum(1 for t in v.taken if t & PEN) != 1   # no seat alone with every point
    led = led_suit(trick) if trick else None
    if kind == "discard_low_not_queen":
        if led is None or not legal & QS_BIT or hand & SUIT_MASKS[led] or not split:
            return None
        rest = legal & ~PEN
        return _low(rest) if rest else None
    if kind == "take_queen":
        if led != SPADES or QS not in trick:
            return None
        over, under = _over_under(legal, SPADES, trick[trick_winner(trick)])
        return _high(over) if under and over else None
    if kind == "lead_queen_into_ace":
        out = ((1 << AS) | (1 << KS)) & ~hand & ~v.played
        if trick or not legal & QS_BIT or not out or not legal & ~SUIT_MASKS[SPADES]:
            return None
        return QS if v.trick_number <= 9 else None
    if kind == "take_hearts_late":
        if v.trick_number < 6 or len(trick) != 3 or led is None or not split:
            return None
        if sum(1 for c in trick if c // 13 == HEARTS or c == QS) < 2:
            return None
        over, under = _over_under(legal, led, trick[trick_winner(trick)])
        return _high(over) if under and over and _high(over) != QS else None
    if kind == "duck_gives_moon":
        # Another seat holds every point taken so far (4 or more) and is winning this trick:
        # the mover ducks under it where a card of the suit went over.
        holders = [i for i, t in enumerate(v.taken) if t & PEN]
        if led is None or len(holders) != 1 or holders[0] == v.seat:
            return None
        if (v.taken[holders[0]] & HEARTS_MASK).bit_count() + 5 * bool(v.taken[holders[0]] & QS_BIT) < 4:
            return None
        order = [(v.seat - len(trick) + i) % len(v.taken) for i in range(len(trick))]
        if order[trick_winner(trick)] != holders[0]:
            return None
        over, under = _over_under(legal, led, trick[trick_winner(trick)])
        return _high(under) if under and over else None
    raise ValueError(kind)


class PlantBot(HeuristicBot):
    """The heuristic bot, with one planted card the first time the kind applies."""

    kind = ""
    done = False
    where: tuple[int, int, int, int] | None = None

    def play(self, view: PlayView, rng: random.Random) -> int:
        if not self.done:
            c = blunder(self.kind, view)
            if c is not None:
                self.done = True
                PlantBot.where = (view.trick_number, view.seat, c, view.played.bit_count())
                return c
        return super().play(view, rng)


MOON_APPETITE = 0.0


def _bot() -> HeuristicBot:
    return HeuristicBot(noise=0.0, moon_appetite=MOON_APPETITE)


def planted_play(kind: str, seed: int, seat: int) -> tuple[Game, tuple[int, int, int, int] | None]:
    bots = [_bot() for _ in range(4)]
    pb = PlantBot(noise=0.0, moon_appetite=0.0)
    pb.kind = kind
    bots[seat] = pb
    PlantBot.where = None
    g = gen.generate_game(parse_rules("standard"), gen.game_rng(seed, 1), bots, 1)
    return g, PlantBot.where


_PASS_CARDS = {"keep_ak_bare": ("AS", "KS", "AH", "QH", "JH"), "keep_queen_bare": ("QS", "AS", "3S")}


class PassBot(HeuristicBot):
    give: tuple[int, ...] = ()

    def pass_cards(self, rules: object, hand: int, count: int, rng: random.Random) -> list[int]:
        return list(self.give)


def _rigged_hands(must: int) -> Callable[..., list[int]]:
    real = gen.random_hands

    def hands(rules: object, r: random.Random) -> list[int]:
        h = real(rules, r)  # type: ignore[arg-type]
        for card in [x for x in range(52) if must >> x & 1 and not h[0] >> x & 1]:
            s = next(i for i in range(4) if h[i] >> card & 1)
            y = r.choice([x for x in range(52) if h[0] >> x & 1 and not must >> x & 1
                          and x // 13 != SPADES])
            h[0] ^= (1 << y) | (1 << card)
            h[s] ^= (1 << y) | (1 << card)
        for x in [x for x in range(39, 52) if h[0] >> x & 1 and not must >> x & 1]:
            s = next(i for i in range(1, 4) if h[i] & ~SUIT_MASKS[SPADES])
            z = next(z for z in range(39) if h[s] >> z & 1 and not must >> z & 1)
            h[0] ^= (1 << x) | (1 << z)
            h[s] ^= (1 << x) | (1 << z)
        return h
    return hands


def planted_pass(kind: str, seed: int) -> Game:
    must = mask_of(parse_card(t) for t in _PASS_CARDS[kind])
    real = gen.random_hands
    gen.random_hands = _rigged_hands(must)
    try:
        rules = parse_rules("standard")
        first = gen.generate_game(rules, gen.game_rng(seed, 1), [_bot() for _ in range(4)], 1)
        hand = mask_of(first.deals[0].hands["N"])
        if kind == "keep_ak_bare":
            give = sorted((x for x in range(26) if hand >> x & 1), key=lambda x: x % 13)[:3]
        else:
            give = [AS, SPADES * 13 + 1, min((x for x in range(26) if hand >> x & 1),
                                             key=lambda x: x % 13)]
        pb = PassBot(noise=0.0, moon_appetite=0.0)
        pb.give = tuple(give)
        return gen.generate_game(rules, gen.game_rng(seed, 1), [pb] + [_bot() for _ in range(3)], 1)
    finally:
        gen.random_hands = real


def main(argv: list[str]) -> None:
    global MOON_APPETITE
    what, kind, seeds = argv[0], argv[1], [int(s) for s in argv[2].split(",")]
    if kind == "duck_gives_moon":
        MOON_APPETITE = 1.0   # the other seats try every moon hand
    rest = argv[3:]
    want = int(rest.pop(0)) if what == "play" else len(seeds)
    mode = rest[0] if rest else "fast"
    lang = rest[1] if len(rest) > 1 else "en"
    opts = AnalysisOptions(eval=FAST if mode == "fast" else EvalOptions(), lang=lang,
                           passes=what == "pass")
    n = 0
    for seed in seeds:
        if n >= want:
            break
        if what == "pass":
            g = planted_pass(kind, seed)
            a = analyse_game(GameTask(g, opts))
            d = next(x for x in a.decisions if x.kind == "pass" and x.seat == "N")
            row = {"hand": " ".join(str(c) for c in g.deals[0].hands["N"]),
                   "passed": [str(c) for c in d.cards or ()]}
        else:
            for seat in range(4):
                g, where = planted_play(kind, seed, seat)
                if where is not None:
                    break
            else:
                continue
            a = analyse_game(GameTask(g, opts))
            d = next(x for x in a.decisions if x.kind == "play" and x.play_index == where[3])
            row = {"seat": d.seat, "trick": where[0] + 1, "card": str(CARDS[where[2]])}
        forced = sum(1 for x in a.decisions if x.forced)
        print(json.dumps({"kind": kind, "seed": seed, "mode": mode, **row, "mark": d.mark,
                          "epl": round(d.epl, 2), "dd_loss": d.dd_loss,
                          "best": [str(c) for c in d.best or ()], "reason": d.reason,
                          "comment": d.comment, "forced": forced,
                          "forced_marked": sum(1 for x in a.decisions if x.forced and x.mark)},
                         ensure_ascii=False), flush=True)
        n += 1


if __name__ == "__main__":
    main(sys.argv[1:])
