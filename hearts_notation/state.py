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
from typing import Final, NamedTuple, TypeVar

from . import cards as _cards
from .cards import CARDS, CLUBS, HEARTS
from .rules import RuleSet
from .seats import DIRECTIONS

# The card constants the rules read on every play, bound here as ``Final``:
# compiled with mypyc, a ``Final`` name of this module is a C variable, where a
# name imported from cards.py (which is not compiled: ``Card`` subclasses
# ``int``) is a look-up in the module's dictionary at each read.
SUIT_MASKS: Final[tuple[int, ...]] = _cards.SUIT_MASKS
HEARTS_MASK: Final[int] = _cards.HEARTS_MASK
QS_BIT: Final[int] = _cards.QS_BIT
QUEEN_OF_SPADES: Final[int] = int(_cards.QUEEN_OF_SPADES)
JACK_OF_DIAMONDS: Final[int] = int(_cards.JACK_OF_DIAMONDS)
CLUB_MASK: Final[int] = _cards.SUIT_MASKS[CLUBS]


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
        m = hand & (1 << _replay_tables(rules)[2])
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
    the deal's first trick (for the lead: the opening lead).  The rule itself
    is :func:`legal_plays_led`'s.
    """
    return legal_plays_led(rules, hand, -1 if led_suit is None else led_suit,
                           first_trick, hearts_broken)


def legal_plays_led(
    rules: RuleSet,
    hand: int,
    led: int,
    first_trick: bool,
    hearts_broken: bool,
) -> int:
    """:func:`legal_plays` with the suit led a plain int, -1 when the seat
    leads: the one rule of what a seat may play.  Compiled, an ``int | None``
    argument is an object, so each call from the exact solver's nodes boxed
    the suit led; a plain int is passed unboxed (selfish29)."""
    if led >= 0:
        follow = hand & SUIT_MASKS[led]
        if follow:
            return follow
        if first_trick:
            return first_trick_safe(rules, hand)
        return hand
    if first_trick:
        return opening_leads(rules, hand)
    if not hearts_broken:
        others = hand & ~HEARTS_MASK
        # (the rules are asked only when a heart is held beside other
        # cards: the usual lead of a rule set that keeps hearts back costs
        # one more test; ``lead_hearts_instead_of_queen`` only when Q♠ is
        # the one other card)
        if others and rules.hearts_lead == "broken" and (
                others != QS_BIT or not rules.lead_hearts_instead_of_queen):
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


def breaks_hearts(rules: RuleSet, card: int, led: int | None) -> bool:
    """Whether playing *card* on a trick led in suit *led* (``None``: the
    card leads it) opens hearts for later tricks: under ``discard`` only a
    heart played on a non-heart lead (the ``standard`` rules), under
    ``any-heart`` any heart; with ``queen_breaks_hearts`` Q♠ played in any
    way too."""
    if card // 13 == HEARTS:
        return rules.hearts_broken_by == "any-heart" or (led is not None and led != HEARTS)
    return rules.queen_breaks_hearts and card == QUEEN_OF_SPADES


#: One-bit mask of each card number, and the mask of its suit.
_BIT: Final[tuple[int, ...]] = tuple(1 << c for c in range(52))
_SUIT_MASK: Final[tuple[int, ...]] = tuple(SUIT_MASKS[c // 13] for c in range(52))


def led_suit(trick: Sequence[int]) -> int | None:
    """The suit led to a trick whose cards so far are *trick* (leader
    first), ``None`` before the lead: the suit of its first card."""
    return trick[0] // 13 if trick else None


def winning_card(led_card: int, trick_mask: int) -> int:
    """The card that takes a trick led with *led_card* whose cards (so far)
    are *trick_mask*: the highest card of the led suit; no suit is trump.

    The one statement of who wins a trick: the bulk replay asks it, and
    :func:`trick_winner` (which everything else asks) is built on it."""
    return (trick_mask & _SUIT_MASK[led_card]).bit_length() - 1


def trick_winner(cards: Sequence[int]) -> int:
    """Index within the trick of the card that takes it (or that is
    winning it, for a trick not finished): :func:`winning_card`."""
    m = 0
    for c in cards:
        m |= 1 << c
    return cards.index(winning_card(cards[0], m))


def penalty_cards(rules: RuleSet) -> int:
    """The penalty cards in play: hearts and Q♠ (what a moon must take)."""
    return rules.deck_mask & (HEARTS_MASK | QS_BIT)


def scoring_cards(rules: RuleSet) -> int:
    """The cards worth points under *rules*: the penalty cards, and J♦ when
    the rules give it a value.  Once none is left, a deal's points are
    settled."""
    m = penalty_cards(rules)
    if rules.jack_of_diamonds and rules.deck_mask >> JACK_OF_DIAMONDS & 1:
        m |= 1 << JACK_OF_DIAMONDS
    return m


def penalty_total(rules: RuleSet) -> int:
    """Points of hearts and Q♠ in play (26 with a full deck): what a moon takes."""
    return raw_points(rules, penalty_cards(rules))


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
    need = penalty_cards(rules)
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
    Without a moon, ``no_trick_bonus`` goes to each seat that took no
    trick once the deal is complete (every card taken).
    """
    points = [raw_points(rules, t) for t in taken]
    shooter = moon_shooter(rules, taken)
    if shooter is not None:
        total = penalty_total(rules)
        points[shooter] -= total
        if choice == "subtract":
            points[shooter] -= total
        else:
            for s in range(len(points)):
                if s != shooter:
                    points[s] += total
    elif rules.no_trick_bonus:
        # OpenSpiel's ``avoid_all_tricks_bonus``: once every card is taken,
        # a seat that took none (so no trick) scores the bonus; not in a
        # deal with a moon (hearts.cc, ComputeScore).
        gone = 0
        for t in taken:
            gone |= t
        if gone == rules.deck_mask:
            for s in range(len(points)):
                if not taken[s]:
                    points[s] += rules.no_trick_bonus
    return points, shooter


# A complete deal in one pass: the referee's fast path ------------------------------------


def _replay_tables(rules: RuleSet) -> tuple[int, tuple[int, ...], int]:
    """Per-rules constants of :func:`replay_tricks`: the tricks per deal,
    for each card led, the cards whose play
    on that trick opens hearts, tabulated from :func:`breaks_hearts` itself,
    and the lowest club in play (``rules.lowest_club``, a property worked out
    in Python at each read; :func:`opening_leads` asks it here too).

    The same rules come with every deal of a corpus: the last ones are
    recognised by identity, before the cache (hashing a rule set is not free)."""
    last = _LAST_TABLES
    if last and last[0][0] is rules:
        return last[0][1]
    tables = _tables_of(rules)
    last[:] = [(rules, tables)]
    return tables


_LAST_TABLES: list[tuple[RuleSet, tuple[int, tuple[int, ...], int]]] = []


@functools.lru_cache(maxsize=64)
def _tables_of(rules: RuleSet) -> tuple[int, tuple[int, ...], int]:
    by_suit = [0, 0, 0, 0]
    for led in range(4):
        for c in range(52):
            if breaks_hearts(rules, c, led):
                by_suit[led] |= 1 << c
    return rules.tricks_per_deal, tuple(by_suit[c // 13] for c in range(52)), rules.lowest_club


def replay_tricks(rules: RuleSet, hands: list[int], leaders: list[int],
                  cards: list[int]) -> list[int] | None:
    """Replay a complete deal whose hands (after the pass) are all known,
    with the leader of every trick as recorded, and say whether every card
    was legal: the cards each seat took, or ``None``.

    *hands* are the seats' hands as played from (disjoint bitmasks, seat
    order); *leaders* the seat index that led each trick
    (``tricks_per_deal`` of them); *cards* the cards (their numbers, 0..51)
    in play order: ``cards[t * n + k]`` is the card played *k*-th in trick
    *t*, by seat ``(leaders[t] + k) % n`` with ``n`` players.
    ``None`` as soon as something is wrong: the first leader is not the
    :func:`opening_leader`, a leader did not win the trick before, a card
    the seat does not hold or played twice, or an illegal card.  The caller
    checks that the recorded seats turn clockwise from each leader; on
    ``None`` the referee's full replay says what is wrong.

    This is the referee's hot loop (``validate`` on a large corpus), so it
    asks the rules only where they can forbid something: every lead of the
    first trick, every heart led before hearts are open and every card that
    does not follow the led suit are judged by :func:`legal_plays`.  The
    other plays are legal whatever the rules and the hand, by what
    :func:`legal_plays` says (a card of the led suit always may follow; a
    lead that is not a heart is barred only on the first trick):
    tests/test_rules_engine_fast.py checks both on random positions of
    every preset.  The trick goes to :func:`winning_card`; hearts open as
    :func:`breaks_hearts` says (tabulated per rule set).  A seat's
    remaining hand is its hand less every card played so far: the cards
    each seat plays are checked to be its own, and at the end to be all
    different, which with hands of ``tricks_per_deal`` cards means every
    seat played exactly its hand.

    The flat list is walked with index arithmetic over typed locals (no
    columns, no tuples per trick, no iterator): compiled with mypyc, the
    loop runs on C integers and list items.
    """
    n = len(hands)
    nt, breaks, lowest = _replay_tables(rules)
    if n < 2 or len(leaders) != nt or len(cards) != n * nt:
        return None
    for i in range(n):
        if hands[i].bit_count() != nt:
            return None
    winner = leaders[0]
    # The first leader must be the :func:`opening_leader`, the holder of the
    # lowest club: with every hand known, the seat whose hand holds it (a
    # card in two hands is found played twice at the end).
    if not 0 <= winner < n or not hands[winner] >> lowest & 1:
        return None
    bit = _BIT
    suit_mask = _SUIT_MASK
    hearts = HEARTS_MASK
    taken = [0] * n
    gone = 0
    broken = False
    first = True
    pos = 0
    for t in range(nt):
        lead = leaders[t]
        if lead != winner:
            return None
        c0 = cards[pos]
        b0 = bit[c0]
        hand = hands[lead]
        if not hand & b0:
            return None
        if (first or (b0 & hearts and not broken)) and not legal_plays(
                rules, hand & ~gone, None, first, broken) & b0:
            return None
        led_mask = suit_mask[c0]
        m = b0
        s = lead
        for k in range(1, n):
            s += 1
            if s == n:
                s = 0
            c = cards[pos + k]
            b = bit[c]
            hand = hands[s]
            if not hand & b:
                return None
            if not b & led_mask and not legal_plays(rules, hand & ~gone, c0 // 13, first,
                                                    broken) & b:
                return None
            m |= b
        if not broken and m & breaks[c0]:
            broken = True
        w = winning_card(c0, m)
        k = 0
        while cards[pos + k] != w:
            k += 1
        winner = lead + k
        if winner >= n:
            winner -= n
        taken[winner] |= m
        gone |= m
        first = False
        pos += n
    if gone.bit_count() != n * nt:
        return None     # a card played twice
    return taken


# Passing and the opening lead ----------------------------------------------------------------


class DealPass(NamedTuple):
    """The pass of one deal under a rule set (:func:`deal_pass`)."""

    #: The direction that applies: the recorded one, else the pass cycle's
    #: for the deal's number; ``None`` when neither says.
    direction: str | None
    #: Seats clockwise from giver to receiver; 0 when no card changes hands
    #: (``hold``, or ``pass_count: 0``); ``None`` when the direction is not
    #: known (none recorded and no deal number, or a word that is no direction).
    offset: int | None


def pass_step(number: int, length: int) -> int:
    """The step (0-based) of a pass cycle of *length* deals that deal
    *number* (1-based) takes: the cycle's arithmetic, once, for
    :func:`deal_pass` and for a hot path that keeps the passes of one round
    of the cycle per rule set (the referee's seating).  It holds for any
    whole number: deal 0 takes the step before deal 1's (the cycle's last),
    deal -1 the one before that.  No reader gives a number below 1 (HRN,
    JSON, JSONL and YAML refuse it where it is written, as a syntax error);
    a model built in Python may, and every caller then agrees with the
    referee."""
    return (number - 1) % length


def deal_pass(rules: RuleSet, number: int | None = None,
              recorded: str | None = None) -> DealPass:
    """The pass rule, once: which direction applies to deal *number*
    (1-based) whose record says *recorded* (or nothing), and the receiving
    offset under *rules*.  Every reader, writer, renderer, the referee and
    the generator ask this rather than testing ``hold`` or ``pass_count``
    themselves.  Any whole *number* follows the cycle (:func:`pass_step`);
    ``None`` is a deal whose number is not known."""
    if recorded:
        direction: str | None = recorded
    elif number is not None:
        cycle = rules.pass_cycle
        direction = cycle[pass_step(number, len(cycle))]
    else:
        direction = None
    if direction not in DIRECTIONS:
        return DealPass(direction, None)
    if direction == "hold" or not rules.pass_count:
        return DealPass(direction, 0)
    return DealPass(direction, rules.pass_offset(direction) % rules.players)


def apply_passes(dealt: Sequence[int | None], given: Sequence[int | None], offset: int
                 ) -> list[int | None]:
    """The hands played from: each seat's hand as dealt, less the cards it
    gave, plus those it received from the seat *offset* places to its right
    (``offset`` is :func:`deal_pass`'s; 0 when nothing is passed).  A hand
    is ``None`` when its dealt hand, its pass or the pass it received is not
    known."""
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


#: A GameState or a subclass of it, for :meth:`GameState._copy_into` (a copy keeps its class).
_State = TypeVar("_State", bound="GameState")


class GameState:
    """A deal in progress under a rule set (python-chess's ``Board``).

    *hands* are the hands played from (after the pass), one bitmask per seat
    in clockwise order, or ``None`` for a hand not known.  A seat whose hand
    is not known may still play: the card is taken as held.  *leader* is the
    seat that leads the current trick (by default the opening leader,
    :func:`opening_leader`); *trick* the cards already on the table, from
    the leader on; *tricks_done*, *broken* and *taken* describe the tricks
    before (for a position in the middle of a deal).  Like :meth:`push`,
    the cards on the table open hearts at once if they do
    (:func:`breaks_hearts`), so ``broken`` says whether hearts are open now.

    :meth:`push` plays a card as recorded without judging it (as
    ``Board.push``), :meth:`play` checks it first; :meth:`pop` takes back the
    last card, trick and hearts-broken included.

    A record can be malformed (a trick of the wrong size, a card out of
    turn, a card the seat does not hold), and the referee must report that
    and go on.  :meth:`follow` places a card as written by the seat the
    record names, whatever the turn, the trick's size or the hand, and
    :meth:`end_trick` closes the trick where the record closes it: a trick
    with a card from every seat goes to its winner, who leads next; after
    any other the leader is not known (``leader`` and ``to_play`` are -1)
    until the record says.  A state made for following may start with the
    leader not known either (``leader=-1``), and it cannot take cards back.

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
        "_followed",
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
        "tricks_total",
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
        #: the seat that leads the current trick; -1 when a followed record
        #: leaves it unknown (see :meth:`follow`)
        self.leader: int = leader
        self.trick: list[int] = list(trick)
        self.trick_seats: list[int] = [(leader + k) % n for k in range(len(self.trick))]
        self.to_play: int = (leader + len(self.trick)) % n if leader >= 0 else -1
        # A position in the middle of a trick: the cards on the table may have
        # opened hearts already, as pushing them would have.
        for k in range(len(self.trick)):
            if not broken and breaks_hearts(rules, self.trick[k], led_suit(self.trick[:k])):
                broken = True
        self.tricks_done: int = tricks_done
        #: the tricks of a complete deal (``rules.tricks_per_deal``)
        self.tricks_total: int = rules.tricks_per_deal
        self.broken: bool = broken
        self.taken: list[int] = [0] * n if taken is None else list(taken)
        #: what :meth:`pop` needs: (card, seat, held, broken before, the finished trick's
        #: cards and seats and its leader, or empty when the card finished none)
        self._stack: list[tuple[int, int, bool, bool, tuple[int, ...], tuple[int, ...], int]] = []
        self._followed: bool = False

    @classmethod
    def from_deal(cls, rules: RuleSet, dealt: Sequence[int | None],
                  given: Sequence[int | None] | None = None, direction: str = "hold"
                  ) -> GameState:
        """The state at the first card of a deal: *dealt* hands, the cards
        each seat *given* in the pass, in *direction* (see :func:`apply_passes`)."""
        offset = deal_pass(rules, recorded=direction).offset or 0
        hands = apply_passes(dealt, given if given is not None else [0] * len(dealt), offset)
        return cls(rules, hands)

    def copy(self) -> GameState:
        """An independent copy (the history of :meth:`pop` included)."""
        # Through __init__ (with the leader given, so nothing is searched), not
        # GameState.__new__: compiled with mypyc, __new__ runs __init__ too.
        return self._copy_into(GameState(self.rules, self.hands, self.leader))

    def _copy_into(self, other: _State) -> _State:
        """*other* (a new state of this deal, of this class or a subclass)
        made an independent copy of this one: the one list of the fields a
        copy takes, so a subclass's ``copy`` cannot miss one."""
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
        other._followed = self._followed
        return other

    # What the position is ---------------------------------------------------------------

    @property
    def led_suit(self) -> int | None:
        """The suit led to the current trick, ``None`` before its lead."""
        return led_suit(self.trick)

    @property
    def first_trick(self) -> bool:
        """Whether the current trick is the deal's first."""
        return self.tricks_done == 0

    @property
    def is_over(self) -> bool:
        """Whether every trick of the deal has been played."""
        return self.tricks_done >= self.tricks_total

    def legal_cards(self, seat: int | None = None) -> int:
        """The mask of the cards the seat to play (or *seat*, as if it were
        its turn) may play now.  For a hand not fully known, the known cards
        it may surely play are not decidable: :class:`ValueError`."""
        s = self.to_play if seat is None else seat
        if not self.known[s]:
            raise ValueError(f"seat {s}'s hand is not known")
        return legal_plays(self.rules, self.hands[s], self.led_suit, self.tricks_done == 0,
                           self.broken)

    def fault(self, card: int, seat: int | None = None, hand: int | None = None
              ) -> tuple[str, int] | None:
        """Why *card* may not be played now by the seat to play (or *seat*),
        with the cards that prove it (:func:`play_fault`), or ``None``.  A
        card the known hand lacks is ``not-held``.  With a hand known only in
        part the verdict stands on the known cards (a fault found is proven;
        none found may be only for want of knowledge).  *hand*, if given,
        is judged instead of the seat's known cards: the referee asks with
        every card the seat could hold, to learn whether a fault is possible."""
        s = self.to_play if seat is None else seat
        led = led_suit(self.trick)
        if hand is not None:
            return play_fault(self.rules, hand | 1 << card, card, led, self.tricks_done == 0,
                              self.broken)
        hand = self.hands[s]
        if self.tricks_done >= self.tricks_total:
            return "trick-size", 0
        if not hand >> card & 1:
            if self.known[s]:
                return "not-held", hand
            hand |= 1 << card
        return play_fault(self.rules, hand, card, led, self.tricks_done == 0, self.broken)

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
        if not before and breaks_hearts(self.rules, card, led_suit(trick)):
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

    def follow(self, card: int, seat: int, opens_hearts: bool = False) -> None:
        """Place *card* as the record has it, played by *seat* (in turn or
        not, held or not, however many cards the trick has already), without
        judging it; the trick stays open until :meth:`end_trick`.  Hearts
        open as :func:`breaks_hearts` says, or at once with *opens_hearts*
        (the referee counts hearts open after a heart led too early, so that
        one fault is not reported again at every later lead)."""
        self.hands[seat] &= ~(1 << card)
        trick = self.trick
        if not self.broken and (opens_hearts or breaks_hearts(self.rules, card, led_suit(trick))):
            self.broken = True
        trick.append(card)
        self.trick_seats.append(seat)
        seat += 1
        self.to_play = seat if seat < self.players else 0
        self._followed = True   # a followed record is not taken back (see :meth:`pop`)

    def end_trick(self) -> int | None:
        """Close the trick on the table where the record closes it, and
        return its winner: with one card per seat (the trick's full size),
        the winner (:func:`trick_winner`) takes the cards and leads the next
        trick; a short or long trick goes to nobody, and who leads next is
        not known (``leader`` and ``to_play`` are -1) until the record says."""
        trick = self.trick
        winner = -1
        if len(trick) == self.players:
            winner = self.trick_seats[trick_winner(trick)]
            m = 0
            for c in trick:
                m |= 1 << c
            self.taken[winner] |= m
        self.trick = []
        self.trick_seats = []
        self.tricks_done += 1
        self.leader = winner
        self.to_play = winner
        return winner if winner >= 0 else None

    def pop(self) -> int:
        """Take back the last card pushed; returns it.  A state that has
        followed a record (:meth:`follow`) cannot: :class:`ValueError`."""
        if self._followed:
            raise ValueError("a state that followed a record cannot take cards back")
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
