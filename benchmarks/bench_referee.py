"""Speed of the referee: ``hearts validate`` on JSONL against OpenSpiel
replaying the same deals, in one run.

    python benchmarks/bench_referee.py [--quick]

The deals are complete games generated under the ``openspiel`` preset (so
that OpenSpiel, with its default parameters, accepts every card), written as
JSONL, and turned into OpenSpiel action sequences (pass direction, the 52
dealing chance actions, the passes, the 52 plays).  Measured on the same
deals, interleaved round by round and best of the rounds (the machine may be
busy):

* **OpenSpiel replay** — each deal applied with
  ``State.apply_action_with_legality_check`` from Python (the anchor);
* **validate JSONL** — what ``hearts validate --format json`` does for a
  JSONL file: read and decode the file, cut it into batches, and produce the
  spec §6 report entry of every game (rules, every card, scores, totals,
  result);
* **json.loads alone** — the floor of any JSONL reader;
* **referee on the model** — the path for records that are not clean and
  complete (JSON parsed to the model, then :func:`check_game`), for scale.

Target: validate JSONL at least as fast as the OpenSpiel replay (ratio ≥ 1).
Both sides run in one process and are timed in CPU seconds; ``hearts
validate --jobs N`` spreads the work over N processes on top of this.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hearts_notation.commands.validate import iter_reports
from hearts_notation.generate import generate_games
from hearts_notation.io.jsonio import dumps_jsonl, game_from_dict
from hearts_notation.model import Game
from hearts_notation.referee import check_game

OS_DIRECTION = {"hold": 0, "left": 1, "across": 2, "right": 3}
SEATS = ("N", "E", "S", "W")


def os_card(card: int) -> int:
    """OpenSpiel's card id (rank * 4 + suit) of our card (suit * 13 + rank)."""
    return (card % 13) * 4 + card // 13


def action_sequences(games: list[Game]) -> list[list[int]]:
    """Each deal as the OpenSpiel actions that replay it."""
    out: list[list[int]] = []
    for g in games:
        for d in g.deals:
            acts = [OS_DIRECTION[d.direction or "hold"]]
            hands = [list(d.hands[s] or ()) for s in SEATS]
            for k in range(13):               # chance deals card k to seat k % 4
                for s in range(4):
                    acts.append(os_card(hands[s][k]))
            if d.direction != "hold":
                for seat in SEATS:
                    acts.extend(os_card(c) for c in d.passes[seat].cards)
            acts.extend(os_card(p.card) for t in d.tricks for p in t.plays)
            out.append(acts)
    return out


def _time(fn: Callable[[], object]) -> float:
    """CPU seconds of this process: both sides are single-threaded, and CPU
    time is steadier than wall time on a machine shared with other work."""
    t0 = time.process_time()
    fn()
    return time.process_time() - t0


def run(quick: bool = False) -> list[dict[str, object]]:
    """Deals per second of each path; the ratios are to the OpenSpiel replay."""
    games = list(generate_games(40 if quick else 200, seed=2026, rules="openspiel", bots=("random",)))
    deals = sum(len(g.deals) for g in games)
    text = dumps_jsonl(games)
    lines = text.splitlines()
    rounds = 3 if quick else 7
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "games.jsonl")
        Path(path).write_text(text, encoding="utf-8")

        def validate() -> None:
            for entry in iter_reports([path], None, None, False, jobs=1):
                assert isinstance(entry, dict) and entry["valid"], entry

        def floor() -> None:
            loads = json.loads
            for line in lines:
                loads(line)

        def model() -> None:
            for i, line in enumerate(lines, 1):
                check_game(game_from_dict(json.loads(line), path, i, line=i))

        runs: dict[str, Callable[[], object]] = {"validate": validate, "floor": floor, "model": model}
        try:
            import pyspiel

            os_game = pyspiel.load_game("hearts")
            seqs = action_sequences(games)

            def openspiel() -> None:
                for acts in seqs:
                    state = os_game.new_initial_state()
                    for a in acts:
                        state.apply_action_with_legality_check(a)

            runs["openspiel"] = openspiel
        except ImportError:
            pass
        best = {k: float("inf") for k in runs}
        for _ in range(rounds):
            for k, fn in runs.items():
                best[k] = min(best[k], _time(fn))
    rate = {k: deals / v for k, v in best.items()}
    anchor = "OpenSpiel replay" if "openspiel" in rate else None
    anchor_value = rate.get("openspiel")

    def row(name: str, key: str, target: str | None, note: str) -> dict[str, object]:
        value = rate[key]
        return {
            "name": name, "value": round(value), "unit": "deals/s",
            "anchor": anchor if key != "openspiel" else None,
            "anchor_value": round(anchor_value) if anchor_value and key != "openspiel" else None,
            "ratio": round(value / anchor_value, 3) if anchor_value and key != "openspiel" else None,
            "target": target, "note": note,
        }

    note = f"{deals} deals ({len(games)} complete games, openspiel preset), best of {rounds} rounds"
    rows = []
    if "openspiel" in rate:
        rows.append(row("OpenSpiel replay", "openspiel", None,
                        "apply_action_with_legality_check on every action; " + note))
    rows.append(row("validate JSONL, 1 job", "validate", "≥ 1.0 × OpenSpiel replay",
                    "hearts validate's work on a .jsonl file in one process (read, batch, report "
                    "entries); " + note))
    rows.append(row("json.loads alone", "floor", None, "the floor of any JSONL reader; " + note))
    rows.append(row("referee on the model", "model", None,
                    "JSON to the model, then check_game: the path of records that are not "
                    "clean and complete; " + note))
    return rows


def main() -> None:
    rows = run(quick="--quick" in sys.argv)
    print(f"{'benchmark':28} {'value':>10}  {'unit':8} {'ratio':>7}  target")
    for r in rows:
        ratio = "" if r["ratio"] is None else f"{r['ratio']:.2f}"
        print(f"{r['name']!s:28} {r['value']!s:>10}  {r['unit']!s:8} {ratio:>7}  {r['target'] or ''}")
    print(rows[0]["note"])


if __name__ == "__main__":
    main()
