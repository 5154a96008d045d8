"""Face-up values of recorded plays (``analysis/faceup.py``): what
``annotate``'s ``dd_loss`` and ``dd_loss_ties_reversed`` are."""

from __future__ import annotations

import dataclasses

from hearts_notation.analysis.annotate import AnalysisOptions, GameTask, analyse_game
from hearts_notation.analysis.context import DealContext
from hearts_notation.analysis.evaluate import FAST
from hearts_notation.analysis.exact import SELFISH, solve_position
from hearts_notation.analysis.faceup import face_up
from hearts_notation.generate import generate_games
from hearts_notation.model import Game
from hearts_notation.referee import game_seats, resolve_rules
from hearts_notation.state import GameState


def _deal(seed: int) -> tuple[Game, DealContext]:
    game = next(iter(generate_games(1, seed=seed, max_deals=1)))
    rules = resolve_rules(game)
    seats, rules, _ = game_seats(game, rules)
    return game, DealContext(game.deals[0], rules, seats, game.deals[0].number)


def test_the_last_tricks_are_always_solved_and_the_budget_goes_back_from_there() -> None:
    _, ctx = _deal(7)
    tricks = ctx.rules.tricks_per_deal
    only = face_up(ctx, None, 3, 0)
    assert only.from_trick == tricks - 3
    assert {ctx.points[i].trick_no for i in only.values} == set(range(tricks - 3, tricks))
    more = face_up(ctx, None, 3, 40_000)
    assert more.from_trick is not None and more.from_trick < tricks - 3
    assert set(only.values) < set(more.values)
    # every play from the depth reached on has its values
    for p in ctx.points:
        assert (p.index in more.values) == (p.trick_no >= more.from_trick)


def test_values_are_the_solvers_on_the_true_hands_with_both_tie_orders() -> None:
    """Each solved play has the values a fresh ``hearts solve`` search
    gives (the deal's shared tables change nothing), and its loss is the
    played card's value minus the best, under each tie order."""
    for seed in (3, 11):
        _, ctx = _deal(seed)
        fu = face_up(ctx, None, 4, 30_000)
        assert fu.values
        for p in ctx.points:
            got = fu.values.get(p.index)
            if got is None or p.trick_no % 2:
                continue
            hands = ctx.true_hands(p)
            assert hands is not None and p.card is not None
            state = GameState(ctx.rules, list(hands), p.leader, [c for _, c in p.trick],
                              p.trick_no, p.broken, list(p.taken))
            fresh = solve_position(state, SELFISH)
            assert got.values == fresh.values and got.reversed_values == fresh.reversed_values
            assert fresh.reversed_values is not None
            loss = fu.loss(p)
            assert loss == (fresh.values[p.card] - min(fresh.values.values()),
                            fresh.reversed_values[p.card] - min(fresh.reversed_values.values()))


def test_annotate_reports_the_face_up_loss_before_the_last_six_tricks() -> None:
    """``dd_loss`` is no longer limited to the last tricks: with the
    deal's budget it reaches back, and equals the face-up loss."""
    game, ctx = _deal(5)
    opts = AnalysisOptions(eval=dataclasses.replace(FAST, samples=4, race=4, verify=16, verify_min=8,
                                                    dd_nodes=40_000), passes=False)
    a = analyse_game(GameTask(game, opts))
    fu = face_up(ctx, None, opts.eval.dd_tricks, opts.eval.dd_nodes)
    tricks = ctx.rules.tricks_per_deal
    early = [d for d in a.decisions if d.kind == "play" and d.trick is not None
             and tricks - (d.trick - 1) > opts.eval.dd_tricks and d.dd_loss is not None]
    assert early
    by_index = {p.index: p for p in ctx.points}
    for d in a.decisions:
        if d.kind != "play" or d.play_index is None:
            continue
        loss = fu.loss(by_index[d.play_index])
        assert (d.dd_loss, d.dd_loss_ties_reversed) == ((None, None) if loss is None else loss)
        row = d.to_dict()
        assert row["dd_tie_sensitive"] == (loss is not None and loss[0] != loss[1])
