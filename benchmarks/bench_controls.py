"""Control variates for a verdict's per-world difference: measured before building.

    python benchmarks/bench_controls.py [--deals 8] [--gen-seed 4711] [--worlds 192]
                                        [--dump /tmp/NAME-pairs.jsonl]

Most seed flips of the default marks are verdicts at their maximum of worlds
whose loss sits within a standard error or two of a mark's bound (issue 24,
docs/analysis.md "Control variates (helper stab7)").  A control variate would
narrow that edge at the same CPU: with a proxy G of the same world, cheap and
strongly correlated with the difference D (the card played minus the
reference, the analysis's own value of a world), the two-level estimator

    mean_n(D) - c * (mean_n(G) - mean_N(G))

(G also on N other worlds, drawn for it alone) is unbiased, and at the best
split of the CPU between the two levels its variance times CPU over D's alone
is ``(x * sqrt(r) + sqrt(1 - 2 * rho * x + x²))²`` with ``x = c * s``, *s²* =
Var(G)/Var(D) and *r* the CPU of one of the N worlds (its draw and G) over one
of D's: it pays only when G is both strongly correlated with D and much
cheaper, and the draw of a world alone makes *r* at least the draw's share
(the figure is also printed as if the draws were free).
This script measures, on every decision a verification would judge
(``bench_variance.py``'s decisions: the card played is not the screening's
best; plays valued by the play-outs, passes by whole-deal play-outs), each
candidate's rho², its variance, its CPU and the two-level factor
(``bench_variance.two_level``, best c on a grid):

* ``policy, no tail``: the same pair of play-outs without the exact tail (the
  policy to the last card; measured before, re-measured here near the edge);
* ``lowest card``: a much cheaper play-out, every seat playing its lowest
  legal card to the end (pure Python here, for plays);
* ``this trick``: a static feature, the points the seat takes in the trick in
  progress when the others duck under the winning card where they can, dump
  Q♠ or their highest heart when void, and overtake with their lowest card
  otherwise (for plays);
* ``face-up``: the exact solver's difference with the world's hands face up
  (the selfish model), where the decision is shallow enough (6 or 7 tricks
  left; 5 and fewer are solved exactly by the analysis itself);
* ``coins``: a control whose mean is known, zero, at no cost: the bot's coins
  (a fair coin for some of its leads, one stream a world, each play-out
  reading it from its first draw).  For each of the first ``COINS`` coins and
  each card's play-out, ``(1[U_i >= 1/2] - 1/2) * 1[that play-out read coin
  i]``: whether a play-out reads coin i depends on the world and the coins
  before it only, so each has mean 0 whatever the world; a regression of D on
  them (fitted per decision, as a verdict's estimator would) removes what they
  explain, no second level needed.  Its figure is the adjusted R² (with the
  controls' degrees of freedom), the variance it would remove.

Each figure is pooled over the decisions (weighted by their variance of D),
for all of them and for those *near the edge*: a mean loss within two of this
measure's standard errors of a mark's threshold (1, 3 or 6 points), the
verdicts that flip.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_variance import Decision, Hands, decisions, two_level

from hearts_notation.analysis.exact import ExactSolver
from hearts_notation.analysis.playout import POLICIES, Playout
from hearts_notation.cards import HEARTS_MASK, QS_BIT, SUIT_MASKS
from hearts_notation.state import GameState, raw_points

THRESHOLDS = (1.0, 3.0, 6.0)
FACE_UP_LEFT = 7
COINS = 4


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _high(mask: int) -> int:
    return mask.bit_length() - 1


def lowest_card(state: GameState, card: int) -> int:
    """The seat's final points when it plays *card* and every seat then
    plays its lowest legal card (the moon rule applied)."""
    s = state.copy()
    seat = s.to_play
    s.push(card)
    while not s.is_over:
        s.push(_low(s.legal_cards()))
    return s.points()[seat]


def this_trick(state: GameState, card: int) -> int:
    """The points the seat to move takes in the trick in progress when it
    plays *card* and the later seats duck under the winner where they can
    (their highest card below it), overtake with their lowest card where they
    cannot, and, void, dump Q♠ or their highest heart."""
    rules = state.rules
    trick = [*state.trick, card]
    led = trick[0] // 13
    suit = SUIT_MASKS[led]
    top = max(c for c in trick if c // 13 == led)
    taken = 0
    for c in trick:
        taken |= 1 << c
    wins = True
    seat = state.to_play
    for i in range(1, state.players - len(state.trick)):
        h = state.hands[(seat + i) % state.players]
        follow = h & suit
        if follow:
            under = follow & ((1 << top) - 1)
            c = _high(under) if under else _low(follow)
            if not under:
                wins, top = False, c
        else:
            c = _low(QS_BIT) if h & QS_BIT else (_high(h & HEARTS_MASK) if h & HEARTS_MASK
                                                 else _low(h))
        taken |= 1 << c
    return raw_points(rules, taken) if wins else 0


def proxies(dec: Decision) -> dict[str, Callable[[Hands, int, str], float]]:
    """The candidate controls of one decision, each a function of a world
    (its hands, policy and coin key) as ``Decision.diff`` is."""
    rules, solver = dec.solver.rules, dec.solver
    out = {"policy, no tail": dec.valued([Playout(rules, solver, 0, p) for p in POLICIES])}
    if dec.play is None:
        return out
    state_of, a, b = dec.play
    out["lowest card"] = lambda h, _p, _k: float(lowest_card(state_of(h), a)
                                                 - lowest_card(state_of(h), b))
    out["this trick"] = lambda h, _p, _k: float(this_trick(state_of(h), a)
                                                - this_trick(state_of(h), b))
    if dec.left <= FACE_UP_LEFT:
        face = ExactSolver(rules)

        def face_up(h: Hands, _p: int, _k: str) -> float:
            v = face.card_values(state_of(h))
            return float(v[a] - v[b])
        out["face-up"] = face_up
    return out


def coin_controls(read: tuple[tuple[float, ...], tuple[float, ...]]) -> list[float]:
    """The coin controls of one world from the coins each card's play-out
    read (see the module docstring)."""
    return [(float(c[i] >= 0.5) - 0.5) if i < len(c) else 0.0 for i in range(COINS)
            for c in read]


def adjusted_r2(ys: list[float], xs: list[list[float]]) -> float:
    """Adjusted R² of *ys* on *xs* (with an intercept): the share of the
    variance a regression on them removes, net of the fit's own noise."""
    import numpy as np  # not a dependency of the package: this script only

    x = np.array([[1.0, *row] for row in xs])
    y = np.array(ys)
    beta = np.linalg.lstsq(x, y, rcond=None)[0]
    n, p = len(ys), int(np.linalg.matrix_rank(x))
    res = float(((y - x @ beta) ** 2).sum()) / max(1, n - p)
    return 1 - res / statistics.variance(ys)


def measure(deals: int, gen_seed: int, worlds: int, dump: Path | None
            ) -> dict[str, dict[str, float]]:
    """Sums per group (kind of decision, all or near the edge, and the
    shallow ones where the face-up control exists), each decision's figures
    weighted by its variance of D, in ``bench_variance.two_level``'s keys."""
    groups: dict[str, dict[str, float]] = {}
    out = dump.open("w") if dump is not None else None
    for d_i, (kind, dec) in enumerate(decisions(deals, gen_seed)):
        valued = proxies(dec)
        with_coins = dec.valued([Playout(dec.solver.rules, dec.solver, 3, p) for p in POLICIES])
        xs: list[list[float]] = []
        rng = random.Random(f"controls/{gen_seed}/{d_i}")
        keys = [(w % 2, f"controls/{d_i}/{w}") for w in range(worlds)]
        # Timed by the batch, not world by world: the CPU clock costs a few
        # microseconds a reading here, as much as a draw.
        cpu: dict[str, float] = {}
        t0 = time.process_time()
        drawn = [dec.draw(rng) for _ in range(worlds)]
        cpu["draw"] = time.process_time() - t0
        t0 = time.process_time()
        ys = [dec.diff(hands, pol, key) for hands, (pol, key) in zip(drawn, keys, strict=True)]
        cpu["D"] = time.process_time() - t0
        got: dict[str, list[float]] = {}
        for name, f in valued.items():
            t0 = time.process_time()
            got[name] = [f(hands, pol, key) for hands, (pol, key) in zip(drawn, keys, strict=True)]
            cpu[name] = time.process_time() - t0
        for hands, (pol, key), y in zip(drawn, keys, ys, strict=True):
            del dec.coins[:]
            if with_coins(hands, pol, key) != y:
                raise AssertionError("the instrumented play-outs differ from the analysis's")
            xs.append(coin_controls((dec.coins[0], dec.coins[1])))
        v = statistics.variance(ys)
        mean, se = statistics.fmean(ys), math.sqrt(v / worlds)
        edge = any(abs(mean - t) <= 2 * se for t in THRESHOLDS)
        if out is not None:
            out.write(json.dumps({"kind": kind, "left": dec.left, "mean": mean, "se": se,
                                  "edge": edge, "D": ys, **got}) + "\n")
        if not v:
            continue
        names = [kind, f"{kind}, near the edge" if edge else ""]
        if "face-up" in valued:
            names += [f"{kind}, {FACE_UP_LEFT} tricks left or fewer",
                      f"{kind}, {FACE_UP_LEFT} tricks left or fewer, near the edge" if edge else ""]
        coins_r2 = adjusted_r2(ys, xs) if any(any(x) for x in xs) else 0.0
        for g in filter(None, names):
            a = groups.setdefault(g, {"decisions": 0.0, "V": 0.0})
            a["decisions"] += 1
            a["V"] += v
            a["coins"] = a.get("coins", 0.0) + coins_r2 * v
            for name, t in cpu.items():
                a[f"cpu {name}"] = a.get(f"cpu {name}", 0.0) + t
            for name, cs in got.items():
                vc = statistics.variance(cs)
                cov = statistics.covariance(ys, cs)
                a[f"{name} r2"] = a.get(f"{name} r2", 0.0) + (cov * cov / vc if vc else 0.0)
                a[f"{name} V"] = a.get(f"{name} V", 0.0) + vc
                a[f"{name} cov"] = a.get(f"{name} cov", 0.0) + cov
    if out is not None:
        out.close()
    return groups


def report(groups: dict[str, dict[str, float]]) -> None:
    for g, a in groups.items():
        v = a["V"]
        print(f"{g}: {a['decisions']:.0f} decisions; CPU of the draw / of D "
              f"{a['cpu draw'] / a['cpu D']:.3f}")
        for name in ("policy, no tail", "lowest card", "this trick", "face-up"):
            if f"{name} r2" not in a:
                continue
            r2 = a[f"{name} r2"] / v
            f, c = two_level(a, name)
            free, _ = two_level({**a, "cpu draw": 0.0}, name)
            print(f"  {name:16} rho² {r2:.3f}  1-rho² {1 - r2:.3f}  Var(G)/Var(D) "
                  f"{a[f'{name} V'] / v:.3f}  CPU G/D {a[f'cpu {name}'] / a['cpu D']:.3f}  "
                  f"(with a draw {(a[f'cpu {name}'] + a['cpu draw']) / a['cpu D']:.3f})  "
                  f"two-level variance x CPU / D's {f:.3f} (c {c:.2f}; "
                  f"were the draws free {free:.3f})")
        print(f"  coins (known mean, no cost): adjusted R² {a['coins'] / v:.3f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=8)
    ap.add_argument("--gen-seed", type=int, default=4711)
    ap.add_argument("--worlds", type=int, default=192, help="worlds drawn per decision")
    ap.add_argument("--dump", type=Path, help="write every decision's (D, G) pairs (JSON lines)")
    args = ap.parse_args()
    from hearts_notation._compiled import description

    print(f"{args.deals} deals (generator seed {args.gen_seed}), {args.worlds} worlds a "
          f"decision; {description()}")
    report(measure(args.deals, args.gen_seed, args.worlds, args.dump))


if __name__ == "__main__":
    main()
