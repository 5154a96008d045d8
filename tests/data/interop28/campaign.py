"""Round 28's checks of games-collection games to targets other than 100, in one log.

The log (``make.py``) is read with round 27's test-only converter
(``tests/data/interop27/convert.py``: a game per section, hands rebuilt from the plays
and the passes, the engine's points as ``score`` lines and its running scores as
``total`` lines); the only change is the rule set, ``openspiel target=T``, T read from
the section's header (the score at which the engine's ``is_game_over`` ends the game).
Then, on the whole file at once: ``validate`` (every finding a disagreement unless it
is the engine's tie given to its first seat, round 27's ``tie_to_first``), ``score``
(every deal's points and moon and every running total against the engine's), the
result (the engine's winner, or all the seats of a tie, is ours), ``convert`` HRN ->
JSON -> YAML -> HRN equal to HRN -> HRN, ``select --where moon --deals --count``,
``replay`` and, with the engine installed, its legal cards at every card against ours
(round 27's ``legal_sets``), and, with pyspiel, each deal written
``--to openspiel-history`` and replayed there.

    python tests/data/interop28/campaign.py DIR     # DIR/collection.log
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
Run = Callable[..., "tuple[int, str]"]


def _round27() -> Any:
    path = HERE.parent / "interop27" / "campaign.py"
    spec = importlib.util.spec_from_file_location("interop28_round27", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


r27 = _round27()
conv = r27.conv
_TARGET = re.compile(r"target=(\d+)")


def targets(text: str) -> list[int]:
    """Each game's target, from its section header (make.py writes ``target=T``)."""
    return [int(m.group(1)) for m in _TARGET.finditer("\n".join(re.findall(r"^=== .* ===$", text, re.M)))]


def to_hrn(text: str) -> str:
    """The log as HRN: round 27's converter, each game's rules with its target."""
    games = conv.collection_to_hrn(text).split('[Rules "openspiel"]')
    head, rest = games[0], games[1:]
    assert len(rest) == len(targets(text)), "a section without its target"
    return head + "".join(f'[Rules "openspiel target={t}"]' + g
                          for t, g in zip(targets(text), rest, strict=True))


def _json(run: Run, *args: str) -> Any:
    code, out = run(*args, "--format", "json")
    assert code in (0, 1), (args, out)
    return json.loads(out)


def campaign(logdir: Path, work: Path, run: Run, full: bool = True) -> tuple[Counter[str], list[str]]:
    """Every check on *logdir*/collection.log; the counts and the disagreements.

    ``full=False`` stops after validate and score (the default test run's part)."""
    counts: Counter[str] = Counter()
    bad: list[str] = []
    text = (logdir / "collection.log").read_text(encoding="utf-8")
    games = [(deals, totals, winner) for _what, deals, totals, winner in conv.parse_collection(text)]
    counts["games"] = len(games)
    hrn = work / "collection.hrn"
    hrn.write_text(to_hrn(text), encoding="utf-8")
    report = _json(run, "validate", str(hrn))
    for g, game in enumerate(report["games"]):
        for f in game["findings"]:
            why = r27.tie_to_first(games[g][1], games[g][2], f)
            if why:
                counts[f"findings from the engine's {why}"] += 1
            else:
                bad.append(f"game {g + 1}: {f['code']} {f['message']}")
    scored = _json(run, "score", str(hrn))
    for g, (game, (deals, totals, winner)) in enumerate(zip(scored["games"], games, strict=True)):
        running = [0, 0, 0, 0]
        for deal, total, ours in zip(deals, totals, game["deals"], strict=True):
            counts["deals"] += 1
            pts = [ours["points"][s] for s in conv.SEATS]
            moon = sorted(deal.points) == [0, 26, 26, 26]
            counts["moons"] += moon
            running = [a + b for a, b in zip(running, pts, strict=True)]
            if pts != deal.points or (ours["moon"] is not None) != moon or running != total:
                bad.append(f"game {g + 1} deal {ours['number']}: points {pts} moon {ours['moon']} "
                           f"total {running}, the engine's {deal.points} moon {moon} total {total}")
            else:
                counts["scores agreed"] += 1
        counts["totals past 100"] += max(totals[-1]) > 100
        low = min(totals[-1])
        tied = [conv.SEATS[s] for s, t in enumerate(totals[-1]) if t == low]
        counts["games ending in a tie"] += len(tied) > 1
        if winner not in tied:
            bad.append(f"game {g + 1}: the engine's winner {winner}, lowest {tied}")
    if not full:
        return counts, bad
    r27.round_trips(run, work, "collection", counts, bad)
    moons = sum(sorted(d.points) == [0, 26, 26, 26] for deals, _, _ in games for d in deals)
    code, out = run("select", str(hrn), "--where", "moon", "--deals", "--count")
    if out.split() != [str(moons)]:
        bad.append(f"select --where moon --deals counts {out.strip()}, the engine {moons}")
    for g in range(len(games)):
        code, out = run("replay", str(hrn), "--game", str(g + 1))
        counts["replays"] += 1
        if code != (1 if report["games"][g]["findings"] else 0):
            bad.append(f"replay game {g + 1}: exit {code}")
    (work / "heartsgym.log").write_text("", encoding="utf-8")  # round 27's legal_sets reads it
    (work / "collection.log").write_text(text, encoding="utf-8")
    bad += r27.legal_sets(work, counts)
    bad += r27._pyspiel_replay(hrn, [d for deals, _, _ in games for d in deals], run, counts)
    return counts, bad


def main(argv: list[str]) -> int:
    """Run the campaign on DIR/collection.log; exit 1 on a disagreement."""
    return int(r27.run_campaign(lambda work, run: campaign(Path(argv[0]), work, run)))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
