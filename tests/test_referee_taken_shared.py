"""The referee hands the cards each seat took in a clean deal (from
``state.replay_tricks``) to scoring; they must be the masks scoring works
out itself from the tricks (``scoring.taken_cards``), deal by deal."""

from __future__ import annotations

from hearts_notation.generate import generate_games
from hearts_notation.referee import _Ctx, _DealCheck, _seating, check_game
from hearts_notation.rules import load_rules, parse_rules
from hearts_notation.scoring import score_game, taken_cards


def test_clean_deals_share_the_taken_masks_scoring_computes() -> None:
    checked = 0
    for preset in ("standard", "openspiel"):
        for game in generate_games(4, seed=7, rules=preset, bots=("random", "heuristic")):
            rules = parse_rules(game.rules) if game.rules else load_rules(preset)
            seats = game.seat_names
            ctx = _Ctx(rules, _seating(rules, tuple(seats)), len(game.deals) - 1, game.result == "*", False)
            shared = []
            for di, deal in enumerate(game.deals):
                checker = _DealCheck(ctx, deal, di + 1, di)
                checker.run(deal.direction)
                shared.append(checker.taken)
                if checker.taken is not None:
                    checked += 1
                    assert checker.taken == taken_cards(deal, rules, seats)
            assert score_game(game, rules, seats, shared) == score_game(game, rules, seats)
            assert check_game(game).valid
    assert checked > 20
