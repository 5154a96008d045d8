"""Hand-typed records, round 30 (helper typed30): a French club's records
(and English ones) typed in ways no campaign covered -- a deal's hands in a
grid (a suit a row, named once at its head; a seat a column), a trick
wrapped onto the next line, a hand's suits said
in words with a colon under a seat's or a player's name (``pique : D 10 8
6``, ``Spades: A J T 8``, ``COEURS : R D``), a player's name (with a space or
an accent) over suit rows, a remark between a trick's cards closed by a
second ``;``, a deal's tricks pasted from a spreadsheet under a heading
(``Pli<tab>N<tab>E<tab>S<tab>O``), points said per player with ``pts``,
``1er pli``/``2nd trick``/Roman numerals, tens as ``10``, ``T`` and ``X``
mixed, English and French keywords mixed, Windows line ends and a BOM.
The records are in ``tests/data/typed30/`` (its README says who types each
and what comes of it); each reads as its clean twin, or is told once at its
line and column, in French and English (``messages.golden.txt``), with the
form to write.  docs/spec.md 2.21.  In process, about 25 small reads: cheap.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from record_campaign import (
    Campaign,
    CampaignTests,
    campaign_parameters,
    english_if_en,
    findings,
    found,
    same_record,
    twin_by_head,
)

from hearts_notation.io.hrn.reader import iter_hrn

#: The clean twin each record's name starts with.
_TWINS = {"partie": "partie-propre", "carnet": "feuille-propre",
          "en-game": "game-clean", "en-sheet": "sheet-clean"}

TYPED30 = Campaign(
    "typed30", twin_by_head(_TWINS), lang=english_if_en, at_least={"fr": 12, "en": 6},
    #: The clean twins: typed29's (french23's game and sheet, typed22's English game and sheet).
    clean=("partie-propre", "feuille-propre", "game-clean", "sheet-clean"),
    #: Records read as their twin (fmt agrees, no finding).
    same={
        # read since this round (on main 3c6c6ac4: five findings, one a suit row;
        # a trick wrapped onto the next line: two or three findings)
        "partie-nord-couleurs-en-mots": (), "partie-pli-sur-deux-lignes": (),
        "partie-point-virgule-puis-ligne": (), "en-game-trick-wrapped": (),
        # read as before (checked)
        "en-game-north-suit-words": (), "partie-bom-crlf": (), "en-game-bom-crlf": (),
        "partie-mots-cles-melanges": (), "carnet-mots-cles-melanges": (),
    },
    #: Records refused: the line:col of each finding (errors and warnings).
    refused={
        # told once since this round (on main 3c6c6ac4: two to six findings, or a wrong form)
        "partie-nom-puis-couleurs-en-mots": ["18:1"], "partie-nom-couleurs-majuscules": ["20:1"],
        "partie-nom-espace-accent": ["20:1"],
        "en-game-name-suit-letters": ["17:1"], "en-game-name-suit-words": ["17:1"],
        "partie-point-virgule-dans-pli": ["27:14"], "en-game-semicolon-inside": ["26:14"],
        "partie-tableur-plis": ["26:1"], "en-game-trick-table": ["26:1"],
        "carnet-pts-par-nom": ["11:1"], "en-sheet-pts-by-name": ["10:1"],
        "partie-mains-en-grille": ["18:2"], "en-game-hands-grid": ["17:11"],
        "carnet-marque-pts-noms": ["15:16"], "en-sheet-score-pts-names": ["14:16"],
        "en-game-gives": ["21:1"],
        # told as before (checked: each stays told once, with what to write)
        "partie-1er-pli": ["26:1"], "partie-pli-romain": ["26:1"], "en-game-1st-trick": ["26:1"],
        "partie-dix-melanges": ["21:15"],
    },
    #: What this round's slips are told with now (each said something else on main).
    new={"partie-nom-puis-couleurs-en-mots": "'Camille' est un nom de joueur, pas une place : "
                                             "écrivez sa place, N",
         "partie-nom-couleurs-majuscules": "'Maëlle' est un nom de joueur, pas une place : "
                                           "écrivez sa place, S",
         "partie-nom-espace-accent": "'Maëlle Le Gall' est un nom de joueur, pas une place : "
                                     "écrivez sa place, S",
         "en-game-name-suit-letters": "'Margaret' is a player's name, not a seat: "
                                      "write that player's seat, N",
         "en-game-name-suit-words": "'Margaret' is a player's name, not a seat: "
                                    "write that player's seat, N",
         "partie-point-virgule-dans-pli": "écrivez « 2. O 4♠ N 6♠ {Yann hésite} E 9♠ S 7♠ »",
         "en-game-semicolon-inside": "write it '2. W 3S N 8S {Tom thinks} E 4S S 2S'",
         "partie-tableur-plis": "'Pli N E S O' : un tableau des plis, une colonne par place, n'est pas lu",
         "en-game-trick-table": "'Trick N E S W': a table of tricks, one column a seat, is not read",
         "carnet-pts-par-nom": "comme dans « marque N 3 E 4 S 15 O 4 »",
         "en-sheet-pts-by-name": "as in 'score N 3 E 4 S 15 W 4'",
         "partie-mains-en-grille": "comme dans « N: ♠ D 10 8 6  ♥ A 8  ♦ R 8 7 6 3  ♣ 9 2 »",
         "en-game-hands-grid": "as in 'N: ♠ AJT8  ♥ AKT8  ♦ Q7  ♣ Q83'",
         "carnet-marque-pts-noms": "comme dans « marque N 26, E 0, S 26, O 26 »",
         "en-sheet-score-pts-names": "as in 'score N 26, E 0, S 26, W 26'",
         "en-game-gives": "found 'N gives'; write it 'pass N>E: KH AH TH'"},
    #: The remark closed by a second ';', the pass given: the line offered, in place, reads.
    offered=("partie-point-virgule-dans-pli", "en-game-semicolon-inside", "en-game-gives"),
)

pytest_generate_tests = campaign_parameters


class TestTyped30(CampaignTests):
    campaign = TYPED30


def test_windows_line_ends_and_a_bom_read_as_the_twin() -> None:
    """The BOM-and-CRLF records hold their ``\\r\\n`` in the file (read as
    bytes: ``read_text`` would turn them into ``\\n``) and read so as their
    twin."""
    for name, twin in (("partie-bom-crlf", "partie-propre"), ("en-game-bom-crlf", "game-clean")):
        raw = (TYPED30.data / f"{name}.hrn").read_bytes().decode("utf-8")
        assert raw.startswith("\ufeff") and raw.count("\r\n") > 30
        assert [f.message for g in iter_hrn(raw) for f in g.errors] == []
        assert same_record(raw, TYPED30.read(twin))


def test_a_suit_word_and_colon_is_the_row_a_seat_letter_stays_a_seat() -> None:
    """``pique : D 10 8 6`` under ``Nord`` is the spades row (on main: five
    findings, the word taken for another seat's name); ``S: ♥ R D`` under
    South's line stays South's row, not spades."""
    game = TYPED30.read("partie-nord-couleurs-en-mots")
    assert findings(game, "fr") == []
    twin = TYPED30.read("partie-propre")
    south = twin.replace("S: ♠ R 7 3  ♥ R D  ♦ V 5 2  ♣ D V 8 7 5",
                         "S: ♠ R 7 3\nS: ♥ R D\nS: ♦ V 5 2\nS: ♣ D V 8 7 5")
    assert findings(south, "fr") == [] and same_record(south, twin)


def test_a_name_that_is_no_player_over_suit_rows_is_not_made_a_hand() -> None:
    """A word over suit rows that is neither a seat nor a player of the game
    (``Paul``) is not read as anyone's hand: told as before, at its line."""
    named = TYPED30.read("partie-nom-puis-couleurs-en-mots")
    assert [at for at, _ in findings(named, "fr")] == ["18:1"]
    other = named.replace("Camille\n", "Paul\n", 1)
    said = findings(other, "fr")
    assert said and said[0][0].startswith("18:") and "Paul' est un nom" not in said[0][1], said


def test_a_note_after_the_whole_trick_stays_a_note() -> None:
    """Only a trick cut short has its second ``;`` told: ``… S 7♠ ; vite ; fin``
    after the four plays is a note, read as before."""
    assert [at for at, _ in TYPED30.told("partie-point-virgule-dans-pli")] == ["27:14"]
    twin = TYPED30.read("partie-propre")
    noted = twin.replace("2. O 4♠ N 6♠ E 9♠ S 7♠", "2. O 4♠ N 6♠ E 9♠ S 7♠ ; vite ; E 9♠")
    assert findings(noted, "fr") == []


def _sheet_line(line: str) -> str:
    return TYPED30.read("feuille-propre").replace("marque N 3 E 4 S 15 O 4", line, 1)


def _rows_under(line: str) -> str:
    return TYPED30.read("partie-propre").replace(
        "N: ♠ D 10 8 6  ♥ A 8  ♦ R 8 7 6 3  ♣ 9 2\n", f"Nord\npique : {line}\ncœur : A 8\n", 1)


def _in_trick(line: str) -> str:
    return TYPED30.read("partie-propre").replace("2. O 4♠ N 6♠ ", f"2. O 4♠ N 6♠ {line}", 1)


def _under_trick_heading(line: str) -> str:
    return TYPED30.read("partie-propre").replace("1. N 2♣ E 3♣ S 5♣ O A♣", f"Pli\tN\tE\tS\tO\t{line}", 1)


def _grid_row(line: str) -> str:
    return TYPED30.read("partie-mains-en-grille").replace("♠\tD 10 8 6", f"♠\t{line}", 1)


def _wrapped(line: str) -> str:
    return TYPED30.read("partie-pli-sur-deux-lignes").replace("\nE 7♥ S R♣", f"\nE 7♥ {line}", 1)


#: This round's patterns on a long line of near-matches (typed28's test,
#: tests/test_typed28_lines.py): each case's name, the unit repeated, where.
_LONG = [
    ("names-and-pts", "Anne 3 pts ", _sheet_line),
    ("pts-as-names", "A 1 pts 1 pts ", _sheet_line),
    ("suit-word-rows", "pique : ", _rows_under),
    ("semicolons-in-a-trick", "; E ", _in_trick),
    ("tabs-in-a-trick-heading", "N\t", _under_trick_heading),
    ("a-grid-row", "A 5\t", _grid_row),
    ("plays-wrapped", "E 9♠ ", _wrapped),
]


@pytest.mark.slow
@pytest.mark.parametrize(("unit", "put"), [pytest.param(u, p, id=n) for n, u, p in _LONG])
def test_this_rounds_patterns_read_a_long_line_in_linear_time(unit: str, put: Callable[[str], str]) -> None:
    """Each line, at two lengths four times apart, is read in CPU time that
    grows about linearly (quadratic would be 16 times) and within seconds."""
    short, long = (put((unit * (n // len(unit) + 1))[:n]) for n in (10000, 40000))
    t_short, t_long = _cpu(short), _cpu(long)
    assert t_long <= 8 * max(t_short, 0.05) and t_long < 5.0, (t_short, t_long)


def _cpu(text: str) -> float:
    """The CPU time of reading *text* (its findings), uncached."""
    start = time.process_time()
    found.__wrapped__(text)
    return time.process_time() - start


def test_a_wrapped_trick_is_joined_only_when_it_makes_the_trick_whole() -> None:
    """``5. O D♥ N 10♥`` then ``E 7♥ S R♣`` is one trick (on main: two
    findings); when the line under it holds only one more play the trick
    stays short and is told as before, and a numbered line under a short
    trick is never taken for its end."""
    twin = TYPED30.read("partie-propre")
    assert findings(TYPED30.read("partie-pli-sur-deux-lignes"), "fr") == []
    short = twin.replace("5. O D♥ N 10♥ E 7♥ S R♣", "5. O D♥ N 10♥\nE 7♥")
    assert findings(short, "fr") and not same_record(short, twin)
    numbered = twin.replace("5. O D♥ N 10♥ E 7♥ S R♣\n6.", "5. O D♥ N 10♥\n6.")
    assert any(at.startswith("30:") for at, _ in findings(numbered, "fr"))


def test_a_grid_with_a_suit_twice_offers_no_hand() -> None:
    """A grid whose rows name a suit twice is no deal's hands: not told as
    a grid (no hand offered that would be wrong)."""
    assert any("colonnes" in said for _, said in TYPED30.told("partie-mains-en-grille"))
    grid = TYPED30.read("partie-mains-en-grille").replace("♦\tR 8 7 6 3", "♥\tR 8 7 6 3", 1)
    assert not any("colonnes" in said for _, said in findings(grid, "fr"))
