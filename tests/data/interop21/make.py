"""Regenerate the OpenSpiel fixtures of this folder (needs ``pyspiel``).

    python tests/data/interop21/make.py            # write the fixtures
    python tests/data/interop21/make.py --sweep N  # play N deals per
                                                   # parameter combination and
                                                   # check them (no files)

Every file is what pyspiel itself writes for a deal it played, as a user
saves it: ``serialize_game_and_state``, ``state.serialize()``,
``state.history()`` one JSON list a line, ``str(state)``,
``information_state_string``; and a few copies spoilt the way files get
spoilt (cut short, CR LF, a byte order mark, two files run together).
Chance nodes are sampled from ``state.chance_outcomes()`` as OpenSpiel's
examples do (not from ``legal_actions()``): under ``pass_cards=False`` the
outcomes still offer all four pass directions, and pyspiel then passes.
Players follow a policy: ``random`` legal actions, the ``lowest`` legal card,
the ``highest``, or ``shoot`` (North takes everything it can, the others
feed it penalty cards: moons).

``expected.json`` holds pyspiel's own ``returns()`` for every finished
deal, the oracle the tests compare ``hearts score`` with (points = 26 -
returns).  Seeds are fixed, so the files are the same on every run.
"""

from __future__ import annotations

import itertools
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pyspiel

HERE = Path(__file__).parent
NAMES = ("avoid_all_tricks_bonus", "can_lead_any_club", "can_lead_hearts_instead_of_qs",
         "jd_bonus", "must_break_hearts", "no_pts_on_first_trick", "pass_cards",
         "qs_breaks_hearts")
Policy = Callable[[Any, random.Random], int]


def _rank_order(a: int) -> tuple[int, int]:
    return (a // 4, a % 4)


def lowest(state: Any, rng: random.Random) -> int:
    return min(state.legal_actions(), key=_rank_order)


def highest(state: Any, rng: random.Random) -> int:
    return max(state.legal_actions(), key=_rank_order)


def randomly(state: Any, rng: random.Random) -> int:
    return int(rng.choice(state.legal_actions()))


def shoot(state: Any, rng: random.Random) -> int:
    """North grabs everything; the others feed it hearts and Q♠."""
    legal = state.legal_actions()
    if state.current_player() == 0:
        return max(legal, key=_rank_order)
    pen = [a for a in legal if a % 4 == 2 or a == 43]
    return max(pen) if pen else min(legal, key=_rank_order)


POLICIES: dict[str, Policy] = {"random": randomly, "lowest": lowest,
                               "highest": highest, "shoot": shoot}


def play(game: Any, seed: int, policy: Policy, stop: int | None = None,
         direction: int | None = None) -> Any:
    """A deal played from the start: chance from ``chance_outcomes()``
    (the direction forced if given), the players by *policy*; stopped after
    *stop* actions."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal() and (stop is None or len(state.history()) < stop):
        if state.is_chance_node():
            if not state.history() and direction is not None:
                state.apply_action(direction)
                continue
            outcomes = [a for a, _ in state.chance_outcomes()]
            state.apply_action(rng.choice(outcomes))
        else:
            state.apply_action(policy(state, rng))
    return state


def game_string(params: dict[str, bool]) -> str:
    default = pyspiel.load_game("hearts").get_parameters()
    diff = [f"{k}={params[k]}" for k in sorted(params) if params[k] != default[k]]
    return f"hearts({','.join(diff)})"


def points(state: Any) -> list[int]:
    return [int(26 - r) for r in state.returns()]


def main() -> None:
    expected: dict[str, Any] = {}
    # 1. pass_cards=False, the direction drawn from chance_outcomes(): 2
    #    (across), so pyspiel passes.  Read as played.
    g = pyspiel.load_game("hearts(pass_cards=False)")
    s = play(g, 3, lowest, direction=2)
    (HERE / "pass-cards-false.oshist").write_text(pyspiel.serialize_game_and_state(g, s))
    (HERE / "pass-cards-false.osjson").write_text(s.to_json() + "\n")
    expected["pass-cards-false.oshist"] = points(s)
    # 2. A combination and policy no earlier fixture has, every form the
    #    user may save: the game string before one JSON list a line, and
    #    the state JSON (no parameters: jd_bonus and the no-trick bonus are
    #    read from its points).
    gs = "hearts(avoid_all_tricks_bonus=True,can_lead_any_club=True,jd_bonus=True)"
    g = pyspiel.load_game(gs)
    finished = [play(g, 21 + i, POLICIES[name]) for i, name in enumerate(("highest", "lowest"))]
    (HERE / "highest-lowest.oshist").write_text(
        gs + "\n" + "".join(json.dumps(x.history()) + "\n" for x in finished))
    expected["highest-lowest.oshist"] = [points(x) for x in finished]
    # 3. A moon under jd_bonus, str(state) and the state JSON.
    g = pyspiel.load_game("hearts(jd_bonus=True)")
    for seed in range(2000):
        moon = play(g, seed, shoot)
        if points(moon).count(26) == 3:    # (a moon: the others get 26)
            break
    (HERE / "moon-jd.ostext").write_text(str(moon) + "\n")
    expected["moon-jd.ostext"] = points(moon)
    # 4. One player's information state mid-deal (refused: one hand only),
    #    and at the end (it is str(state) then: read).
    g = pyspiel.load_game("hearts")
    mid = play(g, 5, randomly, stop=1 + 52 + 12 + 6)
    (HERE / "info-state.ostext").write_text(mid.information_state_string(1) + "\n")
    end = play(g, 5, randomly)
    (HERE / "info-state-end.ostext").write_text(end.information_state_string(2) + "\n")
    expected["info-state-end.ostext"] = points(end)
    # 5. Spoilt copies of serialize_game_and_state.
    text = pyspiel.serialize_game_and_state(g, end)
    (HERE / "crlf-bom.oshist").write_bytes(("\ufeff" + text).replace("\n", "\r\n").encode())
    expected["crlf-bom.oshist"] = points(end)
    cut = text.rstrip("\n")
    assert len(cut.rsplit("\n", 1)[1]) == 2, "the last card must have two digits"
    (HERE / "cut-finished.oshist").write_text(cut[:-1])
    other = play(g, 6, randomly)
    (HERE / "two-serialized.oshist").write_text(end.serialize() + other.serialize())
    # 6. A history played under other parameters than its [Game] line says
    #    (hearts(must_break_hearts=False,no_pts_on_first_trick=False) saved
    #    as hearts()): the first deal whose plays pyspiel's defaults refuse.
    loose = pyspiel.load_game("hearts(must_break_hearts=False,no_pts_on_first_trick=False)")
    for seed in range(200):
        s = play(loose, seed, randomly)
        check = g.new_initial_state()
        try:
            for a in s.history():
                check.apply_action_with_legality_check(a)
        except pyspiel.SpielError:
            break
    (HERE / "mislabelled.oshist").write_text(pyspiel.serialize_game_and_state(g, s))
    # 7. Histories of OpenSpiel's bridge, which deals first: one whose first
    #    card is no pass direction (> 3), one whose first card could be one.
    bridge = pyspiel.load_game("bridge")
    found: dict[bool, Any] = {}
    for seed in range(200):
        b = play(bridge, seed, randomly)
        found.setdefault(b.history()[0] <= 3, b)
        if len(found) == 2:
            break
    (HERE / "bridge.oshist").write_text(json.dumps(found[False].history()) + "\n")
    (HERE / "bridge-serialized.oshist").write_text(found[True].serialize())
    (HERE / "expected.json").write_text(json.dumps(expected, indent=1, sort_keys=True) + "\n")


def sweep(per_combination: int) -> int:
    """Every parameter combination, *per_combination* deals a policy,
    read back by the history reader and scored: the disagreements printed,
    their count returned."""
    from hearts_notation.io import iter_games_text
    from hearts_notation.referee import check_game
    bad = played = 0
    for combo in itertools.product((False, True), repeat=len(NAMES)):
        gs = game_string(dict(zip(NAMES, combo, strict=True)))
        g = pyspiel.load_game(gs)
        for seed, name in itertools.product(range(per_combination), POLICIES):
            s = play(g, seed, POLICIES[name])
            text = pyspiel.serialize_game_and_state(g, s)
            (game,) = iter_games_text(text, "openspiel-history", "sweep")
            report = check_game(game)
            errors = [f.message for f in report.findings if f.severity == "error"]
            got = [report.deals[0].points[seat] for seat in game.seat_names]
            if errors or got != points(s):
                bad += 1
                print(gs, name, seed, errors[:1], got, points(s))
            played += 1
    print(f"{played} deals played, {bad} disagreements")
    return bad


if __name__ == "__main__":
    if sys.argv[1:2] == ["--sweep"]:
        sys.exit(1 if sweep(int(sys.argv[2])) else 0)
    main()
