"""What keeps a default ``annotate`` cheap without changing its verdicts
(issue 24): lazily seeded play-out streams, verifications that stop once
no more worlds could make them a mark, and the reversed tie order solved
only for the verdicts it can change."""

from __future__ import annotations

import random

import pytest

from hearts_notation.analysis.evaluate import (
    Comparison,
    EvalOptions,
    Evaluator,
    LazyRandom,
    WorldStream,
)
from hearts_notation.analysis.exact import ExactSolver
from hearts_notation.rules import parse_rules


def _draws(rng: random.Random) -> list[object]:
    cards = list(range(13))
    rng.shuffle(cards)
    return [rng.random(), rng.choice(range(52)), rng.sample(range(20), 3), rng.randrange(7),
            rng.getrandbits(70), cards, rng.uniform(1, 2)]


@pytest.mark.parametrize("key", ["0|3|play5/screen/7", "1|1|pass2/screen/0/p", ""])
def test_a_lazy_stream_draws_what_random_random_draws(key: str) -> None:
    """The play-outs' streams are seeded on first use only, and then give
    exactly the draws of ``random.Random(key)`` (so the marks are the same
    as with eager seeding), whatever the first call is."""
    assert _draws(LazyRandom(key)) == _draws(random.Random(key))
    assert LazyRandom(key).getstate() == random.Random(key).getstate()
    lazy, eager = LazyRandom(key), random.Random(key)
    assert [lazy.choice("abcdef") for _ in range(30)] == [eager.choice("abcdef") for _ in range(30)]
    lazy.seed(5)
    assert lazy.random() == random.Random(5).random()


@pytest.mark.parametrize("key", ["0|3|play5/verify/w7", "1|1|pass2/screen/0/p"])
def test_a_world_stream_gives_every_candidate_the_draws_of_random_random(key: str) -> None:
    """The candidates of one world read one shared stream (seeded once):
    each still gets exactly ``random.Random(key)``'s draws from the first,
    however many the others drew, and a draw of another kind after some
    ``random()`` draws goes on where ``random.Random(key)`` would be."""
    stream = WorldStream(key)
    first = [stream.reader().random() for _ in range(3)]     # three readers, one draw each
    assert first == [random.Random(key).random()] * 3
    a, b = stream.reader(), stream.reader()
    assert [a.random() for _ in range(5)] == [b.random() for _ in range(5)]
    eager, c = random.Random(key), stream.reader()
    assert [eager.random() for _ in range(7)] == [c.random() for _ in range(7)]
    mixed, eager = stream.reader(), random.Random(key)
    assert [mixed.random(), mixed.random()] == [eager.random(), eager.random()]
    assert _draws(mixed) == _draws(eager)
    assert mixed.getstate() == eager.getstate()
    assert _draws(stream.reader()) == _draws(random.Random(key))


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
