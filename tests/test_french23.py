"""Hand-typed French records, round 23 (helper french23): styles no round
had tried, typed by French club players and secretaries -- a moon said as a
sentence with a player's name or a pronoun (``Hervé a fait chelem``, ``il a
fait la lune : E``), ``Partie terminée`` under the result, the suits
shortened ``pi co ca tr`` in a hand, the dealer on a line of its own under
the header (``donneur : Ouest``), figures typed on an AZERTY keyboard without
its shift key (``marque N &" E à ...``, ``&. N é♣ ...``), a score sheet's
columns ruled by bars (``Nord | Est | Sud | Ouest``, ``3 | 4 | 15 | 4``),
and, checked as they were already read or told: a date in words and names
with a hyphen or an apostrophe, ``grand chelem E``, ``passe : à gauche``, R
D V mixed with K Q J, cards said in words, ``pli n°1``, ``3e pli``, ``pts``,
``13,0``, ``(donne annulée)``.  The records are in ``tests/data/french23/``
(its README says who types each and what comes of it); each is read as the
same game as its clean twin, or told at its line and column in French and
English (``messages.golden.txt``) with the form to write.  docs/spec.md 2.13;
docs/robustness.md, "french23".  In process, about 25 small reads: cheap.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from record_campaign import (
    Campaign,
    CampaignTests,
    campaign_parameters,
    findings,
    offered_line,
    same_record,
)

from hearts_notation.cli import cli
from hearts_notation.io.hrn.reader import iter_hrn

#: The clean twins: a game with its tricks, and a score sheet.
CLEAN = ("partie-propre", "feuille-propre")
_SHEETS = ("date-et-noms", "date-ligne", "grand-chelem", "passe-deux-points", "chelem-prenom", "lune-il",
           "partie-terminee", "azerty-marque", "colonnes-barres", "marque-pts", "marque-virgule",
           "donne-annulee")


def _twin(name: str) -> str:
    return "feuille-propre" if name in _SHEETS else "partie-propre"


#: Records read as their twin (fmt and the scores agree); the tags they
#: change on purpose (a date in words, players' names) are put back first.
_SAME = {"date-et-noms": (('"mardi 1er décembre 2026"', '"2026.12.01"'), ('"Jean-Loïc"', '"Hervé"'),
                         ('"Yves d\'Arvor"', '"Yves"')),
        "grand-chelem": (), "passe-deux-points": (), "rdv-et-kqj": ()}

#: Records refused: the line:col of each finding (errors and warnings), in order.
_REFUSED = {
    # told since this round (each was a remark to put in braces, an unknown
    # word or a line of play, or a second game, on main)
    "chelem-prenom": ["16:1"], "lune-il": ["16:1"], "partie-terminee": ["23:1"],
    "couleurs-abregees": ["18:4"], "donneur-ligne": ["17:1"], "azerty-marque": ["20:10"],
    "azerty-pli": ["26:1"], "colonnes-barres": ["10:1", "12:1", "13:7"], "dix-article": ["32:11"],
    "date-ligne": ["1:1"],
    # told as before (checked: the French words and sheets' forms stay told)
    "dame-de-pique-en-mots": ["31:28"], "dix-de-coeur": ["30:11"], "passe-en-mots": ["22:10"],
    "valet-article": ["29:11"], "pli-numero": ["26:1"], "pli-3e": ["28:1"], "marque-pts": ["11:12"],
    "marque-virgule": ["20:10"], "donne-annulee": ["14:22"],
}

#: Records whose message offers a whole line: that line put in place of the
#: line told makes the record its twin (``donneur-ligne``: its own test).
_OFFERED = ["chelem-prenom", "lune-il", "azerty-marque", "azerty-pli"]


#: This round's slips, each with what its French message says (each of them
#: said something else before: a remark, a word unknown, a line of play).
_NEW = {"chelem-prenom": "écrivez « capot E »", "lune-il": "écrivez « capot E »",
       "partie-terminee": "retirez cette ligne", "couleurs-abregees": "vouliez-vous dire « ♠ » ?",
       "donneur-ligne": "écrivez « donne 1 donneur Ouest passe gauche »",
       "azerty-marque": "clavier AZERTY", "azerty-pli": "écrivez « 1. N 2♣ E 3♣ S 5♣ O A♣ »",
       "colonnes-barres": "écrivez « marque N 3 E 4 S 15 O 4 »", "dix-article": "comme 10♦",
       "date-ligne": 'écrivez [Date "Mardi 1er décembre 2026"]'}


FRENCH23 = Campaign("french23", _twin, _REFUSED, same=_SAME, new=_NEW, offered=_OFFERED,
                    offered_twin=_OFFERED, clean=CLEAN, at_least={"*": 15})

pytest_generate_tests = campaign_parameters


class TestFrench23(CampaignTests):
    campaign = FRENCH23


def _read(name: str) -> str:
    return FRENCH23.read(name)


def _findings(text: str, lang: str = "fr") -> list[tuple[str, str]]:
    return findings(text, lang)


def test_the_header_offered_for_the_dealers_line_makes_the_record_its_twin() -> None:
    """``donneur : Ouest`` on a line of its own: the header offered goes on
    the header's line, the field's line removed."""
    text = _read("donneur-ligne")
    [(at, said)] = _findings(text)
    lines = text.split("\n")
    row = int(at.split(":")[0]) - 1
    lines[row - 1:row + 1] = [offered_line(said)]
    fixed = "\n".join(lines)
    assert _findings(fixed) == []
    assert same_record(fixed, _read(_twin("donneur-ligne")))


def test_partie_terminee_under_the_result_is_no_second_game() -> None:
    games = list(iter_hrn(_read("partie-terminee")))
    assert len(games) == 1
    assert len(games[0].deals) == 3


def test_the_dealer_and_the_pass_on_lines_of_their_own_are_offered_together() -> None:
    """Each field's line is told; the second offers the header with both."""
    text = _read("partie-propre").replace("donne 1 donneur O passe gauche",
                                          "donne 1\ndonneur : Ouest\npasse : à gauche")
    said = _findings(text)
    assert [at for at, _ in said] == ["17:1", "18:1"]
    assert said[1][1].endswith("écrivez « donne 1 donneur Ouest passe à gauche » et retirez cette ligne")


@pytest.mark.parametrize("command", ["score", "fmt"])
def test_score_and_fmt_stop_at_a_moon_said_in_a_sentence(tmp_path: Path, command: str) -> None:
    path = tmp_path / "lune.hrn"
    path.write_text(_read("lune-il"), encoding="utf-8")
    result = CliRunner().invoke(cli, [command, "--lang", "fr", str(path)])
    assert result.exit_code == 2
    assert "16:1" in result.output and "écrivez « capot E »" in result.output
    assert path.read_text(encoding="utf-8") == _read("lune-il")


def test_a_moon_said_by_someone_who_is_no_player_is_not_offered_as_a_seat() -> None:
    """``capot Yann`` would not read when no player is Yann: the grammar's
    message alone, no line offered."""
    text = _read("lune-il").replace("il a fait la lune : E", "Yann a fait la lune")
    [(at, said)] = _findings(text)
    assert at == "16:1" and "'Yann a fait la lune'" in said and "écrivez" not in said
