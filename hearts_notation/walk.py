"""Walking through a recorded deal: hands before and after the pass, then
every play with the state it was made in.

This is the shared replay primitive: the referee's checks, the terminal and
HTML replays, the narration, the statistics and the analysis all need "what
did this seat hold, what could it play, who won the trick", and they get it
here, computed with the one copy of the rules in :mod:`hearts_notation.state`.
Nothing here judges a record: plays are taken as written (a card not held is
simply removed if present), and the referee reports what is wrong.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ._compiled import reduce_dataclass
from .cards import mask_of
from .model import Deal, Play
from .rules import RuleSet
from .state import GameState, apply_passes, deal_pass, scoring_cards, trick_winner


@dataclass(frozen=True, slots=True)
class DealHands:
    """What is known of each seat's cards (bitmasks, seat index order).

    ``dealt[i]``/``played_from[i]`` are ``None`` when not known.
    ``played_from`` is the hand the seat played from (after the pass).
    ``inferred[i]`` is true when the hand was rebuilt from the play and the
    passes rather than recorded (docs/spec.md, section 2.7).
    """

    dealt: tuple[int | None, ...]
    played_from: tuple[int | None, ...]
    inferred: tuple[bool, ...]

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        return reduce_dataclass(self)   # picklable when compiled (hearts_notation._compiled)


def seat_index(seats: Sequence[str]) -> dict[str, int]:
    """Seat name -> clockwise index."""
    return {s: i for i, s in enumerate(seats)}


def deal_hands(deal: Deal, rules: RuleSet, seats: Sequence[str], number: int | None
               ) -> DealHands:
    """Hands as dealt and as played from, recorded or inferred.

    *number* is the deal's number as :func:`hearts_notation.model.deal_numbers`
    counts it (the referee's and the scorer's): a deal written without a
    number or a pass direction passes as the cycle says for that number, so
    its receivers are those ``hearts validate`` and ``hearts score`` use.
    It is required, not taken from ``deal.number``, because a JSON or YAML
    deal may leave its number out, and only the game knows it.

    A recorded hand is used as is.  An unknown hand is inferred when the
    deal's tricks are all recorded (the cards the seat played are its hand
    as played from; the hand as dealt follows when the seat's pass and the
    pass it received are both known, or on a hold deal).
    """
    n = len(seats)
    idx = seat_index(seats)
    offset = deal_pass(rules, number, deal.direction).offset
    given: list[int | None] = [None] * n
    for seat, p in deal.passes.items():
        if seat in idx:
            given[idx[seat]] = mask_of(p.cards)
    received: list[int | None] = [None] * n
    if offset == 0:
        received = [0] * n
        given = [0] * n
    elif offset is not None:
        for i in range(n):
            giver = (i - offset) % n
            received[i] = given[giver]
    played: list[int] = [0] * n
    for t in deal.tricks:
        for pl in t.plays:
            if pl.seat in idx:
                played[idx[pl.seat]] |= 1 << pl.card
    complete = len(deal.tricks) >= rules.tricks_per_deal and all(
        len(t.plays) == n for t in deal.tricks
    )
    dealt: list[int | None] = [None if deal.hands.get(s) is None else mask_of(deal.hands[s])  # type: ignore[arg-type]
                               for s in seats]
    after: list[int | None] = apply_passes(dealt, given, offset) if offset is not None else [None] * n
    inferred = [False] * n
    for i in range(n):
        if dealt[i] is None and complete:
            after[i] = played[i]
            inferred[i] = True
            g, r = given[i], received[i]
            if g is not None and r is not None:
                dealt[i] = (played[i] & ~r) | g     # the pass undone
    return DealHands(tuple(dealt), tuple(after), tuple(inferred))


@dataclass(frozen=True, slots=True)
class Step:
    """One play, with the state in which it was made.

    ``hand`` is the seat's hand just before the play (``None`` if unknown);
    ``legal`` the cards the rules allowed then (``None`` if the hand is
    unknown).  ``winner`` (seat index) and ``points_card_mask`` (the cards
    of the trick worth points under the rules, :func:`scoring_cards`) are
    set on the last play of a complete trick.
    """

    trick: int          # 0-based trick index
    position: int       # 0-based position in the trick (0 = lead)
    seat: int
    play: Play
    hand: int | None
    legal: int | None
    led_suit: int | None
    hearts_broken: bool
    first_trick: bool
    winner: int | None = None
    points_card_mask: int = 0

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        return reduce_dataclass(self)   # picklable when compiled (hearts_notation._compiled)


def walk(deal: Deal, rules: RuleSet, seats: Sequence[str],
         hands: DealHands | None = None, state: GameState | None = None) -> Iterator[Step]:
    """Every play of *deal* in order, with the hand, the legal cards, the
    led suit and whether hearts were broken when its trick began.

    A :class:`~hearts_notation.state.GameState` follows the record as
    written (:meth:`~hearts_notation.state.GameState.follow`): it says the
    legal cards, the led suit, hearts broken and each trick's winner.  A
    caller that wants the state as play goes on (hearts broken after a
    trick, the cards taken) passes its own, made from ``hands.played_from``
    with the leader unknown (``GameState(rules, hands.played_from, -1)``);
    when a step is yielded the state has played its card (and closed the
    trick, for a step with a winner).
    Plays by an unknown seat name are skipped (the referee reports them).
    Without *hands*, the deal's are taken with its number as written, which
    is the number :func:`hearts_notation.model.deal_numbers` gives a deal that
    has one.  A deal written without a number (a JSON or YAML deal may leave
    it out) has the number of its place in its game, which the deal alone
    does not know, and the number chooses the pass: such a deal needs
    *hands* (:func:`deal_hands` with the number ``deal_numbers`` gives it),
    and without them this raises ``ValueError`` rather than replay the deal
    under a guessed pass (deal 2 of a game passes right, not left as a
    deal 1 would).
    """
    idx = seat_index(seats)
    if hands is None:
        if deal.number is None:
            raise ValueError("walk: a deal without a number needs its hands: pass deal_hands(deal, "
                             "rules, seats, number) with the number model.deal_numbers gives it")
        hands = deal_hands(deal, rules, seats, deal.number)
    n = len(seats)
    gs = GameState(rules, hands.played_from, -1) if state is None else state
    scoring = scoring_cards(rules)
    for t_i, trick in enumerate(deal.tricks):
        broken = gs.broken
        first = gs.first_trick
        last = len(trick.plays) - 1
        closed = False
        for pos, play in enumerate(trick.plays):
            s = idx.get(play.seat)
            if s is None:
                continue
            known = gs.known[s]
            hand = gs.hands[s] if known else None
            led = gs.led_suit
            legal = gs.legal_cards(s) if known else None
            gs.follow(play.card, s)
            winner = None
            pen = 0
            if pos == last and len(gs.trick) == n:
                pen = mask_of(gs.trick) & scoring
                winner = gs.end_trick()
                closed = True
            yield Step(t_i, pos, s, play, hand, legal, led, broken, first, winner, pen)
        if not closed:
            gs.end_trick()


def taken_masks(deal: Deal, seats: Sequence[str]) -> list[int]:
    """Cards each seat took in complete tricks (bitmasks, seat order)."""
    idx = seat_index(seats)
    taken = [0] * len(seats)
    for trick in deal.tricks:
        if len(trick.plays) != len(seats) or any(p.seat not in idx for p in trick.plays):
            continue
        cards = [p.card for p in trick.plays]
        w = idx[trick.plays[trick_winner(cards)].seat]
        taken[w] |= mask_of(cards)
    return taken
