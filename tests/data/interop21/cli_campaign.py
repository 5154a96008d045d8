"""pyspiel's games through the ``hearts`` command line (needs ``pyspiel``).

    nice python tests/data/interop21/cli_campaign.py COMBINATIONS [OUT_DIR]

Plays deals with pyspiel (make.py's policies, chance from
``chance_outcomes()``) under COMBINATIONS parameter combinations drawn
with a fixed seed, stopped in the pass phase, mid-trick and at the end;
writes each state in every form a user saves; and runs ``hearts validate``,
``score --format json`` (points = 26 - returns()), ``convert --to hrn`` and
back ``--to openspiel-history`` (replayed in pyspiel with legality checks:
the same returns()), ``replay`` and, on finished random deals, ``solve``.
Prints each disagreement and the counts; exit 1 if there is one.  A form
with no parameters (``serialize()``, the state JSON, ``str(state)``) is
checked only where the parameters it cannot carry are OpenSpiel's defaults
(the JSON and the text show ``jd_bonus`` and ``avoid_all_tricks_bonus``
in their points).  Slow (a process per command): about 0.25 s a run.
"""

from __future__ import annotations

import importlib.util
import itertools
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pyspiel

_spec = importlib.util.spec_from_file_location("interop21_make", Path(__file__).with_name("make.py"))
assert _spec is not None and _spec.loader is not None
make = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make)

DEFAULT = pyspiel.load_game("hearts").get_parameters()


def hearts(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["hearts", *args], capture_output=True, text=True, check=False)


def main(combinations: int, out: Path) -> int:
    bad: list[tuple[Any, ...]] = []
    runs = 0

    def note(*what: Any) -> None:
        bad.append(what)
        print("DISAGREE", *what, flush=True)

    combos = random.Random(21).sample(list(itertools.product((False, True), repeat=8)),
                                      combinations)
    for ci, combo in enumerate(combos):
        params = dict(zip(make.NAMES, combo, strict=True))
        gs = make.game_string(params)
        game = pyspiel.load_game(gs)
        free = {k for k in make.NAMES if params[k] != DEFAULT[k]} - {"pass_cards"}
        for name, policy in make.POLICIES.items():
            for stop in (None, 1 + 52 + 5, 1 + 52 + 12 + 7):
                s = make.play(game, ci * 10 + len(name), policy, stop)
                tag = f"{ci}-{name}-{stop}"
                forms = {
                    "gas": ("openspiel-history", pyspiel.serialize_game_and_state(game, s)),
                    "lines": ("openspiel-history", gs + "\n" + json.dumps(s.history()) + "\n"),
                    "big": ("openspiel-history", gs + "\n" + json.dumps([s.history()]) + "\n"),
                }
                if not free:
                    forms["ser"] = ("openspiel-history", s.serialize())
                if not free - {"jd_bonus", "avoid_all_tricks_bonus"}:
                    forms["json"] = ("openspiel", s.to_json() + "\n")
                    forms["str"] = ("openspiel", str(s) + "\n")
                for form, (fmt, text) in forms.items():
                    f = out / f"{tag}.{form}.txt"
                    f.write_text(text)
                    p = hearts("validate", "--from", fmt, str(f))
                    runs += 1
                    if p.returncode not in (0, 1) or "Traceback" in p.stderr:
                        note(tag, form, gs, "validate", p.returncode, p.stderr[-300:])
                        continue
                    if p.returncode == 1 and s.is_terminal():
                        note(tag, form, gs, "validate findings", p.stdout[-300:])
                    if s.is_terminal():
                        p = hearts("score", "--format", "json", "--from", fmt, str(f))
                        runs += 1
                        deal = json.loads(p.stdout)["games"][0]["deals"][0]
                        if [deal["points"][k] for k in "NESW"] != make.points(s):
                            note(tag, form, gs, "score", deal["points"], make.points(s))
                    if form not in ("gas", "json") or (form == "json" and not s.is_terminal()):
                        continue
                    h = out / f"{tag}.{form}.hrn"
                    p = hearts("convert", "--from", fmt, "--to", "hrn", str(f), "-o", str(h))
                    runs += 1
                    if p.returncode:
                        note(tag, form, gs, "convert", p.returncode, p.stderr[-300:])
                        continue
                    p = hearts("replay", str(h))
                    runs += 1
                    if p.returncode not in (0, 1):
                        note(tag, form, gs, "replay", p.returncode, p.stderr[-300:])
                    if not s.is_terminal():
                        continue
                    p = hearts("convert", "--to", "openspiel-history", str(h))
                    runs += 1
                    lines = p.stdout.splitlines()
                    back = pyspiel.load_game(lines[0] if len(lines) > 1 else "hearts()")
                    r = back.new_initial_state()
                    for a in json.loads(lines[-1]):
                        r.apply_action_with_legality_check(a)
                    if r.returns() != s.returns():
                        note(tag, form, gs, "round trip", r.returns(), s.returns())
                    # (the analysis does not value no_trick_bonus=-5: solve
                    # refuses it, exit 2, with that reason)
                    if name == "random" and form == "gas" and not params["avoid_all_tricks_bonus"]:
                        p = hearts("solve", "--trick", "11", str(h))
                        runs += 1
                        if p.returncode:
                            note(tag, form, gs, "solve", p.returncode, p.stderr[-200:])
    print(f"{combinations} combinations, {runs} command runs, {len(bad)} disagreements")
    return 1 if bad else 0


if __name__ == "__main__":
    where = Path(sys.argv[2]) if len(sys.argv) > 2 else Path(tempfile.mkdtemp(prefix="interop21-"))
    where.mkdir(parents=True, exist_ok=True)
    sys.exit(main(int(sys.argv[1]), where))
