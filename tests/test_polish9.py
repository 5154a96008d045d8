"""Small defects of this session (polish9): ``hint --seat``'s bad value,
``hint``'s JSON notes in the run's language, and a period inside a trick
line."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner, Result

from hearts_notation.cli import cli
from hearts_notation.i18n import translate
from tests.hrn_oracle import lexer_or_error, oracle_or_error

#: A record stopped before its pass, North's hand known (no evaluation is
#: needed to reject a seat).
PASS_RECORD = ('[Rules "standard"]\n\ndeal 1 dealer W pass left\n'
               'N: AQ4.K93.J862.T75\n*\n\nresult *\n')


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def _record(tmp_path: Path) -> str:
    src = tmp_path / "p.hrn"
    src.write_text(PASS_RECORD, encoding="utf-8")
    return str(src)


def test_a_seat_of_no_game_is_a_bad_option_value(tmp_path: Path) -> None:
    src = _record(tmp_path)
    for value in ("Q", ""):
        r = run("hint", src, "--seat", value)
        assert r.exit_code == 2, r.output
        assert (f"Error: Invalid value for '--seat': '{value}' is not a seat of this game (N E S W)"
                in r.stderr)
        assert "Traceback" not in r.output
    fr = run("hint", src, "--seat", "Q", "--lang", "fr")
    assert fr.exit_code == 2
    assert ("Erreur : valeur incorrecte pour '--seat' : 'Q' n'est pas une place de cette partie "
            "(N E S O)") in fr.stderr


def test_the_french_letter_of_west_names_west(tmp_path: Path) -> None:
    """The letter the French error lists (O) is accepted: West, whose hand
    is unknown here, is the seat advised, not a bad value."""
    r = run("hint", _record(tmp_path), "--seat", "O", "--lang", "fr")
    assert r.exit_code != 0
    assert "valeur incorrecte" not in r.stderr
    assert "O" in r.stderr and "n'est pas connue" in r.stderr


#: South leads 2♣ and the three others discard: all void in clubs, yet the
#: clubs South does not hold must be somewhere, so the analysis ignores the
#: voids and says so in a note.
CONTRADICTION = ('[Rules "standard"]\n\ndeal 1 dealer W pass hold\n'
                 'S: .AKQJT98.32.5432\n1. S 2C W 2S N 3S E 4D\n*\n\nresult *\n')


def test_hint_notes_follow_the_language(tmp_path: Path) -> None:
    src = tmp_path / "r.hrn"
    src.write_text(CONTRADICTION, encoding="utf-8")
    args = ("hint", str(src), "--format", "json", "--fast", "--samples", "1")
    en = json.loads(run(*args).stdout)
    fr = json.loads(run(*args, "--lang", "fr").stdout)
    assert en["notes"] == [translate("en", "hint.note.relaxed")]
    assert fr["notes"] == [translate("fr", "hint.note.relaxed")]
    assert en["notes"] != fr["notes"]
    text = run("hint", str(src), "--fast", "--samples", "1", "--lang", "fr")
    assert translate("fr", "hint.note.relaxed") in text.stdout


def test_a_period_inside_a_trick_line_is_told_at_the_period() -> None:
    """At the period, in both readers (the lexer's refusal is worded by the
    grammar: one wording)."""
    line = "1. N 2♣. E 3♣ S 5♣ W A♣"
    said = lexer_or_error(line, 4)
    assert said == oracle_or_error(line, 4)
    assert said == ("error: 4:8: '.' ends a trick or pass line, after its last card: what follows "
                    "it, 'E 3♣ S 5♣ W A♣', is not read (leave out this '.')")
    # the period at the end is the trick's, as spec 2.4 has it
    assert not str(lexer_or_error("1. N 2♣ E 3♣ S 5♣ W A♣.")).startswith("error")


def test_a_period_inside_a_pass_line_in_french(tmp_path: Path) -> None:
    src = tmp_path / "p.hrn"
    src.write_text('[Rules "standard"]\n\ndonne 1 donneur O passe à gauche\n'
                   'passe N : A♥. 9♣ R♦\n*\n', encoding="utf-8")
    r = run("validate", str(src), "--lang", "fr")
    assert r.exit_code == 1
    assert (f"{src}:4:13: erreur: « . » termine une ligne de pli ou de passe, après sa dernière "
            "carte : ce qui le suit, '9♣ R♦', n'est pas lu (retirez ce « . »)") in r.stdout
