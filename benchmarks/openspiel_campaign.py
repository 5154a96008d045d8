"""OpenSpiel's ``hearts`` as the independent referee of the interop.

    python benchmarks/openspiel_campaign.py [--games N] [--seed S] [--cli] [--quick]
    python benchmarks/openspiel_campaign.py --speed DEALS

For **every** combination of OpenSpiel's eight ``hearts`` parameters (256
games), deals are played in pyspiel with fixed seeds and three policies
(random legal actions; greedy: the lowest legal card; moon: North plays its
highest card, the others their lowest, which shoots the moon often), and
stopped at chosen points: in the pass phase, after the first card, mid-trick
and at the end.  Each state is exported in every form OpenSpiel produces
(``to_json()``, ``str(state)``, ``history()`` as JSON, ``serialize()``,
``serialize_game_and_state``, and for finished deals a playthrough written by
OpenSpiel's own ``generate_playthrough`` for a sample) and read back by
hearts-notation's readers.  Checked, for a combination our rules can express:

* at every play, OpenSpiel's ``legal_actions()`` equal the legal cards of our
  engine under the rules the reader chose (``GameState.legal_cards``);
* every form reads to the same deal (hands as dealt, passes, tricks);
* the referee finds no error, and its points equal OpenSpiel's
  (``26 - returns()``) for a finished deal;
* round trip: ``game_histories`` of the record read from the state JSON
  replays in pyspiel (with the game string written) to the same
  ``to_json()`` and ``returns()``.

Every combination of the parameters has its rule keys (``must_break_hearts``:
``hearts_lead``, ``can_lead_hearts_instead_of_qs``:
``lead_hearts_instead_of_queen``, ``avoid_all_tricks_bonus``:
``no_trick_bonus=-5``): every form is read and checked.  ``--cli`` also runs
``hearts validate``/``score`` on one file of each form per combination and
checks the exit statuses and the scores.

pyspiel is test-only: the script exits with a message when it is absent.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hearts_notation.cards import cards_of, mask_of
from hearts_notation.io import iter_games_text
from hearts_notation.io.jsonio import RecordError
from hearts_notation.io.openspiel import (
    PARAMETER_DEFAULTS,
    OpenSpielExportError,
    action_of_card,
    dumps_openspiel_history,
    game_histories,
    game_string,
    rules_for_parameters,
)
from hearts_notation.io.stream import InputError
from hearts_notation.model import Game
from hearts_notation.referee import check_game
from hearts_notation.rules import parse_rules
from hearts_notation.state import GameState

NAMES = sorted(PARAMETER_DEFAULTS)
POLICIES = ("random", "greedy", "moon")


def combinations() -> list[dict[str, bool]]:
    return [dict(zip(NAMES, values, strict=True))
            for values in itertools.product((False, True), repeat=len(NAMES))]


def representable(params: dict[str, bool]) -> bool:
    """Every combination has its rule keys (rules11: ``hearts_lead``,
    ``lead_hearts_instead_of_queen``, ``no_trick_bonus``)."""
    return True


def choose(state: Any, policy: str, rng: random.Random) -> int:
    legal: list[int] = state.legal_actions()
    if state.is_chance_node() or policy == "random" or len(legal) == 1:
        return rng.choice(legal)
    # OpenSpiel's card id is rank * 4 + suit: the rank orders the cards.
    low = min(legal, key=lambda a: (a // 4, rng.random()))
    if policy == "moon" and state.current_player() == 0:
        return max(legal, key=lambda a: (a // 4, rng.random()))
    return low


def points_of(state: Any) -> list[int]:
    return [round(26 - r) for r in state.returns()]


class Campaign:
    def __init__(self, games: int, seed: int, playthroughs: int) -> None:
        self.games = games
        self.seed = seed
        self.playthroughs = playthroughs
        self.count: Counter[str] = Counter()
        self.problems: list[str] = []

    def problem(self, where: str, what: str) -> None:
        self.count["disagreements"] += 1
        if len(self.problems) < 40:
            self.problems.append(f"{where}: {what}")

    # --- reading ---------------------------------------------------------
    def forms(self, game: Any, state: Any) -> dict[str, tuple[str, str]]:
        """Each OpenSpiel export of *state*: form -> (text, our format)."""
        return {
            "to_json": (state.to_json(), "openspiel"),
            "str": (str(state), "openspiel"),
            "history": (json.dumps(state.history()), "openspiel-history"),
            "serialize": (state.serialize(), "openspiel-history"),
            "game_and_state": (pyspiel.serialize_game_and_state(game, state),
                               "openspiel-history"),
        }

    def read(self, text: str, fmt: str, gstring: str) -> Game:
        from hearts_notation.io.openspiel import iter_openspiel, iter_openspiel_history
        if fmt == "openspiel":
            (g,) = iter_openspiel(text, "x", parameters=gstring)
        elif "[Game]" in text:
            (g,) = iter_games_text(text, fmt, "x")
        else:
            (g,) = iter_openspiel_history(text, "x", parameters=gstring)
        return g

    def check_state(self, game: Any, state: Any, params: dict[str, bool], where: str) -> None:
        gstring = game_string(params)
        forms = self.forms(game, state)
        deals = {}
        for name, (text, fmt) in forms.items():
            try:
                g = self.read(text, fmt, gstring)
            except (RecordError, InputError) as exc:
                self.problem(where, f"{name}: refused: {exc}")
                continue
            self.count["records read"] += 1
            deals[name] = g
            self.check_record(g, state, params, f"{where} {name}")
        # The state JSON as the command line reads it, with no parameters:
        # OpenSpiel's defaults, but for jd_bonus and avoid_all_tricks_bonus,
        # which its points show.
        for text in (state.to_json(), str(state)):
            (plain,) = iter_games_text(text, "openspiel", "x")
            self.count["records read"] += 1
            if all(params[k] == PARAMETER_DEFAULTS[k] for k in NAMES
                   if k not in ("jd_bonus", "pass_cards", "avoid_all_tricks_bonus")):
                self.check_record(plain, state, params, f"{where} {text[:4]} (no parameters)")
                if params["jd_bonus"] and "jack_of_diamonds=-10" in plain.rules:
                    self.count["jd_bonus seen in the points"] += 1
        ref = deals.get("to_json")
        for name, g in deals.items():
            a, b = g.deals[0], ref.deals[0] if ref else None
            if b is not None and (a.hands != b.hands or a.tricks != b.tricks
                                  or {s: sorted(p.cards) for s, p in a.passes.items()}
                                  != {s: sorted(p.cards) for s, p in b.passes.items()}):
                self.problem(where, f"{name} reads another deal than to_json")
            if g.rules != rules_for_parameters(params, a.direction):
                self.problem(where, f"{name}: rules {g.rules!r}")
        if state.is_terminal() and ref is not None:
            self.round_trip(ref, state, where)

    def check_record(self, g: Game, state: Any, params: dict[str, bool], where: str) -> None:
        report = check_game(g)
        errors = [f for f in report.findings if f.severity == "error"]
        if errors:
            self.problem(where, f"referee: {[f.message for f in errors][:2]}")
        if state.is_terminal():
            ours = [report.deals[0].points[s] for s in "NESW"] if report.deals[0].points else None
            if ours != points_of(state):
                self.problem(where, f"points {ours} vs OpenSpiel {points_of(state)}")
            else:
                self.count["scores agreed"] += 1

    def round_trip(self, g: Game, state: Any, where: str) -> None:
        try:
            (h,), p = game_histories(g)
        except OpenSpielExportError as exc:
            self.problem(where, f"game_histories refused: {exc}")
            return
        again = pyspiel.load_game(game_string(p)).new_initial_state()
        try:
            for a in h:
                again.apply_action_with_legality_check(a)
        except pyspiel.SpielError as exc:
            self.problem(where, f"round trip illegal in OpenSpiel: {exc}")
            return
        if again.to_json() != state.to_json() or again.returns() != state.returns():
            self.problem(where, "round trip replays to another state")
        else:
            self.count["round trips"] += 1
        text = dumps_openspiel_history([g])
        if text.splitlines()[0].startswith("hearts("):
            self.count["game strings written"] += 1

    # --- playing ---------------------------------------------------------
    def play(self, params: dict[str, bool], gi: int, policy: str) -> None:
        gstring = game_string(params)
        game = pyspiel.load_game(gstring)
        rng = random.Random(f"{self.seed} {gstring} {gi} {policy}")
        state = game.new_initial_state()
        rules = parse_rules(rules_for_parameters(params)) if representable(params) else None
        ours: GameState | None = None
        passes_len = None
        stops = {"pass", "first card", "mid-trick"}
        mid = rng.randrange(2, 50)
        where = f"{gstring} game {gi} {policy}"
        while not state.is_terminal():
            h = state.history()
            dealt = len(h) >= 53
            if dealt and passes_len is None:
                passes_len = 12 if h[0] else 0
            if dealt and passes_len is not None:
                played = len(h) - 53 - passes_len
                stop = None
                if 0 < len(h) - 53 < passes_len and "pass" in stops:
                    stop = "pass"
                elif played == 1 and "first card" in stops:
                    stop = "first card"
                elif played == mid and "mid-trick" in stops:
                    stop = "mid-trick"
                if stop is not None:
                    stops.discard(stop)
                    self.count[f"stopped: {stop}"] += 1
                    self.check_state(game, state, params, f"{where} ({stop})")
                if played >= 0 and rules is not None:
                    if ours is None:
                        ours = self.engine(rules, h, passes_len)
                    legal = sorted(action_of_card(c) for c in cards_of(ours.legal_cards()))
                    self.count["legal sets compared"] += 1
                    if legal != sorted(state.legal_actions()):
                        self.problem(where, f"play {played + 1}: OpenSpiel "
                                     f"{sorted(state.legal_actions())} vs ours {legal}")
            a = choose(state, policy, rng)
            state.apply_action(a)
            if ours is not None:
                from hearts_notation.io.openspiel import card_from_action
                ours.push(int(card_from_action(a)))
        self.count["games played"] += 1
        # (a moon is the only deal where three seats take 16 points or more)
        if sum(p >= 16 for p in points_of(state)) == 3:
            self.count["moons"] += 1
        self.check_state(game, state, params, f"{where} (end)")

    @staticmethod
    def engine(rules: Any, h: list[int], passes_len: int) -> GameState:
        from hearts_notation.io.openspiel import card_from_action
        dealt = [0] * 4
        for k in range(52):
            dealt[k % 4] |= card_from_action(h[1 + k]).bit
        if not passes_len:
            return GameState(rules, dealt)
        gifts = [mask_of([card_from_action(a) for a in h[53 + 3 * s: 56 + 3 * s]])
                 for s in range(4)]
        direction = ("hold", "left", "across", "right")[h[0]]
        return GameState.from_deal(rules, dealt, gifts, direction)

    def run(self) -> None:
        for params in combinations():
            for gi in range(self.games):
                for policy in POLICIES:
                    self.play(params, gi, policy)


def cli_check(campaign: Campaign) -> None:
    """``hearts validate`` and ``hearts score`` on one file per form and
    combination: exit 0 and OpenSpiel's points, or exit 2 with the reason."""
    with tempfile.TemporaryDirectory(prefix="interop4-") as tmp:
        for params in combinations():
            gstring = game_string(params)
            game = pyspiel.load_game(gstring)
            rng = random.Random(f"cli {gstring}")
            state = game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
            path = Path(tmp) / "g.txt"
            path.write_text(pyspiel.serialize_game_and_state(game, state), encoding="utf-8")
            run = hearts_cli("score", "--from", "openspiel-history", "--format", "json", str(path))
            campaign.count["cli runs"] += 1
            if representable(params):
                if not score_agrees(campaign, gstring, state, run, "cli score", "cli scores agreed"):
                    continue
                round_trip_cli(campaign, path, gstring, state)
                if all(params[k] == PARAMETER_DEFAULTS[k] for k in NAMES
                       if k not in ("jd_bonus", "pass_cards")):
                    commands_cli(campaign, Path(tmp), gstring, state)
                playthrough_cli(campaign, Path(tmp), gstring, state)
            elif run.returncode != 2 or "Traceback" in run.stderr:
                campaign.problem(gstring, f"cli exit {run.returncode}: {run.stderr[:200]}")


def hearts_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hearts_notation", *args],
                          capture_output=True, text=True, check=False)


def commands_cli(campaign: Campaign, tmp: Path, gstring: str, state: Any) -> None:
    """``validate``, ``stats`` and ``replay`` on the state JSON, ``str(state)``
    and the history, read with no parameters as a user would: exit 0."""
    for name, text, fmt in (("state.json", state.to_json(), "openspiel"),
                            ("state.txt", str(state), "openspiel"),
                            ("history.json", json.dumps(state.history()), "openspiel-history")):
        if "jd_bonus=True" in gstring and fmt == "openspiel-history":
            continue    # (a plain history cannot say jd_bonus: its score is the defaults')
        path = tmp / name
        path.write_text(text, encoding="utf-8")
        for command in (("validate",), ("stats",), ("replay",)):
            run = hearts_cli(*command, "--from", fmt, str(path))
            campaign.count["cli runs"] += 1
            if run.returncode != 0 or "Traceback" in run.stderr:
                campaign.problem(gstring, f"{command[0]} {name}: exit {run.returncode} "
                                 f"{(run.stdout + run.stderr)[-300:]}")


def round_trip_cli(campaign: Campaign, path: Path, gstring: str, state: Any) -> None:
    """``convert --to openspiel-history`` of the game read from OpenSpiel,
    replayed by pyspiel under the game string the output names."""
    run = hearts_cli("convert", str(path), "--from", "openspiel-history",
                     "--to", "openspiel-history")
    if run.returncode != 0:
        campaign.problem(gstring, f"convert exit {run.returncode}: {run.stderr[:200]}")
        return
    lines = run.stdout.splitlines()
    game = pyspiel.load_game(lines.pop(0) if lines[0].startswith("hearts") else "hearts")
    again = game.new_initial_state()
    for a in json.loads(lines[0]):
        again.apply_action_with_legality_check(a)
    if again.returns() != state.returns():
        campaign.problem(gstring, f"convert round trip returns {again.returns()}")
    else:
        campaign.count["cli round trips"] += 1


def playthrough_cli(campaign: Campaign, tmp: Path, gstring: str, state: Any) -> None:
    """The deal as a playthrough file written by OpenSpiel's own
    ``generate_playthrough``, scored by ``hearts score``."""
    from open_spiel.python.algorithms import generate_playthrough
    text = generate_playthrough.playthrough(gstring, action_sequence=state.history(),
                                            alsologtostdout=False)
    path = tmp / "playthrough.txt"
    path.write_text(text, encoding="utf-8")
    run = hearts_cli("score", "--from", "openspiel-playthrough", "--format", "json", str(path))
    score_agrees(campaign, gstring, state, run, "playthrough", "cli playthroughs agreed")


def score_agrees(campaign: Campaign, gstring: str, state: Any,
                 run: subprocess.CompletedProcess[str], what: str, counter: str) -> bool:
    """Whether ``hearts score --format json`` (*run*) exited 0 with
    OpenSpiel's points for the deal; a problem is recorded otherwise and
    *counter* counted when they agree."""
    if run.returncode != 0:
        campaign.problem(gstring, f"{what} exit {run.returncode}: {run.stderr[:200]}")
        return False
    points = json.loads(run.stdout)["games"][0]["deals"][0]["points"]
    if [points[x] for x in "NESW"] != points_of(state):
        campaign.problem(gstring, f"{what} {points} vs {points_of(state)}")
    else:
        campaign.count[counter] += 1
    return True


def speed(deals: int, rounds: int) -> None:
    """CPU seconds of ``validate_file`` (what ``hearts validate --from
    openspiel-history`` does, but process start-up) on a file of OpenSpiel
    histories one JSON list a line, against OpenSpiel's own replay of the
    same file (read it, ``json.loads`` each line, apply each action with
    its legality check, read the returns): paired, alternating, the median
    of *rounds*."""
    from hearts_notation.api import validate_file
    game = pyspiel.load_game("hearts")
    rng = random.Random("speed")
    lines = []
    for _ in range(deals):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        lines.append(json.dumps(state.history()))
    with tempfile.TemporaryDirectory(prefix="interop4-") as tmp:
        path = Path(tmp) / "histories.txt"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")

        def ours() -> None:
            result = validate_file(str(path), fmt="openspiel-history")
            assert result.valid

        def theirs() -> None:
            with path.open(encoding="utf-8") as fh:
                for line in fh:
                    state = game.new_initial_state()
                    for a in json.loads(line):
                        state.apply_action_with_legality_check(a)
                    state.returns()

        times: dict[str, list[float]] = {"validate": [], "OpenSpiel replay": []}
        for _ in range(rounds):
            for name, fn in (("validate", ours), ("OpenSpiel replay", theirs)):
                t0 = time.process_time()
                fn()
                times[name].append(time.process_time() - t0)
    med = {k: sorted(v)[len(v) // 2] for k, v in times.items()}
    for name, t in med.items():
        print(f"{name:20} {deals / t:10,.0f} deals/CPU-s  ({t:.3f} s for {deals} deals)")
    print(f"{'ratio':20} {med['OpenSpiel replay'] / med['validate']:10.2f}x")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=4, help="games per combination and policy")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cli", action="store_true", help="also run the CLI on one file per combination")
    ap.add_argument("--quick", action="store_true", help="one game per combination and policy")
    ap.add_argument("--speed", type=int, metavar="DEALS",
                    help="only time validate against OpenSpiel's replay on DEALS histories")
    ns = ap.parse_args()
    if ns.speed:
        speed(ns.speed, 5)
        return 0
    campaign = Campaign(1 if ns.quick else ns.games, ns.seed, 0)
    t0 = time.process_time()
    campaign.run()
    if ns.cli:
        cli_check(campaign)
    for key, n in sorted(campaign.count.items()):
        print(f"{key:28} {n}")
    print(f"{'CPU seconds':28} {time.process_time() - t0:.1f}")
    for p in campaign.problems:
        print("DISAGREEMENT", p)
    return 1 if campaign.problems else 0


try:
    import pyspiel
except ImportError:
    pyspiel = None

if __name__ == "__main__":
    if pyspiel is None:
        sys.exit("OpenSpiel is needed: pip install open-spiel")
    sys.exit(main())
