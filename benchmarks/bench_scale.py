"""Speed at scale on hostile-but-legal files: ``hearts validate`` per byte
against a normal corpus of about the same size, measured in the same run.

    python benchmarks/bench_scale.py [--quick] [--pure] [--only NAME,NAME]

Each file is built in a temporary directory and validated by a child
process (``python -m hearts_notation validate FILE --jobs 1``, its output
to /dev/null); the figure is the child's user + system CPU seconds, best of
two, less those of the same command on samples/canonical.hrn (the start-up),
per MB of input, and the ratio is that figure over
the normal corpus's (the anchor: generated complete games in canonical HRN).
A ratio above about 3 is a file that costs more than its size says: a
finding (docs/performance.md, bench_scale).  ``--pure`` runs the children
with ``HEARTS_NOTATION_PURE=1``; ``--quick`` builds files a tenth the size.

The files (the editor campaign's family):

* ``tags``: 100,000 unknown tags (``[T1 "v"]``...) before a sample game;
* ``deals``: 50,000 empty ``deal N`` lines (two findings each);
* ``comments``: 200,000 brace-comment lines in a game;
* ``notes``: 100,000 ``;`` note lines in a game;
* ``games-hrn`` / ``games-jsonl``: 20,000 games of one deal each (deals/s
  too, beside the normal corpus's);
* ``long-comment``: one brace comment of 5 MB;
* ``blanks``: 1,000,000 blank lines before a sample game (100,000 are 0.1 MB:
  too few for the start-up not to drown them).
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from rows import print_rows, switches
from rows import row as _row

from hearts_notation.generate import generate_games
from hearts_notation.io import dumps

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = (ROOT / "samples" / "canonical.hrn").read_text(encoding="utf-8")
Row = dict[str, object]


def _load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def _child_cpu(path: Path, pure: bool, repeat: int = 2) -> float:
    """The best user + system CPU seconds of ``hearts validate FILE``."""
    env = dict(os.environ)
    if pure:
        env["HEARTS_NOTATION_PURE"] = "1"
    best = float("inf")
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([sys.executable, "-m", "hearts_notation", "validate", str(path),
                        "--jobs", "1"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, check=False)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        best = min(best, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))
    return best


def _games(count: int, deals: int | None, fmt: str) -> str:
    """*count* games: 100 generated (or fewer) repeated, since generating is
    slower than validating and a repeated game costs the referee the same."""
    made = list(generate_games(min(count, 100), seed=12, max_deals=deals))
    return dumps((made * (count // len(made) + 1))[:count], fmt)


def _builders(scale: int) -> dict[str, tuple[Callable[[], str], str, int]]:
    """name -> (the text, its suffix, its deals); *scale* divides the sizes."""
    n = 10 // scale
    one_game = SAMPLE.split("\ndeal 2", 1)[0] + "\n"
    head, _, rest = one_game.partition("\ndeal 1")
    return {
        "tags": (lambda: "".join(f'[T{i} "v"]\n' for i in range(10_000 * n)) + SAMPLE, ".hrn", 10),
        "deals": (lambda: "".join(f"deal {i}\n" for i in range(1, 5_000 * n + 1)), ".hrn",
                  5_000 * n),
        "comments": (lambda: head + "\n" + "".join(f"{{comment {i}}}\n" for i in range(20_000 * n))
                     + "deal 1" + rest, ".hrn", 1),
        "notes": (lambda: head + "\n" + "".join(f"; note {i}\n" for i in range(10_000 * n))
                  + "deal 1" + rest, ".hrn", 1),
        "games-hrn": (lambda: _games(2_000 * n, 1, "hrn"), ".hrn", 2_000 * n),
        "games-jsonl": (lambda: _games(2_000 * n, 1, "jsonl"), ".jsonl", 2_000 * n),
        "long-comment": (lambda: head + "\n{" + "x" * (500_000 * n) + "}\n" + "deal 1" + rest,
                         ".hrn", 1),
        "blanks": (lambda: "\n" * (100_000 * n) + SAMPLE, ".hrn", 10),
    }


def run(quick: bool = False, pure: bool = False, only: tuple[str, ...] = ()) -> list[Row]:
    scale = 10 if quick else 1
    rows: list[Row] = []
    note_mode = "pure Python" if pure else "core as installed"
    with tempfile.TemporaryDirectory() as tmp:
        normal = Path(tmp) / "normal.hrn"
        normal.write_text(_games(3_000 // scale, None, "hrn"), encoding="utf-8")
        normal_jsonl = Path(tmp) / "normal.jsonl"
        normal_jsonl.write_text(_games(1_000 // scale, None, "jsonl"), encoding="utf-8")
        start = _child_cpu(ROOT / "samples" / "canonical.hrn", pure, repeat=3)
        rows.append(_row("start-up (samples/canonical.hrn)", start, "CPU-s",
                         note=f"subtracted from every figure; {note_mode}; {_load()}"))
        anchors: dict[str, tuple[float, float]] = {}
        for name, path in (("normal HRN", normal), ("normal JSONL", normal_jsonl)):
            from hearts_notation.io import read_games

            deals = sum(len(g.deals) for g in read_games(str(path)))
            cpu = max(_child_cpu(path, pure) - start, 1e-3)
            mb = path.stat().st_size / 1e6
            anchors[name] = (cpu / mb, deals / cpu)
            rows.append(_row(f"{name} (anchor)", cpu / mb, "CPU-s/MB", digits=3,
                             note=f"{mb:.2f} MB, {deals} deals, {deals / cpu:,.0f} deals/s; "
                                  f"{note_mode}; {_load()}"))
        for name, (build, suffix, deals) in _builders(scale).items():
            if only and name not in only:
                continue
            path = Path(tmp) / f"{name}{suffix}"
            path.write_text(build(), encoding="utf-8")
            cpu = max(_child_cpu(path, pure) - start, 1e-3)
            mb = path.stat().st_size / 1e6
            anchor = "normal JSONL" if suffix == ".jsonl" else "normal HRN"
            per_mb, anchor_dps = anchors[anchor]
            extra = f", {deals / cpu:,.0f} deals/s (anchor {anchor_dps:,.0f})" \
                if name.startswith("games") else ""
            rows.append(_row(name, cpu / mb, "CPU-s/MB", f"{anchor} (anchor)", per_mb, digits=3,
                             target="ratio <= 3",
                             note=f"{mb:.2f} MB, {cpu:.2f} CPU-s{extra}; {note_mode}; {_load()}"))
            path.unlink()
    return rows


def main() -> None:
    argv = sys.argv[1:]
    only: tuple[str, ...] = ()
    if "--only" in argv:
        at = argv.index("--only")
        only = tuple(argv[at + 1].split(","))
        del argv[at:at + 2]
    flags = switches(__doc__, "--quick", "--pure", argv=argv)
    print_rows(run(quick=flags["--quick"], pure=flags["--pure"], only=only))


if __name__ == "__main__":
    main()
