"""Speed of the referee: ``hearts validate`` on JSONL against OpenSpiel
replaying the same deals, in one run.

    python benchmarks/bench_referee.py [--quick]

The deals are complete games generated under the ``openspiel`` preset (so
that OpenSpiel, with its default parameters, accepts every card), written as
JSONL by the package (its canonical form), and turned into OpenSpiel action
sequences (pass direction, the 52 dealing chance actions, the passes, the 52
plays).  Measured on the same deals, interleaved round by round and best of
the rounds (the machine may be busy), in CPU seconds of this process unless
the row says wall clock:

* **OpenSpiel replay** — each deal's actions, converted beforehand, applied
  with ``State.apply_action_with_legality_check`` from Python: the anchor
  of the target;
* **OpenSpiel replay from the same JSONL** — what replaying the file in
  OpenSpiel costs a user: read the file, ``json.loads`` each line, map the
  card strings to OpenSpiel's action ids, then the same replay;
* **OpenSpiel replay from the same pretty JSON file** — the same from the
  pretty-printed array: ``json.load`` of the file, then the same replay
  (the anchor of the pretty-printed row: "the same file");
* **validate JSONL, 1 job** — what ``hearts validate --format json`` does
  for a JSONL file, in one process: read and decode the file, cut it into
  batches, and produce the report entry of every game (rules, every
  card, scores, totals, result); the same for the same records written by
  ``json.dumps`` with its defaults (``", "`` and ``": "``) and
  pretty-printed (a JSON array, ``indent=2``);
* **validate JSONL, 1 job, report written** — the same plus the summary and
  the JSON report text itself, i.e. the whole command but process start-up;
* **validate JSONL, --jobs 2** — the same report entries from two worker
  processes, in wall-clock time (it needs two free cores to mean anything;
  the load average is in the note);
* **json.loads alone** — the floor of any JSONL reader (lines already in
  memory);
* **referee on the model** — the path for records that are not clean and
  complete (JSON parsed to the model, then :func:`check_game`), for scale.

Target: validate at least 2.0× OpenSpiel's replay of the same file (its
Python driver reading the file and applying each action), for every
spelling of the JSON: the JSONL rows against the replay from the JSONL
file, the pretty-printed row against the replay from the pretty-printed
file (and, on a row of its own, against the JSONL one).  msgspec (a
run-time dependency) decodes clean records with its typed structures: the
one decoder of a clean record (the ``json.loads`` fallback is gone, issue 22).
"""

from __future__ import annotations

import gc
import io
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hearts_notation.api import validate_file as api_validate_file
from hearts_notation.commands.validate import Summary, _Spool, iter_reports
from hearts_notation.generate import generate_games
from hearts_notation.io import dumps
from hearts_notation.io.jsonio import dumps_jsonl, game_from_dict
from hearts_notation.model import Game
from hearts_notation.referee import check_game
from hearts_notation.runners.local import iter_batches

OS_DIRECTION = {"hold": 0, "left": 1, "across": 2, "right": 3}
SEATS = ("N", "E", "S", "W")
RANKS = "23456789TJQKA"
SUITS = "CDHS"
#: OpenSpiel's action id (rank * 4 + suit) of a card string.
OS_ID = {r + s: ri * 4 + si for ri, r in enumerate(RANKS) for si, s in enumerate(SUITS)}


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


def json_actions(deal: dict[str, Any]) -> list[int]:
    """The OpenSpiel actions of one deal of a decoded JSON record, as a
    user replaying the file would build them."""
    ids = OS_ID
    hands = deal["hands"]
    passes = deal.get("passes") or {}
    acts = [OS_DIRECTION[deal.get("pass") or "hold"]]
    columns = [hands[seat] for seat in SEATS]
    for k in range(13):                       # chance deals card k to seat k % 4
        for column in columns:
            acts.append(ids[column[k]])
    for seat in SEATS if passes else ():
        acts.extend(ids[c] for c in passes[seat])
    acts.extend(ids[p["card"]] for t in deal["tricks"] for p in t["plays"])
    return acts


def _typed_decoder_note() -> str:
    """The JSON decoder validate uses (msgspec's typed structures, a run-time dependency)."""
    import msgspec

    return f"msgspec {msgspec.__version__} typed decoder"


def _core() -> str:
    """Which build of the package ran (the compiled core or pure Python)."""
    from hearts_notation import _compiled

    return _compiled.description()


def _cpu(fn: Callable[[], object]) -> float:
    """CPU seconds of this process: one-process work, and CPU time is
    steadier than wall time on a machine shared with other work."""
    t0 = time.process_time()
    fn()
    return time.process_time() - t0


def _wall(fn: Callable[[], object]) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


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
        dumped = str(Path(tmp) / "dumps.jsonl")
        Path(dumped).write_text("".join(json.dumps(json.loads(x)) + "\n" for x in lines),
                                encoding="utf-8")
        pretty = str(Path(tmp) / "pretty.json")
        Path(pretty).write_text(json.dumps([json.loads(x) for x in lines], indent=2),
                                encoding="utf-8")

        def validate_file(p: str) -> None:
            for entry in iter_reports([p], None, None, False, jobs=1):
                assert isinstance(entry, dict) and entry["valid"], entry

        def validate() -> None:
            validate_file(path)

        def validate_written() -> None:
            summary = Summary()
            spool = _Spool()
            for entry in iter_reports([path], None, None, False, jobs=1):
                summary.add(entry)
                spool.add(entry)
            summary.files = 1
            out = io.StringIO()
            spool.write_report(summary, out)
            assert summary.valid_games == len(games)

        # --jobs 2 on a larger file: a process pool is worth its start-up only
        # on more than a fraction of a second of work.
        big_games = games * (1 if quick else 5)
        big_deals = deals * (1 if quick else 5)
        big = str(Path(tmp) / "big.jsonl")
        Path(big).write_text(text * (len(big_games) // len(games)), encoding="utf-8")

        def validate_2() -> None:
            n = 0
            for entry in iter_reports([big], None, None, False, jobs=2):
                n += len(entry["deals"])
            assert n == big_deals

        def floor() -> None:
            loads = json.loads
            for line in lines:
                loads(line)

        def model() -> None:
            for i, line in enumerate(lines, 1):
                check_game(game_from_dict(json.loads(line), path, i, line=i))

        hrn = str(Path(tmp) / "games.hrn")
        Path(hrn).write_text(dumps(games, "hrn"), encoding="utf-8")

        def api(p: str) -> Callable[[], object]:
            def run_api() -> None:
                result = api_validate_file(p)
                assert result.valid and result.games == len(games)
            return run_api

        def cli(p: str) -> Callable[[], object]:
            return lambda: validate_file_cli(p)

        def validate_file_cli(p: str) -> None:
            n = 0
            for entry in iter_reports([p], None, None, False, jobs=1):
                assert isinstance(entry, dict) and entry["valid"], entry
                n += 1
            assert n == len(games)

        def pretty_cut() -> None:
            for _ in iter_batches([pretty], None, None, games_per_batch=32, errors="yield"):
                pass

        cpu_runs: dict[str, Callable[[], object]] = {
            "validate": validate, "dumps": lambda: validate_file(dumped),
            "pretty": lambda: validate_file(pretty), "pretty_cut": pretty_cut,
            "written": validate_written, "floor": floor, "model": model,
            "api_jsonl": api(path), "cli_jsonl": cli(path), "api_hrn": api(hrn), "cli_hrn": cli(hrn)}
        typed = _typed_decoder_note()
        try:
            import pyspiel

            os_game = pyspiel.load_game("hearts")
            seqs = action_sequences(games)

            def openspiel() -> None:
                for acts in seqs:
                    state = os_game.new_initial_state()
                    for a in acts:
                        state.apply_action_with_legality_check(a)

            def openspiel_jsonl() -> None:
                loads = json.loads
                new = os_game.new_initial_state
                with open(path, encoding="utf-8") as fh:
                    for line in fh:
                        for deal in loads(line)["deals"]:
                            state = new()
                            for a in json_actions(deal):
                                state.apply_action_with_legality_check(a)

            def openspiel_pretty() -> None:
                new = os_game.new_initial_state
                # The collector paused while the array is built, as validate
                # pauses it per batch: with it on, json.load of a large array
                # costs two to three times more (it keeps walking the records
                # being built), and the anchor would flatter the package.
                gc.disable()
                try:
                    with open(pretty, encoding="utf-8") as fh:
                        records = json.load(fh)
                finally:
                    gc.enable()
                for record in records:
                    for deal in record["deals"]:
                        state = new()
                        for a in json_actions(deal):
                            state.apply_action_with_legality_check(a)

            assert [json_actions(d) for line in lines for d in json.loads(line)["deals"]] == seqs
            cpu_runs["openspiel"] = openspiel
            cpu_runs["openspiel_jsonl"] = openspiel_jsonl
            cpu_runs["openspiel_pretty"] = openspiel_pretty
        except ImportError:
            pass
        best = {k: float("inf") for k in [*cpu_runs, "jobs2"]}
        for _ in range(rounds):
            for k, fn in cpu_runs.items():
                best[k] = min(best[k], _cpu(fn))
            best["jobs2"] = min(best["jobs2"], _wall(validate_2))
    rate = {k: (big_deals if k == "jobs2" else deals) / v for k, v in best.items()}
    def row(name: str, key: str, target: str | None, note: str, unit: str = "deals/s",
            anchor_key: str = "openspiel") -> dict[str, object]:
        anchor = {"openspiel": "OpenSpiel replay",
                  "openspiel_jsonl": "OpenSpiel replay from the same JSONL",
                  "openspiel_pretty": "OpenSpiel replay from the same pretty JSON file",
                  "cli_jsonl": "CLI path, JSONL", "cli_hrn": "CLI path, HRN"}[anchor_key]
        anchor_value = rate.get(anchor_key)
        value = rate[key]
        ratio = value / anchor_value if anchor_value and key != anchor_key else None
        return {
            "name": name, "value": round(value), "unit": unit,
            "anchor": anchor if ratio is not None else None,
            "anchor_value": round(anchor_value) if ratio is not None and anchor_value else None,
            "ratio": round(ratio, 3) if ratio is not None else None,
            "target": target, "note": note,
        }

    note = f"{deals} deals ({len(games)} complete games, openspiel preset), best of {rounds} rounds"
    rows = []
    if "openspiel" in rate:
        rows.append(row("OpenSpiel replay", "openspiel", None,
                        "actions converted beforehand; apply_action_with_legality_check on every "
                        "action; CPU time; " + note))
        rows.append(row("OpenSpiel replay from the same JSONL", "openspiel_jsonl", None,
                        "read the file, json.loads each line, card strings to action ids, then the "
                        "same replay; CPU time; " + note))
        rows.append(row("OpenSpiel replay from the same pretty JSON file", "openspiel_pretty", None,
                        "json.load of the pretty-printed array (indent=2; the collector paused, as "
                        "validate pauses it), card strings to action "
                        "ids, then the same replay; CPU time; " + note))
    jsonl_anchor = "openspiel_jsonl" if "openspiel_jsonl" in rate else "openspiel"
    pretty_anchor = "openspiel_pretty" if "openspiel_pretty" in rate else jsonl_anchor
    rows.append(row("validate JSONL, 1 job", "validate", "≥ 2.0 × OpenSpiel replay from the same JSONL",
                    "hearts validate's work on a .jsonl file in one process (read, batch, report "
                    f"entries); the package's canonical spacing; decoder: {typed}; {_core()}; "
                    "CPU time; " + note,
                    anchor_key=jsonl_anchor))
    rows.append(row("validate JSONL (json.dumps defaults), 1 job", "dumps",
                    "≥ 2.0 × OpenSpiel replay from the same JSONL",
                    "the same records written by json.dumps with its default separators; CPU time; "
                    + note, anchor_key=jsonl_anchor))
    rows.append(row("validate pretty-printed JSON, 1 job", "pretty",
                    "≥ 2.0 × OpenSpiel replay from the same pretty JSON file",
                    "the same records as one JSON array, indent=2; CPU time; " + note,
                    anchor_key=pretty_anchor))
    rows.append(row("validate pretty-printed JSON, 1 job, against the JSONL anchor", "pretty", None,
                    "the row above against OpenSpiel's replay from the JSONL file; CPU time; "
                    + note, anchor_key=jsonl_anchor))
    rows.append(row("pretty-printed JSON: cutting the array alone", "pretty_cut", None,
                    "part of the row above: the reading process finds where each element ends "
                    "(a streaming cut, memory flat: with msgspec, proposed by the layout and "
                    "confirmed without building the value; else decoded) and the worker decodes "
                    "it; CPU time; " + note, anchor_key=jsonl_anchor))
    if "openspiel" in rate:
        rows.append(row("validate JSONL, 1 job, against the converted replay", "validate", None,
                        "the canonical JSONL row against OpenSpiel with its actions converted "
                        "beforehand (no file, no decoding); CPU time; " + note))
    rows.append(row("validate JSONL, 1 job, report written", "written", None,
                    "the same plus the summary and the JSON report text (the whole command but "
                    "start-up); CPU time; " + note))
    load = (", load average {:.2f} {:.2f} {:.2f}".format(*os.getloadavg())
            if hasattr(os, "getloadavg") else "")
    rows.append(row("validate JSONL, --jobs 2", "jobs2", None,
                    f"report entries from 2 worker processes, wall clock (pool start-up included; "
                    f"needs two free cores){load}; {big_deals} deals (the same games "
                    f"{len(big_games) // len(games)} times), best of {rounds} rounds",
                    unit="deals/s (wall)"))
    for fmt in ("jsonl", "hrn"):
        label = fmt.upper()
        rows.append(row(f"CLI path, {label}", f"cli_{fmt}", None,
                        "iter_reports, what hearts validate runs in one process (jobs=1); "
                        f"CPU time; {note}", anchor_key=f"cli_{fmt}"))
        rows.append(row(f"library API validate_file, {label}", f"api_{fmt}",
                        "within 10% of the CLI path (ratio >= 0.9)",
                        "hearts_notation.validate_file on the same file, its Validation "
                        f"collected; CPU time; {note}", anchor_key=f"cli_{fmt}"))
    rows.append(row("json.loads alone", "floor", None,
                    "the floor of any JSONL reader (lines in memory); CPU time; " + note))
    rows.append(row("referee on the model", "model", None,
                    "JSON to the model, then check_game: the path of records that are not "
                    "clean and complete; CPU time; " + note))
    return rows


def main() -> None:
    from rows import switches

    rows = run(quick=switches(__doc__, "--quick")["--quick"])
    print(f"{'benchmark':40} {'value':>10}  {'unit':16} {'ratio':>7}  target")
    for r in rows:
        ratio = "" if r["ratio"] is None else f"{r['ratio']:.2f}"
        print(f"{r['name']!s:40} {r['value']!s:>10}  {r['unit']!s:16} {ratio:>7}  {r['target'] or ''}")
    print(str(rows[0]["note"]).split("; ")[-1])


if __name__ == "__main__":
    main()
