"""Property: however a game is written (spacing, card spellings, hand forms,
seat styles, line comments, blank lines), it reads back as the same game, and
its brace comments attach where they were written.

A small randomised writer here (independent of the canonical writer) puts
every choice spec §2 allows into the text; hypothesis drives its random
choices and shrinks failures.
"""

from __future__ import annotations

import dataclasses
import random

from hypothesis import HealthCheck, given
from hypothesis import strategies as st

from hearts_notation.cards import RANK_FRENCH, RANK_LETTERS, Card
from hearts_notation.generate import random_game
from hearts_notation.io.hrn.reader import iter_hrn
from hearts_notation.model import Deal, Game, Mark, Pass, Trick
from hearts_notation.rules import parse_rules
from tests.budget import sweep
from tests.hrn_oracle import oracle_games

MARKS: tuple[Mark, ...] = ("!", "?", "!!", "??", "!?", "?!")
COMMENTS = ["Premier pli : aucun point possible.", "a } brace", "back\\slash and \\n", "two\nlines",
            "semi; colon", "{ open brace", "[Event \"not a tag\"]", "x\nresult N\ndeal 3", "", "é ♠ ok"]


def blank(r: random.Random) -> str:
    return r.choice([" ", " ", " ", "  ", "\t", " \t "])


def escape(text: str) -> str:
    return "{" + text.replace("\\", "\\\\").replace("}", "\\}") + "}"


def rank_text(rank: int, r: random.Random, french: bool) -> str:
    if french and rank in (9, 10, 11) and r.random() < 0.5:
        t = RANK_FRENCH[rank]
    else:
        t = RANK_LETTERS[rank]
        if t == "T" and r.random() < 0.5:
            t = "10"
    return t.lower() if r.random() < 0.3 else t


def card_text(card: Card, r: random.Random) -> str:
    style = r.choice(["letter", "symbol", "outline"])
    if style == "letter":
        suit = "CDHS"[card.suit]
        return rank_text(card.rank, r, False) + (suit.lower() if r.random() < 0.3 else suit)
    return rank_text(card.rank, r, True) + ("♣♦♥♠" if style == "symbol" else "♧♢♡♤")[card.suit]


def hand_text(hand: tuple[Card, ...], r: random.Random) -> str:
    by_suit: dict[int, list[Card]] = {s: [] for s in range(4)}
    for c in sorted(hand, reverse=True):
        by_suit[c.suit].append(c)
    form = r.choice(["pbn", "symbol", "letter", "list"])
    if form == "pbn":
        parts = ["".join(rank_text(c.rank, r, False) for c in by_suit[s]) or r.choice(["", "-"])
                 for s in (3, 2, 1, 0)]
        return ".".join(parts)
    if form == "list":
        cards = list(hand)
        r.shuffle(cards)
        return " ".join(card_text(c, r) for c in cards)
    suits = [3, 2, 1, 0]
    r.shuffle(suits)
    groups = []
    glued = r.random() < 0.5
    for s in suits:
        ranks = [rank_text(c.rank, r, form == "symbol") for c in by_suit[s]]
        if not ranks:
            ranks = [r.choice(["-", ""])]
        if form == "symbol":
            head = r.choice(["♣♦♥♠", "♧♢♡♤"])[s]
            body = "".join(ranks) if glued else " ".join(ranks)
            groups.append(head + ("" if glued else " ") + body)
        else:
            head = "CDHS"[s] if r.random() < 0.7 else "cdhs"[s]
            body = "".join(ranks) if glued else " ".join(ranks)
            groups.append(head + ":" + ("" if glued else " ") + body)
    return r.choice([" ", "  "]).join(groups) if not glued or form == "letter" else "".join(groups)


def decorate(game: Game, r: random.Random) -> Game:
    """The game with marks and comments on random plays, tricks, passes and deals."""
    deals = []
    for d in game.deals:
        tricks = []
        for t in d.tricks:
            plays = tuple(dataclasses.replace(
                p, mark=r.choice(MARKS) if r.random() < 0.15 else None,
                comment=r.choice(COMMENTS) if r.random() < 0.1 else None) for p in t.plays)
            tricks.append(Trick(plays, comment=r.choice(COMMENTS) if r.random() < 0.1 else None))
        passes = {s: Pass(p.seat, p.cards, to=p.to, mark=r.choice(MARKS) if r.random() < 0.3 else None,
                          comment=r.choice(COMMENTS) if r.random() < 0.3 else None)
                  for s, p in d.passes.items()}
        deals.append(dataclasses.replace(d, tricks=tuple(tricks), passes=passes,
                                         comment=r.choice(COMMENTS) if r.random() < 0.5 else None))
    return dataclasses.replace(game, deals=tuple(deals),
                               comment=r.choice(COMMENTS) if r.random() < 0.5 else None,
                               players={s: f"Player {s}" for s in game.seat_names if r.random() < 0.5})


def noisy_text(game: Game, r: random.Random) -> str:
    seats = game.seat_names
    out: list[str] = []

    def line(text: str) -> None:
        lead = r.choice(["", "", "", " ", "\t"])
        tail = r.choice(["", "", "", " ", " ; a line comment {not kept", "\t;;"])
        out.append(lead + text + tail)
        if r.random() < 0.1:
            out.append(r.choice(["", "   ", "; nothing here", "\t"]))

    tags = [f'[{k}{blank(r)}"{v}"]' for k, v in game.tags.items()]
    tags.append(f'[Rules "{game.rules}"]')
    names = (("North", "East", "South", "West") if len(seats) == 4
             else tuple(f"P{i + 1}" for i in range(len(seats))))
    tags += [f'[{names[seats.index(s)]} "{v}"]' for s, v in game.players.items()]
    while tags:
        k = r.randint(1, 2)
        line(blank(r).join(tags[:k]))
        tags = tags[k:]
    if game.comment is not None:
        line(escape(game.comment))
    for d in game.deals:
        kw = r.choice(["deal", "Deal", "DEAL"])
        head = f"{kw}{blank(r)}{d.number}"
        if d.dealer:
            head += f"{blank(r)}dealer{blank(r)}{d.dealer}"
        head += f"{blank(r)}pass{blank(r)}{d.direction}"
        if d.comment is not None and r.random() < 0.5:
            line(head + blank(r) + escape(d.comment))
        else:
            line(head)
            if d.comment is not None:
                line(escape(d.comment))
        order = list(d.hands)
        r.shuffle(order)
        for s in order:
            hand = d.hands[s]
            line(f"{s}:{blank(r)}" + ("?" if hand is None else hand_text(hand, r)))
        for s, gift in d.passes.items():
            texts = [card_text(c, r) for c in gift.cards]
            if gift.mark:
                k = r.randrange(len(texts))
                texts[k] += gift.mark
            to = f">{gift.to}" if gift.to else ""
            body = f"pass{blank(r)}{s}{to}:{blank(r)}" + blank(r).join(texts)
            if gift.comment is not None:
                body += blank(r) + escape(gift.comment)
            line(body)
        for k, t in enumerate(d.tricks, 1):
            parts = [f"{k}."]
            if t.comment is not None:
                parts.append(escape(t.comment))
            style = r.choice(["pairs", "colon", "bare", "first"])
            for i, p in enumerate(t.plays):
                c = card_text(p.card, r) + (p.mark or "")
                if style == "pairs" or (style == "first" and i == 0):
                    parts += [p.seat, c]
                elif style == "colon":
                    parts.append(f"{p.seat}:{r.choice(['', ' '])}{c}")
                else:
                    parts.append(c)
                if p.comment is not None:
                    parts.append(escape(p.comment))
            line(blank(r).join(parts))
        for word, pts in (("score", d.score), ("total", d.total)):
            if pts is not None:
                line(word + "".join(f"{blank(r)}{s}{r.choice([' ', ':'])}{v}" for s, v in pts.items()))
    if game.result is not None:
        line("result " + (" ".join(game.result) if game.result != "*" else "*"))
    return "\n".join(out) + r.choice(["", "\n", "\n\n"])


SLOW = [HealthCheck.too_slow, HealthCheck.large_base_example]
SPECS = ["standard", "three-players", "six-players", "kawu"]


@sweep(70, default=20, deadline=None, suppress_health_check=SLOW)
@given(st.randoms(use_true_random=False), st.sampled_from(SPECS), st.integers(1, 2))
def test_any_writing_reads_as_the_same_game(r: random.Random, spec: str, deals: int) -> None:
    game = random_game(parse_rules(spec), random.Random(r.getrandbits(32)), deals=deals)
    game = decorate(game, r)
    text = noisy_text(game, r)
    fast = list(iter_hrn(text))
    slow = list(oracle_games(text))
    assert [g.errors for g in fast] == [()], (text, fast[0].errors)
    assert fast == [game], text
    assert slow == fast
    for a, b in zip(fast[0].deals, slow[0].deals, strict=True):
        assert [[p.pos for p in t.plays] for t in a.tricks] == [[p.pos for p in t.plays] for t in b.tricks]


@sweep(25, default=8, deadline=None, suppress_health_check=SLOW)
@given(st.randoms(use_true_random=False))
def test_many_games_in_one_file(r: random.Random) -> None:
    games = []
    for _ in range(3):
        g = random_game(parse_rules(r.choice(SPECS)), random.Random(r.getrandbits(32)), deals=1)
        games.append(dataclasses.replace(g, result=r.choice([None, "*", (g.seat_names[0],)])))
    text = "".join(noisy_text(g, r) + "\n" for g in games)
    got = list(iter_hrn(text))
    assert got == games, text
    assert [g.index for g in got] == [1, 2, 3]


def _without_comments(game: Game) -> Game:
    def deal(d: Deal) -> Deal:
        return dataclasses.replace(
            d, comment=None,
            passes={s: dataclasses.replace(p, comment=None) for s, p in d.passes.items()},
            tricks=tuple(Trick(tuple(dataclasses.replace(p, comment=None) for p in t.plays))
                         for t in d.tricks))
    return dataclasses.replace(game, comment=None, deals=tuple(deal(d) for d in game.deals))


@sweep(40, default=12, deadline=None, suppress_health_check=SLOW)
@given(st.randoms(use_true_random=False))
def test_comments_change_nothing_but_comments(r: random.Random) -> None:
    game = decorate(random_game(parse_rules("standard"), random.Random(r.getrandbits(32))), r)
    plain = _without_comments(game)
    got = list(iter_hrn(noisy_text(game, r)))
    assert [_without_comments(g) for g in got] == [plain]
    assert list(iter_hrn(noisy_text(plain, r))) == [plain]

