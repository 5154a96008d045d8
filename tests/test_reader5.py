"""One typo, one finding, for what leftovers4's one-character mutations of
the samples still gave two findings or more for (docs/decisions.md,
"helper reader5").

A digit typed inside a pass keyword or glued to it (``pa8s E:``,
``passe8 E:``, ``pass9E:``) is a slip of one key as a letter is: the line is
one syntax error at the keyword, which says what was meant, and its seat's
pass is not also reported missing."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest

from hearts_notation.api import validate_text
from hearts_notation.io.hrn.reader import parse_game
from tests.clirun import run, write

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
CANONICAL = (SAMPLES / "canonical.hrn").read_text(encoding="utf-8")
FRENCH = (SAMPLES / "feuille-en-francais.hrn").read_text(encoding="utf-8")
THREE = (SAMPLES / "three-players.hrn").read_text(encoding="utf-8")
PARTIE = (SAMPLES / "partie-francaise.hrn").read_text(encoding="utf-8")


def _findings(text: str, lang: str = "en") -> list[tuple[str, int, int, str]]:
    """The findings but infos of ``hearts validate --format json --lang
    LANG`` (the messages worded in *lang*)."""
    with tempfile.TemporaryDirectory(prefix="reader5-") as tmp:
        _, out = run("validate", "--format", "json", "--lang", lang, write(Path(tmp), "t.hrn", text))
    found = [f for g in json.loads(out)["games"] for f in g["findings"]]
    return [(f["code"], f["line"], f["column"], f.get("message_translated", f["message"]))
            for f in found if f["severity"] != "info"]


def _typo(text: str, line: str, typed: str) -> str:
    assert line in text
    return text.replace(line, typed, 1)


@pytest.mark.parametrize(("text", "line", "typed", "at", "meant"), [
    (CANONICAL, "pass E: KS QH JH", "pa8s E: KS QH JH", (22, 1), "did you mean 'pass'?"),
    (CANONICAL, "pass E: KS QH JH", "pass8 E: KS QH JH", (22, 1), "did you mean 'pass'?"),
    (CANONICAL, "pass E: KS QH JH", "pass9E: KS QH JH", (22, 1), "did you mean 'pass E'?"),
    (CANONICAL, "pass W: AC TC AD", "passW: AC TC AD", (24, 1), "did you mean 'pass W'?"),
    (THREE, "pass P2: TH QD TC", "pass9P2: TH QD TC", (15, 1), "did you mean 'pass P2'?"),
    (FRENCH, "passe E: V♥ R♣ D♦", "passe8 E: V♥ R♣ D♦", (23, 1), "vouliez-vous dire « passe » ?"),
    (FRENCH, "passe E: V♥ R♣ D♦", "pa8se E: V♥ R♣ D♦", (23, 1), "vouliez-vous dire « passe » ?"),
    (FRENCH, "passe E: V♥ R♣ D♦", "passe9E: V♥ R♣ D♦", (23, 1), "vouliez-vous dire « passe E » ?"),
], ids=lambda v: v if isinstance(v, str) and len(v) < 30 else "")
def test_a_digit_in_a_pass_keyword_is_one_finding_at_the_keyword(
        text: str, line: str, typed: str, at: tuple[int, int], meant: str) -> None:
    lang = "fr" if text is FRENCH else "en"
    assert _findings(text, lang) == []
    found = _findings(_typo(text, line, typed), lang)
    assert [(c, ln, col) for c, ln, col, _ in found] == [("syntax-error", *at)]
    assert found[0][3].endswith(meant), found[0][3]


def test_a_digit_in_a_pass_keyword_does_not_hide_a_pass_really_missing() -> None:
    text = _typo(CANONICAL, "pass E: KS QH JH", "pa8s E: KS QH JH")
    text = _typo(text, "pass S: KC 3S JD\n", "")
    codes = [(c, ln) for c, ln, _, _ in _findings(text)]
    assert ("syntax-error", 22) in codes
    missing = [f for f in validate_text(text, source="t.hrn").findings() if f["code"] == "pass-direction"]
    assert [f["seat"] for f in missing] == ["S"]


def test_a_word_with_digits_that_is_no_keyword_gets_no_guess() -> None:
    """Two digits, or a short word, are not taken for a keyword's slip."""
    found = _findings(_typo(CANONICAL, "pass E: KS QH JH", "p4s5 E: KS QH JH"))
    assert "did you mean" not in found[0][3]


# A tag line with a bracket left out ----------------------------------------------------


@pytest.mark.parametrize(("text", "tag", "typed", "at", "lang"), [
    (THREE, '[Rules "three-players"]', 'Rules "three-players"]', (3, 1), "en"),
    (THREE, '[Rules "three-players"]', '[Rules "three-players"', (3, 23), "en"),
    (THREE, '[Rules "three-players"]', '  Rules  "three-players" ] ', (3, 3), "fr"),
    (CANONICAL, '[Rules "standard"]', 'Rules "standard"]', (5, 1), "en"),
    (FRENCH, '[Règles "standard"]', 'Règles "standard"]', (7, 1), "fr"),
], ids=["open", "close", "blanks", "english", "french"])
def test_a_tag_line_without_a_bracket_is_one_finding_and_its_tag(
        text: str, tag: str, typed: str, at: tuple[int, int], lang: str) -> None:
    """The line is one syntax error, where the bracket is missing, and its
    tag is read: the three players' seats are P1 P2 P3, not N E S W (an
    unknown seat on every line)."""
    typo = _typo(text, tag, typed)
    assert [(c, ln, col) for c, ln, col, _ in _findings(typo, lang)] == [("syntax-error", *at)]
    assert parse_game(typo, "t.hrn").rules == parse_game(text, "t.hrn").rules


def test_a_bracket_typed_as_a_letter_is_not_read_as_a_tag() -> None:
    """``ASouth "Priya"]``: put back, the bracket would make a tag ``ASouth``
    of the record's own, and its ``tag-name`` warning a second finding."""
    typo = _typo(CANONICAL, '[South "Priya"]', 'ASouth "Priya"]')
    assert [(c, ln, col) for c, ln, col, _ in _findings(typo)] == [("syntax-error", 8, 1)]


def test_a_tag_line_without_a_bracket_that_does_not_read_loses_its_line_only() -> None:
    """Put back, the bracket must make the line read whole: else the line is
    lost, as any line that does not read, and the tag with it."""
    typo = _typo(THREE, '[Rules "three-players"]', 'Rules "three-players" x]')
    assert parse_game(typo, "t.hrn").rules is None
    assert ("syntax-error", 3, 1) in [(c, ln, col) for c, ln, col, _ in _findings(typo)]


# A pass card typed as another card the seat holds --------------------------------------


@pytest.mark.parametrize(("text", "line", "typed", "at", "lang", "said"), [
    (CANONICAL, "pass N: KH AH TH?", "pass N: KH AH TS?", (21, 1), "en",
     "N's pass shows 10♠, but the play shows 10♥ passed: E played 10♥ on trick 12,"
     " and N played 10♠ on trick 9"),
    (FRENCH, "passe O: A♠ 10♥ A♦", "passe O: A♠ 10♦ A♦", (25, 1), "fr",
     "la passe de Gwen (O) porte 10♦, mais le jeu montre 10♥ passée : Camille (N) a joué 10♥ au pli 5"
     " et Gwen (O) a joué 10♦ au pli 7"),
    (THREE, "pass P1: KH QH KC", "pass P1: KH QH KD", (14, 1), "en", "P1's pass shows K♦"),
    (PARTIE, "pass O: 10♥ 7♠ R♦", "pass O: 10c 7♠ R♦", (49, 1), "en", "O's pass shows 10♣"),  # one trick
], ids=["english", "french", "three", "same-trick"])
def test_a_pass_card_typed_as_another_of_the_seat_is_one_finding_at_the_pass(
        text: str, line: str, typed: str, at: tuple[int, int], lang: str, said: str) -> None:
    """The seat then plays the card it seemed to pass and the receiver the
    card it really got: two ``not-held`` errors and a revoke for one slip."""
    found = _findings(_typo(text, line, typed), lang)
    assert [(c, ln, col) for c, ln, col, _ in found] == [("not-held", *at)]
    assert said in found[0][3]


def test_two_cards_not_held_that_no_pass_explains_stay_two() -> None:
    """A card mistyped in two trick lines is not taken for a pass slip."""
    text = _typo(CANONICAL, "2. W 3S N 8S E 4S S 2S", "2. W 3S N 8S E 4S S 3H")
    text = _typo(text, "4. S 3D W 2D N 7D E TD", "4. S 3D W 2D N 7D E 9S")
    codes = [c for c, _, _, _ in _findings(text)]
    assert codes.count("not-held") == 2
