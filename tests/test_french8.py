"""Hand-typed French score sheets (helper french8): the forms a French club
types that the notation reads (``donne n°1``, ``Donne 1 :``, ``donneur :
Ouest``, ``marque : N 3, E 4 ...``, ``résultat : N``), each read as the same
game as the sheet written the notation's way, and the forms it does not
read, each refused at its line and column with the word meant
(``1re donne``: ``donne 1``; ``Dp``: ``D♠``; ``D pique``; ``pique D 10``:
``♠``).  docs/spec.md, sections 2.3 and 2.4.  Every test reads a sample of
two deals: cheap.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli
from hearts_notation.io.hrn.lark_reader import explain_line
from hearts_notation.io.hrn.lex import read_line
from hearts_notation.io.hrn.reader import iter_hrn
from hearts_notation.referee import check_game
from tests.french_sheet import SEATS, SHEET, assert_told_at, canonical, run_on

#: (what the sheet writes the notation's way, how a French player types it)
ACCEPTED = [
    ("donne 1 donneur O", "donne n°1 donneur O"),
    ("donne 1 donneur O", "Donne N° 1 donneur O"),
    ("donne 1 donneur O", "donne nº 1 donneur O"),
    ("donne 1 donneur O", "donne no 1 donneur O"),
    ("donne 1 donneur O passe gauche", "Donne 1 : donneur O passe gauche"),
    ("donne 1 donneur O passe gauche", "donne 1\u202f: donneur\u00a0: Ouest passe : gauche"),
    ("donne 2 donneur N", "donne n° 2 : donneur : Nord"),
    ("marque N 3 E 4 S 15 O 4", "marque : N 3, E 4, S 15, O 4"),
    ("marque N 3 E 4 S 15 O 4", "marque\u202f: N : 3, E : 4, S : 15, O : 4,"),
    ("total N 4 E 4 S 39 O 5", "Total : N 4, E 4, S 39, O 5"),
    ("résultat *", "résultat : *"),
]


@pytest.mark.parametrize(("written", "typed"), ACCEPTED)
def test_a_french_header_or_points_line_reads_as_the_notations_own(written: str, typed: str) -> None:
    assert written in SHEET
    typed_sheet = SHEET.replace(written, typed, 1)
    assert canonical(typed_sheet) == canonical(SHEET)
    (game,) = list(iter_hrn(typed_sheet))
    assert len(game.deals) == 2
    assert [f for f in check_game(game).findings if f.severity != "info"] == []


@pytest.mark.parametrize("line", [
    "donne n°1 : donneur : O passe : gauche {c}",
    "donne no 12",
    "marque : N 3, E 4, S 15, O 4 {c}",
    "total: N: 3,E: 4",
    "résultat : N S",
    "résultat: *",
    "capot : S ajoute {c}",
    "grand chelem: Sud",
])
def test_the_grammar_reads_what_the_lexer_reads(line: str) -> None:
    """One reader, one grammar: the lexer and the Lark grammar agree on
    the new forms (a line the grammar reads explains to ``None``)."""
    assert read_line(line, 1)
    assert explain_line(line, 1, SEATS) is None


@pytest.mark.parametrize(("line", "column", "said"), [
    # "no" is the numéro only before a number: a seat's word is no number
    ("donne nord", 7, "expected a deal number, found 'nord'"),
    ("donne n°", 9, "expected a deal number, found the end of the line"),
    # a decimal comma in points: refused, at the number, which is whole
    # (french10 says so rather than "found '5'")
    ("marque N 3,5 E 4", 10, "'3,5': points are whole numbers"),
    ("total = N 3", 7, "'=': the equals sign is not written in the notation"),
])
def test_what_still_does_not_read_is_told_where(line: str, column: int, said: str) -> None:
    assert_told_at(line, column, said)


def _validate(text: str, tmp_path: Path, *args: str) -> tuple[str, int]:
    return run_on(text, tmp_path, "validate", *args)


@pytest.mark.parametrize(("written", "typed", "where", "meant"), [
    ("N D♠!", "N Dp!", "31:28", "'Dp!' : une carte s'écrit avec sa hauteur et sa couleur, comme D♠!"),
    ("S R♣\n6.", "S RCo\n6.", "30:22", "'RCo' : une carte s'écrit avec sa hauteur et sa couleur, comme R♥"),
    ("N D♠!", "N D pique!", "31:28", "'D pique' : une carte s'écrit avec sa hauteur et sa couleur, comme D♠"),
    ("N 10♥ E 7♥", "N 10 de coeur E 7♥", "30:11", "comme 10♥"),
    ("1. N 2♣", "Pli 1 : N 2♣", "26:1", "une ligne de pli commence par son numéro et un point, comme « 1. »"),
    ("2. O 4♠", "  levée 2 O 4♠", "27:3", "comme « 2. »"),
    ("total N 3 E 4", "tir à la lune S\ntotal N 3 E 4", "40:1",
     "trouvé 'tir à la lune' ; vouliez-vous dire « capot »"),
    ("donne 1 donneur O passe gauche", "donne 1 donneur O passe à l’ouest", "16:25",
     "on attendait un sens d'échange (gauche, droite, face, garde), trouvé 'à l’ouest'"),
    ("donne 2 donneur N passe droite", "donne 2 donneur N passe à la droite", "42:25",
     "trouvé 'à la droite' ; vouliez-vous dire « à droite »"),
    # (an en dash: U+2212, the minus sign, reads as a minus since typed27)
    ("total N 3 E 4 S 15 O 4", "total N 3 E 4 S 15 O \u20134", "40:22",
     "trouvé '\u20134' ; vouliez-vous dire « -4 »"),
])
def test_a_form_the_notation_does_not_read_gets_the_word_meant(
        written: str, typed: str, where: str, meant: str, tmp_path: Path) -> None:
    assert written in SHEET
    out, status = _validate(SHEET.replace(written, typed, 1), tmp_path)
    assert status == 1
    first = next(ln for ln in out.splitlines() if "erreur" in ln)
    assert f"feuille.hrn:{where}: erreur:" in first and meant in first, first


@pytest.mark.parametrize(("written", "typed"), [
    ("donne 1 donneur", "1re donne donneur"),
    ("donne 2 donneur", "2ème donne donneur"),
    ("donne 2 donneur", "2e donne donneur"),
    ("donne 1 donneur", "1st deal donneur"),
    ("N: ♠ D 10 8 6  ♥ A 8", "N: pique D 10 8 6  ♥ A 8"),
])
def test_a_header_written_as_said_and_a_suit_named_among_symbols_are_read(
        written: str, typed: str, tmp_path: Path) -> None:
    """``1re donne``, ``2ème donne``, ``1st deal``: the header of that deal;
    ``pique`` among a hand's symbols: spades (typed33, docs/spec.md 2.24;
    french8 told each with the word meant: *vouliez-vous dire « donne 1 »*,
    and a header so written kept its deal's lines apart)."""
    out, status = _validate(SHEET.replace(written, typed, 1), tmp_path)
    assert status == 0 and "1 partie valide ; 0 erreur, 0 avertissement" in out, out


@pytest.mark.parametrize(("line", "lang"), [
    ("deal 1 donneur O passe gauche", "fr"),     # one English word among French ones
    ("donne 1 dealer N pass left", "en"),
    ("deal 1 donneur O", None),                  # as many of each: the next line says
    ("donne 2 {the deal}", "fr"),                # (a comment's words are no keywords)
    ("deal 1", "en"),
    ("marque N 3", "fr"),
])
def test_a_keyword_line_says_the_language_most_of_its_keywords_are_in(line: str, lang: str | None) -> None:
    from hearts_notation.io.hrn.words import line_language

    assert line_language(line) == lang


def test_a_french_sheet_with_an_english_header_is_answered_in_french(tmp_path: Path) -> None:
    text = "deal 1 donneur O passe gauche\nN: ?\nmarque N 3 E 4 S 15 O 4\n"
    out, _ = _validate(text, tmp_path)
    assert "la donne 1 est gardée comme feuille de marque" in out, out


@pytest.mark.parametrize(("rules", "meant", "under"), [
    ("dame de pique", "standard", "standard"),
    ("Dame de Pique", "standard", "standard"),
    ("trois joueurs", "three-players", "three-players"),
    ("trois joueurs target=50", "three-players", "three-players target=50"),
])
def test_a_preset_named_in_french_words_is_the_one_meant(rules: str, meant: str, under: str) -> None:
    """``[Règles "trois joueurs"]`` was checked under standard (``trois``
    unknown, ``joueurs`` a bad key): every P1 line an unknown seat."""
    from hearts_notation.rules import lenient_rules

    got = lenient_rules(rules)
    assert got.near == meant and got.under == under
    (problem,) = got.problems
    assert "did you mean" in str(problem) or meant in str(problem)


def test_player_names_along_a_line_are_told_at_the_first(tmp_path: Path) -> None:
    """``marque Camille 3 Yann 4 Maëlle 15 Gwen 4``: the grammar took the
    ASCII names for seats and stopped at the accented one; the message is
    about the first name, where the slip starts."""
    typed = SHEET.replace("marque N 3 E 4 S 15 O 4", "marque Camille 3 Yann 4 Maëlle 15 Gwen 4", 1)
    out, _ = _validate(typed, tmp_path)
    assert "feuille.hrn:39:8: erreur: 'Camille' est un nom de joueur, pas une place : écrivez sa place, N" \
        in out
    # (a name inside a comment is no slip)
    typed = SHEET.replace("1. N 2♣ E 3♣ S 5♣", "1. {Camille} N 2♣ E 3♣ Maëlle 5♣", 1)
    out, _ = _validate(typed, tmp_path)
    assert "feuille.hrn:26:24: erreur: 'Maëlle' est un nom de joueur" in out, out


@pytest.mark.parametrize("header", ["donne 2. donneur N passe droite", "donne 2) donneur N",
                                    "Donne n°2 – donneur N"])
def test_a_header_that_does_not_read_keeps_its_deal_when_its_number_shows(header: str) -> None:
    """One slip in a header costs the header, not the deal's thirteen tricks."""
    (game,) = list(iter_hrn(SHEET.replace("donne 2 donneur N passe droite", header, 1)))
    assert len(game.errors) == 1
    assert [d.number for d in game.deals] == [1, 2]
    assert len(game.deals[1].tricks) == 13


@pytest.mark.parametrize(("written", "typed", "where", "rest"), [
    ("marque N 3 E 4 S 15 O 4", "marque N 3 ; E 4 ; S 15 ; O 4", "39:12", "'E 4 ; S 15 ; O 4'"),
    ("1. N 2♣ E 3♣ S 5♣ O A♣", "1. N 2♣ ; E 3♣ ; S 5♣ ; O A♣", "26:9", "'E 3♣ ; S 5♣ ; O A♣'"),
])
def test_a_semicolon_typed_as_a_separator_is_told_not_dropped(
        written: str, typed: str, where: str, rest: str, tmp_path: Path) -> None:
    """``;`` starts a note: what a sheet listed after it was dropped, and the
    error said the score line had no number for E, S and O."""
    out, status = _validate(SHEET.replace(written, typed, 1), tmp_path)
    assert status == 1
    assert f"feuille.hrn:{where}: erreur: « ; » commence une note, qui n'est pas lue : {rest} manque" in out
    assert out.count("erreur:") == 1, out


@pytest.mark.parametrize(("written", "typed"), [
    ("marque N 3 E 4 S 15 O 4", "marque N 3 E 4 S 15 O 4 ; N 3 de plus que prévu"),   # a whole line
    ("1. N 2♣ E 3♣ S 5♣ O A♣", "1. N 2♣ E 3♣ S 5♣ O A♣ ; E 3♣ : bien joué"),
])
def test_a_note_after_a_whole_line_is_a_note(written: str, typed: str) -> None:
    assert canonical(SHEET.replace(written, typed, 1)) == canonical(SHEET)


def test_the_strict_reading_of_a_preset_named_in_words_names_the_preset_meant() -> None:
    from hearts_notation.rules import RuleError, parse_rules

    with pytest.raises(RuleError, match=r"'trois joueurs' \(did you mean 'three-players'\?\)"):
        parse_rules("trois joueurs target=50")


@pytest.mark.parametrize("args", [["--rules", "foo", "--lang", "fr"], ["--rules", "trois joueurs"]])
def test_a_bad_rules_option_is_worded_in_one_language(args: list[str], tmp_path: Path) -> None:
    """The usage error's words (click's) and the preset's message spoke two
    languages: ``Erreur : valeur incorrecte pour '--rules' : unknown rules preset``."""
    path = tmp_path / "feuille.hrn"
    path.write_text(SHEET, encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", *args, str(path)], catch_exceptions=False)
    assert result.exit_code == 2
    assert "valeur incorrecte pour '--rules' : jeu de règles inconnu" in result.output, result.output


def test_a_seats_tag_of_compass_words_reads_the_letters_as_its_seats(tmp_path: Path) -> None:
    """``[Places "Nord Est Sud Ouest"]`` over a sheet written with letters:
    each letter is the seat of its word (french10; it was an unknown seat,
    told with the word meant), the game the sheet's, its seats the words."""
    typed = SHEET.replace('[Ouest "Gwen"]', '[Ouest "Gwen"]\n[Places "Nord Est Sud Ouest"]', 1)
    out, status = _validate(typed, tmp_path)
    assert status == 0, out
    (game,) = list(iter_hrn(typed))
    assert game.seats == ("Nord", "Est", "Sud", "Ouest") and game.deals[0].dealer == "Ouest"
    written = canonical(typed)
    assert "\nNord: ♠ D 10 8 6" in written and "\n1. Nord 2♣ Est 3♣ Sud 5♣ Ouest A♣\n" in written
    assert "\nmarque Nord 3 Est 4 Sud 15 Ouest 4\n" in written
