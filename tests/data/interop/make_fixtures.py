"""Regenerate the OpenSpiel fixtures of this folder (needs ``pyspiel``).

    python tests/data/interop/make_fixtures.py

The files are OpenSpiel's own output (``state.to_json()``,
``state.history()``, ``state.serialize()``, ``serialize_game_and_state``)
for games played with a seeded random policy, plus a deal in which North
shoots the moon (a greedy policy, the first seed that gets there), and a
few deliberately broken copies for the error tests.  Their extensions
(``.osjson``, ``.oshist``) are not record extensions, so a directory scan
of ``tests/data`` never reads them as hearts-notation's own JSON.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pyspiel

HERE = Path(__file__).parent


def play(game: Any, rng: random.Random, stop: int | None = None,
         policy: Any = None, direction: int | None = None) -> Any:
    """A state played from the start with random chance outcomes and
    random legal actions (or *policy*), stopped after *stop* actions."""
    state = game.new_initial_state()
    while not state.is_terminal() and (stop is None or len(state.history()) < stop):
        if state.is_chance_node():
            if not state.history() and direction is not None:
                action = direction
            else:
                action = rng.choice(state.legal_actions())
        elif policy is not None:
            action = policy(state)
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
    return state


def shooter_policy(state: Any) -> int:
    """North grabs everything; the others feed it penalty cards."""
    legal = state.legal_actions()
    player = state.current_player()
    if player == 0:
        return max(legal, key=lambda a: a // 4)
    pen = [a for a in legal if a % 4 == 2 or a == 10 * 4 + 3]
    return max(pen) if pen else min(legal, key=lambda a: a // 4)


def main() -> None:
    game = pyspiel.load_game("hearts")
    rng = random.Random(20240501)
    finished = [play(game, rng, direction=d) for d in (1, 2, 3, 0)]
    mid_play = play(game, random.Random(7), stop=1 + 52 + 12 + 22, direction=2)
    mid_pass = play(game, random.Random(8), stop=1 + 52 + 7, direction=3)

    (HERE / "terminal.osjson").write_text(finished[0].to_json() + "\n")
    (HERE / "states.osjson").write_text(json.dumps(
        [json.loads(s.to_json()) for s in (*finished, mid_play, mid_pass)], indent=1) + "\n")
    (HERE / "states-lines.osjson").write_text(
        "".join(s.to_json() + "\n" for s in (*finished, mid_play, mid_pass)))
    (HERE / "history.oshist").write_text(json.dumps(finished[0].history()) + "\n")
    (HERE / "histories.oshist").write_text(
        "".join(json.dumps(s.history()) + "\n" for s in (*finished, mid_play, mid_pass)))
    (HERE / "serialized.oshist").write_text(finished[1].serialize())
    jd_game = pyspiel.load_game("hearts(jd_bonus=True)")
    jd_state = play(jd_game, random.Random(11), direction=1)
    (HERE / "game-and-state.oshist").write_text(pyspiel.serialize_game_and_state(jd_game, jd_state))
    (HERE / "game-and-state.points.json").write_text(
        json.dumps([26 - r for r in jd_state.returns()]) + "\n")

    for seed in range(10000):
        moon = play(game, random.Random(seed), policy=shooter_policy, direction=0)
        if [26 - r for r in moon.returns()] == [0, 26, 26, 26]:
            break
    else:  # pragma: no cover - the search succeeds within a few hundred seeds
        raise SystemExit("no moon found")
    (HERE / "moon.osjson").write_text(moon.to_json() + "\n")
    (HERE / "moon.oshist").write_text(json.dumps(moon.history()) + "\n")

    # Broken copies for the error tests.
    state = json.loads(finished[0].to_json())
    state["tricks"][4][2][1] = "1X"
    (HERE / "bad-card.osjson").write_text(json.dumps(state, indent=1) + "\n")
    state = json.loads(finished[0].to_json())
    state["points"] = "26"
    (HERE / "bad-types.osjson").write_text(json.dumps(state) + "\n")
    (HERE / "not-json.osjson").write_text("{\"phase\": \"GameOver\", \"hands\": [[], [], [], []],\n")
    history = finished[0].history()
    (HERE / "truncated.oshist").write_text(json.dumps(history[:30]) + "\n")
    bad = list(history)
    bad[80] = 52
    (HERE / "bad-card-id.oshist").write_text(
        json.dumps(history) + "\n" + json.dumps(bad) + "\n")


if __name__ == "__main__":
    main()
