"""Analysis speed: the exact endgame solver and a whole deal annotated.

    python benchmarks/bench_analysis.py [--quick]

* Exact solve (the value of every legal card of the seat to lead) with 4,
  5 and 6 tricks left: median and maximum over 200 random positions (50
  with ``--quick``), a fresh solver each time (no warm table); 7 tricks on
  20 positions (not with ``--quick``).  Targets: median <= 25 ms (4
  tricks), <= 250 ms (5 and 6 tricks).
* The solver against a plain brute-force search on the same 3-trick
  positions (the anchor, :func:`brute_force_values` below: max^n over
  every legal card in the solver's natural order, on the game state's
  push and pop, with no merging, no table and no cut-off): the speed-up
  of merging, the table and the cut-offs.
* A whole deal annotated (``annotate`` with its defaults, then with
  ``--fast``): median CPU seconds per deal over generated deals (heuristic
  bots, standard rules).  Targets: <= 2 s by default (issue 24; it was
  10 s), <= 2 s with --fast.

All times are CPU time of this process on one core; the first line of the
output says whether the compiled core (mypyc) or pure Python ran.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from rows import row as _row

from hearts_notation.analysis.annotate import AnalysisOptions, GameTask, analyse_game
from hearts_notation.analysis.evaluate import FAST, EvalOptions
from hearts_notation.analysis.exact import ExactSolver, alive_mask, order_key
from hearts_notation.cards import iter_bits
from hearts_notation.generate import generate_games, random_hands
from hearts_notation.rules import RuleSet, parse_rules
from hearts_notation.state import GameState, led_suit, winning_card

Row = dict[str, object]


def _position(rules: RuleSet, rng: random.Random, tricks_left: int) -> GameState:
    """A random legal position at a trick boundary with *tricks_left* to go."""
    hands = random_hands(rules, rng)
    leader = next(s for s in range(4) if hands[s] >> rules.lowest_club & 1)
    st = GameState(rules, hands, leader)
    for _ in range((rules.tricks_per_deal - tricks_left) * 4):
        st.push(rng.choice(list(iter_bits(st.legal_cards()))))
    return st


def _natural(st: GameState) -> list[int]:
    """The legal cards in the solver's natural (tie) order."""
    alive = alive_mask(st.hands, st.trick)
    suit = led_suit(st.trick)
    led = -1 if suit is None else suit
    tm = 0
    for c in st.trick:
        tm |= 1 << c
    win = winning_card(st.trick[0], tm) if st.trick else -1
    return sorted(iter_bits(st.legal_cards()), key=lambda c: order_key(c, alive, led, win))


def _plain(st: GameState) -> list[int]:
    if st.is_over:
        return st.points("add")
    s = st.to_play
    best: list[int] | None = None
    for c in _natural(st):
        st.push(c)
        v = _plain(st)
        st.pop()
        if best is None or v[s] < best[s]:
            best = v
    assert best is not None
    return best


def brute_force_values(st: GameState) -> dict[int, int]:
    """The values of :meth:`ExactSolver.card_values` (standard rules) by a
    plain max^n search: every legal card of every seat, no merging of
    equivalent cards, no table, no cut-off.  The benchmark's anchor."""
    me = st.to_play
    out: dict[int, int] = {}
    for c in _natural(st):
        st.push(c)
        out[c] = _plain(st)[me]
        st.pop()
    return out


def _cpu_ms(fn: object, *args: object) -> float:
    t = time.process_time()
    fn(*args)  # type: ignore[operator]
    return (time.process_time() - t) * 1000


def run(quick: bool = False) -> list[Row]:
    rules = parse_rules("standard")
    rows: list[Row] = []
    count = 50 if quick else 200
    from hearts_notation._compiled import description

    note = (f"CPU time, one core, Python {sys.version.split()[0]}, {description()}; "
            f"load {os.getloadavg()[0]:.2f}")
    targets = {4: 25.0, 5: 250.0, 6: 250.0}
    # 6 tricks: what --exact-tricks 6 costs per world; 7 (not with --quick): 20 positions.
    for left in (4, 5, 6) if quick else (4, 5, 6, 7):
        rng = random.Random(f"bench/{left}")
        positions = [_position(rules, rng, left) for _ in range(count if left < 7 else 20)]
        times = [_cpu_ms(ExactSolver(rules).card_values, p) for p in positions]
        rows.append(_row(f"exact solve, {left} tricks, median", statistics.median(times), "ms",
                         target=f"<= {targets[left]:g} ms" if left in targets else "",
                         note=f"{len(times)} random positions"))
        rows.append(_row(f"exact solve, {left} tricks, max", max(times), "ms",
                         note=f"{len(times)} random positions"))
    # Solver against brute force on the same small positions.
    rng = random.Random("bench/3")
    small = [_position(rules, rng, 3) for _ in range(10 if quick else 30)]
    brute = sum(_cpu_ms(brute_force_values, p) for p in small) / len(small)
    solved = sum(_cpu_ms(ExactSolver(rules).card_values, p) for p in small) / len(small)
    assert all(ExactSolver(rules).card_values(p) == brute_force_values(p) for p in small[:3])
    rows.append(_row("brute force, 3 tricks, mean", brute, "ms", note="plain search, no merging"))
    rows.append(_row("exact solve, 3 tricks, mean", solved, "ms", "brute force, 3 tricks, mean",
                     brute, target="well under 1 (ratio)"))
    # Whole deals.
    deals = 1 if quick else 3
    games = list(generate_games(deals, seed=2026, max_deals=1))
    for label, opts, target in (("default", EvalOptions(), "<= 2 s (issue 24)"), ("--fast", FAST, "<= 2 s")):
        secs = []
        for g in games:
            t = time.process_time()
            analyse_game(GameTask(g, AnalysisOptions(eval=opts)))
            secs.append(time.process_time() - t)
        rows.append(_row(f"annotate one deal, {label}", statistics.median(secs), "s",
                         "annotate one deal, default" if label == "--fast" else None,
                         rows[-1]["value"] if label == "--fast" else None,  # type: ignore[arg-type]
                         target=target,
                         note=f"median of {deals} generated deal(s), passes and plays"))
    rows[0]["note"] = f"{rows[0]['note']}; {note}"
    return rows


def main() -> None:
    rows = run(quick="--quick" in sys.argv)
    print(f"{'benchmark':36} {'value':>10}  {'unit':5} {'ratio':>7}  target")
    for r in rows:
        ratio = "" if r["ratio"] is None else f"{r['ratio']:.3f}"
        print(f"{r['name']!s:36} {r['value']!s:>10}  {r['unit']!s:5} {ratio:>7}  {r['target'] or ''}")
    print(rows[0]["note"])


if __name__ == "__main__":
    main()
