"""Hand-typed records, round 29 (helper typed29): a French club's records
(and a few English ones) typed in ways no campaign covered -- a hand laid out
one suit a line under its seat's name, an evening's sheet with the running
totals in a column beside each deal's points (spaces or a spreadsheet's
tabs), a pass noted by the one who received it (``E reçoit de N :``), a
trick's winner said first (``O gagne : …``) or after a dash (``— gagné par
O``), a misdeal said on a line of its own with more words, cards in words
(``as de pique``, ``2 coeur``, ``4 PIQUE``), keywords in capitals or without
their accent.  The records are in ``tests/data/typed29/`` (its README says
who types each and what comes of it); each reads as its clean twin, or is
told once at its line and column, in French and English
(``messages.golden.txt``), with the form to write.  docs/spec.md 2.20.  In
process, about 25 small reads: cheap.
"""

from __future__ import annotations

from record_campaign import (
    Campaign,
    CampaignTests,
    campaign_parameters,
    english_if_en,
    findings,
    same_record,
    twin_by_head,
)

#: The clean twin each record's name starts with.
_TWINS = {"partie": "partie-propre", "carnet": "feuille-propre", "valet": "valet-propre",
          "en-game": "game-clean", "en-sheet": "sheet-clean"}

_twin = twin_by_head(_TWINS)
_lang = english_if_en


#: Records whose message offers a whole line that, put in place of the line
#: told, reads with no finding ...
OFFERED = ("partie-passe-recue", "en-game-receives", "carnet-donne-annulee-entete", "en-sheet-deal-void",
           "partie-pli-majuscules")
#: ... and, for these, makes the record its twin.
OFFERED_TWIN = ("partie-pli-majuscules",)

TYPED29 = Campaign(
    "typed29", _twin, lang=_lang, at_least={"fr": 12, "en": 4},
    #: The clean twins: typed27's (french23's game and sheet, french20's J♦
    #: sheet, typed22's English game and sheet).
    clean=("partie-propre", "feuille-propre", "valet-propre", "game-clean", "sheet-clean"),
    #: Records read as their twin (fmt agrees, no finding).
    same={
        # read since this round (on main 85d64070: told, two or three findings)
        "partie-mains-en-colonnes": (), "en-game-hand-columns": (),
        "carnet-soiree-colonne-total": (), "carnet-soiree-tabulations": (),
        # read as before (checked)
        "carnet-majuscules-sans-accent": (), "carnet-passe-a-droite": (), "en-sheet-caps": (),
    },
    #: Records refused: the line:col of each finding (errors and warnings).
    refused={
        # told since this round (on main 85d64070: two findings, no form, or a wrong line offered)
        "partie-passe-recue": ["22:1"], "en-game-receives": ["22:1"],
        "partie-gagnant-en-tete": ["26:1"], "en-game-winner-first": ["26:1"],
        "partie-pli-gagne-par": ["26:24"],
        "carnet-donne-annulee-entete": ["15:1"], "en-sheet-deal-void": ["14:1"],
        # told as before (checked: each stays told once, with what to write)
        "partie-cartes-en-mots": ["26:6"], "partie-as-de-pique-mots": ["28:21"],
        "partie-coeur-mot": ["33:6"], "partie-dix-de-coeur-sans-ligature": ["30:6"],
        "partie-pique-en-mots-majuscules": ["27:6"], "partie-parentheses-entre-cartes": ["29:19"],
        "partie-pli-majuscules": ["26:1"], "en-game-ace-of-spades": ["36:7"],
    },
    #: What this round's slips are told with now (each said something else on main).
    new={"partie-passe-recue": "trouvé 'E reçoit de N :' ; écrivez « passe N>E : A♥ 9♣ R♦ »",
         "en-game-receives": "found 'S receives from E:'; write it 'pass E>S: KS QH JH'",
         "partie-gagnant-en-tete": "'O gagne :' : le gagnant d'un pli ne s'écrit pas, il se déduit des "
                                   "cartes ; une ligne de pli commence par son numéro dans la donne et un "
                                   "point, comme « 1. N 2♣ E 3♣ S 5♣ O A♣ »",
         "en-game-winner-first": "'N wins:': a trick's winner is not written, it follows from the cards",
         "partie-pli-gagne-par": "'— gagné par O' : le gagnant d'un pli ne s'écrit pas",
         "carnet-donne-annulee-entete": "écrivez « {donne annulée, on redistribue} »",
         "en-sheet-deal-void": "write '{misdeal, redealt}'"},
    offered=OFFERED, offered_twin=OFFERED_TWIN,
)

pytest_generate_tests = campaign_parameters


class TestTyped29(CampaignTests):
    campaign = TYPED29


def test_a_seat_alone_is_a_hand_only_with_suit_rows_under_it() -> None:
    """``Nord`` alone reads as ``Nord :`` when suit rows follow it (on main:
    two findings); alone before a hand's line it is told as before, and a
    word that is no seat before suit rows is not made a hand."""
    game = TYPED29.read("partie-mains-en-colonnes")
    assert findings(game, "fr") == []
    alone = TYPED29.read("partie-propre").replace("N: ♠", "Nord\nN: ♠", 1)
    [(at, said)] = findings(alone, "fr")
    assert at == "18:5" and said.endswith("trouvé la fin de la ligne"), said
    [(at, _), *_] = findings(game.replace("Nord\n", "Main\n", 1), "fr")
    assert at.startswith("18:"), at


def test_totals_beside_the_points_read_only_when_both_read() -> None:
    """The totals in a column beside the points are their own line, read at
    their columns (a finding on them points there); a line whose totals do
    not read is told as before, at ``total``."""
    sheet = TYPED29.read("carnet-soiree-colonne-total")
    assert same_record(sheet, TYPED29.read("feuille-propre"))
    wrong = sheet.replace("total N 3 E 4 S 15 O 4", "total N 3 E 5 S 15 O 4")
    [(at, said)] = findings(wrong, "fr")
    assert at.split(":")[0] == "13", (at, said)
    [(at, _)] = findings(sheet.replace("total N 3 E 4 S 15 O 4", "total N 3 E 4 S quinze O 4"), "fr")
    assert at == "13:28"


def test_a_pass_received_is_offered_only_between_seats() -> None:
    """``E reçoit de N :`` offers N's pass to E (on main: two findings);
    ``E reçoit de Paul :`` names no seat of the game, so no pass line is
    offered (a guess): the line is told as before."""
    game = TYPED29.read("partie-passe-recue")
    [(_, said)] = findings(game, "fr")
    assert said.endswith("écrivez « passe N>E : A♥ 9♣ R♦ »"), said
    other = game.replace("E reçoit de N :", "E reçoit de Paul :")
    assert not any("passe" in said and "écrivez" in said for _, said in findings(other, "fr"))
