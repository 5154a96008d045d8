"""Annotate's CPU per deal, two source trees measured in turn in one sitting.

    python benchmarks/annotate_paired.py --a ROOT_A --b ROOT_B
        [--python-a PY] [--python-b PY] [--deals 12] [--gen-seed 919] [--seeds 5,6]
        [--fast] [--rounds 1] [--limit N]

Each ROOT is a source checkout (the folder holding ``hearts_notation``), built or
not (its compiled core is used when its stamp says it is current, as for any run;
the first lines printed say which core each side runs).  To measure a git
revision, export it beside this tree and build it (or copy the compiled files of
a build of the same sources, ``_core.stamp`` included), for example::

    mkdir /tmp/base && git archive main | tar -x -C /tmp/base
    (cd /tmp/base && nice python setup.py build_ext --inplace -q)
    python benchmarks/annotate_paired.py --a /tmp/base --b . --gen-seed 919 --seeds 5,6

Why in turn: the machine is shared (2 cores, other jobs), and its speed per
CPU-second moves by 10-30% between sittings; two whole runs one after the other
compare sittings, not code.  So one long-lived worker process per tree analyses
the *same* deal under the *same* analysis seed one after the other, the side that
goes first alternating from deal to deal, each timing ``analyse_game`` with
``time.process_time()`` as ``benchmarks/bench_stability.py`` does (the deals are
that script's: ``generate_games(deals, seed=gen_seed, max_deals=1)``, generated
once by side A and given to both sides as a JSON record, so both analyse the
very same games even if the generator differs between the trees).

Each worker also returns the analysis report of the deal (``hearts annotate
--format json``'s ``games`` entry, the same ``json_text`` with ``indent=2``);
the driver says whether the two are identical, byte for byte, deal by deal.
It prints, per deal and seed, the CPU of each side and the ratio B / A, then the
median and mean of each side, the median of the per-deal ratios, and the count
of identical reports; it exits 1 when any report differs.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve()


# The worker -------------------------------------------------------------------------


def worker(root: str) -> None:
    """Serve requests (JSON lines on stdin) with the package of *root*."""
    sys.path.insert(0, root)
    import dataclasses

    import hearts_notation
    from hearts_notation import _compiled
    from hearts_notation.analysis.annotate import AnalysisOptions, GameTask, analyse_game, report
    from hearts_notation.analysis.evaluate import FAST, EvalOptions
    from hearts_notation.generate import generate_games
    from hearts_notation.io import dumps, iter_games_text
    from hearts_notation.output import json_text

    here = os.path.dirname(os.path.dirname(os.path.abspath(hearts_notation.__file__)))
    out = sys.stdout
    out.write(json.dumps({"root": here, "core": _compiled.description()}) + "\n")
    out.flush()
    games: list[Any] = []
    for line in sys.stdin:
        req = json.loads(line)
        if req["op"] == "generate":
            made = list(generate_games(req["deals"], seed=req["gen_seed"], max_deals=1))
            out.write(json.dumps({"text": dumps(made, "json")}) + "\n")
        elif req["op"] == "load":
            games = list(iter_games_text(req["text"], "json", "<paired>"))
            out.write(json.dumps({"games": len(games)}) + "\n")
        elif req["op"] == "analyse":
            base = FAST if req["fast"] else EvalOptions()
            opts = AnalysisOptions(eval=dataclasses.replace(base, seed=req["seed"]))
            task = GameTask(games[req["index"]], opts)
            t = time.process_time()
            a = analyse_game(task)
            cpu = time.process_time() - t
            text = json_text(report([a]), indent=2)
            out.write(json.dumps({"cpu": cpu, "report": text}) + "\n")
        out.flush()


# The driver -------------------------------------------------------------------------


class Side:
    """One tree's worker process."""

    def __init__(self, name: str, root: str, python: str) -> None:
        self.name = name
        env = dict(os.environ)
        env.pop("PYTHONPATH", None)
        self.proc = subprocess.Popen([python, str(HERE), "--worker", root], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, env=env)
        self.hello = self._read()

    def _read(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            sys.exit(f"the worker of side {self.name} stopped")
        return dict(json.loads(line))

    def ask(self, **req: Any) -> dict[str, Any]:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(req) + "\n")
        self.proc.stdin.flush()
        return self._read()

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    ap.add_argument("--a", help="the first tree (the 'before')")
    ap.add_argument("--b", help="the second tree (the 'after')")
    ap.add_argument("--python-a", default=sys.executable)
    ap.add_argument("--python-b", default=sys.executable)
    ap.add_argument("--deals", type=int, default=12)
    ap.add_argument("--gen-seed", type=int, default=919)
    ap.add_argument("--seeds", default="5,6")
    ap.add_argument("--fast", action="store_true")
    ap.add_argument("--rounds", type=int, default=1, help="analyse every deal this many times")
    ap.add_argument("--limit", type=int, default=0, help="stop after this many analyses per side")
    args = ap.parse_args()
    if args.worker:
        worker(args.worker)
        return
    if not args.a or not args.b:
        ap.error("--a and --b are required")
    sides = [Side("A", args.a, args.python_a), Side("B", args.b, args.python_b)]
    for s in sides:
        print(f"{s.name}: {s.hello['root']} ({s.hello['core']})")
    text = sides[0].ask(op="generate", deals=args.deals, gen_seed=args.gen_seed)["text"]
    for s in sides:
        s.ask(op="load", text=text)
    seeds = [int(x) for x in args.seeds.split(",")]
    cpu: dict[str, list[float]] = {"A": [], "B": []}
    ratios: list[float] = []
    same = differ = 0
    turn = 0
    print(f"{'deal':>4} {'seed':>4} {'A s':>7} {'B s':>7} {'B/A':>6}  report")
    for _ in range(args.rounds):
        for seed in seeds:
            for i in range(args.deals):
                if args.limit and turn >= args.limit:
                    break
                order = sides if turn % 2 == 0 else sides[::-1]
                turn += 1
                got = {s.name: s.ask(op="analyse", index=i, seed=seed, fast=args.fast) for s in order}
                a, b = got["A"], got["B"]
                cpu["A"].append(a["cpu"])
                cpu["B"].append(b["cpu"])
                ratios.append(b["cpu"] / a["cpu"])
                ok = a["report"] == b["report"]
                same += ok
                differ += not ok
                print(f"{i:>4} {seed:>4} {a['cpu']:7.2f} {b['cpu']:7.2f} {ratios[-1]:6.3f}  "
                      f"{'identical' if ok else 'DIFFERS'}", flush=True)
    for s in sides:
        s.close()
    load = os.getloadavg()
    print(f"A: median {statistics.median(cpu['A']):.2f} s, mean {statistics.fmean(cpu['A']):.2f} s; "
          f"B: median {statistics.median(cpu['B']):.2f} s, mean {statistics.fmean(cpu['B']):.2f} s; "
          f"B / A per deal, median {statistics.median(ratios):.3f}; "
          f"reports identical {same} of {same + differ}; load {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")
    if differ:
        sys.exit(1)


if __name__ == "__main__":
    main()
