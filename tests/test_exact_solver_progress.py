"""The exact solver's progress reports (``hearts solve`` on a terminal):
told as the search goes, the values unchanged, the node limit still kept."""

from __future__ import annotations

from pathlib import Path

import pytest

from hearts_notation.analysis.context import DealContext
from hearts_notation.analysis.exact import PARANOID, SELFISH, ExactSolver, SearchLimit, solve_position
from hearts_notation.commands.solve import SolveTask, Where, search_progress, solve_deal
from hearts_notation.io import read_games
from hearts_notation.referee import game_seats, resolve_rules
from hearts_notation.state import GameState

ROOT = Path(__file__).resolve().parent.parent
OBSERVER = ROOT / "samples" / "observer.hrn"


def _state(trick: int) -> GameState:
    """The lead of *trick* (1-based) of the observer sample's deal."""
    game = next(read_games(str(OBSERVER)))
    rules = resolve_rules(game)
    seats, rules, _ = game_seats(game, rules)
    ctx = DealContext(game.deals[0], rules, seats, 1)
    p = next(q for q in ctx.points if q.trick_no == trick - 1 and not q.trick)
    hands = ctx.true_hands(p)
    assert hands is not None
    return GameState(rules, hands, p.leader, [], p.trick_no, p.broken, p.taken)


@pytest.mark.parametrize("model", [SELFISH, PARANOID])
def test_progress_is_told_as_the_search_goes_and_changes_no_value(model: str) -> None:
    state = _state(7)
    plain = solve_position(state, model)
    told: list[tuple[int, int]] = []
    solvers: dict[tuple[str, bool], ExactSolver] = {}
    for rev in (False, True):
        sv = ExactSolver(state.rules, model, rev)
        sv.progress_every = 500
        solvers[(model, rev)] = sv
    seen = solve_position(state, model, solvers=solvers, progress=lambda o, n: told.append((o, n)))
    assert (seen.values, seen.reversed_values, seen.nodes) == (
        plain.values, plain.reversed_values, plain.nodes)
    orders = [0, 1] if model == SELFISH else [0]
    # each tie order announced as it starts, then its count as it grows
    assert [n for n in told if n[1] == 0] == [(o, 0) for o in orders]
    for o in orders:
        counts = [n for k, n in told if k == o]
        assert counts == sorted(counts) and len(counts) > 1
    assert max(n for _, n in told) <= seen.nodes
    assert all(sv.progress is None for sv in solvers.values())    # not kept past the call


def test_the_node_limit_holds_with_progress_told() -> None:
    state = _state(6)
    sv = ExactSolver(state.rules, PARANOID)
    sv.progress_every = 100
    told: list[int] = []
    with pytest.raises(SearchLimit):
        solve_position(state, PARANOID, solvers={(PARANOID, False): sv}, max_nodes=1_000,
                       progress=lambda o, n: told.append(n))
    assert 0 < max(told) <= 1_000 < sv.nodes


def test_solve_deal_tells_each_position() -> None:
    game = next(read_games(str(OBSERVER)))
    where = Where(None, 11, None, True, PARANOID, 0)
    told: list[tuple[int, int, int]] = []
    res = solve_deal(SolveTask(game, 1, 0, where, None, False), lambda *a: told.append(a))
    # every decision from trick 11 on, each announced once as it starts
    assert [t[0] for t in told if t[2] == 0] == list(range(len(res["positions"])))


def test_no_progress_line_off_a_terminal() -> None:
    game = next(read_games(str(OBSERVER)))
    task = SolveTask(game, 1, 0, Where(None, None, None, False, SELFISH, 5), None, False)
    with search_progress("en", task, False) as tell:
        assert tell is None


@pytest.mark.parametrize("no_color", [True, False])
def test_progress_console_is_stderr_and_respects_no_color(monkeypatch: pytest.MonkeyPatch,
                                                          no_color: bool) -> None:
    # the one console of the corpus bars and of solve's search line
    from hearts_notation.progress import progress_console

    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    else:
        monkeypatch.delenv("NO_COLOR", raising=False)
    con = progress_console()
    assert con.stderr
    assert con.no_color is no_color
