"""``hearts select`` against ``hearts validate`` over the same JSONL corpus.

    python benchmarks/bench_select.py [--quick]

A base of games is played by the bots (:func:`generate_games`, standard rules)
and written as JSONL, once (the *small* corpus) and ten times over (the
*large* one).  In child processes, one job each, the same run measures:

* ``hearts validate --jobs 1`` over the small corpus and over the large one: the
  anchors (the large one weighs the start of the process less);
* ``hearts select --jobs 1 --count`` with the queries the target is judged on
  (target: select no slower, ratio >= 1), each replayed only as far as it
  needs (docs/select.md, "Speed and memory"):

  - the scores, ``queen == S and points(S) >= 13``: a game is replayed by the
    referee's compact check up to the first deal that decides it;
  - a moon, ``moon``: the games without one are replayed to the end;
  - validity, ``not valid``: every game checked in full, as validate checks it;
  - a player's name, ``queen == "heuristic S"``: the name resolved to its
    seat, then as the scores;

  and, beside them, a query on the dealt hands (a teacher's: no replay), one
  that a game's tags decide (a club's: a game of another event is not
  replayed), and one that writes what it selects (``--deals --where moon -o
  FILE``: those records are read into the model): CPU seconds, deals per CPU
  second, and the ratio of speeds to validate;
* the peak resident memory of the counting query over the large corpus
  against the small one (target: flat, ratio <= 1.2 for ten times the games).

Both cores are measured in the same run when the compiled one is built
(``hearts --version`` says so with ``HEARTS_NOTATION_PURE`` unset): the rows
of the compiled core end in ``, compiled core`` and have its validate as
their anchor; the others are pure Python (``HEARTS_NOTATION_PURE=1``).

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
from rows import switches  # noqa: E402

from hearts_notation.generate import generate_games  # noqa: E402
from hearts_notation.io import dumps  # noqa: E402

Row = dict[str, object]

#: The scores: needs the tricks of a deal, and stops at the first deal that decides.
QUERY = "queen == S and points(S) >= 13"
#: A teacher's query (the dealt hands only) and a club's (the tags decide most games).
HANDS = "holds(N, QS) and count(N, S) <= 2"
TAGS = 'tag(Event) ~ "game 1[0-9]$" and moon'
#: A moon, validity and a player's name standing for a seat (the generated players).
MOON = "moon"
VALIDITY = "not valid"
NAME = 'queen == "heuristic S"'
#: Rounds of the ten-times-the-corpus commands (each command once a round, best kept).
ROUNDS = 5


#: The children's bytecode cache (set by :func:`run`): compiled once, then read, as an
#: installed package has it, even where the environment says not to write bytecode.
_PYCACHE: list[Path] = []


def _child(args: list[str], out: Path, pure: bool = True) -> tuple[float, float]:
    """(CPU seconds, peak RSS MiB) of ``hearts ARGS`` in a child process
    (pure Python, or the compiled core when not *pure*)."""
    env = dict(os.environ)
    if _PYCACHE:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(_PYCACHE[0])
    if pure:
        env["HEARTS_NOTATION_PURE"] = "1"
    else:
        env.pop("HEARTS_NOTATION_PURE", None)
    with out.open("wb") as fh:
        proc = subprocess.Popen([sys.executable, "-m", "hearts_notation", *args], stdout=fh,
                                stderr=subprocess.PIPE, cwd=ROOT, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        raise RuntimeError(f"hearts {' '.join(args)} exited {code}")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def _best(args: list[str], out: Path, repeat: int, pure: bool) -> tuple[float, float]:
    runs = [_child(args, out, pure) for _ in range(repeat)]
    return min(r[0] for r in runs), max(r[1] for r in runs)


def _compiled_core() -> str | None:
    """What ``hearts --version`` says of the compiled core, if it is built."""
    env = {k: v for k, v in os.environ.items() if k != "HEARTS_NOTATION_PURE"}
    said = subprocess.run([sys.executable, "-m", "hearts_notation", "--version"], env=env,
                          cwd=ROOT, capture_output=True, text=True, check=True).stdout
    core = next((line for line in said.splitlines() if line.startswith("core:")), "")
    return core.removeprefix("core: ") if "compiled" in core else None


#: The queries the target is judged on (10x the corpus, --count, game mode):
#: (row name, key, query).
TARGET_QUERIES = [
    ("select JSONL --count, 10x the corpus, 1 job", "score", QUERY),
    ("select JSONL --count, a moon, 10x the corpus, 1 job", "moon", MOON),
    ("select JSONL --count, validity, 10x the corpus, 1 job", "valid", VALIDITY),
    ("select JSONL --count, a player's name, 10x the corpus, 1 job", "name", NAME),
]


def _measure(small: Path, large: Path, tmp: Path, deals: int, quick: bool, pure: bool,
             suffix: str, note: str) -> list[Row]:
    """The rows of one core (*suffix* after each name: which core)."""
    out = tmp / "out.txt"
    for warm in (["validate", "--jobs", "1", str(small)],
                 ["select", "--jobs", "1", "--count", "--where", QUERY, str(small)]):
        _child(warm, out, pure)       # the bytecode cached, as after installing
    repeat = 2 if quick else 3
    t0 = time.perf_counter()
    v_cpu, _ = _best(["validate", "--jobs", "1", str(small)], out, repeat, pure)
    s_cpu, s_rss = _best(["select", "--jobs", "1", "--count", "--where", QUERY, str(small)],
                         out, repeat, pure)
    count = out.read_text(encoding="utf-8").strip()
    w_cpu, _ = _best(["select", "--jobs", "1", "--deals", "--where", "moon", "-o",
                      str(tmp / "moons.jsonl"), str(small)], out, repeat, pure)
    # Ten times the corpus (the start of the process weighs less), every
    # command in each round, best of the rounds (the machine may be busy).
    # Five rounds: one process's CPU time scatters by 10 to 15 % from run to
    # run here, which three rounds left visible in the validity row (the
    # same work as validate: equal instruction counts).
    big = {"validate": ["validate", "--jobs", "1", str(large)]}
    for _, key, where in TARGET_QUERIES:
        big[key] = ["select", "--jobs", "1", "--count", "--where", where, str(large)]
    big["hands"] = ["select", "--jobs", "1", "--count", "--deals", "--where", HANDS, str(large)]
    big["tags"] = ["select", "--jobs", "1", "--count", "--where", TAGS, str(large)]
    cpu = dict.fromkeys(big, float("inf"))
    counts: dict[str, str] = {}
    l_rss = 0.0
    for _ in range(1 if quick else ROUNDS):
        for key, args in big.items():
            c, rss = _child(args, out, pure)
            cpu[key] = min(cpu[key], c)
            counts[key] = out.read_text(encoding="utf-8").strip()
            if key == "score":
                l_rss = max(l_rss, rss)
    lv_cpu = cpu["validate"]
    wall = time.perf_counter() - t0
    anchor = f"validate JSONL, 1 job (anchor){suffix}"
    big_anchor = f"validate JSONL, 10x the corpus, 1 job (anchor){suffix}"
    rows = [
        _row(anchor, deals / v_cpu, "deals/CPU-s", note=f"{note}; best of {repeat}", digits=0),
        _row(f"select JSONL --count, 1 job{suffix}", deals / s_cpu, "deals/CPU-s", anchor,
             deals / v_cpu, "ratio >= 1 (no slower)",
             f"--where '{QUERY}': {count} games selected; {s_cpu:.2f} CPU-s against "
             f"{v_cpu:.2f} (the start of the process included)", digits=0),
        _row(f"select JSONL --deals --where moon -o FILE, 1 job{suffix}", deals / w_cpu,
             "deals/CPU-s", anchor, deals / v_cpu, "",
             "writes the deals selected (those records are read into the model)", digits=0),
        _row(big_anchor, 10 * deals / lv_cpu, "deals/CPU-s",
             note="the start of the process weighs less", digits=0),
    ]
    for name, key, where in TARGET_QUERIES:
        rows.append(_row(f"{name}{suffix}", 10 * deals / cpu[key], "deals/CPU-s", big_anchor,
                         10 * deals / lv_cpu, "ratio >= 1 (no slower)",
                         f"--where '{where}': {counts[key]} games; {cpu[key]:.2f} CPU-s "
                         f"against {lv_cpu:.2f}", digits=0))
    rows += [
        _row(f"select JSONL, the dealt hands, 10x the corpus, 1 job{suffix}",
             10 * deals / cpu["hands"], "deals/CPU-s", big_anchor, 10 * deals / lv_cpu, "",
             f"--count --deals --where '{HANDS}' (no replay): {counts['hands']} deals; "
             f"{cpu['hands']:.2f} CPU-s", digits=0),
        _row(f"select JSONL, the tags decide, 10x the corpus, 1 job{suffix}",
             10 * deals / cpu["tags"], "deals/CPU-s", big_anchor, 10 * deals / lv_cpu, "",
             f"--count --where '{TAGS}' (the other events' games not replayed): "
             f"{counts['tags']} games; {cpu['tags']:.2f} CPU-s", digits=0),
    ]
    if pure:
        rows += [
            _row("select peak RSS, 1x", s_rss, "MiB", digits=1),
            _row("select peak RSS, 10x the corpus", l_rss, "MiB", "select peak RSS, 1x", s_rss,
                 "flat: ratio <= 1.2", f"{cpu['score']:.1f} CPU-s for {10 * deals:,} deals; "
                 f"{wall:.0f} s for this core's rows", digits=1),
        ]
    return rows


def run(quick: bool = False) -> list[Row]:
    games = list(generate_games(60 if quick else 200, seed=26))
    deals = sum(len(g.deals) for g in games)
    text = dumps(games, "jsonl")
    tmp = Path(tempfile.mkdtemp(prefix="bench-select-"))
    try:
        small, large = tmp / "small.jsonl", tmp / "large.jsonl"
        small.write_text(text, encoding="utf-8")
        large.write_text(text * 10, encoding="utf-8")
        _PYCACHE[:] = [tmp / "pycache"]
        size = f"{len(games):,} games, {deals:,} deals, {small.stat().st_size / 1e6:.1f} MB JSONL"
        rows = _measure(small, large, tmp, deals, quick, True, "", f"{size}; core: pure Python")
        compiled = _compiled_core()
        if compiled is not None:
            rows += _measure(small, large, tmp, deals, quick, False, ", compiled core",
                             f"{size}; core: {compiled}")
        return rows
    finally:
        for p in sorted(tmp.rglob("*"), reverse=True):
            p.unlink() if p.is_file() else p.rmdir()
        tmp.rmdir()


if __name__ == "__main__":
    for row in run(quick=switches(__doc__, "--quick")["--quick"]):
        print(row)
