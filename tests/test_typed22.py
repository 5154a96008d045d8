"""Hand-typed records, English and French (helper typed22): english21's
leftovers (smart quotes in a tag, ``score: N 13 / E 0 / ...``, ``-- end --``
after the result, ``moon: none``, an indented code fence) and a campaign of
styles no round had tried (a chat's export, hands in four columns, numbers
in words, a total struck out, a leader marked, a trick in the seats' order,
arrows for the pass, a spreadsheet's cells), in ``tests/data/typed22/`` (its
README says who types each and what comes of it).  Each is read as the same
game as its clean twin, or told once at its line and column, in the
record's language, with the form to write; ``messages.golden.txt`` holds
each message in English and French.  docs/spec.md 2.12; docs/robustness.md,
"typed22".  In process, about 40 small reads: cheap.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from record_campaign import Campaign, CampaignTests, campaign_parameters

from hearts_notation.cli import cli
from hearts_notation.io.hrn.reader import iter_hrn

#: The clean twins, and which twin each record is typed from.
CLEAN = ("en-game-clean", "en-sheet-clean", "fr-partie-propre", "fr-feuille-propre")


def _twin(name: str) -> str:
    if name.startswith("fr-"):
        feuille = any(w in name for w in ("feuille", "guillemets", "marque", "ligne-fin", "capot", "bloc",
                                          "whatsapp", "total", "fleches", "donne-deux"))
        return "fr-feuille-propre" if feuille else "fr-partie-propre"
    sheet = any(w in name for w in ("smart", "score", "end-line", "moon", "whatsapp", "struck", "arrows",
                                    "csv", "deal-two"))
    return "en-sheet-clean" if sheet else "en-game-clean"


#: Records read as their twin (fmt and the scores agree); ``fr-sans-accents``
#: adds a result line to its twin.
_SAME = ("fr-dix-melanges", "en-ten-T-mixed", "fr-sans-accents",
         # (read since typed34: the number in words says the deal plainly)
         "en-deal-two-words", "fr-donne-deux-lettres")

#: Records refused: the line:col of each finding (errors and warnings), in order.
_REFUSED = {
    "en-smart-quotes-tag": ["1:8"], "fr-guillemets-balise": ["2:7"],
    "en-score-slashes": ["10:12"], "fr-marque-barres": ["20:15"],
    "en-end-line": ["19:1"], "fr-ligne-fin": ["25:1"],
    "en-moon-none": ["11:7"], "fr-capot-aucun": ["21:9"],
    "en-fence-indented": ["1:5"], "fr-bloc-liste": ["1:1"],
    "en-whatsapp-android": ["1:1"], "fr-whatsapp": ["1:1"],
    "en-hands-grid": ["17:1"], "fr-mains-en-grille": ["18:1"],
    "en-trick-three-words": ["27:1"], "fr-pli-en-lettres": ["28:1"],
    "en-total-struck": ["16:23"], "fr-total-barre": ["21:18"],
    "en-leader-L": ["26:4"], "fr-entame-etoile": ["27:4"],
    "en-seat-order-led": ["26:24"], "fr-ordre-des-places": ["27:6"],
    "en-ten-mixed-X": ["28:21"],
    "en-pass-arrows": ["9:13", "13:13"], "fr-fleches-passe": ["10:9", "14:9", "19:9"],
    "en-csv-score": ["10:6"], "fr-tableur-main": ["18:2"],
}

#: Records whose message offers a whole line: that line put in place of the
#: line told makes the record its twin.
_OFFERED = ["en-seat-order-led", "en-score-slashes", "fr-marque-barres", "en-total-struck", "fr-total-barre",
           "en-leader-L", "fr-entame-etoile", "en-csv-score", "fr-tableur-main", "fr-ordre-des-places",
           "en-smart-quotes-tag", "fr-guillemets-balise"]


def _lang(name: str) -> str:
    return "fr" if name.startswith("fr-") else "en"


TYPED22 = Campaign("typed22", _twin, _REFUSED, same=dict.fromkeys(_SAME, ()),
                   twin_tails={"fr-sans-accents": "résultat *\n"}, offered=_OFFERED, offered_twin=_OFFERED,
                   clean=CLEAN, lang=_lang, at_least={"fr": 15, "en": 15})

pytest_generate_tests = campaign_parameters


class TestTyped22(CampaignTests):
    campaign = TYPED22


def _read(name: str) -> str:
    return TYPED22.read(name)


@pytest.mark.parametrize("name", ["en-end-line", "fr-ligne-fin", "en-fence-indented", "fr-bloc-liste",
                                  "en-whatsapp-android", "fr-whatsapp", "fr-donne-deux-lettres"])
def test_one_game_with_every_deal(name: str) -> None:
    """An end mark or a closing fence after the result is no second game;
    a chat's lines and a deal numbered in words keep every deal."""
    games = list(iter_hrn(_read(name)))
    twin = list(iter_hrn(_read(_twin(name))))
    assert len(games) == 1
    assert [len(d.tricks) for d in games[0].deals] == [len(d.tricks) for d in twin[0].deals]


def test_validate_tells_a_french_chat_export_in_french(tmp_path: Path) -> None:
    """The record's language is said past the chat's date and sender: the
    summary and the message are French without ``--lang``."""
    path = tmp_path / "chat.hrn"
    path.write_text(_read("fr-whatsapp"), encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", str(path)])
    assert result.exit_code == 1
    assert f"{path}:1:1: erreur: '[06/12/2026 21:04] Hervé:' : ce relevé est copié d'une messagerie" \
        in result.output
    assert "1 erreur," in result.output


def test_fmt_refuses_a_struck_total_and_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "struck.hrn"
    path.write_text(_read("en-total-struck"), encoding="utf-8")
    result = CliRunner().invoke(cli, ["fmt", "--lang", "en", str(path)])
    assert result.exit_code == 2
    assert "16:23" in result.output
    assert path.read_text(encoding="utf-8") == _read("en-total-struck")
