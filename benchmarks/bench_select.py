"""``hearts select`` against ``hearts validate`` over the same JSONL corpus.

    python benchmarks/bench_select.py [--quick]

A base of games is played by the bots (:func:`generate_games`, standard rules)
and written as JSONL, once (the *small* corpus) and ten times over (the
*large* one).  In child processes, one job each, the same run measures:

* ``hearts validate --jobs 1`` over the small corpus and over the large one: the
  anchors (the large one weighs the start of the process less);
* ``hearts select --jobs 1 --count`` with a query that needs the tricks and
  the scores (``queen == S and points(S) >= 13``: every game is replayed by
  the referee's compact check, as validate replays it -- the hardest case,
  and the one the target is judged on), a query on the dealt hands (a
  teacher's: no replay) and one that a game's tags decide (a club's: a game
  of another event is not replayed), and one that writes what it selects
  (``--deals --where moon -o FILE``: those records are read into the model):
  CPU seconds, deals per CPU second, and the ratio of speeds to validate
  (target: select no slower, ratio >= 1);
* the peak resident memory of the counting query over the large corpus
  against the small one (target: flat, ratio <= 1.2 for ten times the games).

CPU time (``wait4``'s ``ru_utime + ru_stime`` of the child) is one core's work,
so other jobs on the machine do not change it much.  The children read their
bytecode from a cache of their own, filled by a first run that is not
measured, as an installed package has it (where ``PYTHONDONTWRITEBYTECODE``
is set, every module would be compiled again at every start: some 0.1 CPU-s
more for select's query modules than for validate, on the small corpus).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from rows import row as _row  # noqa: E402

from hearts_notation.generate import generate_games  # noqa: E402
from hearts_notation.io import dumps  # noqa: E402

Row = dict[str, object]

QUERY = "queen == S and points(S) >= 13"
#: A teacher's query (the dealt hands only) and a club's (the tags decide most games).
HANDS = "holds(N, QS) and count(N, S) <= 2"
TAGS = 'tag(Event) ~ "game 1[0-9]$" and moon'


#: The children's bytecode cache (set by :func:`run`): compiled once, then read, as an
#: installed package has it, even where the environment says not to write bytecode.
_PYCACHE: list[Path] = []


def _child(args: list[str], out: Path) -> tuple[float, float]:
    """(CPU seconds, peak RSS MiB) of ``hearts ARGS`` in a child process."""
    env = dict(os.environ)
    if _PYCACHE:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(_PYCACHE[0])
    with out.open("wb") as fh:
        proc = subprocess.Popen([sys.executable, "-m", "hearts_notation", *args], stdout=fh,
                                stderr=subprocess.PIPE, cwd=ROOT, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        raise RuntimeError(f"hearts {' '.join(args)} exited {code}")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def _best(args: list[str], out: Path, repeat: int) -> tuple[float, float]:
    runs = [_child(args, out) for _ in range(repeat)]
    return min(r[0] for r in runs), max(r[1] for r in runs)


def run(quick: bool = False) -> list[Row]:
    games = list(generate_games(60 if quick else 200, seed=26))
    deals = sum(len(g.deals) for g in games)
    text = dumps(games, "jsonl")
    tmp = Path(tempfile.mkdtemp(prefix="bench-select-"))
    try:
        small, large = tmp / "small.jsonl", tmp / "large.jsonl"
        small.write_text(text, encoding="utf-8")
        large.write_text(text * 10, encoding="utf-8")
        out = tmp / "out.txt"
        _PYCACHE[:] = [tmp / "pycache"]
        for warm in (["validate", "--jobs", "1", str(small)],
                     ["select", "--jobs", "1", "--count", "--where", QUERY, str(small)]):
            _child(warm, out)       # the bytecode cached, as after installing
        repeat = 2 if quick else 3
        t0 = time.perf_counter()
        v_cpu, _ = _best(["validate", "--jobs", "1", str(small)], out, repeat)
        s_cpu, s_rss = _best(["select", "--jobs", "1", "--count", "--where", QUERY, str(small)],
                             out, repeat)
        count = out.read_text(encoding="utf-8").strip()
        w_cpu, _ = _best(["select", "--jobs", "1", "--deals", "--where", "moon", "-o",
                          str(tmp / "moons.jsonl"), str(small)], out, repeat)
        # Ten times the corpus (the start of the process weighs less), every
        # command in each round, best of the rounds (the machine may be busy).
        big = {"validate": ["validate", "--jobs", "1", str(large)],
               "score": ["select", "--jobs", "1", "--count", "--where", QUERY, str(large)],
               "hands": ["select", "--jobs", "1", "--count", "--deals", "--where", HANDS,
                         str(large)],
               "tags": ["select", "--jobs", "1", "--count", "--where", TAGS, str(large)]}
        cpu = dict.fromkeys(big, float("inf"))
        counts: dict[str, str] = {}
        l_rss = 0.0
        for _ in range(1 if quick else 2):
            for key, args in big.items():
                c, rss = _child(args, out)
                cpu[key] = min(cpu[key], c)
                counts[key] = out.read_text(encoding="utf-8").strip()
                if key == "score":
                    l_rss = max(l_rss, rss)
        lv_cpu, l_cpu = cpu["validate"], cpu["score"]
        wall = time.perf_counter() - t0
        core = "pure Python" if os.environ.get("HEARTS_NOTATION_PURE") else "default install"
        size = (f"{len(games):,} games, {deals:,} deals, {small.stat().st_size / 1e6:.1f} MB JSONL; "
                f"core: {core}")
        big_anchor = "validate JSONL, 10x the corpus, 1 job (anchor)"
        return [
            _row("validate JSONL, 1 job (anchor)", deals / v_cpu, "deals/CPU-s",
                 note=f"{size}; best of {repeat}", digits=0),
            _row("select JSONL --count, 1 job", deals / s_cpu, "deals/CPU-s",
                 "validate JSONL, 1 job (anchor)", deals / v_cpu, "ratio >= 1 (no slower)",
                 f"--where '{QUERY}': {count} games selected; {s_cpu:.2f} CPU-s against "
                 f"{v_cpu:.2f}", digits=0),
            _row("select JSONL --deals --where moon -o FILE, 1 job", deals / w_cpu, "deals/CPU-s",
                 "validate JSONL, 1 job (anchor)", deals / v_cpu, "",
                 "writes the deals selected (those records are read into the model)", digits=0),
            _row(big_anchor, 10 * deals / lv_cpu, "deals/CPU-s",
                 note="the start of the process weighs less", digits=0),
            _row("select JSONL --count, 10x the corpus, 1 job", 10 * deals / l_cpu, "deals/CPU-s",
                 big_anchor, 10 * deals / lv_cpu, "ratio >= 1 (no slower)",
                 f"the scores: every game replayed, as validate does; {l_cpu:.2f} CPU-s against "
                 f"{lv_cpu:.2f}", digits=0),
            _row("select JSONL, the dealt hands, 10x the corpus, 1 job",
                 10 * deals / cpu["hands"], "deals/CPU-s", big_anchor, 10 * deals / lv_cpu, "",
                 f"--count --deals --where '{HANDS}' (no replay): {counts['hands']} deals; "
                 f"{cpu['hands']:.2f} CPU-s", digits=0),
            _row("select JSONL, the tags decide, 10x the corpus, 1 job",
                 10 * deals / cpu["tags"], "deals/CPU-s", big_anchor, 10 * deals / lv_cpu, "",
                 f"--count --where '{TAGS}' (the other events' games not replayed): "
                 f"{counts['tags']} games; {cpu['tags']:.2f} CPU-s", digits=0),
            _row("select peak RSS, 1x", s_rss, "MiB", digits=1),
            _row("select peak RSS, 10x the corpus", l_rss, "MiB", "select peak RSS, 1x", s_rss,
                 "flat: ratio <= 1.2", f"{l_cpu:.1f} CPU-s for {10 * deals:,} deals; "
                 f"{wall:.0f} s for the whole module", digits=1),
        ]
    finally:
        for p in sorted(tmp.rglob("*"), reverse=True):
            p.unlink() if p.is_file() else p.rmdir()
        tmp.rmdir()


if __name__ == "__main__":
    for row in run(quick="--quick" in sys.argv):
        print(row)
