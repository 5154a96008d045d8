"""``hearts solve``'s text names the seat to play as every other output does:
the player by name with the seat in the language's letters (West is ``O`` in
French), from the presentation context, not the seat's internal letter."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from hearts_notation.cli import cli

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def _solve(*args: str) -> str:
    result = CliRunner().invoke(cli, ["solve", *args], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def test_a_french_sheet_names_west_gwen_o() -> None:
    out = _solve(str(SAMPLES / "feuille-en-francais.hrn"), "--deal", "1", "--trick", "8")
    assert "à Gwen (O) de jouer" in out
    assert "(W)" not in out and " W " not in out


def test_the_english_text_names_the_player() -> None:
    out = _solve(str(SAMPLES / "feuille-en-francais.hrn"), "--deal", "1", "--trick", "8",
                 "--lang", "en")
    assert "Trick 8, card 1: Gwen (W) to play; each card with the points that player takes" in out
