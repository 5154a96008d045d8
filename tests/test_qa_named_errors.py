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


@pytest.mark.parametrize("command", [["score"], ["score", "--format", "json"], ["replay"],
                                     ["annotate"], ["convert", "--to", "json"], ["fmt"]])
def test_the_seat_of_a_syntax_error_is_shown_as_its_game_shows_it(
        tmp_path: Path, command: list[str]) -> None:
    """French writes W as O, unless O is another seat of the game: then W
    stays W (``à O`` would name the wrong seat)."""
    path = tmp_path / "chelem.hrn"
    path.write_text('[Event "Chelem"]\n[Rules "moon-choice"]\n[Seats "N E O W"]\n\n'
                    "deal 1 pass left\nmoon W\n", encoding="utf-8")
    result = CliRunner().invoke(cli, [*command, "--lang", "fr", str(path)])
    assert result.exit_code == 2
    assert "laissent le choix à W :" in result.output, result.output


def test_annotate_out_dir_names_the_player_too(tmp_path: Path) -> None:
    """The corpus mode reads each part in its worker (runners/annotate.py):
    the same message as a local read."""
    path = tmp_path / "chelem.hrn"
    path.write_text(RECORD, encoding="utf-8")
    result = CliRunner().invoke(cli, ["annotate", "--lang", "fr", "--jobs", "1", "--out-dir",
                                      str(tmp_path / "out"), str(path)])
    assert "laissent le choix à Dédé (O) :" in result.output, result.output


@pytest.mark.parametrize(("lang", "seats", "said"), [
    ("en", '[North "Nadia"] [West "Wim"]', "Nadia (N) plays out of turn; it is Wim (W)'s turn"),
    # French shows W as O, unless O is another seat of the game
    ("fr", '[Seats "N E O W"]', "N joue hors de son tour ; c'est à W de jouer"),
])
def test_annotate_out_dir_words_a_malformed_trick_as_a_local_read(
        tmp_path: Path, lang: str, seats: str, said: str) -> None:
    """The worker's message for a trick the analysis cannot replay is the
    local read's: players named, seats shown as the game shows them, the
    line quoted with its caret."""
    import re

    from test_analysis_cli import UNFINISHED

    text = UNFINISHED.replace("7. S 2H W 8H N 3H E TH", "7. S 2H N 3H W 8H E TH")
    if "O" in seats:
        text = re.sub(r"\bS\b", "O", text)
    path = tmp_path / "bad.hrn"
    path.write_text(text.replace('[Rules "standard"]', f'[Rules "standard"]\n{seats}'),
                    encoding="utf-8")
    local = CliRunner().invoke(cli, ["annotate", "--fast", "--lang", lang, str(path)])
    parts = CliRunner().invoke(cli, ["annotate", "--fast", "--lang", lang, "--jobs", "1",
                                     "--out-dir", str(tmp_path / "out"), str(path)])
    assert (local.exit_code, parts.exit_code) == (2, 2)
    first = local.output.splitlines()[:3]
    assert said in first[0]
    assert first[2].strip() == "^"
    assert parts.output.splitlines()[:3] == first, parts.output


@pytest.mark.parametrize("extra", [[], ["--format", "json"], ["--jobs", "2"]])
def test_validate_shows_the_seats_as_the_game_does(tmp_path: Path, extra: list[str]) -> None:
    """A finding that names W in a game whose seats are N E O W says W in
    French (the report entry carries the game's seats, as it carries its
    players), whether printed, in JSON (``message_translated``) or checked
    by worker processes."""
    path = tmp_path / "tour.hrn"
    path.write_text('[Seats "N E O W"]\n\ndeal 1 dealer W pass hold\n'
                    "1. N 2C O 5C E 3C W AC\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", "--lang", "fr", *extra, str(path)])
    assert result.exit_code == 1, result.output
    assert "E a joué hors de son tour au pli 1 : après O, c'est à W de jouer" in result.output, \
        result.output
    assert "c'est à O de jouer" not in result.output
