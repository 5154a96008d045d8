"""Fast play-outs: finish a deal with a heuristic policy, then solve the end.

Early in a deal there are far too many cards left to search exactly, so
the value of a card in a sampled world is estimated by playing the deal
out, and once few enough tricks remain the exact solver finishes it.  The
policies only *choose* among the legal cards, which come from the game
state (:meth:`GameState.legal_cards`, the engine's rules); they see only what
their seat would see (its hand, the cards played, the tricks taken), never
the sampled hands.

Two policies make an ensemble (``docs/analysis.md``, "Less dependence on
the play-out policy"):

* ``bot`` — the heuristic bot of :mod:`hearts_notation.bots` (duck under the
  winner, dump Q♠ and high hearts when void, lead low; stops a moon in
  sight), with no moon planned at the pass and no random slips;
* ``careful`` — other habits, written here: while Q♠ is in another hand
  and it holds no A♠/K♠, lead its highest spade under the queen (smoking the
  queen out, as strong players do, and keeping its low spades as exits);
  else lead the lowest card of the *shortest* suit (to make a void); shed
  the highest card when last to a trick it must win, discard A♠/K♠ before
  the hearts while the queen is out, then the highest card of the shortest
  suit; and stop a moon in sight as the bot does (win a trick holding a
  penalty card, keep its hearts off the shooter's tricks).

In both, a seat that alone has taken points so far and whose hand runs
the rest (:func:`hearts_notation.bots.moon_runs`: in every suit it holds,
enough cards above every card out) takes the moon it was handed: it leads
its sure winners and wins every trick (:func:`hearts_notation.bots.shoot_card`,
the heuristic bot's moon play), where it used to duck and give a trick
away; the other seats' moon stopping answers it (issue 24, helper moon31).

A mark needs both policies to agree that the card loses points, so that a
verdict never rests on one bot's habits.
"""

from __future__ import annotations

import random
from typing import Final

from ..bots import (
    HeuristicBot,
    heuristic_fish,
    heuristic_low_lead,
    heuristic_reply,
    moon_in_sight,
    moon_runs,
    moon_taker,
    shoot_card,
    stop_moon_card,
)
from ..cards import HEARTS_MASK, QS_BIT, SPADES, SUIT_MASKS
from ..rules import RuleSet
from ..state import GameState, breaks_hearts, led_suit, legal_plays, winning_card
from .exact import ExactSolver

# Final, and the masks of cards.py copied here: mypyc keeps them in C statics
# (a plain module global, or a name imported from a module it does not
# compile, is a dictionary lookup at every use; issue 24).
_QS_BIT: Final[int] = int(QS_BIT)
_QS: Final[int] = _QS_BIT.bit_length() - 1
_HEARTS_MASK: Final[int] = int(HEARTS_MASK)
_SUIT_MASK: Final[tuple[int, ...]] = tuple(SUIT_MASKS)
_PENALTY: Final[int] = _HEARTS_MASK | _QS_BIT
_HIGH_SPADES: Final[int] = (1 << (SPADES * 13 + 12)) | (1 << (SPADES * 13 + 11))
_BELOW_QUEEN_SPADES: Final[int] = _SUIT_MASK[SPADES] & (_QS_BIT - 1)

#: The ensemble's policies, in the order worlds are given to them.
POLICIES = ("bot", "careful")


def _high(mask: int) -> int:
    return mask.bit_length() - 1


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _mask_of(cards: list[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def careful_card(state: GameState) -> int:
    """The ``careful`` policy's card for the seat to move (deterministic)."""
    legal = state.legal_cards()
    if not legal & (legal - 1):
        return _high(legal)
    s = state.to_play
    hand = state.hands[s]
    held = 0
    for h in state.hands:
        held |= h
    trick_mask = 0
    for c in state.trick:
        trick_mask |= 1 << c
    led = -1
    top = -1
    if state.trick:
        suit = led_suit(state.trick)
        led = -1 if suit is None else suit
        top = winning_card(state.trick[0], trick_mask)
    if moon_taker(state.taken) == s and moon_runs(hand, held & ~hand):
        return shoot_card(legal, led, top, held & ~hand)
    shooter = _careful_shooter(state.taken)
    return _careful(hand, legal, led, trick_mask, top, len(state.trick) == state.players - 1,
                    bool((held | trick_mask) & ~hand & _QS_BIT), shooter >= 0 and shooter != s)


def _careful(hand: int, legal: int, led: int, trick_mask: int, top: int, last: bool,
             queen_out: bool, moon: bool) -> int:
    """The ``careful`` policy's card: *led* is the suit led (-1: the seat
    leads), *trick_mask* the cards on the table, *top* the one winning so
    far, *last* whether the seat plays the trick's last card, *queen_out*
    whether Q♠ is in another hand or on the table, *moon* whether another
    seat has a moon in sight (:func:`_careful_shooter`); *legal* has two
    cards or more."""
    if led < 0:
        choices = legal & ~_PENALTY or legal
        if queen_out:
            choices = choices & ~_HIGH_SPADES or choices
            # Smoke the queen out: a spade under it cannot take it, and its
            # holder must eventually follow with it; the highest such spade
            # keeps the low ones as exits.  Not with A♠/K♠ in hand (spade
            # leads would bring the queen onto them).
            fish = choices & _BELOW_QUEEN_SPADES
            if fish and not hand & _HIGH_SPADES:
                return _high(fish)
        # The lowest card of the shortest suit (the key length * 4 + suit
        # orders as the pair (length, suit)).
        best, key = -1, 99 * 4
        for suit in range(4):
            m = choices & _SUIT_MASK[suit]
            if m:
                k = (hand & _SUIT_MASK[suit]).bit_count() * 4 + suit
                if k < key:
                    best, key = _low(m), k
        return best
    follow = legal & _SUIT_MASK[led]
    if moon:
        stop = stop_moon_card(trick_mask, top, legal, follow)
        if stop >= 0:
            return stop
    if follow:
        under = follow & ((1 << top) - 1)
        if under:
            return _high(under)
        safe = follow & ~_QS_BIT or follow
        if last:
            return _high(safe)
        return _low(safe)
    if legal & _QS_BIT:
        return _QS
    if queen_out and legal & _HIGH_SPADES:
        return _high(legal & _HIGH_SPADES)
    hearts = legal & _HEARTS_MASK
    if hearts:
        return _high(hearts)
    # The highest card of the shortest suit, the higher on ties (the key
    # length * 16 - rank orders as the pair (length, -rank)).
    best, key = -1, 99 * 16
    for suit in range(4):
        m = legal & _SUIT_MASK[suit]
        if m:
            k = (hand & _SUIT_MASK[suit]).bit_count() * 16 - _high(m) % 13
            if k < key:
                best, key = _high(m), k
    return best


def _careful_shooter(taken: list[int]) -> int:
    """The seat that has taken every penalty card taken so far, when they
    are enough (Q♠ or seven hearts) that a moon is in sight; -1 otherwise:
    the ``careful`` policy's test (the bot's own, on the tricks taken)."""
    shooter = -1
    got = 0
    for i, t in enumerate(taken):
        if t & _PENALTY:
            if shooter >= 0:
                return -1
            shooter, got = i, t & _PENALTY
    if shooter >= 0 and (got & _QS_BIT != 0 or got.bit_count() >= 7):
        return shooter
    return -1


class WorldStream:
    """The ``random()`` draws of ``random.Random(key)``, drawn once for all
    the play-outs of one world (one per candidate, the same key: common
    random numbers), each play-out reading them from the first.

    Only the bot policy draws, a coin for some of its leads (fishing for
    Q♠), and most play-outs never do (the ``careful`` policy and the exact
    tail never draw): the generator is seeded at the first draw (seeding
    from a string costs 5 to 12 µs, a fifth of a play-out), once per world
    rather than once per candidate.  *gen*, if given, is drawn from instead
    (already seeded: :meth:`Playout.finish`'s)."""

    __slots__ = ("_gen", "drawn", "key")

    def __init__(self, key: str, gen: random.Random | None = None) -> None:
        self.key = key
        self._gen = gen
        #: the stream's ``random()`` draws so far, in order
        self.drawn: list[float] = []

    def draw(self, i: int) -> float:
        """The stream's *i*-th ``random()`` draw (drawn when first asked)."""
        drawn = self.drawn
        if i < len(drawn):
            return drawn[i]
        gen = self._gen
        if gen is None:
            gen = self._gen = random.Random(self.key)
        while len(drawn) <= i:
            drawn.append(gen.random())
        return drawn[i]


class Playout:
    """Finishes positions: *policy* play down to *tail* tricks, then the
    exact solver (``tail=0``: heuristic play to the last card).  The tail is
    :meth:`ExactSolver.play_out` (the selfish model, every seat's points),
    the solver of ``hearts solve``, of the exact decisions and of ``dd_loss``.

    The policy's cards are played by one loop over plain ints and lists
    (:meth:`_play`), the game state's rule functions deciding what is legal,
    when hearts open and who wins a trick, without a :class:`GameState` or
    its undo record at each card: the play-outs are most of ``annotate``'s
    CPU (issue 24)."""

    def __init__(self, rules: RuleSet, solver: ExactSolver, tail: int, policy: str = "bot") -> None:
        if policy not in POLICIES:
            raise ValueError(f"unknown play-out policy {policy!r}")
        self.rules = rules
        self.solver = solver
        self.tail = tail
        self.policy = policy
        #: the ``careful`` policy (tested at every card: a flag, not the name)
        self.careful = policy == "careful"
        self.bot = HeuristicBot(moon_appetite=0.0, noise=0.0)
        self.deck = rules.deck_mask
        self.tricks = rules.tricks_per_deal
        #: The cards that open hearts (:func:`breaks_hearts`) played on a trick
        #: led in suit *k* (a mask at ``k + 1``), or leading it (at 0): asked
        #: of the rule once, not at every card.
        self.breaking = [_mask_of([c for c in range(52) if breaks_hearts(rules, c, led)])
                         for led in (None, 0, 1, 2, 3)]
        #: The position handed to the exact tail when the caller's state is
        #: not to be changed: its fields are set afresh for every play-out.
        self._tail_state = GameState(rules, [0] * rules.players, 0)

    def finish(self, state: GameState, rng: random.Random) -> list[int]:
        """Final points of every seat after playing *state* out, the bot's
        coins drawn from *rng*.  *state* is left at the position handed to
        the exact tail (pass a copy); the cards played are not added to its
        undo record (do not pop them)."""
        if not all(state.known):
            raise ValueError("every hand must be known")
        return self._play(state.hands, state.taken, state.trick, state.trick_seats, state.leader,
                          state.to_play, state.tricks_done, state.broken, -1,
                          WorldStream("", rng), state)

    def finish_after(self, state: GameState, card: int, stream: WorldStream) -> list[int]:
        """Final points of every seat after the seat to move plays *card*
        (held, legal) in *state* and the deal is played out, the bot's
        coins read from *stream* from its first draw; *state* is not
        changed (the candidates of a decision all start from it)."""
        if not all(state.known):
            raise ValueError("every hand must be known")
        return self._play(list(state.hands), list(state.taken), list(state.trick),
                          list(state.trick_seats), state.leader, state.to_play, state.tricks_done,
                          state.broken, card, stream, self._tail_state)

    def finish_deal(self, hands: list[int], leader: int, stream: WorldStream) -> list[int]:
        """Final points of every seat of a deal played out from its first
        card: *hands* are the hands after the pass (the list is changed),
        *leader* the opening leader (:func:`hearts_notation.state.opening_leader`),
        the bot's coins read from *stream* from its first draw."""
        return self._play(hands, [0] * len(hands), [], [], leader, leader, 0, False, -1, stream,
                          self._tail_state)

    def _shooter(self, hands_mask: int, trick_mask: int, taken: list[int]) -> int:
        """The seat with a moon in sight by this policy's test (-1: none),
        from the cards in the hands, on the table and taken: it changes
        only when a trick is gathered."""
        if self.careful:
            return _careful_shooter(taken)
        # the bot's: the penalty cards played, not on the table (HeuristicBot._moon_threat)
        return moon_in_sight(self.deck & ~hands_mask & _PENALTY & ~trick_mask, taken)

    def _play(self, hands: list[int], taken: list[int], trick: list[int], seats: list[int],
              leader: int, s: int, done: int, broken: bool, card: int, stream: WorldStream,
              out: GameState) -> list[int]:
        """Play on with the policy (*card*, if not -1, first: a candidate),
        the bot's coins read from *stream*, as :meth:`GameState.push` would, from a position given by its
        fields (changed in place: pass copies), until *tail* tricks are
        left; then set *out* to that position and solve it exactly."""
        rules = self.rules
        n = len(hands)
        tail = self.tail
        careful = self.careful
        deck = self.deck
        breaking = self.breaking
        left = self.tricks - done     # the trick in progress counted
        # The cards still in the hands: a seat's hand is its entry in *hands*
        # less the cards played since (the hands of a deal share no card), so
        # the list is written back once, at the tail, not at every card.
        in_hands = 0
        size = 0
        for h in hands:
            in_hands |= h
            size += h.bit_count()
        if size != in_hands.bit_count():
            raise ValueError("the hands share cards")
        trick_mask = 0
        for c in trick:
            trick_mask |= 1 << c
        led = -1
        top = -1
        if trick:
            suit = led_suit(trick)
            led = -1 if suit is None else suit
            top = winning_card(trick[0], trick_mask)
        shooter = self._shooter(in_hands, trick_mask, taken)
        taker = moon_taker(taken)
        coins = 0       # the stream's draws read so far
        while True:
            if card < 0:
                if left <= tail:
                    break
                hand = hands[s] & in_hands
                legal = legal_plays(rules, hand, led if led >= 0 else None, done == 0, broken)
                if not legal & (legal - 1):
                    card = _high(legal)
                elif s == taker and moon_runs(hand, in_hands & ~hand):
                    # A moon handed to the seat: it has every point so far
                    # and its hand runs the rest (both policies).
                    card = shoot_card(legal, led, top, in_hands & ~hand)
                elif careful:
                    card = _careful(hand, legal, led, trick_mask, top, len(trick) == n - 1,
                                    bool((in_hands | trick_mask) & ~hand & _QS_BIT),
                                    shooter >= 0 and shooter != s)
                elif led < 0:
                    played = deck & ~in_hands
                    card = heuristic_fish(hand, legal, played)
                    if card >= 0:
                        coins += 1
                        if stream.draw(coins - 1) >= 0.5:
                            card = -1
                    if card < 0:
                        card = heuristic_low_lead(hand, legal, played)
                else:
                    card = heuristic_reply(hand, legal, led, trick_mask, top, done == 0,
                                           len(trick) == n - 1, deck & ~in_hands,
                                           shooter >= 0 and shooter != s)
            # The card played, as GameState.push plays it.
            b = 1 << card
            in_hands &= ~b
            if not broken and breaking[led + 1] & b:
                broken = True
            trick.append(card)
            seats.append(s)
            trick_mask |= b
            card = -1
            if len(trick) < n:
                if led < 0:
                    suit = led_suit(trick)
                    led = -1 if suit is None else suit
                top = winning_card(trick[0], trick_mask)
                s = s + 1 if s + 1 < n else 0
                continue
            winner = seats[trick.index(winning_card(trick[0], trick_mask))]
            taken[winner] = taken[winner] | trick_mask
            if taker != -2 and trick_mask & _PENALTY and taker != winner:
                # moon_taker(taken), kept up trick by trick: a first
                # taker, or a second one, after which no moon is open.
                taker = winner if taker == -1 else -2
            trick = []
            seats = []
            trick_mask = 0
            led = -1
            top = -1
            done += 1
            leader = winner
            s = winner
            left -= 1
            shooter = self._shooter(in_hands, 0, taken)
        for i in range(n):
            hands[i] = hands[i] & in_hands
        out.hands = hands
        out.taken = taken
        out.trick = trick
        out.trick_seats = seats
        out.leader = leader
        out.to_play = s
        out.tricks_done = done
        out.broken = broken
        return self.solver.play_out(out)

    def pass_cards(self, hand: int, count: int, rng: random.Random) -> list[int]:
        """The heuristic bot's *count* cards to pass from *hand*, most
        urgent first (the other seats' passes in sampled worlds)."""
        return self.bot.pass_cards(self.rules, hand, count, rng)
