"""Play Hearts in two independent engines and save each game in the engine's own log form.

Helper interop27 (round 27): OpenSpiel was the only independent referee so far; these
are two other open-source Python engines from PyPI, both MIT-licensed, each with its
own bots and its own reading of the rules:

- ``HeartsGym`` 0.43 (``pip install heartsgym``, module ``HeartsGym.Hearts``): one deal
  per ``reset()``; its log is ``env.log``, the text ``render()`` prints ("Player 0
  plays: 2c ... *Round Over: Player 2 wins the trick and gets 0 point(s)*", "Over The
  MOON!", "Reward: [...]"), ANSI colours included. The deal is not logged: every card is
  played, so the converter rebuilds the hands from the plays.
- ``gym-hearts`` 0.0.3 (``pip install gym-hearts``, module ``gymhearts``): a game of
  deals until a score reaches 100; its log here is what ``env.render()`` prints at the
  start of each deal and at the end (hands, cumulative scores) and, after each
  ``env.step``, the ``info`` dict it returns, as JSON (``action`` is a treys card
  integer).

- ``games-collection`` 1.6.1 (``pip install --no-deps games-collection``, package
  ``card_games.hearts``): a game of deals until a score reaches 100, passing left,
  right, across, none; its own AI passes and plays for all four seats. Its log is what
  its command line prints (``cli.play_round`` and ``cli.display_scores``, the loop of
  ``cli.game_loop`` without the ``input()`` calls, its closing lines as it prints them).
  The command line prints a human's pass only, so after each deal the harness adds the
  engine's own record of the passes, ``game.pass_history[-1]``, as a ``pass_history:``
  JSON line (its cards as the engine prints them, ``Q♠``).

Nothing of the engines is changed. For fixed seeds the harness seeds Python's
``random`` (HeartsGym deals with it) and hands gym-hearts' ``Deck`` a seed (treys'
``Deck()`` makes its own unseeded ``Random``). The bots are ours, three policies each
(random legal card, lowest legal card, North highest and the others lowest, which
shoots the moon now and then); where gym-hearts offers no legal card at all (a bug of
its own: see docs/interop.md) the bot plays the first card of its hand, as a user's
bot would have to.

    pip install heartsgym gym-hearts      # test-only, with gym, treys, numpy
    python tests/data/interop27/make.py OUTDIR --deals 30 --games 6 --seed 27

writes ``OUTDIR/heartsgym.log``, ``OUTDIR/gymhearts.log`` and ``OUTDIR/collection.log``
(``--games`` games of games-collection too). The committed fixtures are ``--deals 24
--games 2 --seed 27``.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import sys
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

POLICIES = ("random", "lowest", "moon")


def heartsgym_deal(seed: int, policy: str) -> str:
    """One HeartsGym deal under *policy*, returned as the engine's ``env.log`` text."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from HeartsGym.Hearts import Hearts

    random.seed(seed)
    rng = random.Random(seed * 7 + 1)
    env = Hearts()
    env.reset()
    done = False
    while not done:
        valid = [i for i in range(13) if env.isActionValid(i)]
        hand = env.getCurrentPlayersHand()
        ranks = {i: hand[env.state["actionKey"][i]].number for i in valid}
        rank = ranks.__getitem__

        if policy == "random":
            action = rng.choice(valid)
        elif policy == "moon" and env.getCurrentPlayer() == 0:
            action = max(valid, key=rank)
        else:
            action = min(valid, key=rank)
        _obs, _reward, done = env.step(action)
    return env.log


def gymhearts_game(seed: int, policy: str) -> str:
    """One gym-hearts game (deals until a score reaches 100), returned as its log."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import gymhearts.env as genv
        from gymhearts import strategy
        from treys.card import Card
        from treys.deck import Deck

    seeds = random.Random(seed)
    rng = random.Random(seed * 7 + 1)

    class SeededDeck(Deck):
        def __init__(self) -> None:
            super().__init__(seed=seeds.randrange(2**32))

    class Bot(strategy.IStrategy):
        def __init__(self, seat: int) -> None:
            self.seat = seat

        def move(self, observation: dict[str, Any]) -> int:
            valid = list(observation["valid_hand_cards"]) or list(observation["hand_cards"][:1])
            if policy == "random":
                return rng.choice(valid)
            pick: Callable[..., int] = max if (policy == "moon" and self.seat == 0) else min
            return pick(valid, key=Card.get_rank_int)

        def watch(self, observation: dict[str, Any], info: dict[str, Any]) -> None:
            return None

    genv.Deck = SeededDeck  # the seed only: the engine's own deal code runs
    env = genv.HeartsEnv()
    env.enable_shooting_the_moon()
    for seat in range(4):
        env.add_player(Bot(seat))
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        env.start()
        env.render()
        done = False
        while not done:
            action = env.move()
            _obs, _rewards, done, info = env.step(action)
            print(json.dumps(info))
            if info["is_new_round"] or done:
                env.render()
    return out.getvalue()


def collection_game(seed: int, target: int | None = None) -> str:
    """One games-collection game of its own AI players, as its command line prints it
    (to the engine's own end, or to *target* points: round 28's make.py)."""
    from card_games.hearts import cli
    from card_games.hearts.game import HeartsGame, HeartsPlayer

    players = [HeartsPlayer(name=name, is_ai=True) for name in ("North", "East", "South", "West")]
    game = HeartsGame(players, rng=random.Random(seed))
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        while not (game.is_game_over() if target is None else game.is_game_over(target)):
            # cli.game_loop, less its input() calls
            passes = len(game.pass_history)
            cli.play_round(game)
            if len(game.pass_history) > passes:
                last = game.pass_history[-1]
                print("pass_history: " + json.dumps({k: [str(c) for c in v] for k, v in last.items()},
                                                    ensure_ascii=False))
            cli.display_scores(game)
        winner = game.get_winner()
        print("\n" + "=" * 60)
        print("GAME OVER!")
        print("=" * 60)
        print(f"\nWinner: {winner.name} with {winner.score} points!")
        print("(In Hearts, lowest score wins)")
        cli.display_scores(game)
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    """Write both engines' logs for the seeds asked."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--deals", type=int, default=12, help="HeartsGym deals")
    parser.add_argument("--games", type=int, default=3, help="gym-hearts games")
    parser.add_argument("--seed", type=int, default=27)
    args = parser.parse_args(argv)
    args.outdir.mkdir(parents=True, exist_ok=True)
    with (args.outdir / "heartsgym.log").open("w", encoding="utf-8", newline="\n") as f:
        for k in range(args.deals):
            seed, policy = args.seed * 1000 + k, POLICIES[k % 3]
            f.write(f"=== HeartsGym 0.43 deal seed={seed} policy={policy} ===\n")
            f.write(heartsgym_deal(seed, policy))
    with (args.outdir / "gymhearts.log").open("w", encoding="utf-8", newline="\n") as f:
        for k in range(args.games):
            seed, policy = args.seed * 1000 + k, POLICIES[k % 3]
            f.write(f"=== gym-hearts 0.0.3 game seed={seed} policy={policy} ===\n")
            f.write(gymhearts_game(seed, policy))
    with (args.outdir / "collection.log").open("w", encoding="utf-8", newline="\n") as f:
        for k in range(args.games):
            seed = args.seed * 1000 + k
            f.write(f"=== games-collection 1.6.1 game seed={seed} ===\n")
            f.write(collection_game(seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
