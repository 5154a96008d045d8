"""The game state: the one home of every rule of play.

This module is to hearts-notation what ``chess.Board`` is to python-chess.
:class:`GameState` holds a deal in progress under a
:class:`~hearts_notation.rules.RuleSet` -- the hands (known, or partly
unknown), the passes, the trick on the table, who is to play, whether hearts
are broken, the cards each seat took -- and answers every question of the
rules: :meth:`GameState.legal_cards`, :meth:`GameState.is_legal` (with the
reason when not), :meth:`GameState.push`/:meth:`GameState.pop`, the winner
of a finished trick, the points under the rule set (moon, J♦).

The rule primitives it is built from are module functions over bitmasks
(card sets are ints, bit ``1 << card``; seats are indexes 0..n-1
clockwise): :func:`legal_plays`, :func:`play_fault`, :func:`breaks_hearts`,
:func:`trick_winner`, :func:`apply_passes`, :func:`opening_leader`,
:func:`deal_points`.  The referee's bulk check of a complete deal
(:func:`replay_tricks`) and the solver's search use these same primitives,
so a rule of play -- the led suit, hearts broken, the winner of a trick,
the points -- is written here and nowhere else (``docs/architecture.md``).

The module is written for mypyc (plain classes with ``__slots__``, no
dataclass tricks, no monkeypatching): it is one of the compiled hot modules.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from .cards import (
    CARDS,
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
    cards only), in which case any card may go (docs/spec.md, section 4.2).
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


#: The finding code of each way a play can break the rules of play (docs/spec.md, section 5).
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
    (the ``standard`` rules), under ``any-heart`` any heart; with ``queen_breaks_hearts``
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
    """The seat that took every heart and Q♠ in play, if any (docs/spec.md, section 4.4:
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


# Passing and the opening lead ----------------------------------------------------------------


def apply_passes(dealt: Sequence[int | None], given: Sequence[int | None], offset: int
                 ) -> list[int | None]:
    """The hands played from: each seat's hand as dealt, less the cards it
    gave, plus those it received from the seat *offset* places to its right
    (``offset`` is :meth:`RuleSet.pass_offset` of the deal's direction; 0 on
    a hold deal).  A hand is ``None`` when its dealt hand, its pass or the
    pass it received is not known."""
    n = len(dealt)
    if not offset:
        return list(dealt)
    out: list[int | None] = []
    for i in range(n):
        d, g, r = dealt[i], given[i], given[(i - offset) % n]
        out.append(None if d is None or g is None or r is None else (d & ~g) | r)
    return out


def opening_leader(rules: RuleSet, hands: Sequence[int | None]) -> int | None:
    """The seat that leads the first trick: the holder of the lowest club in
    play (whatever ``opening_lead`` says may be led, the lowest club's holder
    leads).  When no known hand holds it and exactly one hand is unknown,
    that seat; else ``None``."""
    lc = rules.lowest_club
    unknown: list[int] = []
    for seat, hand in enumerate(hands):
        if hand is None:
            unknown.append(seat)
        elif hand >> lc & 1:
            return seat
    return unknown[0] if len(unknown) == 1 else None


# The game state ---------------------------------------------------------------------------------


class IllegalPlayError(ValueError):
    """A card the rules do not allow now; ``code`` is the finding code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class GameState:
    """A deal in progress under a rule set (python-chess's ``Board``).

    *hands* are the hands played from (after the pass), one bitmask per seat
    in clockwise order, or ``None`` for a hand not known.  A seat whose hand
    is not known may still play: the card is taken as held.  *leader* is the
    seat that leads the current trick (by default the opening leader,
    :func:`opening_leader`); *trick* the cards already on the table, from
    the leader on; *tricks_done*, *broken* and *taken* describe the tricks
    before (for a position in the middle of a deal).

    :meth:`push` plays a card as recorded without judging it (as
    ``Board.push``), :meth:`play` checks it first; :meth:`pop` takes back the
    last card, trick and hearts-broken included.

    >>> from hearts_notation.rules import standard
    >>> from hearts_notation.cards import mask_of, parse_card
    >>> deck = list(range(52))
    >>> gs = GameState(standard(), [mask_of(deck[s::4]) for s in range(4)])
    >>> gs.to_play, str(CARDS[gs.legal_cards().bit_length() - 1])
    (0, '2C')
    >>> gs.is_legal(parse_card("6C"))
    'opening-lead'
    """

    __slots__ = (
        "_stack",
        "broken",
        "hands",
        "known",
        "leader",
        "players",
        "rules",
        "taken",
        "to_play",
        "trick",
        "trick_seats",
        "tricks_done",
    )

    def __init__(self, rules: RuleSet, hands: Sequence[int | None], leader: int | None = None,
                 trick: Sequence[int] = (), tricks_done: int = 0, broken: bool = False,
                 taken: Sequence[int] | None = None) -> None:
        n = len(hands)
        self.rules: RuleSet = rules
        self.players: int = n
        self.hands: list[int] = [0 if h is None else h for h in hands]
        #: whether each seat's whole hand is known
        self.known: list[bool] = [h is not None for h in hands]
        if leader is None:
            leader = opening_leader(rules, hands) if not tricks_done else None
            if leader is None:
                raise ValueError("the leader is not known: the hands do not show who holds "
                                 f"{CARDS[rules.lowest_club]}")
        self.leader: int = leader
        self.trick: list[int] = list(trick)
        self.trick_seats: list[int] = [(leader + k) % n for k in range(len(self.trick))]
        self.to_play: int = (leader + len(self.trick)) % n
        self.tricks_done: int = tricks_done
        self.broken: bool = broken
        self.taken: list[int] = [0] * n if taken is None else list(taken)
        #: what :meth:`pop` needs: (card, seat, held, broken before, the finished trick's
        #: cards and seats and its leader, or empty when the card finished none)
        self._stack: list[tuple[int, int, bool, bool, tuple[int, ...], tuple[int, ...], int]] = []

    @classmethod
    def from_deal(cls, rules: RuleSet, dealt: Sequence[int | None],
                  given: Sequence[int | None] | None = None, direction: str = "hold"
                  ) -> GameState:
        """The state at the first card of a deal: *dealt* hands, the cards
        each seat *given* in the pass, in *direction* (see :func:`apply_passes`)."""
        offset = rules.pass_offset(direction) if rules.pass_count else 0
        hands = apply_passes(dealt, given if given is not None else [0] * len(dealt), offset)
        return cls(rules, hands)

    def copy(self) -> GameState:
        """An independent copy (the history of :meth:`pop` included)."""
        # Through __init__ (with the leader given, so nothing is searched), not
        # GameState.__new__: compiled with mypyc, __new__ runs __init__ too.
        other = GameState(self.rules, self.hands, self.leader)
        other.rules = self.rules
        other.players = self.players
        other.hands = list(self.hands)
        other.known = list(self.known)
        other.leader = self.leader
        other.to_play = self.to_play
        other.trick = list(self.trick)
        other.trick_seats = list(self.trick_seats)
        other.tricks_done = self.tricks_done
        other.broken = self.broken
        other.taken = list(self.taken)
        other._stack = list(self._stack)
        return other

    # What the position is ---------------------------------------------------------------

    @property
    def led_suit(self) -> int | None:
        """The suit led to the current trick, ``None`` before its lead."""
        return self.trick[0] // 13 if self.trick else None

    @property
    def first_trick(self) -> bool:
        """Whether the current trick is the deal's first."""
        return self.tricks_done == 0

    @property
    def is_over(self) -> bool:
        """Whether every trick of the deal has been played."""
        return self.tricks_done >= self.rules.tricks_per_deal

    @property
    def last_winner(self) -> int | None:
        """The seat that won the last finished trick (it leads now)."""
        return self.leader if self.tricks_done else None

    def legal_cards(self, seat: int | None = None) -> int:
        """The mask of the cards the seat to play (or *seat*, as if it were
        its turn) may play now.  For a hand not fully known, the known cards
        it may surely play are not decidable: :class:`ValueError`."""
        s = self.to_play if seat is None else seat
        if not self.known[s]:
            raise ValueError(f"seat {s}'s hand is not known")
        return legal_plays(self.rules, self.hands[s], self.led_suit, self.tricks_done == 0,
                           self.broken)

    def fault(self, card: int, seat: int | None = None) -> tuple[str, int] | None:
        """Why *card* may not be played now by the seat to play (or *seat*),
        with the cards that prove it (:func:`play_fault`), or ``None``.  A
        card the known hand lacks is ``not-held``.  With a hand known only in
        part the verdict stands on the known cards (a fault found is proven;
        none found may be only for want of knowledge)."""
        s = self.to_play if seat is None else seat
        hand = self.hands[s]
        if self.is_over:
            return "trick-size", 0
        if not hand >> card & 1:
            if self.known[s]:
                return "not-held", hand
            hand |= 1 << card
        return play_fault(self.rules, hand, card, self.led_suit, self.tricks_done == 0,
                          self.broken)

    def is_legal(self, card: int, seat: int | None = None) -> str | None:
        """``None`` if *card* may be played now, else the finding code that
        says why not (``not-held``, ``revoke``, ``first-trick-points``,
        ``opening-lead``, ``hearts-not-broken``; ``trick-size`` after the
        last trick)."""
        f = self.fault(card, seat)
        return None if f is None else f[0]

    # Moving ------------------------------------------------------------------------------

    def push(self, card: int, seat: int | None = None) -> int | None:
        """Play *card* as recorded, by the seat to play (or *seat*, for a
        record played out of turn), without judging it.  Returns the
        trick's winner when the card finishes a trick, else ``None``."""
        s = self.to_play if seat is None else seat
        n = self.players
        b = 1 << card
        hand = self.hands[s]
        held = bool(hand & b)
        self.hands[s] = hand & ~b
        trick = self.trick
        before = self.broken
        if not before and breaks_hearts(self.rules, card, trick[0] // 13 if trick else card // 13):
            self.broken = True
        trick.append(card)
        self.trick_seats.append(s)
        if len(trick) < n:
            self._stack.append((card, s, held, before, (), (), -1))
            self.to_play = (s + 1) % n
            return None
        seats = self.trick_seats
        winner = seats[trick_winner(trick)]
        m = 0
        for c in trick:
            m |= 1 << c
        self.taken[winner] |= m
        self._stack.append((card, s, held, before, tuple(trick), tuple(seats), self.leader))
        self.trick = []
        self.trick_seats = []
        self.tricks_done += 1
        self.leader = winner
        self.to_play = winner
        return winner

    def play(self, card: int) -> int | None:
        """:meth:`push` after checking the card: :class:`IllegalPlayError`
        (with the finding code) if the rules do not allow it."""
        f = self.fault(card)
        if f is not None:
            raise IllegalPlayError(f[0], f"{CARDS[card]} may not be played now ({f[0]})")
        return self.push(card)

    def pop(self) -> int:
        """Take back the last card pushed; returns it."""
        card, s, held, before, done, done_seats, prev_leader = self._stack.pop()
        if prev_leader >= 0:
            m = 0
            for c in done:
                m |= 1 << c
            self.taken[self.leader] &= ~m
            self.tricks_done -= 1
            self.leader = prev_leader
            self.trick = list(done[:-1])
            self.trick_seats = list(done_seats[:-1])
        else:
            self.trick.pop()
            self.trick_seats.pop()
        if held:
            self.hands[s] |= 1 << card
        self.broken = before
        self.to_play = s
        return card

    @property
    def move_stack(self) -> list[int]:
        """The cards pushed since the state was made, in order."""
        return [entry[0] for entry in self._stack]

    # Scoring -----------------------------------------------------------------------------

    def points(self, choice: str | None = None) -> list[int]:
        """Each seat's points for the cards taken so far, the moon rule
        applied (*choice* ``add`` or ``subtract``; by default the rule set's
        ``moon``, ``add`` under ``choose``)."""
        if choice is None:
            choice = "subtract" if self.rules.moon == "subtract" else "add"
        return deal_points(self.rules, self.taken, choice)[0]

    def moon_shooter(self) -> int | None:
        """The seat that took every heart and Q♠ in play, if one did."""
        return moon_shooter(self.rules, self.taken)

    def __repr__(self) -> str:
        hands = " ".join(f"{s}:{h:013x}" for s, h in enumerate(self.hands))
        trick = " ".join(str(CARDS[c]) for c in self.trick)
        return (f"<GameState trick {self.tricks_done + 1} to_play={self.to_play} "
                f"broken={self.broken} [{trick}] {hands}>")
