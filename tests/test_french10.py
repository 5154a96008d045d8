"""Hand-typed French score sheets, the points lines and the last refusals
(helper french10): the forms a club secretary types that the notation does
not read because they could be misread or are one more spelling to keep
(``total = N 3``, ``N=3 E=5``, ``N : 3 pts``, ``N 3,5``, ``N 1 003``,
``Donne 1/8``, ``passe : aucune``, ``la lune S``, ``as de cœur``, a period,
a comment and more plays), each refused at its line and column, in French,
with what to write; and the forms it reads, checked again as a sheet types
them all at once (``[Places "Nord Est Sud Ouest"]`` with ``Nord :`` lines,
a byte-order mark, CRLF, tabs, trailing and no-break spaces, outlined suits,
lowercase ranks).  docs/spec.md, sections 2.1 to 2.4 and 2.10.  Every test
reads a sample of two deals or one line: cheap.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli
from hearts_notation.io.hrn.reader import iter_hrn
from tests.french_sheet import SHEET, assert_told_at, canonical, run_on
from tests.hrn_oracle import lexer_or_error, oracle_or_error


def _validate(text: str, tmp_path: Path) -> tuple[str, int]:
    return run_on(text, tmp_path, "validate")


#: (the sheet's line, as a French secretary types it, where, what the error says)
REFUSED = [
    ("total N 3 E 4 S 15 O 4", "total = N 3 E 4 S 15 O 4", "40:7",
     "'=' : le signe égal ne s'écrit pas dans la notation : les points d'une place la suivent après une "
     "espace, comme dans « total N 3 E 4 S 15 O 4 »"),
    ("total N 3 E 4 S 15 O 4", "total N=3 E=4 S=15 O=4", "40:8",
     "'=3' : le signe égal ne s'écrit pas dans la notation"),
    ("total N 3 E 4 S 15 O 4", "total N : 3 pts, E : 4 pts, S : 15 pts, O : 4 pts", "40:13",
     "'pts' : les points s'écrivent en nombre seul, sans unité, comme dans "
     "« total N : 3, E : 4, S : 15, O : 4 »"),
    ("total N 3 E 4 S 15 O 4", "total N 3 points E 4 points S 15 points O 4 points", "40:11",
     "'points' : les points s'écrivent en nombre seul"),
    ("total N 3 E 4 S 15 O 4", "total N 3pts E 4pts S 15pts O 4pts", "40:9",
     "'3pts' : les points s'écrivent en nombre seul, sans unité, comme dans « total N 3 E 4 S 15 O 4 »"),
    ("total N 3 E 4 S 15 O 4", "N=3 E=4 S=15 O=4", "40:1",
     "une ligne de points commence par marque (les points de la donne) ou total (les totaux), "
     "comme dans « marque N 3 E 4 S 15 O 4 »"),
    ("total N 3 E 4 S 15 O 4", "N : 3 pts, E : 4 pts, S : 15 pts, O : 4 pts ; fin", "40:1",
     "comme dans « marque N 3 E 4 S 15 O 4 »"),
    ("marque N 3 E 4 S 15 O 4", "marque N 3 E 4 S 15 O 4,5", "39:23",
     "'4,5' : les points sont des nombres entiers, une donne ne compte pas de demi-point"),
    ("marque N 3 E 4 S 15 O 4", "marque N 3 E 4.5 S 15 O 4", "39:14",
     "'4.5' : les points sont des nombres entiers"),
    ("total N 4 E 4 S 39 O 5", "total N 4 E 4 S 1\u202f039 O 5", "65:17",
     "'1\u202f039' : un nombre s'écrit sans rien entre ses chiffres : 1039"),
    ("total N 4 E 4 S 39 O 5", "total N 4 E 4 S 1.039 O 5", "65:17", "chiffres : 1039"),
    ("total N 4 E 4 S 39 O 5", "total N 4 E 4 S 39 O \u20135", "65:22", "vouliez-vous dire « -5 »"),
    ("total N 4 E 4 S 39 O 5", "total N 4 E 4 S 39 O \u22125,5", "65:22",
     "'\u22125,5' : les points sont des nombres entiers"),
    ("total N 4 E 4 S 39 O 5", "total N : 4,5 E 4 S 39 O 5", "65:11",
     "'4,5' : les points sont des nombres entiers"),
    ("donne 1 donneur O", "Donne 1/8 donneur O", "16:7",
     "'1/8' : le numéro d'une donne s'écrit seul, comme dans « donne 1 » "
     "(le nombre de donnes prévues ne s'écrit pas)"),
    ("donne 2 donneur N", "donne 2 sur 8 donneur N", "42:7", "'2 sur 8' : le numéro d'une donne"),
    ("donne 2 donneur N passe droite", "donne 2 donneur N passe : aucune", "42:27",
     "trouvé 'aucune' ; vouliez-vous dire « garde » ?"),
    ("donne 2 donneur N passe droite", "donne 2 donneur N on garde", "42:19",
     "trouvé 'on garde' ; vouliez-vous dire « passe garde » ?"),
    ("marque N 1 E 0 S 24 O 1", "marque N 1 E 0 S 24 O 1\nla lune S", "65:1",
     "trouvé 'la lune' ; vouliez-vous dire « capot » ?"),
    ("passe N: A♥ 9♣ R♦", "passe N: As de cœur, 9♣, R♦", "22:10",
     "'As de cœur' : une carte s'écrit avec sa hauteur et sa couleur, comme A♥"),
    ("passe N: A♥ 9♣ R♦", "passe N: A♥, 9♣, roi de carreau", "22:18", "comme R♦"),
    ("1. N 2♣ E 3♣ S 5♣ O A♣", "1. N 2♣ E 3♣. {fin du pli} S 5♣ O A♣", "26:13",
     "« . » termine une ligne de pli ou de passe, après sa dernière carte : ce qui le suit, "
     "'S 5♣ O A♣', n'est pas lu"),
    ("E: ♠ V 9 2  ♥ V 7 6  ♦ D 9 4  ♣ R 10 6 3", "E: ♠ V 9 2  ♥ V 7 6  ♦ D 9 4  ♣ R X 6 3",
     "19:35", "'X' : le dix s'écrit 10 ou T"),
    ('[Lieu "Brest"]', "[Lieu “Brest”]", "5:7", "une valeur de balise s'écrit entre guillemets droits"),
]


@pytest.mark.parametrize(("written", "typed", "where", "said"), REFUSED)
def test_a_form_the_notation_does_not_read_is_told_in_french(
        written: str, typed: str, where: str, said: str, tmp_path: Path) -> None:
    assert written in SHEET
    out, status = _validate(SHEET.replace(written, typed, 1), tmp_path)
    assert status == 1, out
    first = next(ln for ln in out.splitlines() if "erreur" in ln)
    assert f"feuille.hrn:{where}: erreur: " in first and said in first, first
    assert out.count("erreur: ") == 1, out


@pytest.mark.parametrize("line", [typed.split("\n")[-1] for _, typed, _, _ in REFUSED] + [
    # what the checks must not take for a slip of theirs
    "marque N 3 100 E 4", "marque N 3, 5 E 4", "N: 3 4", "N 3", "donne 1 8", "1. N 2♣. {a} {b}",
    "1. N 2♣ {x.} E 3♣", "marque N 3 pts E", "passe N: as",
])
def test_the_grammar_and_the_lexer_refuse_alike(line: str) -> None:
    """One reader: the lexer's error for the line is the grammar's, word for word."""
    assert lexer_or_error(line) == oracle_or_error(line), line


@pytest.mark.parametrize(("line", "column", "said"), [
    # an ordinary space between digits may stand where a seat was left out
    ("marque N 3 100 E 4", 12, "expected a seat (N, E, S, W), a {comment} or the end of the line, "
     "found '100'"),
    ("marque N 3, 5 E 4", 13, "found '5'"),
    ("N 3", 3, "expected ':', found '3'"),          # one seat and points: no list of points
    ("1. N 2♣ {x.} E 3♣ S", 20, "expected a card"),
    ("donne 1 8", 9, "found '8'"),
])
def test_what_only_looks_like_a_slip_keeps_the_grammars_words(line: str, column: int, said: str) -> None:
    assert_told_at(line, column, said)


def _with_places(text: str) -> str:
    """The sheet with ``[Places "Nord Est Sud Ouest"]`` and every seat a
    word: ``Nord :`` hands and passes, ``NORD 2♣`` plays, ``donneur Ouest``,
    ``marque Nord 3``."""
    full = {"N": "Nord", "E": "Est", "S": "Sud", "O": "Ouest"}
    text = text.replace('[Ouest "Gwen"]', '[Ouest "Gwen"]\n[Places "Nord Est Sud Ouest"]')
    text = re.sub(r"(?m)^([NESO]):", lambda m: full[m.group(1)] + "\u202f:", text)
    text = re.sub(r"(?m)^passe ([NESO])(>O)?:",
                  lambda m: f"passe {full[m.group(1)]}{'>Ouest' if m.group(2) else ''} :", text)
    text = re.sub(r"(?<= )([NESO])(?= [0-9AVDR])", lambda m: full[m.group(1)].upper(), text)
    text = re.sub(r"(?<=donneur )([NESO])", lambda m: full[m.group(1)], text)
    return re.sub(r"(?m)^(marque|total) N (\d+) E (\d+) S (\d+) O (\d+)",
                  r"\1 Nord \2 Est \3 Sud \4 Ouest \5", text)


def test_places_in_words_and_seat_words_on_every_line_read(tmp_path: Path) -> None:
    """``[Places "Nord Est Sud Ouest"]`` names the seats by their words, so
    ``Nord :``, ``NORD 2♣`` name them on every line, as a JSON record's
    ``seats`` would: the same game as the sheet, its seats those words."""
    typed = _with_places(SHEET)
    assert "Nord\u202f: ♠ D 10 8 6" in typed and "1. NORD 2♣ EST 3♣ SUD 5♣ OUEST A♣" in typed
    (game,) = list(iter_hrn(typed))
    assert not game.errors, [f.message for f in game.errors]
    assert game.seats == ("Nord", "Est", "Sud", "Ouest")
    out, status = _validate(typed, tmp_path)
    assert status == 0, out
    fmt = CliRunner().invoke(cli, ["fmt", str(tmp_path / "feuille.hrn")])
    assert fmt.exit_code == 0 and "1. Nord 2♣ Est 3♣ Sud 5♣ Ouest A♣\n" in fmt.output, fmt.output
    assert canonical(fmt.output) == canonical(typed)


def test_a_sheet_saved_by_a_french_word_processor_reads(tmp_path: Path) -> None:
    """A byte-order mark, CRLF line ends, tabs, trailing spaces, no-break
    spaces before the colons, outlined suits, lowercase ranks and ``T`` for
    the ten: the same game as the sheet."""
    typed = SHEET.replace("N: ♠ D 10 8 6", "N\u00a0:\t♠ d 10 8 6").replace(
        "E: ♠ V 9 2  ♥ V 7 6  ♦ D 9 4  ♣ R 10 6 3", "E\u202f: ♤ v 9 2  ♡ V 7 6  ♢ D 9 4  ♧ R T 6 3").replace(
        "4. N 8♠ E V♠ S V♥", "4. N 8♠ E v♠ S v♥").replace("2. O 4♠", "2.\tO 4♤")
    # (trailing spaces on every line but inside the comment over two lines,
    # whose text is kept as typed)
    typed = "\ufeff" + "".join(ln + ("\r\n" if ln.count("{") > ln.count("}") else " \t \r\n")
                               for ln in typed.splitlines())
    assert canonical(typed.lstrip("\ufeff")) == canonical(SHEET)
    out, status = _validate(typed, tmp_path)
    assert status == 0, out


def test_random_points_lines_read_alike_both_ways() -> None:
    """A seeded fuzz of points lines, and of deal headers, pass and trick
    lines, typed as sheets type them (``=``, units, commas, periods, thin
    spaces, dashes, notes, ``n°``, ``1/8``, ``as de cœur``): the lexer and
    the grammar give the same elements or the same error (300 lines; the
    grammar's reading of ``donne n°2`` in the tests' oracle, ``hrn_oracle``,
    took the ``n°`` for the number)."""
    rng = random.Random(10)
    heads = ["marque", "total", "marque :", "total =", "", "N=3", "Donne n°2 :", "passe N :", "1."]
    items = ["N", "E", "S", "O", "Nord", "3", "15", "-4", "\u22124", "4,5", "\u22124,5", "1\u202f003",
             "1.003", "pts", "points", "3pts", "=", ":", ",", ".", "{c}", "; n", "1/8", "sur", "As", "de",
             "cœur", "2♣", "donneur", "passe", "aucune"]
    for _ in range(300):
        line = rng.choice(heads) + "".join(rng.choice(("", " ", " ", "  ", "\u00a0")) + rng.choice(items)
                                           for _ in range(rng.randrange(1, 9)))
        assert lexer_or_error(line) == oracle_or_error(line), line


def test_a_letter_names_a_compass_word_seat_only_at_a_table_of_compass_words() -> None:
    """``words.compass_letters``, the one table of it the reader and the
    editor ask: the four compass words, in either language and any case and
    order, make each letter (``O`` and ``W`` West) their seat; any other
    table none (``Est`` may be a player's seat name there)."""
    from hearts_notation.io.hrn.words import compass_letters

    assert compass_letters(("Nord", "Est", "Sud", "Ouest")) == {
        "n": "Nord", "e": "Est", "s": "Sud", "w": "Ouest", "o": "Ouest"}
    assert compass_letters(("NORTH", "east", "South", "West"))["o"] == "West"
    assert compass_letters(("N", "E", "S", "W")) == {}
    assert compass_letters(("Nord", "Est", "Sud", "Anne")) == {}
    text = SHEET.replace('[Ouest "Gwen"]', '[Ouest "Gwen"]\n[Places "Nord Est Sud Ouest"]', 1).replace(
        "1. N 2♣ E 3♣ S 5♣ O A♣", "1. n 2♣ Est 3♣ SUD 5♣ W A♣", 1)
    (game,) = list(iter_hrn(text))
    assert not game.errors
    assert [p.seat for p in game.deals[0].tricks[0].plays] == ["Nord", "Est", "Sud", "Ouest"]
