"""The rules of play on bitmasks: the single place a rule of Hearts is coded.

The referee, the analysis (state, solver, sampler), the bots of the game
generator and the HTML replay's "legal cards" all ask these functions, so
that no second copy of a rule exists (ARCHITECTURE.md).  Card sets are ints
(bit ``1 << card``); seats are indexes 0..n-1 clockwise.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from .cards import (
    CLUBS,
    HEARTS,
    HEARTS_MASK,
    JACK_OF_DIAMONDS,
    QS_BIT,
    QUEEN_OF_SPADES,
    SUIT_MASKS,
)
from .rules import RuleSet

CLUB_MASK = SUIT_MASKS[CLUBS]


def first_trick_safe(rules: RuleSet, hand: int) -> int:
    """Cards of *hand* that may be discarded on the first trick.

    Hearts and Q♠ are barred per ``first_trick_hearts`` and
    ``first_trick_queen``, unless that leaves nothing (a hand of penalty
    cards only), in which case any card may go (seed 000, §03).
    """
    safe = hand
    if rules.first_trick_hearts == "forbidden":
        safe &= ~HEARTS_MASK
    if rules.first_trick_queen == "forbidden":
        safe &= ~QS_BIT
    return safe or hand


def opening_leads(rules: RuleSet, hand: int) -> int:
    """Cards the opening leader may lead: the lowest club in play, or
    under ``opening_lead: any-club`` any club (falls back to the whole hand
    only if the seat holds no qualifying card, so that a broken record can
    still be replayed)."""
    if rules.opening_lead == "any-club":
        m = hand & CLUB_MASK
    else:
        m = hand & (1 << rules.lowest_club)
    return m or hand


def legal_plays(
    rules: RuleSet,
    hand: int,
    led_suit: int | None,
    first_trick: bool,
    hearts_broken: bool,
) -> int:
    """The mask of cards *hand* may play now.

    *led_suit* is ``None`` when the seat leads.  *first_trick* is true during
    the deal's first trick (for the lead: the opening lead).
    """
    if led_suit is not None:
        follow = hand & SUIT_MASKS[led_suit]
        if follow:
            return follow
        if first_trick:
            return first_trick_safe(rules, hand)
        return hand
    if first_trick:
        return opening_leads(rules, hand)
    if not hearts_broken:
        others = hand & ~HEARTS_MASK
        if others:
            return others
    return hand


#: The finding code of each way a play can break the rules of play (spec §5).
FAULT_CODES: tuple[str, ...] = ("revoke", "first-trick-points", "opening-lead", "hearts-not-broken")


def play_fault(
    rules: RuleSet,
    hand: int,
    card: int,
    led_suit: int | None,
    first_trick: bool,
    hearts_broken: bool,
) -> tuple[str, int] | None:
    """Why playing *card* from *hand* breaks a rule of play, or ``None``.

    Returns the finding code and the cards of *hand* that prove it (the
    led-suit cards for a revoke, the cards that were allowed otherwise).
    The verdict is read off :func:`legal_plays`, so the rules themselves
    stay in one place; only the naming of the fault is added here.  *hand*
    must contain *card* (a card not held is the referee's ``not-held``).

    The test is monotone in *hand*: a fault found with part of a hand is a
    fault with the whole hand (every rule forbids a card only because some
    other card is held), which is what lets the referee prove faults in
    hands it knows only partly.
    """
    legal = legal_plays(rules, hand, led_suit, first_trick, hearts_broken)
    if legal >> card & 1:
        return None
    if led_suit is not None:
        follow = hand & SUIT_MASKS[led_suit]
        if follow:
            return "revoke", follow
        return "first-trick-points", legal
    if first_trick:
        return "opening-lead", legal
    return "hearts-not-broken", legal


def breaks_hearts(rules: RuleSet, card: int, led_suit: int) -> bool:
    """Whether playing *card* on a trick led in *led_suit* opens hearts for
    later tricks: under ``discard`` only a heart played on a non-heart lead
    (seed 000), under ``any-heart`` any heart; with ``queen_breaks_hearts``
    Q♠ played in any way too."""
    if card // 13 == HEARTS:
        return rules.hearts_broken_by == "any-heart" or led_suit != HEARTS
    return rules.queen_breaks_hearts and card == QUEEN_OF_SPADES


def trick_winner(cards: Sequence[int]) -> int:
    """Index within the trick of the winning card: highest of the led suit."""
    led = cards[0] // 13
    best = 0
    top = cards[0]
    for i in range(1, len(cards)):
        c = cards[i]
        if c // 13 == led and c > top:
            top = c
            best = i
    return best


def penalty_total(rules: RuleSet) -> int:
    """Points of hearts and Q♠ in play (26 with a full deck): what a moon takes."""
    return (rules.deck_mask & HEARTS_MASK).bit_count() + (13 if rules.deck_mask & QS_BIT else 0)


def raw_points(rules: RuleSet, taken: int) -> int:
    """Points of a set of cards taken, before the moon rule."""
    p = (taken & HEARTS_MASK).bit_count()
    if taken & QS_BIT:
        p += 13
    if taken >> JACK_OF_DIAMONDS & 1:
        p += rules.jack_of_diamonds
    return p


def moon_shooter(rules: RuleSet, taken: Sequence[int]) -> int | None:
    """The seat that took every heart and Q♠ in play, if any (seed 000:
    all the penalty cards, not all the tricks; J♦ does not count)."""
    need = rules.deck_mask & (HEARTS_MASK | QS_BIT)
    for seat, t in enumerate(taken):
        if t & need == need:
            return seat
    return None


def deal_points(
    rules: RuleSet, taken: Sequence[int], choice: str = "add"
) -> tuple[list[int], int | None]:
    """Points of each seat for a complete deal, and the moon shooter.

    *choice* is how a moon is scored (``add`` or ``subtract``); deciding it
    under ``moon: choose`` needs the game's totals and is done by
    :mod:`hearts_notation.scoring`.  The shooter's hearts and Q♠ count 0;
    ``add`` gives every other seat the penalty total (26), ``subtract``
    takes it off the shooter.  J♦ keeps its value for whoever took it.
    """
    # raw_points and moon_shooter, in one pass (this runs for every deal the
    # referee checks).
    jd = rules.jack_of_diamonds
    jd_bit = 1 << JACK_OF_DIAMONDS
    need = rules.deck_mask & (HEARTS_MASK | QS_BIT)
    points: list[int] = []
    shooter: int | None = None
    for seat, t in enumerate(taken):
        p = (t & HEARTS_MASK).bit_count()
        if t & QS_BIT:
            p += 13
        if jd and t & jd_bit:
            p += jd
        points.append(p)
        if shooter is None and t & need == need:
            shooter = seat
    if shooter is not None:
        total = penalty_total(rules)
        points[shooter] -= total
        if choice == "subtract":
            points[shooter] -= total
        else:
            for s in range(len(points)):
                if s != shooter:
                    points[s] += total
    return points, shooter


# A complete deal in one pass: the referee's fast path ------------------------------------

#: Mask of the suit of a card, indexed by ``bit.bit_length()`` of its one-bit mask.
_SUIT_OF_LEN: tuple[int, ...] = (0, *(SUIT_MASKS[i // 13] for i in range(52)))


@functools.lru_cache(maxsize=64)
def _replay_tables(rules: RuleSet) -> tuple[int, int, tuple[int, ...]]:
    """Per-rules constants of :func:`replay_exact`: the lowest club's bit,
    the tricks per deal, and for each led suit (indexed like
    ``_SUIT_OF_LEN``) the cards whose play on such a trick opens hearts,
    tabulated from :func:`breaks_hearts` itself."""
    by_suit = [0, 0, 0, 0]
    for led in range(4):
        for c in range(52):
            if breaks_hearts(rules, c, led):
                by_suit[led] |= 1 << c
    breaks = (0, *(by_suit[i // 13] for i in range(52)))
    return 1 << rules.lowest_club, rules.tricks_per_deal, breaks


def replay_exact(rules: RuleSet, hands: Sequence[int], bits: Sequence[int]
                 ) -> tuple[list[int], list[int]] | None:
    """Replay a complete deal whose hands (after the pass) are all known,
    and say whether every card was legal.

    *hands* are the seats' hands as played from (bitmasks, seat order);
    *bits* the cards of the deal in play order, as one-bit masks
    (``tricks_per_deal * players`` of them).  The seat of each card is
    implied: the holder of the lowest club leads the first trick, the
    winner of each trick the next, then clockwise.  Returns the cards each
    seat took and the leader of each trick, or ``None`` as soon as
    something is wrong (a card the implied seat does not hold, a card twice,
    an illegal card): the caller then compares the recorded seats with the
    implied ones, and on ``None`` runs the referee's full replay, which
    says what is wrong.

    This is the referee's hot loop (``validate`` on a large JSONL corpus).
    The first trick and every heart led before hearts are open are judged
    by :func:`legal_plays`; the other plays fall in the three cases where
    :func:`legal_plays` reduces to one mask test, whatever the rules:
    following suit is always allowed; after the first trick, a card off
    the led suit is allowed exactly when the hand has none of that suit;
    and a lead other than a heart is always allowed.  Hearts opening is
    tabulated from :func:`breaks_hearts`.  So the rules are still coded once
    (tests/test_rules_engine_fast.py checks the equivalence), and a play
    costs a few mask operations.
    """
    n = len(hands)
    lc, nt, breaks = _replay_tables(rules)
    if len(bits) != n * nt or n < 2:
        return None
    leader = -1
    for s in range(n):
        if hands[s] & lc:
            leader = s
            break
    if leader < 0:
        return None
    played = [0] * n          # cards each seat has played so far
    taken = [0] * n
    leaders = [leader]
    hearts = HEARTS_MASK
    suit_of = _SUIT_OF_LEN
    # The first trick, card by card, by the rules themselves.
    led_suit: int | None = None
    t_mask = 0
    for k in range(n):
        b = bits[k]
        s = (leader + k) % n
        hand = hands[s] & ~played[s]
        if not hand & b or not legal_plays(rules, hand, led_suit, True, False) & b:
            return None
        played[s] |= b
        t_mask |= b
        if led_suit is None:
            led_suit = (b.bit_length() - 1) // 13
    first = bits[:n]
    length = first[0].bit_length()
    broken = bool(t_mask & breaks[length])
    top = 1 << ((t_mask & suit_of[length]).bit_length() - 1)
    leader = (leader + first.index(top)) % n
    taken[leader] |= t_mask
    if n == 4:
        rotations = ((0, 1, 2, 3), (1, 2, 3, 0), (2, 3, 0, 1), (3, 0, 1, 2))
        it = iter(bits[4:])
        for b0, b1, b2, b3 in zip(it, it, it, it, strict=False):
            leaders.append(leader)
            t_mask = b0 | b1 | b2 | b3
            length = b0.bit_length()
            lead_suit = suit_of[length]
            follow = t_mask & lead_suit
            s0, s1, s2, s3 = rotations[leader]
            if b0 & hearts and not broken:
                h0 = hands[s0] & ~played[s0]
                if not h0 & b0 or not legal_plays(rules, h0, None, False, False) & b0:
                    return None
            if follow != t_mask:
                # Somebody did not follow suit: allowed only when void in it.
                if not b1 & lead_suit and hands[s1] & ~played[s1] & lead_suit:
                    return None
                if not b2 & lead_suit and hands[s2] & ~played[s2] & lead_suit:
                    return None
                if not b3 & lead_suit and hands[s3] & ~played[s3] & lead_suit:
                    return None
            played[s0] |= b0
            played[s1] |= b1
            played[s2] |= b2
            played[s3] |= b3
            if not broken and t_mask & breaks[length]:
                broken = True
            top = 1 << (follow.bit_length() - 1)
            leader = s0 if top == b0 else s1 if top == b1 else s2 if top == b2 else s3
            taken[leader] |= t_mask
    else:
        for t in range(1, nt):
            leaders.append(leader)
            trick = bits[t * n:(t + 1) * n]
            b0 = trick[0]
            length = b0.bit_length()
            lead_suit = suit_of[length]
            t_mask = 0
            for k in range(n):
                b = trick[k]
                s = (leader + k) % n
                hand = hands[s] & ~played[s]
                if k == 0:
                    if b & hearts and not broken and not legal_plays(rules, hand, None, False, False) & b:
                        return None
                elif not b & lead_suit and hand & lead_suit:
                    return None
                played[s] |= b
                t_mask |= b
            if not broken and t_mask & breaks[length]:
                broken = True
            top = 1 << ((t_mask & lead_suit).bit_length() - 1)
            leader = (leader + trick.index(top)) % n
            taken[leader] |= t_mask
        leaders = leaders[:nt]
    # Every seat played exactly its hand: no card twice, none it did not hold.
    if played != list(hands):
        return None
    return taken, leaders
