"""Exact whole-deal solver: what double-dummy solvers are to bridge.

With every hand known, :class:`ExactSolver` gives the exact value of each
legal card at any point of a deal, from the opening lead on: the points the
seat to move ends the deal with (the moon rule applied) when everyone plays
on perfectly under one of two models.

Models
------
``selfish`` (max^n)
    Every seat, at its turn, plays the card that minimises *its own* points
    for the deal (the moon rule applied: a defender prefers one heart to a
    moon that gives it 26).  A seat with several cards of equal value to
    itself plays the first of them in the *natural order* below (or, for the
    tie-sensitivity check, the first in the reversed order).  The values are
    the mover's final points; where the two tie orders give different values
    the card is *tie-sensitive* (``hearts solve`` reports both).
``paranoid``
    The seat to move at the analysed point minimises its own points for the
    deal (the points it has already taken counted, the moon rule applied);
    the other seats together maximise them.  A two-sided game, so values are
    guarantees ("with the cards face up you can hold your points to 6,
    whatever the others do"), searched with alpha-beta.

The natural order (the tie rule)
--------------------------------
Ranks in it are *relative*: a card's rank among the cards of its suit not
yet gathered in a finished trick (the cards in hands and on the table), so
that two positions that differ only by which small cards are gone break
ties alike (which is what lets the transposition table share them).

* Leading: every card but the hearts and Q♠ before them; within each group
  the lowest relative rank first, clubs, diamonds, hearts, spades at equal
  relative rank.
* Following suit: the cards under the card winning the trick from the
  highest down (the duck), then the cards above it from the lowest up.
* Discarding (void in the led suit): Q♠, then the hearts from the highest,
  then the other cards from the highest relative rank (clubs, diamonds,
  spades at equal relative rank).

Cards of one seat with nothing between them in their suit but cards already
gathered (or the seat's own cards) are equivalent: they win and lose the
same tricks, have the same value, and sit side by side in both orders (so
the tie rule picks a card of the same group whichever member is searched).
Q♠ is never merged with its neighbours, nor J♦ when it scores.

Speed
-----
* One card per group of equivalent cards is searched.
* A transposition table at trick boundaries keyed on relative ranks (each
  suit renumbered once the gathered cards are removed; where Q♠ and J♦ sit
  among them; the leader, whether hearts are open, who can still shoot the
  moon), holding the points still to come: selfish, the vector of every
  seat's; paranoid, lower and upper bounds on the analysed seat's.
* Paranoid, partition search (Ginsberg's, as DDS does it): a table entry
  answers for every position that agrees on the cards the search relied on
  (each suit's highest cards down to the lowest whose rank decided
  something, Q♠ and a scoring J♦, the suits' lengths in each hand);
  the cards below are interchangeable (:meth:`ExactSolver._ab_table`).
  Not for the selfish model: its tie order reads every card's relative
  rank, so positions sharing an entry could break ties differently.
* Bounds from the cards left (the fewest and most points a seat can still
  get, a moon included): a selfish seat that reaches its fewest stops
  trying cards (exact, because ties keep the first card in the order
  searched), and paranoid nodes whose bounds fall outside the window are
  cut (alpha-beta, fail-soft).  A selfish seat whose every card takes the
  trick, the moon closed to it, has the trick's sure penalty points as
  its fewest (:meth:`ExactSolver._forced`).
* Paranoid values are found by null-window searches (MTD(f)): each asks
  whether a card's value is below a bound, the table's bounds carry what one
  search learnt to the next, and the previous card's value is the first
  guess for the next (22% fewer nodes than one full-window search per card
  at 7 tricks left).  While nobody has taken a point, the first search asks
  at the top (an opponent's moon, which three colluding seats can often
  arrange: the climb took one search a point up to 26).
* Paranoid, the analysed seat's leads in history order (:func:`_by_history`):
  a lead that held (cut a null-window search) is tried first at its later
  leads, weighted by the tricks left and halved at each search; the natural
  order between equals.  Half the nodes at the median at 7 tricks left.
* The relative key's holders are bit planes over the cards left, kept
  from trick to trick (a trick's four cards taken out of the planes,
  :func:`drop_cards3`) rather than rebuilt from every hand at every probe
  (:meth:`ExactSolver._key`; selfish25): compiled, a second table
  from a position's cards as they are to its key cost more than it saved (it
  missed half the time), and so did a cache of each suit's squeezed form.
* Once no card worth points is left nothing can change; the last trick is
  played without search; and a seat on lead whose every card is above every
  other seat's card of its suit takes every trick left (:func:`sweeps`): the
  end of the deal is known without search (a claim, in bridge words).
  Paranoid, its mirror: an analysed seat not on lead whose every card is
  below every other seat's card of its suit takes no trick left
  (:func:`ducks`); once the moon is closed to the others nothing more comes
  to it (16% fewer nodes at 7 tricks left).
* Selfish, the last two tricks (two cards a hand) that the table misses are
  searched without nodes (:meth:`ExactSolver._mx_two`): no list of cards,
  the choice between two cards read off :func:`order_key` (selfish19).
* Selfish, a mover alone holding penalty points whose moon is surely out
  of reach (a trick it cannot win with a penalty card in it, or another
  seat able and keen to keep it out: :meth:`ExactSolver._moon_lost`) has
  a split moon's floor, not its moon's (5.5% fewer nodes at 7 tricks
  left; selfish31).
* Selfish, every seat's points still to come are one int, each seat a
  field of :attr:`ExactSolver.vbits` bits (:func:`pack_points`), not a
  tuple: compiled, unboxed, so a trick's end that gives points allocates
  nothing; and the table's key is one int (:meth:`ExactSolver._key`), a
  machine word up to 16 cards left with four seats (selfish23).
* Paranoid, bounds from the trick in progress (:meth:`ExactSolver._trick_bounds`),
  with the moon closed to the others: a card of the analysed seat already
  beaten leaves it none of the trick's points, one that nobody still to
  play can beat takes the table's; a seat still to play that holds a card
  losing the trick (a discard, or one under the card winning) takes at
  most the points not on the table, less the trick's penalty cards still
  to come that nobody can keep out of it (its own losing heart or Q♠, a
  heart from each later seat holding one when hearts are led, a lone Q♠:
  15% fewer nodes at 7 tricks left), and nothing more at all when without
  that card it would duck every trick left; on lead, the same when it can
  lead a card another seat must beat (:meth:`ExactSolver._leads_out`),
  and short of that, such a lead takes its trick's penalty cards off
  the points alive (:meth:`ExactSolver._lead_lost`, 5% fewer nodes);
  with another seat on lead, the same when whatever is led it can lose the
  trick and then duck (:meth:`ExactSolver._ducks_next`, 1% fewer nodes).
  The bounds cut a null-window search before any card is tried (21%
  fewer nodes at 7 tricks left).
* Paranoid, the moon open to another seat (97% of a whole deal's nodes):
  the analysed seat holding a card that surely takes a penalty card
  takes at most every penalty point alive (:meth:`ExactSolver._stops_moon`),
  and where only the moon of the seat alone with points reaches the
  window, that seat tries its highest cards first (whole deal 1 of
  bench_solve.py: 217,096 nodes → 94,240).  At a trick boundary, an
  analysed seat holding a heart above every heart of each seat that could
  still shoot (each holding one) keeps it for the first trick of hearts,
  which the shooter then cannot win: the opponents' moon is out
  (:meth:`ExactSolver._keeps_heart`; from the opening lead it answers the
  top question at once in 8 of bench_solve.py's 20 deals).  With one seat
  alone able to shoot, that seat holding Q♠ and no more spades than the
  analysed seat's above Q♠ is kept out too (:meth:`ExactSolver._moon_kept`);
  and a trick of hearts in progress that no seat able to shoot can win
  closes the moon (:meth:`ExactSolver._heart_trick`): the 7 whole deals
  solved 14.9% fewer nodes (twenty-sixth round).  The top heart counted:
  a seat whose hearts cannot beat the analysed seat's highest hearts one
  trick of hearts after another is kept out too (:func:`_outranked`):
  10 whole deals of 20 solved within 10,000,000 nodes, not 7 (twenty-eighth
  round).
* Paranoid, the first card's searches after a top question answered no
  start from its bound and step down, as the later cards start from the
  card before's value: from the opening lead the values sit near the top
  (whole deal 12: 5,049,663 nodes climbing from 0, 502,366 stepping down).

Every rule (legal cards, hearts broken, the trick's winner, points, the
moon) is :mod:`hearts_notation.state`'s; this module keeps the books on
bitmasks.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Sequence
from typing import Final

from ..cards import HEARTS, JACK_OF_DIAMONDS, QUEEN_OF_SPADES, SUIT_MASKS, iter_bits
from ..rules import RuleSet
from ..state import (
    GameState,
    breaks_hearts,
    led_suit,
    legal_plays,
    legal_plays_led,
    penalty_cards,
    raw_points,
    scoring_cards,
    winning_card,
)
from .breathe import EVERY as BREATHE_EVERY
from .breathe import breathe
from .state import MOON_OPEN, MOON_SPLIT, moon_adjustments, moon_choice, moon_state, next_moon_state

try:    # compiled with mypyc, i64 is a machine word (no tag to check at every operation)
    from mypy_extensions import i64
except ImportError:     # pragma: no cover - an install without mypy_extensions: the same ints
    i64 = int   # type: ignore[misc]

#: The two models of the other seats' play.
SELFISH = "selfish"
PARANOID = "paranoid"
MODELS: tuple[str, ...] = (SELFISH, PARANOID)

# Module constants are Final so that mypyc keeps them in C statics (a plain
# module global, or a name imported from a module it does not compile, is a
# dictionary lookup at every use).
_SUIT: Final = 0x1FFF
_INF: Final = 1 << 20
_QS: Final[int] = int(QUEEN_OF_SPADES)
_QS_BIT: Final[int] = 1 << _QS
_JD: Final[int] = int(JACK_OF_DIAMONDS)
_JD_BIT: Final[int] = 1 << _JD
_SUIT_MASK: Final[tuple[int, ...]] = tuple(SUIT_MASKS)
#: the number of bits set in each 13-bit mask (``int.bit_count`` is a method
#: call to mypyc)
_POP13: Final[tuple[int, ...]] = tuple(bin(i).count("1") for i in range(1 << 13))
#: the same as bytes: compiled, ``_SUIT_POP[x]`` with *x* an ``i64`` is a range
#: check and one load inline (mypyc's bytes indexing), where a call of
#: :func:`bit_count` is about 27 instructions (gcc does not inline it) and a
#: lookup in the tuple boxes its index and unboxes its item.  The count of a
#: suit's cards (below ``2 ** 13``), or a card's rank in its suit as the count
#: of the bits below it (``_SUIT_POP[b - 1]``, *b* one bit); selfish28
_SUIT_POP: Final[bytes] = bytes(_POP13)
#: "no node limit": far past any search, and a machine word to mypyc (``1 << 62``
#: is not, so every node's check against it was a comparison of boxed ints:
#: 3% of the compiled instructions)
_NO_LIMIT: Final = 1 << 60
#: the bits of the keys ``rel * 4 + suit`` of each suit (:meth:`ExactSolver._ordered`)
_KEY_SUIT0: Final = 0x1111111111111
_KEY_SUIT1: Final = 0x1111111111111 << 1
_KEY_SUIT2: Final = 0x1111111111111 << 2
#: an odd 32-bit multiplier (2 ** 32 over the golden ratio): the table key's
#: head times it, its bits 31 up, mixed into the planes (:meth:`ExactSolver._key`).
#: CPython's dict takes an int's slot from its lowest bits; the key had its
#: head there (leader, hearts, moon, Q♠'s place, the suits' counts), the same
#: for most entries, so lookups probed about 6 slots where a mixed key probes
#: about 2 (selfish28)
_KEY_MIX: Final = 0x9E3779B1
Vector = tuple[int, ...]


class SearchLimit(Exception):
    """The search went past the solver's node limit (the benchmark's cap)."""


class ExactSolver:
    """Exact search over positions with every hand known, in one model.

    One solver serves many positions of deals under the same rules and
    number of seats (its tables are keyed on everything they depend on);
    :attr:`nodes` counts the positions searched since it was made.
    """

    #: Above this many entries a table is emptied (memory).
    TT_LIMIT = 2_000_000

    def __init__(self, rules: RuleSet, model: str = SELFISH, reverse_ties: bool = False,
                 moon_choices: Sequence[str] | None = None, node_limit: int = 0) -> None:
        if model not in MODELS:
            raise ValueError(f"unknown model {model!r} (expected one of {', '.join(MODELS)})")
        self.rules = rules
        self.model = model
        self.n: int = rules.players
        #: indifferent seats take the last of their best cards in the natural order
        self.reverse_ties = reverse_ties
        self.pen: int = penalty_cards(rules)
        self.scoring: int = scoring_cards(rules)
        self.jd_value: int = rules.jack_of_diamonds if self.scoring & _JD_BIT else 0
        choice = moon_choice(rules)
        #: how a moon by each seat is scored (``moon: choose``: the shooter's choice, given)
        self.choices: tuple[str, ...] = (tuple(moon_choices) if moon_choices is not None
                                         else (choice,) * self.n)
        by_choice = {c: moon_adjustments(rules, self.n, c) for c in set(self.choices)}
        zero = (0,) * self.n
        #: what the moon rule adds to each seat's points, by moon state at the end
        self.terminal: dict[int, Vector] = {MOON_OPEN: zero, MOON_SPLIT: zero}
        for k in range(self.n):
            self.terminal[k] = by_choice[self.choices[k]][k]
        #: the same, as a list indexed by the moon state plus 2 (what the search reads)
        self.term: list[Vector] = [self.terminal[m - 2] for m in range(self.n + 2)]
        #: selfish: the bits of a seat's field in a packed vector
        #: (:func:`pack_points`): room for every seat's points still to come
        #: (every penalty card, J♦ and the moon rule at their most) twice over
        span = (raw_points(rules, self.pen) + abs(self.jd_value)
                + max(abs(x) for t in self.term for x in t))
        self.vbits: int = max(10, span.bit_length() + 2)
        #: a field's mask and offset (:func:`pack_points`), read once a solver:
        #: :meth:`_mx` reads every child's field with them (:func:`field_points`)
        self.vmask: int = (1 << self.vbits) - 1
        self.voff: int = 1 << (self.vbits - 1)
        #: the same as :attr:`term`, packed: what the selfish search returns
        self.term_code: list[int] = [pack_points(t, self.vbits) for t in self.term]
        # breaks[lead card]: the cards that open hearts when played to a trick it leads.
        by_suit = [0, 0, 0, 0]
        for led in range(4):
            for c in range(52):
                if breaks_hearts(rules, c, led):
                    by_suit[led] |= 1 << c
        self.breaks: list[int] = [by_suit[c // 13] for c in range(52)]
        #: per card, the cards of its suit above it (a card surely wins a
        #: trick when no seat still to play holds one)
        self.above: list[int] = [_SUIT_MASK[c // 13] & ~((2 << c) - 1) for c in range(52)]
        #: per card, its penalty points (hearts and Q♠)
        self.card_pen: list[int] = [raw_points(rules, (1 << c) & self.pen) for c in range(52)]
        #: what one heart and Q♠ are worth (:meth:`_points` adds them up)
        self.heart_pts: int = raw_points(rules, 1 << (13 * HEARTS))
        self.qs_pts: int = raw_points(rules, _QS_BIT)
        #: penalty cards never take points off: the points a seat surely
        #: takes are then a floor under what it ends with (:meth:`_mx`)
        self.sure_ok: bool = min(self.card_pen) >= 0
        #: every heart is a penalty card (:meth:`_keeps_heart`)
        self.hearts_pen: bool = self.pen & _SUIT_MASK[HEARTS] == _SUIT_MASK[HEARTS]
        #: the most a scoring J♦ can take off a seat's points (0 or less)
        self.jlow: int = self.jd_value if self.jd_value < 0 else 0
        self.nodes = 0
        #: stop with :class:`SearchLimit` past this many nodes (0: no limit)
        self.node_limit = node_limit if node_limit > 0 else _NO_LIMIT
        #: told the nodes searched every :attr:`progress_every` nodes (a
        #: command's progress line; :func:`solve_position`), or None
        self.progress: Callable[[int], None] | None = None
        #: nodes between two calls of :attr:`progress` (a tenth of a second
        #: compiled, about a second in pure Python)
        self.progress_every = 100_000
        #: the node count at which :meth:`_checkpoint` runs next: the limit,
        #: or sooner when someone is told the progress (one comparison a node
        #: either way), or sooner to let signals in (:mod:`.breathe`)
        self._check_at = self.node_limit
        #: the node count past which :attr:`progress` is told next
        self._tell_at = self.node_limit
        #: selfish: the table, from :meth:`_key` to the packed vector (:func:`pack_points`);
        #: its keys ints, typed as objects so that the compiled probe and store
        #: share one boxing (selfish29)
        self._tt_vec: dict[object, int] = {}
        #: paranoid: partition table, from the head and the suits' lengths to its entries
        self._tt_part: dict[tuple[int, int], list[_Entry]] = {}
        #: paranoid: the cards whose ranks the search so far relied on (partition search)
        self._rel = 0
        self._reps: dict[int, tuple[tuple[int, int, int], ...]] = {}
        self._me = 0
        #: paranoid: per card, how much its lead by the analysed seat has
        #: cut (history heuristic, :meth:`_ab`), halved at each null-window search
        self._hist: list[int] = [0] * 52
        # the hands of the position searched, seat by seat (:meth:`_hand`)
        #: a 64-bit 1 for a card's bit (``self._one << c``, :meth:`_mx`):
        #: mypyc writes ``i64(1) << c`` as C's 32-bit ``1 << c``, wrong past
        #: bit 31 (:meth:`_ordered`); an attribute is not folded (selfish33)
        self._one: i64 = 1
        self._h0: i64 = 0
        self._h1: i64 = 0
        self._h2: i64 = 0
        self._h3: i64 = 0
        self._h4: i64 = 0
        self._h5: i64 = 0
        # selfish: the holders' bit planes of the table's key (:meth:`_key`)
        # for the cards alive at the start of the trick in progress, kept as
        # the tricks end (:func:`drop_cards`) instead of rebuilt from every
        # hand at every probe (selfish25)
        self._k0: i64 = 0
        self._k1: i64 = 0
        self._k2: i64 = 0

    # -- public -----------------------------------------------------------------

    def card_values(self, state: GameState) -> dict[int, int]:
        """The final points of the seat to move for each of its legal cards
        (every member of a group of equivalent cards gets its group's value).

        *state* must have every hand known and the deal not over."""
        if not all(state.known) or state.is_over:
            raise ValueError("every hand must be known, and the deal not over")
        rules = self.rules
        s = state.to_play
        hands = list(state.hands)
        cards = list(state.trick)
        first = state.tricks_done == 0
        moon = moon_state(rules, state.taken)
        legal = legal_plays(rules, hands[s], led_suit(cards), first,
                            state.broken)
        base = raw_points(rules, state.taken[s])
        alive = alive_mask(hands, cards)
        held = alive_mask(hands, ())
        h = hands[s]
        self._load(hands)
        self._plant(state.leader, cards, held)
        out: dict[int, int] = {}
        self._me = s
        guess = _INF    # none yet: see _mtd
        # The search allocates only tuples and lists of ints, which cannot form
        # cycles: the collector's passes over the growing tables (a tenth of
        # the time, measured) find nothing, so it is paused while it runs.
        collecting = gc.isenabled()
        gc.disable()
        self._arm()
        try:
            for cls, low, _high in self._classes(legal, alive):
                self._set(s, h & ~(1 << low))
                cards.append(low)
                if self.model == SELFISH:
                    v = packed_points(self._mx_root(state.leader, first, state.broken, moon,
                                                    cards, held & ~(1 << low)), s, self.vbits)
                else:
                    v = self._mtd(state.leader, first, state.broken, moon, cards, guess,
                                  held & ~(1 << low))
                    guess = v
                cards.pop()
                self._set(s, h)
                for c in iter_bits(cls):
                    out[c] = base + v
        finally:
            if collecting:
                gc.enable()
        self._trim()
        return out

    def play_out(self, state: GameState) -> list[int]:
        """Every seat's final points for the deal (the moon rule applied)
        when everyone plays on from *state* in the selfish model, each
        indifferent seat taking the first of its best cards in this solver's
        tie order: the exact tail of the analysis's play-outs.  A finished
        deal gives its points.  *state* must have every hand known."""
        if self.model != SELFISH:
            raise ValueError("play_out is the selfish model's: every seat's points")
        if not all(state.known):
            raise ValueError("every hand must be known")
        rules = self.rules
        moon = moon_state(rules, state.taken)
        if state.is_over:
            rest: Vector = self.term[moon + 2]
        else:
            code = 0
            collecting = gc.isenabled()
            gc.disable()    # as in card_values: the search makes no cycles
            self._arm()
            self._load(state.hands)
            self._plant(state.leader, state.trick, alive_mask(state.hands, ()))
            try:
                code = self._mx_root(state.leader, state.tricks_done == 0, state.broken, moon,
                                     state.trick, alive_mask(state.hands, ()))
            finally:
                if collecting:
                    gc.enable()
            self._trim()
            rest = tuple(packed_points(code, i, self.vbits) for i in range(self.n))
        return [raw_points(rules, state.taken[i]) + rest[i] for i in range(self.n)]

    def ordered_classes(self, legal: int, alive: int, trick: Sequence[int] = ()) -> list[int]:
        """The *legal* cards as groups of equivalent cards (masks), in the
        order this solver tries them (the natural order, or its reverse):
        the order that breaks ties, which the analysis keeps for its
        candidates.  *alive* is every card not yet gathered in a finished
        trick, *trick* the cards on the table from the leader on."""
        classes = self._classes(legal, alive)
        led = -1
        win = -1
        if trick:
            tm = 0
            for c in trick:
                tm |= 1 << c
            suit = led_suit(trick)      # the rule's own answer
            led = -1 if suit is None else suit
            win = winning_card(trick[0], tm)
        group: dict[int, int] = {}
        for cls, low, high in classes:
            group[low] = cls
            group[high] = cls
        return [group[c] for c in self._order(classes, alive, led, win)]

    def _arm(self) -> None:
        """Set the next checkpoint from :attr:`node_limit`, :attr:`progress`
        and the signals' poll (each entry to a search: callers change them)."""
        at = self.node_limit
        if self.progress is not None and self.nodes + self.progress_every < at:
            at = self.nodes + self.progress_every
        self._tell_at = at
        if self.nodes + BREATHE_EVERY < at:
            at = self.nodes + BREATHE_EVERY
        self._check_at = at

    def _checkpoint(self) -> None:
        """Past the node limit, stop; else tell the progress when it is due,
        and let a pending signal in (:mod:`.breathe`: a Ctrl-C stops the
        compiled search within a tenth of a second instead of at its end)."""
        if self.nodes > self.node_limit:
            raise SearchLimit(f"more than {self.node_limit} nodes")
        if self.progress is not None and self.nodes > self._tell_at:
            self.progress(self.nodes)
        breathe()
        self._arm()

    def _trim(self) -> None:
        if len(self._tt_vec) > self.TT_LIMIT:
            self._tt_vec.clear()
        if len(self._tt_part) > self.TT_LIMIT:
            self._tt_part.clear()
        if len(self._reps) > self.TT_LIMIT:
            self._reps.clear()

    # -- groups of equivalent cards, and the order they are tried in ------------------

    def _classes(self, legal: int, alive: int) -> list[tuple[int, int, int]]:
        """(group mask, lowest card, highest card) of each group of
        equivalent *legal* cards; *alive* is every card not yet gathered."""
        return legal_classes(legal, alive, bool(self.jd_value), self._reps)

    def _order(self, classes: list[tuple[int, int, int]], alive: int, led: int,
               win: int) -> list[int]:
        """One card per group, in the natural order (reversed with
        ``reverse_ties``): see the module docstring.  *led* is the suit led
        and *win* the card winning the trick (-1, -1 for a lead)."""
        if len(classes) == 1:
            return [classes[0][1]]
        keyed: list[tuple[int, int]] = []
        if led < 0:
            for _cls, low, high in classes:
                c = high if self.reverse_ties else low
                keyed.append((order_key(c, alive, -1, -1), c))
        else:
            for _cls, low, high in classes:
                # the member of the group that comes first in the order searched
                first_low = low // 13 == led and low > win
                c = low if first_low != self.reverse_ties else high
                keyed.append((order_key(c, alive, led, win), c))
        keyed.sort(reverse=self.reverse_ties)
        return [c for _, c in keyed]

    def _ordered(self, legal: i64, alive: i64, led: i64, win: i64) -> list[int]:
        """:meth:`_order` of the groups of *legal*: one card per group.
        Following suit, :meth:`_follow_order`.  Leading or discarding, each
        group read off its suit's bits as :meth:`_follow_order` reads them,
        and its place in the order a bit of a machine word: the natural
        order sorts by the relative rank (below 13) and the suit, so a key
        ``rel * 4 + suit`` is below 52 and no two groups share one; the
        keys' bits read from the lowest up give the order, and within a suit
        the keys rise with the rank, so each bit's card is the next of its
        suit's chosen cards.  Compiled, this replaced a list of boxed sort
        keys sorted by CPython (16% of the selfish instructions, fifteenth
        round's callgrind); the cards, below 52, are CPython's cached small
        ints, so the list returned boxes nothing (decisions.md, "hearts
        solve", eighteenth round).  Before that they were cached, each
        suit's groups on that suit's legal and live cards, in a dict grown
        to tens of thousands of entries a deal: computed, it costs less
        than the lookups (issue 24).  Its ints are machine words from the
        call (the caller unboxes them once; tagged, every shift and mask
        inside was a checked operation: selfish26, −2.5% instructions).
        Tested against :meth:`_order` (tests/test_annotate_speed_order.py)."""
        if led >= 0 and legal & _SUIT_MASK[led]:
            return self._follow_order(legal, alive, led, win)
        discard = led >= 0
        rev = self.reverse_ties
        jd = self.jd_value
        # leading: *keys* the cards but the penalty ones, *pens* the hearts
        # and Q♠ (after them); discarding: Q♠ first, then the hearts from the
        # highest, then *keys* (from the highest relative rank: 12 - rel)
        keys: i64 = 0
        pens: i64 = 0
        qs = False
        # each suit's chosen cards (discarding: rank r at bit 12 - r, so
        # that the lowest bit is the highest card, the one the keys want)
        ch0: i64 = 0
        ch1: i64 = 0
        ch2: i64 = 0
        ch3: i64 = 0
        groups = 0
        for suit in range(4):
            sh = 13 * suit
            lm: i64 = (legal >> sh) & _SUIT
            if not lm:
                continue
            am: i64 = (alive >> sh) & _SUIT
            others: i64 = am & ~lm
            special: i64 = -1
            if suit == 3:
                special = _QS - 39
            elif suit == 1 and jd:
                special = _JD - 13
            ch: i64 = 0
            # the groups from the lowest card up (the same runs as from the
            # highest down), each bit's rank its bit_count below it
            m: i64 = lm
            while m:
                b: i64 = m & -m
                lo: i64 = _SUIT_POP[b - 1]
                hi: i64 = _run_top(m ^ b, lo, special, others)
                m &= ~((i64(2) << hi) - 1)
                groups += 1
                # 1 as a machine word the C compiler sees: mypyc writes
                # ``i64(1) << k`` (and a local ``one: i64 = 1``, folded) as
                # C's ``1 << k``, a 32-bit int, wrong past bit 31
                one: i64 = b >> lo
                if suit == 3 and lo == special:     # Q♠, a group of its own
                    qs = True
                    if not discard:
                        below: i64 = _SUIT_POP[am & ((i64(1) << lo) - 1)]
                        pens |= one << (below * 4 + 3)
                    continue
                r: i64 = lo if rev == discard else hi
                rel: i64 = _SUIT_POP[am & ((i64(1) << r) - 1)]
                if discard:
                    ch |= i64(1) << (12 - r)
                    if suit != 2:
                        keys |= one << ((12 - rel) * 4 + suit)
                else:
                    ch |= i64(1) << r
                    if suit == 2:
                        pens |= one << (rel * 4 + 2)
                    else:
                        keys |= one << (rel * 4 + suit)
            if suit == 0:
                ch0 = ch
            elif suit == 1:
                ch1 = ch
            elif suit == 2:
                ch2 = ch
            else:
                ch3 = ch
        if groups == 1:
            return [int(bit_count((legal & -legal) - 1))]
        out: list[int] = []
        if discard:
            if qs:
                out.append(_QS)
            while ch2:
                b = ch2 & -ch2
                out.append(38 - _SUIT_POP[b - 1])
                ch2 ^= b
        km: i64 = keys
        rest: i64 = pens
        if not km:
            km = rest
            rest = 0
        while km:
            b = km & -km
            km ^= b
            if b & _KEY_SUIT0:
                x: i64 = ch0 & -ch0
                ch0 ^= x
                base: i64 = 0
            elif b & _KEY_SUIT1:
                x = ch1 & -ch1
                ch1 ^= x
                base = 13
            elif b & _KEY_SUIT2:
                x = ch2 & -ch2
                ch2 ^= x
                base = 26
            elif ch3:
                x = ch3 & -ch3
                ch3 ^= x
                base = 39
            else:
                # a spade's key with no spade chosen left: leading, Q♠'s
                # in *pens* (the other spades' keys came before it)
                x = 0
                base = _QS
            if x:
                p: i64 = _SUIT_POP[x - 1]
                out.append(int(base + (12 - p if discard else p)))
            else:
                out.append(int(base))
            if not km:
                km = rest
                rest = 0
        if rev:
            out.reverse()
        return out

    def _follow_order(self, legal: i64, alive: i64, led: i64, win: i64) -> list[int]:
        """:meth:`_order` of the groups of *legal* (cards of the suit *led*,
        following it; *win* the card winning the trick, of that suit), read
        off the suit's bits: the groups are :func:`suit_classes`' (runs of
        the legal cards with no other live card between them, Q♠ and a
        scoring J♦ alone; the winning card, live and not held, ends a run),
        under the winning card from the highest down, each by its highest
        card, then above it from the lowest up, each by its lowest (reversed
        ties: the reverse, each group by its other end); one group, by its
        lowest card.  It was cached on the legal cards, the live ones and the
        winning card, a dict grown to tens of thousands of entries a deal;
        computed, it costs less than the lookup (issue 24).  Tested against
        :meth:`_order` (tests/test_annotate_speed_order.py)."""
        sh = 13 * led
        lm: i64 = (legal >> sh) & _SUIT
        others: i64 = (alive >> sh) & _SUIT & ~lm      # the live cards not held: they separate
        w: i64 = win - sh
        special: i64 = -1
        if led == 3:
            special = _QS - 39
        elif led == 1 and self.jd_value:
            special = _JD - 13
        rev = self.reverse_ties
        # the chosen cards as bits: *first* those tried first, ranks
        # reversed (bit 12 - r) so that the lowest bit is the highest card,
        # *second* those after, from the lowest up.  Natural order: under
        # the winning card from the highest down, then above it from the
        # lowest up; reversed ties: the reverse.  Two masks instead of two
        # lists of boxed ints reversed and joined (eighteenth round).
        first: i64 = 0
        second: i64 = 0
        # the groups from the lowest card up, as in _ordered
        m: i64 = lm
        groups = 0
        lowest: i64 = 0
        while m:
            b: i64 = m & -m
            lo: i64 = _SUIT_POP[b - 1]
            hi: i64 = _run_top(m ^ b, lo, special, others)
            m &= ~((i64(2) << hi) - 1)
            groups += 1
            if groups == 1:
                lowest = lo
            # each group by its highest card in *first*, its lowest in
            # *second* (the end that comes first either way)
            if (hi < w) != rev:
                first |= i64(1) << (12 - hi)
            else:
                second |= i64(1) << lo
        if groups == 1:
            return [sh + int(lowest)]
        out: list[int] = []
        while first:
            b = first & -first
            out.append(sh + 12 - _SUIT_POP[b - 1])
            first ^= b
        while second:
            b = second & -second
            out.append(sh + _SUIT_POP[b - 1])
            second ^= b
        return out

    # -- bounds ------------------------------------------------------------------

    def _bounds(self, seat: int, moon: int, alive: int) -> tuple[int, int]:
        """The fewest and the most points *seat* can still get (the moon
        rule included) with the cards *alive*, moon state *moon*."""
        rem = self._points(alive & self.pen)
        jd = self.jd_value if alive & _JD_BIT else 0
        jneg = jd if jd < 0 else 0
        jpos = jd if jd > 0 else 0
        if moon == MOON_SPLIT:
            return jneg, rem + jpos
        if not rem:     # every penalty card gathered: the moon is settled
            adj = self.term[moon + 2][seat]
            return jneg + adj, jpos + adj
        lo = jneg
        hi = rem + jpos
        if (moon == MOON_OPEN or moon == seat) and self.sure_ok:
            # Every penalty card left to a seat that alone can shoot is its
            # moon (scored by the term below), so short of that one at
            # least goes to another seat: the cheapest alive (a heart, or
            # Q♠ if cheaper) comes off (twenty-seventh round; the top test
            # at 25/26 kept searching every line where the analysed seat
            # had taken a point, for the 26 only its moon gives).
            least = self.heart_pts if alive & _SUIT_MASK[HEARTS] & self.pen else _INF
            if alive & _QS_BIT & self.pen and self.qs_pts < least:
                least = self.qs_pts
            if 0 < least < _INF:
                hi -= least
        for k in range(self.n):
            if moon != MOON_OPEN and moon != k:
                continue
            adj = self.term[k + 2][seat]
            if k == seat:
                lo = min(lo, rem + jneg + adj)
                hi = max(hi, rem + jpos + adj)
            else:
                lo = min(lo, jneg + adj)
                hi = max(hi, jpos + adj)
        return lo, hi

    def _forced(self, leader: i64, pos: i64, led: i64, skip: i64 = -1) -> int:
        """The fewest penalty points the seat at *pos* and those after it
        (but the one at *skip*) must play to a trick of suit *led* (each of
        them holds it or plays anything): a heart each when hearts are led,
        Q♠ from a seat whose only spade it is.  What a seat that surely
        takes the trick surely takes on top of the cards on the table
        (:meth:`_mx`'s floor, and with *pos* one past the mover the
        sure-winner prunes of both models: a card that surely wins is
        skipped when that alone is no better than the best so far), and
        what the analysed seat surely does not get when it surely loses the
        trick (:meth:`_trick_bounds`).  Machine words (selfish33: its
        loop was tagged arithmetic, and each suit's mask a tuple item
        unboxed from a many-digit int); the suit's cards read by a shift
        down, not a mask shifted up (mypyc would shift a 32-bit C int)."""
        n: i64 = self.n
        sh: i64 = 13 * led
        pts = 0
        for i in range(pos, n):
            if i == skip:
                continue
            j: i64 = leader + i
            x: i64 = (self._hand(j - n if j >= n else j) >> sh) & _SUIT
            if x:
                if led == HEARTS:
                    pts += self.heart_pts
                elif x << sh == _QS_BIT:
                    pts += self.qs_pts
        return pts

    def _points(self, m: i64) -> int:
        """:func:`~hearts_notation.state.raw_points` of the cards *m*, from
        what each scoring card is worth (read off it once per solver).
        *m* a machine word and the hearts counted from :data:`_SUIT_POP`
        (compiled, inline: the tuple's item was an int object unboxed, and
        each shift and mask a tagged operation; selfish32)."""
        p = _SUIT_POP[(m >> 26) & _SUIT] * self.heart_pts
        if m & _QS_BIT:
            p += self.qs_pts
        if m & _JD_BIT:
            p += self.jd_value
        return p

    def _later(self, leader: i64, pos: i64) -> i64:
        """The cards of the seats still to play in the trick after the one
        at *pos* (what the sure-winner prune asks: can anyone still beat
        this card?).  A machine word (compiled, its ORs untagged;
        selfish32), its seats too (selfish33: the loop's tagged adds and
        comparisons)."""
        n: i64 = self.n
        later: i64 = 0
        for i in range(pos + 1, n):
            j: i64 = leader + i
            later |= self._hand(j - n if j >= n else j)
        return later

    # -- a node's prologue (both models) -------------------------------------------

    def _enter(self, leader: int, first: bool, broken: bool, pos: int,
               win: int) -> tuple[int, int, int, i64]:
        """Count a node (stopping past the node limit) and read its trick
        from its place *pos* and its winning card *win* (-1 before the
        lead): (seat to move, the suit led or -1, the mover's legal cards,
        the mover's hand: read once here, where each caller read it again
        through :meth:`_hand`, a call compiled code does not inline;
        selfish32).
        The one prologue of :meth:`_mx` and :meth:`_ab` (compiled, the tuple
        of ints is returned unboxed).  The selfish search carries the
        trick's cards as words (:meth:`_mx`), the paranoid one as a list
        its bounds read (selfish27: each finds *win* its own way)."""
        self.nodes += 1
        if self.nodes > self._check_at:
            self._checkpoint()
        n = self.n
        s = leader + pos
        if s >= n:
            s -= n
        # the suit led is the winning card's (no trumps): read off it
        # rather than asked of led_suit, whose Sequence argument and
        # optional result cost compiled code a boxing each node
        led = win // 13 if pos else -1
        h = self._hand(s)
        legal = legal_plays_led(self.rules, h, led, first, broken)
        return s, led, legal, h

    # -- selfish: max^n ----------------------------------------------------------

    def _mx_root(self, leader: int, first: bool, broken: bool, moon: int,
                 cards: Sequence[int], held: int) -> int:
        """:meth:`_mx` for the trick *cards* (led by *leader*) as a list:
        its words read off it once."""
        tm = 0
        for x in cards:
            tm |= 1 << x
        if not cards:
            return self._mx(leader, first, broken, moon, held, 0, 0, -1, -1, -1)
        win = winning_card(cards[0], tm)
        wseat = leader + _place(list(cards), win)
        if wseat >= self.n:
            wseat -= self.n
        return self._mx(leader, first, broken, moon, held, len(cards), tm, cards[0], win, wseat)

    def _mx_play(self, leader: i64, first: bool, broken: bool, moon: i64, held: i64,
                 pos: i64, tm: i64, lead: i64, win: i64, wseat: i64, s: i64, c: i64) -> int:
        """:meth:`_mx` after seat *s* (at *pos*) plays *c*: the trick's
        words moved on (the cards, the card led, the winning card and its
        seat, as the rule's :func:`winning_card` says).  Machine words
        (selfish33), the card's bit from :attr:`_one` (a 64-bit 1 the C
        compiler cannot fold into its 32-bit ``1``, see :meth:`_ordered`)."""
        b: i64 = self._one << c
        if not pos:
            return self._mx(leader, first, broken, moon, held & ~b, 1, b, c, c, s)
        ntm: i64 = tm | b
        nwin: i64 = winning_card(lead, ntm)
        return self._mx(leader, first, broken, moon, held & ~b, pos + 1, ntm, lead, nwin,
                        s if nwin == c else wseat)

    def _mx(self, leader: i64, first: bool, broken: bool, moon: i64, held: i64,
            pos: i64, tm: i64, lead: i64, win: i64, wseat: i64) -> int:
        """Points still to come, per seat, from the trick in progress,
        packed (:func:`pack_points`: compiled, an unboxed int where a tuple
        of boxed ints was built at each trick's end; selfish23).
        *held* is every card in the hands, kept as the cards are played
        (compiled, reading the hands from the list to find it unboxed a
        52-bit int per seat at every node; eighteenth round).  The trick in
        progress is words, not a list (selfish27: a list appended, popped
        and read at every node): *pos* cards on the table, *tm* their mask,
        *lead* the card led, *win* the card winning it and *wseat* its
        seat (-1 each before the lead).  Its words and the mover's are
        machine words (``i64``; selfish33): tagged, every shift, mask and
        comparison of them was a checked operation, and every card read
        from the order or a per-card list a call to unbox it.  The packed
        vectors stay ints (past ``2 ** 62`` with a J♦ worth thousands)."""
        n: i64 = self.n
        if pos == n:
            return self._mx_end(leader, broken, moon, held, tm, lead, win, wseat)
        s_, led_, legal_, h = self._enter(leader, first, broken, pos, win)
        s: i64 = s_
        led: i64 = led_
        legal: i64 = legal_
        if not legal & (legal - 1):
            self._set(s, h & ~legal)
            v = self._mx_play(leader, first, broken, moon, held, pos, tm, lead, win, wseat, s,
                              legal_.bit_length() - 1)
            self._set(s, h)
            return v
        alive: i64 = tm | held
        if not alive & self.scoring:
            return self.term_code[moon + 2]
        order = self._ordered(legal, alive, led, win)
        one: i64 = self._one
        if len(order) == 1:
            # one group of equivalent cards: its card is the choice (no bound
            # or prune applies to the first card searched)
            c: i64 = order[0]
            self._set(s, h & ~(one << c))
            v = self._mx_play(leader, first, broken, moon, held, pos, tm, lead, win, wseat, s, c)
            self._set(s, h)
            return v
        jlow = self.jlow if alive & _JD_BIT else 0
        lb = jlow if moon == MOON_SPLIT else self._bounds(s, moon, alive)[0]
        closed = moon != MOON_OPEN and moon != s
        if moon == s and lb < jlow and self._moon_lost(s, leader, first, pos, led, win, tm,
                                                       legal, alive):
            # s's moon cannot happen from here (selfish31): its floor is
            # the split's, and its moon is as closed as another seat's
            lb = jlow
            closed = True
        later: i64 = -1
        floor = 0
        if closed:
            # the sure-winner prune: the moon is closed to s
            later = self._later(leader, pos)
            taken = self._points(tm & self.pen) if tm & self.pen else 0
            floor = jlow + taken
            if self.sure_ok and led >= 0 and not legal & ~_SUIT_MASK[led]:
                low: i64 = int(legal & -legal).bit_length() - 1
                if low > win and not later & self.above[low]:
                    # every card s may play takes the trick: its points
                    # (those on the table, s's own, the later seats' forced
                    # ones) are surely s's, and penalty points close the
                    # moon to s, so they are a floor under the moon rule too
                    sure = taken + self._forced(leader, pos, led)
                    if sure > 0 and jlow + sure > lb:
                        lb = jlow + sure
        above = self.above
        card_pen = self.card_pen
        sure_ok = self.sure_ok
        best = 0
        best_own = _INF
        # the mover's field, its shift, mask and offset read once a node
        # rather than worked out again for every child (packed_points)
        sh = self.vbits * s
        vmask = self.vmask
        voff = self.voff
        for e in order:
            c = e
            if (later >= 0 and best_own < _INF and not later & above[c]
                    and (led < 0 or (c // 13 == led and c > win))
                    and floor + card_pen[c] + (self._forced(leader, pos + 1, c // 13) if sure_ok else 0)
                    >= best_own):
                # c surely takes the trick and its points (those on the table,
                # its own, and what the later seats must play to it: a heart
                # each on a heart lead, a lone Q♠; twenty-fourth round): no
                # better than the best so far (the moon closed to s), and ties
                # keep the first
                continue
            self._set(s, h & ~(one << c))
            v = self._mx_play(leader, first, broken, moon, held, pos, tm, lead, win, wseat, s, c)
            own = field_points(v, sh, vmask, voff)
            if own < best_own:
                best, best_own = v, own
                if best_own <= lb:
                    break   # nothing does better for s; ties keep the first
        self._set(s, h)
        return best

    def _moon_lost(self, s: int, leader: int, first: bool, pos: int, led: int, win: int,
                   tm: int, legal: int, alive: int) -> bool:
        """Whether the moon of *s*, the seat to move and the only one holding
        penalty points (moon state *s*), surely does not happen in the
        selfish model from this node (*pos* cards *tm* on the table, the
        suit *led* and the card *win* winning, -1 each before the lead; *s*'s
        *legal* cards, the cards *alive*): then *s* ends with no moon, so the
        points it still gets are at least the split's floor (a scoring J♦'s
        worth when negative), not its moon's (about 26 lower), and a card
        that reaches that floor ends the choice (:meth:`_mx`; selfish31).

        Two reasons, each sound (the penalty cards worth no less than 0,
        :attr:`sure_ok`):

        * Whatever anyone plays: *s*, following, cannot win the trick in
          progress (no legal card of the suit led above the card winning)
          and the trick holds a penalty card (on the table, or each card
          *s* may play is one).  Another seat takes a penalty card.
        * In the selfish model: another seat *k* holds a heart *p* above
          every heart *s* holds, *s* holds a heart, hearts are penalty
          cards, the first trick is over, and *k* strictly prefers every
          end without *s*'s moon to every end with it (the penalty points
          alive plus a positive J♦ below what *s*'s moon adds to *k* plus a
          negative J♦).  *k* has a way to stop the moon whatever the others
          play: keep *p* (discard or lead other cards; leading a heart, lead
          *p*) until the first trick led with a heart, then play it.  *s*
          must take its own heart: a heart discarded goes to a seat that
          followed suit, and in that first trick of hearts *s* plays a heart
          under *p* (it holds one until then, or it discarded one), so the
          trick and its hearts go to another seat.  When the trick in
          progress is of hearts, *k* is a seat still to play after *s*.
          More generally (:func:`_outranked`, the paranoid search's rule
          with *k* the seat keeping the moon out): *s*'s hearts cannot cover
          *k*'s highest ones, one by one, at the next trick's start, which
          they are when *s* leads, or the trick in progress is of another
          suit and *k* has played to it or holds a card other than a heart
          (so plays no heart to it; *s* discarding a heart breaks its moon).
          Then, by induction over the tree below: from a position where
          *k*'s way still holds, the selfish outcome is never the moon; at
          *k*'s turn its way's card leads to an end without the moon, worth
          less to *k* than any end with it, so the card *k* picks (the least
          for itself, ties to the first) does not lead to the moon either;
          at any other seat's turn every card keeps *k*'s way.  The tie
          order does not enter: the preference is strict.

        Only with the moon state *s* (with the moon open another seat's moon
        is still possible, worth 26 to *s*)."""
        if not self.sure_ok:
            return False
        pen = self.pen
        n = self.n
        if pos:
            if not legal & _SUIT_MASK[led] & self.above[win]:
                # s cannot win the trick: a penalty card in it goes elsewhere
                if tm & pen or not legal & ~pen:
                    return True
            if led == HEARTS:
                first_k = pos + 1   # the trick of hearts in progress: a seat after s
            else:
                first_k = 0
        else:
            first_k = 0
        if first or not self.hearts_pen or self.heart_pts <= 0:
            return False
        mine = self._hand(s) & _SUIT_MASK[HEARTS]
        if not mine:
            return False
        over = self.above[int(mine).bit_length() - 1]
        theirs = (mine >> 26) & _SUIT
        rem = self._points(alive & pen)
        jd = self.jd_value if alive & _JD_BIT else 0
        jneg = jd if jd < 0 else 0
        jpos = jd if jd > 0 else 0
        adj = self.term[s + 2]
        for i in range(first_k, n):
            k = leader + i
            if k >= n:
                k -= n
            if k == s or rem + jpos >= adj[k] + jneg:
                continue
            hk = self._hand(k)
            if hk & over:
                return True
            if (first_k == 0 and (not pos or i < pos or hk & ~_SUIT_MASK[HEARTS])
                    and _outranked((hk >> 26) & _SUIT, theirs)):
                # k's hearts and s's as they will be at the next trick's
                # start (k has played, or can play a card other than a heart)
                return True
        return False

    def _mx_end(self, leader: i64, broken: bool, moon: i64, held: i64,
                mask: i64, lead: i64, w: i64, winner: i64) -> int:
        """A trick's end (its cards *mask*, led with *lead*, taken with *w*
        by *winner*): its points to the winner, and the rest of the deal
        from the table or searched.  Machine words as :meth:`_mx`'s
        (selfish33); the points and the packed vector ints."""
        if not broken and mask & self.breaks[lead]:
            broken = True
        pts = 0
        if mask & self.scoring:
            pts = self._points(mask)
            moon = next_moon_state(moon, winner, mask & self.pen)
        rem = held
        hw = self._hand(winner)
        # one card left in every hand (at a trick's end they all hold as many)
        last = not hw & (hw - 1)
        child: int
        if not rem & self.scoring:
            child = self.term_code[moon + 2]
        elif last:
            child = self._mx_last(winner, moon)
        elif sweeps(hw, rem):
            child = self._swept(winner, moon, rem)
        else:
            # the trick's planes, given back once the next trick's are done with
            k0 = self._k0
            k1 = self._k1
            k2 = self._k2
            # the key boxed once for the probe and the store (compiled, an
            # int key was made an object for each: two allocations a miss;
            # selfish29)
            key: object = self._key(rem, mask, winner, broken, moon)
            got = self._tt_vec.get(key)
            if got is None:
                two = hw & (hw - 1)
                if not two & (two - 1):
                    # two cards in every hand: the last two tricks without nodes
                    child = self._mx_two(winner, broken, moon, rem)
                else:
                    child = self._mx(winner, False, broken, moon, rem, 0, 0, -1, -1, -1)
                self._tt_vec[key] = child
            else:
                child = got
            self._k0 = k0
            self._k1 = k1
            self._k2 = k2
        if pts:
            wsh: int = self.vbits * winner
            return child + (pts << wsh)
        return child

    def _swept(self, leader: int, moon: int, rem: int) -> int:
        """Points still to come, per seat (packed), when *leader* takes every
        trick left (:func:`sweeps`): every scoring card left, the moon rule
        applied."""
        out = self.term_code[next_moon_state(moon, leader, rem & self.pen) + 2]
        return out + (self._points(rem & self.scoring) << (self.vbits * leader))

    def _mx_last(self, leader: int, moon: int) -> int:
        """The last trick: every card forced (one left in each hand).  What
        :meth:`_mx_end` gives for it (packed), without a node or a copy of
        the hands."""
        mask, winner = self._last_trick(leader)
        if not mask & self.scoring:
            return self.term_code[moon + 2]
        out = self.term_code[next_moon_state(moon, winner, mask & self.pen) + 2]
        return out + (self._points(mask) << (self.vbits * winner))

    def _last_trick(self, leader: int) -> tuple[int, int]:
        """(the cards, the seat that takes it) of the last trick, every hand
        holding one card, *leader* to lead."""
        lead = int(self._hand(leader)).bit_length() - 1
        mask = 0
        for i in range(self.n):
            mask |= self._hand(i)
        w = winning_card(lead, mask)
        return mask, self._holder(1 << w)

    def _mx_two(self, leader: int, broken: bool, moon: int, held: int) -> int:
        """The last two tricks (two cards in every hand, *leader* to lead,
        *held* every card in the hands): what :meth:`_mx` gives for them,
        found by :meth:`_two_step` without a node's bookkeeping or a list of
        the cards tried (selfish19: a table miss there cost 5.6 nodes).
        Each line's end is its packed vector (:meth:`_two_leaf`; selfish19's
        own outcome code, 7 bits a trick's points, read wrong past 63
        points: a J♦ worth more).  It counts as one node: its search is
        bounded (two cards a seat), so the node limit still bounds the
        whole."""
        self.nodes += 1
        if self.nodes > self._check_at:
            self._checkpoint()
        return self._two_step(leader, 0, broken, moon, held, 0, -1, -1)

    def _two_step(self, leader: int, pos: int, broken: bool, moon: int, held: int,
                  tm: i64, lead: int, wseat: int) -> int:
        """The outcome (packed vector) of the first of the last two tricks from the seat
        at *pos* on (*tm* the cards on the table, *lead* the card led,
        *wseat* the seat winning so far), each seat playing the legal card
        best for it, ties to the first in this solver's order
        (:func:`order_key`, as :meth:`_ordered` reads it), tried in that
        order.  Both cards of a choice are searched unless the first reaches
        the seat's fewest points (:meth:`_mx`'s floor; its sure-winner prune
        only skips cards that cannot do better), and two equivalent cards
        give the same outcome, so the choice is :meth:`_mx`'s.  (Measured:
        the lower card first with the floor tested only with the moon split,
        and the order read only where it decides, cost 1.3% more of the
        selfish instructions at 7 tricks left.)"""
        n = self.n
        if pos == n:
            return self._two_leaf(tm, wseat, moon, held)
        s = leader + pos
        if s >= n:
            s -= n
        h = self._hand(s)
        led = lead // 13 if pos else -1
        legal: i64 = legal_plays_led(self.rules, h, led, False, broken)
        x = int(legal & -legal).bit_length() - 1
        if not legal & (legal - 1):
            return self._two_next(leader, pos, broken, moon, held, tm, lead, wseat, s, x)
        y = int(legal).bit_length() - 1
        win = winning_card(lead, tm) if pos else -1
        if (order_key(x, held, led, win) > order_key(y, held, led, win)) != self.reverse_ties:
            x, y = y, x     # x first in the order searched
        vx = self._two_next(leader, pos, broken, moon, held, tm, lead, wseat, s, x)
        ox = packed_points(vx, s, self.vbits)
        lb = self.jlow if held & _JD_BIT else 0
        if moon != MOON_SPLIT:
            lb = self._bounds(s, moon, held)[0]
        if ox <= lb:
            return vx   # nothing does better for s; ties keep the first
        vy = self._two_next(leader, pos, broken, moon, held, tm, lead, wseat, s, y)
        return vy if packed_points(vy, s, self.vbits) < ox else vx

    def _two_next(self, leader: int, pos: int, broken: bool, moon: int, held: int,
                  tm: i64, lead: int, wseat: int, s: int, c: int) -> int:
        """:meth:`_two_step` after seat *s* (at *pos*) plays *c*."""
        ntm: i64 = tm | i64(1 << c)     # (not ``i64(1) << c``: C's 32-bit 1, see _ordered)
        if not pos:
            return self._two_step(leader, 1, broken, moon, held, ntm, c, s)
        if winning_card(lead, ntm) == c:
            wseat = s
        return self._two_step(leader, pos + 1, broken, moon, held, ntm, lead, wseat)

    def _two_leaf(self, tm: i64, w1: int, moon: int, held: int) -> int:
        """The outcome of the last two tricks once the first is on the table
        (*tm*, taken by *w1*): the last trick forced, as :meth:`_mx_end` and
        :meth:`_mx_last` score them, packed (:func:`pack_points`)."""
        p1 = 0
        if tm & self.scoring:
            p1 = self._points(tm)
            moon = next_moon_state(moon, w1, tm & self.pen)
        rest = held & ~tm
        w2 = 0
        p2 = 0
        if rest & self.scoring:
            lead = int(self._hand(w1) & ~tm).bit_length() - 1
            w2 = self._holder(1 << winning_card(lead, rest))
            p2 = self._points(rest)
            moon = next_moon_state(moon, w2, rest & self.pen)
        vb = self.vbits
        return self.term_code[moon + 2] + (p1 << (vb * w1)) + (p2 << (vb * w2))

    # -- paranoid: alpha-beta ------------------------------------------------------

    def _mtd(self, leader: int, first: bool, broken: bool, moon: int,
             cards: list[int], guess: int, held: int) -> int:
        """The exact paranoid value by null-window searches (MTD(f)): each
        asks whether the value is below a bound, and the table's bounds
        carry what one search learnt to the next.

        While nobody has taken a point (the moon open), the first search
        asks at the top: does the value reach the most the analysed seat
        can get, an opponent's moon?  With every hand seen, three seats
        colluding can often hand one of them every point, and climbing to
        that from below took one search a point (whole deal 1 of
        bench_solve.py: 6,540,728 nodes climbing, 224,749 asking the top
        first).  When the answer is no, the search's bound (fail-soft: at
        most the top less one) is where the next search starts, stepping
        down for the first card as for the others (whose guess is the
        card before's value): from the opening lead the values mostly sit
        at the top (24 to 26 in 7 of the 8 solved deals of bench_solve.py),
        and the climb from 0 took one search a point (deal 12: 26 searches,
        2,919,835 of its 5,049,663 nodes); a search costs about as much on
        either side of the value, so the distance decides (deal 3, value
        10, is solved climbing and not stepping down; decisions.md, "hearts
        solve", twentieth round).
        Only with the moon open: later (another seat alone with points) the
        top test cost more than it saved (+2% nodes at 7 tricks left, +8% at
        8; decisions.md, "hearts solve", eleventh round), and the first
        card's climb starts from 0."""
        lower = -_INF
        upper = _INF
        g = guess
        if moon == MOON_OPEN:
            alive = held
            for c in cards:
                alive |= 1 << c
            top = self._bounds(self._me, moon, alive)[1]
            v = self._ab(leader, first, broken, moon, cards, top - 1, top, held)
            if v >= top:
                return top     # no more than the most it can get: exactly that
            upper = v
            if g > upper:
                g = upper
        if g >= _INF:
            g = 0   # the first card, the moon closed: the climb from 0
        hist = self._hist
        while lower < upper:
            b = g + 1 if g == lower else g
            for i in range(52):     # the history of earlier searches counts half
                hist[i] >>= 1
            g = self._ab(leader, first, broken, moon, cards, b - 1, b, held)
            if g < b:
                upper = g
            else:
                lower = g
        return g

    def _ab(self, leader: int, first: bool, broken: bool, moon: int,
            cards: list[int], alpha: int, beta: int, held: int) -> int:
        """The analysed seat's points still to come from the trick in
        progress (fail-soft alpha-beta: exact inside the window (alpha,
        beta), else a bound on the side it failed)."""
        n = self.n
        pos = len(cards)
        if pos == n:
            return self._ab_end(leader, broken, moon, cards, alpha, beta, held)
        tm = 0
        win = -1
        if pos:
            for x in cards:
                tm |= 1 << x
            win = winning_card(cards[0], tm)    # the rule's own answer
        s, led, legal, h = self._enter(leader, first, broken, pos, win)
        if not legal & (legal - 1):
            self._set(s, h & ~legal)
            cards.append(legal.bit_length() - 1)
            v = self._ab(leader, first, broken, moon, cards, alpha, beta, held & ~legal)
            cards.pop()
            self._set(s, h)
            return v
        alive = tm | held
        me = self._me
        if not alive & self.scoring:
            return self.term[moon + 2][me]
        lo, hi = self._bounds(me, moon, alive)
        mark = 0
        if pos:
            lo, hi, mark = self._trick_bounds(leader, first, broken, moon, cards, tm, led,
                                              win, alive, legal, lo, hi)
        elif moon == MOON_SPLIT and hi > 0:
            if s == me:
                mark = self._leads_out(me, alive, legal)
            elif not first:
                mark = self._ducks_next(self._hand(me), alive, legal)
            if mark:
                # it can take nothing more: at most 0, and at least the
                # bounds' floor, which a scoring J♦ it may still win puts
                # below 0 (it was 0 here since the tenth round: a seat
                # able to duck every trick but also to win J♦ valued 0
                # more where the J♦ was worth -10)
                hi = 0
            elif s == me:
                gone, m2 = self._lead_lost(me, alive, legal)
                if hi - gone <= alpha:
                    hi -= gone
                    mark = m2
        if led == HEARTS and moon != MOON_SPLIT and moon != me and hi > alpha:
            hi, m2 = self._heart_trick(leader, moon, cards, win, alive, hi, alpha)
            mark |= m2
        if s == me and moon != MOON_SPLIT and moon != me and hi > alpha:
            hi, m2 = self._stops_moon(leader, moon, pos, tm, led, win, alive, legal, hi,
                                      alpha)
            mark |= m2
        if not pos and moon != MOON_SPLIT and moon != me and hi > alpha:
            hi, m2 = self._keeps_heart(moon, first, alive, hi, alpha)
            mark |= m2
        if lo >= beta:
            self._rel |= mark
            return lo
        if hi <= alpha:
            self._rel |= mark
            return hi
        order = self._ordered(legal, alive, led, win)
        if (s == moon and s != me and len(order) > 1
                and self._bounds(me, MOON_SPLIT, alive)[1] <= alpha):
            # only the moon of the seat alone with points (s) reaches the
            # window: it tries its highest cards first (it has to take every
            # trick with a penalty card; the tie rule's order ducks first).
            # Paranoid values have no tie to break, only the nodes change.
            order.reverse()
        elif (s == me and pos and moon >= 0 and moon != me and len(order) > 1
                and legal & _SUIT_MASK[led] and self._bounds(me, MOON_SPLIT, alive)[1] <= alpha):
            # the same window (only the moon of the seat alone with points
            # reaches it), the analysed seat following suit: it tries its
            # highest cards first too (the trick it takes, or takes from
            # the shooter, with a penalty card in it or to come, ends the
            # moon; the duck first left it to the shooter; twenty-seventh
            # round: the 7 whole deals solved −22% nodes)
            order.reverse()
        elif (s == me and pos and moon != MOON_SPLIT and moon != me and len(order) > 2
                and not legal & _SUIT_MASK[led] and self._two_hearts(legal)):
            # discarding with the moon open to the others: the highest heart
            # after the seat's other hearts (it is the one that keeps the
            # others' moon out, :meth:`_keeps_heart`; thrown first, the
            # search at 24/25 found the moon open again: whole deal 5, the
            # first 1,000,000 nodes, 211,036 under a first heart discard
            # before a second heart's cut; thirty-second round)
            k = 0
            while order[k] // 13 != HEARTS:
                k += 1
            j = k + 1
            while j < len(order) and order[j] // 13 == HEARTS:
                j += 1
            order.insert(j - 1, order.pop(k))
        elif s == me and not pos and len(order) > 1:
            _by_history(order, self._hist)
        outer = self._rel
        if len(order) == 1:
            # one group of equivalent cards: what the loops below give for it
            c = order[0]
            self._set(s, h & ~(1 << c))
            cards.append(c)
            self._rel = 0
            v = self._ab(leader, first, broken, moon, cards, alpha, beta, held & ~(1 << c))
            r = _closed(self._rel, c, h, alive)
            cards.pop()
            self._set(s, h)
            self._rel = outer | r | mark
            return v
        above = self.above
        card_pen = self.card_pen
        # Partition search: the cards every searched line relied on (*acc*),
        # and those of the line that gave the best (*brel*): a cut-off
        # (fail-low for the analysed seat, fail-high for the others) is
        # proved by that line alone.
        acc = 0
        brel = 0
        cut = False
        if s == me:
            later = -1
            floor = 0
            if moon != MOON_OPEN and moon != s:
                later = self._later(leader, pos)
                floor = ((self.jlow if alive & _JD_BIT else 0)
                         + (self._points(tm & self.pen) if tm & self.pen else 0))
            best = _INF
            sure_ok = self.sure_ok
            for e in order:
                c = e
                if (later >= 0 and best < _INF and not later & above[c]
                        and (led < 0 or (c // 13 == led and c > win))
                        and floor + card_pen[c] + (self._forced(leader, pos + 1, c // 13) if sure_ok else 0)
                        >= best):
                    # c surely takes the trick and what the later seats must
                    # play to it: no better (see _mx); the ranks that say so
                    # are relied on (the forced cards are read off what every
                    # entry fixes: each hand's suit lengths, Q♠'s holder)
                    acc |= _group(c, h, alive)
                    continue
                self._set(s, h & ~(1 << c))
                cards.append(c)
                self._rel = 0
                v = self._ab(leader, first, broken, moon, cards, alpha, beta,
                             held & ~(1 << c))
                r = _closed(self._rel, c, h, alive)
                acc |= r
                cards.pop()
                if v < best:
                    best = v
                    brel = r
                    if best <= alpha or best <= lo:
                        cut = True
                        if not pos:
                            # a lead that held: tried first at the analysed
                            # seat's next leads, the more the deeper it cut
                            self._hist[c] += 1 << (_POP13[h & _SUIT] + _POP13[(h >> 13) & _SUIT]
                                                   + _POP13[(h >> 26) & _SUIT] + _POP13[h >> 39])
                        break
                    if best < beta:
                        beta = best
        else:
            # The mirror of the floor: with no moon left, a card that surely
            # takes the trick for this opponent leaves the analysed seat at
            # most the penalty points not on the table; no better for the
            # opponents than the best so far, it is not searched.
            later = -1
            ceiling = 0
            if moon == MOON_SPLIT:
                later = self._later(leader, pos)
                ceiling = self._points(alive & self.pen & ~tm)
                if alive & _JD_BIT and not tm & _JD_BIT and self.jd_value > 0:
                    ceiling += self.jd_value
            best = -_INF
            sure_ok = self.sure_ok
            for e in order:
                c = e
                if (later >= 0 and best > -_INF and not later & above[c]
                        and (led < 0 or (c // 13 == led and c > win))
                        and ceiling - card_pen[c] - (self._forced(leader, pos + 1, c // 13) if sure_ok else 0)
                        <= best):
                    # none of the trick's penalty cards (the table's, c's, the
                    # later seats' forced ones, the analysed seat's included)
                    # reaches the analysed seat
                    acc |= _group(c, h, alive)
                    continue
                self._set(s, h & ~(1 << c))
                cards.append(c)
                self._rel = 0
                v = self._ab(leader, first, broken, moon, cards, alpha, beta,
                             held & ~(1 << c))
                r = _closed(self._rel, c, h, alive)
                acc |= r
                cards.pop()
                if v > best:
                    best = v
                    brel = r
                    if best >= beta or best >= hi:
                        cut = True
                        break
                    if best > alpha:
                        alpha = best
        self._set(s, h)
        self._rel = outer | (brel if cut else acc) | mark
        return best

    def _trick_bounds(self, leader: int, first: bool, broken: bool, moon: int,
                      cards: list[int], tm: int, led: int, win: int, alive: int, legal: int,
                      lo: int, hi: int) -> tuple[int, int, int]:
        """*lo*, *hi* (the analysed seat's points still to come, from the
        cards alive) narrowed by the trick in progress, and the cards whose
        ranks say so (partition search).  With the moon closed to the others
        (split, or about to be: the analysed seat alone has points and the
        table holds some): a card of its already beaten, or one it holds
        that loses the trick (a discard, or under the card winning, which
        only rises), leaves it at most the penalty points not on the table,
        and none at all when its other cards then :func:`ducks`.  With the
        moon closed to it: a card of its that nobody still to play can beat
        takes the table's penalty cards.  A trick lost takes with it the
        penalty cards that must still go to it (:meth:`_forced`, the
        seat's own losing heart or Q♠).  *legal* are the mover's cards.

        The same caps hold with the moon open to the others when the seat
        keeps a heart that stops their moon (:meth:`_heart_kept`), in a
        trick not of hearts (of hearts it must play that heart) and on a
        line that does not throw it: it plays the losing card, keeps the
        heart for the first trick of hearts, and the moon ends split (or
        its own, :meth:`_own_moon`).  96% of the nodes of the whole deals
        still capped were in those moon states (decisions.md, "hearts
        solve", twentieth round).  A trick of hearts with the moon open to
        the others is :meth:`_heart_lost`'s (thirty-first round)."""
        pos = len(cards)
        me = self._me
        mp = self._my_place(leader)
        if mp >= pos:
            # the analysed seat still to play: a card of its that loses the
            # trick (a discard, or under the card winning, which only rises)
            # caps its points as above
            kept = 0
            if not (moon == MOON_SPLIT or (moon == me and tm & self.pen)):
                # or the others' moon stopped by a heart the seat keeps for
                # the first trick of hearts (not this one: then it must play it)
                if moon == me:
                    return lo, hi, 0
                if led == HEARTS:
                    return self._heart_lost(leader, moon, cards, tm, win, alive, lo, hi)
                kept = self._heart_kept(moon)
                if not kept:
                    return lo, hi, 0
            h = self._hand(me)
            if mp > pos:
                legal = legal_plays(self.rules, h, led, first, broken)
            lose = legal & _SUIT_MASK[led]
            mark = 0
            if lose:
                lose &= (1 << win) - 1
                if not lose:
                    return lo, hi, 0
                mark = 1 << win
            else:
                lose = legal
            c = 1 << (lose.bit_length() - 1)
            if not mark:
                # a discard: the card that keeps the seat from ducking, if it is one
                v = _above_others(h, alive & ~tm)
                if v and not v & (v - 1) and v & lose:
                    c = v
            pb = lose & self.pen
            if pb & _QS_BIT:
                pb = _QS_BIT
            else:
                pb &= -pb
            if kept and (c == kept or pb == kept):
                # it keeps that heart: neither line below may throw it (c, the
                # duck's line; pb, the ceiling's: a lone top heart thrown as
                # pb let a ceiling one heart too low through; whole33)
                return lo, hi, 0
            held = alive & ~tm
            if hi > 0 and ducks(h & ~c, held & ~c):
                return lo, 0, mark | h
            # The trick lost, none of its cards reaches the seat: the table's,
            # the losing card it plays (Q♠ or a heart when it may lose with
            # one, *pb*) and what the other seats still to play must play to
            # it (:meth:`_forced`: a heart each when hearts are led, a lone
            # Q♠); the winning card only rises, so the lost stays lost.  The
            # value is the least over the seat's cards, no more than this
            # line's, the one that plays *pb*.
            hi2 = (self._bounds(me, MOON_SPLIT, held & ~pb)[1]
                   - self._forced(leader, pos, led, mp))
            if kept and moon < 0:
                hi2 = self._own_moon(hi2, alive)
            if hi2 < hi:
                return lo, hi2, mark | kept
            return lo, hi, 0
        mc = cards[mp]
        if mc != win:
            kept = 0
            if moon != MOON_SPLIT and moon != me and led == HEARTS:
                return self._heart_lost(leader, moon, cards, tm, win, alive, lo, hi)
            if (moon != MOON_SPLIT and moon != me and led != HEARTS):
                # the others' moon stopped by a heart the seat keeps (as above)
                kept = self._heart_kept(moon)
            if moon == MOON_SPLIT or (moon == me and tm & self.pen) or kept:
                # the trick lost: the table's cards and those the later
                # seats must play to it (:meth:`_forced`) never reach the seat
                lo2, hi2 = self._bounds(me, MOON_SPLIT, alive & ~tm)
                hi2 -= self._forced(leader, pos, led)
                if kept:
                    lo2 = lo
                    if moon < 0:
                        hi2 = self._own_moon(hi2, alive)
                mark = (1 << win if win // 13 == mc // 13 else 0) | kept
                held = alive & ~tm
                if hi2 > 0 and ducks(self._hand(me), held):
                    # and it takes no trick after this one either (see _ab_end)
                    return (lo if kept else 0), 0, mark | self._hand(me)
                if hi2 < hi or lo2 > lo:
                    return (lo2 if lo2 > lo else lo), (hi2 if hi2 < hi else hi), mark
            return lo, hi, 0
        if moon != MOON_OPEN and moon != me and not self._later(leader, pos - 1) & self.above[win]:
            lo2 = ((self.jlow if alive & _JD_BIT else 0)
                   + (self._points(tm & self.pen) if tm & self.pen else 0))
            if lo2 > lo:
                return lo2, hi, 1 << mc
        return lo, hi, 0

    def _heart_lost(self, leader: int, moon: int, cards: list[int], tm: int, win: int,
                    alive: int, lo: int, hi: int) -> tuple[int, int, int]:
        """*lo*, *hi* narrowed in a trick of hearts another seat led, the
        moon open or another seat's (thirty-first round), and the cards
        that say so: when the analysed seat loses the trick with a heart
        under the card winning (the one it played, or its lowest when still
        to play; void in hearts, any card it discards) and every seat that
        could still shoot either cannot win the trick or is left holding
        hearts, all under a higher heart *p* the seat keeps: at most the
        points alive less the trick's (the table's, its own heart, a heart
        from each later seat holding one).  When no seat that could shoot
        can win the trick (one seat alone with points, and it played under
        the card winning or holds only hearts under it), *p* is not needed:
        the moon ends split.

        Why nobody then takes every penalty card.  The trick, with hearts
        in it, goes to another seat j (the winning card only rises, the
        seat's heart is under it); with the moon open it is j's alone, with
        one seat k alone with points it is split unless j is k.  A seat
        that could shoot and may win holds, once it has followed, a heart,
        and every heart it holds is under *p* (already played: it holds one
        and all under *p*; still to play: two or more, all under *p*):
        :meth:`_keeps_heart`'s argument then keeps it from every penalty
        card (it must take that heart in a trick of hearts, and the seat
        plays *p* to the first one after this).  A seat with a single heart
        left is not enough: after following it may hold none, and a
        heartless shooter can be handed the seat's last heart on the last
        trick (test_exact_solver.py, "a bound without the shooter's heart
        gave 4").  The analysed seat, which takes none of this trick, does
        not shoot either.  The twenty-ninth round's census: at the window
        24/25 the ceiling with the others' moon kept out stays 25 until a
        second seat takes a point; this is that point taken, where another
        seat leads (the thirtieth round's form, at the seat's own leads,
        moved nothing).  The partition mark: the card winning (the hearts
        above it and their holders: who can still win, the seat's heart
        under it) and *p* (the hearts above it: each shooter's all under
        it; the suit lengths every entry fixes count the rest)."""
        if not self.hearts_pen or self.heart_pts <= 0:
            return lo, hi, 0
        me = self._me
        n = self.n
        pos = len(cards)
        mp = self._my_place(leader)
        hm = _SUIT_MASK[HEARTS]
        mine = self._hand(me) & hm
        under = (1 << win) - 1
        pb = 0
        kept = mine
        if mp >= pos and mine:
            # still to play: its lowest heart, under the card winning
            if not mine & under:
                return lo, hi, 0
            pb = mine & -mine
            kept = mine & ~pb
        # (void in hearts, it discards: any card loses; the trick's hearts
        # go elsewhere all the same)
        p = 1 << (int(kept).bit_length() - 1) if kept else 0
        for i in range(n):
            if i == mp:
                continue
            k = leader + i
            if k >= n:
                k -= n
            if moon >= 0 and k != moon:
                continue
            theirs = self._hand(k) & hm
            if i < pos:
                if cards[i] != win:
                    continue        # it played and does not hold the trick
                if not p or not theirs or theirs > p:
                    return lo, hi, 0
            else:
                if not theirs & ~under:
                    continue        # it cannot beat the card winning
                if not p or not theirs & (theirs - 1) or theirs > p:
                    return lo, hi, 0
        hi2 = (self._bounds(me, MOON_SPLIT, alive & ~tm & ~pb)[1]
               - self._forced(leader, pos, HEARTS, mp))
        if hi2 < hi:
            return lo, hi2, (1 << win) | p
        return lo, hi, 0

    def _my_place(self, leader: int) -> int:
        """The analysed seat's place in the trick *leader* leads (0 for the
        lead): which of the cards on the table is its, or how many are
        played before its turn.  The one copy of it for
        :meth:`_trick_bounds` and :meth:`_heart_trick`."""
        mp = self._me - leader
        return mp + self.n if mp < 0 else mp

    def _own_moon(self, hi: int, alive: int) -> int:
        """*hi* (a ceiling with the others' moon out, nobody holding points
        yet) raised to what the analysed seat's own moon would give it."""
        own = self._bounds(self._me, MOON_SPLIT, alive)[1] + self.term[self._me + 2][self._me]
        return own if own > hi else hi

    def _stops_moon(self, leader: int, moon: int, pos: int, tm: int, led: int,
                    win: int, alive: int, legal: int, hi: int, alpha: int) -> tuple[int, int]:
        """*hi* (the analysed seat's most points still to come, on its move,
        with the moon open to another seat) lowered to the most it can get
        with the moon closed to the others, when it holds a card that surely
        takes the trick with a penalty card in it (one of the table's, or
        the card itself: a top heart or Q♠ above every spade left), and
        that card's bit (partition search: it fixes the card and every card
        of its suit above it).  Taking a penalty card closes the moon to
        everyone else, and the seat can always play that card, so its value
        (the least over its cards) is no more than what that line gives,
        at most every penalty point alive.  Found where the whole deal's
        nodes go: 97% of them with another seat alone holding points
        (decisions.md, "hearts solve", fourteenth round).  Only when that
        cuts (*alpha*): otherwise the bit would fix ranks for nothing."""
        pen = self.pen
        later = self._later(leader, pos)
        cand = legal if tm & pen else legal & pen
        if led >= 0:    # following: a card of the suit led above the card winning
            cand &= _SUIT_MASK[led] & ~((2 << win) - 1)
        above = self.above
        while cand:
            b = cand & -cand
            c = b.bit_length() - 1
            if not later & above[c]:
                closed = MOON_SPLIT if moon >= 0 else self._me
                hi2 = self._bounds(self._me, closed, alive)[1]
                if hi2 <= alpha:
                    return hi2, b
                return hi, 0
            cand ^= b
        return hi, 0

    def _keeps_heart(self, moon: int, first: bool, alive: int, hi: int,
                     alpha: int) -> tuple[int, int]:
        """*hi* (the analysed seat's most points still to come, at a trick
        boundary, the moon open to another seat) lowered to the most it can
        get with the moon closed to the others, when it holds a heart above
        every heart of each seat that could still shoot, and each of those
        holds a heart; and that heart's bit (partition search: it fixes the
        heart and the holders of every heart above it), else (*hi*, 0).

        Why no other seat k can then take every penalty card: the analysed
        seat can keep its top heart p until a heart is led (it discards
        another card while it holds one) and then play it.  k must take its
        own heart h, in a trick of hearts (a heart discarded goes to the
        trick's winner, who followed suit, so not to k); in the first heart
        trick after now, the seat still holds p (a discard of p would be its
        last card, of a last trick not of hearts), plays it, and k, all of
        whose hearts are under p, does not win that trick of penalty cards.
        The static form of the whole deal's question "can the three others
        hand one of them every point?" (97% of a whole deal's nodes with
        another seat alone holding points; decisions.md, "hearts solve",
        twentieth round).  Only when that cuts (*alpha*), as
        :meth:`_stops_moon`.

        With one seat alone able to shoot, a shooter whose hearts are not
        all under that heart can be kept from it by Q♠ instead
        (:meth:`_moon_kept`)."""
        p = self._moon_kept(moon, first)
        if not p:
            return hi, 0
        hi2 = self._moon_out(moon, alive)
        if hi2 <= alpha:
            return hi2, p
        return hi, 0

    def _moon_out(self, moon: int, alive: int) -> int:
        """The most points the analysed seat can still get (cards *alive*)
        once no seat that could still shoot (*moon*: open, or another
        seat's) can take every penalty card: split, another seat takes a
        penalty card alive (the cheapest, a heart if one is worth no more
        than Q♠), or, nobody having points yet, the seat shoots the moon
        itself.  The ceiling of :meth:`_keeps_heart` and
        :meth:`_heart_trick`."""
        hi2 = self._bounds(self._me, MOON_SPLIT, alive)[1]
        if moon < 0:
            # nobody has points yet: split, another seat takes a penalty
            # card alive (the cheapest, a heart if one is worth no more than
            # Q♠), or the seat shoots the moon itself
            least = self.heart_pts
            if alive & _QS_BIT and self.qs_pts < least:
                least = self.qs_pts
            own = hi2 + self.term[self._me + 2][self._me]
            if least > 0:
                hi2 -= least
            if own > hi2:
                hi2 = own
        return hi2

    def _heart_trick(self, leader: int, moon: int, cards: list[int], win: int,
                     alive: int, hi: int, alpha: int) -> tuple[int, int]:
        """*hi* (the analysed seat's most points still to come, in a trick
        of hearts in progress, the moon open to another seat) lowered to
        :meth:`_moon_out` when no seat that could still shoot can win this
        trick, and the cards that say so (partition search: the heart that
        holds the trick, and the card winning), else (*hi*, 0).

        The heart that holds: the card winning, or the analysed seat's
        highest heart when it is still to play and that heart is higher
        (it can always play it: it holds hearts, so it follows with any).
        It holds the trick against every seat that could shoot when that
        seat did not play it (the analysed seat, or with one seat alone
        with points another one) and no such seat still to play holds a
        heart above it.  The trick, of hearts, then goes to a seat that
        cannot shoot with a heart in it: nobody else takes every penalty
        card.  The in-trick form of :meth:`_keeps_heart` (which asks at the
        trick's start, for the first trick of hearts to come) and of
        :meth:`_stops_moon` (which asks on the analysed seat's move, for a
        card nobody still to play beats): here the seats that play before
        it are covered too.  Only when that cuts (*alpha*), as they."""
        if not self.hearts_pen or self.heart_pts <= 0:
            return hi, 0
        n = self.n
        pos = len(cards)
        me = self._me
        mp = self._my_place(leader)
        top = win
        owner = leader + cards.index(win)
        if owner >= n:
            owner -= n
        if mp >= pos:
            mine = self._hand(me) & _SUIT_MASK[HEARTS]
            if mine:
                p = int(mine).bit_length() - 1
                if p > top:
                    top = p
                    owner = me
        if owner != me and (moon < 0 or owner == moon):
            return hi, 0     # a seat that could shoot holds the trick so far
        over = ~((2 << top) - 1) & _SUIT_MASK[HEARTS]
        for i in range(pos, n):
            if i == mp:
                continue
            j = leader + i
            if j >= n:
                j -= n
            if (moon < 0 or j == moon) and self._hand(j) & over:
                return hi, 0
        hi2 = self._moon_out(moon, alive)
        if hi2 <= alpha:
            return hi2, (1 << top) | (1 << win)
        return hi, 0

    def _moon_kept(self, moon: int, first: bool) -> int:
        """At a trick boundary, the moon open to another seat: when each
        seat that could still shoot (*moon*: open, or another seat's) is
        kept from taking every penalty card by one of the two rules below,
        the cards that say so (partition search: the analysed seat's
        highest heart, Q♠; each fixes its suit's cards from the top down to
        it and their holders, every entry fixes each hand's suit lengths),
        else 0.

        The heart: the seat holds a heart and every heart it holds is under
        the analysed seat's highest (:meth:`_keeps_heart`'s argument), or
        more generally the seat's hearts cannot cover the analysed seat's
        highest hearts one by one (:func:`_outranked`, twenty-eighth round).

        Q♠: the seat holds Q♠, and fewer other spades than the analysed
        seat holds spades above Q♠ (the first trick over: there a discard
        can be ruled out).  The seat must take its own Q♠, so win the trick
        it plays it to; a discard of Q♠ goes to a trick it cannot win, so
        that trick is of spades.  The analysed seat plays a spade above Q♠
        to every trick of spades (leading one when it leads spades) and
        never discards one while it holds another card: every trick of
        spades before the one of Q♠ takes one of the seat's other spades
        (it must follow), so at most that many of the analysed seat's high
        spades go before it, and one is left for the trick of Q♠, which the
        seat then does not win; a hand left with high spades only still
        holds one at every trick to come.  Only with one seat alone able
        to shoot (*moon* another seat's): the two rules ask the analysed
        seat to keep different cards (its top heart, its high spades), and
        a hand of only those, void in the suit led, must throw one of them:
        with the moon open the others could then pick as shooter the seat
        that card was keeping out (so the heart rule stops every seat or
        nothing is said, as before)."""
        me = self._me
        h = self._hand(me)
        p = 0
        if self.hearts_pen:
            mine = h & _SUIT_MASK[HEARTS]
            if mine:
                p = 1 << (int(mine).bit_length() - 1)
        spade = _QS // 13
        high = 0
        if not first and self.qs_pts > 0 and self.pen & _QS_BIT:
            high = _POP13[(h & self.above[_QS]) >> (13 * spade)]
        mark = 0
        for k in range(self.n):
            if k == me or (moon >= 0 and k != moon):
                continue
            hk = self._hand(k)
            theirs = hk & _SUIT_MASK[HEARTS]
            q = _outranked((h >> 26) & _SUIT, (theirs >> 26) & _SUIT) if p else 0
            if q:
                mark |= q << 26     # (the top-heart rule: q == p)
            elif high and moon >= 0 and hk & _QS_BIT and _POP13[(hk >> (13 * spade)) & _SUIT] <= high:
                mark |= _QS_BIT     # Q♠ and fewer other spades than *high*
            else:
                return 0
        return mark

    def _heart_kept(self, moon: int) -> int:
        """The analysed seat's highest heart when it is above every heart of
        each seat that could still shoot (*moon*: open, or another seat's),
        each of them holding a heart, else 0: the heart it keeps for the
        first trick of hearts, which stops their moon (:meth:`_keeps_heart`,
        :meth:`_trick_bounds`)."""
        if not self.hearts_pen:
            return 0
        hmask = _SUIT_MASK[HEARTS]
        mine = self._hand(self._me) & hmask
        if not mine:
            return 0
        p = 1 << (int(mine).bit_length() - 1)
        for k in range(self.n):
            if k == self._me or (moon >= 0 and k != moon):
                continue
            theirs = self._hand(k) & hmask
            if not theirs or theirs > p:
                return 0
        return p

    def _two_hearts(self, legal: int) -> bool:
        """Whether *legal* holds two hearts or more: the discard order of
        :meth:`_ab` then moves the seat's highest heart after its others
        (two hearts in one run are one group, one card tried: the move
        leaves the order as it was)."""
        hm = legal & _SUIT_MASK[HEARTS]
        return bool(hm & (hm - 1))

    def _leads_out(self, me: int, rem: int, legal: int) -> int:
        """The analysed seat on lead, the moon split: if it can lead a card
        (of *legal*) that another seat must beat (every card of that suit in its hand is
        higher) and then duck every trick (:func:`ducks`), it takes nothing
        more: the cards that say so (partition search), else 0."""
        h = self._hand(me)
        v = _above_others(h, rem)
        if v & (v - 1):
            return 0
        cand = (v if v else h) & legal
        for suit in range(4):
            m = cand & _SUIT_MASK[suit]
            if not m:
                continue
            low = m & -m
            for i in range(self.n):
                if i != me:
                    o = self._hand(i) & _SUIT_MASK[suit]
                    if o and not o & (low - 1):
                        return h
        return 0

    def _lead_lost(self, me: int, rem: int, legal: int) -> tuple[int, int]:
        """The analysed seat on lead, the moon split: the most penalty
        points it can send to a trick it surely loses, and the cards that
        say so (partition search: every card of the suit, and its own).  A
        lead (of *legal*) below every card of its suit in another seat's
        hand is beaten, that seat must follow; the trick then takes the
        led card (a heart, or Q♠ under the spades another holds) and what
        the other seats must play to it (a heart each from those holding
        hearts, a lone Q♠), none of which reaches the seat: its points are
        at most those alive less these, whatever comes after (the moon
        stays split).  The value is the least over its leads, no more than
        this one's.  Where :meth:`_leads_out` finds no lead that also ducks
        every trick after, this still takes a point or more off the points
        alive: the fail-low null-window searches ran 1 to 4 points under
        that ceiling (decisions.md, "hearts solve", seventeenth round)."""
        h = self._hand(me)
        best = 0
        mark = 0
        for suit in range(4):
            sm = _SUIT_MASK[suit]
            m = legal & sm
            if not m:
                continue
            floor = 0      # the lowest card of the suit another seat holds that must beat
            for i in range(self.n):
                if i != me:
                    o = self._hand(i) & sm
                    if o and o & -o > floor:
                        floor = o & -o
            if not floor:
                continue    # nobody else holds the suit: the lead wins
            lost = m & (floor - 1)
            if not lost:
                continue
            pts = 0
            if suit == HEARTS:
                pts = self.heart_pts
                for i in range(self.n):
                    if i != me and self._hand(i) & sm:
                        pts += self.heart_pts
            elif lost & _QS_BIT:
                pts = self.qs_pts
            else:
                for i in range(self.n):
                    if i != me and (self._hand(i) & sm) == _QS_BIT:
                        pts += self.qs_pts
            if pts > best:
                best = pts
                mark = h | (rem & sm)
        return best, mark

    def _ducks_next(self, h: int, rem: int, legal: int) -> int:
        """Another seat on lead (whose legal leads are *legal*), the moon
        split: if the analysed seat (holding *h*) can lose the trick
        whatever is led and then :func:`ducks`, it takes nothing more: its
        cards (what partition search relies on: they fix every card above
        them, the leader's of each suit with them), else 0.  Its cards above
        another seat's (:func:`_above_others`) must be none, or one that it
        sheds on this trick: a discard where it is void in a suit that may
        be led, and in a suit it holds that one card itself, under the
        leader's lowest of the suit.  What :meth:`_trick_bounds` finds one
        card later, found before the leader's cards are tried."""
        c = _above_others(h, rem)
        if not c:
            return h    # it ducks already
        if c & (c - 1):
            return 0    # two cards keep it from ducking: one trick sheds one
        for suit in range(4):
            lead = legal & _SUIT_MASK[suit]
            if lead and h & _SUIT_MASK[suit] and not (c & _SUIT_MASK[suit] and c < lead & -lead):
                return 0
        return h if ducks(h & ~c, rem & ~c) else 0

    def _ab_end(self, leader: int, broken: bool, moon: int,
                cards: list[int], alpha: int, beta: int, held: int) -> int:
        n = self.n
        mask = 0
        for c in cards:
            mask |= 1 << c
        w = winning_card(cards[0], mask)
        if mask & ~(1 << w) & _SUIT_MASK[w // 13]:
            self._rel |= 1 << w     # w beat another card of its suit: its rank decided
        winner = leader + _place(cards, w)
        if winner >= n:
            winner -= n
        if not broken and mask & self.breaks[cards[0]]:
            broken = True
        pts = 0
        if mask & self.scoring:
            if winner == self._me:
                pts = self._points(mask)
            moon = next_moon_state(moon, winner, mask & self.pen)
        rem = held
        hw = self._hand(winner)
        # one card left in every hand (at a trick's end they all hold as many)
        last = not hw & (hw - 1)
        if not rem & self.scoring:
            return pts + self.term[moon + 2][self._me]
        if sweeps(hw, rem):
            self._rel |= hw
            return pts + packed_points(self._swept(winner, moon, rem), self._me, self.vbits)
        me = self._me
        if winner != me and (moon == MOON_SPLIT or moon == me) and ducks(self._hand(me), rem):
            # the analysed seat takes no trick left, and the moon is closed
            # to the others (the penalty cards left go to them: split; none
            # left: the moon stands as it is)
            self._rel |= self._hand(me)
            return pts + self.term[(MOON_SPLIT if rem & self.pen else moon) + 2][me]
        if last:
            # the last trick, every card forced: what _ab_end gives for it
            mask2, taker = self._last_trick(winner)
            w2 = winning_card(int(hw).bit_length() - 1, mask2)
            if mask2 & ~(1 << w2) & _SUIT_MASK[w2 // 13]:
                self._rel |= 1 << w2
            if mask2 & self.scoring:
                if taker == me:
                    pts += self._points(mask2)
                moon = next_moon_state(moon, taker, mask2 & self.pen)
            return pts + self.term[moon + 2][me]
        a = alpha - pts
        b = beta - pts
        return pts + self._ab_table(rem, winner, broken, moon, a, b)

    def _ab_table(self, rem: int, leader: int, broken: bool, moon: int,
                  a: int, b: int) -> int:
        """The paranoid value of a trick boundary through the partition
        table (Ginsberg's partition search, as DDS does it): an entry holds
        bounds for every position with the same head, the same number of
        cards of each suit in each hand, and the same holders of the highest
        cards of each suit down to the lowest whose rank the search relied
        on (a trick won against a card of its suit, a sure winner, a claim;
        Q♠ and a scoring J♦ always); the cards below are interchangeable."""
        n = self.n
        if not rem & 0x1FFF << 26:
            broken = True
        ckey = leader | (int(broken) << 4) | ((moon + 2) << 5) | (self._me << 10)
        # the number of cards of each suit in each hand (four bits each),
        # clubs and diamonds in one word, hearts and spades in another, and
        # the holders of Q♠ and J♦: every hand read once (compiled, each
        # read of a hand from the list unboxes a 52-bit int)
        lens0: i64 = 0
        lens1: i64 = 0
        qs_at = 0
        jd_at = 0
        for i in range(n):
            h: i64 = self._hand(i)
            if h & _QS_BIT:
                qs_at = i
            if h & _JD_BIT:
                jd_at = i
            lens0 = (lens0 << 8) | (_POP13[h & 0x1FFF] << 4) | _POP13[(h >> 13) & 0x1FFF]
            lens1 = (lens1 << 8) | (_POP13[(h >> 26) & 0x1FFF] << 4) | _POP13[(h >> 39) & 0x1FFF]
        # Q♠ and a scoring J♦ are named wherever they sit: their holder and
        # their place among the cards left of their suit
        if rem & _QS_BIT:
            ckey |= ((1 + _POP13[(rem >> 39) & 0x3FF]) << 13) | (qs_at << 17)
        if self.jd_value and rem & _JD_BIT:
            ckey |= ((1 + _POP13[(rem >> 13) & 0x1FF]) << 20) | (jd_at << 24)
        # (four seats: the head and the lengths of clubs and diamonds in one
        # machine word, those of hearts and spades in the other)
        full = (ckey | (int(lens0) << 28), int(lens1))
        c0, c1, c2, c3 = self._squeezed(rem)
        outer = self._rel
        self._rel = 0
        entries = self._tt_part.get(full)
        lo = -_INF
        hi = _INF
        if entries is None:
            entries = []
            self._tt_part[full] = entries
        else:
            for idx, e in enumerate(entries):    # left at once if the list changes
                if ((c0 & e.m0) != e.p0 or (c1 & e.m1) != e.p1
                        or (c2 & e.m2) != e.p2 or (c3 & e.m3) != e.p3):
                    continue
                if e.lo <= a and e.hi >= b:
                    continue    # tells nothing in this window: not relied on
                if e.lo > lo:
                    lo = e.lo
                if e.hi < hi:
                    hi = e.hi
                self._rel |= e.fixed(rem)
                if lo >= b or lo == hi or hi <= a:
                    self._rel = outer | self._rel
                    if idx:     # the entries that answer come first
                        del entries[idx]
                        entries.insert(0, e)
                    return lo if lo >= b or lo == hi else hi
        if lo > a:
            a = lo
        if hi < b:
            b = hi
        v = self._ab(leader, False, broken, moon, [], a, b, rem)
        if v <= a:
            hi = v if v < hi else hi
        elif v >= b:
            lo = v if v > lo else lo
        else:
            lo = hi = v
        rel = self._rel
        m0, k0 = _named(rel, rem, 0, n)
        m1, k1 = _named(rel, rem, 1, n)
        m2, k2 = _named(rel, rem, 2, n)
        m3, k3 = _named(rel, rem, 3, n)
        p0 = c0 & m0
        p1 = c1 & m1
        p2 = c2 & m2
        p3 = c3 & m3
        for old in entries:
            if (old.m0 == m0 and old.p0 == p0 and old.m1 == m1 and old.p1 == p1
                    and old.m2 == m2 and old.p2 == p2 and old.m3 == m3 and old.p3 == p3):
                if lo > old.lo:
                    old.lo = lo
                if hi < old.hi:
                    old.hi = hi
                break
        else:
            entries.insert(0, _Entry(m0, p0, m1, p1, m2, p2, m3, p3, k0, k1, k2, k3, lo, hi))
        self._rel = outer | rel
        return v

    # -- the transposition key -----------------------------------------------------

    def _key(self, rem: i64, gone: i64, leader: i64, broken: bool, moon: i64) -> int:
        """Transposition key of the position at the end of a trick (*gone*
        its cards, *rem* every card left in the hands, *leader* the seat to
        lead the next), on relative ranks (see the module docstring), one
        int: the head (the leader, whether hearts are open, which matters
        only while a heart is left, the moon state, below bit 7), where Q♠
        (and a scoring J♦) sit among the cards left of their suit above it
        (four bits each from bit 7) and the number of cards left of each
        suit (four bits each from bit 15), and who holds each
        card left, the suits with the gaps left by gathered cards squeezed
        out, one after the other (clubs from bit 0, diamonds after the clubs
        left, ...), as bit planes one above the other (each as wide as the
        cards left): a card's holder is the seat whose number has bit *k*
        set where plane *k* has the card's bit (two planes up to four seats,
        three up to six; seat 0 holds the cards no plane has).  The same
        positions share a key as with each seat's holdings squeezed apart
        (:meth:`_squeezed`).  Up to 16 cards left (four seats) the key is one
        machine word, boxed once (selfish23).  Laid out (selfish28): the head
        (the 31 bits above) from bit 32, the planes from bit 0, XORed with
        the head times :data:`_KEY_MIX` (bits 31 up): one to one, and the
        dict's slot (the int's low bits) differs from entry to entry, where
        the head first left most entries in the same few slots; past a
        machine word, the head from bit 156, above any plane.

        The planes are the trick's start's (:attr:`_k0` to :attr:`_k2`)
        with the trick's cards taken out (:func:`drop_cards`), and are left
        in their place for the next trick's probes (the caller gives the
        trick's back): a card's holder never changes, so a plane loses the
        cards gathered and nothing else.  Rebuilding them from every hand at
        every probe (a squeeze of each suit of each seat) was about 1,040
        instructions a probe compiled, 12% of the selfish search at 7 tricks
        left (selfish24's callgrind; selfish25).  Its arguments machine
        words, as :meth:`_mx_end` holds them (selfish33)."""
        if not (rem >> 26) & _SUIT:
            broken = True
        head = leader | (int(broken) << 3) | ((moon + 2) << 4)
        r: i64 = rem
        top: i64 = head
        if r & _QS_BIT:
            qs_at: i64 = _SUIT_POP[(r >> 39) & 0x3FF]
            top |= (1 + qs_at) << 7
        if self.jd_value and r & _JD_BIT:
            jd_at: i64 = _SUIT_POP[(r >> 13) & 0x1FF]
            top |= (1 + jd_at) << 11
        t0: i64 = _SUIT_POP[r & _SUIT]
        t1: i64 = _SUIT_POP[(r >> 13) & _SUIT]
        t2: i64 = _SUIT_POP[(r >> 26) & _SUIT]
        t3: i64 = _SUIT_POP[(r >> 39) & _SUIT]
        self._k0, self._k1, self._k2 = drop_cards3(self._k0, self._k1, self._k2,
                                                   r | gone, gone, self.n > 4)
        top |= (t0 << 15) | (t1 << 19) | (t2 << 23) | (t3 << 27)
        cnt: i64 = t0 + t1 + t2 + t3
        p0: i64 = self._k0
        p1: i64 = self._k1
        if self.n <= 4 and cnt <= 16:
            # the head above the planes (bit 32 up) and the planes, below,
            # mixed with a multiple of the head: a one-to-one change (the
            # head is read back from the high half, then the planes) that
            # gives the table's dict keys low bits that differ (selfish28)
            planes: i64 = p0 | (p1 << cnt)
            return int((top << 32) | (planes ^ ((top * _KEY_MIX) >> 31)))
        # past a machine word: arbitrary-precision ints (compiled, an int
        # shifted by an i64 is an i64 shift, which would drop the high bits);
        # the head above every plane's place (3 planes of 52 bits), so no
        # such key is one of the machine-word keys above
        sh1: int = int(cnt)
        sh2: int = sh1 + int(cnt)
        return (int(top) << 156) | int(p0) | (int(p1) << sh1) | (int(self._k2) << sh2)

    def _plant(self, leader: int, trick: Sequence[int], held: int) -> None:
        """Set the key's planes (:meth:`_key`) for the cards alive at the
        start of the trick in progress: *held* (every card in the hands)
        and the cards on the table, *trick*, led by *leader*.  Once per
        search, from the hands (:func:`squeeze_bits`)."""
        n = self.n
        own = [self._hand(i) for i in range(n)]
        alive = held
        for j, c in enumerate(trick):
            seat = (leader + j) % n
            own[seat] |= 1 << c
            alive |= 1 << c
        planes = [0, 0, 0]
        for i in range(1, n):
            for k in range(3):
                if i >> k & 1:
                    planes[k] |= own[i]
        self._k0 = squeeze_bits(planes[0], alive)
        self._k1 = squeeze_bits(planes[1], alive)
        self._k2 = squeeze_bits(planes[2], alive)

    def _squeezed(self, rem: int) -> tuple[int, int, int, int]:
        """Each suit's holdings in relative-rank form, 13 bits a seat (the
        ranks nobody holds squeezed out): every hand read once, the ranks left
        of each suit read off *rem* (every card in the hands)."""
        r0: i64 = rem & _SUIT
        r1: i64 = (rem >> 13) & _SUIT
        r2: i64 = (rem >> 26) & _SUIT
        r3: i64 = (rem >> 39) & _SUIT
        c0 = 0
        c1 = 0
        c2 = 0
        c3 = 0
        for i in range(self.n):
            h: i64 = self._hand(i)
            sh = 13 * i
            if h & 0x1FFF:
                c0 |= int(pext_bits(h & 0x1FFF, r0)) << sh
            if h & 0x3FFE000:
                c1 |= int(pext_bits((h >> 13) & 0x1FFF, r1)) << sh
            if h & 0x7FFC000000:
                c2 |= int(pext_bits((h >> 26) & 0x1FFF, r2)) << sh
            if h & 0xFFF8000000000:
                c3 |= int(pext_bits((h >> 39) & 0x1FFF, r3)) << sh
        return c0, c1, c2, c3

    # -- the hands ------------------------------------------------------------------

    def _hand(self, i: int) -> i64:
        """Seat *i*'s cards in the position searched.  The hands are six
        machine-word attributes, not a list: compiled, a list holds boxed
        ints, so each hand written back made a new 52-bit int object (and
        freed the old) and each read unboxed one, about 13% of the selfish
        instructions (decisions.md, "hearts solve", nineteenth round)."""
        if i < 2:
            return self._h0 if i == 0 else self._h1
        if i < 4:
            return self._h2 if i == 2 else self._h3
        return self._h4 if i == 4 else self._h5

    def _set(self, i: int, h: i64) -> None:
        """Seat *i* now holds *h* (a card played, or taken back)."""
        if i < 2:
            if i == 0:
                self._h0 = h
            else:
                self._h1 = h
        elif i < 4:
            if i == 2:
                self._h2 = h
            else:
                self._h3 = h
        elif i == 4:
            self._h4 = h
        else:
            self._h5 = h

    def _load(self, hands: Sequence[int]) -> None:
        """The hands of the position to search, seat by seat."""
        for i in range(6):
            self._set(i, hands[i] if i < len(hands) else 0)

    def _holder(self, bit: int) -> int:
        """The seat whose hand holds the card *bit*."""
        for i in range(self.n):
            if self._hand(i) & bit:
                return i
        return 0


def pack_points(points: Sequence[int], bits: int) -> int:
    """Every seat's *points* packed in one int, *bits* a seat (seat 0 the
    lowest), each seat's points plus ``2 ** (bits - 1)``: what the selfish
    search passes up and keeps in its table instead of a tuple.  Points
    added to (or taken off) a seat are added to the int, shifted to its
    field: no field leaves its range (:attr:`ExactSolver.vbits` has room
    for twice the most a seat can get), so no carry or borrow reaches the
    next.  Compiled, an int below 2**62 is unboxed, so a trick's end
    allocates nothing (six seats of ten bits: 60 bits); a larger one (a J♦
    worth thousands) is a Python int, slower and as exact."""
    off = 1 << (bits - 1)
    out = 0
    for i, p in enumerate(points):
        if not -off <= p < off:
            raise ValueError(f"points {p} out of the packed vector's range ({bits} bits a seat)")
        out |= (p + off) << (bits * i)
    return out


def packed_points(code: int, seat: int, bits: int) -> int:
    """Seat *seat*'s points in *code* (:func:`pack_points`, *bits* a seat)."""
    return field_points(code, bits * seat, (1 << bits) - 1, 1 << (bits - 1))


def field_points(code: int, shift: int, mask: int, off: int) -> int:
    """The points in the field of *code* at *shift* (a seat's number times
    the bits a seat), *mask* the field's bits and *off* its offset
    (:func:`pack_points`): the one reading of a field, with what depends
    only on the seat and the width given, so that :meth:`ExactSolver._mx`
    works them out once a node, not once a child (compiled, the eight
    tagged-int operations of :func:`packed_points` were about 116
    instructions a child, 108M of the selfish search at 7 tricks left:
    selfish28).  Ints, not machine words: a code past ``2 ** 62`` (a J♦
    worth thousands) stays exact."""
    return ((code >> shift) & mask) - off


def _by_history(order: list[int], hist: list[int]) -> None:
    """Sort *order* (cards) in place by *hist*, the most
    first, the order kept between equals (an insertion sort: a dozen
    groups at most).  Why for the analysed seat's leads only: a lead that
    holds the seat under a bound in one line tends to hold in its
    neighbours, where the tie rule's lowest-first is blind to it (paranoid,
    20 positions at 7 tricks left: −41% nodes; history on its follows and
    discards, or on the others' cards, cost more than it saved:
    decisions.md, "hearts solve", twelfth round).  Paranoid values do not
    depend on the order tried (no tie rule), only the nodes do."""
    for i in range(1, len(order)):
        e = order[i]
        v = hist[e]
        j = i - 1
        while j >= 0 and hist[order[j]] < v:
            order[j + 1] = order[j]
            j -= 1
        order[j + 1] = e


def _run_top(m: i64, lo: i64, special: i64, others: i64) -> i64:
    """The highest card of the group that starts at *lo*, the lowest card
    left of a suit's legal cards (*m*: those above it, the suit's bits): the
    run of legal cards upward with no live card of *others* between them,
    Q♠ or a scoring J♦ (*special*) alone.  One reading of a group for
    :meth:`ExactSolver._ordered` and :meth:`ExactSolver._follow_order`;
    the caller drops the group's cards, every bit of *m* up to the top."""
    hi: i64 = lo
    if lo == special:
        return hi
    while m:
        nb: i64 = m & -m
        nxt: i64 = _SUIT_POP[nb - 1]
        if nxt == special or others & (nb - (i64(2) << hi)):
            break
        hi = nxt
        m ^= nb
    return hi


def _group(card: int, hand: int, alive: int) -> int:
    """The cards of *hand* equivalent to *card* (which it holds): the run
    around it with no other card of *alive* between (a superset of
    :func:`suit_classes`' group, which also sets Q♠ and J♦ apart).  Read
    off the suit's 13 bits on machine words (the nearest card of another
    hand above and below bound the run) rather than a card at a time: a
    partition-search step of every paranoid node."""
    base = card - card % 13
    r: i64 = card - base
    mine: i64 = (hand >> base) & _SUIT
    others: i64 = (alive >> base) & _SUIT & ~mine
    up: i64 = others & ~((i64(2) << r) - 1)
    if up:
        mine &= (up & -up) - 1
    down: i64 = others & ((i64(1) << r) - 1)
    if down:
        while down & (down - 1):
            down &= down - 1
        mine &= ~((down << 1) - 1)
    return int(mine) << base


def _above_others(hand: int, rem: int) -> int:
    """The cards of *hand* above some other hand's card of their suit
    (*rem*: every card in the hands): what keeps it from :func:`ducks`."""
    others = rem & ~hand
    out = 0
    for suit in range(4):
        sh = 13 * suit
        theirs = (others >> sh) & _SUIT
        if theirs:
            out |= ((hand >> sh) & _SUIT & ~((theirs & -theirs) - 1)) << sh
    return out


def _outranked(mine: int, theirs: int) -> int:
    """The heart (a bit of the 13-bit suit mask) of the analysed seat's
    hearts *mine* that a seat with the hearts *theirs* cannot cover on its
    way to the moon, else 0: the highest q_j of *mine* (its j-th highest,
    j no more than either seat's count of hearts) with fewer than j hearts
    of *theirs* above it.

    Why that seat S then cannot take every penalty card (at a trick
    boundary, hearts penalty cards; the analysed seat plays its highest
    heart to every trick of hearts, leads or discards a card other than a
    heart while it holds one, else its lowest heart).  S must take its k
    hearts, each in a trick it wins, so in a trick of hearts (a heart
    discarded goes to the trick's winner, who followed suit), one heart of
    S's to each: there are exactly k tricks of hearts (a trick of hearts
    S, void, cannot win stops the moon), t - k of other suits (t tricks
    left).  The analysed seat, with m hearts, plays a heart to a trick of
    another suit only when it holds nothing else, at most m - k times (it
    holds t - m other cards for t - k such tricks), and from the bottom:
    to the j-th trick of hearts (j <= min(m, k)) it still brings q_j,
    which S's card must beat.  S needs j distinct hearts above q_j for the
    first j of them (q_1 > ... > q_j): with fewer, one of those tricks of
    hearts goes to another seat.  j = 1 is the twentieth round's top-heart
    rule (:meth:`ExactSolver._keeps_heart`).  The same play by the
    analysed seat answers every seat at once (the moon open).  Partition
    search: q_j fixes the hearts from the top down to it and their
    holders; the counts are the suit lengths every entry fixes."""
    k = _POP13[theirs]
    j = 0
    while mine and j < k:
        q = 1 << (int(mine).bit_length() - 1)
        j += 1
        if _POP13[theirs & ~((q << 1) - 1) & _SUIT] < j:
            return q
        mine ^= q
    return 0


def _place(cards: list[int], card: int) -> int:
    """Where *card* is in *cards* (which holds it): what ``list.index``
    answers, compared as machine ints (compiled, ``index`` compares boxed
    ints through the generic comparison at every trick's end)."""
    i = 0
    while cards[i] != card:
        i += 1
    return i


def _closed(rel: int, card: int, hand: int, alive: int) -> int:
    """*rel*, the cards a child's search relied on after *card* was played
    for its group, with the whole group added when it meets the group: the
    other members then stand for the card only where the whole group's
    holder is fixed (partition search's one subtle case)."""
    if rel & hand & _SUIT_MASK[card // 13]:
        g = _group(card, hand, alive)
        if rel & g:
            rel |= g
    return rel


def _top(rem: int, suit: int, k: int) -> int:
    """The *k* highest cards of *suit* in *rem*: the suit's cards with
    the lowest ones cleared, on a machine word (each entry answering a
    paranoid probe asks it per suit it fixes)."""
    m: i64 = (rem >> (13 * suit)) & _SUIT
    drop = _POP13[m] - k
    while drop > 0:
        m &= m - 1
        drop -= 1
    return int(m) << (13 * suit)


def _named(rel: int, rem: int, suit: int, n: int) -> tuple[int, int]:
    """(mask over the compressed holdings of the *n* seats, how many cards)
    of the cards of *suit* that an entry of the partition table fixes: the
    cards of *rem* from the lowest of *rel* up."""
    shift = 13 * suit
    rs = (rel >> shift) & (rem >> shift) & _SUIT
    if not rs:
        return 0, 0
    am = (rem >> shift) & _SUIT
    low = (rs & -rs).bit_length() - 1
    k = _POP13[am >> low]
    total = _POP13[am]
    top = ((1 << total) - 1) ^ ((1 << (total - k)) - 1)
    m = 0
    for i in range(n):
        m |= top << (13 * i)
    return m, k


class _Entry:
    """An entry of the paranoid partition table: for each suit the mask of
    the compressed holdings it fixes and what they are there (the highest
    *k* cards of the suit), and the bounds on the analysed seat's points
    still to come that hold for every position that agrees on them."""

    def __init__(self, m0: int, p0: int, m1: int, p1: int, m2: int, p2: int, m3: int, p3: int,
                 k0: int, k1: int, k2: int, k3: int, lo: int, hi: int) -> None:
        self.m0 = m0
        self.p0 = p0
        self.m1 = m1
        self.p1 = p1
        self.m2 = m2
        self.p2 = p2
        self.m3 = m3
        self.p3 = p3
        self.k0 = k0
        self.k1 = k1
        self.k2 = k2
        self.k3 = k3
        self.lo = lo
        self.hi = hi

    def fixed(self, rem: int) -> int:
        """The cards of *rem* (a position the entry answers) that it fixes:
        what a search answered by it relied on."""
        out = 0
        if self.k0:
            out |= _top(rem, 0, self.k0)
        if self.k1:
            out |= _top(rem, 1, self.k1)
        if self.k2:
            out |= _top(rem, 2, self.k2)
        if self.k3:
            out |= _top(rem, 3, self.k3)
        return out


def sweeps(hand: i64, rem: i64) -> bool:
    """Whether the seat to lead with *hand* takes every trick left, whatever
    anyone plays (*rem*: every card in the hands): each of its cards is above
    every other seat's card of its suit, so each lead wins and it leads again.
    No choice is left to anyone that changes a point, so the deal's end is
    known without search, in both models and under either tie order.
    Machine words (compiled, each shift and mask was a tagged operation,
    about 60M instructions of the selfish search at 7 tricks left;
    selfish32)."""
    others: i64 = rem & ~hand
    for suit in range(4):
        mine: i64 = hand >> (13 * suit) & _SUIT
        if not mine:
            continue
        # another seat's card above the lowest of the seat's (the two are
        # disjoint, so a mask above the lowest bit is one with a higher card)
        theirs: i64 = others >> (13 * suit) & _SUIT
        if theirs > (mine & -mine):
            return False
    return True


def ducks(hand: int, rem: int) -> bool:
    """Whether the seat with *hand*, not on lead, takes no trick left,
    whatever anyone plays (*rem*: every card in the hands): in each suit
    its cards are all below every other seat's, so a trick of a suit it
    holds is led with a card above its own, a trick of another suit sees
    it discard, and it never gets the lead.  That is :func:`sweeps` seen
    from the other side: the other seats' cards taken together are, in
    every suit they hold, all above the seat's."""
    return sweeps(rem & ~hand, rem)


def order_key(card: int, alive: int, led: int, winning: int) -> int:
    """Sort key of *card* in the natural order (smaller first), with ranks
    relative to *alive* (the cards not yet gathered): *led* is the suit led
    (-1 for a lead) and *winning* the card winning the trick so far."""
    suit = card // 13
    rank = card % 13
    rel = _POP13[alive >> (13 * suit) & ((1 << rank) - 1)]
    if led < 0:
        pen = 1 if suit == HEARTS or card == QUEEN_OF_SPADES else 0
        return pen * 1000 + rel * 4 + suit
    if suit == led:
        if card < winning:
            return winning - card
        return 20 + rank
    if card == QUEEN_OF_SPADES:
        return 0
    if suit == HEARTS:
        return 100 - rank
    return 200 + (12 - rel) * 4 + suit


def alive_mask(hands: Sequence[int], cards: Sequence[int]) -> int:
    """Every card not yet gathered in a finished trick: the hands and the
    cards on the table (what relative ranks are counted among)."""
    m = 0
    for h in hands:
        m |= h
    for c in cards:
        m |= 1 << c
    return m


def run_class(run: int, base: int) -> tuple[int, int, int]:
    """(group mask, lowest card, highest card) of a run of ranks *run* of
    the suit whose first card is *base*."""
    low = (run & -run).bit_length() - 1
    high = run.bit_length() - 1
    return run << base, base + low, base + high


def suit_classes(suit: int, mine: int, alive: int, jd_scores: bool) -> tuple[tuple[int, int, int], ...]:
    """The groups of equivalent cards among *mine* (13-bit ranks of *suit*)
    with *alive* the ranks not yet gathered: runs with no other live card
    between them, from the highest; Q♠ (and J♦ when it scores) stand
    alone.  The one statement of card equivalence for both solvers."""
    special = -1
    if suit == 3:
        special = QUEEN_OF_SPADES % 13
    elif suit == 1 and jd_scores:
        special = JACK_OF_DIAMONDS % 13
    base = 13 * suit
    out: list[tuple[int, int, int]] = []
    run = 0
    for rank in range(12, -1, -1):
        bit = 1 << rank
        if not alive & bit:
            continue    # gathered already: separates nothing
        if mine & bit and rank != special:
            run |= bit
            continue
        if run:
            out.append(run_class(run, base))
            run = 0
        if mine & bit:  # the special card: a group of its own
            out.append((1 << (base + rank), base + rank, base + rank))
    if run:
        out.append(run_class(run, base))
    return tuple(out)


def legal_classes(legal: int, alive: int, jd_scores: bool,
                  cache: dict[int, tuple[tuple[int, int, int], ...]]) -> list[tuple[int, int, int]]:
    """(group mask, lowest card, highest card) of each group of equivalent
    *legal* cards (:func:`suit_classes`, suit by suit, cached in *cache*);
    *alive* is every card not yet gathered."""
    out: list[tuple[int, int, int]] = []
    for suit in range(4):
        lm = (legal >> (13 * suit)) & _SUIT
        if not lm:
            continue
        am = (alive >> (13 * suit)) & _SUIT
        key = (suit << 26) | (am << 13) | lm
        r = cache.get(key)
        if r is None:
            r = suit_classes(suit, lm, am, jd_scores)
            cache[key] = r
        out.extend(r)
    return out


def squeeze_bits(x: int, alive: int) -> int:
    """The bits of *x* at the places where *alive* has a bit, packed from
    the lowest (the cards of *x* numbered among the cards *alive*, every
    suit one after the other): a bit plane of the table's key
    (:meth:`ExactSolver._key`) built from scratch.  The one loop of
    :func:`pext_bits` (selfish27: it was a loop of its own over every card
    alive, kept apart while that read wrong compiled past bit 31)."""
    return int(pext_bits(x & alive, alive))


def drop_cards3(q0: i64, q1: i64, q2: i64, before: i64, gone: i64,
                three: bool) -> tuple[i64, i64, i64]:
    """Key planes *q0*, *q1* (and *q2* when *three*: five or six seats),
    squeezed among the cards *before* (:func:`squeeze_bits`), with the
    cards *gone* (among them) taken out: what :func:`squeeze_bits` gives
    among ``before & ~gone``.  The cards go from the lowest up, each at its
    place among the cards before less the cards already taken out (all
    below it).  A card's place is read suit by suit (selfish29): the cards
    before in the suits below it, counted a suit at a time as the suits go
    by, and those of its own suit below it, both from :data:`_SUIT_POP`
    (compiled, a load inline each, where a 52-bit :func:`bit_count` was a
    call of about 27 instructions a card).  Machine words only: every
    shift is of a variable (mypyc writes a constant ``1 << k`` as a 32-bit
    C int; see :meth:`ExactSolver._ordered`)."""
    k: i64 = 0
    base: i64 = 0
    m: i64 = gone
    bf: i64 = before
    while m:
        g: i64 = m & _SUIT
        bs: i64 = bf & _SUIT
        while g:
            b: i64 = g & -g
            g ^= b
            i: i64 = base + _SUIT_POP[bs & (b - 1)] - k
            k += 1
            j: i64 = i + 1
            q0 = (q0 ^ ((q0 >> i) << i)) | ((q0 >> j) << i)
            q1 = (q1 ^ ((q1 >> i) << i)) | ((q1 >> j) << i)
            if three:
                q2 = (q2 ^ ((q2 >> i) << i)) | ((q2 >> j) << i)
        base += _SUIT_POP[bs]
        m >>= 13
        bf >>= 13
    return q0, q1, q2


def bit_count(x: i64) -> i64:
    """The number of bits set in *x* (below ``2 ** 56``: a set of cards),
    by adding neighbouring fields (no table, no multiplication that could
    pass a machine word): compiled, a dozen machine instructions where a
    lookup in the popcount table (:data:`_POP13`) boxes its index and
    unboxes its item (selfish25)."""
    x = x - ((x >> 1) & 0x55555555555555)
    x = (x & 0x33333333333333) + ((x >> 2) & 0x33333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F
    x += x >> 8
    x += x >> 16
    x += x >> 32
    return x & 0x7F


def drop_cards(q: int, before: int, gone: int) -> int:
    """One key plane *q* squeezed among the cards *before* with the cards
    *gone* taken out (:func:`drop_cards3`, one plane)."""
    return int(drop_cards3(q, 0, 0, before, gone, False)[0])


def pext_bits(h: i64, r: i64) -> i64:
    """The bits of *h* at the places where *r* (which holds them: *h* a
    subset of *r*, both below ``2 ** 62``) has a bit, packed from the
    lowest: one seat's cards of a suit squeezed, or a key plane among every
    card alive (:func:`squeeze_bits`).  The bit written is a machine word
    doubled at each place (no shift of a constant: mypyc writes
    ``i64(1) << j`` as C's ``1 << j``, a 32-bit int, so compiled this read
    wrong past bit 31 where pure Python was right; selfish27,
    tests/test_exact_selfish27.py).  Stops at *h*'s last bit."""
    out: i64 = 0
    bit: i64 = 1
    while h:
        low: i64 = r & -r
        if h & low:
            out |= bit
            h ^= low
        bit += bit
        r ^= low
    return out


class Solved:
    """The values of one position: each legal card's points for the seat
    to move (under the natural tie order, and the reversed one for the
    selfish model), the nodes searched and the CPU time."""

    __slots__ = ("cpu", "model", "nodes", "reversed_values", "values")

    def __init__(self, model: str, values: dict[int, int], reversed_values: dict[int, int] | None,
                 nodes: int, cpu: float) -> None:
        self.model = model
        self.values = values
        #: selfish only: the values when indifferent seats break ties the other way
        self.reversed_values = reversed_values
        self.nodes = nodes
        self.cpu = cpu

    @property
    def best(self) -> int:
        """The fewest points the mover can end with."""
        return min(self.values.values())

    def tie_sensitive(self, card: int) -> bool:
        """Whether *card*'s value depends on how indifferent seats break ties."""
        return self.reversed_values is not None and self.reversed_values[card] != self.values[card]


def solve_position(state: GameState, model: str = SELFISH,
                   moon_choices: Sequence[str] | None = None,
                   solvers: dict[tuple[str, bool], ExactSolver] | None = None,
                   ties: bool = True, max_nodes: int = 0,
                   progress: Callable[[int, int], None] | None = None) -> Solved:
    """Every legal card's value at *state* in *model* (selfish: under both
    tie orders unless *ties* is false).  *solvers*, when given, keeps the
    solvers (and their tables) between positions of the same deal.
    *max_nodes* (0: no limit) bounds the nodes each tie order may search
    for this position, so that a command asked for a position too deep to
    solve stops with :class:`SearchLimit` instead of running for hours.
    *progress*, when given, is told (the tie order searched, 0 or 1; the
    nodes that order has searched for this position) as the search goes
    (every :attr:`ExactSolver.progress_every` nodes, and once as each order
    starts): a search from the opening lead runs for minutes, and a person
    at a terminal should see it working and how close it is to the limit."""
    pool = {} if solvers is None else solvers
    t0 = time.process_time()

    def run(rev: bool) -> tuple[dict[int, int], int]:
        sv = pool.get((model, rev))
        if sv is None:
            sv = ExactSolver(state.rules, model, rev, moon_choices)
            pool[(model, rev)] = sv
        before = sv.nodes
        sv.node_limit = before + max_nodes if max_nodes > 0 else _NO_LIMIT
        if progress is not None:
            order = 1 if rev else 0
            progress(order, 0)
            sv.progress = lambda nodes: progress(order, nodes - before)
        try:
            values = sv.card_values(state)
        finally:
            sv.progress = None
        return values, sv.nodes - before

    values, nodes = run(False)
    rev_values: dict[int, int] | None = None
    if model == SELFISH and ties:
        rev_values, more = run(True)
        nodes += more
    return Solved(model, values, rev_values, nodes, time.process_time() - t0)


__all__ = ["MODELS", "PARANOID", "SELFISH", "ExactSolver", "SearchLimit", "Solved", "alive_mask",
           "ducks", "legal_classes", "order_key", "pack_points", "packed_points",
           "run_class",
           "solve_position", "suit_classes", "sweeps"]
