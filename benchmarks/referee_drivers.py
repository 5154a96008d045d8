"""The referee's two game-level drivers side by side, clean records only.

    python benchmarks/referee_drivers.py

In one process, best of 7, CPU time, the collector paused: ``compact_report`` on the compact forms
against ``check_game(...).to_dict()`` on the models already built (the drivers
alone), then the readings (the typed decode into the compact form against
``json.loads`` and ``game_from_dict``).  The figures say why the compact driver
stays beside the model's (docs/decisions.md, "One validator").
"""

from __future__ import annotations

import gc
import json
import time
from collections.abc import Callable

from hearts_notation import _compiled
from hearts_notation.generate import generate_games
from hearts_notation.io.jsonio import dumps_jsonl, game_from_dict
from hearts_notation.io.typed_json import json_compact
from hearts_notation.referee import check_game, compact_report


def _cpu(fn: Callable[[], object]) -> float:
    """Best of 7, the collector paused as ``validate`` pauses it (else its
    passes over the records kept alive here weigh on whichever runs last)."""
    best = float("inf")
    for _ in range(7):
        gc.collect()
        gc.disable()
        try:
            start = time.process_time()
            fn()
            best = min(best, time.process_time() - start)
        finally:
            gc.enable()
    return best


def main() -> None:
    games = list(generate_games(120, seed=5, rules="standard"))
    lines = dumps_jsonl(games).splitlines()
    compacts = [json_compact(t, i + 1)[0] for i, t in enumerate(lines)]
    models = [game_from_dict(json.loads(t), "t.jsonl", i) for i, t in enumerate(lines)]
    deals = sum(len(g.deals) for g in models)
    compact = _cpu(lambda: [compact_report(c, "t.jsonl", i) for i, c in enumerate(compacts)])  # type: ignore[arg-type]
    model = _cpu(lambda: [check_game(g).to_dict() for g in models])
    decode = _cpu(lambda: [json_compact(t, i + 1) for i, t in enumerate(lines)])
    build = _cpu(lambda: [game_from_dict(json.loads(t), "t.jsonl", i) for i, t in enumerate(lines)])
    us = 1e6 / deals
    print(f"{deals} deals, {_compiled.description()}")
    print(f"drivers: compact_report {compact * us:.1f} us/deal, check_game on the model "
          f"{model * us:.1f} us/deal ({model / compact:.2f}x)")
    print(f"reading: typed decode to the compact form {decode * us:.1f} us/deal, json.loads and "
          f"the model {build * us:.1f} us/deal ({build / decode:.2f}x)")
    print(f"whole: {(compact + decode) * us:.1f} against {(model + build) * us:.1f} us/deal "
          f"({(model + build) / (compact + decode):.2f}x)")


if __name__ == "__main__":
    main()
