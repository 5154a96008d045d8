"""Hidden hands consistent with what one seat knows, drawn uniformly.

Single-dummy analysis asks "what would this card cost, over the deals this
player could be facing?".  A seat knows its own hand, the cards it passed
(the receiver holds them until it plays them), every card played and by
whom, and what each play proves about the player's hand at the time:

* a seat that did not follow suit had none of the led suit;
* a heart or Q♠ discarded on the first trick, where the rules forbid points,
  proves the seat held nothing but such cards;
* a heart led before hearts were broken proves an all-heart hand;
* under ``opening_lead: any-club``, a first lead that is not a club proves
  no club.

These facts are not coded here: each one is read off
:func:`hearts_notation.state.legal_plays` by asking, for every unseen card
*x*, "had the seat also held *x*, would the card it played still have been
legal?".  Every rule of play filters the hand through a fixed list of
"play these first if you have any" masks, so that question, asked card by
card, gives exactly the cards the seat could not have held (see
:func:`forbidden_by_play`), and a new rule in the engine is picked up here
without a change.

Drawing is exact and never rejects: the unseen cards are grouped by the set
of seats that may hold them (at most 2^(n-1) - 1 groups), the number of
complete deals is counted by dynamic programming over how many cards of
each group go to each seat, and a deal is drawn group by group with the
probabilities those counts give.  Every consistent deal is equally likely,
however tight the constraints, and the cost does not grow when they
tighten (rejection sampling would need millions of tries late in a deal).
"""

from __future__ import annotations

import bisect
import itertools
import math
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from .._compiled import reduce_dataclass
from ..rules import RuleSet
from ..state import legal_plays


@lru_cache(maxsize=65536)
def forbidden_by_play(rules: RuleSet, card: int, led: int | None, first: bool, broken: bool) -> int:
    """Cards the player cannot have held when it played *card* in this
    situation: those whose presence would have made *card* illegal."""
    out = 0
    deck = rules.deck_mask
    for x in range(52):
        if x == card or not deck >> x & 1:
            continue
        if not legal_plays(rules, (1 << card) | (1 << x), led, first, broken) >> card & 1:
            out |= 1 << x
    return out


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What seat ``seat`` knows of the other hands at a decision.

    ``hand`` is its own hand now; for every seat, ``counts[s]`` is how many
    cards it holds now, ``fixed[s]`` the cards it is known to hold (cards
    passed to it by ``seat``), ``forbidden[s]`` the cards it cannot hold
    (voids and the other proofs above).  ``pool`` is every card whose place
    is unknown.  The entries for ``seat`` itself are unused.
    """

    n: int
    seat: int
    hand: int
    counts: tuple[int, ...]
    fixed: tuple[int, ...]
    forbidden: tuple[int, ...]
    pool: int

    def needs(self) -> list[int]:
        """Unknown cards each seat still needs."""
        return [0 if s == self.seat else self.counts[s] - self.fixed[s].bit_count()
                for s in range(self.n)]

    def consistent(self) -> bool:
        """Whether the counts add up (a record with errors may not)."""
        need = self.needs()
        if self.hand.bit_count() != self.counts[self.seat] or self.hand & self.pool:
            return False
        return min(need) >= 0 and sum(need) == self.pool.bit_count()

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        return reduce_dataclass(self)   # picklable when compiled (hearts_notation._compiled)

    def relaxed(self) -> Knowledge:
        """The same knowledge without the proofs from play (used when a
        record with errors leaves no consistent deal)."""
        return Knowledge(self.n, self.seat, self.hand, self.counts, self.fixed,
                         (0,) * self.n, self.pool)


class WorldSampler:
    """Uniform draws of the other hands for one :class:`Knowledge`."""

    def __init__(self, know: Knowledge) -> None:
        self.know = know
        others = [s for s in range(know.n) if s != know.seat]
        self.others = others
        groups: dict[int, list[int]] = {}
        pool = know.pool
        while pool:
            low = pool & -pool
            c = low.bit_length() - 1
            pool ^= low
            allowed = 0
            for i, s in enumerate(others):
                if not know.forbidden[s] >> c & 1:
                    allowed |= 1 << i
            groups.setdefault(allowed, []).append(c)
        # Most constrained groups first: fewer branches near the root.
        self.groups = sorted(groups.items(), key=lambda kv: (kv[0].bit_count(), kv[0]))
        self.need = tuple(know.needs()[s] for s in others)
        #: (group, capacities left) -> the splits a draw chooses from, with
        #: their cumulative weights (the last one is the number of deals):
        #: computed once, for counting and for drawing, so that every draw of
        #: the same knowledge is a few look-ups (the analysis draws thousands).
        self._choices: dict[tuple[int, tuple[int, ...]],
                            tuple[list[tuple[tuple[int, ...], tuple[int, ...]]], list[int]]] = {}
        self._total: int | None = None

    def count(self) -> int:
        """Number of distinct deals of the unknown cards consistent with
        the knowledge (0 when none is)."""
        if self._total is None:
            self._total = self._count(0, self.need) if self.know.consistent() else 0
        return self._total

    def _count(self, g: int, caps: tuple[int, ...]) -> int:
        """Deals of groups *g* onwards that fill capacities *caps* exactly:
        the last cumulative weight of :meth:`_options` (one loop, one memo,
        for counting and for drawing)."""
        if g == len(self.groups):
            return 1 if not any(caps) else 0
        cumulative = self._options(g, caps)[1]
        return cumulative[-1] if cumulative else 0

    def _splits(self, allowed: int, m: int,
                caps: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], int]]:
        """Ways to give *m* cards of one group to the allowed seats within
        their capacities: (cards per seat, number of ways = multinomial)."""
        seats = [i for i in range(len(caps)) if allowed >> i & 1]
        k = len(caps)

        def rec(j: int, left: int, acc: list[int]) -> Iterator[list[int]]:
            if j == len(seats) - 1:
                if left <= caps[seats[j]]:
                    acc.append(left)
                    yield acc
                    acc.pop()
                return
            for x in range(min(left, caps[seats[j]]) + 1):
                acc.append(x)
                yield from rec(j + 1, left - x, acc)
                acc.pop()

        if not seats:
            if m == 0:
                yield (0,) * k, 1
            return
        for parts in rec(0, m, []):
            split = [0] * k
            ways = math.factorial(m)
            for i, x in zip(seats, parts, strict=True):
                split[i] = x
                ways //= math.factorial(x)
            yield tuple(split), ways

    def sample(self, rng: random.Random) -> tuple[int, ...]:
        """One deal: every seat's full hand (own hand, fixed cards and drawn
        cards), uniformly among the consistent deals."""
        know = self.know
        total = self.count()
        if total == 0:
            raise ValueError("no deal of the unseen cards fits what this seat knows")
        caps = self.need
        drawn = [0] * len(self.others)
        bits = rng.getrandbits     # looked up once, not at every draw
        for g, (_allowed, cards) in enumerate(self.groups):
            options, cumulative = self._options(g, caps)
            pick = bisect.bisect_right(cumulative, _below(bits, cumulative[-1]))
            split, caps = options[pick]
            shuffled = list(cards)
            # rng.shuffle(shuffled), draw for draw (see _below)
            for i in range(len(shuffled) - 1, 0, -1):
                j = _below(bits, i + 1)
                shuffled[i], shuffled[j] = shuffled[j], shuffled[i]
            at = 0
            for i, x in enumerate(split):
                for c in shuffled[at:at + x]:
                    drawn[i] |= 1 << c
                at += x
        hands = [0] * know.n
        hands[know.seat] = know.hand
        for i, s in enumerate(self.others):
            hands[s] = drawn[i] | know.fixed[s]
        return tuple(hands)

    def _options(self, g: int, caps: tuple[int, ...]
                 ) -> tuple[list[tuple[tuple[int, ...], tuple[int, ...]]], list[int]]:
        """The splits of group *g* that leave a completable deal, with the
        cumulative number of deals through each (the weights of a draw;
        the last is the number of deals from group *g* on, see
        :meth:`_count`).  ``g`` is below the number of groups."""
        key = (g, caps)
        hit = self._choices.get(key)
        if hit is not None:
            return hit
        allowed, cards = self.groups[g]
        options: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        cumulative: list[int] = []
        acc = 0
        for split, ways in self._splits(allowed, len(cards), caps):
            rest = tuple(c - k for c, k in zip(caps, split, strict=True))
            sub = self._count(g + 1, rest)
            if sub:
                acc += ways * sub
                options.append((split, rest))
                cumulative.append(acc)
        self._choices[key] = (options, cumulative)
        return options, cumulative

    def enumerate(self) -> Iterator[tuple[int, ...]]:
        """Every consistent deal once (use when :meth:`count` is small)."""
        if self.count() == 0:
            return
        know = self.know
        k = len(self.others)

        def rec(g: int, caps: tuple[int, ...], drawn: list[int]) -> Iterator[tuple[int, ...]]:
            if g == len(self.groups):
                if any(caps):
                    return
                hands = [0] * know.n
                hands[know.seat] = know.hand
                for i, s in enumerate(self.others):
                    hands[s] = drawn[i] | know.fixed[s]
                yield tuple(hands)
                return
            allowed, cards = self.groups[g]
            for split, _ways in self._splits(allowed, len(cards), caps):
                rest = tuple(c - x for c, x in zip(caps, split, strict=True))
                if not self._count(g + 1, rest):
                    continue
                for parts in _partitions(cards, split):
                    yield from rec(g + 1, rest, [drawn[i] | parts[i] for i in range(k)])

        yield from rec(0, self.need, [0] * k)

    def samples(self, count: int, rng: random.Random) -> list[tuple[int, ...]]:
        """*count* independent draws."""
        return [self.sample(rng) for _ in range(count)]


def _below(getrandbits: Callable[[int], int], n: int) -> int:
    """``rng.randrange(n)`` (*n* > 0), draw for draw: ``random.Random``'s own
    ``_randbelow`` (the same in Python 3.11 to 3.13), on its ``getrandbits``.
    Written here so that drawing a world runs compiled: ``randrange`` and
    ``shuffle`` are interpreted code of the ``random`` module, and they were
    most of the cost of a draw (issue 24); the worlds drawn are the same."""
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def _partitions(cards: Sequence[int], split: Sequence[int]) -> Iterator[list[int]]:
    """Every way to give ``split[i]`` of *cards* to seat *i* (as masks)."""
    if not split:
        yield []
        return
    first, rest = split[0], split[1:]
    for combo in itertools.combinations(cards, first):
        chosen = set(combo)
        m = 0
        for c in combo:
            m |= 1 << c
        left = [c for c in cards if c not in chosen]
        for tail in _partitions(left, rest):
            yield [m, *tail]
