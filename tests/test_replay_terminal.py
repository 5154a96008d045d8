"""The terminal replay: layout (compass, staggered tricks), findings in red
at their card, ASCII mode, colour only on a TTY and NO_COLOR."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console
from rich.text import Text

from hearts_notation.io import read_games
from hearts_notation.render.story import GameFact, build_game
from hearts_notation.render.terminal import TerminalReplay, render_game

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "replay"


def fact(path: Path) -> GameFact:
    return build_game(next(iter(read_games(str(path)))))


def plain(game: GameFact, **kw: object) -> str:
    buf = io.StringIO()
    console = Console(file=buf, width=140, force_terminal=False, color_system=None)
    for _, r in render_game(game, **kw):  # type: ignore[arg-type]
        console.print(r)
    return buf.getvalue()


@pytest.fixture(scope="module")
def commented() -> GameFact:
    return fact(ROOT / "samples" / "commented-example.hrn")


def test_compass_diagram(commented: GameFact) -> None:
    lines = plain(commented).splitlines()
    north = next(i for i, ln in enumerate(lines) if "N Vous" in ln and "♠" not in ln and "·" not in ln)
    west_east = next(i for i, ln in enumerate(lines)
                     if "W Cleo" in ln and "E Ada" in ln and "·" not in ln)
    south = next(i for i, ln in enumerate(lines) if ln.strip() == "S Bo")
    assert north < west_east < south
    # North's hand under its name, in the middle column; West left of East.
    assert lines[north + 1].strip() == "♠ A Q 4"
    row = lines[west_east]
    assert row.index("W Cleo") < row.index("E Ada")
    assert lines[north].index("N Vous") > row.index("W Cleo")


def test_passes_given_and_received(commented: GameFact) -> None:
    out = plain(commented)
    line = next(ln for ln in out.splitlines() if ln.startswith("N Vous") and "Q♠" in ln)
    assert "Q♠ A♠ K♥" in line and "E Ada" in line and "K♣ J♥ 8♣" in line and "W Cleo" in line


def test_staggered_tricks(commented: GameFact) -> None:
    lines = plain(commented).splitlines()
    head = next(ln for ln in lines if ln.lstrip().startswith("N    E    S    W"))
    t1 = next(ln for ln in lines if ln.startswith(" 1. "))
    t3 = next(ln for ln in lines if ln.startswith(" 3. "))
    # Each card sits under its seat's column: trick 1 starts under S (Bo leads 2♣).
    assert t1.index("2♣") == head.index("S")
    assert t1.index("9♣") == head.index("W")
    # Trick 3: Cleo (W) leads, you follow in the second N column.
    assert t3.index("5♦") == head.index("W")
    assert t3.index("6♦") == head.index("N", head.index("W"))
    assert "S Bo" in t3 and " 13 " in t3 and "Q♠" in t3.split("S Bo")[1]
    t4 = next(ln for ln in lines if ln.startswith(" 4. "))
    assert "hearts broken" in t4 or "♥ broken" in t4
    assert t4.rstrip().split()[-6:-2] == ["0", "0", "14", "0"]  # running points N E S W


def test_comments_and_marks_inline(commented: GameFact) -> None:
    out = plain(commented)
    assert "K♣!" in out
    lines = out.splitlines()
    t1 = next(i for i, ln in enumerate(lines) if ln.startswith(" 1. "))
    assert "Aucun cœur ni la dame de pique" in lines[t1 + 1]


def test_score_and_totals(commented: GameFact) -> None:
    out = plain(commented)
    tail = out[out.index("Score"):]
    row = next(ln for ln in tail.splitlines() if ln.startswith("S Bo"))
    assert row.split()[2:] == ["16", "16", "16", "16"]


def test_findings_in_red_at_their_card() -> None:
    g = fact(DATA / "findings.hrn")
    tr = TerminalReplay(g)
    deal = g.deals[0]
    revoke = next(p for t in deal.tricks for p in t.plays if any(f.code == "revoke" for f in p.findings))
    trick = deal.tricks[revoke.trick - 1]
    cell = tr.play_cell(trick, revoke)
    assert "red" in str(cell.style) or any("red" in str(span.style) for span in cell.spans)
    out = plain(g)
    line = next(ln for ln in out.splitlines() if "[revoke]" in ln)
    assert f"{revoke.seat} {revoke.card.text(unicode=True)}" in line and "error" in line
    assert "[score-mismatch]" in out
    # The row of the bad trick is followed by its finding.
    lines = out.splitlines()
    i = next(k for k, ln in enumerate(lines) if ln.startswith(f"{revoke.trick:>2}. "))
    assert "[revoke]" in "\n".join(lines[i:i + 3])
    # And on a colour terminal the finding is red.
    buf = io.StringIO()
    console = Console(file=buf, width=140, force_terminal=True, color_system="standard")
    for _, r in render_game(g):
        console.print(r)
    red_line = next(ln for ln in buf.getvalue().splitlines() if "[revoke]" in ln)
    assert "\x1b[1;31m" in red_line or "\x1b[31m" in red_line


def test_three_players_row_layout() -> None:
    g = fact(DATA / "three-players.hrn")
    out = plain(g)
    row = next(ln for ln in out.splitlines() if "P1 Ana" in ln and "P2 Ben" in ln and "P3 Cy" in ln)
    assert row.index("P1 Ana") < row.index("P2 Ben") < row.index("P3 Cy")
    head = next(ln for ln in out.splitlines() if ln.lstrip().startswith("P1   P2   P3   P1   P2"))
    assert head
    assert next(ln for ln in out.splitlines() if ln.startswith("17. "))


def test_observer_record_shows_unknown_hands() -> None:
    g = fact(ROOT / "samples" / "variante-retenue-example.hrn")
    out = plain(g, lang="fr")
    assert out.count("? inconnue") == 4
    t2 = next(ln for ln in out.splitlines() if ln.startswith(" 2. "))
    # (West is O in French, as a French sheet writes it)
    assert "R♣" in t2 and "D♠" in t2 and "4♣" in t2 and "A♣" in t2 and "O D" in t2 and "13" in t2


def test_moon_shown_in_score() -> None:
    out = plain(fact(DATA / "moon.hrn"))
    assert "S Sami shot the moon (add)" in out


def test_ascii_mode(commented: GameFact) -> None:
    out = plain(commented, unicode=False)
    structure = [ln for ln in out.splitlines() if ln[:3].strip().rstrip(".").isdigit()]
    assert structure and all(ln.isascii() for ln in structure)
    assert "QS AS KH" in out and "hearts broken" in out


def test_cli_no_colour_when_piped_and_no_color_respected(tmp_path: Path) -> None:
    sample = str(ROOT / "samples" / "commented-example.hrn")
    env = dict(os.environ)
    env.pop("NO_COLOR", None)
    env["TERM"] = "xterm-256color"
    piped = subprocess.run([sys.executable, "-m", "hearts_notation", "replay", sample],
                           capture_output=True, text=True, env=env, check=False)
    assert piped.returncode == 0, piped.stderr
    assert "\x1b[" not in piped.stdout and "2♣" in piped.stdout
    # Forced terminal: colour, unless NO_COLOR is set.
    env["FORCE_COLOR"] = "1"
    coloured = subprocess.run([sys.executable, "-m", "hearts_notation", "replay", sample],
                              capture_output=True, text=True, env=env, check=False)
    assert "\x1b[" in coloured.stdout
    env["NO_COLOR"] = "1"
    plain_ = subprocess.run([sys.executable, "-m", "hearts_notation", "replay", sample],
                            capture_output=True, text=True, env=env, check=False)
    assert plain_.returncode == 0
    # NO_COLOR removes colours (bold and italic may stay: they are not colours).
    assert not re.search(r"\x1b\[[0-9;]*(3[0-7]|9[0-7]|38;)[0-9;]*m", plain_.stdout)


def test_text_cells_have_no_stray_markup(commented: GameFact) -> None:
    """Comments are shown as text, never interpreted as rich markup."""
    tr = TerminalReplay(commented)
    assert isinstance(tr.card(commented.deals[0].tricks[0].plays[0].card), Text)
