"""Would a smarter draw of the worlds steady the verdicts? Two variance measures.

    python benchmarks/bench_variance.py [--deals 8] [--gen-seed 4711] [--worlds 96]

The marks that come and go with the seed are verdicts near a threshold, whose
noise is the spread of the per-world differences (card played minus the best,
in the deciding seat's points) over the worlds the sampler draws.  A draw that
cut that spread at the same cost would steady them; this script measures, on
generated deals (``bench_stability.py``'s), how much two such draws could cut,
before either is built (issue 24, docs/analysis.md):

* **stratification** on where some cards lie (Q♠; Q♠, A♠, K♠; Q♠ and its
  guards; the split of the hearts): drawing each stratum in proportion to its
  exact probability removes the variance *between* the strata and no more, so
  the share of the variance a stratification explains (adjusted R², the
  within-strata variance over the total, each with its degrees of freedom) is
  the most it can cut;
* **antithetic worlds**: a world and the same world with two opponents' unseen
  cards swapped (when their counts and voids allow; a permutation of a uniform
  world is uniform, so the pair's mean is unbiased).  Its *efficiency* is the
  variance of one world over two, divided by the variance of a pair's mean: above
  1 the pair beats two independent worlds, below 1 (the two differences move
  together) it loses.

Every decision a verification would judge is used (the card played is not the
screening's best), plays valued by the play-out policies (the decisions solved
exactly are left out: their worlds are few), passes by whole-deal play-outs.
Figures are pooled over the decisions, each weighted by its variance.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Callable, Iterator, Sequence
from itertools import combinations
from pathlib import Path
from typing import cast

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hearts_notation.analysis.annotate import AnalysisOptions, decision_key
from hearts_notation.analysis.context import DealContext, PlayPoint
from hearts_notation.analysis.evaluate import EvalOptions, Evaluator
from hearts_notation.analysis.exact import ExactSolver
from hearts_notation.analysis.playout import WorldStream
from hearts_notation.analysis.sampler import Knowledge
from hearts_notation.cards import HEARTS, QUEEN_OF_SPADES, SPADES, SUIT_MASKS
from hearts_notation.generate import generate_games
from hearts_notation.model import deal_numbers
from hearts_notation.referee import check_game, game_seats
from hearts_notation.state import apply_passes, opening_leader

Hands = tuple[int, ...]


def holder(hands: Hands, card: int) -> int:
    return next((s for s, h in enumerate(hands) if h >> card & 1), -1)


def guards(hands: Hands) -> tuple[int, int]:
    s = holder(hands, QUEEN_OF_SPADES)
    return s, min(4, (hands[s] & SUIT_MASKS[SPADES]).bit_count()) if s >= 0 else 0


STRATA: dict[str, Callable[[Hands], object]] = {
    "Q♠": lambda h: holder(h, QUEEN_OF_SPADES),
    "Q♠, A♠, K♠": lambda h: tuple(holder(h, QUEEN_OF_SPADES + i) for i in range(3)),
    "Q♠ and its guards": guards,
    "the hearts' split": lambda h: tuple((x & SUIT_MASKS[HEARTS]).bit_count() for x in h),
}


def swapped(know: Knowledge, hands: Hands, i: int, j: int) -> Hands | None:
    """*hands* with seats *i* and *j*'s unseen cards exchanged, or ``None`` when
    their counts or what they cannot hold forbid it."""
    di, dj = hands[i] & ~know.fixed[i], hands[j] & ~know.fixed[j]
    if di.bit_count() != dj.bit_count() or di & know.forbidden[j] or dj & know.forbidden[i]:
        return None
    out = list(hands)
    out[i], out[j] = dj | know.fixed[i], di | know.fixed[j]
    return tuple(out)


def adjusted_r2(ys: Sequence[float], labels: Sequence[object]) -> float | None:
    groups: dict[object, list[float]] = {}
    for y, label in zip(ys, labels, strict=True):
        groups.setdefault(label, []).append(y)
    n, k = len(ys), len(groups)
    mean = statistics.fmean(ys)
    total = sum((y - mean) ** 2 for y in ys)
    if not total or n <= k:
        return None
    within = sum(sum((y - statistics.fmean(g)) ** 2 for y in g) for g in groups.values())
    return 1 - (within / (n - k)) / (total / (n - 1))


class Decision:
    """One verified decision: a function of a world giving the difference."""

    def __init__(self, know: Knowledge, draw: Callable[[random.Random], Hands],
                 diff: Callable[[Hands, int, str], float]) -> None:
        self.know, self.draw, self.diff = know, draw, diff


def decisions(deals: int, gen_seed: int) -> Iterator[tuple[str, Decision]]:
    opts = AnalysisOptions()
    for game in generate_games(deals, seed=gen_seed, max_deals=1):
        rules0 = check_game(game, None, False).rules
        assert rules0 is not None
        seats, rules, _ = game_seats(game, rules0)
        ev = Evaluator(len(seats), ExactSolver(rules), EvalOptions())
        ev.start_deal()
        deal = game.deals[0]
        number = deal_numbers(game.deals)[0]
        ctx = DealContext(deal, rules, seats, number)
        if ctx.offset:
            for s in range(ctx.n):
                dealt, made = ctx.hands.dealt[s], ctx.given[s]
                r = ev.passes(ctx, s, decision_key(opts, number, f"pass{s}"))
                if r is None or dealt is None or made is None:
                    continue
                a, b = ev.pass_class(dealt, made), r.candidates[r.best()]
                sampler = ev._pass_sampler(ctx, s)
                if a != b and sampler is not None:
                    yield "pass", Decision(sampler.know, sampler.sample,
                                           _pass_diff(ev, ctx, s, a, b))
        for point in ctx.points:
            know = ctx.knowledge(point)
            if (point.legal is None or point.card is None or point.legal.bit_count() < 2
                    or know is None or max(know.counts) <= ev.options.exact_tricks):
                continue
            r = ev.play(ctx, point, decision_key(opts, number, f"play{point.index}"))
            if r is None or r.exhaustive:
                continue
            k = next(i for i, m in enumerate(r.candidates) if m >> point.card & 1)
            if k in r.tied():
                continue
            sampler2 = ev._sampler(know)[0]
            assert sampler2 is not None
            yield "play", Decision(know, sampler2.sample,
                                   _play_diff(ev, ctx, point, r.candidates[k],
                                              r.candidates[r.best()]))


def _play_diff(ev: Evaluator, ctx: DealContext, point: PlayPoint, a: int, b: int
               ) -> Callable[[Hands, int, str], float]:
    def diff(hands: Hands, pol: int, key: str) -> float:
        got = ev._values(ctx.state(point, hands), [a, b], point.seat, pol, key)
        return got[0] - got[1]
    return diff


def _pass_diff(ev: Evaluator, ctx: DealContext, seat: int, a: int, b: int
               ) -> Callable[[Hands, int, str], float]:
    rules = ctx.rules

    def diff(hands: Hands, pol: int, key: str) -> float:
        gifts = [0] * ctx.n
        for t in range(ctx.n):
            if t != seat:   # a seat's pass depends on its hand only, swapped with it
                for c in ev.playout.pass_cards(hands[t], rules.pass_count, random.Random(hands[t])):
                    gifts[t] |= 1 << c
        stream = WorldStream(key)
        out = []
        for cand in (a, b):
            gifts[seat] = cand
            after = cast("list[int]", apply_passes(list(hands), gifts, ctx.offset or 0))
            leader = opening_leader(rules, after)
            assert leader is not None
            out.append(float(ev.playouts[pol].finish_deal(after, leader, stream)[seat]))
        return out[0] - out[1]
    return diff


def measure(deals: int, gen_seed: int, worlds: int) -> dict[str, dict[str, object]]:
    """Per kind of decision: each stratification's pooled adjusted R², and each
    pair of opponents' antithetic efficiency (with the share of the worlds the
    swap allows)."""
    rows: dict[str, list[tuple[Decision, list[tuple[Hands, float, list[float | None]]]]]] = {}
    for d_i, (kind, dec) in enumerate(decisions(deals, gen_seed)):
        rng = random.Random(f"variance/{gen_seed}/{d_i}")
        others = [s for s in range(dec.know.n) if s != dec.know.seat]
        pairs = list(combinations(others, 2))
        got = []
        for w in range(worlds):
            hands = dec.draw(rng)
            pol = w % 2        # the policy of world w, as the verifications give it
            key = f"variance/{d_i}/{w}"
            swaps: list[float | None] = []
            for i, j in pairs:
                other = swapped(dec.know, hands, i, j)
                swaps.append(None if other is None else dec.diff(other, pol, key))
            got.append((hands, dec.diff(hands, pol, key), swaps))
        rows.setdefault(kind, []).append((dec, got))
    out: dict[str, dict[str, object]] = {}
    for kind, decs in rows.items():
        res: dict[str, object] = {"decisions": len(decs)}
        for name, label in STRATA.items():
            num = den = 0.0
            for _, got in decs:
                ys = [y for _, y, _ in got]
                r2 = adjusted_r2(ys, [label(h) for h, _, _ in got])
                if r2 is not None:
                    v = statistics.variance(ys)
                    num, den = num + r2 * v, den + v
            res[f"strata: {name}"] = round(num / den, 3) if den else None
        for p in range(3):
            num = den = 0.0
            share = []
            for _, got in decs:
                both = [(y, sw[p]) for _, y, sw in got if sw[p] is not None]
                share.append(len(both) / len(got))
                if len(both) < 8:
                    continue
                flat = [x for pair in both for x in pair]
                pair_var = statistics.variance([(x + cast(float, y)) / 2 for x, y in both])
                num, den = num + statistics.pvariance(flat) / 2, den + pair_var
            res[f"antithetic, pair {p}"] = (round(num / den, 3) if den else None,
                                             round(statistics.fmean(share), 2))
        out[kind] = res
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=8)
    ap.add_argument("--gen-seed", type=int, default=4711)
    ap.add_argument("--worlds", type=int, default=96, help="worlds drawn per decision")
    args = ap.parse_args()
    from hearts_notation._compiled import description

    print(f"{args.deals} deals (generator seed {args.gen_seed}), {args.worlds} worlds a "
          f"decision; {description()}")
    for kind, res in measure(args.deals, args.gen_seed, args.worlds).items():
        print(f"{kind} decisions: {res['decisions']}")
        for name, value in res.items():
            if name.startswith("strata"):
                print(f"  {name}: share of the variance explained {value}")
            elif name.startswith("antithetic"):
                eff, share = cast(tuple[float, float], value)
                print(f"  {name}: efficiency {eff} (the swap allowed in {share:.0%} of the worlds)")


if __name__ == "__main__":
    main()
