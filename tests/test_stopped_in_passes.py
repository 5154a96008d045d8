"""A deal that stops in its passes, or is kept by its score line alone:
position, diagram and solve say so (they start at the first trick) rather
than "the deal is complete" or "every hand must be known"; hint still
advises the pass.  And the editor offers the reader's own did-you-mean for a
club's shorthand of a pass direction (``à g.``), which is not a word."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli
from hearts_notation.editor.document import Checker
from hearts_notation.editor.features import code_actions

ROOT = Path(__file__).resolve().parent.parent
CANONICAL = (ROOT / "samples" / "canonical.hrn").read_text(encoding="utf-8")
FRENCH = (ROOT / "samples" / "feuille-en-francais.hrn").read_text(encoding="utf-8")


def _first_deal(lines_kept: int, drop: tuple[str, ...] = ()) -> str:
    """The canonical sample's tags and first deal, up to *lines_kept* lines,
    without the lines starting with *drop*."""
    lines = CANONICAL.split("\n")[:lines_kept]
    return "\n".join(x for x in lines if not x.startswith(drop)) + "\n"


# Two passes written (N, E), S and W not yet: S is the next to pass.
HALF_PASSED = _first_deal(24, ("pass S", "pass W"))
# The hands only: N is the first to pass.
NOT_PASSED = _first_deal(20)
SHEET = '[Rules "standard"]\n\ndeal 1 dealer W pass left\nscore N 5 E 8 S 13 W 0\n'


def _run(tmp_path: Path, text: str, *args: str) -> tuple[int, str]:
    f = tmp_path / "g.hrn"
    f.write_text(text, encoding="utf-8")
    r = CliRunner().invoke(cli, [*args, str(f)])
    return r.exit_code, r.output


@pytest.mark.parametrize(("text", "seat"), [(HALF_PASSED, "Priya (S)"), (NOT_PASSED, "Margaret (N)")])
def test_position_and_diagram_say_the_deal_stops_in_its_passes(tmp_path: Path, text: str,
                                                                seat: str) -> None:
    assert "pass N:" in HALF_PASSED and "pass S:" not in HALF_PASSED and "1. " not in HALF_PASSED
    for command in (["position"], ["diagram", "-o", str(tmp_path / "d.svg")]):
        code, out = _run(tmp_path, text, *command)
        assert code == 2
        assert f"deal 1 stops in its passes: {seat} is to pass" in out
        assert "complete" not in out
    assert not (tmp_path / "d.svg").exists()
    code, out = _run(tmp_path, text, "position", "--lang", "fr")
    assert code == 2 and "la donne 1 s'arrête aux passes : c'est à" in out


def test_solve_says_the_deal_stops_in_its_passes(tmp_path: Path) -> None:
    code, out = _run(tmp_path, HALF_PASSED, "solve")
    assert code == 2
    assert "deal 1 stops in its passes: hearts solve starts at the first trick" in out
    assert "every hand must be known" not in out
    code, out = _run(tmp_path, HALF_PASSED, "solve", "--all", "--format", "jsonl")
    assert json.loads(out.splitlines()[0])["error_id"] == "in_passes"
    code, out = _run(tmp_path, NOT_PASSED, "solve", "--lang", "fr")
    assert code == 2 and "la donne 1 s'arrête aux passes" in out


def test_hint_still_advises_the_pass(tmp_path: Path) -> None:
    code, out = _run(tmp_path, HALF_PASSED, "hint", "--fast")
    assert code == 0 and "Priya (S) to pass" in out


def test_a_score_sheet_deal_has_no_position_and_nothing_to_solve(tmp_path: Path) -> None:
    code, out = _run(tmp_path, SHEET, "position")
    assert code == 2 and "deal 1 is kept as a score sheet" in out and "passes" not in out
    code, out = _run(tmp_path, SHEET, "solve")
    assert code == 2 and "deal 1 is kept as a score sheet" in out
    code, out = _run(tmp_path, SHEET, "hint")
    assert code != 0 and "deal 1 is kept as a score sheet" in out


@pytest.mark.parametrize(("typed", "meant"), [("à g.", "à gauche"), ("g.", "gauche"),
                                              ("pas d'échange", "garde")])
def test_the_editor_offers_the_readers_word_for_a_shorthand(typed: str, meant: str) -> None:
    text = FRENCH.replace("passe gauche", f"passe {typed}", 1)
    checker = Checker()
    analysis = checker.analyse(text)
    fixes = [a for a in code_actions(analysis, checker, 0, len(analysis.lines), "fr")
             if a.codes == ("syntax-error",)]
    assert [(a.title, a.edits[0].text) for a in fixes] == [
        (f"Remplacer « {typed} » par « {meant} »", meant)]
    (edit,) = fixes[0].edits
    line = analysis.lines[edit.line]
    assert line[edit.column:edit.end_column] == typed
