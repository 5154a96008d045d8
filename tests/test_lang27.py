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


@pytest.mark.parametrize(("lang", "told"), [
    ("fr", "historique, action 106 : 1\u202f948 actions après la fin de la donne"),
    ("en", "history, action 106: 1,948 actions after the end of the deal")])
def test_a_counted_message_groups_its_count_the_language_s_way(
        tmp_path: Path, lang: str, told: str) -> None:
    """An OpenSpiel history long past its deal's end (hostile28's long
    history): "1948 actions après la fin de la donne", the count of a
    counted message shown bare where the summaries say "1 948"."""
    import random

    rng = random.Random(28)
    deal = list(range(52))
    rng.shuffle(deal)
    actions = [0, *deal, *(k % 52 for k in range(2_000))]
    history = tmp_path / "long.json"
    history.write_text("[" + ", ".join(map(str, actions)) + "]\n", encoding="utf-8")
    status, out = run("validate", "--from", "openspiel-history", "--lang", lang, str(history))
    assert status == 2, out
    assert told in out, out
