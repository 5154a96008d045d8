"""Hand-typed records, round 34 (helper typed34): an evening's games typed in
one file whose deal headers are all said (``Première donne``, ``1re donne``,
``First deal``) are cut into their games where the record shows a new one
(its tags, a deal 1 again after higher ones, a heading ``Partie 2``); a deal
numbered in Roman numerals or in words (``Donne II``, ``Donne deux``,
``Deal one``) is read; a brace comment longer than a line may be is told
once where it opens, and the read goes on.  The records are in
``tests/data/typed34/`` (its README says what comes of each); each reads as
its clean twin, or is told once at its line and column, in French and
English (``messages.golden.txt``), with the form to write.  docs/spec.md
2.25.  In process, about 20 small reads: cheap; the pathological lines are
in the long step.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from record_campaign import (
    Campaign,
    CampaignTests,
    campaign_parameters,
    english_if_en,
    findings,
    found,
    offered_line,
    same_record,
    twin_by_head,
)

from hearts_notation.io.hrn.cut import cut_games
from hearts_notation.io.hrn.reader import iter_hrn

#: The clean twin each record's name starts with.
_TWINS = {"partie": "partie-propre", "carnet": "feuille-propre", "en-game": "game-clean",
          "en-sheet": "sheet-clean"}


_DATA = Path(__file__).resolve().parent / "data" / "typed34"


def _read(name: str) -> str:
    return (_DATA / f"{name}.hrn").read_text(encoding="utf-8")


def _body(name: str) -> str:
    """The clean twin *name* without its tags (a game typed after another)."""
    return _read(name).split("\n\n", 1)[1]


def _tails() -> dict[str, str]:
    """The second game of each record of two games, in the twin's words."""
    sheet, feuille = _read("sheet-clean"), _read("feuille-propre")
    return {
        "carnet-deux-soirees-ordinaux": "\n" + feuille.replace("2026.12.01", "2026.12.08"),
        "carnet-deux-parties-sans-balises": "\n" + _body("feuille-propre"),
        "carnet-derniere-puis-premiere": "\n" + _body("feuille-propre"),
        "en-sheet-two-games-first-second": "\n" + _body("sheet-clean"),
        "en-sheet-1st-2nd-two-evenings": "\n" + sheet.replace("2026.12.02", "2026.12.09"),
    }


TYPED34 = Campaign(
    "typed34", twin_by_head(_TWINS), lang=english_if_en, at_least={"fr": 9, "en": 5},
    #: The clean twins: typed33's (french23's French game and sheet, typed22's
    #: English game) and typed22's English sheet.
    clean=("partie-propre", "feuille-propre", "game-clean", "sheet-clean"),
    #: Records read as their twin (each told on main 19465b35: README).
    same={
        "carnet-deux-soirees-ordinaux": (), "carnet-deux-parties-sans-balises": (),
        "carnet-derniere-puis-premiere": (), "carnet-donnes-romaines": (),
        "carnet-donnes-en-lettres": (), "partie-donne-I-donneur-ouest": (),
        "en-sheet-deal-one-two": (), "en-sheet-two-games-first-second": (),
        "en-game-deal-I": (), "en-sheet-1st-2nd-two-evenings": (),
    },
    #: The second game of each record of two games.
    twin_tails=_tails(),
    #: Records told: the line:col of each finding.
    refused={
        "carnet-partie-2-titre": ["23:1"], "carnet-deuxieme-partie-titre": ["23:1"],
        "carnet-donne-romaine-virgule": ["14:9"], "en-sheet-game-2-heading": ["18:1"],
    },
    #: What this round's records are told with now.
    new={"carnet-partie-2-titre": "un titre est une remarque, entre accolades : écrivez « {Partie 2} »",
         "carnet-deuxieme-partie-titre": "une partie commence par ses balises, après la partie d'avant",
         "carnet-donne-romaine-virgule": "comme dans « Donne 2 passe à droite »",
         "en-sheet-game-2-heading": "a heading is a remark, in braces: write '{Game 2}'"},
    #: The remark over the line limit: read under the default limit, told
    #: under a small one (:func:`test_a_remark_longer_than_a_line_is_told_once_and_read_on`).
    others=("partie-remarque-trop-longue",),
)

pytest_generate_tests = campaign_parameters


class TestTyped34(CampaignTests):
    campaign = TYPED34


@pytest.mark.parametrize("name", ["carnet-deux-soirees-ordinaux", "carnet-deux-parties-sans-balises",
                                  "carnet-derniere-puis-premiere", "en-sheet-two-games-first-second",
                                  "en-sheet-1st-2nd-two-evenings", "carnet-partie-2-titre"])
def test_an_evening_of_games_with_said_headers_is_cut_into_its_games(name: str) -> None:
    """Two games whose deal headers are all said (``Première donne``, ``1re
    donne``, ``First deal``): two games of three (two) deals, whether the
    text is cut whole or line by line (on main: one game, the second game's
    tags told after a deal, or its deals as copies)."""
    text = _read(name)
    whole = [g.line for g in cut_games([text])]
    lines = [g.line for g in cut_games(text.splitlines(keepends=True))]
    assert len(whole) == 2 and whole == lines, (whole, lines)
    deals = [[d.number for d in g.deals] for g in iter_hrn(text)]
    assert deals in ([[1, 2, 3], [1, 2, 3]], [[1, 2], [1, 2]]), deals


@pytest.mark.parametrize("head", ["{soir 2} donne 1", "{soir 2} Première donne"])
def test_a_remark_before_the_deal_1_again_cuts_alike_on_every_path(head: str) -> None:
    """``{soir 2} Première donne`` after a game's last deal: a new game, as
    the block cutter and the line-by-line cutter (a comment over two lines
    elsewhere in the file) both see it (on main: one game)."""
    text = _read("feuille-propre") + "\n" + _body("feuille-propre").replace("donne 1", head, 1)
    spread = text.replace("[Lieu", "{un mot\nsur deux lignes}\n[Lieu", 1)
    assert [g.line for g in cut_games([text])] == [1, 23]
    assert [g.line for g in cut_games([spread])] == [1, 25]


def test_a_deal_1_again_begins_a_game_only_after_one() -> None:
    """A deal 1 after higher ones begins a new game when the game has a deal
    1 already (on main: one game, the deals told as copies); two deals typed
    in each other's place (deal 2, deal 1, deal 3) stay one game, told once
    (docs/spec.md: one ``deal-number`` error)."""
    sheet = _read("feuille-propre")
    assert len(list(iter_hrn(sheet + "\n" + _body("feuille-propre")))) == 2
    one, two = sheet.index("donne 1 passe"), sheet.index("donne 2 passe")
    three = sheet.index("donne 3 passe")
    swapped = sheet[:one] + sheet[two:three] + sheet[one:two] + sheet[three:]
    assert len(list(iter_hrn(swapped))) == 1
    assert [at for at, _ in findings(swapped, "fr")] == ["15:1"]    # (deal 1, after deal 2)


def test_the_header_offered_for_a_roman_numeral_reads_as_the_twin() -> None:
    """``Donne II, passe à droite``: the number read, the comma told with the
    header to write, which, put in place, reads as the twin."""
    [(at, said)] = TYPED34.told("carnet-donne-romaine-virgule")
    lines = _read("carnet-donne-romaine-virgule").split("\n")
    lines[int(at.split(":")[0]) - 1] = said.split("« ")[-1].rstrip(" »")
    fixed = "\n".join(lines)
    assert findings(fixed, "fr") == [] and same_record(fixed, _read("feuille-propre"))


@pytest.mark.parametrize("name", ["carnet-partie-2-titre", "en-sheet-game-2-heading"])
def test_the_heading_written_in_braces_reads_as_the_twin(name: str) -> None:
    """The heading in braces, as offered, is a remark of the second game: the
    record then reads with no finding, its games the twin's."""
    [(at, said)] = TYPED34.told(name)
    lines = _read(name).split("\n")
    lines[int(at.split(":")[0]) - 1] = offered_line(said)
    fixed = "\n".join(lines)
    lang = TYPED34.language(name)
    assert findings(fixed, lang) == [], name
    assert len(list(iter_hrn(fixed))) == 2


def test_a_remark_longer_than_a_line_is_told_once_and_read_on(small_line: None) -> None:
    """A brace comment of 2,700 characters over 37 lines, under a 2,000
    character limit: told once where it opens (16:1, the limit and how to
    raise it), and the game read whole after it (on main: the read stopped
    there, the game and every game after it lost, status 2)."""
    text = _read("partie-remarque-trop-longue")
    said = findings(text, "fr")
    assert [at for at, _ in said] == ["17:1"] and "HEARTS_MAX_LINE" in said[0][1], said
    assert "la longueur d'un commentaire" in said[0][1]
    (game,) = iter_hrn(text)
    assert len(game.deals) == 1 and len(game.deals[0].tricks) == 13
    assert (game.deals[0].comment or "").startswith("Compte rendu de la soirée")


def _cpu(text: str) -> float:
    start = time.process_time()
    found.__wrapped__(text)
    return time.process_time() - start


@pytest.mark.slow
@pytest.mark.parametrize("unit", ["Partie ", "Deuxième partie ", "1re partie ", "Donne II ", "x donne "],
                         ids=["heading", "heading-words", "heading-ordinal", "roman", "said-head"])
def test_a_long_line_of_this_rounds_forms_is_read_in_linear_time(unit: str) -> None:
    """This round's patterns on a line of 10,000 and 40,000 characters: CPU
    time grows about linearly (quadratic would be 16 times) and stays within
    seconds (typed28's test)."""
    record = _read("feuille-propre")
    times = []
    for n in (10000, 40000):
        text = record.replace("donne 2 passe droite", (unit * (n // len(unit) + 1))[:n], 1)
        times.append(_cpu(text))
    assert times[1] <= 8 * max(times[0], 0.05) and times[1] < 5.0, times
