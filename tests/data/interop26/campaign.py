"""pyspiel's games through the ``hearts`` command line, round 26 (needs ``pyspiel``).

    nice python tests/data/interop26/campaign.py [COMBINATIONS] [--deals N] [--seed S]

For COMBINATIONS parameter combinations of OpenSpiel's ``hearts`` (all 256
by default, else that many drawn with the seed), plays N deals each with
fresh seeds (chance from ``chance_outcomes()``, as OpenSpiel's examples do;
four policies: random, lowest, highest, a moon shooter), stopped in the
pass phase, mid-trick, before the last card and at the end, plus one deal
where a seat plays a card ``legal_actions()`` forbids and one where a seat
passes a card it does not hold (pyspiel's ``apply_action`` takes both).
All the deals are written in one file per form: the histories one JSON list
a line under their game-string lines, ``serialize_game_and_state`` texts one
after the other, and, for the combinations whose parameters a state shows or
does not need, the state JSON one a line and ``str(state)`` texts.  Each
file goes through the command line:

* ``validate --format json`` (``--jobs 1`` and ``--jobs 2``, the same
  report): each deal's verdict is pyspiel's (no error for a deal played with
  ``legal_actions()``, an error for a spoilt one);
* ``score --format json``: every finished deal's points are
  ``26 - returns()``;
* ``convert`` of the finished deals to HRN, HRN to JSON, JSON to YAML, YAML
  to HRN (the same text as the first HRN: exact) and YAML to
  ``openspiel-history``, replayed in pyspiel with legality checks under the
  game strings written: the same actions (the deal in the writer's canonical
  order) and the same ``returns()``;
* ``select --count`` (every deal) and ``select --where 'moon == N' --count``
  (the deals where pyspiel's North took every heart and Q♠);
* ``replay`` and ``solve --trick 12`` of a finished deal of 8 combinations,
  and ``solve`` of 8 deals stopped before their last card (the card's value
  is pyspiel's points once it is played; refused, exit 2, under
  ``avoid_all_tricks_bonus``, which the analysis does not value).

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
         spoil: str = "") -> tuple[Any, bool]:
    """A deal by *name*'s policy, stopped after *stop* actions.  With *spoil*
    ``"play"``, the first play where a held card is not legal plays it; with
    ``"pass"``, the first pass gives a card the seat does not hold (pyspiel's
    ``apply_action`` takes both; after a bad pass it may find no legal action
    later, and the deal stops there).  Returns whether the deal was spoilt."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    spoilt = False
    while not state.is_terminal() and (stop is None or len(state.history()) < stop):
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            continue
        legal = state.legal_actions()
        if not legal:
            break
        if spoil == "pass" and not spoilt and state.history()[0] != 0:
            chosen = state.history()[53:]
            state.apply_action(rng.choice([a for a in range(52) if a not in legal and a not in chosen]))
            spoilt = True
            continue
        if spoil == "play" and not spoilt and len(state.history()) > 1 + 52 + 12:
            held = json.loads(state.to_json())["hands"][state.current_player()]
            bad = [a for a in map(_card_id, held) if a not in legal]
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


class Entry:
    """One deal played: its game string and game, the state, whether a
    forbidden card was played, whether its state shows its parameters
    (for the state JSON and text), whether it stops before the last card."""

    def __init__(self, gs: str, game: Any, state: Any, spoilt: bool, shows: bool,
                 last_card: bool) -> None:
        self.gs, self.game, self.state = gs, game, state
        self.spoilt, self.shows, self.last_card = spoilt, shows, last_card


def grouped(entries: list[Entry]) -> str:
    """The histories one JSON list a line, each run of a game under its game string."""
    out: list[str] = []
    current = None
    for e in entries:
        if e.gs != current:
            out.append(e.gs + "\n")
            current = e.gs
        out.append(json.dumps(e.state.history()) + "\n")
    return "".join(out)


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

    def combination(self, params: dict[str, bool], deals: int, seed: int) -> list[Entry]:
        """*deals* deals of one combination, stopped as the docstring says,
        one with a card ``legal_actions()`` forbids (when one is found) and one
        whose first pass gives a card the seat does not hold (when it passes)."""
        gs = game_string(params)
        game = pyspiel.load_game(gs)
        rng = random.Random(seed)
        shows = all(params[k] == DEFAULT[k] for k in NAMES if k not in STATE_SHOWS)
        out: list[Entry] = []
        for i in range(deals):
            name = ("random", "lowest", "highest", "shoot")[i % 4]
            kind = i % 5
            s_seed = rng.randrange(1 << 30)
            stop: int | None = None
            if kind == 0:        # mid-pass (or the first plays when no pass)
                stop = 1 + 52 + rng.randrange(1, 12)
            elif kind == 1:      # mid-trick
                stop = 1 + 52 + 12 + 4 * rng.randrange(13) + rng.randrange(1, 4)
            state, _ = play(game, s_seed, name, stop)
            if kind == 2:        # before the last card
                state, _ = play(game, s_seed, name, len(state.history()) - 1)
            out.append(Entry(gs, game, state, False, shows, kind == 2))
        for spoil in ("play", "pass"):
            for _ in range(50):
                state, spoilt = play(game, rng.randrange(1 << 30), "random", spoil=spoil)
                if spoilt:
                    out.append(Entry(gs, game, state, True, shows, False))
                    break
        self.count["deals played"] += len(out)
        self.count["deals with a forbidden card"] += sum(e.spoilt for e in out)
        return out

    def check(self, entries: list[Entry]) -> None:
        """Every form of *entries* in one file each, through the commands."""
        d = self.work
        hist = d / "all.oshist"
        hist.write_text(grouped(entries))
        ser = d / "ser.oshist"
        ser.write_text("".join(pyspiel.serialize_game_and_state(e.game, e.state) for e in entries))
        shown = [e for e in entries if e.shows and len(e.state.history()) > 53]
        osj = d / "states.osjson"
        osj.write_text("".join(e.state.to_json() + "\n" for e in shown))
        ost = d / "states.ostext"
        ost.write_text("".join(str(e.state) + "\n" for e in shown))
        for path, fmt, which in ((hist, "openspiel-history", entries), (ser, "openspiel-history", entries),
                                 (osj, "openspiel", shown), (ost, "openspiel", shown)):
            if which:
                self.verdicts(path, fmt, which)
                self.scores(path, fmt, which)
        finished = [e for e in entries if e.state.is_terminal() and not e.spoilt]
        fin = d / "finished.oshist"
        fin.write_text(grouped(finished))
        self.round_trip(fin, finished)
        self.select(fin, finished)
        seen: set[str] = set()
        for e in finished:
            if len(seen) >= 8 or e.gs in seen:
                continue
            seen.add(e.gs)
            one = d / "one.oshist"
            one.write_text(pyspiel.serialize_game_and_state(e.game, e.state))
            r = self.run("replay", "--from", "openspiel-history", str(one))
            if r.returncode != 0:
                self.fail(f"{e.gs}: replay exit {r.returncode}: {r.stderr[-300:]}")
            r = self.run("solve", "--from", "openspiel-history", "--trick", "12", str(one))
            # (the analysis does not value the no-trick bonus: refused, exit 2)
            expected = 2 if "avoid_all_tricks_bonus=True" in e.gs else 0
            if r.returncode != expected:
                self.fail(f"{e.gs}: solve exit {r.returncode}: {r.stderr[-300:]}")
            self.count["solves"] += 1
        last = [e for e in entries if e.last_card and not e.state.is_terminal()]
        for e in last[:8]:
            one = d / "last.oshist"
            one.write_text(pyspiel.serialize_game_and_state(e.game, e.state))
            r = self.run("solve", "--from", "openspiel-history", "--format", "json", str(one))
            expected = 2 if "avoid_all_tricks_bonus=True" in e.gs else 0
            self.count["solves"] += 1
            if r.returncode != expected:
                self.fail(f"{e.gs}: solve of the last card exit {r.returncode}: {r.stderr[-300:]}")
            elif expected == 0:
                self.last_card(r.stdout, e)

    def last_card(self, out: str, e: Entry) -> None:
        """The one card left: solve's value is pyspiel's points once it is played."""
        (card,) = e.state.legal_actions()
        after = e.state.clone()
        after.apply_action(card)
        mover = "NESW"[e.state.current_player()]
        got = json.loads(out)
        cards = got.get("cards") or got.get("values") or []
        values = [c.get("points") for c in cards if isinstance(c, dict)]
        self.count["last cards solved"] += 1
        if values != [points(after)["NESW".index(mover)]]:
            self.fail(f"{e.gs}: solve of the last card {got}, pyspiel {points(after)}")

    def verdicts(self, path: Path, fmt: str, entries: list[Entry]) -> None:
        """validate at one and two jobs: the same report, and each deal's
        verdict pyspiel's (an error exactly where a forbidden card was played)."""
        reports = []
        for jobs in ("1", "2"):
            r = self.run("validate", "--from", fmt, "--format", "json", "--jobs", jobs, str(path))
            try:
                reports.append(json.loads(r.stdout))
            except json.JSONDecodeError:
                self.fail(f"{path.name}: validate --jobs {jobs} exit {r.returncode}: {r.stderr[-300:]}")
                return
        if reports[0]["games"] != reports[1]["games"]:
            self.fail(f"{path.name}: --jobs 2 differs from --jobs 1")
        games = reports[0]["games"]
        if len(games) != len(entries):
            self.fail(f"{path.name}: {len(games)} games for {len(entries)} deals")
            return
        for g, e in zip(games, entries, strict=True):
            errors = [f for f in g["findings"] if f["severity"] == "error"]
            self.count["verdicts compared"] += 1
            if bool(errors) != e.spoilt:
                self.fail(f"{e.gs} {path.name} game {g['index']}: errors {errors[:1]}, "
                          f"forbidden card played: {e.spoilt}")

    def scores(self, path: Path, fmt: str, entries: list[Entry]) -> None:
        """score --format json: every finished deal's points are pyspiel's."""
        r = self.run("score", "--from", fmt, "--format", "json", str(path))
        try:
            games = json.loads(r.stdout)["games"]
        except (json.JSONDecodeError, KeyError):
            self.fail(f"{path.name}: score exit {r.returncode}: {r.stderr[-300:]}")
            return
        for g, e in zip(games, entries, strict=True):
            if not e.state.is_terminal() or e.spoilt:
                continue
            got = [g["deals"][0]["points"][seat] for seat in "NESW"]
            self.count["scores compared"] += 1
            if got != points(e.state):
                self.fail(f"{e.gs} {path.name} game {g['index']}: score {got}, "
                          f"pyspiel {points(e.state)}")

    def round_trip(self, fin: Path, finished: list[Entry]) -> None:
        """history -> HRN -> JSON -> YAML -> HRN (the same text) and YAML ->
        history, replayed in pyspiel with legality checks to the same returns."""
        d = fin.parent
        steps = [(fin, "openspiel-history", d / "a.hrn", "hrn"), (d / "a.hrn", "hrn", d / "a.json", "json"),
                 (d / "a.json", "json", d / "a.yaml", "yaml"), (d / "a.yaml", "yaml", d / "b.hrn", "hrn"),
                 (d / "a.yaml", "yaml", d / "back.oshist", "openspiel-history")]
        for src, f, dst, t in steps:
            r = self.run("convert", "--from", f, "--to", t, str(src), "-o", str(dst))
            if r.returncode != 0:
                self.fail(f"convert {src.name} -> {t} exit {r.returncode}: {r.stderr[-300:]}")
                return
        if (d / "a.hrn").read_text() != (d / "b.hrn").read_text():
            self.fail("HRN -> JSON -> YAML -> HRN is not the same text")
        back_game = pyspiel.load_game("hearts")    # the defaults until a game string
        histories = []
        for line in (d / "back.oshist").read_text().splitlines():
            if line.startswith("hearts"):
                back_game = pyspiel.load_game(line)
            else:
                histories.append((back_game, json.loads(line)))
        if len(histories) != len(finished):
            self.fail(f"{len(histories)} histories back for {len(finished)}")
            return
        for (g, h), e in zip(histories, finished, strict=True):
            o = e.state.history()
            same = (h[0] == o[0] and h[53:] == o[53:]
                    and all(sorted(h[1 + k:53:4]) == sorted(o[1 + k:53:4]) for k in range(4)))
            replayed = g.new_initial_state()
            try:
                for a in h:
                    replayed.apply_action_with_legality_check(a)
            except pyspiel.SpielError as exc:
                self.fail(f"{e.gs}: the history written back does not replay: {exc}"[:400])
                continue
            self.count["round trips"] += 1
            if not same or replayed.returns() != e.state.returns():
                self.fail(f"{e.gs}: round trip {o} -> {h}")

    def select(self, fin: Path, finished: list[Entry]) -> None:
        """select --count: every deal; moon == N: pyspiel's moons by North."""
        r = self.run("select", "--from", "openspiel-history", "--count", str(fin))
        if r.stdout.strip() != str(len(finished)):
            self.fail(f"select --count {r.stdout.strip()!r} {r.stderr[-200:]}, {len(finished)} deals")
        moons = sum(1 for e in finished if _took_all(e.state, 0))
        self.count["moons by N"] += moons
        r = self.run("select", "--from", "openspiel-history", "--where", "moon == N", "--count", str(fin))
        self.count["select runs"] += 2
        if r.stdout.strip() != str(moons):
            self.fail(f"select moon == N {r.stdout.strip()!r} {r.stderr[-200:]}, pyspiel {moons}")


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
        entries: list[Entry] = []
        for i, params in enumerate(combos):
            entries += c.combination(params, args.deals, args.seed * 1000 + i)
            c.count["parameter sets"] += 1
        c.check(entries)
        for k, v in sorted(c.count.items()):
            print(f"{k:28} {v}")
        print(f"{'disagreements':28} {len(c.bad)}")
        return 1 if c.bad else 0


if __name__ == "__main__":
    sys.exit(main())
