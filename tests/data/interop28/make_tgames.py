"""Play Hearts in t_games (ichabod801/t_games, GPL-3.0) with its own bots; keep its log.

Helper interop28 (round 28). t_games is a collection of terminal games with a Hearts of
many rule options (``card_games/hearts_game.py``: ``OPTIONS``) and two bots of its own
(``HeartBot``, ``SmeartBot``, which shoots the moon). It is not on PyPI (the PyPI
``t-games`` is another project, without Hearts): the source is a snapshot of
https://github.com/ichabod801/t_games (commit fd55054), run as it is, never copied
here (its licence allows running it; its output is not its code).

Every seat is a bot: t_games needs a "human", so one seat (placed by its shuffle) is a ``SmeartBot``
whose ``tell`` prints, and what the game tells its human is the log (``X lead with the
5C.``, ``X played the 5C.``, ``X won the trick with the KC.``, ``X had 3 hearts, for 3
points this round.``, ``X shot the moon!``, ``Overall Scores:``, ``X wins with N
points.``). Four kinds of line are the harness's, each the engine's own state, which
the game does not tell its human: ``seats:`` (the order of play after its shuffle), ``dealt:``
after each deal, ``played from:`` at the first card of each deal (the hands after the
pass) and the human seat's own plays, which the game does not echo to it, as
``(human NAME) plays 5C`` (each card ``do_play`` accepted from it).

    python tests/data/interop28/make_tgames.py T_GAMES_DIR OUTDIR --games 5 --seed 28

writes ``OUTDIR/tgames.log``: games under each option set of ``VARIANTS`` in turn. A
game in which t_games' easy bot crashes (``HeartBot.lead`` steps past the hearts of a
hand that holds nothing else, hearts unbroken: ``IndexError``) is left out, said on
standard error. The committed fixture is ``--games 5 --seed 28``.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import io
import random
import sys
from pathlib import Path
from typing import Any

#: t_games option strings played, each with the rule keys it means (convert_tgames.py).
VARIANTS = (
    "easy=0 medium=3 low-club break-hearts pass-dir=lran",
    "easy=1 medium=2 low-club all-break pass-dir=lran end=50",
    "easy=0 medium=3 low-club break-hearts pass-dir=left-right moon=new end=60",
    "easy=0 medium=3 low-club break-hearts pass-dir=lran bonus=jd end=80",
    "easy=0 medium=3 low-club break-hearts pass-dir=not no-tricks=5 end=50",
)


def load(source: Path) -> Any:
    """t_games' Hearts module from a checkout (the directory of its play.py)."""
    sys.path.insert(0, str(source.resolve().parent))
    tg = importlib.import_module(source.resolve().name)
    return importlib.import_module(tg.__name__ + ".card_games.hearts_game")


def play(hg: Any, options: str, seed: int) -> str:
    """One game of all bots under *options*, as the game tells its human."""
    out = io.StringIO()

    class Human(hg.SmeartBot):  # type: ignore[misc,name-defined]
        def tell(self, *args: Any, **kwargs: Any) -> None:
            print(*args, **kwargs)

    class Observed(hg.Hearts):  # type: ignore[misc,name-defined]
        def deal(self) -> None:
            super().deal()
            print("seats: " + " | ".join(p.name for p in self.players))
            print("dealt: " + " | ".join(" ".join(str(c) for c in self.hands[p]) for p in self.players))
            self.first_card = True

        def do_play(self, arguments: Any) -> Any:
            if self.first_card:  # the order again: t_games turns it to the 2C under pass-dir=not
                print("seats: " + " | ".join(p.name for p in self.players))
                print("played from: " + " | ".join(" ".join(str(c) for c in self.hands[p])
                                                   for p in self.players))
                self.first_card = False
            player, before = self.current_player, len(self.trick)
            go = super().do_play(arguments)
            if player == self.human and len(self.trick) > before:  # accepted
                print(f"(human {player.name}) plays {self.trick[-1]}")
            return go

    random.seed(seed)
    with contextlib.redirect_stdout(out):
        human = Human(taken_names=[], initial="h")
        game = Observed(human, options, silent=True)
        game.play()
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    """Write OUTDIR/tgames.log: --games games, the variants in turn."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", type=Path, help="a t_games checkout (the directory of play.py)")
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--seed", type=int, default=28)
    args = parser.parse_args(argv)
    hg = load(args.source)
    args.outdir.mkdir(parents=True, exist_ok=True)
    with (args.outdir / "tgames.log").open("w", encoding="utf-8", newline="\n") as f:
        for k in range(args.games):
            seed, options = args.seed * 1000 + k, VARIANTS[k % len(VARIANTS)]
            try:
                log = play(hg, options, seed)
            except IndexError as exc:  # HeartBot.lead on a hand of hearts alone (docs/interop.md)
                print(f"seed {seed}: t_games crashed ({exc!r}): game left out", file=sys.stderr)
                continue
            f.write(f"=== t_games fd55054 game seed={seed} options={options} ===\n")
            f.write(log)
    return 0


if __name__ == "__main__":
    sys.exit(main())
