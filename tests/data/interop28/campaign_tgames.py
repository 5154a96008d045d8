"""Round 28's checks of t_games' Hearts (``make_tgames.py``, ``convert_tgames.py``).

On the whole file: ``validate`` (each finding either t_games' floor at zero, below, or
a disagreement), ``score`` (every deal's points against the engine's ``Overall
Scores``, through the floor), the result (the seats t_games says win), ``convert``
HRN -> JSON -> YAML -> HRN equal to HRN -> HRN, ``select --where moon --deals
--count`` (the engine's ``shot the moon!`` lines), ``replay`` of each game and, with
pyspiel, each game OpenSpiel can play written ``--to openspiel-history`` and
replayed there (points against ours).

t_games' floor at zero (``score_players``: ``points = max(0, points)``, a hand's
points before the no-trick bonus and the moon; ``score_round``: ``self.scores[player]
= max(self.scores[player] + round_points[player], 0)``): no hand and no total is ever
below 0, so J♦'s -10, the no-trick bonus and a moon's -26 stop at 0. ``floored``
applies it to our points; where it changed nothing, the engine's scores must be ours.

    python tests/data/interop28/campaign_tgames.py DIR [T_GAMES_CHECKOUT]   # DIR/tgames.log

With the checkout, t_games' legal cards at every card are compared with ours
(``legal_sets``).
"""

from __future__ import annotations

import importlib.util
import json
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
Run = Callable[..., "tuple[int, str]"]
FLOOR_CODES = {"score-mismatch", "total-mismatch", "result-mismatch", "game-continued"}


def _load(name: str, path: Path) -> Any:
    """The test-only script at *path* as module *name* (tests/data is no package)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


conv = _load("interop28_convert_tgames", HERE / "convert_tgames.py")
r27 = _load("interop28_round27", HERE.parent / "interop27" / "campaign.py")


def _json(run: Run, *args: str) -> Any:
    code, out = run(*args, "--format", "json")
    assert code in (0, 1), (args, out)
    return json.loads(out)


@dataclass
class Variant:
    """What of a t_games option set scores a moon: its worth (26, and 10 more with a
    ``bonus`` card: ``moon_value = self.max_score + 10 * bool(self.bonus)``), whether
    the shooter loses it (``moon=new``) and the no-trick bonus (``no-tricks``)."""

    moon_value: int = 26
    subtract: bool = False
    no_tricks: int = 0

    @classmethod
    def of(cls, options: str) -> Variant:
        words = dict(w.split("=", 1) if "=" in w else (w, "") for w in options.split())
        return cls(26 + 10 * bool(words.get("bonus")), words.get("moon", "old") in ("new", "n"),
                   int(words.get("no-tricks", 0)))


def floored(ours: list[list[int]], shooters: list[int | None], took: list[list[bool]],
            variant: Variant) -> list[list[int]]:
    """t_games' running totals from our deals' points.

    Outside a moon a hand that took tricks scores at least 0 (J♦'s -10 stops at 0) and
    a seat that took none its no-trick bonus. In a moon, t_games' own reckoning
    (``score_round``), where ours differs (docs/interop.md, round 28): the others get
    ``moon_value`` (36 with J♦ in play, whoever took it) on top of their no-trick
    bonus, or the shooter loses ``moon_value``. No total goes below 0."""
    totals, running = [], [0, 0, 0, 0]
    for pts, shooter, taken in zip(ours, shooters, took, strict=True):
        hand = tgames_hand(pts, shooter, taken, variant)
        running = [max(0, a + b) for a, b in zip(running, hand, strict=True)]
        totals.append(running)
    return totals


def tgames_hand(pts: list[int], shooter: int | None, taken: list[bool], variant: Variant) -> list[int]:
    """One deal's points as t_games reckons them, from ours (see ``floored``)."""
    base = [max(0, p) if t else -variant.no_tricks for p, t in zip(pts, taken, strict=True)]
    if shooter is None:
        return base
    if variant.subtract:
        return [-variant.moon_value if s == shooter else (0 if taken[s] else base[s]) for s in range(4)]
    return [0 if s == shooter else (0 if taken[s] else base[s]) + variant.moon_value for s in range(4)]


def campaign(logdir: Path, work: Path, run: Run, full: bool = True,
             source: Path | None = None) -> tuple[Counter[str], list[str]]:
    """Every check on *logdir*/tgames.log; the counts and the disagreements.

    With *source* (a t_games checkout), also every legal set (``legal_sets``)."""
    counts: Counter[str] = Counter()
    bad: list[str] = []
    games = conv.parse((logdir / "tgames.log").read_text(encoding="utf-8"))
    counts["games"] = len(games)
    hrn = work / "tgames.hrn"
    hrn.write_text("\n".join(conv.game_hrn(g) for g in games), encoding="utf-8")
    scored = _json(run, "score", str(hrn))
    floor_games = set()
    for g, (game, ours) in enumerate(zip(games, scored["games"], strict=True)):
        pts = [[d["points"][s] for s in conv.SEATS] for d in ours["deals"]]
        moons = [d["moon"] is not None for d in ours["deals"]]
        shooters = [conv.SEATS.index(d["moon"]["seat"]) if d["moon"] else None for d in ours["deals"]]
        took = [[any(_winner(deal, k) == seat for k in range(13)) for seat in range(4)]
                for deal in game.deals]
        variant = Variant.of(game.options)
        model = floored(pts, shooters, took, variant)
        counts["moons t_games reckons otherwise"] += sum(
            sh is not None and tgames_hand(p, sh, t, variant) != p
            for p, sh, t in zip(pts, shooters, took, strict=True))
        raw = [[sum(p[:n + 1]) for p in zip(*pts, strict=True)] for n in range(len(pts))]
        counts["deals the floor at zero cut"] += sum(
            model[n] != [a + b for a, b in zip(model[n - 1] if n else [0] * 4, pts[n], strict=True)]
            for n in range(len(pts)))
        for n, (deal, want) in enumerate(zip(game.deals, model, strict=True), 1):
            counts["deals"] += 1
            counts["moons"] += deal.moon is not None
            if (deal.moon is not None) != moons[n - 1] or deal.total != want:
                bad.append(f"game {g + 1} deal {n}: ours {pts[n - 1]} moon {moons[n - 1]} floored "
                           f"{want}, the engine's total {deal.total} moon {deal.moon}")
            else:
                counts["scores agreed"] += 1
                if want != raw[n - 1]:
                    floor_games.add(g)
        counts["games ending in a tie"] += len(game.winners) > 1
        low = min(game.deals[-1].total)
        if game.winners != [conv.SEATS[s] for s, t in enumerate(game.deals[-1].total) if t == low]:
            bad.append(f"game {g + 1}: the engine's winners {game.winners}")
    report = _json(run, "validate", str(hrn))
    for g, game in enumerate(report["games"]):
        for f in game["findings"]:
            if g in floor_games and f["code"] in FLOOR_CODES:
                counts["findings from t_games' floor at zero or moon"] += 1
            else:
                bad.append(f"game {g + 1}: {f['code']} {f['message']}")
        counts["games valid"] += not game["findings"]
    if not full:
        return counts, bad
    r27.round_trips(run, work, "tgames", counts, bad)
    code, out = run("select", str(hrn), "--where", "moon", "--deals", "--count")
    if out.split() != [str(counts["moons"])]:
        bad.append(f"select --where moon --deals counts {out.strip()}, the engine {counts['moons']}")
    for g in range(len(games)):
        code, out = run("replay", str(hrn), "--game", str(g + 1))
        counts["replays"] += 1
        if code != (1 if report["games"][g]["findings"] else 0):
            bad.append(f"replay game {g + 1}: exit {code}")
    bad += _pyspiel(games, scored, work, run, counts)
    if source is not None:
        bad += legal_sets(source, games, counts)
    return counts, bad


def legal_sets(source: Path, games: list[Any], counts: Counter[str]) -> list[str]:
    """At every card of every logged deal, t_games' legal cards against ours.

    t_games replays the deal from the hands played from, under the game's options:
    its legal cards are those its ``do_play`` accepts (each tried, then taken back), or
    the low club alone when the seat holds it (``player_action``), its hearts broken by
    its own ``trick_winner``; ours are ``GameState.legal_cards`` under ``rules_of``."""
    from hearts_notation.cards import cards_of, mask_of, parse_card
    from hearts_notation.rules import parse_rules
    from hearts_notation.state import GameState

    spec = importlib.util.spec_from_file_location("interop28_make_tgames", HERE / "make_tgames.py")
    assert spec is not None and spec.loader is not None
    make = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make)
    hg = make.load(source)

    class Seat(hg.HeartBot):  # type: ignore[misc,name-defined]
        def tell(self, *args: Any, **kwargs: Any) -> None:
            pass

        def error(self, *args: Any, **kwargs: Any) -> None:  # its refusal, said to no one
            pass

    bad = []
    for g, game in enumerate(games):
        rules = parse_rules(conv.rules_of(game.options))
        for d, deal in enumerate(game.deals, 1):
            seats = [Seat(taken_names=[]) for _ in range(4)]
            for seat, name in zip(seats, conv.SEATS, strict=True):
                seat.name = name
            engine = hg.Hearts(seats[0], game.options, silent=True)
            engine.players = seats
            engine.hands = engine.deck.player_hands(seats)
            engine.taken = engine.deck.player_hands(seats)
            by_text = {c.up_text: c for c in engine.deck.cards}
            for seat, held in zip(seats, deal.played_from, strict=True):
                engine.hands[seat].cards = [by_text[t] for t in held]
            engine.deck.cards = []
            engine.trick = hg.cards.Hand(deck=engine.deck)
            engine.phase, engine.pair_bonus, engine.random_move = "trick", False, False
            engine.scores = {seat: 0 for seat in seats}
            engine.hearts_broken = not (engine.break_hearts or engine.all_break)
            ours = GameState(rules, [mask_of(int(parse_card(c)) for c in h) for h in deal.played_from])
            for k, (s, card) in enumerate(deal.plays):
                seat = engine.current_player = seats[s]
                hand = engine.hands[seat]
                if engine.low_club and engine.low_club in hand:
                    theirs = [engine.low_club.up_text]
                else:
                    theirs = []
                    for c in list(hand.cards):
                        if engine.do_play(c) is not True:  # accepted: take it back
                            hand.cards.append(engine.trick.cards.pop())
                            theirs.append(c.up_text)
                mine = sorted(str(c) for c in cards_of(ours.legal_cards()))
                counts["t_games legal sets compared"] += 1
                if sorted(theirs) != mine:
                    bad.append(f"game {g + 1} deal {d} card {k + 1}: {conv.SEATS[s]} before {card}: "
                               f"t_games {sorted(theirs)}, ours {mine}")
                assert engine.do_play(next(c for c in hand.cards if c.up_text == card)) is not True
                ours.play(int(parse_card(card)))
                if len(engine.trick) == 4 and k < 51:
                    engine.player_index = s
                    engine.trick_winner()
    return bad


def _winner(deal: Any, k: int) -> int:
    """The seat that took trick *k* (0-based): the next trick's leader, or for the
    last, the highest card of the suit led."""
    if k < 12:
        return int(deal.plays[4 * (k + 1)][0])
    trick = deal.plays[48:52]
    led = trick[0][1][1]
    rank = "23456789TJQKA"
    return int(max((c for c in trick if c[1][1] == led), key=lambda c: rank.index(c[1][0]))[0])


def _pyspiel(games: list[Any], scored: Any, work: Path, run: Run, counts: Counter[str]) -> list[str]:
    """Each game OpenSpiel can play (``convert --to openspiel-history`` says which it
    cannot: a moon that subtracts, a no-trick bonus) replayed in pyspiel."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return []
    bad = []
    for g, game in enumerate(games):
        one = work / f"game{g + 1}.hrn"
        one.write_text(conv.game_hrn(game), encoding="utf-8")
        code, _out = run("convert", str(one), "--to", "openspiel-history", "-o", str(one.with_suffix(".os")))
        if code != 0:
            counts["games OpenSpiel cannot play"] += 1
            continue
        spiel = pyspiel.load_game("hearts")
        histories = []
        for line in one.with_suffix(".os").read_text(encoding="utf-8").splitlines():
            if line.startswith("hearts("):
                spiel = pyspiel.load_game(line)
            else:
                histories.append(json.loads(line))
        for history, ours in zip(histories, scored["games"][g]["deals"], strict=True):
            state = spiel.new_initial_state()
            for action in history:
                state.apply_action_with_legality_check(action)
            pts = [round(26 - r) for r in state.returns()]
            counts["pyspiel replays"] += 1
            if pts != [ours["points"][s] for s in conv.SEATS]:
                bad.append(f"game {g + 1}: pyspiel's points {pts}, ours {ours['points']}")
    return bad


def main(argv: list[str]) -> int:
    """Run the campaign on DIR/tgames.log (and, with a second argument, its legal
    cards against the t_games checkout named); exit 1 on a disagreement."""
    source = Path(argv[1]) if len(argv) > 1 else None
    return int(r27.run_campaign(lambda work, run: campaign(Path(argv[0]), work, run, source=source)))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
