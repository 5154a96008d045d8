"""How many of annotate's marks name a cause, and which causes (issue 24).

    python benchmarks/bench_reasons.py [--deals 12] [--gen-seed 2026] [--default]
                                       [--langs en,fr] [--jobs 2] [--json] [--show]

Generates ``--deals`` deals (heuristic bots with their usual slips, standard
rules, one deal per game, a fixed generator seed), annotates them as
``hearts annotate --fast`` does (``--default``: the default analysis, about
four times the CPU) in each language of ``--langs``, and counts the marked
decisions (``?!``, ``?``, ``??``) by their reason: the checked fact named
(``reason`` in the JSON report) or ``simulations`` when the sentence only says
that the verdict comes from the simulations.  It prints, per language, the
share of marks that name a cause (target: at least 3 in 4) and the count of
each reason kind, for plays and passes apart.

The sentence of a mark with no reason must be the catalog's "simulations"
sentence and the sentence of a mark with a reason must not be: the script
checks both, so that the code and the words cannot drift apart.

``--show`` prints, after the counts, every mark left to the simulations with
its deal (the annotated record, in the first language): the cases a new
checked cause would have to explain.

The figure in docs/analysis.md ("How often a mark names its cause") comes from
this script.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hearts_notation.analysis.annotate import AnalysisOptions, GameTask, analyse_game, annotate_game
from hearts_notation.analysis.evaluate import FAST, EvalOptions
from hearts_notation.generate import generate_games
from hearts_notation.i18n import translate
from hearts_notation.io.hrn.writer import dumps_hrn
from hearts_notation.runners.pool import map_ordered

#: The words that only the "no cause found" sentences carry, per language.
_GENERIC = {lang: translate(lang, "explain.simulations", card="", epl="", best="", worlds="")
            .split("(")[0].split(";")[-1].strip() for lang in ("en", "fr")}

Mark = tuple[str, str, str | None, str]


def _marks(task: GameTask) -> tuple[list[Mark], str]:
    """(kind, mark, reason code, comment) of every marked decision of a game,
    and the annotated record when a mark is left to the simulations (else "")."""
    a = analyse_game(task)
    marks: list[Mark] = [(d.kind, d.mark, d.reason, d.comment or "") for d in a.decisions if d.mark]
    unexplained = any(m[2] is None for m in marks)
    if not unexplained:
        return marks, ""
    return marks, dumps_hrn([annotate_game(task.game, a)], unicode=True, lang=task.options.lang)


def run(deals: int, gen_seed: int, fast: bool, langs: list[str], jobs: int,
        seed: int = 0) -> dict[str, object]:
    """The counts per language (see the module's docstring)."""
    games = list(generate_games(deals, seed=gen_seed, max_deals=1))
    base = dataclasses.replace(FAST if fast else EvalOptions(), seed=seed)
    out: dict[str, object] = {"deals": deals, "gen_seed": gen_seed,
                              "mode": "fast" if fast else "default"}
    for lang in langs:
        tasks = [GameTask(g, AnalysisOptions(eval=base, lang=lang)) for g in games]
        got = list(map_ordered(_marks, tasks, jobs=jobs, chunk_size=1))
        marks = [m for ms, _ in got for m in ms]
        if lang == langs[0]:
            out["unexplained"] = [text for _, text in got if text]
        kinds: Counter[str] = Counter()
        drift = []
        for kind, _mark, code, comment in marks:
            kinds[f"{kind}:{code or 'simulations'}"] += 1
            generic = _GENERIC.get(lang, "") in comment
            if generic != (code is None):
                drift.append(comment)
        named = sum(1 for m in marks if m[2] is not None)
        out[lang] = {
            "marks": len(marks), "named": named,
            "share": round(named / len(marks), 3) if marks else 1.0,
            "plays": sum(1 for m in marks if m[0] == "play"),
            "plays_named": sum(1 for m in marks if m[0] == "play" and m[2] is not None),
            "passes": sum(1 for m in marks if m[0] == "pass"),
            "passes_named": sum(1 for m in marks if m[0] == "pass" and m[2] is not None),
            "kinds": dict(kinds.most_common()),
            "drift": drift,
        }
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=12)
    ap.add_argument("--gen-seed", type=int, default=2026)
    ap.add_argument("--seed", type=int, default=0, help="the analysis seed")
    ap.add_argument("--default", action="store_true", help="the default analysis, not --fast")
    ap.add_argument("--langs", default="en,fr")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--show", action="store_true",
                    help="print each mark left to the simulations with its deal")
    args = ap.parse_args()
    langs = args.langs.split(",")
    out = run(args.deals, args.gen_seed, not args.default, langs, args.jobs, args.seed)
    if args.json:
        if not args.show:
            out.pop("unexplained", None)
        print(json.dumps(out, indent=2, ensure_ascii=False))
        return
    print(f"{out['deals']} deals (generator seed {out['gen_seed']}), mode {out['mode']}")
    for lang in langs:
        r = out[lang]
        assert isinstance(r, dict)
        print(f"[{lang}] {r['named']} of {r['marks']} marks name a cause ({r['share']:.0%}); "
              f"plays {r['plays_named']}/{r['plays']}, passes {r['passes_named']}/{r['passes']}")
        for kind, n in r["kinds"].items():
            print(f"  {kind:28} {n}")
        for text in r["drift"]:
            print(f"  ! code and sentence disagree: {text}")
    if args.show:
        unexplained = out["unexplained"]
        assert isinstance(unexplained, list)
        for text in unexplained:
            print("\n" + text)


if __name__ == "__main__":
    main()
