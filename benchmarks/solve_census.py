"""Where the paranoid whole deal's null-window searches spend their nodes
(issue 24, twenty-ninth round).

    python benchmarks/solve_census.py [--deals 20] [--seed 2026] [--tricks 13]
                                      [--node-limit 1000000] [--positions 2,4,...]

Runs the exact solver in pure Python (``HEARTS_NOTATION_PURE=1`` is set
here: a subclass cannot wrap compiled methods) on ``bench_solve.py``'s
positions, the paranoid model, and for each MTD(f) search of the root
prints its bound and nodes (``*`` marks the *top test*, the first search
of a root card while the moon is open: can the opponents hand one of them
every point?); it sorts every node (a call of ``_ab`` before a trick's
end) into a bucket:

* the bound of the root search it belongs to (26: the top test from the
  opening lead; 25: the search under it; ...);
* tricks left;
* the moon: ``open`` (nobody has a point), ``alone`` (one opponent alone
  has points: only its moon reaches the window), or another state;
* Q♠: ``gone`` (gathered), held by ``me`` (the analysed seat), by the
  ``shooter`` (the opponent alone with points), or by an ``other`` seat;
* whether the analysed seat still holds a heart (``H`` or ``-``);
* with the moon ``alone`` and Q♠ alive (a table of its own): the
  analysed seat's spades above Q♠ and the Q♠ holder's other spades.

Nothing in ``analysis/exact.py`` changes: the counts come from wrapping
``_ab`` and ``_mtd``, which costs time (pure Python, about 20,000 nodes a
second), so each position is counted up to ``--node-limit`` nodes.
"""

from __future__ import annotations

import os

os.environ["HEARTS_NOTATION_PURE"] = "1"

import argparse
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_solve import positions

from hearts_notation.analysis.exact import PARANOID, ExactSolver, SearchLimit
from hearts_notation.state import GameState

_QS = 1 << 49           # Q♠ (the solver's card numbering: spades from 39)
_HEARTS = 0x1FFF << 26
_SPADES = 0x1FFF << 39
_ABOVE_QS = _SPADES & ~((2 << 49) - 1)
_MOON_OPEN = -1         # the moon states of the solver (analysis.state: open -1, split -2)


def _pop(x: int) -> int:
    return bin(x).count("1")


class Census(ExactSolver):
    """The paranoid search with ``_ab`` and ``_mtd`` wrapped to count."""

    def __init__(self, *args: object, **kw: object) -> None:
        super().__init__(*args, **kw)  # type: ignore[arg-type]
        self.depth = 0
        self.searching = False     # inside a null-window search of the root
        self.bound = 0             # that search's bound
        self.searches: list[tuple[int, int, int, bool]] = []   # (root card, bound, nodes, top test)
        self.card = 0
        self.first_search = False
        self.buckets: dict[tuple[object, ...], int] = defaultdict(int)
        self.spades: dict[tuple[object, ...], int] = defaultdict(int)

    def _mtd(self, leader: int, first: bool, broken: bool, moon: int,
             cards: list[int], guess: int, held: int) -> int:
        self.card += 1
        self.first_search = moon == _MOON_OPEN
        return super()._mtd(leader, first, broken, moon, cards, guess, held)

    def _ab(self, leader: int, first: bool, broken: bool, moon: int,
            cards: list[int], alpha: int, beta: int, held: int) -> int:
        if self.depth == 0:
            # a null-window search of the root
            top = self.first_search
            self.first_search = False
            self.searching = True
            self.bound = beta
            n0 = self.nodes
            self.depth += 1
            try:
                return super()._ab(leader, first, broken, moon, cards, alpha, beta, held)
            finally:
                self.depth -= 1
                self.searching = False
                self.searches.append((self.card, beta, self.nodes - n0, top))
        pos = len(cards)
        if self.searching and pos < self.n:
            self._count(moon, cards, held)
        self.depth += 1
        try:
            return super()._ab(leader, first, broken, moon, cards, alpha, beta, held)
        finally:
            self.depth -= 1

    def _count(self, moon: int, cards: list[int], held: int) -> None:
        n = self.n
        left = (_pop(held) + len(cards)) // n
        alive = held
        for c in cards:
            alive |= 1 << c
        me = self._me
        if moon == _MOON_OPEN:
            mk = "open"
        elif 0 <= moon != me:
            mk = "alone"
        else:
            mk = "other"
        qs_at = -1
        for i in range(n):
            if self._hand(i) & _QS:
                qs_at = i
        for c in cards:
            if c == 49:
                qs_at = -2      # on the table
        if not alive & _QS:
            qk = "gone"
        elif qs_at == me:
            qk = "me"
        elif qs_at == moon:
            qk = "shooter"
        elif qs_at == -2:
            qk = "table"
        else:
            qk = "other"
        mine = self._hand(me)
        hk = "H" if mine & _HEARTS else "-"
        self.buckets[(self.bound, left, mk, qk, hk)] += 1
        if mk == "alone" and qk in ("shooter", "other", "me"):
            holder = self._hand(qs_at)
            self.spades[(self.bound, qk, _pop(mine & _ABOVE_QS), _pop(holder & _SPADES & ~_QS))] += 1


def _run(state: GameState, limit: int) -> Census:
    sv = Census(state.rules, PARANOID, node_limit=limit)
    try:
        sv.card_values(state)
    except SearchLimit:
        pass
    return sv


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--tricks", type=int, default=13)
    ap.add_argument("--node-limit", type=int, default=1_000_000)
    ap.add_argument("--positions", default="", metavar="K,...",
                    help="only these positions (numbered from 1)")
    args = ap.parse_args()
    states = positions(args.deals, args.seed, args.tricks)
    picks = ([int(k) for k in args.positions.split(",")] if args.positions
             else list(range(1, len(states) + 1)))
    total: dict[tuple[object, ...], int] = defaultdict(int)
    spades: dict[tuple[object, ...], int] = defaultdict(int)
    for k in picks:
        sv = _run(states[k - 1], args.node_limit)
        print(f"position {k}: {sv.nodes:,} nodes, {len(sv.searches)} root searches "
              "(root card, bound, nodes; * the top test): "
              + ", ".join(f"({c}, {b}{'*' if t else ''}, {x:,})"
                          for c, b, x, t in sv.searches[:14])
              + (" ..." if len(sv.searches) > 14 else ""))
        for key, v in sv.buckets.items():
            total[key] += v
        for key, v in sv.spades.items():
            spades[key] += v
    all_nodes = sum(total.values()) or 1
    print(f"\nnodes counted: {all_nodes:,}")
    print("root search's bound | tricks left | moon | Q♠ | analysed seat's hearts | nodes | share")
    for key, v in sorted(total.items(), key=lambda kv: -kv[1])[:30]:
        print(" | ".join(str(x) for x in key) + f" | {v:,} | {100 * v / all_nodes:.1f}%")
    for name, part in (("bound", 0), ("tricks left", 1), ("moon", 2), ("Q♠", 3), ("hearts", 4)):
        agg: dict[object, int] = defaultdict(int)
        for key, v in total.items():
            agg[key[part]] += v
        print(f"by {name}: " + ", ".join(f"{x}: {100 * v / all_nodes:.1f}%"
                                        for x, v in sorted(agg.items(), key=lambda kv: -kv[1])))
    print("\nmoon alone, Q♠ alive: (bound, holder, analysed seat's spades above Q♠, "
          "holder's other spades): nodes")
    for key, v in sorted(spades.items(), key=lambda kv: -kv[1])[:15]:
        print(f"{key}: {v:,} ({100 * v / all_nodes:.1f}%)")


if __name__ == "__main__":
    main()
