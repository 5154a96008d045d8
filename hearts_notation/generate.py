"""Legal deals and complete games played by bots: corpora for tests,
samples and benchmarks.

Every card comes from :meth:`hearts_notation.state.GameState.legal_cards` (the one
copy of the rules); the bots of :mod:`hearts_notation.bots` only choose among
the legal cards.  A complete game carries what a club score sheet holds:
hands as dealt, passes, the tricks, each deal's points and running totals
(docs/spec.md, section 4.4: the moon rule, the shooter's choice under ``moon: choose``), and
the result once a total reaches the target (with ``tie: play-on``, once the
lowest total is held by one seat).  Same seed, same output: each game draws
from its own generator seeded by ``(seed, game number)``, so game *k* does
not depend on how many games come before it or on how many processes
generate them.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from .bots import Bot, PlayView, RandomBot, make_bot
from .cards import CARDS, cards_of, display_order, iter_bits, mask_of
from .model import Deal, Game, Moon, Pass, Play, Trick
from .rules import RuleSet, parse_rules
from .scoring import game_over, moon_choice
from .state import GameState, deal_pass, deal_points, moon_shooter

#: A game longer than this is cut (``result *``); with real play a game to
#: 100 ends in well under 40 deals, so this only guards against a
#: pathological rule set (a huge target) running forever.
MAX_DEALS = 500


def random_hands(rules: RuleSet, rng: random.Random) -> list[int]:
    """A shuffled deal of the cards in play, one bitmask per seat."""
    deck = list(iter_bits(rules.deck_mask))
    rng.shuffle(deck)
    n = rules.players
    hands = [0] * n
    for i, c in enumerate(deck):
        hands[i % n] |= 1 << c
    return hands


@dataclass(frozen=True, slots=True)
class PlayedDeal:
    """A deal as played: the bitmask facts the scoring needs, and the model
    objects of the record."""

    dealt: tuple[int, ...]
    passes: tuple[tuple[int, ...], ...] | None
    tricks: tuple[Trick, ...]
    taken: tuple[int, ...]
    complete: bool


def play_deal(rules: RuleSet, rng: random.Random, bots: Sequence[Bot], number: int,
              seats: Sequence[str], totals: Sequence[int] | None = None,
              tricks: int | None = None) -> PlayedDeal:
    """Deal, pass and play one deal with *bots* (one per seat).

    *tricks* limits the number of tricks played, for records of deals in
    progress.  The seat holding the lowest club in play after the pass
    leads (docs/spec.md, section 4.3); every card is one of the engine's legal cards.
    """
    n = len(seats)
    direction, offset = deal_pass(rules, number)
    assert direction is not None
    dealt = random_hands(rules, rng)
    gifts: list[tuple[int, ...]] | None = None
    if offset:
        gifts = [tuple(bots[s].pass_cards(rules, dealt[s], rules.pass_count, rng)) for s in range(n)]
    # The game state decides everything from here: who leads, what is legal,
    # hearts broken, who wins each trick.
    gs = GameState.from_deal(rules, dealt, [mask_of(g) for g in gifts] if gifts else None,
                             direction)
    played = 0
    view = PlayView(rules, 0, 0, 0, [], 0, False, 0, gs.taken, list(totals or [0] * n))
    out: list[Trick] = []
    limit = rules.tricks_per_deal if tricks is None else tricks
    for t in range(limit):
        order: list[int] = []
        cards: list[int] = []
        view.trick = gs.trick
        view.trick_number = t
        view.hearts_broken = gs.broken
        for _ in range(n):
            s = gs.to_play
            legal = gs.legal_cards()
            view.seat, view.hand, view.legal, view.played = s, gs.hands[s], legal, played
            c = bots[s].play(view, rng)
            if not legal >> c & 1:
                raise AssertionError(f"bot {bots[s].name} chose an illegal card {CARDS[c]}")
            played |= 1 << c
            order.append(s)
            cards.append(c)
            gs.push(c)
        out.append(Trick(plays=tuple(Play(seat=seats[s], card=CARDS[c])
                                     for s, c in zip(order, cards, strict=True))))
    return PlayedDeal(tuple(dealt), tuple(gifts) if gifts is not None else None, tuple(out),
                      tuple(gs.taken), limit == rules.tricks_per_deal)


def _deal_record(rules: RuleSet, played: PlayedDeal, number: int, seats: Sequence[str],
                 dealer: int | None) -> Deal:
    """The model of a played deal, without scores."""
    n = len(seats)
    passes: dict[str, Pass] = {}
    if played.passes is not None:
        for s in range(n):
            passes[seats[s]] = Pass(seat=seats[s], cards=tuple(CARDS[c] for c in played.passes[s]))
    return Deal(
        number=number,
        dealer=seats[dealer % n] if dealer is not None else None,
        direction=deal_pass(rules, number).direction,  # type: ignore[arg-type]
        hands={seats[s]: tuple(display_order(cards_of(played.dealt[s]))) for s in range(n)},
        passes=passes,
        tricks=played.tricks,
        unfinished=not played.complete,
    )


def random_deal(rules: RuleSet, rng: random.Random, number: int = 1,
                seats: Sequence[str] | None = None, dealer: int | None = None,
                tricks: int | None = None) -> Deal:
    """One deal with random legal passes and play, its points recorded.

    *tricks* limits the number of tricks played (the deal is then marked
    unfinished), for records of games in progress.
    """
    seat_names = tuple(seats or rules.default_seats)
    bots = [RandomBot() for _ in seat_names]
    played = play_deal(rules, rng, bots, number, seat_names, tricks=tricks)
    deal = _deal_record(rules, played, number, seat_names, dealer)
    if not played.complete:
        return deal
    pts, _ = deal_points(rules, played.taken, "add" if rules.moon != "subtract" else "subtract")
    return _replace_scores(deal, dict(zip(seat_names, pts, strict=True)), None, None)


def _replace_scores(deal: Deal, score: dict[str, int], total: dict[str, int] | None,
                    moon: Moon | None) -> Deal:
    return Deal(number=deal.number, dealer=deal.dealer, direction=deal.direction, hands=deal.hands,
                passes=deal.passes, tricks=deal.tricks, score=score, total=total, moon=moon,
                unfinished=deal.unfinished)


def random_game(rules: RuleSet, rng: random.Random, deals: int = 1) -> Game:
    """A game of *deals* random deals (dealer rotating clockwise from the
    first seat), with the per-deal scores recorded; no totals or result."""
    seats = rules.default_seats
    return Game(
        tags={"Event": "Generated", "Site": "hearts-notation"},
        rules=rules.portable_spec,
        deals=tuple(random_deal(rules, rng, i + 1, seats, dealer=i) for i in range(deals)),
    )


# Complete games -------------------------------------------------------------------


#: The game's end and the moon rule come from the scoring, the one place
#: they are coded (names kept for the generator's callers).
game_winners = game_over


def generate_game(rules: RuleSet, rng: random.Random, bots: Sequence[Bot],
                  max_deals: int | None = None, tags: dict[str, str] | None = None,
                  players: dict[str, str] | None = None) -> Game:
    """A complete game played by *bots* until the rules end it.

    Each deal records its points, the running totals and (under ``moon:
    choose``) the shooter's choice; the game records its winners.  With
    *max_deals*, play stops after that many deals: a game not over by then
    is declared unfinished (``result *``).
    """
    seats = rules.default_seats
    n = len(seats)
    if len(bots) != n:
        raise ValueError(f"{len(bots)} bots for {n} seats")
    first_dealer = rng.randrange(n)
    totals = [0] * n
    deals: list[Deal] = []
    limit = min(max_deals or MAX_DEALS, MAX_DEALS)
    winners: list[int] | None = None
    for number in range(1, limit + 1):
        played = play_deal(rules, rng, bots, number, seats, totals)
        deal = _deal_record(rules, played, number, seats, first_dealer + number - 1)
        shooter = None
        choice = "add"
        if rules.moon == "choose":
            shooter = moon_shooter(rules, played.taken)
            if shooter is not None:
                choice = moon_choice(rules, shooter, totals, played.taken)
        elif rules.moon == "subtract":
            choice = "subtract"
        pts, _ = deal_points(rules, played.taken, choice)
        totals = [t + p for t, p in zip(totals, pts, strict=True)]
        moon = Moon(seat=seats[shooter], choice=choice) if shooter is not None else None  # type: ignore[arg-type]
        deals.append(_replace_scores(deal, dict(zip(seats, pts, strict=True)),
                                     dict(zip(seats, totals, strict=True)), moon))
        winners = game_winners(rules, totals)
        if winners is not None:
            break
    return Game(
        tags=dict(tags or {}),
        rules=rules.portable_spec,
        players=dict(players or {}),
        deals=tuple(deals),
        result=tuple(seats[i] for i in winners) if winners is not None else "*",
    )


def game_rng(seed: int, number: int) -> random.Random:
    """The random generator of game *number* (1-based) of a seeded run.

    Seeding from the text ``"seed/number"`` (SHA-512 based in CPython) gives
    independent, platform-stable streams for neighbouring games.
    """
    return random.Random(f"hearts-generate/{seed}/{number}")


@dataclass(frozen=True, slots=True)
class GameSpec:
    """Everything that decides one generated game; picklable (the rule set
    travels as itself), so games can be generated in worker processes
    (:mod:`hearts_notation.runners`)."""

    seed: int
    rules: RuleSet
    bots: tuple[str, ...]
    max_deals: int | None = None


def build_game(spec: GameSpec, number: int) -> Game:
    """Game *number* of the run described by *spec*: a pure function of
    its arguments."""
    rules = spec.rules
    seats = rules.default_seats
    names = spec.bots if len(spec.bots) == len(seats) else spec.bots[:1] * len(seats)
    bots = [make_bot(b) for b in names]
    tags = {
        "Event": f"Generated game {number}",
        "Site": "hearts-notation",
        "Round": str(number),
        "Source": f"hearts generate --seed {spec.seed} --bots {','.join(spec.bots)}",
    }
    players = {seats[i]: f"{names[i]} {seats[i]}" for i in range(len(seats))}
    return generate_game(rules, game_rng(spec.seed, number), bots, spec.max_deals, tags, players)


def generate_games(count: int, seed: int = 0, rules: RuleSet | str = "standard",
                   bots: Sequence[str] = ("heuristic",), max_deals: int | None = None,
                   start: int = 1) -> Iterator[Game]:
    """*count* complete games, numbered from *start*, one at a time."""
    ruleset = rules if isinstance(rules, RuleSet) else parse_rules(rules)
    spec = GameSpec(seed, ruleset, tuple(bots), max_deals)
    for number in range(start, start + count):
        yield build_game(spec, number)


__all__ = [
    "MAX_DEALS",
    "GameSpec",
    "PlayedDeal",
    "build_game",
    "game_rng",
    "game_winners",
    "generate_game",
    "generate_games",
    "moon_choice",
    "play_deal",
    "random_deal",
    "random_game",
    "random_hands",
]
