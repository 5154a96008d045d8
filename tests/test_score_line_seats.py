"""A played deal's ``score`` line names every seat, as its ``total`` line
must (docs/spec.md, section 5.2): a seat left out is a ``score-mismatch``
error, on every path (the model's referee, the compact check of
``validate``, ``score``), in HRN and in JSON alike."""

from __future__ import annotations

from pathlib import Path

import pytest
from clirun import run, write

from hearts_notation.api import validate_text
from hearts_notation.io import dumps, iter_games_text
from hearts_notation.referee import check_game

CANONICAL = Path(__file__).resolve().parent.parent / "samples" / "canonical.hrn"
ENGLISH = ("the score line of deal 1 has no figure for Dev (W): it needs one for each of "
           "Margaret (N) Tom (E) Priya (S) Dev (W)")
FRENCH = ("la ligne de marque de la donne 1 n'a pas de chiffre pour Dev (O) : il en faut un "
          "pour chacune des places Margaret (N) Tom (E) Priya (S) Dev (O)")


@pytest.fixture(scope="module")
def partial() -> dict[str, str]:
    """samples/canonical.hrn with deal 1's score line missing W (its
    figures otherwise right), as HRN and as JSON."""
    text = CANONICAL.read_text(encoding="utf-8")
    assert text.count("score N 13 E 0 S 13 W 0\n") == 1
    hrn = text.replace("score N 13 E 0 S 13 W 0\n", "score N 13 E 0 S 13\n")
    games = list(iter_games_text(hrn, "hrn", "partial.hrn"))
    return {"hrn": hrn, "json": dumps(games, "json"), "jsonl": dumps(games, "jsonl")}


@pytest.mark.parametrize("fmt", ["hrn", "json", "jsonl"])
def test_a_seat_missing_from_a_score_line_is_an_error(partial: dict[str, str], fmt: str) -> None:
    report = validate_text(partial[fmt], fmt)
    found = [f for e in report.entries for f in e["findings"]]
    assert [(f["code"], f["severity"], f["deal"], f["message"]) for f in found] == [
        ("score-mismatch", "error", 1,
         "the score line of deal 1 has no figure for W: it needs one for each of N E S W")]
    if fmt == "hrn":
        assert (found[0]["line"], found[0]["column"]) == (38, 1)
    # the model's referee says the same
    game = next(iter_games_text(partial[fmt], fmt, "x"))
    assert [(f.code, f.deal) for f in check_game(game).findings] == [("score-mismatch", 1)]


def test_the_commands_in_both_languages(partial: dict[str, str], tmp_path: Path) -> None:
    hrn = write(tmp_path, "partial.hrn", partial["hrn"])
    status, out = run("validate", hrn)
    assert status == 1
    assert f"partial.hrn:38:1: error: {ENGLISH} [score-mismatch]" in out
    js = write(tmp_path, "partial.json", partial["json"])
    status, out = run("validate", "--lang", "fr", js)
    assert status == 1 and f"partial.json:377:16: erreur: {FRENCH} [score-mismatch]" in out
    status, out = run("score", js)
    # (score's disagreements are paragraphs wrapped at words since lang31)
    assert ENGLISH in " ".join(out.split())


def test_a_full_score_line_and_no_score_line_stay_clean() -> None:
    text = CANONICAL.read_text(encoding="utf-8")
    assert validate_text(text).entries[0]["valid"]
    without = text.replace("score N 13 E 0 S 13 W 0\n", "")
    assert validate_text(without).entries[0]["findings"] == []
