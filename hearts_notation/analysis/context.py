"""A recorded deal seen as a sequence of decisions.

For each play of a deal, :class:`DealContext` gives what the analysis needs:
the public history (cards played, by whom, the trick in progress, who has
taken what), the hands where they are known, and what the player to move
knew of the others (:class:`~hearts_notation.analysis.sampler.Knowledge`).
The replay itself is :func:`hearts_notation.walk.walk`, the same one the
referee and the renderers use; :meth:`DealContext.next_point` goes one step
further, to the decision the record stops at (for ``hearts hint``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..i18n import Arg, Msg, msg
from ..model import Deal, Finding, Game, Pos, deal_numbers
from ..rules import RuleSet
from ..state import GameState, deal_pass, opening_leader
from ..walk import DealHands, deal_hands, walk
from .sampler import Knowledge, forbidden_by_play
from .state import moon_state


def unvalued_rule(rules: RuleSet) -> Msg | None:
    """Why the analysis cannot value a game under *rules*, or ``None``.

    Every value the analysis gives (the exact solver's, the play-outs', the
    face-up loss) counts the points of the cards a seat takes and the moon;
    ``no_trick_bonus`` (OpenSpiel's ``avoid_all_tricks_bonus``) also pays a
    seat for taking no trick at all, which none of them follows.  Rather
    than answer with values that leave it out, ``solve``, ``hint`` and
    ``annotate`` refuse such a game with this reason (docs/analysis.md).
    """
    if rules.no_trick_bonus:
        return msg("analysis.unvalued_rule", rule=f"no_trick_bonus={rules.no_trick_bonus}")
    return None


def malformed_trick(deal: Deal, rules: RuleSet, seats: Sequence[str],
                    number: int | None = None) -> Finding | None:
    """The first trick of *deal* whose shape the analysis cannot replay, as
    an error finding placed on the offending play, or ``None``.

    The analysis replays tricks card by card on bitmasks; a trick with more
    cards than seats, a short trick that is not the last one, a card by a
    seat that is not in the game, by a seat that already played to the
    trick or out of turn (the next seat clockwise, after the winner of the
    previous trick) would make it analyse a position that cannot occur.
    The referee reports these too (``trick-size``, ``out-of-turn``); this
    check is what ``annotate`` and ``hint`` refuse on (exit 2) before any
    work, and it costs one pass over the plays, so that a trick line of
    300,000 cards is refused at once instead of being replayed.  A
    :class:`~hearts_notation.state.GameState` follows the cards that pass
    (only tricks of the right size reach it) and says who won each trick,
    so who leads next.
    """
    n = len(seats)
    idx = {s: i for i, s in enumerate(seats)}
    number = number if number is not None else deal.number
    where: Arg = msg("malformed.where", deal=number).arg() if number is not None else ""
    gs = GameState(rules, [None] * n, -1)   # hands unknown: it only follows the tricks
    last = len(deal.tricks) - 1
    if len(deal.tricks) > rules.tricks_per_deal:
        extra = deal.tricks[rules.tricks_per_deal]
        return _bad("trick-size", msg("malformed.extra", where=where, trick=rules.tricks_per_deal + 1,
                                      n=n, k=rules.tricks_per_deal), extra.pos or deal.pos, number,
                    rules.tricks_per_deal + 1)
    for t, trick in enumerate(deal.tricks):
        plays = trick.plays
        tn = t + 1
        if len(plays) > n or (len(plays) < n and t != last) or not plays:
            return _bad("trick-size", msg("malformed.size.#k", where=where, trick=tn, k=len(plays), n=n),
                        trick.pos or (plays[0].pos if plays else None) or deal.pos, number, tn)
        first = idx.get(plays[0].seat)
        start = gs.leader if gs.leader >= 0 else first
        for k, p in enumerate(plays):
            s = idx.get(p.seat)
            if s is None:
                return _bad("out-of-turn", msg("malformed.seat", where=where, trick=tn,
                                               seat=("seat", p.seat),
                                               seats=("space", *(("seat", x) for x in seats))),
                            p.pos or trick.pos, number, tn)
            assert start is not None
            want = (start + k) % n
            if s != want:
                return _bad("out-of-turn", msg("malformed.turn", where=where, trick=tn,
                                               seat=("seat", p.seat), next=("seat", seats[want])),
                            p.pos or trick.pos, number, tn)
            gs.follow(p.card, s)
        gs.end_trick()   # the winner leads the next trick (only the last may be short)
    return None


def _bad(code: str, message: Msg, pos: Pos | None, deal: int | None, trick: int) -> Finding:
    return Finding(code, "error", message.text(), deal=deal, trick=trick,
                   line=pos.line if pos else None, column=pos.column if pos else None,
                   key=message.key, args=message.args)


def malformed_game(game: Game, rules: RuleSet, seats: Sequence[str]) -> Finding | None:
    """The first malformed trick of any deal of *game* (see
    :func:`malformed_trick`)."""
    for deal, number in zip(game.deals, deal_numbers(game.deals), strict=True):
        f = malformed_trick(deal, rules, seats, number)
        if f is not None:
            return f
    return None


@dataclass(frozen=True, slots=True)
class PlayPoint:
    """The situation just before one play (recorded, or the next one).

    ``card`` is the card the record shows played here (``None`` for the
    decision the record stops at); ``legal`` the cards the rules allowed
    (``None`` when the seat's hand is unknown).
    """

    index: int                          # position in the deal's list of plays
    seat: int
    trick_no: int                       # 0-based
    trick: tuple[tuple[int, int], ...]  # (seat, card) already on the trick
    leader: int
    broken: bool                        # hearts broken before this trick
    played: int                         # cards played before, trick in progress included
    taken: tuple[int, ...]              # cards won in complete tricks, per seat
    counts: tuple[int, ...]             # cards each seat holds now
    hands: tuple[int | None, ...]       # every hand now, where known
    legal: int | None
    card: int | None
    led: int | None                     # suit led to the trick (the game state's), None for a lead
    winner: int | None = None           # set on the last play of a trick

    @property
    def hand(self) -> int | None:
        """The hand of the seat to move."""
        return self.hands[self.seat]


class DealContext:
    """One deal of a record, replayed once and kept for the analysis.

    *number* is the deal's number in its game as
    :func:`hearts_notation.model.deal_numbers` counts it: the pass that
    applies (and so who received what) is :func:`~hearts_notation.state.deal_pass`'s
    for that number, as the referee and the scorer apply it, also for a
    deal written without a number or a direction."""

    def __init__(self, deal: Deal, rules: RuleSet, seats: Sequence[str], number: int | None) -> None:
        self.deal = deal
        self.rules = rules
        self.seats = tuple(seats)
        self.n = len(seats)
        self.number = number
        self.hands: DealHands = deal_hands(deal, rules, seats, number)
        self.direction, self.offset = deal_pass(rules, number, deal.direction)
        idx = {s: i for i, s in enumerate(self.seats)}
        self.given: list[int | None] = [None] * self.n
        for seat, p in deal.passes.items():
            if seat in idx:
                m = 0
                for c in p.cards:
                    m |= 1 << c
                self.given[idx[seat]] = m
        self.points: list[PlayPoint] = []
        self._end: tuple[list[int | None], list[int], list[int], int, list[tuple[int, int]],
                         int, int, bool] | None = None
        self._replay()

    def _replay(self) -> None:
        n = self.n
        current = list(self.hands.played_from)
        counts = [self.rules.hand_size] * n
        taken = [0] * n
        played = 0
        trick: list[tuple[int, int]] = []
        leader = -1
        last_trick = -1
        broken = False
        trick_no = 0
        # The game state that walks the deal says when hearts open.
        gs = GameState(self.rules, self.hands.played_from, -1)
        for i, step in enumerate(walk(self.deal, self.rules, self.seats, self.hands, gs)):
            if step.trick != last_trick:
                trick = []
                last_trick = step.trick
            if not trick:
                leader = step.seat
            broken = step.hearts_broken
            trick_no = step.trick
            self.points.append(PlayPoint(
                index=i, seat=step.seat, trick_no=step.trick, trick=tuple(trick), leader=leader,
                broken=step.hearts_broken, played=played, taken=tuple(taken),
                counts=tuple(counts), hands=tuple(current), legal=step.legal,
                card=step.play.card, led=step.led_suit, winner=step.winner,
            ))
            c = step.play.card
            trick.append((step.seat, c))
            played |= 1 << c
            counts[step.seat] -= 1
            h = current[step.seat]
            if h is not None:
                current[step.seat] = h & ~(1 << c)
            if step.winner is not None:
                m = 0
                for _, x in trick:
                    m |= 1 << x
                broken = gs.broken
                taken[step.winner] |= m
                trick = []
                leader = step.winner
                trick_no = step.trick + 1
        self._end = (current, counts, taken, played, trick, leader, trick_no, broken)

    @property
    def complete(self) -> bool:
        """Whether the record plays every trick of the deal."""
        return self._end is not None and self._end[6] >= self.rules.tricks_per_deal

    def waiting_passes(self) -> list[int]:
        """The seats still to pass when the record stops in the passes (a
        passing deal, no trick written, some seat's pass missing), in seat
        order; empty once the play has begun or on a hold deal.  Then no
        card is to play yet: the hint advises a pass, and a position or a
        solve, which start at the first trick, say the deal stops there
        rather than guess the passes not written."""
        if self.deal.tricks or not self.offset:
            return []
        return [s for s in range(self.n) if self.seats[s] not in self.deal.passes]

    def next_point(self) -> PlayPoint | None:
        """The decision the record stops at: who is to play, from what,
        with which cards allowed.  ``None`` when the deal is complete, or
        the first leader cannot be known."""
        if self._end is None:
            return None
        current, counts, taken, played, trick, leader, trick_no, broken = self._end
        if trick_no >= self.rules.tricks_per_deal:
            return None
        if not self.points:
            first = opening_leader(self.rules, [h or 0 for h in current])
            if first is None:
                return None
            leader = first
            trick = []
        # The game state at this position says who is to play and what is legal.
        gs = GameState(self.rules, current, leader, [c for _, c in trick], trick_no, broken, taken)
        seat = gs.to_play
        legal = gs.legal_cards(seat) if gs.known[seat] else None
        return PlayPoint(
            index=len(self.points), seat=seat, trick_no=trick_no, trick=tuple(trick),
            leader=leader, broken=broken, played=played, taken=tuple(taken),
            counts=tuple(counts), hands=tuple(current), legal=legal, card=None, led=gs.led_suit,
        )

    # -- what a seat knew --------------------------------------------------

    def recipient(self, seat: int) -> int | None:
        """Who received *seat*'s pass (``None`` on a hold deal or unknown)."""
        if not self.offset:
            return None
        return (seat + self.offset) % self.n

    def knowledge(self, point: PlayPoint) -> Knowledge | None:
        """What the player to move at *point* knew of the other hands, or
        ``None`` when its own hand is unknown."""
        me = point.seat
        hand = point.hands[me]
        if hand is None:
            return None
        n = self.n
        fixed = [0] * n
        gave = self.given[me]
        to = self.recipient(me)
        if gave is not None and to is not None:
            fixed[to] = gave & ~point.played
        forbidden = [0] * n
        for q in self.points[: point.index]:
            s = q.seat
            if s == me or q.card is None:
                continue
            forbidden[s] |= forbidden_by_play(self.rules, q.card, q.led, q.trick_no == 0, q.broken)
        known = hand | point.played
        for f in fixed:
            known |= f
        pool = self.rules.deck_mask & ~known
        return Knowledge(n, me, hand, point.counts, tuple(fixed), tuple(forbidden), pool)

    def state(self, point: PlayPoint, hands: Sequence[int]) -> GameState:
        """The game state at *point* with the given hands (a sampled world,
        or the true hands): what the search and the play-outs play on."""
        return GameState(self.rules, hands, point.leader, [c for _, c in point.trick],
                         point.trick_no, point.broken, point.taken)

    def true_hands(self, point: PlayPoint) -> tuple[int, ...] | None:
        """Every hand at *point* when all are known and make a deal of this
        deck (for hindsight; a record with errors may not)."""
        hands = tuple(h for h in point.hands if h is not None)
        if len(hands) != self.n:
            return None
        union = point.played
        for s, h in enumerate(hands):
            if h.bit_count() != point.counts[s] or union & h:
                return None
            union |= h
        return hands if union == self.rules.deck_mask else None

    def trick_outcome(self, point: PlayPoint) -> tuple[int, int] | None:
        """(winner seat, cards of the trick) of the trick *point* belongs
        to, when the record completes it."""
        end = point.index + (self.n - len(point.trick)) - 1
        if end >= len(self.points):
            return None
        last = self.points[end]
        if last.trick_no != point.trick_no or last.winner is None or last.card is None:
            return None
        m = 1 << last.card
        for _, c in last.trick:
            m |= 1 << c
        return last.winner, m

    def shooter(self) -> int | None:
        """Who shot the moon in the record (a complete deal only)."""
        if self._end is None or self._end[6] < self.rules.tricks_per_deal:
            return None
        s = moon_state(self.rules, self._end[2])
        return s if s >= 0 else None

