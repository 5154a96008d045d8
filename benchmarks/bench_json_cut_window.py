"""Paired timing of the ``.json`` cutter (round 36, hostile36): a base
revision's ``io/jsonio.py`` (default fdb11d21, before the cut value's end
was found by its brackets) against this tree's, in one process, cutting a
50,000-game array (one-line and pretty-printed) from 1 MiB chunks.

    python benchmarks/bench_json_cut_window.py [REV]

Prints CPU seconds (best of 3, alternated) and this tree's ratio to the
base.  Run from the repository (the base is read by ``git show``)."""

from __future__ import annotations

import json
import subprocess
import sys
import time
import types
from collections.abc import Iterator
from pathlib import Path

import hearts_notation.io.jsonio as this

ROOT = Path(__file__).resolve().parent.parent
GAMES = 50_000


def base_module(rev: str) -> types.ModuleType:
    """The base revision's jsonio, loaded beside this tree's."""
    source = subprocess.run(["git", "show", f"{rev}:hearts_notation/io/jsonio.py"], cwd=ROOT,
                            check=True, capture_output=True, text=True).stdout
    module = types.ModuleType("hearts_notation.io.jsonio_base")
    module.__package__ = "hearts_notation.io"
    module.__file__ = f"{rev}:hearts_notation/io/jsonio.py"
    sys.modules[module.__name__] = module
    exec(compile(source, module.__file__, "exec"), module.__dict__)
    return module


def chunks(text: str) -> Iterator[str]:
    return (text[i:i + (1 << 20)] for i in range(0, len(text), 1 << 20))


def run(module: types.ModuleType, name: str, text: str) -> float:
    start = time.process_time()
    count = sum(1 for _ in getattr(module, name)(chunks(text)))
    assert count == GAMES
    return time.process_time() - start


def main() -> None:
    base = base_module(sys.argv[1] if len(sys.argv) > 1 else "fdb11d21")
    game = json.loads(subprocess.run(
        [sys.executable, "-m", "hearts_notation", "convert", str(ROOT / "docs/examples/evening.hrn"),
         "--to", "json"], check=True, capture_output=True, text=True).stdout)
    games = game if isinstance(game, list) else [game]
    texts = {"one-line": json.dumps(games * GAMES), "pretty": json.dumps(games * GAMES, indent=2)}
    for layout, text in texts.items():
        for name in ("iter_json_elements", "iter_json_compact"):
            a: list[float] = []
            b: list[float] = []
            for _ in range(3):
                a.append(run(base, name, text))
                b.append(run(this, name, text))
            print(f"{layout:9} {len(text) / 1e6:4.0f} MB {name:19} base {min(a):.3f} s"
                  f"  this {min(b):.3f} s  ratio {min(b) / min(a):.3f}")


if __name__ == "__main__":
    main()
