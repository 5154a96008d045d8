"""``annotate --out-dir``'s summary and its last line count in each
language's plural (French says 0 and 1 in the singular): '1 morceau ou
fichier du corpus n'a pas été écrit', '0 partie, 0 donne', not '1 morceaux
... n'ont pas été écrits'.  A record refused at once: nothing is analysed."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli

RECORD = """[Rules "standard"]

deal 1 dealer N pass left
1. N 2C E 3C S 4C W 5C N 6C
"""


@pytest.mark.parametrize(("lang", "said"), [
    ("en", ["parts done: 0 of 1, from 1 file (0 by an earlier run): 0 games, 0 deals",
            "in 0 decisions;",
            "hearts: 1 part or file of the corpus was not written to"]),
    ("fr", ["morceaux faits : 0 sur 1, de 1 fichier (0 par une exécution précédente) : "
            "0 partie, 0 donne",
            "en 0 décision ;",
            "hearts: 1 morceau ou fichier du corpus n'a pas été écrit dans"]),
])
def test_the_corpus_summary_counts_in_the_language(tmp_path: Path, lang: str,
                                                    said: list[str]) -> None:
    path = tmp_path / "bad.hrn"
    path.write_text(RECORD, encoding="utf-8")
    result = CliRunner().invoke(cli, ["annotate", "--fast", "--lang", lang, "--jobs", "1",
                                      "--out-dir", str(tmp_path / "out"), str(path)])
    assert result.exit_code == 2
    for words in said:
        assert words in result.output, result.output
