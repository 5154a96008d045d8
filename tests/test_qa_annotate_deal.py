"""``annotate --deal D`` where no game of the record has a deal D: an
error (exit 2) naming the option, not the record written back unmarked with
status 0 (nothing was analysed, and nothing said so)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli

SAMPLE = Path(__file__).resolve().parent.parent / "samples" / "feuille-en-francais.hrn"


@pytest.mark.parametrize(("deal", "lang", "said"), [
    (5, "fr", "hearts: --deal 5 : aucune partie de l'enregistrement n'a de donne 5 "
               "(la plus longue en a 2)\n"),
    (0, "en", "hearts: --deal 0: no game of the record has a deal 0 (the longest has 2)\n"),
])
def test_a_deal_no_game_has_is_an_error(deal: int, lang: str, said: str) -> None:
    result = CliRunner().invoke(cli, ["annotate", "--lang", lang, "--deal", str(deal), str(SAMPLE)])
    assert result.exit_code == 2
    assert result.output == said
