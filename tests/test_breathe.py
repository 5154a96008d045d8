"""A signal stops the exact solver's search promptly, compiled or not.

Compiled with mypyc, the search runs no bytecode, and CPython runs a
signal's Python handler only between bytecodes: before
:mod:`hearts_notation.analysis.breathe`, a Ctrl-C given to ``hearts solve``
from a deal's opening lead waited for the search to end (review19: 6.4 s,
up to two minutes under load).  The search now enters interpreted code
every :data:`~hearts_notation.analysis.breathe.EVERY` nodes.  In pure Python
the test passes either way (the interpreter checks for signals itself); it
is the compiled step of ``.ci/run`` that holds the fix.
"""

from __future__ import annotations

import signal
import time
from types import FrameType

import pytest

from hearts_notation.analysis.context import DealContext
from hearts_notation.analysis.exact import PARANOID, ExactSolver
from hearts_notation.generate import generate_games
from hearts_notation.referee import game_seats, resolve_rules
from hearts_notation.state import GameState


class _Stop(Exception):
    """Raised by the test's signal handler, as Ctrl-C raises KeyboardInterrupt."""


def _opening_lead() -> GameState:
    """The opening lead of a deal whose paranoid search runs for millions of
    nodes (bench_solve's second whole deal, capped at 60,000,000 nodes)."""
    game = list(generate_games(2, seed=2026, max_deals=1))[1]
    rules = resolve_rules(game)
    seats, rules, _ = game_seats(game, rules)
    ctx = DealContext(game.deals[0], rules, seats, 1)
    p = next(q for q in ctx.points if q.trick_no == 0 and not q.trick)
    hands = ctx.true_hands(p)
    assert hands is not None
    return GameState(rules, hands, p.leader, [], p.trick_no, p.broken, p.taken)


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="no interval timers on this system")
def test_a_signal_stops_a_whole_deal_search_within_a_fraction_of_a_second() -> None:
    state = _opening_lead()
    solver = ExactSolver(state.rules, PARANOID, node_limit=50_000_000)
    handled: list[float] = []

    def stop(signum: int, frame: FrameType | None) -> None:
        handled.append(time.process_time())
        raise _Stop

    # SIGPROF counts the process's CPU time: the delay measured below is the
    # CPU the search spent before letting the handler run, whatever the load.
    previous = signal.signal(signal.SIGPROF, stop)
    try:
        start = time.process_time()
        signal.setitimer(signal.ITIMER_PROF, 0.05)
        with pytest.raises(_Stop):
            solver.card_values(state)
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)
    assert handled and handled[0] - start - 0.05 < 0.5, handled[0] - start
    assert solver.nodes < 50_000_000
