"""Would a smarter draw of the worlds steady the verdicts? Two variance measures.

    python benchmarks/bench_variance.py [--deals 8] [--gen-seed 4711] [--worlds 96]
    python benchmarks/bench_variance.py --controls [--linear] [...]

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

With ``--controls``, what a quieter *value* of a world could give instead (the
draws above cannot reach the spread: it is in the play-out), each measured on the
same worlds as the difference D itself (issue 24, docs/analysis.md "A quieter
value of a world"):

* how D's variance splits: between the two play-out policies (the worlds
  alternate between them), and, in the bot's worlds, the share its coins make
  (the same world valued again with another coin stream);
* the **pure-policy control**: the same paired difference with the exact tail
  replaced by the policy (``Playout`` with no tail), its squared correlation
  with D, its own variance, the variance of D less it, the CPU of each and of
  the draw, and the variance-times-cost of a two-level estimator (the control's
  mean from cheap worlds of their own, D less the control from the others, each
  level given its optimal share of the CPU) relative to D alone: below 1 it pays;
* **truncated controls**: the points the seat takes in the next 1, 2 and 4
  tricks only (the policy playing them), much cheaper; measured only on the pure
  Python core (they need a play-out that stops without a solver, which the
  compiled ``Playout`` refuses);
* **both policies in every world** (one draw for two values): the correlation of
  the two policies' differences in the same world, and the variance times CPU of
  their mean against two worlds of one policy each (the draw's CPU saved);
* the exact tail **deeper or shallower** (2 and 4 tricks against the 3 of the
  defaults): D's variance and CPU with each (plays);
* with ``--linear`` (needs numpy, which the package does not): the adjusted R² of
  D on where every unseen card lies, a linear control whose mean the deal's counts
  fix exactly (stratification's general case).

Every decision a verification would judge is used (the card played is not the
screening's best), plays valued by the play-out policies (the decisions solved
exactly are left out: their worlds are few), passes by whole-deal play-outs.
Figures are pooled over the decisions, each weighted by its variance.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from itertools import combinations
from pathlib import Path
from typing import cast

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hearts_notation.analysis.annotate import screening_key
from hearts_notation.analysis.context import DealContext, PlayPoint
from hearts_notation.analysis.evaluate import EvalOptions, Evaluator
from hearts_notation.analysis.exact import ExactSolver
from hearts_notation.analysis.playout import POLICIES, Playout, WorldStream
from hearts_notation.analysis.sampler import Knowledge
from hearts_notation.cards import HEARTS, QUEEN_OF_SPADES, SPADES, SUIT_MASKS
from hearts_notation.generate import generate_games
from hearts_notation.model import deal_numbers
from hearts_notation.referee import check_game, game_seats
from hearts_notation.rules import RuleSet
from hearts_notation.state import GameState, apply_passes, opening_leader, raw_points

Hands = tuple[int, ...]
#: A decision's difference as a function of the play-outs valuing it (``None``:
#: the analysis's own), then of a world, its policy and its coin key.
Valued = Callable[[Sequence[Playout] | None], Callable[[Hands, int, str], float]]


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
    """One verified decision: *valued* gives, for a pair of play-outs (one per
    policy; ``None``: the analysis's own), the difference as a function of a
    world, its policy and its coin stream's key; *left* is the tricks left
    (the trick in progress counted); *play*, for a play, the state of a world
    and the two cards compared (the card played's class first), which
    ``bench_controls.py`` values with its own proxies."""

    def __init__(self, know: Knowledge, draw: Callable[[random.Random], Hands],
                 valued: Callable[[Sequence[Playout] | None], Callable[[Hands, int, str], float]],
                 solver: ExactSolver, left: int,
                 play: tuple[Callable[[Hands], GameState], int, int] | None = None,
                 coins: list[tuple[float, ...]] | None = None) -> None:
        self.know, self.draw, self.valued, self.solver, self.left = know, draw, valued, solver, left
        self.play = play
        #: the coins read by each play-out valued by ``valued(playouts)``, in order
        self.coins = [] if coins is None else coins
        self.diff = valued(None)


def decisions(deals: int, gen_seed: int) -> Iterator[tuple[str, Decision]]:
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
                r = ev.passes(ctx, s, screening_key(ctx, s))
                if r is None or dealt is None or made is None:
                    continue
                a, b = ev.pass_class(dealt, made), r.candidates[r.best()]
                sampler = ev._pass_sampler(ctx, s)
                if a != b and sampler is not None:
                    coins: list[tuple[float, ...]] = []
                    yield "pass", Decision(sampler.know, sampler.sample,
                                           _pass_diff(ev, ctx, s, a, b, coins), ev.solver,
                                           rules.tricks_per_deal, None, coins)
        for point in ctx.points:
            know = ctx.knowledge(point)
            if (point.legal is None or point.card is None or point.legal.bit_count() < 2
                    or know is None or max(know.counts) <= ev.options.exact_tricks):
                continue
            r = ev.play(ctx, point, screening_key(ctx, point.seat, point))
            if r is None or r.exhaustive:
                continue
            k = next(i for i, m in enumerate(r.candidates) if m >> point.card & 1)
            if k in r.tied():
                continue
            sampler2 = ev._sampler(know)[0]
            assert sampler2 is not None
            a, b = r.candidates[k], r.candidates[r.best()]
            coins = []
            yield "play", Decision(know, sampler2.sample, _play_diff(ev, ctx, point, a, b, coins),
                                   ev.solver, max(know.counts),
                                   (partial(ctx.state, point), _first(a), _first(b)), coins)


def _first(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _play_diff(ev: Evaluator, ctx: DealContext, point: PlayPoint, a: int, b: int,
               coins: list[tuple[float, ...]]) -> Valued:
    """The difference of class masks *a* and *b* in a world: the analysis's
    own (``Evaluator._values``) for ``None``, else the same (the coin stream
    of the world's key, common to both cards) valued by the given play-outs,
    the coins each card's play-out read appended to *coins*."""
    def valued(playouts: Sequence[Playout] | None) -> Callable[[Hands, int, str], float]:
        def own(hands: Hands, pol: int, key: str) -> float:
            got = ev._values(ctx.state(point, hands), [a, b], point.seat, pol, key)
            return got[0] - got[1]

        def diff(hands: Hands, pol: int, key: str) -> float:
            assert playouts is not None
            state = ctx.state(point, hands)
            out = []
            for cand in (a, b):     # a stream each, of the same key: the coins each reads
                stream = WorldStream(key)
                out.append(playouts[pol].finish_after(state, _first(cand), stream)[point.seat])
                coins.append(tuple(stream.drawn))
            return float(out[0] - out[1])
        return own if playouts is None else diff
    return valued


def _pass_diff(ev: Evaluator, ctx: DealContext, seat: int, a: int, b: int,
               coins: list[tuple[float, ...]]) -> Valued:
    rules = ctx.rules

    def valued(playouts: Sequence[Playout] | None) -> Callable[[Hands, int, str], float]:
        pls = ev.playouts if playouts is None else playouts

        def diff(hands: Hands, pol: int, key: str) -> float:
            gifts = [0] * ctx.n
            for t in range(ctx.n):
                if t != seat:   # a seat's pass depends on its hand only, swapped with it
                    for c in ev.playout.pass_cards(hands[t], rules.pass_count,
                                                   random.Random(hands[t])):
                        gifts[t] |= 1 << c
            out = []
            for cand in (a, b):     # a stream each, of the same key: the coins each reads
                stream = WorldStream(key)
                gifts[seat] = cand
                after = cast("list[int]", apply_passes(list(hands), gifts, ctx.offset or 0))
                leader = opening_leader(rules, after)
                assert leader is not None
                out.append(float(pls[pol].finish_deal(after, leader, stream)[seat]))
                coins.append(tuple(stream.drawn))
            return out[0] - out[1]
        return diff
    return valued


class _Taken:
    """Stands in for the exact tail and gives the points taken so far: a
    play-out with it stops after its policy's tricks (a truncated control)."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules

    def play_out(self, state: GameState) -> list[int]:
        return [raw_points(self.rules, t) for t in state.taken]


def _cov(xs: Sequence[float], ys: Sequence[float]) -> float:
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / (len(xs) - 1)


def _adjusted_r2_linear(ys: Sequence[float], hands: Sequence[Hands], know: Knowledge
                        ) -> float | None:
    """Adjusted R² of *ys* on where each unseen card lies (one indicator per
    card and opponent but the last); ``None`` when the worlds are fewer than
    twice the indicators (the fit would be mostly noise)."""
    import numpy as np  # not a dependency of the package: ``--linear`` only

    opp = [s for s in range(know.n) if s != know.seat]
    unseen = 0
    for h in hands:
        for s in opp:
            unseen |= h[s] & ~know.fixed[s]
    cards = [c for c in range(52) if unseen >> c & 1]
    x = np.array([[1.0] + [float(h[s] >> c & 1) for c in cards for s in opp[:-1]]
                  for h in hands])
    y = np.array(ys)
    beta = np.linalg.lstsq(x, y, rcond=None)[0]
    n, p = len(ys), int(np.linalg.matrix_rank(x))
    if n < 2 * p:
        return None
    res = float(((y - x @ beta) ** 2).sum()) / max(1, n - p)
    return 1 - res / statistics.variance(ys)


def controls(deals: int, gen_seed: int, worlds: int, linear: bool
             ) -> dict[str, dict[str, float]]:
    """Per kind of decision, the sums (each decision's figures weighted by its
    variance of D) that :func:`report_controls` prints."""
    from hearts_notation._compiled import compiled_in_use

    truncate = not compiled_in_use()
    acc: dict[str, dict[str, float]] = {}
    for d_i, (kind, dec) in enumerate(decisions(deals, gen_seed)):
        rules, solver = dec.solver.rules, dec.solver
        valued = {"policy": dec.valued([Playout(rules, solver, 0, p) for p in POLICIES])}
        for t in (2, 4):
            valued[f"tail {t}"] = dec.valued([Playout(rules, solver, t, p) for p in POLICIES])
        if truncate:
            stub = cast(ExactSolver, _Taken(rules))
            for k in (1, 2, 4):
                valued[f"next {k}"] = dec.valued([Playout(rules, stub, dec.left - k, p)
                                                  for p in POLICIES])
        rng = random.Random(f"variance/{gen_seed}/{d_i}")
        ys: list[float] = []
        got: dict[str, list[float]] = {name: [] for name in valued}
        cpu = dict.fromkeys(["draw", "D", *valued], 0.0)
        coins: list[tuple[float, float]] = []
        both: list[tuple[float, float]] = []    # the world valued by each policy, in order
        drawn: list[Hands] = []
        for w in range(worlds):
            t0 = time.process_time()
            hands = dec.draw(rng)
            t1 = time.process_time()
            pol, key = w % 2, f"variance/{d_i}/{w}"
            ys.append(dec.diff(hands, pol, key))
            cpu["draw"] += t1 - t0
            cpu["D"] += time.process_time() - t1
            for name, f in valued.items():
                t0 = time.process_time()
                got[name].append(f(hands, pol, key))
                cpu[name] += time.process_time() - t0
            if pol == 0:    # the bot's world valued again with another coin stream
                coins.append((ys[-1], dec.diff(hands, pol, key + "/coins")))
            both.append((ys[-1], dec.diff(hands, 1 - pol, key))[::1 - 2 * pol])
            drawn.append(hands)
        v = statistics.variance(ys)
        a = acc.setdefault(kind, {"decisions": 0.0, "V": 0.0})
        a["decisions"] += 1
        if not v:
            continue
        a["V"] += v
        for name, t in cpu.items():
            a[f"cpu {name}"] = a.get(f"cpu {name}", 0.0) + t
        within = sum(statistics.variance(ys[q::2]) * (len(ys[q::2]) - 1) for q in (0, 1))
        a["between"] = a.get("between", 0.0) + v - within / (len(ys) - 2)
        d0, d1 = [x for x, _ in both], [y for _, y in both]
        a["policies cov"] = a.get("policies cov", 0.0) + _cov(d0, d1)
        a["policies V"] = a.get("policies V", 0.0) + math.sqrt(statistics.variance(d0)
                                                               * statistics.variance(d1))
        flat = [x for pair in coins for x in pair]
        a["coins"] = a.get("coins", 0.0) + statistics.fmean([(x - y) ** 2 for x, y in coins]) / 2
        a["coins V"] = a.get("coins V", 0.0) + statistics.pvariance(flat)
        for name, cs in got.items():
            vc = statistics.variance(cs)
            a[f"{name} r2"] = a.get(f"{name} r2", 0.0) + (_cov(ys, cs) ** 2 / vc if vc else 0.0)
            a[f"{name} V"] = a.get(f"{name} V", 0.0) + vc
            a[f"{name} V(D-C)"] = a.get(f"{name} V(D-C)", 0.0) + statistics.variance(
                [y - c for y, c in zip(ys, cs, strict=True)])
            a[f"{name} cov"] = a.get(f"{name} cov", 0.0) + _cov(ys, cs)
        r2 = _adjusted_r2_linear(ys, drawn, dec.know) if linear else None
        if r2 is not None:
            a["linear"] = a.get("linear", 0.0) + r2 * v
            a["linear V"] = a.get("linear V", 0.0) + v
    return acc


def two_level(a: dict[str, float], name: str) -> tuple[float, float]:
    """The variance times CPU of a two-level estimator with control *name*
    (its mean from worlds of its own at its cost plus a draw's, D less beta
    times the control from the others at D's cost plus a draw's, each level
    given its optimal share of the CPU) over D's alone, at the best beta of
    a grid, and that beta.  The control's CPU where it shares D's play-out
    up to the tail is left out of the second level: the figure is a lower
    bound, the side where building would pay."""
    v = a["V"]
    d = a["cpu draw"] / a["cpu D"]
    c0 = a[f"cpu {name}"] / a["cpu D"] + d
    v0, cov = a[f"{name} V"] / v, a[f"{name} cov"] / v
    best = (1.0, 0.0)
    for i in range(1, 31):
        beta = i / 20
        v1 = 1 - 2 * beta * cov + beta * beta * v0
        f = (math.sqrt(beta * beta * v0 * c0) + math.sqrt(max(v1, 0.0) * (1 + d))) ** 2 / (1 + d)
        best = min(best, (f, beta))
    return best


def report_controls(acc: dict[str, dict[str, float]]) -> None:
    for kind, a in acc.items():
        v = a["V"]
        print(f"{kind} decisions: {a['decisions']:.0f}")
        print(f"  between the two policies: {a['between'] / v:.3f} of the variance; the bot's "
              f"coins: {a['coins'] / a['coins V']:.3f} of its worlds' variance")
        d = a["cpu draw"] / a["cpu D"]
        rho = a["policies cov"] / a["policies V"] if a["policies V"] else 0.0
        print(f"  CPU of the draw / of D: {d:.3f}; both policies in every world: correlation "
              f"{rho:.3f}, variance x CPU / one policy a world's {(1 + rho) * (2 + d) / (2 + 2 * d):.3f}")
        for name in ("policy", "next 1", "next 2", "next 4"):
            if f"{name} r2" not in a:
                continue
            f, beta = two_level(a, name)
            print(f"  control {name}: rho² {a[f'{name} r2'] / v:.3f}, Var(C)/Var(D) "
                  f"{a[f'{name} V'] / v:.3f}, Var(D-C)/Var(D) {a[f'{name} V(D-C)'] / v:.3f}, "
                  f"CPU C/D {a[f'cpu {name}'] / a['cpu D']:.3f}; two-level variance x CPU / D's "
                  f"{f:.3f} (beta {beta:.2f})")
        for t in (2, 4):
            print(f"  exact tail of {t} tricks (3 now): Var {a[f'tail {t} V'] / v:.3f}, CPU "
                  f"{a[f'cpu tail {t}'] / a['cpu D']:.3f} of D's")
        if "linear" in a:
            print(f"  linear in the unseen cards' places: adjusted R² "
                  f"{a['linear'] / a['linear V']:.3f} (over {a['linear V'] / v:.0%} of the variance: "
                  "the decisions with worlds enough)")


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
    ap.add_argument("--controls", action="store_true",
                    help="measure quieter values of a world (control variates, exact tails)")
    ap.add_argument("--linear", action="store_true",
                    help="with --controls: the linear control on the cards' places (numpy)")
    args = ap.parse_args()
    from hearts_notation._compiled import description

    print(f"{args.deals} deals (generator seed {args.gen_seed}), {args.worlds} worlds a "
          f"decision; {description()}")
    if args.controls:
        report_controls(controls(args.deals, args.gen_seed, args.worlds, args.linear))
        return
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
