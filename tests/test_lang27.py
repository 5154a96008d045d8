"""Helper lang27: a French club's eyes on round 28's new messages.

Each test is one fault found by running this session's changed flows
(``hearts rules``, ``hearts standings --ratings``, ``hearts hint`` at 10
and 80 columns, ``hearts validate`` on a YAML stream nested past 1,000
levels and on a folder with a broken link) in French.  Each failed before
its fix (docs/decisions.md, "French as a club reads it, round 28 (helper
lang27)").
"""

from __future__ import annotations

from pathlib import Path

import pytest
from clirun import run

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


@pytest.mark.parametrize(("lang", "title"), [
    ("fr", "Cotes (OpenSkill, Plackett-Luce ; 1 résultat)"),
    ("en", "Ratings (OpenSkill, Plackett-Luce; 1 result)")])
def test_the_ratings_of_a_single_result_say_it_in_the_singular(lang: str, title: str) -> None:
    """One game rated: the title said "1 résultats" ("1 results"), the
    count put into a plural noun whatever it was."""
    pytest.importorskip("openskill")
    status, out = run("standings", "--ratings", "--lang", lang, "--jobs", "1",
                      str(SAMPLES / "game.yaml"))
    assert status == 0, out
    assert title in out, out
