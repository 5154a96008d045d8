"""Observer records: ``hearts validate`` on deals whose hands are unknown,
against the same deals with the hands written in, in one run.

    python benchmarks/bench_observer.py [--quick]

Logs written by bots and game servers know the play but not the dealt hands
(``"hands": {"N": null, ...}``): the referee infers what each seat could hold
from the play (docs/spec.md, section 2).  The deals are complete games
generated under the standard rules, written as JSONL by the package; the
observer files are the same records with every hand made ``null`` (passes
kept, as a seat logs what it gave and the server what it moved), and with the
passes dropped too.  Each row is the whole process, ``python -m
hearts_notation validate --jobs 1 --format json FILE``, in CPU seconds of
the child (user + system, start-up included), best of the rounds,
interleaved; the anchor is the file with the hands known (issue 22, item 7:
hands unknown at most 2x hands known).  The same pair again on four times
the games (600, seed 11): on the small file start-up, the same in both,
is a large part of each process and flatters the ratio; the bigger file
shows the cost of a deal.

The same run measures findings (issue 30: "findings are cheap"): the same
records with one score line off by one point in every game (a
``score-mismatch`` error per game), as a JSON report and as the text report
people read (each finding with its source line and caret), each against the
clean file in the same format.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hearts_notation.generate import generate_games
from hearts_notation.io.jsonio import dumps_jsonl


def _observer(text: str, passes: bool) -> str:
    """The JSONL *text* with every hand unknown (and no passes unless *passes*)."""
    out = []
    for line in text.splitlines():
        game = json.loads(line)
        for deal in game["deals"]:
            deal["hands"] = {seat: None for seat in deal["hands"]}
            if not passes:
                deal.pop("passes", None)
        out.append(json.dumps(game, separators=(",", ":"), ensure_ascii=False))
    return "\n".join(out) + "\n"


def _finding(text: str) -> str:
    """The JSONL *text* with one score line off by one point in every game."""
    out = []
    for line in text.splitlines():
        game = json.loads(line)
        score = game["deals"][0]["score"]
        seat = next(iter(score))
        score[seat] += 1
        out.append(json.dumps(game, separators=(",", ":"), ensure_ascii=False))
    return "\n".join(out) + "\n"


def _cpu(path: str, fmt: str = "json") -> float:
    """CPU seconds of one whole ``hearts validate --jobs 1`` process on *path*."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, "-m", "hearts_notation", "validate", "--jobs", "1",
                           "--format", fmt, path], capture_output=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        raise RuntimeError(done.stderr.decode(errors="replace"))
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def run(quick: bool = False) -> list[dict[str, object]]:
    # The same size either way: start-up (about a tenth of a CPU second) would
    # hide the difference on a small file; the issue measured 1,600 deals.
    games = list(generate_games(150, seed=7, bots=("heuristic",)))
    deals = sum(len(g.deals) for g in games)
    big_games = list(generate_games(600, seed=11, bots=("heuristic",)))
    big_deals = sum(len(g.deals) for g in big_games)
    rounds = 2 if quick else 4
    known = dumps_jsonl(games)
    big_known = dumps_jsonl(big_games)
    from hearts_notation import _compiled

    with tempfile.TemporaryDirectory() as tmp:
        files = {"known": known, "observer": _observer(known, True),
                 "observer_nopass": _observer(known, False), "finding": _finding(known),
                 "big_known": big_known, "big_observer": _observer(big_known, True)}
        paths = {}
        for key, text in files.items():
            paths[key] = os.path.join(tmp, f"{key}.jsonl")
            Path(paths[key]).write_text(text, encoding="utf-8")
        runs = {**{key: (path, "json") for key, path in paths.items()},
                "known_text": (paths["known"], "text"), "finding_text": (paths["finding"], "text")}
        best = {key: float("inf") for key in runs}
        for _ in range(rounds):
            for key, (path, fmt) in runs.items():
                best[key] = min(best[key], _cpu(path, fmt))
    note = (f"{deals} deals ({len(games)} generated games, standard rules), whole process "
            f"(start-up included), --jobs 1, CPU s of the child, best of {rounds} rounds; "
            f"{_compiled.description()}")
    anchor = "validate JSONL, hands known, whole process"

    def row(name: str, key: str, target: str | None, extra: str, base: str = "known",
            base_name: str = anchor, about: str = note) -> dict[str, object]:
        ratio = best[key] / best[base] if key != base else None
        return {"name": name, "value": round(best[key], 3), "unit": "CPU-s",
                "anchor": base_name if ratio is not None else None,
                "anchor_value": round(best[base], 3) if ratio is not None else None,
                "ratio": round(ratio, 2) if ratio is not None else None,
                "target": target, "note": extra + about}

    text_anchor = "validate JSONL, hands known, text report, whole process"
    per_game = (best["finding"] - best["known"]) / len(games) * 1e6
    per_game_text = (best["finding_text"] - best["known_text"]) / len(games) * 1e6
    clean_game = best["known"] / len(games) * 1e6

    big_anchor = "validate JSONL, hands known, 4x the games, whole process"
    big_note = note.replace(f"{deals} deals ({len(games)} generated games,",
                            f"{big_deals} deals ({len(big_games)} generated games, seed 11,")

    return [
        row(anchor, "known", None, ""),
        row("validate JSONL, hands unknown (observer), whole process", "observer",
            "<= 2x hands known (ratio)", "every hand null, passes kept; "),
        row("validate JSONL, hands and passes unknown, whole process", "observer_nopass", None,
            "every hand null, no passes; "),
        row("validate JSONL, a finding in every game, whole process", "finding",
            "same order as clean (issue 30)",
            f"one score line off by one in every game: {per_game:,.0f} us more per game, "
            f"against {clean_game:,.0f} us for a clean game start-up included; "),
        row(text_anchor, "known_text", None, "", "known_text", text_anchor),
        row("validate JSONL, a finding in every game, text report, whole process", "finding_text",
            "same order as clean (issue 30)",
            f"each finding with its source line and caret: {per_game_text:,.0f} us more per game; ",
            "known_text", text_anchor),
        row(big_anchor, "big_known", None, "", "big_known", big_anchor, big_note),
        row("validate JSONL, hands unknown (observer), 4x the games, whole process", "big_observer",
            "<= 2x hands known (ratio)", "every hand null, passes kept; ", "big_known",
            big_anchor, big_note),
    ]


def main() -> None:
    from rows import switches

    rows = run(quick=switches(__doc__, "--quick")["--quick"])
    print(f"{'benchmark':58} {'value':>8}  {'unit':6} {'ratio':>6}  target")
    for r in rows:
        ratio = "" if r["ratio"] is None else f"{r['ratio']:.2f}"
        print(f"{r['name']!s:58} {r['value']!s:>8}  {r['unit']!s:6} {ratio:>6}  {r['target'] or ''}")
    print(str(rows[0]["note"]))


if __name__ == "__main__":
    main()
