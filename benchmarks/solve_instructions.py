"""Instructions of the exact solver (``hearts solve``), in process, under callgrind.

    python benchmarks/solve_instructions.py [--deals 20] [--tricks 6] [--models selfish,paranoid]

Needs valgrind (Debian: ``apt-get install valgrind``).  On a shared machine the
CPU seconds of ``bench_solve.py`` move with the load more than a change to the
search does; instruction counts do not, so the before and after of a change to
what a node costs are given in instructions (docs/performance.md, section
bench_solve, eighth round).  Build the compiled core of each tree first
(``python setup.py build_ext --inplace``) and run the script from it.

The positions are ``bench_solve.py``'s (``--deals`` generated deals, seed 2026,
the lead of the trick with ``--tricks`` tricks left); each is solved once, every
legal card's exact value, one fresh solver per position, no node limit.  For each
model, two child processes make the positions, one of them solving them: the
first figure is the solving run's whole count, the second the difference (the
solve part, without the start-up, the imports and the positions' making).  Not a
``bench_*`` module: ``run_all.py`` does not run it (it needs valgrind and takes
minutes).
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def _child(deals: int, left: int, model: str, solve: bool) -> None:
    from bench_solve import positions

    from hearts_notation.analysis.exact import ExactSolver

    states = positions(deals, 2026, left)
    if solve:
        for st in states:
            ExactSolver(st.rules, model, node_limit=0).card_values(st)


def _instructions(deals: int, left: int, model: str, solve: bool) -> int:
    """The instructions callgrind counts for one child process."""
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                           sys.executable, __file__, "--child", str(deals), str(left), model,
                           str(int(solve))],
                          capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise RuntimeError(done.stderr[-2000:])
    return int(found.group(1))


def main() -> None:
    if sys.argv[1:2] == ["--child"]:
        deals, left, model, solve = sys.argv[2:6]
        _child(int(deals), int(left), model, solve == "1")
        return
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--tricks", type=int, default=6, help="tricks left at the position")
    ap.add_argument("--models", default="selfish,paranoid")
    args = ap.parse_args()
    for model in args.models.split(","):
        whole = _instructions(args.deals, args.tricks, model, True)
        base = _instructions(args.deals, args.tricks, model, False)
        print(f"{model}, {args.tricks} tricks left, {args.deals} positions: "
              f"{whole / 1e6:,.0f}M instructions, of which the solve part {(whole - base) / 1e6:,.0f}M",
              flush=True)


if __name__ == "__main__":
    main()
