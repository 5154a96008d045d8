"""A syntax error that names a seat names its player where the record names
one, in every command that reports it (as ``validate`` does): score, replay,
annotate (and hint, position...: the same reader), convert and fmt used to
say "à O" where validate says "à Dédé (O)"."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli

RECORD = """[Événement "Chelem"]
[Règles "moon-choice"]
[Nord "Anne"] [Est "Bruno"] [Sud "Chloé"] [Ouest "Dédé"]

donne 1 passe à gauche
capot W
marque N 26 E 26 S 26 O 0
total N 26 E 26 S 26 O 0
"""


@pytest.mark.parametrize("command", [["validate"], ["score"], ["replay"], ["annotate"],
                                     ["convert", "--to", "json"], ["fmt"]])
def test_the_seat_of_a_syntax_error_is_its_player(tmp_path: Path, command: list[str]) -> None:
    path = tmp_path / "chelem.hrn"
    path.write_text(RECORD, encoding="utf-8")
    result = CliRunner().invoke(cli, [*command, "--lang", "fr", str(path)])
    assert result.exit_code in (1, 2)
    assert "laissent le choix à Dédé (O) :" in result.output, result.output


def test_annotate_out_dir_names_the_player_too(tmp_path: Path) -> None:
    """The corpus mode reads each part in its worker (runners/annotate.py):
    the same message as a local read."""
    path = tmp_path / "chelem.hrn"
    path.write_text(RECORD, encoding="utf-8")
    result = CliRunner().invoke(cli, ["annotate", "--lang", "fr", "--jobs", "1", "--out-dir",
                                      str(tmp_path / "out"), str(path)])
    assert "laissent le choix à Dédé (O) :" in result.output, result.output
