"""What keeps a default ``annotate`` cheap without changing its verdicts
(issue 24): play-out streams seeded once per world, verifications that stop once
no more worlds could make them a mark, and the reversed tie order solved
only for the verdicts it can change."""

from __future__ import annotations

import random

import pytest

from hearts_notation.analysis.evaluate import Comparison, EvalOptions, Evaluator
from hearts_notation.analysis.exact import ExactSolver
from hearts_notation.analysis.playout import Playout, WorldStream
from hearts_notation.rules import parse_rules
from hearts_notation.state import GameState


@pytest.mark.parametrize("key", ["0|3|play5/verify/w7", "1|1|pass2/screen/0/p", ""])
def test_a_world_stream_gives_every_candidate_the_draws_of_random_random(key: str) -> None:
    """The candidates of one world read one shared stream (seeded once, at
    its first draw): each reads exactly ``random.Random(key)``'s ``random()``
    draws from the first, however many the others read."""
    stream = WorldStream(key)
    assert stream.drawn == []                                  # nothing drawn yet
    assert [stream.draw(0) for _ in range(3)] == [random.Random(key).random()] * 3
    eager = random.Random(key)
    assert [stream.draw(i) for i in range(7)] == [eager.random() for _ in range(7)]
    five = random.Random(5)
    assert WorldStream("ignored", random.Random(5)).draw(1) == [five.random(), five.random()][1]


def test_a_play_out_reads_its_coins_from_the_worlds_stream() -> None:
    """A candidate's play-out from a world's stream plays as one given
    ``random.Random(key)`` itself (the bot's coins are that stream's
    ``random()`` draws from the first), whatever the other candidates read."""
    rules = parse_rules("standard")
    rng = random.Random(11)
    solver = ExactSolver(rules)
    bot = Playout(rules, solver, 0, "bot")
    for w in range(40):
        deck = list(range(52))
        rng.shuffle(deck)
        state = GameState(rules, [sum(1 << c for c in deck[s::4]) for s in range(4)])
        legal = state.legal_cards()
        for _ in range(rng.randrange(8)):
            state.push((legal & -legal).bit_length() - 1)
            legal = state.legal_cards()
        stream = WorldStream(f"w{w}")
        for card in [c for c in range(52) if legal >> c & 1]:
            alone = state.copy()
            alone.push(card)
            assert (bot.finish_after(state, card, stream)
                    == bot.finish(alone, random.Random(f"w{w}")))


def _evaluator(**options: object) -> Evaluator:
    return Evaluator(4, ExactSolver(parse_rules("standard")), EvalOptions(**options))  # type: ignore[arg-type]


def _diffs(mean: float, sd: float, n: int) -> list[float]:
    """*n* differences with this mean and (about) this spread, in the
    worlds of either policy alike."""
    return [mean + (sd if i % 4 < 2 else -sd) for i in range(n)]


def test_a_verification_that_could_not_become_a_mark_stops() -> None:
    """A loss whose upper bound stays below the threshold plus the margin
    the whole budget would still require is not verified further: 0.5 ± 0.2
    after 256 worlds (upper bound 1.1; 3,072 worlds would still need the
    loss above 1.17); 0.9 ± 0.2 (upper bound 1.5) may still become one; a
    policy whose own worlds show no loss settles it too."""
    ev = _evaluator()
    n = 256
    low = _diffs(0.5, 0.2 * n ** 0.5, n)
    assert ev._futile(low, [i % 2 for i in range(n)], 1.0, 2.0, 256, 3072)
    near = _diffs(0.9, 0.2 * n ** 0.5, n)
    assert not ev._futile(near, [i % 2 for i in range(n)], 1.0, 2.0, 256, 3072)
    assert not ev._futile(low, [i % 2 for i in range(n)], 1.0, 2.0, 512, 3072)   # too few yet
    # the overall loss is 1.5, but policy 1's worlds show none at all
    split = [3.0 if i % 2 == 0 else 0.0 for i in range(n)]
    assert ev._futile(split, [i % 2 for i in range(n)], 1.0, 2.0, 256, 3072)


def test_the_reversed_tie_order_counts_only_when_every_world_has_it() -> None:
    """The reversed tie order is solved only for a loss that would be a mark
    in the natural order; a comparison whose reversed differences cover
    fewer worlds than its own gives no reversed estimate (no tie flag)."""
    full = Comparison((2.0, 2.0, 2.0), (-1, -1, -1), True, (0.0, 0.0, 0.0))
    assert full.reversed_estimate() == (0.0, 0.0)
    part = Comparison((2.0, 2.0, 2.0), (-1, -1, -1), True, (0.0,))
    assert part.reversed_estimate() is None
    ev = _evaluator()
    assert ev._may_mark([2.0, 2.0, 2.0], 1.0, 2.0, True)
    assert not ev._may_mark([0.5, 0.5, 0.5], 1.0, 2.0, True)
