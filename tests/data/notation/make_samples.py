"""Regenerate the play of the records in ``samples/`` (run from the repo root).

    python tests/data/notation/make_samples.py [OUTDIR]

The samples are realistic games: the cards are dealt at random (seeded, so
the output never changes) and played by a simple "avoid the points" player
that only ever picks among the cards :func:`hearts_notation.state.legal_plays`
allows, so every record validates under its rules.  Points come from
:func:`hearts_notation.state.deal_points`; totals and the result follow
spec §4.  Names, events, marks and comments are then added by hand below,
the way a scorer would write them at the table.

``partie-francaise.hrn`` is not written by this script: its two deals were
played by the same player (seats N E S O, seed 1961, first dealer O) and
then copied out by hand in the style of a French score sheet (symbols,
French ranks, mixed hand forms, implied seats, ``;`` notes).  Every text
sample written here is in the canonical form the writer emits.
"""

from __future__ import annotations

import dataclasses
import random
import sys
from collections.abc import Sequence
from pathlib import Path

from hearts_notation.cards import (
    CARDS,
    HEARTS,
    QUEEN_OF_SPADES,
    SPADES,
    SUIT_MASKS,
    Card,
    cards_of,
    display_order,
)
from hearts_notation.io import dumps
from hearts_notation.model import Deal, Game, Moon, Pass, Play, Trick
from hearts_notation.rules import RuleSet, parse_rules
from hearts_notation.state import breaks_hearts, deal_pass, deal_points, legal_plays, trick_winner
from hearts_notation.walk import walk

# --- a plausible player -------------------------------------------------------


def _pass_score(c: Card, hand: int) -> float:
    spades = (hand & SUIT_MASKS[SPADES]).bit_count()
    if c == QUEEN_OF_SPADES:
        return 100 if spades <= 3 else 5
    if c.suit == SPADES and c.rank >= 11:  # A, K of spades
        return 90 if spades <= 3 else 8
    if c.suit == HEARTS:
        return 14 + c.rank if c.rank >= 8 else c.rank - 6
    suit_len = (hand & SUIT_MASKS[c.suit]).bit_count()
    return c.rank + (6 if suit_len <= 2 else 0)


def choose_pass(hand: int, count: int, rng: random.Random) -> list[Card]:
    """The dangerous cards: Q♠ with few spades, high spades, high hearts,
    short suits' high cards (a little noise so that every table differs)."""
    cards = cards_of(hand)
    ranked = sorted(cards, key=lambda c: _pass_score(c, hand) + rng.random() * 4, reverse=True)
    return ranked[:count]


def choose_play(hand: int, legal: int, trick: Sequence[int], qs_out: bool,
                rng: random.Random, n: int) -> int:
    """Duck under the trick when possible, dump Q♠ and hearts when void,
    lead low from the longest safe suit; now and then a random legal card."""
    cards = cards_of(legal)
    if len(cards) == 1:
        return cards[0]
    if rng.random() < 0.12:
        return rng.choice(cards)
    if not trick:
        safe = [c for c in cards if c.suit != HEARTS and c != QUEEN_OF_SPADES] or cards
        if qs_out:  # fish for the queen with low spades
            low_spades = [c for c in safe if c.suit == SPADES and c.rank < 10]
            if low_spades and rng.random() < 0.5:
                return min(low_spades)
        return min(safe, key=lambda c: (c.rank, rng.random()))
    led = trick[0] // 13
    follow = [c for c in cards if c.suit == led]
    if follow:
        top = max(c for c in trick if c // 13 == led)
        under = [c for c in follow if c < top]
        if under:
            return max(under)
        has_points = any(c // 13 == HEARTS or c == QUEEN_OF_SPADES for c in trick)
        if len(trick) == n - 1 and not has_points:
            non_q = [c for c in follow if c != QUEEN_OF_SPADES]
            return max(non_q or follow)
        non_q = [c for c in follow if c != QUEEN_OF_SPADES]
        return min(non_q or follow)
    if QUEEN_OF_SPADES in cards:
        return QUEEN_OF_SPADES
    high_spades = [c for c in cards if c.suit == SPADES and c.rank >= 11 and qs_out]
    if high_spades:
        return max(high_spades)
    hearts = [c for c in cards if c.suit == HEARTS]
    if hearts:
        return max(hearts)
    return max(cards, key=lambda c: (c.rank, rng.random()))


def play_deal(rules: RuleSet, rng: random.Random, number: int, seats: Sequence[str],
              dealer: int) -> tuple[Deal, list[int]]:
    """One complete deal: hands, passes, 13 tricks; and the cards each seat took."""
    n = len(seats)
    deck = [c for c in range(52) if rules.deck_mask >> c & 1]
    rng.shuffle(deck)
    dealt = [0] * n
    for i, c in enumerate(deck):
        dealt[(dealer + 1 + i) % n] |= 1 << c
    hands = list(dealt)
    direction = deal_pass(rules, number).direction
    assert direction is not None
    offset = rules.pass_offset(direction)
    passes: dict[str, Pass] = {}
    if offset:
        gifts = [choose_pass(hands[s], rules.pass_count, rng) for s in range(n)]
        for s in range(n):
            passes[seats[s]] = Pass(seat=seats[s], cards=tuple(gifts[s]))
        for s in range(n):
            for c in gifts[s]:
                hands[s] &= ~(1 << c)
                hands[(s + offset) % n] |= 1 << c
    leader = next(s for s in range(n) if hands[s] >> rules.lowest_club & 1)
    broken = False
    qs_out = True
    tricks: list[Trick] = []
    taken = [0] * n
    for t in range(rules.tricks_per_deal):
        cards: list[int] = []
        order: list[int] = []
        for k in range(n):
            s = (leader + k) % n
            led = cards[0] // 13 if cards else None
            legal = legal_plays(rules, hands[s], led, t == 0, broken)
            c = choose_play(hands[s], legal, cards, qs_out, rng, n)
            assert legal >> c & 1
            hands[s] &= ~(1 << c)
            cards.append(c)
            order.append(s)
        if any(breaks_hearts(rules, c, cards[0] // 13) for c in cards):
            broken = True
        if QUEEN_OF_SPADES in cards:
            qs_out = False
        w = order[trick_winner(cards)]
        for c in cards:
            taken[w] |= 1 << c
        plays = tuple(Play(seat=seats[s], card=CARDS[c]) for s, c in zip(order, cards, strict=True))
        tricks.append(Trick(plays=plays))
        leader = w
    deal = Deal(
        number=number, dealer=seats[dealer], direction=direction,  # type: ignore[arg-type]
        hands={seats[s]: tuple(display_order(cards_of(dealt[s]))) for s in range(n)},
        passes=passes, tricks=tuple(tricks),
    )
    return deal, taken


def play_game(rules: RuleSet, seed: int, seats: Sequence[str] | None = None,
              max_deals: int | None = None, first_dealer: int = 0) -> Game:
    """Deals until the game ends under the rules (or *max_deals*), with
    running totals and, when the game ended, the result."""
    rng = random.Random(seed)
    seats = tuple(seats or rules.default_seats)
    n = len(seats)
    totals = [0] * n
    deals: list[Deal] = []
    number = 0
    finished = False
    while not finished and (max_deals is None or number < max_deals):
        number += 1
        deal, taken = play_deal(rules, rng, number, seats, (first_dealer + number - 1) % n)
        points, shooter = deal_points(rules, taken, "subtract" if rules.moon == "subtract" else "add")
        if shooter is not None and rules.moon == "choose":
            # The shooter adds 26 to the others unless that ends the game
            # with someone else winning (seed 003); then they subtract.
            add = [t + p for t, p in zip(totals, points, strict=True)]
            choice = "add"
            if max(add) >= rules.target and min(add) < add[shooter]:
                choice = "subtract"
                points, _ = deal_points(rules, taken, "subtract")
            deal = dataclasses.replace(deal, moon=Moon(seat=seats[shooter], choice=choice))  # type: ignore[arg-type]
        totals = [t + p for t, p in zip(totals, points, strict=True)]
        deal = dataclasses.replace(deal, score=dict(zip(seats, points, strict=True)),
                                   total=dict(zip(seats, totals, strict=True)))
        deals.append(deal)
        if max(totals) >= rules.target:
            low = min(totals)
            if rules.tie == "share" or totals.count(low) == 1:
                finished = True
    result: tuple[str, ...] | None = None
    if finished:
        low = min(totals)
        result = tuple(s for s, t in zip(seats, totals, strict=True) if t == low)
    return Game(rules=rules.spec, deals=tuple(deals), result=result,
                seats=tuple(seats) if tuple(seats) != rules.default_seats else None)


# --- commentary ---------------------------------------------------------------


def annotate_play(deal: Deal, t: int, i: int, mark: str | None = None,
                  comment: str | None = None) -> Deal:
    trick = deal.tricks[t]
    plays = list(trick.plays)
    plays[i] = dataclasses.replace(plays[i], mark=mark, comment=comment)  # type: ignore[arg-type]
    tricks = list(deal.tricks)
    tricks[t] = dataclasses.replace(trick, plays=tuple(plays))
    return dataclasses.replace(deal, tricks=tuple(tricks))


def annotate_trick(deal: Deal, t: int, comment: str) -> Deal:
    tricks = list(deal.tricks)
    tricks[t] = dataclasses.replace(tricks[t], comment=comment)
    return dataclasses.replace(deal, tricks=tuple(tricks))


def queen_story(deal: Deal, rules: RuleSet, seats: Sequence[str], lang: str = "en") -> Deal:
    """Comment the play of Q♠ the way a scorer would: '!' for a discard
    onto someone else's trick, '??' for taking it when a lower spade could
    have ducked, '?' for leading it into a higher spade."""
    for step in walk(deal, rules, seats):
        if step.play.card != QUEEN_OF_SPADES:
            continue
        t, i = step.trick, step.position
        trick = deal.tricks[t]
        winner = trick.plays[trick_winner([p.card for p in trick.plays])].seat
        seat = step.play.seat
        en = lang == "en"
        if deal.moon is not None and deal.moon.seat == seat:
            text = ("Takes the queen on the way to the moon." if en
                    else "Prend la dame : le grand chelem est en route.")
            return annotate_play(deal, t, i, "!", text)
        if step.led_suit is not None and step.led_suit != SPADES:
            text = (f"{seat} dumps the queen on {winner}." if en
                    else f"{seat} se défausse de la dame sur {winner}.")
            return annotate_play(deal, t, i, "!", text)
        if winner != seat:
            text = (f"The queen drops under {winner}'s higher spade." if en
                    else f"La dame tombe sous le pique de {winner}.")
            return annotate_play(deal, t, i, None, text)
        if i == 0:
            text = ("Leads the queen; nobody can overtake it." if en
                    else "Entame la dame ; personne ne peut la couvrir.")
            return annotate_play(deal, t, i, "?", text)
        played = [p.card for p in trick.plays[:i]]
        top = max(c for c in played if c.suit == SPADES)
        legal = step.legal or 0
        if any(c.suit == SPADES and c < top for c in cards_of(legal)):
            text = ("A lower spade would have ducked; the queen takes itself." if en
                    else "Un pique plus bas passait dessous ; la dame se prend elle-même.")
            return annotate_play(deal, t, i, "??", text)
        text = ("No spade lower: the queen has to win." if en
                else "Aucun pique plus bas : la dame doit prendre.")
        return annotate_play(deal, t, i, "?", text)
    return deal


def tell(game: Game, lang: str = "en", deals: Sequence[int] | None = None) -> Game:
    """The queen's story on every deal (or on the deals numbered *deals*)."""
    rules = parse_rules(game.rules or "standard")
    seats = game.seat_names
    return dataclasses.replace(game, deals=tuple(
        queen_story(d, rules, seats, lang) if deals is None or d.number in deals else d
        for d in game.deals))


def with_deal(game: Game, k: int, deal: Deal) -> Game:
    deals = list(game.deals)
    deals[k] = deal
    return dataclasses.replace(game, deals=tuple(deals))


# --- the samples --------------------------------------------------------------


def canonical(out: Path) -> None:
    """A complete standard game to 100, canonical ASCII."""
    rules = parse_rules("standard")
    g = play_game(rules, 2031, first_dealer=3)
    g = dataclasses.replace(
        g,
        tags={"Event": "Thursday club night", "Site": "Leeds, The Cardroom", "Date": "2025.11.13",
              "Round": "1", "Annotator": "M. Hale", "Table": "3"},
        players={"N": "Margaret", "E": "Tom", "S": "Priya", "W": "Dev"},
        comment="Scored at the table by Margaret; the marks were added the next day.",
    )
    g = tell(g)
    d0 = g.deals[0]
    # The comments below describe this very deal: fail rather than lie if it changes.
    assert d0.score == {"N": 13, "E": 0, "S": 13, "W": 0}, d0.score
    assert [str(c) for c in d0.passes["N"].cards] == ["KH", "AH", "TH"]
    d0 = annotate_trick(d0, 0, "Nothing can be lost on the first trick.")
    d0 = dataclasses.replace(d0, comment="North takes all thirteen hearts but not the queen: "
                                         "13 points, and no moon.")
    p = d0.passes["N"]
    d0 = dataclasses.replace(d0, passes={**d0.passes, "N": dataclasses.replace(
        p, mark="?", comment="The three top hearts go left, and North still takes every heart.")})
    g = with_deal(g, 0, d0)
    last = g.deals[-1]
    assert g.result == ("E",) and last.total is not None and last.total["S"] >= 100
    g = with_deal(g, len(g.deals) - 1, dataclasses.replace(
        last, comment="Priya passes 100: the game ends and Tom, lowest, wins."))
    (out / "canonical.hrn").write_text(dumps([g], "hrn"), encoding="utf-8")


def club_night(out: Path) -> None:
    """JSON: four deals of an evening under the jack of diamonds rule, not finished."""
    rules = parse_rules("jack-of-diamonds")
    g = play_game(rules, 77, max_deals=4, first_dealer=1)
    g = dataclasses.replace(
        g,
        tags={"Event": "Soirée du club", "Site": "Grenoble", "Date": "2025.10.03",
              "Annotator": "Lucie"},
        players={"N": "Lucie", "E": "Karim", "S": "Anne", "W": "Yves"},
        comment="Valet de carreau à -10, comme d'habitude au club. Partie arrêtée à minuit.",
        result="*",
    )
    g = tell(g, "fr")
    (out / "club-night.json").write_text(dumps([g], "json"), encoding="utf-8")


def yaml_game(out: Path, seed: int) -> None:
    """YAML: a moon-choice game with a shot moon."""
    rules = parse_rules("moon-choice")
    g = play_game(rules, seed, max_deals=3)
    g = dataclasses.replace(
        g,
        tags={"Event": "Kitchen table", "Date": "2025.12.26", "Site": "Annecy"},
        players={"N": "Grand-mère", "E": "Jules", "S": "Zoé", "W": "Papa"},
    )
    for k, d in enumerate(g.deals):
        if d.moon is not None:
            g = with_deal(g, k, dataclasses.replace(
                d, comment=f"{d.moon.seat} takes every heart and the queen."))
    g = tell(g)
    (out / "game.yaml").write_text(dumps([g], "yaml"), encoding="utf-8")


def multi_game(out: Path) -> None:
    """Three games in one file: short (complete), kawu (in progress), queen-breaks-hearts."""
    games = []
    g1 = play_game(parse_rules("short"), 5, first_dealer=0)
    g1 = dataclasses.replace(
        g1, tags={"Event": "Lunch league", "Site": "Office, 4th floor", "Date": "2025.09.01",
                  "Round": "1"},
        players={"N": "Ana", "E": "Bilal", "S": "Chen", "W": "Dora"})
    g1 = tell(g1, deals=[1])
    games.append(g1)
    g2 = play_game(parse_rules("kawu"), 8, max_deals=2, first_dealer=2)
    last = g2.deals[-1]
    cut = dataclasses.replace(last, tricks=last.tricks[:7], score=None, total=None,
                              unfinished=True, comment="Lunch break over after seven tricks.")
    g2 = dataclasses.replace(
        g2, deals=(*g2.deals[:-1], cut), result="*",
        tags={"Event": "Lunch league", "Site": "Office, 4th floor", "Date": "2025.09.02",
              "Round": "2"},
        players={"N": "Ana", "E": "Bilal", "S": "Chen", "W": "Dora"})
    games.append(g2)
    g3 = play_game(parse_rules("queen-breaks-hearts"), 13, max_deals=1, first_dealer=1)
    g3 = dataclasses.replace(
        g3, tags={"Event": "Lunch league", "Site": "Office, 4th floor", "Date": "2025.09.03",
                  "Round": "3", "Note": "house rule: the queen breaks hearts"},
        players={"N": "Ana", "E": "Bilal", "S": "Chen", "W": "Dora"})
    g3 = tell(g3)
    games.append(g3)
    (out / "multi-game.hrn").write_text(dumps(games, "hrn"), encoding="utf-8")


def observer(out: Path) -> None:
    """North's own record: only North's hand, North's pass and what West
    passed to North are known; all 13 tricks were noted."""
    rules = parse_rules("standard")
    g = tell(play_game(rules, 404, max_deals=1, first_dealer=3))
    d = g.deals[0]
    d = dataclasses.replace(
        d, hands={"N": d.hands["N"], "E": None, "S": None, "W": None},
        passes={"N": d.passes["N"], "W": d.passes["W"]},
        total=None,
        comment="Written from North's seat: the other hands were never shown.")
    g = dataclasses.replace(
        g, deals=(d,),
        tags={"Event": "Online table #5127", "Site": "kawu.example", "Date": "2026.01.08",
              "Annotator": "North"},
        players={"N": "me", "E": "Ada", "S": "Bo", "W": "Cleo"})
    (out / "observer.hrn").write_text(dumps([g], "hrn"), encoding="utf-8")


def three_players(out: Path) -> None:
    """A three-player game (2♦ removed, 17 cards each), three deals."""
    rules = parse_rules("three-players")
    g = play_game(rules, 33, max_deals=3)
    g = dataclasses.replace(
        g, tags={"Event": "Train to Marseille", "Date": "2025.08.14"},
        players={"P1": "Inès", "P2": "Hugo", "P3": "Théo"},
        comment="Three players: the 2 of diamonds is out, 17 cards each, no across pass.")
    g = tell(g)
    (out / "three-players.hrn").write_text(dumps([g], "hrn"), encoding="utf-8")


def find_moon_seed(start: int = 0) -> int:
    """First seed whose three moon-choice deals include a shot moon."""
    rules = parse_rules("moon-choice")
    seed = start
    while True:
        g = play_game(rules, seed, max_deals=3)
        if any(d.moon is not None for d in g.deals):
            return seed
        seed += 1


def main(argv: list[str]) -> None:
    out = Path(argv[1]) if len(argv) > 1 else Path("samples")
    out.mkdir(parents=True, exist_ok=True)
    canonical(out)
    club_night(out)
    yaml_game(out, find_moon_seed())
    multi_game(out)
    observer(out)
    three_players(out)


if __name__ == "__main__":
    main(sys.argv)
