"""The one line splitter (round 35): the JSONL batch cutter of
``validate --jobs`` and the cluster, and ``validate --jobs 2`` as a whole,
on this tree against another (the base: the tree before the change), in
paired, alternated runs of the same process.

    python benchmarks/bench_one_splitter.py FILE.jsonl --base DIR [--rounds N]

*DIR* is a copy of the base tree with the same compiled modules, e.g.::

    git archive 19465b35 | tar -x -C /tmp/base
    (find hearts_notation -name '*.so' -o -name '*.stamp*') | \\
        while read f; do cp "$f" "/tmp/base/$f"; done

Each figure is a child process's CPU seconds (user + system, its worker
processes included), best of the rounds; the ratio is this tree's over
the base's, both from the same run (the anchor).  The cut is
``io.batches.cut_jsonl`` over the whole file, 32 records a batch (the
local runner's; a cluster shard is the same cut from an offset); the whole
is ``python -m hearts_notation validate FILE --jobs 2``.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

CUT = """
import sys, time
from hearts_notation.io.batches import cut_jsonl
path = sys.argv[1]
n = 0
for batch in cut_jsonl(open(path, "rb"), path, 32, None):
    n += 1
print(n)
"""


def _cpu(tree: Path, args: list[str]) -> tuple[float, str]:
    """CPU seconds of ``python ARGS`` run from *tree* (children included)."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    env.pop("HEARTS_NOTATION_PURE", None)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, *args], cwd=tree, env=env, capture_output=True,
                          text=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, done.stdout.strip().splitlines()[-1] if done.stdout.strip() else done.stderr[-200:]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("file")
    parser.add_argument("--base", required=True)
    parser.add_argument("--rounds", type=int, default=3)
    opts = parser.parse_args()
    base = Path(opts.base).resolve()
    path = str(Path(opts.file).resolve())
    for tree in (HERE, base):
        version = subprocess.run([sys.executable, "-m", "hearts_notation", "--version"], cwd=tree,
                                 env=dict(os.environ, PYTHONPATH=str(tree)), capture_output=True,
                                 text=True, check=True).stdout.strip().splitlines()[-1]
        print(f"{tree}: {version}")
    work = {
        "cut_jsonl (32 a batch)": ["-c", CUT, path],
        "validate --jobs 2": ["-m", "hearts_notation", "validate", path, "--jobs", "2"],
    }
    for name, args in work.items():
        best = {HERE: float("inf"), base: float("inf")}
        said = {}
        for _ in range(opts.rounds):
            for tree in (base, HERE):           # alternated: the load drifts alike for both
                cpu, out = _cpu(tree, args)
                best[tree] = min(best[tree], cpu)
                said[tree] = out
        print(f"{name}: this tree {best[HERE]:.2f} CPU-s, base {best[base]:.2f} CPU-s, "
              f"ratio {best[HERE] / best[base]:.3f}")
        if said[HERE] != said[base]:
            print(f"  outputs differ: {said[HERE]!r} / {said[base]!r}")
        print(f"  ({said[HERE]})")
    print("load average " + " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
