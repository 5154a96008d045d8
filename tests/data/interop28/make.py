"""Play long games-collection games to targets other than 100, many games in one log.

Helper interop28 (round 28): no Hearts engine not yet used could be run here (PyPI,
the only network, has none more: ``rlcard`` and PettingZoo's classic games have no
Hearts, ``gonzo-card-games`` and ``card-game*`` none either; docs/interop.md, round
28), so games-collection 1.6.1 (MIT, ``pip install --no-deps games-collection``) of
round 27 is taken where round 27 did not go: its one rule option, the score that ends
the game (``is_game_over(target_score)``, default 100), at 50, 150, 250 and 500 (long
games: many passing cycles, several moons, totals past 100, and ties), every game of
a run in one log. The log is what its command line prints, as in round 27
(``tests/data/interop27/make.py``, ``collection_game``), the header naming the target.

    pip install --no-deps games-collection
    python tests/data/interop28/make.py OUTDIR --games 8 --seed 28

writes ``OUTDIR/collection.log``. The committed fixture is ``--games 4 --seed 28``.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from pathlib import Path
from typing import Any

TARGETS = (50, 150, 250, 500)


def _round27() -> Any:
    """Round 27's make.py (tests/data is no package): its ``collection_game``."""
    path = Path(__file__).resolve().parent.parent / "interop27" / "make.py"
    spec = importlib.util.spec_from_file_location("interop28_make27", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def collection_game(seed: int, target: int) -> str:
    """One games-collection game to *target* of its own AI players, as its CLI prints it."""
    result: str = _round27().collection_game(seed, target)
    return result


def main(argv: list[str] | None = None) -> int:
    """Write the games asked, targets in turn, to OUTDIR/collection.log."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=28)
    args = parser.parse_args(argv)
    args.outdir.mkdir(parents=True, exist_ok=True)
    with (args.outdir / "collection.log").open("w", encoding="utf-8", newline="\n") as f:
        for k in range(args.games):
            seed, target = args.seed * 1000 + k, TARGETS[k % len(TARGETS)]
            f.write(f"=== games-collection 1.6.1 game seed={seed} target={target} ===\n")
            f.write(collection_game(seed, target))
    return 0


if __name__ == "__main__":
    sys.exit(main())
