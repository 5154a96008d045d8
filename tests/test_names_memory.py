"""Every command that reads a corpus, on thousands of distinct player names (issue 29).

``standings`` once grew quadratically in the number of players
(tests/test_standings_memory.py).  Here every corpus-reading command runs on
two corpora of the same games: one where every game brings four new names
(6,400 players), and one where the games share the same four names.

* The commands that keep nothing per player (``validate``, ``stats``,
  ``convert``, ``select``, ``fmt``) peak the same on both, within the 4 MB of
  the streaming commands' standard (tests/test_fuzz_memory.py, which checks
  that four times the games cost no more).
* ``score`` and ``standings`` keep a line of totals per player (their reports
  list every player; ``standings`` also every pair that met): their memory
  grows with the players, by at most :data:`PER_PLAYER_KB` each, never with
  the pairs of players.

The peak is ``VmHWM`` of the command's own process (``ru_maxrss`` carries a
forking parent's peak over, see tests/test_standings_memory.py).
"""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hearts_notation.generate import generate_games
from hearts_notation.io import dumps

ROOT = Path(__file__).resolve().parent.parent
GAMES = 1600                # four new names each: 6,400 players
FLAT_KB = 4 * 1024          # the streaming commands' standard (test_fuzz_memory)
#: score and standings: a line of totals per player, KiB (measured on 6,400 players:
#: score 1.6 for JSON to 3.3 for the table, standings 3.2; standings was 9 before its
#: JSON was written a player at a time)
PER_PLAYER_KB = {"score": 4, "standings": 4}

_PEAK = ("import sys\nfrom hearts_notation.cli import main\n"
         "try:\n    main(sys.argv[1:])\nexcept SystemExit as exc:\n    code = exc.code\n"
         "hwm = next(ln for ln in open('/proc/self/status') if ln.startswith('VmHWM'))\n"
         "sys.stderr.write('PEAK %s\\n' % hwm.split()[1])\n"
         "sys.exit(code)\n")

#: (id, arguments before the file, whether it keeps a line per player)
COMMANDS: list[tuple[str, list[str], bool]] = [
    ("validate", ["validate", "-j", "1"], False),
    ("stats", ["stats", "-j", "1", "--format", "json"], False),
    ("convert", ["convert", "--to", "jsonl"], False),
    ("select", ["select", "-j", "1", "--count", "--where", "moon == S"], False),
    ("fmt", ["fmt"], False),
    ("score-json", ["score", "-j", "1", "--format", "json"], True),
    ("score-csv", ["score", "-j", "1", "--format", "csv"], True),
    ("score-table", ["score", "-j", "1", "--format", "table"], True),
    ("score-html", ["score", "-j", "1", "--format", "html"], True),
    ("standings", ["standings", "-j", "1", "--format", "json"], True),
]


def _corpus(folder: Path, distinct: bool, fmt: str) -> Path:
    games = []
    for i, game in enumerate(generate_games(GAMES, seed=29, max_deals=1)):
        j = i if distinct else 0
        players = {seat: f"Player {j:05d}-{k}" for k, seat in enumerate(game.players or
                                                                        ("N", "E", "S", "W"))}
        games.append(dataclasses.replace(game, players=players))
    path = folder / f"names-{'distinct' if distinct else 'same'}.{fmt}"
    path.write_text(dumps(games, fmt), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def corpora(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[bool, str], Path]:
    folder = tmp_path_factory.mktemp("names")
    return {(distinct, fmt): _corpus(folder, distinct, fmt) for distinct in (False, True)
            for fmt in ("jsonl", "hrn")}


def _peak_kb(args: list[str], out: Path) -> int:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(PYTHONPATH=str(ROOT), HEARTS_NOTATION_CACHE="")
    with out.open("wb") as fh:
        run = subprocess.run([sys.executable, "-c", _PEAK, *args], stdout=fh,
                             stderr=subprocess.PIPE, text=False, env=env, cwd=ROOT, timeout=600)
    err = run.stderr.decode("utf-8", "replace")
    assert run.returncode in (0, 1), err
    peak = [ln for ln in err.splitlines() if ln.startswith("PEAK ")]
    assert peak, err
    return int(peak[-1].split()[1])


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux /proc")
@pytest.mark.parametrize(("args", "per_player"), [(c[1], c[2]) for c in COMMANDS],
                         ids=[c[0] for c in COMMANDS])
def test_thousands_of_names(corpora: dict[tuple[bool, str], Path], tmp_path: Path,
                            args: list[str], per_player: bool) -> None:
    fmt = "hrn" if args[0] == "fmt" else "jsonl"
    same = _peak_kb([*args, str(corpora[False, fmt])], tmp_path / "same")
    distinct = _peak_kb([*args, str(corpora[True, fmt])], tmp_path / "distinct")
    players = 4 * GAMES
    allowed = FLAT_KB + (PER_PLAYER_KB[args[0]] * players if per_player else 0)
    assert distinct - same <= allowed, (
        f"{' '.join(args)}: {same / 1024:.1f} MB with 4 players, "
        f"{distinct / 1024:.1f} MB with {players:,}")
