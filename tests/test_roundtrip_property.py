"""Property tests of the writer and the reader together.

1. Any game the model can hold (random legal play of any preset, dressed
   with random comments, marks, receivers, unknown hands, unfinished deals,
   scores, moons, tags and results) reads back from its canonical text as
   the same game, and text -> JSON -> text is the identity.
2. Any way of writing a game by hand that the notation allows (extra
   spaces and tabs, ``;`` notes, blank lines, colons, implied seats,
   symbols and French ranks, every hand form) formats to the same
   canonical text.
"""

from __future__ import annotations

import dataclasses
import random
import re

from hypothesis import HealthCheck, given
from hypothesis import strategies as st

from hearts_notation.cards import CARDS, parse_card
from hearts_notation.generate import random_deal
from hearts_notation.io import dumps, iter_games_text
from hearts_notation.io.hrn.reader import iter_hrn
from hearts_notation.io.hrn.writer import dumps_hrn, hand_text
from hearts_notation.model import MARKS, Deal, Game, Moon, Trick
from hearts_notation.rules import parse_rules, preset_names
from tests.budget import sweep

PRESETS = preset_names()
WORDS = ["la", "dame", "tombe", "queen", "!", "?", "{", "}", "\\", ";", "[x]", '"', "♠", "10♥",
         "deal", "pass", "score", "*", "result", "N:", "1.", "é", "—"]


def comment(rng: random.Random) -> str | None:
    """A comment, or None; often with braces, backslashes and keywords."""
    if rng.random() < 0.6:
        return None
    words = [rng.choice(WORDS) for _ in range(rng.randint(1, 6))]
    text = " ".join(words)
    if rng.random() < 0.15:
        text += "\nsecond line"
    return text.strip()


def mark(rng: random.Random) -> str | None:
    return rng.choice(MARKS) if rng.random() < 0.2 else None


def dress_deal(deal: Deal, rng: random.Random, seats: tuple[str, ...]) -> Deal:
    """Random commentary and partial knowledge on a legal deal."""
    hands = dict(deal.hands)
    for s in seats:
        r = rng.random()
        if r < 0.15:
            hands[s] = None
        elif r < 0.25:
            del hands[s]
    passes = {}
    for s, p in deal.passes.items():
        if rng.random() < 0.1:
            continue
        passes[s] = dataclasses.replace(
            p, to=rng.choice(seats) if rng.random() < 0.3 else None,
            mark=mark(rng), comment=comment(rng))  # type: ignore[arg-type]
    tricks = []
    for t in deal.tricks:
        plays = tuple(dataclasses.replace(p, mark=mark(rng), comment=comment(rng))  # type: ignore[arg-type]
                      for p in t.plays)
        tricks.append(Trick(plays=plays, comment=comment(rng)))
    score = deal.score
    total = None
    if score is not None and rng.random() < 0.5:
        total = {s: v * 2 - 5 for s, v in score.items()}
    if rng.random() < 0.2:
        score = {s: rng.randint(-26, 26) for s in rng.sample(seats, rng.randint(1, len(seats)))}
    moon = Moon(rng.choice(seats), rng.choice(("add", "subtract"))) if rng.random() < 0.1 else None
    return dataclasses.replace(
        deal, hands=hands, passes=passes, tricks=tuple(tricks), score=score, total=total,
        moon=moon, comment=comment(rng),
        dealer=deal.dealer if rng.random() < 0.8 else None,
        unfinished=deal.unfinished or rng.random() < 0.05)


def random_record(seed: int) -> list[Game]:
    """One to three games of random presets, dressed at random."""
    rng = random.Random(seed)
    games = []
    for _ in range(rng.randint(1, 3)):
        preset = rng.choice(PRESETS)
        rules = parse_rules(preset)
        seats = rules.default_seats
        if rules.players == 4 and rng.random() < 0.3:
            seats = ("N", "E", "S", "O")
        deals = []
        for i in range(rng.randint(0, 3)):
            cut = rng.randint(0, rules.tricks_per_deal - 1) if rng.random() < 0.2 else None
            deal = random_deal(rules, rng, i + 1, seats, dealer=i, tricks=cut)
            deals.append(dress_deal(deal, rng, seats))
        tags = {}
        for name in rng.sample(["Event", "Site", "Date", "Round", "Source", "Annotator", "Club_2"],
                               rng.randint(0, 4)):
            tags[name] = " ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 3)))
        players = {s: rng.choice(["Ada", "Bo", "Zoé", 'Le "Chef"', "a\\b"]) for s in seats
                   if rng.random() < 0.5}
        result: tuple[str, ...] | str | None = rng.choice(
            [None, "*", (rng.choice(seats),), tuple(seats[:2])])
        games.append(Game(
            tags=tags, rules=preset if rng.random() < 0.9 or preset == "standard" else None,
            seats=seats if seats != rules.default_seats or rng.random() < 0.2 else None,
            players=players, deals=tuple(deals), result=result,  # type: ignore[arg-type]
            comment=comment(rng)))
        if games[-1].rules is None and rules.players != 4:
            games[-1] = dataclasses.replace(games[-1], rules=preset)
    return games


def as_written(games: list[Game]) -> list[Game]:
    """The games as their canonical text states them: a deal-less open game
    followed by another is closed with ``result *``, and a tagless game
    after an open one gets ``[Event "?"]`` (see ``iter_game_lines``)."""
    out = []
    open_previous = False
    for i, g in enumerate(games):
        if g.result is None and not g.deals and i + 1 < len(games):
            g = dataclasses.replace(g, result="*")
        if open_previous and not (g.tags or g.rules is not None or g.seats or g.players):
            g = dataclasses.replace(g, tags={"Event": "?"})
        open_previous = g.result is None
        out.append(g)
    return out


def same_games(text: str, games: list[Game]) -> None:
    back = list(iter_hrn(text, "prop.hrn"))
    errors = [e.message for g in back for e in g.errors]
    assert not errors, errors
    assert back == as_written(games)


@sweep(60, default=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_any_game_reads_back_from_its_canonical_text(seed: int) -> None:
    games = random_record(seed)
    text = dumps_hrn(games)
    same_games(text, games)
    assert text == dumps_hrn(list(iter_hrn(text, "prop.hrn")))
    for fmt in ("json", "yaml"):
        again = list(iter_games_text(dumps(games, fmt), fmt, f"prop.{fmt}"))
        assert dumps_hrn(again) == text
    fr = dumps_hrn(games, lang="fr")
    same_games(fr, games)


# Hand-written variations ------------------------------------------------------

CARD = re.compile(r"^(10|[2-9TJQKA])([SHDC])(!!|\?\?|!\?|\?!|!|\?)?$")
SPACES = [" ", "  ", "\t", " \t", "   "]
SYMBOLS = {"S": "♠♤", "H": "♥♡", "D": "♦♢", "C": "♣♧"}
FR_RANK = {"K": "R", "Q": "D", "J": "V"}
HOLE = re.compile(r"@@C(\d+)@@")


def mask_comments(text: str) -> tuple[str, list[str]]:
    """Canonical text with each brace comment replaced by a ``@@Cn@@``
    token, so that lines can be re-spaced without touching comments (which
    may hold spaces, braces and line breaks).  Tag lines are left alone."""
    out: list[str] = []
    comments: list[str] = []
    i, n = 0, len(text)
    at_line_start = True
    while i < n:
        c = text[i]
        if at_line_start and c == "[":
            j = text.index("\n", i)
            out.append(text[i:j])
            i = j
            continue
        if c == "{":
            j = i + 1
            while text[j] != "}":
                j += 2 if text[j] == "\\" else 1
            comments.append(text[i:j + 1])
            out.append(f"@@C{len(comments) - 1}@@")
            i = j + 1
            at_line_start = False
            continue
        out.append(c)
        at_line_start = c == "\n"
        i += 1
    return "".join(out), comments


def fancy_card(tok: str, rng: random.Random) -> str:
    """The same card in another spelling the reader accepts."""
    m = CARD.match(tok)
    if not m or rng.random() < 0.4:
        return tok
    rank, suit, mk = m.group(1), m.group(2), m.group(3) or ""
    if rng.random() < 0.5:
        sym = rng.choice(SYMBOLS[suit])
        if rank == "T":
            rank = rng.choice(["T", "10"])
        if rank in FR_RANK and rng.random() < 0.5:
            rank = FR_RANK[rank]
        return rank + sym + mk
    if rank == "T" and rng.random() < 0.5:
        rank = "10"
    return (rank + suit).lower() + mk if rng.random() < 0.3 else rank + suit + mk


def fancy_hand(text: str, rng: random.Random) -> str:
    """A PBN hand in one of the other hand forms."""
    suits = text.split(".")
    cards = [parse_card(r + s) for grp, s in zip(suits, "SHDC", strict=True) for r in grp]
    choice = rng.randrange(4)
    if choice == 0:
        return hand_text(cards, unicode=True, lang=rng.choice(["en", "fr"]))
    if choice == 1:
        return " ".join(f"{s}:{grp or '-'}" for grp, s in zip(suits, "SHDC", strict=True))
    if choice == 2:
        shuffled = list(cards)
        rng.shuffle(shuffled)
        return " ".join(fancy_card(str(c), rng) for c in shuffled)
    return ".".join(grp or rng.choice(["", "-"]) for grp in suits)


def rewrite_line(line: str, rng: random.Random, first_bare_ok: bool) -> str:
    """One masked canonical line written another way."""
    tokens = line.split()
    if not tokens or tokens[0].startswith("["):
        return line
    head = tokens[0]
    if head.endswith(":") and len(tokens) == 2 and tokens[1] != "?":
        tokens[1] = fancy_hand(tokens[1], rng)
    elif re.fullmatch(r"\d+\.", head):
        rest = tokens[1:]
        out = [head]
        bare = (head != "1." or first_bare_ok) and rng.random() < 0.5
        i = 0
        while i < len(rest):
            if HOLE.fullmatch(rest[i]):
                out.append(rest[i])
                i += 1
                continue
            seat, card = rest[i], fancy_card(rest[i + 1], rng)
            i += 2
            if bare:
                out.append(card)
            elif rng.random() < 0.3:
                out.append(f"{seat}:{card}")
            else:
                out.extend([seat, card])
        tokens = out
    elif head == "pass":
        tokens = [fancy_card(t, rng) for t in tokens]
    return "".join(t + rng.choice(SPACES) for t in tokens[:-1]) + tokens[-1]


@sweep(60, default=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**32 - 1), st.integers(min_value=0, max_value=2**32 - 1))
def test_any_hand_written_layout_formats_to_the_canonical_text(game_seed: int, layout_seed: int) -> None:
    games = random_record(game_seed)
    canonical = dumps_hrn(games)
    rng = random.Random(layout_seed)
    # Bare cards imply the seats: after the first trick from the previous
    # winner, which the reader always knows; on the first trick from the
    # holder of the lowest club, known only when every hand and pass is.
    first_ok = iter([
        len(d.hands) == len(g.seat_names) and all(h is not None for h in d.hands.values())
        and (d.direction == "hold" or len(d.passes) == len(g.seat_names))
        for g in games for d in g.deals])
    masked, comments = mask_comments(canonical)
    out: list[str] = []
    first_bare_ok = False
    for line in masked.split("\n"):
        if line.startswith("deal "):
            first_bare_ok = next(first_ok)
        new = rewrite_line(line, rng, first_bare_ok)
        if new and rng.random() < 0.2:
            new = rng.choice(SPACES) + new
        if new and rng.random() < 0.2:
            new += rng.choice(SPACES) + "; a note { not kept }"
        out.append(new)
        if rng.random() < 0.1:
            out.append(rng.choice(["", "; a line of notes", "   "]))
    written = HOLE.sub(lambda m: comments[int(m.group(1))], "\n".join(out))
    if rng.random() < 0.2:
        written = "; opening notes\n\n" + written
    back = list(iter_hrn(written, "hand.hrn"))
    errors = [e.message for g in back for e in g.errors]
    assert not errors, (errors, written)
    assert dumps_hrn(back) == canonical


def test_a_known_variation() -> None:
    """A hand-made example of the property above, easy to read when it fails."""
    rules = parse_rules("standard")
    deal = random_deal(rules, random.Random(5), 1, rules.default_seats, dealer=0)
    game = Game(tags={"Event": "x"}, rules="standard", deals=(deal,))
    canonical = dumps_hrn([game])
    lines = canonical.split("\n")
    hand_line = next(i for i, s in enumerate(lines) if s.startswith("N: "))
    lines[hand_line] = "N:  " + fancy_hand(lines[hand_line][3:], random.Random(1)) + "   ; mine"
    trick2 = next(i for i, s in enumerate(lines) if s.startswith("2. "))
    lines[trick2] = "2. " + " ".join(lines[trick2].split()[2::2])  # cards only
    assert dumps_hrn(list(iter_hrn("\n".join(lines), "v.hrn"))) == canonical
    assert CARDS[0] == parse_card("2♣")
