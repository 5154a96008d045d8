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

#: One-bit mask of each card number, and the mask of its suit.
_BIT: tuple[int, ...] = tuple(1 << c for c in range(52))
_SUIT_MASK: tuple[int, ...] = tuple(SUIT_MASKS[c // 13] for c in range(52))


def _replay_tables(rules: RuleSet) -> tuple[int, int, tuple[int, ...]]:
    """Per-rules constants of :func:`replay_tricks`: the lowest club's
    number, the tricks per deal, and for each card led, the cards whose play
    on that trick opens hearts, tabulated from :func:`breaks_hearts` itself.

    The same rules come with every deal of a corpus: the last ones are
    recognised by identity, before the cache (hashing a rule set is not free)."""
    last = _LAST_TABLES
    if last and last[0][0] is rules:
        return last[0][1]
    tables = _tables_of(rules)
    last[:] = [(rules, tables)]
    return tables


_LAST_TABLES: list[tuple[RuleSet, tuple[int, int, tuple[int, ...]]]] = []


@functools.lru_cache(maxsize=64)
def _tables_of(rules: RuleSet) -> tuple[int, int, tuple[int, ...]]:
    by_suit = [0, 0, 0, 0]
    for led in range(4):
        for c in range(52):
            if breaks_hearts(rules, c, led):
                by_suit[led] |= 1 << c
    return rules.lowest_club, rules.tricks_per_deal, tuple(by_suit[c // 13] for c in range(52))


#: The seats of a trick with four players, clockwise from each leader.
_ROTATIONS_4: tuple[tuple[int, int, int, int], ...] = ((0, 1, 2, 3), (1, 2, 3, 0), (2, 3, 0, 1),
                                                       (3, 0, 1, 2))


def cards_held(hands: Sequence[int], leaders: Sequence[int], columns: Sequence[Sequence[int]]) -> bool:
    """Whether every seat played exactly its hand, the seats being implied
    by the leaders (see :func:`replay_tricks`): no card twice, none the
    seat did not hold."""
    n = len(hands)
    played = [0] * n
    for k, column in enumerate(columns):
        for lead, c in zip(leaders, column, strict=True):
            played[(lead + k) % n] |= 1 << c
    return played == list(hands)


def replay_tricks(rules: RuleSet, hands: Sequence[int], leaders: Sequence[int],
                  columns: Sequence[Sequence[int]], held: bool = False) -> list[int] | None:
    """Replay a complete deal whose hands (after the pass) are all known,
    with the leader of every trick as recorded, and say whether every card
    was legal: the cards each seat took, or ``None``.

    *hands* are the seats' hands as played from (disjoint bitmasks, seat
    order); *leaders* the seat index that led each trick
    (``tricks_per_deal`` of them); ``columns[k][t]`` the card (its number,
    0..51) played *k*-th in trick *t*, by seat ``(leaders[t] + k) % players``.
    ``None`` as soon as something is wrong: the first leader does not hold
    the lowest club, a leader did not win the trick before, an illegal
    card, or (unless the caller has checked it and says so with *held*) a
    card the seat does not hold.  The caller checks that the recorded seats
    turn clockwise from each leader; on ``None`` the referee's full replay
    says what is wrong.

    This is the referee's hot loop (``validate`` on a large JSONL corpus).
    The opening lead and every card off the led suit on the first trick are
    judged by :func:`legal_plays`, and so is every heart led before hearts
    are open; the other plays fall in the cases where :func:`legal_plays`
    reduces to one mask test, whatever the rules: following suit is always
    allowed (first trick included); after the first trick, a card off the
    led suit is allowed exactly when the hand has none of that suit; and a
    lead other than a heart is always allowed.  Hearts opening is
    tabulated from :func:`breaks_hearts`.  So the rules are still coded once
    (tests/test_rules_engine_fast.py checks the equivalence), and a play
    costs a few mask operations.  Once every card is known to be played by
    its holder, a seat's remaining hand is its hand less every card played
    so far, which needs no bookkeeping per seat.
    """
    n = len(hands)
    lc, nt, breaks = _replay_tables(rules)
    if not held and (n < 2 or len(leaders) != nt or list(map(len, columns)) != [nt] * n
                     or not cards_held(hands, leaders, columns)):
        return None     # (with *held*, the caller vouches for the shape too)
    bit = _BIT
    suit_mask = _SUIT_MASK
    # The first trick, by the rules themselves (following suit aside).
    lead = leaders[0]
    first = [col[0] for col in columns]
    c = first[0]
    b = bit[c]
    hand = hands[lead]
    if not hand >> lc & 1 or not legal_plays(rules, hand, None, True, False) & b:
        return None
    led_mask = suit_mask[c]
    m = b
    for k in range(1, n):
        b = bit[first[k]]
        if not b & led_mask and not legal_plays(rules, hands[(lead + k) % n], c // 13, True, False) & b:
            return None
        m |= b
    winner = (lead + first.index((m & led_mask).bit_length() - 1)) % n
    taken = [0] * n
    taken[winner] = m
    broken = bool(m & breaks[c])
    gone = m
    hearts = HEARTS_MASK
    if n == 4:
        rotations = _ROTATIONS_4
        k0, k1, k2, k3 = columns
        for lead, c0, c1, c2, c3 in zip(leaders[1:], k0[1:], k1[1:], k2[1:], k3[1:], strict=True):
            if lead != winner:
                return None
            b0 = bit[c0]
            m = b0 | bit[c1] | bit[c2] | bit[c3]
            led_mask = suit_mask[c0]
            follow = m & led_mask
            if follow != m:
                # Somebody did not follow suit: allowed only when void in it.
                left = led_mask & ~gone
                if ((not bit[c1] & led_mask and hands[(lead + 1) & 3] & left)
                        or (not bit[c2] & led_mask and hands[(lead + 2) & 3] & left)
                        or (not bit[c3] & led_mask and hands[(lead + 3) & 3] & left)):
                    return None
            if not broken:
                if b0 & hearts and not legal_plays(rules, hands[lead] & ~gone, None, False, False) & b0:
                    return None
                if m & breaks[c0]:
                    broken = True
            top = follow.bit_length() - 1
            winner = rotations[lead][0 if top == c0 else 1 if top == c1 else 2 if top == c2 else 3]
            taken[winner] |= m
            gone |= m
        return taken
    for t in range(1, nt):
        lead = leaders[t]
        if lead != winner:
            return None
        trick = [col[t] for col in columns]
        c0 = trick[0]
        b0 = bit[c0]
        led_mask = suit_mask[c0]
        if b0 & hearts and not broken and not legal_plays(
                rules, hands[lead] & ~gone, None, False, False) & b0:
            return None
        m = 0
        left = led_mask & ~gone
        for k in range(n):
            b = bit[trick[k]]
            if not b & led_mask and hands[(lead + k) % n] & left:
                return None
            m |= b
        if not broken and m & breaks[c0]:
            broken = True
        winner = (lead + trick.index((m & led_mask).bit_length() - 1)) % n
        taken[winner] |= m
        gone |= m
    return taken


def replay_exact(rules: RuleSet, hands: Sequence[int], bits: Sequence[int]
                 ) -> tuple[list[int], list[int]] | None:
    """:func:`replay_tricks` with the cards as one-bit masks in play order
    and the seats implied rather than recorded: the holder of the lowest
    club leads the first trick, the winner of each trick (by
    :func:`trick_winner`) the next, then clockwise.  Returns the cards each
    seat took and the leader of each trick, or ``None`` when the deal is not
    a complete, legal deal of these hands."""
    n = len(hands)
    lc, nt, _ = _replay_tables(rules)
    if n < 2 or len(bits) != n * nt:
        return None
    lead = next((s for s in range(n) if hands[s] >> lc & 1), None)
    if lead is None:
        return None
    cards = [b.bit_length() - 1 for b in bits]
    leaders = [lead]
    for t in range(nt - 1):
        leaders.append((leaders[-1] + trick_winner(cards[t * n:(t + 1) * n])) % n)
    taken = replay_tricks(rules, hands, leaders, [cards[k::n] for k in range(n)])
    return None if taken is None else (taken, leaders)
