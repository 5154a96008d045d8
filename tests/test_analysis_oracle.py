"""The exact solver against an independent oracle, on random endgames of every preset.

The oracle below is written from the solver's *documented* contract
(docs/analysis.md, "The exact solver"), not from its code: it shares no
function with :mod:`hearts_notation.analysis.solver` or
:mod:`hearts_notation.analysis.state`.  It plays every legal card at every
node on plain tuples, and asks the core's game state only for the rules of play
(legal cards, trick winner, hearts broken, the deal's points with the moon).
Its tie policy is the documented one, coded again here from the words:

* following suit: the cards under the card winning the trick, highest first,
  then the cards above it, lowest first;
* void in the led suit: Q♠, then hearts from the highest, then the other
  cards from the highest rank (clubs, diamonds, spades at equal rank);
* leading: every card but hearts and Q♠ first, each group by rank from the
  lowest (clubs, diamonds, hearts, spades at equal rank).

If the solver's merging of equivalent cards, its transposition table, its
cut-offs or its move order ever changed a value, these tests would fail.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from hearts_notation.analysis.solver import Solver
from hearts_notation.analysis.state import PlayState
from hearts_notation.cards import HEARTS, QUEEN_OF_SPADES
from hearts_notation.generate import random_hands
from hearts_notation.rules import RuleSet, parse_rules, preset_names
from hearts_notation.state import breaks_hearts, deal_points, legal_plays, trick_winner
from tests.budget import presets


def _bits(mask: int) -> list[int]:
    return [c for c in range(52) if mask >> c & 1]


def tie_order(cards: Sequence[int], trick: Sequence[int]) -> list[int]:
    """The documented order in which an indifferent seat tries its cards."""
    cards = list(cards)
    if not trick:
        plain = sorted((c for c in cards if c // 13 != HEARTS and c != QUEEN_OF_SPADES),
                       key=lambda c: (c % 13, c // 13))
        pen = sorted((c for c in cards if c // 13 == HEARTS or c == QUEEN_OF_SPADES),
                     key=lambda c: (c % 13, c // 13))
        return plain + pen
    led = trick[0] // 13
    if any(c // 13 == led for c in cards):
        top = max(c for c in trick if c // 13 == led)
        under = sorted((c for c in cards if c < top), reverse=True)
        over = sorted(c for c in cards if c > top)
        return under + over
    out = [QUEEN_OF_SPADES] if QUEEN_OF_SPADES in cards else []
    out += sorted((c for c in cards if c // 13 == HEARTS), reverse=True)
    out += sorted((c for c in cards if c // 13 != HEARTS and c != QUEEN_OF_SPADES),
                  key=lambda c: (-(c % 13), c // 13))
    return out


class Oracle:
    """Plain max^n search: each seat keeps the first card, in the tie order,
    of those that give it the fewest final points for the deal."""

    def __init__(self, rules: RuleSet, n: int) -> None:
        self.rules = rules
        self.n = n
        self.choice = "subtract" if rules.moon == "subtract" else "add"

    def values(self, hands: Sequence[int], leader: int, trick: Sequence[int], first: bool,
               broken: bool, taken: Sequence[int]) -> dict[int, int]:
        """Final points of the seat to move for each of its legal cards."""
        me = (leader + len(trick)) % self.n
        out = {}
        for c in self._legal(hands, me, trick, first, broken):
            out[c] = self._after(hands, leader, trick, first, broken, taken, me, c)[me]
        return out

    def _legal(self, hands: Sequence[int], s: int, trick: Sequence[int], first: bool,
               broken: bool) -> list[int]:
        led = trick[0] // 13 if trick else None
        return tie_order(_bits(legal_plays(self.rules, hands[s], led, first, broken)), trick)

    def _after(self, hands: Sequence[int], leader: int, trick: Sequence[int], first: bool,
               broken: bool, taken: Sequence[int], s: int, card: int) -> list[int]:
        hands = list(hands)
        hands[s] &= ~(1 << card)
        trick = [*trick, card]
        if len(trick) < self.n:
            return self._node(hands, leader, trick, first, broken, taken)
        w = (leader + trick_winner(trick)) % self.n
        taken = list(taken)
        for c in trick:
            taken[w] |= 1 << c
        led = trick[0] // 13
        broken = broken or any(breaks_hearts(self.rules, c, led) for c in trick)
        if not any(hands):
            return deal_points(self.rules, taken, self.choice)[0]
        return self._node(hands, w, [], False, broken, taken)

    def _node(self, hands: Sequence[int], leader: int, trick: Sequence[int], first: bool,
              broken: bool, taken: Sequence[int]) -> list[int]:
        s = (leader + len(trick)) % self.n
        best: list[int] | None = None
        for c in self._legal(hands, s, trick, first, broken):
            v = self._after(hands, leader, trick, first, broken, taken, s, c)
            if best is None or v[s] < best[s]:
                best = v
        assert best is not None
        return best


def endgame(rules: RuleSet, rng: random.Random, tricks_left: int
            ) -> tuple[list[int], int, list[int], bool, bool, list[int]]:
    """A random position reached by random legal play: hands, leader, the
    cards of the trick in progress, first trick?, hearts broken?, taken."""
    n = rules.players
    hands = list(random_hands(rules, rng))
    leader = next(s for s in range(n) if hands[s] >> rules.lowest_club & 1)
    taken = [0] * n
    broken = False
    for t in range(rules.tricks_per_deal - tricks_left):
        trick: list[int] = []
        for k in range(n):
            s = (leader + k) % n
            led = trick[0] // 13 if trick else None
            c = rng.choice(_bits(legal_plays(rules, hands[s], led, t == 0, broken)))
            hands[s] &= ~(1 << c)
            trick.append(c)
        w = (leader + trick_winner(trick)) % n
        for c in trick:
            taken[w] |= 1 << c
        broken = broken or any(breaks_hearts(rules, c, trick[0] // 13) for c in trick)
        leader = w
    trick = []
    first = tricks_left == rules.tricks_per_deal
    for k in range(rng.randrange(n)):
        s = (leader + k) % n
        led = trick[0] // 13 if trick else None
        c = rng.choice(_bits(legal_plays(rules, hands[s], led, first, broken)))
        hands[s] &= ~(1 << c)
        trick.append(c)
    return hands, leader, trick, first, broken, taken


PRESETS = preset_names()
COUNT = 400


@pytest.mark.parametrize("preset", presets(PRESETS))
def test_solver_matches_the_independent_oracle(preset: str) -> None:
    """400 random endgames per preset (1 to 3 tricks left; 1 to 2 with five
    or more players), at every point of a trick: equal values for every
    legal card."""
    rules = parse_rules(preset)
    n = rules.players
    rng = random.Random(f"oracle/{preset}")
    solver = Solver(rules, n)      # one solver for all: its caches must stay right
    oracle = Oracle(rules, n)
    for i in range(COUNT):
        left = 1 + i % (3 if n <= 4 else 2)
        hands, leader, trick, first, broken, taken = endgame(rules, rng, left)
        st = PlayState(rules, hands, leader, rules.tricks_per_deal - left, broken,
                       [((leader + k) % n, c) for k, c in enumerate(trick)], taken)
        want = oracle.values(hands, leader, trick, first, broken, taken)
        assert solver.card_values(st) == want, (preset, i, st)


def test_solver_matches_the_oracle_on_four_tricks() -> None:
    """A few deeper endgames (the oracle takes seconds each)."""
    rules = parse_rules("standard")
    rng = random.Random("oracle/deep")
    solver = Solver(rules, 4)
    oracle = Oracle(rules, 4)
    for _ in range(3):
        hands, leader, trick, first, broken, taken = endgame(rules, rng, 4)
        st = PlayState(rules, hands, leader, rules.tricks_per_deal - 4, broken,
                       [((leader + k) % 4, c) for k, c in enumerate(trick)], taken)
        assert solver.card_values(st) == oracle.values(hands, leader, trick, first, broken, taken)


def test_the_tie_order_ducks_with_the_highest_card_first() -> None:
    """The documented order itself (the solver once tried the lowest duck first)."""
    from hearts_notation.cards import parse_card

    k = {t: parse_card(t) for t in ("2S", "5S", "9S", "JS", "KS", "AS")}
    assert tie_order([k["2S"], k["5S"], k["9S"], k["KS"]], [k["JS"]]) == [
        k["9S"], k["5S"], k["2S"], k["KS"]]
