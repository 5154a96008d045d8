"""The selfish mover's moon found out of reach (helper selfish31, issue 24).

With the moon state the mover's own (it alone holds penalty points), the
selfish search's floor for the mover was its moon's (about 26 under
nothing), so a choice never stopped before its last card.  Where the
mover's moon surely does not happen (:meth:`ExactSolver._moon_lost`), the
floor is the split's and a card that reaches it ends the choice.  Pinned
here against a brute force written in this file (the tiny rules of
tests/test_exact_solver.py, each seat minimising its own final points,
every card searched): wherever the rule says so, neither tie order's
selfish play gives the mover its moon; where it says so for the selfish
model's reason, a seat holding a heart can keep the moon out whatever the
others play (a two-sided search of its own); and the rule does say so,
for both reasons, on these positions (so the checks are not vacuous)."""

from __future__ import annotations

import random

import pytest

from hearts_notation.analysis.exact import SELFISH, ExactSolver
from hearts_notation.rules import RuleSet, parse_rules
from tests.test_exact_solver import Position, Tiny, brute_values, ordered, suit


def _shoots(p: Position, s: int) -> bool:
    """Whether seat *s* ends the deal holding every penalty card."""
    return bool(p.tiny.penalties) and p.tiny.penalties <= p.taken[s]


def _selfish_end(p: Position, reverse: bool, memo: dict[tuple[object, ...], tuple[list[int], bool]],
                 s: int) -> tuple[list[int], bool]:
    """The final points of every seat and whether *s* shot the moon, each
    seat playing the first (the last with *reverse*) of its cards best for
    itself in the natural order, every card searched (no table, no floor)."""
    if p.over():
        return p.tiny.final(p.taken), _shoots(p, s)
    k = p.key()
    got = memo.get(k)
    if got is not None:
        return got
    best: tuple[list[int], bool] | None = None
    for c in ordered(p, reverse):
        v = _selfish_end(p.play(c), reverse, memo, s)
        if best is None or v[0][p.mover] < best[0][p.mover]:
            best = v
    assert best is not None
    memo[k] = best
    return best


def _keeps_out(p: Position, keeper: int, s: int, memo: dict[tuple[object, ...], bool]) -> bool:
    """Whether *keeper* can make sure *s* does not shoot the moon, whatever
    the other seats (and *s*) play."""
    if p.over():
        return not _shoots(p, s)
    k = p.key()
    got = memo.get(k)
    if got is not None:
        return got
    outs = (_keeps_out(p.play(c), keeper, s, memo) for c in p.legal())
    v = any(outs) if p.mover == keeper else all(outs)
    memo[k] = v
    return v


def _args(solver: ExactSolver, p: Position) -> tuple[int, int, bool, int, int, int, int, int, int]:
    """The position as :meth:`ExactSolver._mx` sees it: (the mover, leader,
    first trick, cards on the table, suit led, card winning, the table's
    mask, the mover's legal cards, the cards alive)."""
    def mask(cs: frozenset[int] | list[int]) -> int:
        m = 0
        for c in cs:
            m |= 1 << c
        return m
    solver._load([mask(h) for h in p.hands])
    trick = p.trick
    led = suit(trick[0]) if trick else -1
    win = max(c for c in trick if suit(c) == led) if trick else -1
    tm = mask(trick)
    legal = mask(p.legal())
    alive = tm | mask(frozenset().union(*p.hands))
    return p.mover, p.leader, p.done == 0, len(trick), led, win, tm, legal, alive


def _by_the_trick(p: Position, pos: int, led: int, win: int, tm: int, legal: int) -> bool:
    """Whether the trick in progress alone keeps the mover's moon out: it
    cannot win it (no legal card of the suit led above the card winning)
    and a penalty card goes to it (on the table, or every legal card is
    one)."""
    if not pos or legal & (((1 << 13) - 1) << (13 * led)) & ~((2 << win) - 1):
        return False
    pen = 0
    for c in p.tiny.penalties:
        pen |= 1 << c
    return bool(tm & pen or not legal & ~pen)


def _cases(rules: RuleSet, seed: str, wanted: int) -> list[Position]:
    """Positions of 3 tricks left, at any point of a trick (hearts open),
    whose mover has taken every penalty card gone (the moon state its own)
    and has a choice: hands dealt at random, some cards of the trick played
    at random, the cards gone shared out (each penalty card to the mover)."""
    rng = random.Random(seed)
    tiny = Tiny(rules)
    n = tiny.n
    out: list[Position] = []
    while len(out) < wanted:
        deck = list(tiny.deck)
        rng.shuffle(deck)
        hands = [frozenset(deck[i * 3:i * 3 + 3]) for i in range(n)]
        done = len(tiny.deck) // n - 3
        p = Position(tiny, hands, rng.randrange(n), [], done, True, [frozenset()] * n)
        for _ in range(rng.randrange(n)):
            p = p.play(rng.choice(p.legal()))
        gone = set(deck[n * 3:]) - set(p.trick)
        pen = gone & tiny.penalties
        if not pen or len(p.legal()) < 2:
            continue
        taken = [frozenset(x for x in gone - pen if x % n == i) for i in range(n)]
        taken[p.mover] |= pen
        out.append(Position(tiny, p.hands, p.leader, p.trick, done, True, taken))
    return out


@pytest.mark.parametrize("spec", ["standard", "jack-of-diamonds", "standard moon=subtract"])
def test_a_moon_found_out_of_reach_does_not_happen(spec: str) -> None:
    """Wherever the rule says the mover's moon is out of reach, the selfish
    play (both tie orders, by the brute force) does not give it the moon;
    where no trick in progress decides it (the selfish model's reason),
    some seat holding a heart keeps the moon out whatever the others play;
    and the solver's values there are the brute force's."""
    rules = parse_rules(spec)
    solver = ExactSolver(rules, SELFISH)
    fired = 0
    for p in _cases(rules, f"selfish31/{spec}", 30):
        s, leader, first, pos, led, win, tm, legal, alive = _args(solver, p)
        if not solver._moon_lost(s, leader, first, pos, led, win, tm, legal, alive):
            continue
        fired += 1
        for reverse in (False, True):
            _, shot = _selfish_end(p, reverse, {}, s)
            assert not shot, (spec, p.key(), reverse)
        if not _by_the_trick(p, pos, led, win, tm, legal):
            # the selfish model's reason: a seat keeps the moon out
            assert any(_keeps_out(p, k, s, {}) for k in range(rules.players) if k != s), (
                spec, p.key())
        got = solver.card_values(p.to_state(rules))
        assert got == brute_values(p, SELFISH), (spec, p.key())
    if spec == "standard moon=subtract":
        return
    assert fired >= 5, fired


def test_both_reasons_fire() -> None:
    """The rule answers on its own reasons, each at least once on these
    positions: a trick in progress the mover cannot win with a penalty card
    in it, and a heart kept above the mover's (no such trick).  A moon that
    adds nothing to the others' points (``moon=subtract``) gives them no
    reason to stop it: the selfish reason never answers there."""
    reasons: dict[str, set[str]] = {}
    for spec in ("standard", "standard moon=subtract"):
        rules = parse_rules(spec)
        solver = ExactSolver(rules, SELFISH)
        seen: set[str] = set()
        for p in _cases(rules, f"selfish31/{spec}", 60):
            s, leader, first, pos, led, win, tm, legal, alive = _args(solver, p)
            if not solver._moon_lost(s, leader, first, pos, led, win, tm, legal, alive):
                continue
            seen.add("trick" if _by_the_trick(p, pos, led, win, tm, legal) else "heart")
        reasons[spec] = seen
    assert reasons["standard"] >= {"heart", "trick"}, reasons
    assert "heart" not in reasons["standard moon=subtract"], reasons
