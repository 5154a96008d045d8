"""Club use at scale: ``hearts standings`` over a folder of generated games.

    python benchmarks/bench_club.py [--quick]

A base set of games is played by the bots (:func:`generate_games`, heuristic
bots, standard rules) and written out again and again into a folder of
files, each copy with its four players drawn from a club of twelve and
seated at random (so the standings have twelve players, who change seats
from game to game, and a full cross-table).  Two folders of each kind, one
ten times the other:

* **score sheets**: each game written as a club keeps it, a ``score`` and a
  ``total`` line per deal and no cards; 10,000 and 100,000 games
  (``--quick``: 2,000 and 20,000);
* **played games**: every card recorded, as ``generate`` writes them; 1,000
  and 10,000 games (``--quick``: 200 and 2,000).

``hearts standings FOLDER --jobs 1 --format json`` runs in a child process;
its peak resident memory (``ru_maxrss`` from ``wait4``) for the larger
folder against the smaller is the flat-memory check (target: ratio <= 1.2
for ten times the games), and its CPU seconds give games per CPU second
(one core, so other jobs on the machine do not lower it).
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from rows import row1 as _row
from rows import switches

from hearts_notation.generate import generate_games
from hearts_notation.io import dumps
from hearts_notation.model import Game

Row = dict[str, object]

CLUB = ["Anaïs", "Bastien", "Clémence", "Dorian", "Élodie", "Fabrice", "Gaëlle", "Hervé",
        "Inès", "Jules", "Karim", "Lucie"]
PER_FILE = 1000


def _load() -> str:
    try:
        return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return ""


def _sheet_text(game: Game, names: list[str], number: int) -> str:
    """A generated game as a club's score sheet: score and total lines only."""
    seats = ("N", "E", "S", "W")
    out = [f'[Event "Club night {number}"]', '[Rules "standard"]',
           " ".join(f'[{t} "{n}"]' for t, n in zip(("North", "East", "South", "West"), names,
                                                   strict=True)), ""]
    for d in game.deals:
        if d.score is None:
            continue
        out.append(f"deal {d.number}")
        out.append("score " + " ".join(f"{s} {d.score[s]}" for s in seats))
        if d.total is not None:
            out.append("total " + " ".join(f"{s} {d.total[s]}" for s in seats))
        out.append("")
    if game.result is not None:
        out.append("result " + ("*" if game.result == "*" else " ".join(game.result)))
    return "\n".join(out) + "\n\n"


def _played_text(game: Game, names: list[str], number: int) -> str:
    players = dict(zip(("N", "E", "S", "W"), names, strict=True))
    tags = {**game.tags, "Event": f"Club night {number}"}
    return dumps([replace(game, players=players, tags=tags)], "hrn") + "\n"


def build(folder: Path, base: list[Game], games: int, kind: str, seed: int = 12) -> int:
    """Write *games* copies of the base games into files of PER_FILE games;
    the number of deals written."""
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    deals = 0
    write = _sheet_text if kind == "sheets" else _played_text
    for f in range(0, games, PER_FILE):
        parts = []
        for k in range(f, min(games, f + PER_FILE)):
            g = base[k % len(base)]
            parts.append(write(g, rng.sample(CLUB, 4), k + 1))
            deals += len(g.deals)
        (folder / f"night-{f // PER_FILE:04d}.hrn").write_text("".join(parts), encoding="utf-8")
    return deals


def standings_run(folder: Path) -> tuple[float, float, float, int]:
    """(peak RSS MiB, CPU seconds, wall seconds, players) of ``hearts standings``."""
    out_path = folder.parent / f"{folder.name}.json"
    err_path = folder.parent / f"{folder.name}.err"
    t0 = time.perf_counter()
    with out_path.open("wb") as out, err_path.open("wb") as err:
        proc = subprocess.Popen([sys.executable, "-m", "hearts_notation", "standings", str(folder),
                                 "--jobs", "1", "--format", "json"],
                                stdout=out, stderr=err, cwd=Path(__file__).resolve().parent.parent)
        _, status, usage = os.wait4(proc.pid, 0)      # this child's own peak RSS and CPU time
    proc.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - t0
    if proc.returncode not in (0, 1):
        raise RuntimeError(err_path.read_text(encoding="utf-8", errors="replace")[-2000:])
    players = len(json.loads(out_path.read_text(encoding="utf-8"))["players"])
    return usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime, wall, players


def run(quick: bool = False) -> list[Row]:
    rows: list[Row] = []
    base = list(generate_games(300, seed=2026))
    sizes = {"sheets": (2_000, 20_000) if quick else (10_000, 100_000),
             "played": (200, 2_000) if quick else (1_000, 10_000)}
    tmp = Path(tempfile.mkdtemp(prefix="bench-club-"))
    try:
        for kind, (small, large) in sizes.items():
            measured = []
            for n in (small, large):
                folder = tmp / f"{kind}-{n}"
                deals = build(folder, base, n, kind)
                rss, cpu, wall, players = standings_run(folder)
                measured.append((n, deals, rss, cpu, wall, players))
                shutil.rmtree(folder)
            (n1, _, r1, _, _, _), (n2, d2, r2, c2, w2, p2) = measured
            label = "score sheets" if kind == "sheets" else "played games"
            note = (f"hearts standings --jobs 1, {PER_FILE:,} games a file, {len(base)} generated games "
                    f"re-seated among {len(CLUB)} players; {_load()}")
            rows.append(_row(f"standings, {n1:,} {label}: peak RSS", r1, "MiB", note=note))
            rows.append(_row(f"standings, {n2:,} {label}: peak RSS", r2, "MiB",
                             f"standings, {n1:,} {label}: peak RSS", r1,
                             "flat: ratio <= 1.2 for 10x the games",
                             f"{d2:,} deals, {p2} players, {w2:.0f} s wall", digits=1))
            rows.append(_row(f"standings, {label}, games per CPU second", n2 / c2, "games/CPU-s",
                             note=f"{n2:,} games, {d2:,} deals in {c2:.1f} CPU s "
                                  f"({d2 / c2:,.0f} deals/CPU-s)", digits=0))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return rows


def main() -> None:
    rows = run(quick=switches(__doc__, "--quick")["--quick"])
    print(f"{'benchmark':52} {'value':>12}  {'unit':12} {'ratio':>7}  target")
    for r in rows:
        ratio = "" if r["ratio"] is None else f"{r['ratio']}"
        print(f"{r['name']!s:52} {r['value']!s:>12}  {r['unit']!s:12} {ratio:>7}  {r['target']}")


if __name__ == "__main__":
    main()
