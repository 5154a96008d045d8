"""Speed of the exact solver (``hearts solve``, ``analysis/exact.py``).

    python benchmarks/bench_solve.py [--deals 20] [--seed 2026] [--models selfish,paranoid]
                                     [--tricks 13,7] [--node-limit N] [--json]

Generates ``--deals`` deals (heuristic bots, standard rules, one deal per
game, generator seed ``--seed``) and, for each model and each number of
tricks left in ``--tricks`` (13: the whole deal from the opening lead),
solves the position at the lead of that trick: every legal card's exact
value for the seat to lead, one fresh solver per position, the natural tie
order only (``hearts solve`` solves the selfish model twice, once per tie
order).  Reports the median, 95th percentile and maximum CPU seconds per
position (``time.process_time``, one core), how many positions took at most
1 s and 10 s, and the nodes searched (the median, the 95th percentile, and
the total over the positions: the figure that does not depend on the
machine's load, to compare two versions of the search).

``--faceup N`` measures instead what ``annotate``'s ``dd_loss`` costs: for
``N`` generated deals, the face-up values of every recorded play from the
last back (``analysis/faceup.py``, both tie orders) with the default and the
``--fast`` node budgets: the CPU seconds per deal and the earliest trick
reached (the depth).

A position whose search passes ``--node-limit`` nodes (default 5,000,000;
0: none) is stopped and counted as *capped*: its time is a lower bound, so
a percentile that falls on a capped position is printed with ``>``.

The figures in docs/performance.md come from this script.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hearts_notation.analysis.context import DealContext
from hearts_notation.analysis.evaluate import FAST, EvalOptions
from hearts_notation.analysis.exact import ExactSolver, SearchLimit
from hearts_notation.analysis.faceup import face_up
from hearts_notation.generate import generate_games
from hearts_notation.referee import game_seats, resolve_rules
from hearts_notation.state import GameState


def positions(deals: int, seed: int, left: int) -> list[GameState]:
    """The lead of the trick with *left* tricks to go, in each generated deal."""
    out = []
    for game in generate_games(deals, seed=seed, max_deals=1):
        rules = resolve_rules(game)
        seats, rules, _ = game_seats(game, rules)
        ctx = DealContext(game.deals[0], rules, seats, 1)
        trick = rules.tricks_per_deal - left
        p = next(q for q in ctx.points if q.trick_no == trick and not q.trick)
        hands = ctx.true_hands(p)
        assert hands is not None
        out.append(GameState(rules, hands, p.leader, [], p.trick_no, p.broken, p.taken))
    return out


def percentile(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def faceup_rows(deals: int, seed: int) -> list[dict[str, object]]:
    """CPU per deal and depth reached by annotate's face-up values, with the
    default and the --fast budgets."""
    rows: list[dict[str, object]] = []
    games = list(generate_games(deals, seed=seed, max_deals=1))
    for name, opts in (("default", EvalOptions()), ("fast", FAST)):
        cpu: list[float] = []
        depth: list[int] = []
        for game in games:
            rules = resolve_rules(game)
            seats, rules, _ = game_seats(game, rules)
            ctx = DealContext(game.deals[0], rules, seats, 1)
            t0 = time.process_time()
            fu = face_up(ctx, None, opts.dd_tricks, opts.dd_nodes)
            cpu.append(time.process_time() - t0)
            depth.append(rules.tricks_per_deal - (fu.from_trick if fu.from_trick is not None
                                                  else rules.tricks_per_deal))
        rows.append({"budget": name, "dd_nodes": opts.dd_nodes, "deals": len(cpu),
                     "median_s": round(statistics.median(cpu), 3),
                     "p95_s": round(percentile(cpu, 0.95), 3), "max_s": round(max(cpu), 3),
                     "median_tricks_solved": statistics.median(depth), "min_tricks_solved": min(depth),
                     "whole_deals": sum(1 for d in depth if d == 13)})
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--models", default="selfish,paranoid")
    ap.add_argument("--tricks", default="13,7")
    ap.add_argument("--node-limit", type=int, default=5_000_000)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--only", default="", metavar="K,...",
                    help="only these positions of the --deals generated (numbered from 1): "
                         "a deal's own node count, rerunnable (docs/performance.md, bench_solve)")
    ap.add_argument("--faceup", type=int, default=0, metavar="N")
    ap.add_argument("--repeat", type=int, default=1, metavar="N",
                    help="solve each position N times and keep its least CPU time (best of N: "
                         "the load of a shared machine only ever adds time); the nodes are "
                         "the same each time")
    args = ap.parse_args()
    if args.faceup:
        frows = faceup_rows(args.faceup, args.seed)
        for r in frows:
            print(json.dumps(r) if args.json else
                  f"face-up {r['budget']:7} ({r['dd_nodes']:,} nodes): {r['deals']} deals, median "
                  f"{r['median_s']} s, p95 {r['p95_s']} s, max {r['max_s']} s; tricks solved: "
                  f"median {r['median_tricks_solved']}, min {r['min_tricks_solved']}, "
                  f"whole deals {r['whole_deals']}", flush=True)
        return
    rows = []
    for left in (int(x) for x in args.tricks.split(",")):
        states = positions(args.deals, args.seed, left)
        if args.only:
            states = [states[int(k) - 1] for k in args.only.split(",")]
        for model in args.models.split(","):
            cpu: list[float] = []
            nodes: list[int] = []
            capped: list[bool] = []
            for st in states:
                best = float("inf")
                for _ in range(max(1, args.repeat)):
                    sv = ExactSolver(st.rules, model, node_limit=args.node_limit)
                    t0 = time.process_time()
                    try:
                        sv.card_values(st)
                        cut = False
                    except SearchLimit:
                        cut = True
                    best = min(best, time.process_time() - t0)
                capped.append(cut)
                cpu.append(best)
                nodes.append(sv.nodes)
            order = sorted(range(len(cpu)), key=lambda i: cpu[i])

            def at(q: float, cpu: list[float] = cpu, capped: list[bool] = capped,
                   order: list[int] = order) -> str:
                i = order[min(len(order) - 1, int(q * len(order)))]
                return (">" if capped[i] else "") + f"{cpu[i]:.3f}"

            row = {"model": model, "tricks_left": left, "positions": len(cpu),
                   "median_s": at(0.5), "p95_s": at(0.95), "max_s": at(1.0),
                   "capped": sum(capped), "median_nodes": int(statistics.median(nodes)),
                   "p95_nodes": sorted(nodes)[min(len(nodes) - 1, int(0.95 * len(nodes)))],
                   "within_1s": sum(1 for x, c in zip(cpu, capped, strict=True) if x <= 1.0 and not c),
                   "within_10s": sum(1 for x, c in zip(cpu, capped, strict=True) if x <= 10.0 and not c),
                   "total_nodes": sum(nodes),
                   "median_ms": round(1000 * cpu[order[min(len(order) - 1, len(order) // 2)]], 2),
                   "repeat": max(1, args.repeat),
                   "node_limit": args.node_limit}
            rows.append(row)
            if not args.json:
                print(f"{model:9} {left:2} tricks left: {len(cpu)} positions, median {row['median_s']} s "
                      f"({row['median_ms']} ms, best of {row['repeat']}), "
                      f"p95 {row['p95_s']} s, max {row['max_s']} s, capped {row['capped']}, "
                      f"median nodes {row['median_nodes']:,}, p95 {row['p95_nodes']:,}, "
                      f"total {row['total_nodes']:,}, within 1 s {row['within_1s']}, "
                      f"within 10 s {row['within_10s']}", flush=True)
    if args.json:
        print(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
