"""A card typed as people say or space it, where the grammar wants a card:
one syntax error at the card, saying what to write instead (the card
itself), in the language of the run (lark_reader._card_slip).  A sheet typed
by hand got "expected a card such as Q♠, found '4'" for ``4 ♠``, which does
not say that the space is the slip."""

from __future__ import annotations

from pathlib import Path

import pytest

from hearts_notation.api import validate_text
from tests.clirun import run, write

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
FRENCH = (SAMPLES / "feuille-en-francais.hrn").read_text(encoding="utf-8")
TRICK = "4. N 8♠ E V♠ S V♥"


def _errors(text: str) -> list[tuple[str, int, int, str]]:
    out = validate_text(text, source="t.hrn")
    return [(f["code"], f["line"], f["column"], f["message"]) for f in out.findings()
            if f["severity"] == "error"]


@pytest.mark.parametrize(("typed", "card"), [
    ("V ♠", "V♠"), ("valet de pique", "V♠"), ("Valet ♠", "V♠"), ("valet♠", "V♠"),
    ("jack of spades", "J♠"), ("Jack♠", "J♠"),
])
def test_a_card_typed_in_words_or_spaced_is_one_error_naming_the_card(typed: str, card: str) -> None:
    assert TRICK in FRENCH
    line = FRENCH[:FRENCH.index(TRICK)].count("\n") + 1
    errors = _errors(FRENCH.replace(TRICK, TRICK.replace("E V♠", f"E {typed}"), 1))
    assert len(errors) == 1, errors
    code, at, column, message = errors[0]
    assert (code, at, column) == ("syntax-error", line, 11)
    assert f"'{typed}'" in message and message.endswith(card), message


def test_the_rank_apart_from_its_suit_is_told_in_french_too(tmp_path: Path) -> None:
    path = write(tmp_path, "feuille.hrn", FRENCH.replace("2. O 4♠ N 6♠", "2. O 4 ♠ N 6♠", 1))
    status, out = run("validate", path)
    assert status == 1, out
    assert ("feuille.hrn:27:6: erreur: '4 ♠' : la couleur s'écrit juste après la hauteur, "
            "sans espace : 4♠ [syntax-error]") in out


def test_a_word_that_names_no_card_keeps_the_plain_message() -> None:
    (error,) = _errors(FRENCH.replace(TRICK, TRICK.replace("E V♠", "E valet de table"), 1))
    assert error[3].startswith("expected a card"), error
