"""The one HRN reader, whole process: ``hearts validate`` of canonical HRN and
of the same deals as people type them, against another checkout in the same run.

    python benchmarks/bench_hrn_reader.py [--quick] [--against PATH]
    HRN_READER_AGAINST=PATH python benchmarks/run_all.py --only hrn_reader --merge

The same random legal deals (10 per game) are written twice: as canonical
HRN (what every writer prints) and as people type it
(``bench_parse.hand_typed``: French keywords, a ``{comment}`` on every trick,
a ``;`` note on every deal header, doubled spaces).  ``hearts validate FILE``
runs on each as the console script runs it, in a child process, from this
checkout and, with ``--against``, from another checkout of the package (the
anchor: the code before a change, e.g. ``/work/main``), rounds interleaved,
each figure the best of the rounds.  Figures are deals per CPU second of the
child (user + system): one core's work, whatever else the machine runs.
Whichever core ``HEARTS_NOTATION_PURE`` selects runs in both (the rows say
which).

Targets (issue 22): canonical HRN >= 15,000 deals/s compiled; as people
type it >= 10,000 deals/s, within 1.5x of canonical in the same build.
"""

from __future__ import annotations

import os
import random
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_parse import hand_typed  # noqa: E402

from hearts_notation.generate import random_game  # noqa: E402
from hearts_notation.io.hrn.writer import dumps_hrn  # noqa: E402
from hearts_notation.rules import parse_rules  # noqa: E402

DEALS_PER_GAME = 10


def _texts(deals: int) -> dict[str, str]:
    rng = random.Random(22)
    rules = parse_rules("standard target=1000")     # (ten deals never end a game: all valid)
    games = [random_game(rules, rng, deals=DEALS_PER_GAME) for _ in range(deals // DEALS_PER_GAME)]
    canonical = dumps_hrn(games)
    return {"canonical": canonical, "hand-typed": hand_typed(canonical)}


def _cpu_of(root: Path, path: str) -> float:
    """CPU seconds of one ``hearts validate PATH`` run from checkout *root*."""
    code = (f"import sys\nsys.path.insert(0, {str(root)!r})\n"
            "from hearts_notation.cli import main\nmain(sys.argv[1:])")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, "-c", code, "validate", "--jobs", "1", path],
                          capture_output=True, text=True, cwd=str(root), check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"validate failed ({root}): {done.stdout}{done.stderr}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _core(root: Path) -> str:
    code = (f"import sys\nsys.path.insert(0, {str(root)!r})\n"
            "from hearts_notation import _compiled\n_compiled.select()\nprint(_compiled.description())")
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False).stdout.strip()


def run(quick: bool = False, against: Path | None = None) -> list[dict[str, object]]:
    """Deals per CPU second of ``validate`` on both texts, for this checkout
    and the one *against* (default: the checkout named by the environment
    variable ``HRN_READER_AGAINST``, so that ``run_all.py`` can measure the
    anchor in the same run)."""
    if against is None and os.environ.get("HRN_READER_AGAINST"):
        against = Path(os.environ["HRN_READER_AGAINST"]).resolve()
    deals = 2000 if quick else 6000
    rounds = 2 if quick else 3
    roots = {"this checkout": ROOT}
    if against is not None:
        roots["anchor " + against.name] = against
    best: dict[tuple[str, str], float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        paths = {}
        for name, text in _texts(deals).items():
            paths[name] = os.path.join(tmp, f"{name}.hrn")
            Path(paths[name]).write_text(text, encoding="utf-8")
        for _ in range(rounds):
            for who, root in roots.items():
                for name, path in paths.items():
                    cpu = _cpu_of(root, path)
                    key = (who, name)
                    best[key] = min(best.get(key, cpu), cpu)
    rows: list[dict[str, object]] = []
    # (the anchor checkout's rows first: this checkout's canonical row names it)
    for who, root in reversed(roots.items()):
        core = _core(root)
        suffix = "" if who == "this checkout" else f" ({who})"
        canonical = deals / best[(who, "canonical")]
        typed = deals / best[(who, "hand-typed")]
        before = next((k for k in roots if k != who), None) if who == "this checkout" else None
        rows.append(_row(f"validate canonical HRN, 1 job{suffix}", canonical,
                         None if before is None else f"validate canonical HRN, 1 job ({before})",
                         None if before is None else deals / best[(before, "canonical")],
                         f"{deals:,} deals, {DEALS_PER_GAME} per game; {core}"))
        rows.append(_row(f"validate hand-typed HRN, 1 job{suffix}", typed,
                         f"validate canonical HRN, 1 job{suffix}", canonical,
                         "the same deals: French keywords, a {comment} on every trick, "
                         f"; notes, doubled spaces; {core}"))
        if before is not None:
            rows.append(_row("validate hand-typed HRN, 1 job, against the anchor checkout", typed,
                             f"validate hand-typed HRN, 1 job ({before})",
                             deals / best[(before, "hand-typed")], "the row above against the "
                             "code before the change, same run"))
    return rows


def _row(name: str, value: float, anchor: str | None, anchor_value: float | None,
         note: str) -> dict[str, object]:
    return {"name": name, "value": round(value), "unit": "deals/s", "anchor": anchor,
            "anchor_value": None if anchor_value is None else round(anchor_value),
            "ratio": None if not anchor_value else round(value / anchor_value, 3),
            "target": "", "note": note}


def main() -> None:
    args = sys.argv[1:]
    against = Path(args[args.index("--against") + 1]).resolve() if "--against" in args else None
    rows = run(quick="--quick" in args, against=against)
    for r in rows:
        ratio = "" if r["ratio"] is None else f"  ({r['ratio']:.2f}x {r['anchor']})"
        print(f"{r['name']:<60} {r['value']:>8,} deals/s{ratio}  [{r['note']}]")
    if against is not None:
        by = {str(r["name"]): float(r["value"]) for r in rows}  # type: ignore[arg-type]
        for kind in ("canonical", "hand-typed"):
            mine = by[f"validate {kind} HRN, 1 job"]
            theirs = next(v for k, v in by.items() if k.startswith(f"validate {kind} HRN, 1 job ("))
            print(f"{kind}: this checkout / anchor = {mine / theirs:.2f}")


if __name__ == "__main__":
    main()
