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

``--lines B`` (thirty-second round) follows, in the root searches of
bound *B* only (25: the null window 24/25), every node as a tree (its
parent, tricks left, who moves, the side it fails on) and every end of a
line: a node the static bounds settle (and which one: ``_bounds``,
``_trick_bounds``, ``_heart_lost``, ``_leads_out``/``_ducks_next``,
``_lead_lost``, ``_heart_trick``, ``_stops_moon``, ``_keeps_heart``; a
floor; no point left), a trick's end answered by the table (a hit), by an
end rule of ``_ab_end`` (a leaf) or searched on (a miss).  From the tree
it counts what a search with perfect knowledge would save: an oracle that
settles every node at *t* tricks left or fewer at once, for ceilings
only (the nodes failing low, value at most *B* − 1), floors only (failing
high) or both: the nodes under the first node it settles on each line.

``--selfish`` (selfish30) counts the selfish search (max^n) instead, by
default at 7 tricks left: its nodes by tricks left (cards in the mover's
hand) and place in the trick; each node's kind (one legal card, one group
of equivalent cards, no point left, a choice that stopped at the mover's
floor, a choice that searched every card); by the moon (``split``, ``other``:
another seat alone has points, ``self``: the mover alone, ``open``) the
cards searched and skipped, how often the best came first, the gap from the
best to the floor; the table's probes (hits, misses: a store each); and an
oracle: the nodes a search would still visit if each choice of a class
stopped at its best card (a floor equal to the best), an upper bound on
what a tighter floor could save (the table's hits are taken as free, so a
lower bound on the cost).  ``--coop`` adds, at the choices of the split
moon that searched every card, the cooperative minimum (the fewest points
the mover takes over every line of play, a floor valid for any choices)
against the best (slow: a search of its own per choice).  Its instrumented
``_mx`` is a copy of the solver's; the run checks that it gives the
solver's card values and node count.

Nothing in ``analysis/exact.py`` changes: the counts come from wrapping
``_ab`` and ``_mtd``, which costs time (pure Python, about 20,000 nodes a
second), so each position is counted up to ``--node-limit`` nodes.
"""

from __future__ import annotations

import os

os.environ["HEARTS_NOTATION_PURE"] = "1"

import argparse
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_solve import positions

from hearts_notation.analysis.exact import PARANOID, SELFISH, ExactSolver, SearchLimit, field_points
from hearts_notation.analysis.state import MOON_SPLIT
from hearts_notation.cards import SUIT_MASKS
from hearts_notation.state import GameState, legal_plays_led, winning_card

_QS = 1 << 49           # Q♠ (the solver's card numbering: spades from 39)
_HEARTS = 0x1FFF << 26
_SPADES = 0x1FFF << 39
_ABOVE_QS = _SPADES & ~((2 << 49) - 1)
_JD_BIT = 1 << 22       # J♦
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
        # --lines: the tree of the searches of bound *lines* (0: not kept)
        self.lines = 0
        self.calls = 0
        self.tables = 0
        self.stack: list[int] = []
        self.cur: dict[str, tuple[int, ...]] = {}
        self.tl: list[int] = []
        self.parent: list[int] = []
        self.mine: list[bool] = []
        self.side: list[int] = []
        self.size: list[int] = []
        self.ends: dict[tuple[str, int], int] = defaultdict(int)
        self.waste: dict[tuple[str, str, int], int] = defaultdict(int)
        self.waste_nodes: dict[tuple[str, str, int], int] = defaultdict(int)

    def _ordered(self, legal: int, alive: int, led: int, win: int) -> list[int]:
        r = super()._ordered(legal, alive, led, win)
        self.cur["order"] = tuple(r)  # type: ignore[assignment]
        return r

    # the static bounds of a node, recorded for --lines (what each gave)
    def _bounds(self, seat: int, moon: int, alive: int) -> tuple[int, int]:
        r = super()._bounds(seat, moon, alive)
        if "_bounds" not in self.cur:
            self.cur["_bounds"] = r
        return r

    def _trick_bounds(self, *a: object) -> tuple[int, int, int]:
        r = super()._trick_bounds(*a)  # type: ignore[arg-type]
        self.cur["_trick_bounds"] = (r[0], r[1])
        return r

    def _heart_lost(self, *a: object) -> tuple[int, int, int]:
        r = super()._heart_lost(*a)  # type: ignore[arg-type]
        self.cur["_heart_lost"] = (r[0], r[1])
        return r

    def _leads_out(self, *a: object) -> int:
        r = super()._leads_out(*a)  # type: ignore[arg-type]
        self.cur["_leads_out"] = (r, 0)
        return r

    def _ducks_next(self, *a: object) -> int:
        r = super()._ducks_next(*a)  # type: ignore[arg-type]
        self.cur["_ducks_next"] = (r, 0)
        return r

    def _lead_lost(self, *a: object) -> tuple[int, int]:
        r = super()._lead_lost(*a)  # type: ignore[arg-type]
        self.cur["_lead_lost"] = r
        return r

    def _heart_trick(self, *a: object) -> tuple[int, int]:
        r = super()._heart_trick(*a)  # type: ignore[arg-type]
        self.cur["_heart_trick"] = r
        return r

    def _stops_moon(self, *a: object) -> tuple[int, int]:
        r = super()._stops_moon(*a)  # type: ignore[arg-type]
        self.cur["_stops_moon"] = r
        return r

    def _keeps_heart(self, *a: object) -> tuple[int, int]:
        r = super()._keeps_heart(*a)  # type: ignore[arg-type]
        self.cur["_keeps_heart"] = r
        return r

    def _ab_table(self, rem: int, leader: int, broken: bool, moon: int,
                  a: int, b: int) -> int:
        c0 = self.calls
        self.tables += 1
        v = super()._ab_table(rem, leader, broken, moon, a, b)
        if self.lines and self.searching and self.bound == self.lines:
            self.ends[("table hit" if self.calls == c0 else "table miss, searched",
                       _pop(rem) // self.n)] += 1
        return v

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
        self.calls += 1
        if self.lines and self.searching and self.bound == self.lines:
            return self._line(leader, first, broken, moon, cards, alpha, beta, held)
        self.depth += 1
        try:
            return super()._ab(leader, first, broken, moon, cards, alpha, beta, held)
        finally:
            self.depth -= 1

    def _line(self, leader: int, first: bool, broken: bool, moon: int,
              cards: list[int], alpha: int, beta: int, held: int) -> int:
        """One node of a search of bound ``lines``, kept in the tree, and
        how it ended (--lines)."""
        n = self.n
        pos = len(cards)
        rec0 = self.cur
        rec0["kids"] = (rec0.get("kids", (0, 0))[0] + 1, 0)
        rec0["start"] = (self.nodes, 0)
        if "first" not in rec0:
            rec0["first"] = (self.nodes, 0)
        if pos == n:
            t0 = self.tables
            self.depth += 1
            try:
                v = super()._ab(leader, first, broken, moon, cards, alpha, beta, held)
            finally:
                self.depth -= 1
            if self.tables == t0:
                # neither a table hit nor a miss: an end rule of _ab_end
                self.ends[("leaf (end rule)", _pop(held) // n)] += 1
            return v
        idx = len(self.tl)
        left = (_pop(held) + pos) // n
        s = leader + pos
        self.tl.append(left)
        self.parent.append(self.stack[-1] if self.stack else -1)
        self.mine.append(s % n == self._me)
        self.side.append(0)
        self.size.append(0)
        outer = self.cur
        self.cur = {}
        self.stack.append(idx)
        c0 = self.calls
        self.depth += 1
        try:
            v = super()._ab(leader, first, broken, moon, cards, alpha, beta, held)
        finally:
            self.depth -= 1
            self.stack.pop()
            rec = self.cur
            self.cur = outer
        self.side[idx] = -1 if v <= alpha else 1
        self.size[idx] = len(self.tl) - idx
        if self.calls == c0:
            self.ends[(self._why(rec, v, alpha, beta), left)] += 1
        elif self.mine[idx] and v <= alpha and rec.get("kids", (0, 0))[0] > 1 and "order" in rec:
            # a cut node of the analysed seat that tried more than one card
            order = rec["order"]
            k = rec["kids"][0]
            led = -1 if not pos else (cards[0] // 13)
            h = self._hand(self._me)
            play = ("lead" if led < 0 else "follow" if h & (0x1FFF << (13 * led)) else "discard")
            cut = order[k - 1] if k - 1 < len(order) else -1
            kind = ("Q♠" if cut == 49 else "heart" if 26 <= cut < 39 else
                    "other" if cut >= 0 else "?")
            top = order[0]
            kind = ("first Q♠" if top == 49 else "first heart" if 26 <= top < 39
                    else "first other") + ", cut " + kind
            if play == "follow" and cut >= 0:
                mask = 0
                for x in cards:
                    mask |= 1 << x
                w = max(x for x in cards if x // 13 == led)
                kind += ", under" if cut < w else ", over"
            self.waste[(play, kind, min(k, 4))] += 1
            self.waste_nodes[(play, kind, min(k, 4))] += rec["start"][0] - rec["first"][0]
        return v

    @staticmethod
    def _why(rec: dict[str, tuple[int, ...]], v: int, alpha: int, beta: int) -> str:
        """Which static bound settled a node that searched no card."""
        if "_bounds" not in rec:
            return "no point left"
        if v >= beta:
            tb = rec.get("_trick_bounds")
            return ("floor (_trick_bounds)" if tb and tb[0] > rec["_bounds"][0]
                    else "floor (_bounds)")
        if rec["_bounds"][1] <= alpha:
            return "_bounds"
        for name in ("_trick_bounds", "_lead_lost", "_heart_trick", "_stops_moon",
                     "_keeps_heart"):
            r = rec.get(name)
            if r is not None and r[1] <= alpha:
                if name == "_trick_bounds" and "_heart_lost" in rec and rec["_heart_lost"][1] <= alpha:
                    return "_heart_lost"
                return name
        for name in ("_leads_out", "_ducks_next"):
            r = rec.get(name)
            if r is not None and r[0]:
                return name
        if "_lead_lost" in rec:
            return "_lead_lost"
        return "other (not attributed)"

    def ordering(self) -> tuple[int, int, int, int]:
        """What move ordering cost at the cut nodes: the nodes under the
        children tried before the last (the one that cut) at the analysed
        seat's nodes failing low, and at the others' failing high; and how
        many such nodes tried more than one child."""
        last: dict[int, int] = {}
        for i, p in enumerate(self.parent):
            if p >= 0:
                last[p] = i
        waste = [0, 0]
        many = [0, 0]
        seen: set[int] = set()
        for i, p in enumerate(self.parent):
            if p < 0 or last[p] == i or not self.side[p]:
                continue
            k = 0 if self.mine[p] else 1
            if self.side[p] != (-1 if k == 0 else 1):
                continue
            waste[k] += self.size[i]
            if p not in seen:
                seen.add(p)
                many[k] += 1
        return waste[0], many[0], waste[1], many[1]

    def oracle(self, t: int, sides: tuple[int, ...]) -> int:
        """The nodes a search would skip with an oracle settling at once
        every node at *t* tricks left or fewer that fails on one of
        *sides* (-1 low, 1 high): those under the first such node."""
        tl = self.tl
        side = self.side
        parent = self.parent
        cov = [False] * len(tl)
        saved = 0
        for i in range(len(tl)):
            p = parent[i]
            if p >= 0 and (cov[p] or (tl[p] <= t and side[p] in sides)):
                cov[i] = True
                saved += 1
        return saved

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


class _Probes(dict[object, int]):
    """The selfish table, counting its probes (a miss is followed by a store)."""

    def __init__(self, counts: Counter[object]) -> None:
        super().__init__()
        self.counts = counts

    def get(self, key: object, default: int | None = None) -> int | None:  # type: ignore[override]
        got = dict.get(self, key, default)
        self.counts["table hit" if got is not None else "table miss (stored)"] += 1
        return got


#: the oracle's classes: every choice, or those of one moon class, or of
#: the split moon at one place in the trick
_ORACLES = ("all", "split", "other", "self", "open", *tuple(f"split@{p}" for p in range(4)))


class SelfishCensus(ExactSolver):
    """The selfish search (``_mx``, copied with counters: see the module
    docstring) counting where its nodes go."""

    def __init__(self, *args: object, coop: bool = False, **kw: object) -> None:
        super().__init__(*args, **kw)  # type: ignore[arg-type]
        self.counts: Counter[object] = Counter()
        self._tt_vec = _Probes(self.counts)
        self.coop = coop
        self._coop_tt: dict[tuple[int, int, bool, int], int] = {}
        # the oracle's cost so far, per class: a stack of sums, one per open child
        self.stacks: dict[str, list[int]] = {k: [0] for k in _ORACLES}

    def _enter_child(self) -> None:
        for st in self.stacks.values():
            st.append(0)

    def _leave_child(self) -> None:
        for st in self.stacks.values():
            x = st.pop()
            st[-1] += 1 + x

    def _mx_two(self, leader: int, broken: bool, moon: int, held: int) -> int:
        for st in self.stacks.values():
            st[-1] += 1
        return super()._mx_two(leader, broken, moon, held)

    def coop_min(self, s: int, leader: int, first: bool, broken: bool, held: int, pos: int,
                 tm: int, lead: int, win: int, wseat: int, cut: int) -> int:
        """The fewest raw points *s* takes from the trick in progress on, over
        every line of play (stops at *cut* or less); the split moon."""
        n = self.n
        if pos == n:
            if not broken and tm & self.breaks[lead]:
                broken = True
            pts = self._points(tm) if wseat == s and tm & self.scoring else 0
            if not held & self.scoring:
                return pts
            key = (held, wseat, broken, s)
            got = self._coop_tt.get(key)
            if got is None:
                got = self.coop_min(s, wseat, False, broken, held, 0, 0, -1, -1, -1, -(1 << 20))
                self._coop_tt[key] = got
            return pts + got
        j = (leader + pos) % n
        h = self._hand(j)
        legal = legal_plays_led(self.rules, h, win // 13 if pos else -1, first, broken)
        best = 1 << 20
        while legal:
            b = legal & -legal
            legal ^= b
            c = b.bit_length() - 1
            self._set(j, h & ~b)
            if not pos:
                v = self.coop_min(s, leader, first, broken, held & ~b, 1, b, c, c, j, cut)
            else:
                ntm = tm | b
                nwin = winning_card(lead, ntm)
                v = self.coop_min(s, leader, first, broken, held & ~b, pos + 1, ntm, lead, nwin,
                                  j if nwin == c else wseat, cut)
            self._set(j, h)
            if v < best:
                best = v
                if best <= cut or best <= self.jlow:
                    break
        return best

    def _mx(self, leader: int, first: bool, broken: bool, moon: int, held: int,
            pos: int, tm: int, lead: int, win: int, wseat: int) -> int:
        n = self.n
        if pos == n:
            return self._mx_end(leader, broken, moon, held, tm, lead, win, wseat)
        cnt = self.counts
        s, led, legal = self._enter(leader, first, broken, pos, win)
        h = self._hand(s)
        cnt[("node", _pop(h), pos)] += 1
        if not legal & (legal - 1):
            cnt["kind: one legal card"] += 1
            self._set(s, h & ~legal)
            self._enter_child()
            v = self._mx_play(leader, first, broken, moon, held, pos, tm, lead, win, wseat, s,
                              legal.bit_length() - 1)
            self._leave_child()
            self._set(s, h)
            return v
        alive = tm | held
        if not alive & self.scoring:
            cnt["kind: no point left"] += 1
            for st in self.stacks.values():
                st[-1] += 1
            return self.term_code[moon + 2]
        order = self._ordered(legal, alive, led, win)
        if len(order) == 1:
            cnt["kind: one group"] += 1
            c = order[0]
            self._set(s, h & ~(1 << c))
            self._enter_child()
            v = self._mx_play(leader, first, broken, moon, held, pos, tm, lead, win, wseat, s, c)
            self._leave_child()
            self._set(s, h)
            return v
        mc = ("split" if moon == MOON_SPLIT else "open" if moon == _MOON_OPEN
              else "self" if moon == s else "other")
        jlow = self.jlow if alive & _JD_BIT else 0
        lb = jlow if moon == MOON_SPLIT else self._bounds(s, moon, alive)[0]
        later = -1
        floor = 0
        if moon != _MOON_OPEN and moon != s:
            later = self._later(leader, pos)
            taken = self._points(tm & self.pen) if tm & self.pen else 0
            floor = jlow + taken
            if self.sure_ok and led >= 0 and not legal & ~SUIT_MASKS[led]:
                low = (legal & -legal).bit_length() - 1
                if low > win and not later & self.above[low]:
                    sure = taken + self._forced(leader, pos, led)
                    if sure > 0 and jlow + sure > lb:
                        lb = jlow + sure
        inf = 1 << 20
        best = 0
        best_own = inf
        sh = self.vbits * s
        kids: list[tuple[int, int, int]] = []    # (place in the order, own, nodes under)
        costs: dict[str, list[int]] = {k: [] for k in _ORACLES}
        stopped = False
        vectors: set[int] = set()
        for i, c in enumerate(order):
            if (later >= 0 and best_own < inf and not later & self.above[c]
                    and (led < 0 or (c // 13 == led and c > win))
                    and floor + self.card_pen[c]
                    + (self._forced(leader, pos + 1, c // 13) if self.sure_ok else 0) >= best_own):
                cnt[("skipped (sure winner)", mc)] += 1
                continue
            n0 = self.nodes
            self._set(s, h & ~(1 << c))
            for st in self.stacks.values():
                st.append(0)
            v = self._mx_play(leader, first, broken, moon, held, pos, tm, lead, win, wseat, s, c)
            for k, st in self.stacks.items():
                costs[k].append(st.pop())
            own = field_points(v, sh, self.vmask, self.voff)
            kids.append((i, own, self.nodes - n0))
            vectors.add(v)
            if own < best_own:
                best, best_own = v, own
                if best_own <= lb:
                    stopped = True
                    break
        self._set(s, h)
        key = (mc, "stopped at the floor" if stopped else "searched every card")
        cnt[("kind", *key)] += 1
        bi = min(k for k in kids if k[1] == best_own)[0]
        nb = sum(1 for k in kids if k[0] <= bi)
        cnt[("cards searched", *key)] += len(kids)
        cnt[("cards", *key)] += len(order)
        cnt[("best first", *key)] += bi == kids[0][0]
        if len(vectors) == 1 and len(kids) > 1:
            # every card searched gave the same points to every seat
            cnt[("one vector", *key)] += 1
            cnt[("one vector: nodes under", *key)] += sum(k[2] for k in kids)
        cnt[("gap best - floor", *key, min(best_own - lb, 26))] += 1
        for k, st in self.stacks.items():
            mine = k == "all" or k == mc or (mc == "split" and k == f"split@{pos}")
            st[-1] += 1 + sum(costs[k][:nb] if mine else costs[k])
        if self.coop and mc == "split" and not stopped:
            c0 = self.coop_min(s, leader, first, broken, held, pos, tm, lead, win, wseat, lb)
            cnt[("coop", "= best" if c0 == best_own else "above floor" if c0 > lb else "= floor")] += 1
        return best


def _selfish(states: list[GameState], picks: list[int], limit: int, coop: bool) -> None:
    """--selfish: the census of the selfish search, checked against the solver."""
    total: Counter[object] = Counter()
    nodes = 0
    oracle: Counter[str] = Counter()
    for k in picks:
        st = states[k - 1]
        sv = SelfishCensus(st.rules, SELFISH, node_limit=limit, coop=coop)
        plain = ExactSolver(st.rules, SELFISH, node_limit=limit)
        try:
            got = sv.card_values(st)
            want = plain.card_values(st)
        except SearchLimit:
            print(f"position {k}: past the node limit, left out")
            continue
        if got != want or sv.nodes != plain.nodes:
            raise SystemExit(f"position {k}: the census's search differs from the solver's "
                             f"({sv.nodes} nodes, {plain.nodes}): update its copy of _mx")
        nodes += sv.nodes
        total.update(sv.counts)
        for name, stack in sv.stacks.items():
            oracle[name] += stack[0]
        print(f"position {k}: {sv.nodes:,} nodes")
    n = nodes or 1
    print(f"\nselfish nodes: {nodes:,}")
    print("nodes by cards in the mover's hand (tricks left) and place in the trick:")
    for key in sorted((x for x in total if isinstance(x, tuple) and x[0] == "node"),
                      key=lambda x: (-x[1], x[2])):
        print(f"  {key[1]} cards, place {key[2]}: {total[key]:,} ({100 * total[key] / n:.1f}%)")
    for key, v in sorted(total.items(), key=str):
        if isinstance(key, tuple) and key[0] in ("node", "gap best - floor"):
            continue
        label = " | ".join(str(x) for x in key) if isinstance(key, tuple) else str(key)
        print(f"  {label}: {v:,}")
    print("gap from the best to the floor at the choices that searched every card "
          "(moon: gap count, ...):")
    for mc in ("split", "other", "self", "open"):
        row = sorted((x[-1], v) for x, v in total.items() if isinstance(x, tuple)
                     and x[0] == "gap best - floor" and x[1] == mc and x[2] != "stopped at the floor")
        if row:
            print(f"  {mc}: " + ", ".join(f"{g}: {v:,}" for g, v in row))
    print("oracle (each choice of the class stops at its best card): nodes left")
    for name in _ORACLES:
        print(f"  {name}: {oracle[name]:,} ({100 * oracle[name] / n:.1f}%)")


def _run(state: GameState, limit: int, lines: int = 0) -> Census:
    sv = Census(state.rules, PARANOID, node_limit=limit)
    sv.lines = lines
    try:
        sv.card_values(state)
    except SearchLimit:
        pass
    return sv


def _print_lines(sv: Census) -> None:
    """--lines: one position's tree of the searches of bound ``sv.lines``."""
    n = len(sv.tl)
    b = sv.lines
    if not n:
        print(f"  no node in a search of bound {b}")
        return
    print(f"  searches of bound {b}: {n:,} nodes")
    # (a node the node limit stopped before it failed is "open")
    by_tl: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0, 0, 0])
    for t, m, sd in zip(sv.tl, sv.mine, sv.side, strict=True):
        by_tl[t][4 if not sd else (0 if m else 2) + (0 if sd < 0 else 1)] += 1
    print("  tricks left | nodes | share | analysed seat to move: low / high "
          "| another seat: low / high | open")
    for t in sorted(by_tl, reverse=True):
        r = by_tl[t]
        print(f"  {t} | {sum(r):,} | {100 * sum(r) / n:.1f}% | {r[0]:,} / {r[1]:,} "
              f"| {r[2]:,} / {r[3]:,} | {r[4]}")
    print("  how a line ends (what, tricks left: count):")
    kinds: dict[str, int] = defaultdict(int)
    for (what, _t), v in sv.ends.items():
        kinds[what] += v
    for what, v in sorted(kinds.items(), key=lambda kv: -kv[1]):
        per = ", ".join(f"{t}: {x:,}" for (w, t), x in sorted(sv.ends.items(), key=lambda kv: -kv[0][1])
                        if w == what)
        print(f"    {what}: {v:,} ({per})")
    w0, m0, w1, m1 = sv.ordering()
    print(f"  move ordering at the cut nodes: the analysed seat failing low {w0:,} nodes "
          f"({100 * w0 / n:.1f}%) under the cards tried before the one that cut, at "
          f"{m0:,} nodes; the others failing high {w1:,} ({100 * w1 / n:.1f}%) at {m1:,}")
    print("  the analysed seat's cut nodes that tried more than one card "
          "(play, the card that cut, cards tried (4: 4 or more): nodes, nodes spent before it):")
    for key, v in sorted(sv.waste.items(), key=lambda kv: -sv.waste_nodes[kv[0]])[:12]:
        print(f"    {key}: {v:,}, {sv.waste_nodes[key]:,}")
    print("  an oracle settling every node at t tricks left or fewer: nodes skipped "
          "(ceilings only | floors only | both)")
    for t in range(max(by_tl), 0, -1):
        lo = sv.oracle(t, (-1,))
        hi = sv.oracle(t, (1,))
        both = sv.oracle(t, (-1, 1))
        print(f"    t={t}: {lo:,} ({100 * lo / n:.1f}%) | {hi:,} ({100 * hi / n:.1f}%) "
              f"| {both:,} ({100 * both / n:.1f}%)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--tricks", type=int, default=13)
    ap.add_argument("--node-limit", type=int, default=1_000_000)
    ap.add_argument("--positions", default="", metavar="K,...",
                    help="only these positions (numbered from 1)")
    ap.add_argument("--lines", type=int, default=0, metavar="B",
                    help="follow every node of the root searches of bound B "
                         "(25: the window 24/25): how lines end, what an oracle would save")
    ap.add_argument("--selfish", action="store_true",
                    help="count the selfish search instead (default 7 tricks left)")
    ap.add_argument("--coop", action="store_true",
                    help="with --selfish: the cooperative minimum against the best (slow)")
    args = ap.parse_args()
    if args.selfish and args.tricks == 13 and "--tricks" not in sys.argv:
        args.tricks = 7
    states = positions(args.deals, args.seed, args.tricks)
    picks = ([int(k) for k in args.positions.split(",")] if args.positions
             else list(range(1, len(states) + 1)))
    if args.selfish:
        _selfish(states, picks, args.node_limit, args.coop)
        return
    total: dict[tuple[object, ...], int] = defaultdict(int)
    spades: dict[tuple[object, ...], int] = defaultdict(int)
    for k in picks:
        sv = _run(states[k - 1], args.node_limit, args.lines)
        print(f"position {k}: {sv.nodes:,} nodes, {len(sv.searches)} root searches "
              "(root card, bound, nodes; * the top test): "
              + ", ".join(f"({c}, {b}{'*' if t else ''}, {x:,})"
                          for c, b, x, t in sv.searches[:14])
              + (" ..." if len(sv.searches) > 14 else ""))
        if args.lines:
            _print_lines(sv)
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
