"""The facts of a recorded game, as the three replays need them.

The terminal replay, the narration and the HTML page all tell the same
story: who held what, who passed what to whom, who led, who followed, who
discarded and so showed a void, who won each trick and how many points it
carried, when hearts were broken, where the queen fell, the running points,
the deal's score and the totals, and what the referee found.  This module
computes those facts once, from the model, :func:`hearts_notation.walk.walk`
(hands, legal cards, hearts broken: the one copy of the rules) and the
referee's report, so the renderers only choose words and layout.

Nothing here judges the record: plays are taken as written and the referee's
findings are attached to the card, pass, trick or deal they concern.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ..cards import (
    QUEEN_OF_SPADES,
    SUIT_MASKS,
    Card,
    cards_of,
    display_order,
    iter_bits,
)
from ..model import Deal, Finding, Game, deal_numbers
from ..referee import check_game, game_seats
from ..rules import RuleSet
from ..scoring import DealScore
from ..state import breaks_hearts, deal_pass, moon_shooter, raw_points, scoring_cards, trick_winner
from ..walk import deal_hands, walk

_SEVERITY_ORDER = {"error": 0, "warning": 1, "info": 2}


@dataclass(frozen=True, slots=True)
class PlayFact:
    """One card played, with what it means for the story.

    ``hand`` and ``legal`` are bitmasks (``None`` when the hand is unknown);
    ``legal`` is what the rules allowed just before this card, computed by
    :func:`hearts_notation.walk.walk` through the engine.
    """

    trick: int                 # 1-based trick number
    position: int              # 0 = the lead
    seat: str
    card: Card
    mark: str | None
    comment: str | None
    hand: int | None
    legal: int | None
    led_suit: int | None       # suit led before this card (None for the lead)
    discard: bool              # did not follow the led suit
    shows_void: bool           # the first time this seat is seen void in the led suit
    runs_out: bool             # played its last card of the suit (known hand), others left
    singleton: bool            # the only card of its suit the seat held after the pass
    ducks: bool                # followed under the winning card while able to beat it
    breaks_hearts: bool        # this card opens hearts for the tricks to come
    is_queen: bool
    findings: tuple[Finding, ...] = ()
    #: did not follow the led suit while holding it (hand known, or the
    #: referee proved it): the discard shows no void
    revoke: bool = False

    @property
    def lead(self) -> bool:
        """Whether this card leads its trick."""
        return self.position == 0

    @property
    def illegal(self) -> bool:
        """Whether the engine says this card was not allowed (hand known)."""
        return self.legal is not None and not self.legal >> self.card & 1


@dataclass(frozen=True, slots=True)
class TrickFact:
    """One trick: its plays, its winner and the points it carried."""

    number: int
    leader: str
    plays: tuple[PlayFact, ...]
    comment: str | None
    winner: str | None              # None when the trick is incomplete
    winning_card: Card | None
    points: int                     # raw points of the cards in the trick
    penalty_cards: tuple[Card, ...]
    running: Mapping[str, int]      # raw points taken by each seat so far
    findings: tuple[Finding, ...] = ()  # about the trick, not one card

    @property
    def complete(self) -> bool:
        """Whether every seat played to this trick."""
        return self.winner is not None


@dataclass(frozen=True, slots=True)
class PassFact:
    """The cards one seat gave, and to whom (when the direction is known)."""

    giver: str
    receiver: str | None
    cards: tuple[Card, ...]
    mark: str | None
    comment: str | None
    findings: tuple[Finding, ...] = ()


@dataclass(frozen=True, slots=True)
class DealFact:
    """Everything the replays say about one deal."""

    deal: Deal
    index: int                                   # 0-based position in the game
    number: int
    dealer: str | None
    direction: str | None
    #: Seats from giver to receiver (:func:`~hearts_notation.state.deal_pass`):
    #: 0 when no card changes hands, ``None`` when the direction is not known.
    offset: int | None
    dealt: Mapping[str, tuple[Card, ...] | None]
    played_from: Mapping[str, tuple[Card, ...] | None]
    inferred: Mapping[str, bool]
    passes: tuple[PassFact, ...]
    tricks: tuple[TrickFact, ...]
    opening_leader: str | None
    hearts_broken: tuple[int, str, Card] | None  # trick, seat, card
    queen: tuple[int, str, str | None] | None    # trick, who played it, who took it
    taken_raw: Mapping[str, int]
    points: Mapping[str, int] | None             # the deal's points after the moon rule
    totals: Mapping[str, int] | None
    moon: tuple[str, str, bool] | None           # shooter, add|subtract, assumed
    complete: bool
    findings: tuple[Finding, ...] = ()           # about the deal as a whole

    @property
    def all_findings(self) -> list[Finding]:
        """Every finding of this deal, wherever it is attached."""
        out = list(self.findings)
        for p in self.passes:
            out.extend(p.findings)
        for t in self.tricks:
            out.extend(t.findings)
            for pl in t.plays:
                out.extend(pl.findings)
        return out


@dataclass(frozen=True, slots=True)
class GameFact:
    """A game ready to be told: seats, names, deals, findings, result."""

    game: Game
    rules: RuleSet
    seats: tuple[str, ...]
    names: Mapping[str, str]
    deals: tuple[DealFact, ...]
    findings: tuple[Finding, ...]      # about the game as a whole
    all_findings: tuple[Finding, ...]  # every finding, sorted by place
    finished: bool
    winners: tuple[str, ...]
    totals: Mapping[str, int] = field(default_factory=dict)

    def name(self, seat: str) -> str:
        """The player's name from the tags, else the seat."""
        return self.names.get(seat) or seat

    def label(self, seat: str) -> str:
        """``N Vous`` when the player has a name, else ``N``."""
        n = self.names.get(seat)
        return f"{seat} {n}" if n and n != seat else seat

    @property
    def errors(self) -> int:
        """Number of error findings."""
        return sum(1 for f in self.all_findings if f.severity == "error")


def _sorted(findings: Sequence[Finding]) -> tuple[Finding, ...]:
    return tuple(sorted(
        findings,
        key=lambda f: (f.deal or 0, f.trick or 0, f.line or 0, f.column or 0,
                       _SEVERITY_ORDER.get(f.severity, 3), f.code),
    ))


def _hand(mask: int | None) -> tuple[Card, ...] | None:
    return None if mask is None else tuple(display_order(cards_of(mask)))


def build_game(game: Game, default_rules: RuleSet | None = None,
               force_rules: bool = False) -> GameFact:
    """All the facts of *game*, with the referee's findings and scores."""
    report = check_game(game, default_rules, force_rules)
    rules = report.rules
    assert rules is not None  # the referee always settles on some rules
    # The same seats and player count the referee used (a record whose seats
    # disagree with its rules is replayed for its own seats).
    seats, rules, _ = game_seats(game, rules)
    names = {s: game.players.get(s, "") for s in seats}
    findings = list(report.findings)  # includes the reader's syntax errors
    scores = _scores_by_deal(game, report.deals)
    used: set[int] = set()
    deals = []
    for i, (d, number) in enumerate(zip(game.deals, deal_numbers(game.deals), strict=True)):
        mine = [f for f in findings if f.deal == number]
        used.update(id(f) for f in mine)
        deals.append(_build_deal(d, i, number, rules, seats, mine, scores.get(i)))
    rest = [f for f in findings if id(f) not in used]
    totals: dict[str, int] = {}
    for df in deals:
        if df.totals is not None:
            totals = dict(df.totals)
    return GameFact(
        game=game, rules=rules, seats=seats, names=names,
        deals=tuple(deals), findings=_sorted(rest), all_findings=_sorted(findings),
        finished=report.finished, winners=tuple(report.winners), totals=totals,
    )


def _scores_by_deal(game: Game, scores: Sequence[DealScore]) -> dict[int, DealScore]:
    """Deal index -> the scorer's result (matched by number, else by order)."""
    out: dict[int, DealScore] = {}
    by_number: dict[int, list[int]] = {}
    for i, number in enumerate(deal_numbers(game.deals)):
        by_number.setdefault(number, []).append(i)
    for k, sc in enumerate(scores):
        cands = by_number.get(sc.number, [])
        free = [i for i in cands if i not in out]
        if free:
            out[free[0]] = sc
        elif k < len(game.deals) and k not in out:
            out[k] = sc
    return out


def _build_deal(deal: Deal, index: int, number: int, rules: RuleSet,
                seats: tuple[str, ...], findings: list[Finding],
                score: DealScore | None) -> DealFact:
    n = len(seats)
    idx = {s: i for i, s in enumerate(seats)}
    hands = deal_hands(deal, rules, seats, number)
    direction, offset = deal_pass(rules, number, deal.direction)

    def matches(f: Finding, trick: int | None, seat: str | None) -> bool:
        return f.trick == trick and (seat is None or f.seat == seat)

    attached: set[int] = set()

    passes = []
    for seat, given in deal.passes.items():
        receiver = None
        if given.to is not None:
            receiver = given.to
        elif offset and seat in idx:
            receiver = seats[(idx[seat] + offset) % n]
        pf = [f for f in findings if f.trick is None and f.seat == seat and f.code.startswith("pass")]
        attached.update(id(f) for f in pf)
        passes.append(PassFact(seat, receiver, tuple(given.cards), given.mark, given.comment,
                               tuple(pf)))

    # Walk the play once, collecting the facts of every card.
    by_trick: dict[int, list[PlayFact]] = {}
    shown_void: set[tuple[int, int]] = set()   # seen discarding on the suit (public)
    ran_out: set[tuple[int, int]] = set()      # played the last card of the suit (known hands)
    broken_at: tuple[int, str, Card] | None = None
    queen: tuple[int, str, str | None] | None = None
    so_far: dict[int, list[Card]] = {}         # the cards of each trick, as the walk goes
    for step in walk(deal, rules, seats, hands):
        t = step.trick + 1
        seat_i = step.seat
        seat = seats[seat_i]
        card = step.play.card
        led = step.led_suit
        discard = led is not None and card.suit != led
        hand = step.hand
        pf = [f for f in findings if matches(f, t, seat) and (f.card is None or f.card == card)]
        attached.update(id(f) for f in pf)
        # A discard from a hand that holds the led suit is a revoke, not a void.
        revoke = discard and led is not None and (
            (hand is not None and bool(hand & SUIT_MASKS[led]))
            or any(f.code == "revoke" and f.severity == "error" for f in pf))
        shows_void = discard and not revoke and (seat_i, led) not in shown_void
        if discard and not revoke and led is not None:
            shown_void.add((seat_i, led))
        runs_out = False
        singleton = False
        ducks = False
        if hand is not None:
            after = hand & ~card.bit
            suit_mask = SUIT_MASKS[card.suit]
            runs_out = (not discard and not after & suit_mask and after != 0
                        and (seat_i, card.suit) not in ran_out)
            start = hands.played_from[seat_i]
            singleton = start is not None and start & suit_mask == card.bit
            if runs_out:
                ran_out.add((seat_i, card.suit))
            on_table = so_far.get(t)
            best = on_table[trick_winner(on_table)] if on_table else None   # the card to beat
            if not discard and led is not None and best is not None and card < best:
                ducks = any(c > best for c in iter_bits(hand & SUIT_MASKS[led]))
        so_far.setdefault(t, []).append(card)
        breaks = (broken_at is None and not step.hearts_broken
                  and breaks_hearts(rules, card, led))
        if breaks:
            broken_at = (t, seat, card)
        if card == QUEEN_OF_SPADES:
            queen = (t, seat, None)
        by_trick.setdefault(step.trick, []).append(PlayFact(
            trick=t, position=step.position, seat=seat, card=card, mark=step.play.mark,
            comment=step.play.comment, hand=hand, legal=step.legal, led_suit=led,
            discard=discard, shows_void=shows_void, runs_out=runs_out, singleton=singleton,
            ducks=ducks, breaks_hearts=breaks, is_queen=card == QUEEN_OF_SPADES,
            findings=tuple(pf), revoke=revoke,
        ))

    tricks = []
    running = dict.fromkeys(seats, 0)
    taken = [0] * n
    for ti, trick in enumerate(deal.tricks):
        plays = tuple(by_trick.get(ti, ()))
        complete = len(trick.plays) == n and len(plays) == n
        winner = None
        winning_card = None
        pts = 0
        pen: tuple[Card, ...] = ()
        if complete:
            top = plays[trick_winner([int(pl.card) for pl in plays])]
            winner, winning_card = top.seat, top.card
            mask = 0
            for pl in plays:
                mask |= pl.card.bit
            taken[idx[winner]] |= mask
            pts = raw_points(rules, mask)
            running[winner] += pts
            pen = tuple(display_order(cards_of(mask & scoring_cards(rules))))
            if queen is not None and queen[0] == ti + 1:
                queen = (queen[0], queen[1], winner)
        tf = [f for f in findings if f.trick == ti + 1 and id(f) not in attached]
        attached.update(id(f) for f in tf)
        tricks.append(TrickFact(
            number=ti + 1, leader=plays[0].seat if plays else (trick.plays[0].seat if trick.plays else ""),
            plays=plays, comment=trick.comment, winner=winner, winning_card=winning_card,
            points=pts, penalty_cards=pen, running=dict(running), findings=tuple(tf),
        ))

    complete = len(tricks) >= rules.tricks_per_deal and all(t.complete for t in tricks)
    # A score sheet's deal has its points from its line (no trick to count).
    points = dict(score.points) if score is not None and (score.complete or score.sheet) else None
    totals = dict(score.totals) if score is not None and score.totals else None
    moon = None
    if score is not None and score.moon is not None:
        moon = (score.moon.seat, score.moon.choice, score.moon.assumed)
    elif complete:
        shooter = moon_shooter(rules, taken)
        if shooter is not None:
            moon = (seats[shooter], deal.moon.choice if deal.moon else rules.moon, False)
    opening = tricks[0].leader if tricks else None
    rest = [f for f in findings if id(f) not in attached]
    return DealFact(
        deal=deal, index=index, number=number, dealer=deal.dealer, direction=direction,
        offset=offset,
        dealt={s: _hand(hands.dealt[i]) for i, s in enumerate(seats)},
        played_from={s: _hand(hands.played_from[i]) for i, s in enumerate(seats)},
        inferred={s: hands.inferred[i] for i, s in enumerate(seats)},
        passes=tuple(passes), tricks=tuple(tricks), opening_leader=opening,
        hearts_broken=broken_at, queen=queen,
        taken_raw={s: raw_points(rules, taken[i]) for i, s in enumerate(seats)},
        points=points, totals=totals, moon=moon, complete=complete,
        findings=_sorted(rest),
    )
