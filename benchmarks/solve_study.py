"""Where the paranoid search's nodes go (issue 24, twenty-fifth round).

    python benchmarks/solve_study.py [--deals 20] [--seed 2026] [--tricks 13]
                                     [--node-limit 1000000] [--positions 2,3,...] [--json]

Runs the exact solver in pure Python (``HEARTS_NOTATION_PURE=1`` is set
here: an instrumented subclass cannot wrap compiled methods) on
``bench_solve.py``'s positions, the paranoid model, and counts, per depth
(tricks left, the card's place in the trick):

* the nodes (calls of ``_ab`` before a trick's end), and how many were
  searched under a null window (``beta - alpha == 1``);
* the cut nodes (the analysed seat failing low, an opponent failing high),
  how many children each searched before its cut, and how many were
  decided with no child at all (the static bounds, the prunes);
* the partition table at trick boundaries: probes, answers without a
  search (hits), misses, new entries stored, entries merged into an
  existing one, the entries scanned per probe, and the table's size at
  the end;
* the static bounds' width (``_bounds``: the most less the fewest points
  the analysed seat can still take) at each probe;
* per card of the root, each MTD(f) search: its bound and its nodes.

Nothing in ``analysis/exact.py`` changes: the counts come from wrapping its
methods, which costs time (a pure Python node about ten times a compiled
one, the wrappers about as much again), so the whole deal is counted under
``--node-limit`` (default 1,000,000 nodes a position): the shape of the
search up to there, not its end.  ``--positions`` picks some of the
positions (e.g. those ``bench_solve.py --node-limit 10000000`` caps).
"""

from __future__ import annotations

import os

os.environ["HEARTS_NOTATION_PURE"] = "1"

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_solve import positions

from hearts_notation.analysis.exact import PARANOID, ExactSolver, SearchLimit
from hearts_notation.state import GameState, legal_plays, winning_card


def _pop(x: int) -> int:
    return bin(x).count("1")


class Counting(ExactSolver):
    """The paranoid search, its methods wrapped to count (see the module
    docstring); the values are the solver's own."""

    def __init__(self, *args: object, **kw: object) -> None:
        super().__init__(*args, **kw)  # type: ignore[arg-type]
        self.stack: list[list[int]] = []   # per open _ab frame: [children called]
        # per (tricks left, place in trick)
        self.nodes_at: dict[tuple[int, int], int] = defaultdict(int)
        self.null_at: dict[tuple[int, int], int] = defaultdict(int)
        self.cut_at: dict[tuple[int, int], int] = defaultdict(int)
        self.cut_first: dict[tuple[int, int], int] = defaultdict(int)
        self.cut_children: dict[tuple[int, int], int] = defaultdict(int)
        self.cut_static: dict[tuple[int, int], int] = defaultdict(int)
        self.all_at: dict[tuple[int, int], int] = defaultdict(int)
        self.all_children: dict[tuple[int, int], int] = defaultdict(int)
        self.all_static: dict[tuple[int, int], int] = defaultdict(int)
        self.single_at: dict[tuple[int, int], int] = defaultdict(int)
        self.cut_by_me: dict[tuple[int, int], int] = defaultdict(int)   # searched cuts
        self.cut_first_me: dict[tuple[int, int], int] = defaultdict(int)
        # per tricks left at the boundary
        self.probes: dict[int, int] = defaultdict(int)
        self.hits: dict[int, int] = defaultdict(int)
        self.stores: dict[int, int] = defaultdict(int)
        self.merges: dict[int, int] = defaultdict(int)
        self.scanned: dict[int, int] = defaultdict(int)
        self.width: dict[int, int] = defaultdict(int)
        self.static_hits: dict[int, int] = defaultdict(int)
        self.nodes_under: dict[int, int] = defaultdict(int)
        self.mtd: list[tuple[int, int, int]] = []   # (root card index, bound, nodes)
        self.key_misses = 0
        self.root = 0

    def _ab(self, leader: int, first: bool, broken: bool, moon: int,
            cards: list[int], alpha: int, beta: int, held: int) -> int:
        n = self.n
        pos = len(cards)
        if self.stack:
            self.stack[-1][0] += 1
        if pos == n:
            self.stack.append([0])
            try:
                return super()._ab(leader, first, broken, moon, cards, alpha, beta, held)
            finally:
                self.stack.pop()
        left = (_pop(held) + pos) // n
        k = (left, pos)
        self.nodes_at[k] += 1
        if beta - alpha == 1:
            self.null_at[k] += 1
        frame = [0]
        self.stack.append(frame)
        try:
            v = super()._ab(leader, first, broken, moon, cards, alpha, beta, held)
        finally:
            self.stack.pop()
        s = (leader + pos) % n
        me = s == self._me
        ch = frame[0]
        # a forced card (or one group) is a pass-through, not a choice
        s_hand = self._hand(s)
        if ch == 1 and self._single(leader, first, broken, cards, held, s_hand):
            self.single_at[k] += 1
            return v
        cut = v <= alpha if me else v >= beta
        if cut:
            self.cut_at[k] += 1
            if me and ch:
                self.cut_by_me[k] += 1
            if ch == 0:
                self.cut_static[k] += 1
            else:
                self.cut_children[k] += ch
                if ch == 1:
                    self.cut_first[k] += 1
                    if me:
                        self.cut_first_me[k] += 1
        else:
            self.all_at[k] += 1
            if ch == 0:
                self.all_static[k] += 1
            self.all_children[k] += ch
        return v

    def _single(self, leader: int, first: bool, broken: bool, cards: list[int],
                held: int, h: int) -> bool:
        """Whether the mover had one group of cards to choose from."""
        tm = 0
        for c in cards:
            tm |= 1 << c
        led = -1
        win = -1
        if cards:
            win = winning_card(cards[0], tm)
            led = win // 13
        legal = legal_plays(self.rules, h, led if led >= 0 else None, first, broken)
        return len(self._ordered(legal, tm | held, led, win)) <= 1

    def _ab_table(self, rem: int, leader: int, broken: bool, moon: int,
                  a: int, b: int) -> int:
        left = _pop(rem) // self.n
        self.probes[left] += 1
        lo, hi = self._bounds(self._me, moon, rem)
        self.width[left] += hi - lo
        if lo >= b or hi <= a:
            self.static_hits[left] += 1
        # the key, as _ab_table builds it, to see the entries it scans
        before = self._entries(rem, leader, broken, moon)
        n_before = len(before) if before is not None else 0
        self.scanned[left] += n_before
        nodes0 = self.nodes
        frame = [0]
        self.stack.append(frame)
        try:
            v = super()._ab_table(rem, leader, broken, moon, a, b)
        finally:
            self.stack.pop()
        if frame[0] == 0:
            self.hits[left] += 1
        else:
            self.nodes_under[left] += self.nodes - nodes0
            after = self._entries(rem, leader, broken, moon)
            if after is None:
                self.key_misses += 1    # the key below is out of step with _ab_table's
            n_after = len(after) if after is not None else 0
            if n_after > n_before:
                self.stores[left] += 1
            else:
                self.merges[left] += 1
        return v

    def _entries(self, rem: int, leader: int, broken: bool, moon: int) -> list[object] | None:
        """The list of entries _ab_table scans for this position (its key
        rebuilt the same way: every search stores into that list, so a probe
        that searched and finds no list after is counted in ``key_misses``,
        printed when not 0)."""
        n = self.n
        if not rem & 0x1FFF << 26:
            broken = True
        ckey = leader | (int(broken) << 4) | ((moon + 2) << 5) | (self._me << 10)
        lens0 = 0
        lens1 = 0
        qs_at = 0
        jd_at = 0
        pop13 = _pop
        for i in range(n):
            h = self._hand(i)
            if h & (1 << 49):
                qs_at = i
            if h & (1 << 22):
                jd_at = i
            lens0 = (lens0 << 8) | (pop13(h & 0x1FFF) << 4) | pop13((h >> 13) & 0x1FFF)
            lens1 = (lens1 << 8) | (pop13((h >> 26) & 0x1FFF) << 4) | pop13((h >> 39) & 0x1FFF)
        if rem & (1 << 49):
            ckey |= ((1 + pop13((rem >> 39) & 0x3FF)) << 13) | (qs_at << 17)
        if self.jd_value and rem & (1 << 22):
            ckey |= ((1 + pop13((rem >> 13) & 0x1FF)) << 20) | (jd_at << 24)
        return self._tt_part.get((ckey | (lens0 << 28), lens1))  # type: ignore[return-value]

    def _mtd(self, leader: int, first: bool, broken: bool, moon: int,
             cards: list[int], guess: int, held: int) -> int:
        self.root += 1
        return super()._mtd(leader, first, broken, moon, cards, guess, held)


def _wrap_root(sv: Counting) -> None:
    """Record each null-window search of the root: its bound and nodes."""
    inner = sv._ab

    def at_root(leader: int, first: bool, broken: bool, moon: int, cards: list[int],
                alpha: int, beta: int, held: int) -> int:
        if not sv.stack:
            n0 = sv.nodes
            try:
                return inner(leader, first, broken, moon, cards, alpha, beta, held)
            finally:
                sv.mtd.append((sv.root, beta, sv.nodes - n0))
        return inner(leader, first, broken, moon, cards, alpha, beta, held)

    sv._ab = at_root  # type: ignore[method-assign]


def _study(states: list[GameState], limit: int) -> dict[str, object]:
    tot: dict[str, dict[object, int]] = defaultdict(lambda: defaultdict(int))
    mtd_rows: list[dict[str, object]] = []
    key_misses = 0
    table_keys = 0
    table_entries = 0
    longest = 0
    solved = 0
    for i, st in enumerate(states):
        sv = Counting(st.rules, PARANOID, node_limit=limit)
        _wrap_root(sv)
        try:
            sv.card_values(st)
            solved += 1
        except SearchLimit:
            pass
        for name in ("nodes_at", "null_at", "cut_at", "cut_first", "cut_children", "cut_static",
                     "all_at", "all_children", "all_static", "single_at", "cut_by_me",
                     "cut_first_me", "probes", "hits", "stores", "merges", "scanned", "width",
                     "static_hits", "nodes_under"):
            for k, v in getattr(sv, name).items():
                tot[name][k] += v
        key_misses += sv.key_misses
        table_keys += len(sv._tt_part)
        lens = [len(e) for e in sv._tt_part.values()]
        table_entries += sum(lens)
        longest = max([longest, *lens])
        per_card: dict[int, list[tuple[int, int]]] = defaultdict(list)
        for root, bound, nodes in sv.mtd:
            per_card[root].append((bound, nodes))
        mtd_rows.append({"position": i + 1, "nodes": sv.nodes,
                         "searches": {str(r): s for r, s in per_card.items()}})
    return {"tot": tot, "mtd": mtd_rows, "table_keys": table_keys, "key_misses": key_misses,
            "table_entries": table_entries, "longest_list": longest, "solved": solved}


def _print(res: dict[str, object], json_out: bool) -> None:
    tot = res["tot"]
    assert isinstance(tot, dict)
    if json_out:
        print(json.dumps({k: {str(kk): vv for kk, vv in v.items()} for k, v in tot.items()}
                         | {"mtd": res["mtd"], "table_keys": res["table_keys"],
                            "table_entries": res["table_entries"],
                            "longest_list": res["longest_list"], "solved": res["solved"]}))
        return
    nodes_at = tot["nodes_at"]
    total = sum(nodes_at.values())
    print(f"positions solved: {res['solved']}; nodes counted {total:,}; null-window "
          f"{sum(tot['null_at'].values()):,}")
    print("left pos      nodes  share  forced  cut  1st/cut  ch/cut  static/cut  all  ch/all  "
          "static/all")
    for k in sorted(nodes_at, key=lambda x: (-x[0], x[1])):
        nd = nodes_at[k]
        cut = tot["cut_at"][k]
        first = tot["cut_first"][k]
        cst = tot["cut_static"][k]
        searched_cuts = cut - cst
        al = tot["all_at"][k]
        ast = tot["all_static"][k]
        print(f"{k[0]:4} {k[1]:3} {nd:10,} {nd / total:6.1%} {tot['single_at'][k]:7,} "
              f"{cut:6,} {first / searched_cuts if searched_cuts else 0:7.1%} "
              f"{tot['cut_children'][k] / searched_cuts if searched_cuts else 0:6.2f} "
              f"{cst / cut if cut else 0:8.1%} {al:6,} "
              f"{tot['all_children'][k] / (al - ast) if al - ast else 0:6.2f} "
              f"{ast / al if al else 0:8.1%}")
    print("the analysed seat's cut nodes, and an opponent's, by place in the trick: "
          "searched cuts, first-child share")
    for pos in sorted({k[1] for k in nodes_at}):
        me = sum(tot["cut_by_me"][k] for k in nodes_at if k[1] == pos)
        me1 = sum(tot["cut_first_me"][k] for k in nodes_at if k[1] == pos)
        allc = sum(tot["cut_at"][k] - tot["cut_static"][k] for k in nodes_at if k[1] == pos)
        all1 = sum(tot["cut_first"][k] for k in nodes_at if k[1] == pos)
        print(f"  place {pos}: analysed seat {me:,} ({me1 / me if me else 0:.1%} first), "
              f"opponents {allc - me:,} ({(all1 - me1) / (allc - me) if allc - me > 0 else 0:.1%}"
              " first)")
    print("tricks left at the boundary: probes, hits, stores, merges, entries scanned a probe, "
          "mean bounds width, static answers, nodes under a miss")
    for left in sorted(tot["probes"], reverse=True):
        p = tot["probes"][left]
        miss = p - tot["hits"][left]
        print(f"{left:3} {p:9,} {tot['hits'][left]:9,} ({tot['hits'][left] / p:5.1%}) "
              f"{tot['stores'][left]:9,} {tot['merges'][left]:8,} "
              f"{tot['scanned'][left] / p:6.2f} {tot['width'][left] / p:6.2f} "
              f"{tot['static_hits'][left]:7,} "
              f"{tot['nodes_under'][left] / miss if miss else 0:9.1f}")
    print(f"table: {res['table_keys']:,} keys, {res['table_entries']:,} entries, "
          f"longest list {res['longest_list']}")
    if res["key_misses"]:
        print(f"WARNING: the key rebuilt here missed _ab_table's {res['key_misses']:,} times: "
              "the stores, merges and entries scanned are wrong")
    mtd = res["mtd"]
    assert isinstance(mtd, list)
    for row in mtd:
        srch = row["searches"]
        print(f"position {row['position']}: {row['nodes']:,} nodes; per root card "
              "(bound:nodes): " + "; ".join(
                  f"{r}: " + " ".join(f"{b}:{nn}" for b, nn in s) for r, s in srch.items()))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--tricks", type=int, default=13)
    ap.add_argument("--node-limit", type=int, default=1_000_000)
    ap.add_argument("--positions", default="", help="the positions to study (1-based, "
                    "comma-separated; default all)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    states = positions(args.deals, args.seed, args.tricks)
    if args.positions:
        states = [states[int(x) - 1] for x in args.positions.split(",")]
    _print(_study(states, args.node_limit), args.json)


if __name__ == "__main__":
    main()
