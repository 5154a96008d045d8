"""French JSONL records against the same English ones: ``hearts validate``'s
work in one process (``iter_reports``, jobs=1), interleaved round by round,
best of the rounds, CPU time.

    python benchmarks/bench_json_language.py [GAMES] [ROUNDS]

The French file is the English one with ``"language":"fr"`` written first in
every record, as ``hearts convert`` writes a French HRN sheet: the record's
language is a field of the clean typed path (``io/shape.py``'s CLEAN), so
both files should validate at the same speed (before, every French record
was read into the model: about 2.4x the CPU).
"""

from __future__ import annotations

import gc
import os
import sys
import tempfile
import time

from hearts_notation.commands.validate import iter_reports
from hearts_notation.generate import generate_games
from hearts_notation.io import dumps


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    lines = dumps(list(generate_games(games, seed=7)), "jsonl").splitlines()
    with tempfile.TemporaryDirectory() as tmp:
        en = os.path.join(tmp, "en.jsonl")
        fr = os.path.join(tmp, "fr.jsonl")
        with open(en, "w", encoding="utf-8") as fh:
            fh.write("".join(line + "\n" for line in lines))
        with open(fr, "w", encoding="utf-8") as fh:
            fh.write("".join('{"language":"fr",' + line[1:] + "\n" for line in lines))
        deals = {}
        best = {en: float("inf"), fr: float("inf")}
        for _ in range(rounds):
            for path in (en, fr):
                gc.collect()
                start = time.process_time()
                entries = list(iter_reports([path], None, None, False, jobs=1))
                best[path] = min(best[path], time.process_time() - start)
                assert all(e["valid"] for e in entries), path
                deals[path] = sum(len(e["deals"]) for e in entries)
        for name, path in (("English JSONL", en), ("French JSONL", fr)):
            print(f"{name}: {deals[path] / best[path]:,.0f} deals/s "
                  f"({deals[path]} deals, {games} games, best of {rounds})")
        print(f"French / English speed: {best[en] / best[fr]:.3f}")


if __name__ == "__main__":
    main()
