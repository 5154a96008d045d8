"""Exact endgame solver: the value of every legal card when all hands are known.

Opponent model (max^n)
----------------------
Hearts is not a two-sided game, so there is no single "opponent".  The
solver uses max^n: every seat, at its turn, plays the card that minimises
*its own* final points for the deal (with the moon rule, so a defender
prefers taking one heart to letting a moon give it 26).  When a seat has
several cards of equal value to itself, it plays the first of them in a
fixed, natural order (:func:`order_key`: the highest card that ducks under
the winner, Q♠ then the highest heart when void, the lowest card when
leading).  The rule is complete, so the value of a card is a well-defined
number that a plain search (:func:`brute_force_values`) reproduces exactly.

Why not "paranoid" (everyone else minimising the analysed seat's result)?
Because in Hearts the others do not form a team: a paranoid search has them
take points themselves just to hurt one seat, and marks sound plays as
blunders.  Max^n keeps each seat selfish, which is how people play.

Why not break ties against the analysed seat?  It was measured: it forbids
the cut-off below (a seat that already has its best result must still try
every card in case one hurts the analysed seat more), which made 5-trick
endgames 15 times slower (54 ms against 3 ms median), and a player who is
indifferent does not, in practice, look for the card that hurts one
particular opponent: they play the natural card, which is what the fixed
order models.

Speed
-----
* Equivalent cards are merged: two cards of one seat with nothing between
  them in their suit but cards already played (or cards of the same seat)
  win and lose the same tricks, so only one is searched.  Q♠ is never merged
  with its neighbours, nor J♦ when it scores.
* A transposition table at trick boundaries is keyed on *relative* ranks:
  after removing the cards already played, each suit is renumbered, so
  positions that differ only by which small cards are gone share an entry.
  Values are stored as points still to come (the moon state is part of the
  key), so the entry is valid whatever was taken before.
* Cut-offs: once no card worth points is left, the rest of the deal cannot
  change anybody's score; a seat that achieves the best result it could
  possibly get (its lower bound) stops looking at further cards.
* Move ordering: cards are tried in an order that finds those best results
  early (duck under the winner, dump penalty cards when void, lead low), and
  that same fixed order defines the tie rule above, so the cut-offs never
  change the answer.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import HEARTS, JACK_OF_DIAMONDS, QUEEN_OF_SPADES, iter_bits
from ..rules import RuleSet
from ..state import breaks_hearts, deal_points, led_suit, legal_plays, raw_points, trick_winner
from .exact import alive_mask, legal_classes, relative_key
from .state import (
    MOON_OPEN,
    MOON_SPLIT,
    PlayState,
    moon_adjustments,
    moon_choice,
    moon_state,
    next_moon_state,
    penalty_mask,
    scoring_mask,
)

Vector = tuple[int, ...]


def order_key(card: int, led: int | None, winning: int) -> int:
    """Sort key of *card* in the fixed move order (smaller first).

    Following suit: the highest card under the card winning the trick (a
    duck), then the cards above it from the lowest.  Discarding: Q♠, then
    hearts from the highest, then the other suits' cards from the highest.
    Leading: the lowest card of each suit first, hearts and Q♠ last.

    Equivalent cards (adjacent once played cards are removed) always stay
    adjacent in this order, which the solver relies on: it searches one
    card per group and the group keeps its place.
    """
    suit = card // 13
    rank = card % 13
    if led is None:
        pen = 1 if (suit == HEARTS or card == QUEEN_OF_SPADES) else 0
        return pen * 100 + rank * 4 + suit
    if suit == led:
        if winning >= 0 and card < winning:
            return winning - card  # 1..12: the highest duck (closest below the winner) first
        return 20 + rank
    if card == QUEEN_OF_SPADES:
        return 0
    if suit == HEARTS:
        return 20 - rank
    return 40 + (12 - rank) * 4 + suit


class Solver:
    """Exact max^n search over positions with all hands known.

    One solver can be reused for many positions under the same rules and
    number of players: its caches (transposition table, equivalence
    classes) stay valid, because every entry is keyed on everything it
    depends on.
    """

    #: Above this many entries the transposition table is emptied (memory).
    TT_LIMIT = 1_000_000

    def __init__(self, rules: RuleSet, n: int | None = None,
                 moon_choices: Sequence[str] | None = None, reverse_ties: bool = False) -> None:
        self.rules = rules
        self.n = n or rules.players
        self.pen = penalty_mask(rules)
        self.scoring = scoring_mask(rules)
        self.jd_scores = bool(self.scoring >> JACK_OF_DIAMONDS & 1)
        self.jd_bonus = min(0, rules.jack_of_diamonds) if self.jd_scores else 0
        self.choice = moon_choice(rules)
        #: How a moon by each seat is scored: the rules' way, or under
        #: ``moon: choose`` the shooter's choice for the game's totals
        #: (given by the caller, from :func:`scoring.moon_choice`).
        self.choices = tuple(moon_choices) if moon_choices is not None else (self.choice,) * self.n
        #: Indifferent seats try their cards in the reverse of the natural
        #: order (the tie-policy sensitivity check, see docs/analysis.md).
        self.reverse_ties = reverse_ties
        by_choice = {c: moon_adjustments(rules, self.n, c) for c in set(self.choices)}
        zero = (0,) * self.n
        self.terminal: dict[int, Vector] = {MOON_OPEN: zero, MOON_SPLIT: zero}
        for k in range(self.n):
            self.terminal[k] = by_choice[self.choices[k]][k]
        # breaks[lead][card]: does card, played to a trick whose first card is lead, open hearts?
        by_suit = [[breaks_hearts(rules, c, led) for c in range(52)] for led in range(4)]
        self.breaks = [by_suit[led_suit([lead]) or 0] for lead in range(52)]
        self.tt: dict[tuple[int, ...], Vector] = {}
        self._reps: dict[int, tuple[tuple[int, int, int], ...]] = {}
        self._comp: dict[int, int] = {}
        self.nodes = 0

    # -- public -----------------------------------------------------------

    def card_values(self, state: PlayState, only: int = -1) -> dict[int, int]:
        """Final deal points of the seat to move for each of its legal cards
        (only those of the classes of equivalent cards that meet the mask
        *only*: a comparison of two cards need not search the others, and
        each class is valued by its own search, so the values are the same)."""
        s = state.to_move
        moon = moon_state(self.rules, state.taken)
        hands = list(state.hands)
        cards = list(state.trick)
        first = state.trick_no == 0
        legal = legal_plays(self.rules, hands[s], led_suit(cards), first, state.broken)
        base = raw_points(self.rules, state.taken[s])
        alive = alive_mask(hands, cards)
        out: dict[int, int] = {}
        if not alive & self.scoring:
            rest = self.terminal[moon][s]
            return {c: base + rest for c in iter_bits(legal)}
        h = hands[s]
        for cls, low, _high in self._classes(legal, alive):
            if not cls & only:
                continue
            hands[s] = h & ~(1 << low)
            cards.append(low)
            v = self._play(hands, state.leader, first, state.broken, moon, cards)
            cards.pop()
            for c in iter_bits(cls):
                out[c] = base + v[s]
        hands[s] = h
        self._trim()
        return out

    def final_points(self, taken: Sequence[int]) -> list[int]:
        """Points of each seat for a finished deal, the moon scored as
        this solver scores it (the engine's :func:`deal_points`)."""
        pts, shooter = deal_points(self.rules, taken, "add")
        if shooter is not None and self.choices[shooter] != "add":
            pts = deal_points(self.rules, taken, self.choices[shooter])[0]
        return pts

    def value(self, state: PlayState) -> list[int]:
        """Final points of every seat when everyone plays on by max^n from
        *state*: the exact tail of a play-out."""
        moon = moon_state(self.rules, state.taken)
        cards = list(state.trick)
        v = self._play(list(state.hands), state.leader, state.trick_no == 0, state.broken, moon, cards)
        self._trim()
        return [raw_points(self.rules, state.taken[i]) + v[i] for i in range(self.n)]

    def ordered_classes(self, legal: int, alive: int,
                        trick: Sequence[tuple[int, int]] = ()) -> list[int]:
        """The *legal* cards as classes of equivalent cards (masks), in the
        natural order that breaks ties (:func:`order_key`).  *alive* is
        every card not yet played in a complete trick."""
        cards = [c for _, c in trick]
        led = led_suit(cards)
        winning = cards[trick_winner(cards)] if cards else -1
        return [m for _, m in _natural(self._classes(legal, alive), led, winning)]

    def _trim(self) -> None:
        if len(self.tt) > self.TT_LIMIT:
            self.tt.clear()
        if len(self._reps) > self.TT_LIMIT:
            self._reps.clear()

    # -- search -----------------------------------------------------------

    def _classes(self, legal: int, alive: int) -> list[tuple[int, int, int]]:
        """(class mask, lowest card, highest card) for each group of
        equivalent legal cards."""
        return legal_classes(legal, alive, self.jd_scores, self._reps)

    def _play(self, hands: list[int], leader: int, first: bool, broken: bool, moon: int,
              cards: list[int]) -> Vector:
        """Value (points still to come, per seat) of the trick in progress
        with *cards* already on it."""
        n = self.n
        pos = len(cards)
        if pos == n:
            return self._end_trick(hands, leader, broken, moon, cards)
        self.nodes += 1
        s = (leader + pos) % n
        h = hands[s]
        led = led_suit(cards)
        legal = legal_plays(self.rules, h, led, first, broken)
        if legal & (legal - 1) == 0:  # one card: no choice
            hands[s] = h & ~legal
            cards.append(legal.bit_length() - 1)
            v = self._play(hands, leader, first, broken, moon, cards)
            cards.pop()
            hands[s] = h
            return v
        alive = alive_mask(hands, cards)
        if not alive & self.scoring:
            return self.terminal[moon]  # no point left: nothing can change
        classes = self._classes(legal, alive)
        if len(classes) == 1:
            order = [classes[0][1]]
        else:
            winning = cards[trick_winner(cards)] if pos else -1     # the card to beat
            order = [c for c, _ in _natural(classes, led, winning, self.reverse_ties)]
        lb = 0 if moon != MOON_OPEN and moon != s else -1000
        if self.jd_bonus and alive >> JACK_OF_DIAMONDS & 1:
            lb += self.jd_bonus
        best: Vector | None = None
        best_own = 0
        for c in order:
            hands[s] = h & ~(1 << c)
            cards.append(c)
            v = self._play(hands, leader, first, broken, moon, cards)
            cards.pop()
            own = v[s]
            if best is None or own < best_own:
                best, best_own = v, own
                if own <= lb:
                    break  # nothing can do better for s, and ties keep the first
        hands[s] = h
        assert best is not None
        return best

    def _end_trick(self, hands: list[int], leader: int, broken: bool, moon: int,
                   cards: list[int]) -> Vector:
        n = self.n
        w = (leader + trick_winner(cards)) % n
        mask = 0
        brk = self.breaks[cards[0]]
        nb = broken
        for c in cards:
            mask |= 1 << c
            if brk[c]:
                nb = True
        if mask & self.scoring:
            pts = raw_points(self.rules, mask)
            nm = next_moon_state(moon, w, mask & self.pen)
        else:
            pts = 0
            nm = moon
        child = self._boundary(hands, w, nb, nm)
        if pts:
            lst = list(child)
            lst[w] += pts
            return tuple(lst)
        return child

    def _boundary(self, hands: list[int], leader: int, broken: bool, moon: int) -> Vector:
        rem = 0
        for h in hands:
            rem |= h
        if not rem & self.scoring:
            return self.terminal[moon]  # no point left: nothing can change
        n = self.n
        if rem.bit_count() == n and all(hands):
            # Last trick: every card is forced.
            cards = [hands[(leader + i) % n].bit_length() - 1 for i in range(n)]
            saved = list(hands)
            for i in range(n):
                hands[i] = 0
            last = self._end_trick(hands, leader, broken, moon, cards)
            hands[:] = saved
            return last
        key = self._key(hands, rem, leader, broken, moon)
        v = self.tt.get(key)
        if v is None:
            v = self._play(hands, leader, False, broken, moon, [])
            self.tt[key] = v
        return v

    def _key(self, hands: Sequence[int], rem: int, leader: int, broken: bool,
             moon: int) -> tuple[int, ...]:
        """Transposition key on relative ranks (see the module docstring).

        The key is :func:`hearts_notation.analysis.exact.relative_key`'s,
        shared with the whole-deal solver.
        """
        head = leader | (int(broken) << 4) | ((moon + 2) << 5)
        return relative_key(hands, self.n, head, rem, self.jd_scores, self._comp)


def _natural(classes: Sequence[tuple[int, int, int]], led: int | None,
             winning: int, reverse: bool = False) -> list[tuple[int, int]]:
    """(card, class mask) in the fixed order (or its reverse); the member
    of each class that comes first in that order stands for it (classes
    never straddle the winning card, so that member is its lowest or its
    highest card)."""
    keyed = []
    for cls, low, high in classes:
        first_low = led is None or (low // 13 == led and low > winning)
        c = low if first_low != reverse else high
        keyed.append((order_key(c, led, winning), c, cls))
    keyed.sort(reverse=reverse)
    return [(c, cls) for _, c, cls in keyed]


# -- reference search, for the tests ----------------------------------------


def brute_force_values(state: PlayState) -> dict[int, int]:
    """The same values as :meth:`Solver.card_values`, by plain search over
    every legal card, with no merging, no table and no cut-off.  Slow; it
    exists so that the tests can check the solver against it."""
    st = state.copy()
    root = st.to_move
    choice = moon_choice(st.rules)
    out: dict[int, int] = {}
    for c in _ordered(st):
        u = st.play(c)
        out[c] = _bf(st, choice)[root]
        st.undo(u)
    return out


def _ordered(st: PlayState) -> list[int]:
    led = st.led_suit
    cards = list(st.trick)
    winning = cards[trick_winner(cards)] if cards else -1
    return sorted(iter_bits(st.legal()), key=lambda c: order_key(c, led, winning))


def _bf(st: PlayState, choice: str) -> list[int]:
    if st.is_over:
        return st.final_points(choice)
    s = st.to_move
    best: list[int] | None = None
    for c in _ordered(st):
        u = st.play(c)
        v = _bf(st, choice)
        st.undo(u)
        if best is None or v[s] < best[s]:
            best = v
    assert best is not None
    return best
