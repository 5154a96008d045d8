"""A digest of the exact solver's values on random positions of every preset.

    python benchmarks/check_solve_values.py [--per-preset 400] [--seed 2026] [--max-left 6]
                                            [--verbose]

A change to ``analysis/exact.py`` that is meant to make the search faster must
not change a single value: run this before and after it (pure Python or
compiled) and compare the last line, the digest of every value found.  Each
preset of ``tests/test_exact_solver.py`` gets ``--per-preset`` random positions
(random legal play from a random deal up to 2 to ``--max-left`` tricks left,
3 at most with five or six seats, and some cards of the next trick), each
solved in both models, selfish under both tie orders, by solvers kept
between the positions of a preset (so that their tables must stay right)
and, every fifth position, by fresh ones too (the same values asserted).

The brute-force comparisons live in the tests; this script is the cheap,
broad check that two versions of the search agree on thousands of
positions, including deeper ones than a brute force can reach.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hearts_notation.analysis.exact import MODELS, SELFISH, ExactSolver, solve_position
from hearts_notation.rules import RuleSet, parse_rules
from hearts_notation.state import GameState

#: every preset the brute-force tests cover
PRESETS: tuple[str, ...] = (
    "standard",
    "jack-of-diamonds",
    "standard moon=subtract",
    "openspiel",
    "kawu first_trick_queen=allowed first_trick_hearts=allowed",
    "standard opening_lead=any-club",
    "three-players",
    "five-players",
    "six-players",
)


def random_state(rules: RuleSet, rng: random.Random, left: int) -> GameState:
    """A random deal played at random (legal cards) until *left* tricks
    remain, and then a random number of cards of the next trick."""
    deck = [c for c in range(52) if rules.deck_mask >> c & 1]
    rng.shuffle(deck)
    n = rules.players
    hands = [0] * n
    for i, c in enumerate(deck):
        hands[i % n] |= 1 << c
    st = GameState.from_deal(rules, hands)
    per = len(deck) // n
    for _ in range((per - left) * n + rng.randrange(n)):
        legal = st.legal_cards()
        cards = [c for c in range(52) if legal >> c & 1]
        st.play(rng.choice(cards))
    return st


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--per-preset", type=int, default=400)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--max-left", type=int, default=6)
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    digest = hashlib.sha256()
    t0 = time.process_time()
    total = 0
    for spec in PRESETS:
        rules = parse_rules(spec)
        rng = random.Random(f"{args.seed}/{spec}")
        kept: dict[tuple[str, bool], ExactSolver] = {}
        pdigest = hashlib.sha256()
        high = min(args.max_left, 3) if rules.players > 4 else args.max_left
        for i in range(args.per_preset):
            st = random_state(rules, rng, 2 + i % (high - 1))
            for model in MODELS:
                got = solve_position(st, model, solvers=kept)
                if i % 5 == 0:
                    fresh = solve_position(st, model)
                    assert fresh.values == got.values, (spec, i, model)
                    assert fresh.reversed_values == got.reversed_values, (spec, i, model)
                line = f"{spec}|{i}|{model}|{sorted(got.values.items())}"
                if model == SELFISH:
                    line += f"|{sorted((got.reversed_values or {}).items())}"
                pdigest.update(line.encode())
                digest.update(line.encode())
            total += 1
        if args.verbose:
            print(f"{spec}: {args.per_preset} positions, {pdigest.hexdigest()[:16]}", flush=True)
    print(f"{total} positions, {time.process_time() - t0:.1f} CPU-s, digest {digest.hexdigest()}")


if __name__ == "__main__":
    main()
