"""Regenerate the exporter-style records of this folder (helper interop26).

    python tests/data/interop26/make.py          # (needs numpy)

Each file is json21's ``clean.json`` (or ``clean.yaml``) written as another
program's exporter writes it; tests/test_interop26.py reads each against its
twin, or is told once.  ``campaign.py`` next to it is the pyspiel campaign (the long test).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

HERE = Path(__file__).parent
CLEAN = HERE.parent / "json21"


def write(name: str, record: object) -> None:
    (HERE / name).write_text(json.dumps(record, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def main() -> None:
    clean = json.loads((CLEAN / "clean.json").read_text(encoding="utf-8"))
    # 1. A site that did not see East's pass writes null for it: read as the
    #    record without East's pass (its twin, pass-absent.json).
    nulled = copy.deepcopy(clean)
    nulled["deals"][0]["passes"]["E"] = None
    write("pass-null.json", nulled)
    absent = copy.deepcopy(clean)
    del absent["deals"][0]["passes"]["E"]
    write("pass-absent.json", absent)
    # 2. The same in YAML, `E: ~` (clean.yaml's line for East's pass replaced).
    yaml = (CLEAN / "clean.yaml").read_text(encoding="utf-8")
    line = "    E: [AH, JS, 9D]\n"
    assert yaml.count(line) == 1
    (HERE / "pass-null.yaml").write_text(yaml.replace(line, "    E: ~\n"), encoding="utf-8")
    # 3. An exporter that writes every field, null when unset: `unfinished: null`.
    unset = copy.deepcopy(clean)
    unset["deals"][0]["unfinished"] = None
    write("unfinished-null.json", unset)
    # 4. Several games minified onto one line of a .jsonl file (CR LF, as a
    #    Windows script writes it).
    (HERE / "games-list-line.jsonl").write_bytes(
        (json.dumps([clean, clean], ensure_ascii=False) + "\r\n").encode("utf-8"))
    # 5a. A site's export that wraps its games in objects of its own: each
    #     game with its id, one a line; a list under "data"; "games" after
    #     another key (json21's games-wrapper.json has it first).
    (HERE / "wrapped-game.jsonl").write_text("".join(
        json.dumps({"id": n, "game": clean}, ensure_ascii=False) + "\n" for n in (17, 18)),
        encoding="utf-8")
    write("games-data.json", {"version": 2, "data": [clean, clean]})
    write("games-after-key.json", {"exported": "2026-12-07T08:00:00Z", "games": [clean, clean]})
    # 5. A script's log of a pyspiel run that wraps the state with its game
    #    string (tests/data/interop's terminal.osjson, pyspiel's own to_json()):
    #    told with the form to give, by the states' and the records' readers.
    state = (HERE.parent / "interop" / "terminal.osjson").read_text(encoding="utf-8").strip()
    (HERE / "state-in-object.osjson").write_text(
        '{"game": "hearts()", "seed": 5, "state": ' + state + "}\n", encoding="utf-8")
    # 6. A pyspiel history printed by Python, not as JSON: a tuple, and
    #    numpy's print of an array (numbers without commas, over 4 lines).
    import numpy

    history = json.loads((HERE.parent / "interop21" / "highest-lowest.oshist")
                         .read_text(encoding="utf-8").splitlines()[1])
    (HERE / "history-tuple.oshist").write_text(str(tuple(history)) + "\n", encoding="utf-8")
    (HERE / "history-numpy.oshist").write_text(str(numpy.array(history)) + "\n", encoding="utf-8")
    # 7. The same history as a script that wraps or stringifies each action
    #    writes it: [{"action": 1}, ...] and ["1", "26", ...].
    (HERE / "history-objects.oshist").write_text(
        json.dumps([{"action": a} for a in history]) + "\n", encoding="utf-8")
    (HERE / "history-strings.oshist").write_text(
        json.dumps([str(a) for a in history]) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
