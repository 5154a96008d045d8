"""Leftovers6: French elision before a Y, a JSON number named as typed, and
two cards glued in a trick line (each test cheap, well under a CPU-second)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from hearts_notation.cli import cli
from hearts_notation.i18n import catalog, elides_before, msg, players_in_view


def test_elision_before_y_only_when_a_consonant_follows() -> None:
    """*d'Yves*, *d'Yvonne*, but *de Yann*, *de Yolande*: a Y before a vowel
    is a consonant; one rule for the catalogs and the narration."""
    letters = catalog("fr")["narrate.elide"]
    assert elides_before(letters, "Yves") and elides_before(letters, "Yvonne")
    assert not elides_before(letters, "Yann") and not elides_before(letters, "Yolande")
    assert elides_before(letters, "Ada") and not elides_before(letters, "Bo")
    assert not elides_before(catalog("en")["narrate.elide"], "Ada")
    hands = msg("finding.missing-cards.other", who=("and", ("seat", "E"), ("seat", "S")))
    with players_in_view({"E": "Yann", "S": "Bo"}):
        assert "de Yann (E) et Bo (S)" in hands.text("fr")
    with players_in_view({"E": "Yves", "S": "Bo"}):
        assert "d'Yves (E) et Bo (S)" in hands.text("fr")


def test_a_json_number_is_named_as_typed(tmp_path: Path) -> None:
    """``"N": 1e400`` is read as Infinity and ``1E2`` as ``100.0``: the
    message names what the record says, in both languages and both JSON
    readers (a whole file, a JSONL line)."""
    for suffix in (".json", ".jsonl"):
        for typed in ("1e400", "1E2"):
            path = tmp_path / f"big{suffix}"
            path.write_text('{"deals": [{"number": 1, "score": {"N": ' + typed + "}}]}\n",
                            encoding="utf-8")
            en = CliRunner().invoke(cli, ["validate", str(path)])
            assert f":1:41: error: deals[0].score.N: {typed} is not a whole number of points" \
                in en.output
            fr = CliRunner().invoke(cli, ["validate", "--lang", "fr", str(path)])
            assert f"{typed} n'est pas un nombre entier de points" in fr.output
            assert "Infinity" not in en.output + fr.output and "100.0" not in en.output
