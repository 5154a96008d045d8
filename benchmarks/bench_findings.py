"""``hearts validate`` on a file full of findings, against the same file without them.

    python benchmarks/bench_findings.py [--quick] [--games N] [--stages]

A corpus of a few validations can have a finding on every deal (a club's
sheets copied with a wrong figure, a program that scores another way), and
each finding costs: the game is read into the model and refereed in full
(the compact check declines it), its message is made, then printed with its
source line and a caret.  This measures that cost where a user meets it.

Games are played by the bots (:func:`generate_games`, standard rules) and
written as HRN; the *findings* file is the same text with every figure of
every ``score`` line one too high (4 ``score-mismatch`` errors a deal, same
size give or take a few bytes).  In child processes, one job each, the same
run measures ``hearts validate --jobs 1`` on the clean file (the anchor),
then on the findings file with the text output (English and French) and
with ``--format json``: CPU seconds (best of 3, ``wait4``'s ``ru_utime +
ru_stime`` of the child, so other jobs on the machine change it little),
findings per second, and the cost a finding adds (the difference from the
anchor divided by the findings).

The children write their bytecode to a temporary ``PYTHONPYCACHEPREFIX``
(the first run compiles it), as an installed package has it.

``--stages`` measures instead, in this process (compiled core unless
``HEARTS_NOTATION_PURE=1``), what a game with findings costs at each stage
of the referee's HRN path (``referee.report_hrn_text``): the compact pass
(the reader's events to ``CompactBuilder``, the read a game with findings
makes for nothing), ``compact_report`` (which declines it), the model's
read (``parse_game``) and ``check_game`` with its report entry; and the
compact pass of the same games without findings.  CPU milliseconds a
game, best of 5, on the first 100 games (``--games`` to change).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from rows import Row, print_rows  # noqa: E402
from rows import row as _row  # noqa: E402

from hearts_notation.generate import generate_games  # noqa: E402
from hearts_notation.io import dumps  # noqa: E402

#: The runs on the findings file: (row name, arguments before the file).
RUNS: list[tuple[str, list[str]]] = [
    ("validate (text)", ["validate", "--jobs", "1"]),
    ("validate --lang fr (text)", ["validate", "--jobs", "1", "--lang", "fr"]),
    ("validate --format json", ["validate", "--jobs", "1", "--format", "json"]),
]


def _env(cache: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(cache)
    env.setdefault("HEARTS_NOTATION_CACHE", str(cache / "hearts"))
    return env


def _child(args: list[str], out: Path, env: dict[str, str]) -> float:
    """CPU seconds of ``hearts ARGS`` in a child process (status 0 or 1)."""
    with out.open("wb") as fh:
        proc = subprocess.Popen([sys.executable, "-m", "hearts_notation", *args], stdout=fh,
                                stderr=subprocess.PIPE, cwd=ROOT, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        raise RuntimeError(f"hearts {' '.join(args)} exited {code}")
    return usage.ru_utime + usage.ru_stime


def _best(args: list[str], out: Path, env: dict[str, str], repeat: int) -> float:
    return min(_child(args, out, env) for _ in range(repeat))


def _one_too_high(match: re.Match[str]) -> str:
    """A ``score`` line with each figure one more."""
    return " ".join(str(int(w) + 1) if w.isdigit() else w for w in match.group().split(" "))


def run(quick: bool = False, games: int | None = None) -> list[Row]:
    n = games or (150 if quick else 1000)
    clean = "".join(dumps(list(generate_games(n, seed=41)), "hrn"))
    wrong = re.sub(r"(?m)^score .*$", _one_too_high, clean)
    deals = len(re.findall(r"(?m)^score ", clean))
    findings = 4 * deals
    repeat = 2 if quick else 3
    rows: list[Row] = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        env = _env(folder / "pycache")
        good, bad, out = folder / "clean.hrn", folder / "findings.hrn", folder / "out.txt"
        good.write_text(clean, encoding="utf-8")
        bad.write_text(wrong, encoding="utf-8")
        _child(["validate", "--jobs", "1", str(good)], out, env)      # bytecode compiled
        anchor = _best(["validate", "--jobs", "1", str(good)], out, env, repeat)
        rows.append(_row("validate, no finding (anchor)", deals / anchor, "deals/s",
                         note=f"{deals} deals, {len(clean) / 1e6:.1f} MB, {anchor:.2f} s CPU"))
        for name, args in RUNS:
            seconds = _best([*args, str(bad)], out, env, repeat)
            if name == "validate (text)":
                printed = out.read_text(encoding="utf-8").count("[score-mismatch]")
                if printed != findings:
                    raise RuntimeError(f"{printed} findings printed, {findings} expected")
            extra = (seconds - anchor) / findings * 1000
            rows.append(_row(f"{name}, {findings} findings", findings / seconds, "findings/s",
                             digits=0, note=f"{seconds:.2f} s CPU, x{seconds / anchor:.2f} the "
                             f"anchor's; +{extra:.3f} ms a finding"))
    return rows


def stages(games: int | None = None) -> list[Row]:
    """``--stages``: CPU ms a game of each stage of ``report_hrn_text`` (module doc)."""
    import time
    from collections.abc import Callable

    from hearts_notation.io.hrn.cut import cut_games
    from hearts_notation.io.hrn.reader import parse_game, visit_text
    from hearts_notation.referee import (
        CompactBuilder,
        check_game,
        compact_report,
        report_hrn_text,
    )

    clean = "".join(dumps(list(generate_games(games or 100, seed=41)), "hrn"))
    wrong = re.sub(r"(?m)^score .*$", _one_too_high, clean)
    texts = [[(g.text, g.line, g.stop) for g in cut_games(t.splitlines(keepends=True))]
             for t in (wrong, clean)]
    n = len(texts[0])

    def ms(work: Callable[[], object]) -> float:
        best = float("inf")
        for _ in range(5):
            start = time.process_time()
            work()
            best = min(best, time.process_time() - start)
        return best / n * 1000

    def compact(k: int) -> list[object]:
        return [visit_text(t, CompactBuilder(), "f", line, None, i, stop)
                for i, (t, line, stop) in enumerate(texts[k], 1)]

    compacts = compact(0)
    models = [parse_game(t, "f", line, None, i, stop)
              for i, (t, line, stop) in enumerate(texts[0], 1)]
    figures = [
        ("report_hrn_text, a game with findings", ms(lambda: [
            report_hrn_text(t, "f", line, i, None, False, None, stop)
            for i, (t, line, stop) in enumerate(texts[0], 1)])),
        ("  the compact pass (read 1)", ms(lambda: compact(0))),
        ("  compact_report (declines)", ms(lambda: [
            compact_report(c, "f", i, None, False)
            for i, c in enumerate(compacts, 1) if c is not None])),
        ("  parse_game (read 2, the model)", ms(lambda: [
            parse_game(t, "f", line, None, i, stop)
            for i, (t, line, stop) in enumerate(texts[0], 1)])),
        ("  check_game + report entry", ms(lambda: [
            check_game(g, None, False).to_dict() for g in models])),
        ("the compact pass of the games without findings", ms(lambda: compact(1))),
    ]
    deals = len(re.findall(r"(?m)^score ", clean)) / n
    return [_row(name, value, "ms/game", digits=3, note=f"{n} games, {deals:.1f} deals a game")
            for name, value in figures]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="150 games, best of 2")
    parser.add_argument("--games", type=int, help="games in the corpus (default 1000)")
    parser.add_argument("--stages", action="store_true",
                        help="the cost of each stage of the referee's path, in this process")
    ns = parser.parse_args()
    print_rows(stages(ns.games) if ns.stages else run(ns.quick, ns.games))


if __name__ == "__main__":
    main()
