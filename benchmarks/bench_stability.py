"""Seed stability of the analysis's marks, and its speed per deal.

    python benchmarks/bench_stability.py [--deals 12] [--seeds 0,1] [--fast] [--jobs 2]
                                         [--gen-seed G] [--exact-tricks K] [--json]

Generates ``--deals`` deals (heuristic bots with their usual slips, standard
rules, a fixed generator seed, one deal per game), analyses each under every
analysis seed of ``--seeds``, and compares the sets of marked decisions
(a decision is (deal, pass or play index); a mark of any level counts):

* Jaccard index |A ∩ B| / |A ∪ B| of the marked decisions, pooled over all
  deals, for every pair of seeds (target, issue 24: at least 0.95 with the
  defaults, 0.85 with ``--fast``), with its standard error over the deals
  (bootstrap: the deals drawn again with replacement).  With about 60 marks
  on 12 deals it is 0.04 to 0.06: two configurations measured on the
  same 12 deals must differ by more than twice that before the difference says
  anything (docs/analysis.md, issue 24);
* the number of marks under each seed (target: within 10% of each other);
* the same for the mark's level (``?!``/``?``/``??`` must match too);
* CPU seconds per deal (``time.process_time`` of the worker, one core;
  target, issue 24: at most 2 s with the defaults): median, mean, 95th
  percentile and max;
* forced plays marked (must be 0).

Each decision marked under one seed only is listed with its verdict under
every seed (``epl ± stderr @ worlds``: the held-out loss, its standard
error and the deals behind it; ``w0`` when no verification was made; ``vs``
the screening's best; ``refused`` when a play-out policy refused the loss,
``tie`` when the tie-order check flagged it), which
tells a loss at the threshold's edge from one a verification stopped early;
the flips are counted by kind (pass or play; at a maximum of worlds under
every seed, refused by a policy, stopped earlier under a seed, or the
tie-order check: :func:`flip_kind`), and by where the unmarked side's
verification stopped (:func:`flip_stop`: the census of the flips left).
``--set KEY=VALUE[,KEY=VALUE]`` overrides fields of the analysis's
``EvalOptions`` (``--set deal_budget=130000,verify=6144``), to measure a
budget or a margin without editing the code.

``--gen-seed`` draws other deals than the default 2026 (deals the analysis
was not tuned on).

The figures in docs/analysis.md come from this script.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import statistics
import sys
import time
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hearts_notation.analysis.annotate import AnalysisOptions, GameTask, analyse_game
from hearts_notation.analysis.evaluate import FAST, EvalOptions
from hearts_notation.generate import generate_games
from hearts_notation.runners.pool import map_ordered

Key = tuple[int, str]


Verdict = tuple[str, int, bool, bool]


def _marks(task: GameTask) -> tuple[dict[Key, str], float, int, int, dict[Key, str],
                                    dict[Key, Verdict]]:
    t = time.process_time()
    a = analyse_game(task)
    cpu = time.process_time() - t
    marks: dict[Key, str] = {}
    verdicts: dict[Key, str] = {}
    kinds: dict[Key, Verdict] = {}
    for d in a.decisions:
        where = f"pass {d.seat}" if d.kind == "pass" else f"play {d.play_index}"
        if d.mark:
            marks[(d.deal_index, where)] = d.mark
        best = d.best if d.kind == "play" else (d.choices[0].cards if d.choices else None)
        verdicts[(d.deal_index, where)] = (f"{d.mark or '-'} {d.epl:.2f} ± {d.epl_stderr:.2f} "
                                           f"@ w{d.verified_worlds} vs "
                                           f"{''.join(map(str, best or ()))}"
                                           f"{'' if d.policies_agree else ' refused'}"
                                           f"{' tie' if d.tie_sensitive else ''}")
        kinds[(d.deal_index, where)] = (d.kind, d.verified_worlds, d.policies_agree,
                                        d.tie_sensitive)
    return (marks, cpu, len(a.decisions), sum(1 for d in a.decisions if d.forced and d.mark),
            verdicts, kinds)


def flip_kind(verdicts: list[Verdict], options: EvalOptions) -> str:
    """What a decision marked under one seed only sits at: ``tie`` (the
    tie-order check flagged it under a seed), ``maximum`` (every seed's
    verification ended at one of its maxima of worlds: the edge of the
    pooled loss), ``refused`` (a play-out policy refused the loss under a
    seed) or ``earlier`` (stopped short of its maximum under a seed: clear,
    futile or cut by the deal's budget; a maximum is a verification's own
    or, for a verdict at the edge, ``edge_verify`` times it).  *verdicts* are ``(kind, worlds,
    policies agree, tie-sensitive)``, one per seed."""
    bases = (options.verify, options.verify_exact, options.pass_verify)
    maxima = {*bases, *(int(m * options.edge_verify) for m in bases)}
    if any(tie for _, _, _, tie in verdicts):
        return "tie"
    if all(worlds in maxima for _, worlds, _, _ in verdicts):
        return "maximum"
    if not all(agree for _, _, agree, _ in verdicts):
        return "refused"
    return "earlier"


def flip_stop(unmarked: Verdict, options: EvalOptions) -> str:
    """Where the verification of a flip's unmarked side ended (the census
    of the flips left, issue 24, helper stab30): ``refused`` (a play-out
    policy refused the loss), ``tie`` (the tie-order check), ``first
    worlds`` (given up within ``verify_min`` and one batch: a heavy tail
    not yet seen), ``within`` (given up later, short of its maximum),
    ``maximum`` (at its maximum, not extended: outside the edge's gate),
    ``extension`` (given up inside its extension by the edge's futility) or
    ``extended maximum``.  Prefixed by the decision's kind.  A play's
    maximum is ``verify`` or ``verify_exact`` (a sampled play stopped at
    512 or 1,536 worlds counts as an exactly solved one at its maximum or
    extended maximum: the records do not tell them apart)."""
    kind, worlds, agree, tie = unmarked
    bases = (options.pass_verify,) if kind == "pass" else (options.verify, options.verify_exact)
    extended = {int(m * options.edge_verify) for m in bases} - set(bases)
    if tie:
        where = "tie"
    elif not agree:
        where = "refused"
    elif worlds in bases:
        where = "maximum"
    elif worlds in extended:
        where = "extended maximum"
    elif worlds > max(bases):
        where = "extension"
    elif worlds <= options.verify_min + options.batch:
        where = "first worlds"
    else:
        where = "within"
    return f"{kind} {where}"


def past_maxima(verdicts: list[tuple[Verdict, bool]], options: EvalOptions) -> dict[str, list[int]]:
    """Where the extensions at the edge spent their worlds: for the plays
    verified past ``verify`` and the passes past ``pass_verify`` (the
    verdicts extended at the edge; an exactly solved play's extension is
    not told apart from a sampled play within its maximum, and is left
    out), ``[verdicts, worlds past the maximum]`` by the verdict's end,
    ``marked`` or ``unmarked``.  *verdicts*: ``(kind, worlds, policies
    agree, tie-sensitive)`` with whether it was marked."""
    out = {"marked": [0, 0], "unmarked": [0, 0]}
    for (kind, worlds, _, _), marked in verdicts:
        base = options.pass_verify if kind == "pass" else options.verify
        if worlds > base:
            slot = out["marked" if marked else "unmarked"]
            slot[0] += 1
            slot[1] += worlds - base
    return out


def overrides(text: str, base: EvalOptions) -> EvalOptions:
    """*base* with the ``KEY=VALUE`` fields of *text* (comma-separated)
    replaced, each value read as the field's type."""
    changes: dict[str, object] = {}
    for item in filter(None, (x.strip() for x in text.split(","))):
        key, _, value = item.partition("=")
        if key not in {f.name for f in dataclasses.fields(EvalOptions)}:
            raise SystemExit(f"--set: no option {key!r} in EvalOptions")
        changes[key] = type(getattr(base, key))(value)
    return dataclasses.replace(base, **changes)  # type: ignore[arg-type]


def run(deals: int, seeds: list[int], fast: bool, jobs: int, gen_seed: int = 2026,
        exact_tricks: int | None = None, options: str = "") -> dict[str, object]:
    games = list(generate_games(deals, seed=gen_seed, max_deals=1))
    base = overrides(options, FAST if fast else EvalOptions())
    if exact_tricks is not None:
        base = dataclasses.replace(base, exact_tricks=exact_tricks,
                                   dd_tricks=max(base.dd_tricks, exact_tricks))
    tasks = []
    for seed in seeds:
        opts = AnalysisOptions(eval=dataclasses.replace(base, seed=seed))
        tasks += [GameTask(g, opts) for g in games]
    results = list(map_ordered(_marks, tasks, jobs=jobs, chunk_size=1))
    per_seed: dict[int, dict[tuple[int, Key], str]] = {}
    seen: dict[int, dict[tuple[int, Key], str]] = {}
    info: dict[int, dict[tuple[int, Key], Verdict]] = {}
    cpu: list[float] = []
    extended: list[tuple[Verdict, bool]] = []
    decisions = 0
    forced_marked = 0
    for i, (marks, secs, count, forced, verdicts, kinds) in enumerate(results):
        forced_marked += forced
        seed = seeds[i // len(games)]
        gi = i % len(games)
        per_seed.setdefault(seed, {}).update({(gi, k): v for k, v in marks.items()})
        seen.setdefault(seed, {}).update({(gi, k): v for k, v in verdicts.items()})
        info.setdefault(seed, {}).update({(gi, k): v for k, v in kinds.items()})
        cpu.append(secs)
        extended += [(v, k in marks) for k, v in kinds.items()]
        if i < len(games):
            decisions += count
    pairs = []
    for a, b in combinations(seeds, 2):
        ma, mb = per_seed.get(a, {}), per_seed.get(b, {})
        union = set(ma) | set(mb)
        inter = set(ma) & set(mb)
        per_deal = [(sum(1 for k in inter if k[0] == g), sum(1 for k in union if k[0] == g))
                    for g in range(len(games))]
        same_level = sum(1 for k in inter if ma[k] == mb[k])
        kinds_count: dict[str, int] = {}
        stops: dict[str, int] = {}
        for k in set(ma) ^ set(mb):
            got = [info[s][k] for s in (a, b) if k in info[s]]
            name = f"{got[0][0]} {flip_kind(got, base)}" if got else "?"
            kinds_count[name] = kinds_count.get(name, 0) + 1
            side = b if k in ma else a   # the seed that left it unmarked
            if k in info[side]:
                stop = flip_stop(info[side][k], base)
                stops[stop] = stops.get(stop, 0) + 1
        pairs.append({
            "seeds": [a, b], "marks": [len(ma), len(mb)], "common": len(inter),
            "pass_marks": [sum(1 for k in ma if k[1][1].startswith("pass")),
                           sum(1 for k in mb if k[1][1].startswith("pass"))],
            "jaccard": round(len(inter) / len(union), 3) if union else 1.0,
            "jaccard_se": round(jaccard_se(per_deal), 3),
            "per_deal": per_deal,
            "count_diff": round(abs(len(ma) - len(mb)) / max(1, max(len(ma), len(mb))), 3),
            "same_level": same_level,
            "only": [sorted(str(k) for k in set(ma) - set(mb)), sorted(str(k) for k in set(mb) - set(ma))],
            "flip_kinds": dict(sorted(kinds_count.items())),
            "flip_stops": dict(sorted(stops.items())),
            "flips": [f"{k}: {seen[a].get(k, '?')} | {seen[b].get(k, '?')}"
                      for k in sorted(set(ma) ^ set(mb))],
        })
    return {
        "deals": deals, "gen_seed": gen_seed, "seeds": seeds, "mode": "fast" if fast else "default",
        "decisions_per_seed": decisions, "forced_marked": forced_marked, "pairs": pairs,
        "cpu_per_deal_median": round(statistics.median(cpu), 2),
        "cpu_per_deal_max": round(max(cpu), 2),
        "cpu_per_deal_mean": round(statistics.mean(cpu), 2),
        "cpu_per_deal_p95": round(statistics.quantiles(cpu, n=20, method="inclusive")[18], 2)
        if len(cpu) > 1 else round(cpu[0], 2),
        "cpu_per_deal": [round(x, 2) for x in cpu],
        "over_10s": sum(1 for x in cpu if x > 10),
        "past_maxima": past_maxima(extended, base),
    }


def jaccard_se(per_deal: list[tuple[int, int]], draws: int = 2000) -> float:
    """Standard error of the pooled Jaccard index over the deals: the
    deals' (common, union) counts drawn again with replacement *draws*
    times (a fixed stream: the same counts give the same figure)."""
    rng = random.Random(0)
    values = []
    for _ in range(draws):
        pick = [per_deal[rng.randrange(len(per_deal))] for _ in per_deal]
        union = sum(u for _, u in pick)
        values.append(sum(c for c, _ in pick) / union if union else 1.0)
    return statistics.pstdev(values) if len(values) > 1 else 0.0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=12)
    ap.add_argument("--seeds", default="0,1")
    ap.add_argument("--fast", action="store_true")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--gen-seed", type=int, default=2026,
                    help="seed of the generated deals (another one: deals the analysis was not tuned on)")
    ap.add_argument("--exact-tricks", type=int, default=None,
                    help="solve exactly from this many tricks left (annotate's --exact-tricks)")
    ap.add_argument("--set", default="", metavar="KEY=VALUE,...",
                    help="override EvalOptions fields (deal_budget=130000,verify=6144)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    out = run(args.deals, [int(s) for s in args.seeds.split(",")], args.fast, args.jobs,
              gen_seed=args.gen_seed, exact_tricks=args.exact_tricks, options=args.set)
    if args.json:
        print(json.dumps(out, indent=2))
        return
    from hearts_notation._compiled import description

    print(f"{out['deals']} deals (generator seed {out['gen_seed']}), "
          f"{out['decisions_per_seed']} decisions, mode {out['mode']}; "
          f"{description()}")
    for p in out["pairs"]:  # type: ignore[attr-defined]
        print(f"seeds {p['seeds']}: marks {p['marks']}, common {p['common']}, "
              f"Jaccard {p['jaccard']} (± {p['jaccard_se']} over the deals), "
              f"count difference {p['count_diff']:.1%}, "
              f"same level {p['same_level']}/{p['common']}, pass marks {p['pass_marks']}")
        print(f"  only under the first: {p['only'][0]}\n  only under the second: {p['only'][1]}")
        print(f"  flips by kind: {p['flip_kinds']}")
        print(f"  flips by where the unmarked side stopped: {p['flip_stops']}")
        for line in p["flips"]:
            print(f"    {line}")
    print(f"CPU per deal: median {out['cpu_per_deal_median']} s, mean {out['cpu_per_deal_mean']} s, "
          f"95th percentile {out['cpu_per_deal_p95']} s, "
          f"max {out['cpu_per_deal_max']} s; {out['over_10s']} of {len(out['cpu_per_deal'])} "  # type: ignore[arg-type]
          f"analyses over 10 s; forced plays marked: {out['forced_marked']}")
    print(f"verdicts past their maximum, [verdicts, worlds past it], every seed: {out['past_maxima']}")


if __name__ == "__main__":
    main()
