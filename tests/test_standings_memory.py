"""``standings`` in bounded memory with thousands of distinct names (issue 29, item 5).

The cross-table has a row and a column per player: a 148 KB file with 6,000
names took 2.47 GB and wrote a 397 MB page.  Now the table holds the first
:data:`~hearts_notation.standings.CROSS_TABLE_MAX` players (with a note) and
the JSON report every pair that met, built from those pairs only.
"""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hearts_notation.generate import generate_games
from hearts_notation.io import dumps
from hearts_notation.standings import CROSS_TABLE_MAX

ROOT = Path(__file__).resolve().parent.parent
GAMES = 750                 # four new names each: 3,000 players, 9 million cells before
PEAK_MB = 250

# The peak is VmHWM, the peak resident size of the child's own process image, not
# ru_maxrss: Linux carries ru_maxrss over from the forking parent across exec, so in a
# long pytest run (the parent at 759 MB) every format "peaked" at the parent's size.
_PEAK = ("import sys\nfrom hearts_notation.cli import main\n"
         "try:\n    main(sys.argv[1:])\nexcept SystemExit as exc:\n    code = exc.code\n"
         "hwm = next(ln for ln in open('/proc/self/status') if ln.startswith('VmHWM'))\n"
         "sys.stderr.write('PEAK %s\\n' % hwm.split()[1])\n"
         "sys.exit(code)\n")


@pytest.fixture(scope="module")
def many_names(tmp_path_factory: pytest.TempPathFactory) -> Path:
    games = []
    for i, game in enumerate(generate_games(GAMES, seed=29, max_deals=1)):
        players = {seat: f"Player {i:04d}-{k}" for k, seat in enumerate(game.players or
                                                                       ("N", "E", "S", "W"))}
        games.append(dataclasses.replace(game, players=players))
    path = tmp_path_factory.mktemp("names") / "many.jsonl"
    path.write_text(dumps(games, "jsonl"), encoding="utf-8")
    return path


def _run(*args: str) -> tuple[subprocess.CompletedProcess[str], float]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(PYTHONPATH=str(ROOT), HEARTS_NOTATION_CACHE="")
    run = subprocess.run([sys.executable, "-c", _PEAK, *args], capture_output=True, text=True,
                         env=env, cwd=ROOT, timeout=600)
    peak = [ln for ln in run.stderr.splitlines() if ln.startswith("PEAK ")]
    assert peak, run.stderr
    return run, int(peak[-1].split()[1]) / 1024      # VmHWM: KiB


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux /proc")
@pytest.mark.parametrize("fmt", ["json", "html", "table"])
def test_thousands_of_names_in_bounded_memory(many_names: Path, tmp_path: Path, fmt: str) -> None:
    out = tmp_path / f"standings.{fmt}"
    run, peak = _run("standings", "--format", fmt, "-j", "1", "-o", str(out), str(many_names))
    assert run.returncode == 0, run.stderr
    assert peak < PEAK_MB, f"{peak:.0f} MB"
    size = out.stat().st_size
    assert size < 8 * 1024 * 1024, size
    if fmt == "json":
        doc = json.loads(out.read_text(encoding="utf-8"))
        assert doc["summary"]["players"] == 4 * GAMES
        met = doc["head_to_head"]
        assert len(met) == 4 * GAMES
        # Every player met exactly the three others of its one game.
        assert all(len(row) == 3 for row in met.values())
    else:
        text = out.read_text(encoding="utf-8")
        assert f"first {CROSS_TABLE_MAX:,} of the {4 * GAMES:,} players" in text


def test_small_club_keeps_its_whole_cross_table() -> None:
    from hearts_notation.standings import standings_of, summarise

    games = list(generate_games(6, seed=3, max_deals=1))
    names = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]
    dressed = [dataclasses.replace(g, players={s: names[(i + k) % 6] for k, s in
                                               enumerate(g.players or ("N", "E", "S", "W"))})
               for i, g in enumerate(games)]
    st = standings_of(summarise(g) for g in dressed)
    table_names, rows = st.cross_table()
    assert sorted(table_names) == sorted(names) and len(rows) == 6
    assert st.cross_table_note() is None
    h2h = st.to_dict()["head_to_head"]
    for a, row in zip(table_names, rows, strict=True):
        for b, cell in zip(table_names, row, strict=True):
            assert (cell is None) == (b not in h2h[a])


def test_json_pieces_are_the_whole_documents_text(many_names: Path) -> None:
    """``standings --format json`` writes its document a player at a time:
    the same text as the document dumped whole, for an empty corpus, the
    samples (unnamed seats, notes, near-duplicate names), a corpus of many
    names, and with the ratings added."""
    from hearts_notation.io import read_games
    from hearts_notation.output import json_text
    from hearts_notation.standings import Standings, summarise

    corpora = [[], list(read_games(str(ROOT / "samples" / "club-night.json"))),
               [g for p in sorted((ROOT / "samples").glob("*.hrn")) for g in read_games(str(p))],
               list(read_games(str(many_names)))[:200]]
    for games in corpora:
        st = Standings()
        for g in games:
            st.add(summarise(g))
        for more in (None, {"ratings": {"model": "m", "results": [], "players": [{"a": "\x1b"}]}}):
            whole = json_text({**st.to_dict(), **(more or {})}, indent=2)
            assert "".join(st.json_pieces(more)) == whole
