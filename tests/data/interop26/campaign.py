"""pyspiel's games through the ``hearts`` command line, round 26 (needs ``pyspiel``).

    nice python tests/data/interop26/campaign.py [COMBINATIONS] [--deals N] [--seed S]

For COMBINATIONS parameter combinations of OpenSpiel's ``hearts`` (all 256
by default, else that many drawn with the seed), plays N deals each with
fresh seeds (chance from ``chance_outcomes()``, as OpenSpiel's examples do;
four policies: random, lowest, highest, a moon shooter), stopped in the
pass phase, mid-trick, before the last card and at the end, plus one deal
where a seat plays a card ``legal_actions()`` forbids (pyspiel's
``apply_action`` takes it).  Every combination's deals are written in one
file per form (the game string before one JSON list a line,
``serialize_game_and_state`` texts one after the other, and, where the
parameters are ones the state shows, the state JSON one a line and
``str(state)`` texts), and each file goes through the command line:

* ``validate --format json`` (``--jobs 1`` and ``--jobs 2``, the same
  report): each deal's verdict is pyspiel's (no error for a deal played with
  ``legal_actions()``, an error for the deal with the forbidden card);
* ``score --format json``: every finished deal's points are
  ``26 - returns()``;
* ``convert`` to HRN, HRN to JSON, JSON to YAML, YAML to HRN (the same text
  as the first HRN: exact) and YAML to ``openspiel-history``, replayed in
  pyspiel with legality checks: the same actions (the deal in the writer's
  canonical order) and the same ``returns()``;
* ``select --count`` (every game) and ``select --where 'moon == N' --count``
  (pyspiel's moons by North);
* ``replay`` of the first deal and ``solve --trick 12`` of a finished deal.

Prints every disagreement and the counts; exit 1 if there is one.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import pyspiel

NAMES = ("avoid_all_tricks_bonus", "can_lead_any_club", "can_lead_hearts_instead_of_qs",
         "jd_bonus", "must_break_hearts", "no_pts_on_first_trick", "pass_cards",
         "qs_breaks_hearts")
DEFAULT = pyspiel.load_game("hearts").get_parameters()
# The parameters a state (JSON or str(state)) shows or does not need.
STATE_SHOWS = {"jd_bonus", "avoid_all_tricks_bonus", "pass_cards"}


def _order(a: int) -> tuple[int, int]:
    return (a // 4, a % 4)


def policy(name: str, state: Any, rng: random.Random) -> int:
    legal = state.legal_actions()
    if name == "lowest":
        return min(legal, key=_order)
    if name == "highest":
        return max(legal, key=_order)
    if name == "shoot":
        if state.current_player() == 0:
            return max(legal, key=_order)
        pen = [a for a in legal if a % 4 == 2 or a == 43]
        return max(pen) if pen else min(legal, key=_order)
    return int(rng.choice(legal))


def play(game: Any, seed: int, name: str, stop: int | None = None,
         spoil: bool = False) -> tuple[Any, bool]:
    """A deal by *name*'s policy, stopped after *stop* actions; with
    *spoil*, the first play where some held card is not legal plays it
    (returns whether that happened)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    spoilt = False
    while not state.is_terminal() and (stop is None or len(state.history()) < stop):
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            continue
        legal = state.legal_actions()
        if spoil and not spoilt and len(state.history()) > 1 + 52 + 12:
            held = json.loads(state.to_json())["hands"][state.current_player()]
            ids = [_card_id(c) for c in held]
            bad = [a for a in ids if a not in legal]
            if bad:
                state.apply_action(rng.choice(bad))
                spoilt = True
                continue
        state.apply_action(policy(name, state, rng))
    return state, spoilt


RANKS = "23456789TJQKA"
SUITS = "CDHS"


def _card_id(card: str) -> int:
    return RANKS.index(card[0]) * 4 + SUITS.index(card[1])


def game_string(params: dict[str, bool]) -> str:
    diff = [f"{k}={params[k]}" for k in sorted(params) if params[k] != DEFAULT[k]]
    return f"hearts({','.join(diff)})"


def points(state: Any) -> list[int]:
    return [int(26 - r) for r in state.returns()]


class Campaign:
    def __init__(self, work: Path) -> None:
        self.work = work
        self.count: Counter[str] = Counter()
        self.bad: list[str] = []

    def run(self, *args: str) -> subprocess.CompletedProcess[str]:
        self.count["command runs"] += 1
        return subprocess.run([sys.executable, "-m", "hearts_notation", *args],
                              capture_output=True, text=True, encoding="utf-8")

    def fail(self, what: str) -> None:
        self.bad.append(what)
        print("DISAGREEMENT:", what, flush=True)

    def combination(self, params: dict[str, bool], deals: int, seed: int) -> None:
        gs = game_string(params)
        game = pyspiel.load_game(gs)
        rng = random.Random(seed)
        states: list[tuple[Any, bool]] = []
        for i in range(deals):
            name = ("random", "lowest", "highest", "shoot")[i % 4]
            kind = i % 5
            s_seed = rng.randrange(1 << 30)
            if kind == 0:        # mid-pass (or first plays when no pass)
                stop = 1 + 52 + rng.randrange(1, 12)
            elif kind == 1:      # mid-trick
                stop = 1 + 52 + 12 + 4 * rng.randrange(13) + rng.randrange(1, 4)
            elif kind == 2:      # before the last card
                stop = None
            else:
                stop = None
            state, _ = play(game, s_seed, name, stop)
            if kind == 2:
                state, _ = play(game, s_seed, name, len(state.history()) - 1)
            states.append((state, False))
        for _ in range(50):
            state, spoilt = play(game, rng.randrange(1 << 30), "random", spoil=True)
            if spoilt:
                states.append((state, True))
                break
        self.count["deals played"] += len(states)
        self.count["deals with a forbidden card"] += sum(sp for _, sp in states)
        tag = gs.replace("(", "_").replace(")", "").replace(",", "_").replace("=", "")
        d = self.work / tag
        d.mkdir()
        hist = d / "all.oshist"
        hist.write_text(gs + "\n" + "".join(json.dumps(s.history()) + "\n" for s, _ in states))
        ser = d / "ser.oshist"
        ser.write_text("".join(pyspiel.serialize_game_and_state(game, s) for s, _ in states))
        files: list[tuple[Path, str]] = [(hist, "openspiel-history"), (ser, "openspiel-history")]
        if all(params[k] == DEFAULT[k] for k in NAMES if k not in STATE_SHOWS):
            osj = d / "states.osjson"
            osj.write_text("".join(s.to_json() + "\n" for s, _ in states if len(s.history()) > 53))
            ost = d / "states.ostext"
            ost.write_text("".join(str(s) + "\n" for s, _ in states if len(s.history()) > 53))
            files += [(osj, "openspiel"), (ost, "openspiel")]
        for path, fmt in files:
            with_states = [s for s in states if fmt != "openspiel" or len(s[0].history()) > 53]
            self.verdicts(path, fmt, with_states, gs)
            self.scores(path, fmt, with_states, gs)
        finished = [s for s, sp in states if s.is_terminal() and not sp]
        if finished:
            fin = d / "finished.oshist"
            fin.write_text(gs + "\n" + "".join(json.dumps(s.history()) + "\n" for s in finished))
            self.round_trip(fin, finished, gs)
            self.select(fin, finished, gs)
            r = self.run("replay", "--from", "openspiel-history", str(fin))
            if r.returncode != 0:
                self.fail(f"{gs}: replay exit {r.returncode}: {r.stderr[-300:]}")
            one = d / "one.oshist"
            one.write_text(pyspiel.serialize_game_and_state(game, finished[0]))
            r = self.run("solve", "--from", "openspiel-history", "--trick", "12", str(one))
            expected = 2 if params["avoid_all_tricks_bonus"] else 0
            if r.returncode != expected:
                self.fail(f"{gs}: solve exit {r.returncode}: {r.stderr[-300:]}")
            self.count["solves"] += 1

    def verdicts(self, path: Path, fmt: str, states: list[tuple[Any, bool]], gs: str) -> None:
        reports = []
        for jobs in ("1", "2"):
            r = self.run("validate", "--from", fmt, "--format", "json", "--jobs", jobs, str(path))
            try:
                reports.append(json.loads(r.stdout))
            except json.JSONDecodeError:
                self.fail(f"{gs} {path.name}: validate --jobs {jobs} exit {r.returncode}: {r.stderr[-300:]}")
                return
        if reports[0]["games"] != reports[1]["games"]:
            self.fail(f"{gs} {path.name}: --jobs 2 differs from --jobs 1")
        games = reports[0]["games"]
        if len(games) != len(states):
            self.fail(f"{gs} {path.name}: {len(games)} games for {len(states)} deals")
            return
        for g, (_, spoilt) in zip(games, states, strict=True):
            errors = [f for f in g["findings"] if f["severity"] == "error"]
            self.count["verdicts compared"] += 1
            if bool(errors) != spoilt:
                self.fail(f"{gs} {path.name} game {g['index']}: errors {errors[:1]}, "
                          f"forbidden card played: {spoilt}")

    def scores(self, path: Path, fmt: str, states: list[tuple[Any, bool]], gs: str) -> None:
        r = self.run("score", "--from", fmt, "--format", "json", str(path))
        try:
            games = json.loads(r.stdout)["games"]
        except (json.JSONDecodeError, KeyError):
            self.fail(f"{gs} {path.name}: score exit {r.returncode}: {r.stderr[-300:]}")
            return
        for g, (s, spoilt) in zip(games, states, strict=True):
            if not s.is_terminal() or spoilt:
                continue
            got = [g["deals"][0]["points"][seat] for seat in "NESW"]
            self.count["scores compared"] += 1
            if got != points(s):
                self.fail(f"{gs} {path.name} game {g['index']}: score {got}, pyspiel {points(s)}")

    def round_trip(self, fin: Path, finished: list[Any], gs: str) -> None:
        d = fin.parent
        steps = [(fin, "openspiel-history", d / "a.hrn", "hrn"), (d / "a.hrn", "hrn", d / "a.json", "json"),
                 (d / "a.json", "json", d / "a.yaml", "yaml"), (d / "a.yaml", "yaml", d / "b.hrn", "hrn"),
                 (d / "a.yaml", "yaml", d / "back.oshist", "openspiel-history")]
        for src, f, dst, t in steps:
            r = self.run("convert", "--from", f, "--to", t, str(src), "-o", str(dst))
            if r.returncode != 0:
                self.fail(f"{gs}: convert {src.name} -> {t} exit {r.returncode}: {r.stderr[-300:]}")
                return
        if (d / "a.hrn").read_text() != (d / "b.hrn").read_text():
            self.fail(f"{gs}: HRN -> JSON -> YAML -> HRN is not the same text")
        lines = (d / "back.oshist").read_text().splitlines()
        back_game = pyspiel.load_game("hearts")    # the defaults until a game string
        histories = []
        for line in lines:
            if line.startswith("hearts"):
                back_game = pyspiel.load_game(line)
            else:
                histories.append(json.loads(line))
        if len(histories) != len(finished):
            self.fail(f"{gs}: {len(histories)} histories back for {len(finished)}")
            return
        for h, s in zip(histories, finished, strict=True):
            o = s.history()
            same = (h[0] == o[0] and h[53:] == o[53:]
                    and all(sorted(h[1 + k:53:4]) == sorted(o[1 + k:53:4]) for k in range(4)))
            replayed = back_game.new_initial_state()
            for a in h:
                replayed.apply_action_with_legality_check(a)
            self.count["round trips"] += 1
            if not same or replayed.returns() != s.returns():
                self.fail(f"{gs}: round trip {o} -> {h}")

    def select(self, fin: Path, finished: list[Any], gs: str) -> None:
        r = self.run("select", "--from", "openspiel-history", "--count", str(fin))
        if r.stdout.strip() != str(len(finished)):
            self.fail(f"{gs}: select --count {r.stdout.strip()!r} {r.stderr[-200:]}, {len(finished)} deals")
        moons = sum(1 for s in finished if _took_all(s, 0))
        r = self.run("select", "--from", "openspiel-history", "--where", "moon == N", "--count", str(fin))
        self.count["select runs"] += 2
        if r.stdout.strip() != str(moons):
            self.fail(f"{gs}: select moon == N {r.stdout.strip()!r} {r.stderr[-200:]}, pyspiel {moons}")


def _took_all(state: Any, seat: int) -> bool:
    """Whether *seat* took every heart and Q♠ (from the state JSON's tricks)."""
    tricks = json.loads(state.to_json())["tricks"]
    for trick in tricks:
        led = trick[0][1][1]
        best = max((p for p in trick if p[1][1] == led), key=lambda p: RANKS.index(p[1][0]))
        winner = "NESW".index(best[0])
        if winner != seat and any(p[1][1] == "H" or p[1] == "QS" for p in trick):
            return False
    return True


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("combinations", type=int, nargs="?", default=256)
    ap.add_argument("--deals", type=int, default=10)
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args()
    combos = [dict(zip(NAMES, c, strict=True)) for c in itertools.product((False, True), repeat=8)]
    if args.combinations < len(combos):
        combos = random.Random(args.seed).sample(combos, args.combinations)
    with tempfile.TemporaryDirectory() as tmp:
        c = Campaign(Path(tmp))
        for i, params in enumerate(combos):
            c.combination(params, args.deals, args.seed * 1000 + i)
            c.count["parameter sets"] += 1
        for k, v in sorted(c.count.items()):
            print(f"{k:28} {v}")
        print(f"{'disagreements':28} {len(c.bad)}")
        return 1 if c.bad else 0


if __name__ == "__main__":
    sys.exit(main())
