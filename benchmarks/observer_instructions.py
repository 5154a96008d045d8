"""Instructions per deal of the referee on observer records, in process, under callgrind.

    python benchmarks/observer_instructions.py [--games 30]

Needs valgrind (Debian: ``apt-get install valgrind``).  On a shared machine one
process's CPU seconds move by 10% and more with the load; instruction counts do
not, so the before and after of a change to the observer path (docs/performance.md,
section bench_observer; docs/decisions.md, "Observer records, a third cheaper" and
"Observer records take the clean check") are given in instructions.  The files are
``bench_observer.py``'s: 150 generated games
(seed 7, heuristic bots), as JSONL with the hands known and with every hand
``null`` (passes kept).  The first *games* records of each are read by
``referee.report_json_text`` in one process, once to warm up and then either 0 or
2 more times; the difference of the two runs' counts, over twice the deals, is the
cost of a deal without the start-up.  Not a ``bench_*`` module: ``run_all.py``
does not run it (it needs valgrind and takes a few minutes).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from hearts_notation.generate import generate_games
from hearts_notation.io.jsonio import dumps_jsonl


def _child(path: str, repeats: int) -> None:
    """Read the records of *path* once, then *repeats* times more."""
    import gc

    from hearts_notation.referee import report_json_text

    gc.freeze()
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    for _ in range(1 + repeats):
        for i, line in enumerate(lines):
            report_json_text(line, "x", i + 1, i + 1)


def _instructions(path: str, repeats: int) -> int:
    """The instructions callgrind counts for one child process."""
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                           sys.executable, __file__, "--child", path, str(repeats)],
                          capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise RuntimeError(done.stderr[-2000:])
    return int(found.group(1))


def main() -> None:
    if sys.argv[1:2] == ["--child"]:
        _child(sys.argv[2], int(sys.argv[3]))
        return
    count = int(sys.argv[sys.argv.index("--games") + 1]) if "--games" in sys.argv else 30
    games = list(generate_games(150, seed=7, bots=("heuristic",)))[:count]
    deals = sum(len(g.deals) for g in games)
    known = dumps_jsonl(games)
    observer = []
    for line in known.splitlines():
        game = json.loads(line)
        for deal in game["deals"]:
            deal["hands"] = {seat: None for seat in deal["hands"]}
        observer.append(json.dumps(game, separators=(",", ":"), ensure_ascii=False))
    with tempfile.TemporaryDirectory() as tmp:
        for name, text in (("hands known", known), ("observer", "\n".join(observer) + "\n")):
            path = str(Path(tmp) / "records.jsonl")
            Path(path).write_text(text, encoding="utf-8")
            per_deal = (_instructions(path, 2) - _instructions(path, 0)) / (2 * deals)
            print(f"{name}: {per_deal / 1000:,.0f}k instructions per deal ({deals} deals)")


if __name__ == "__main__":
    main()
