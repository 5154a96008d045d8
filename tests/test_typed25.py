"""Hand-typed records, round 25 (helper typed25): a French club's records as
its members type them -- a score sheet kept in a notebook then typed, a
WhatsApp or SMS paste with the table's words (``gg``, ``bien joué !!``,
``mdr``), a spreadsheet's copy (tabs, ``;``), cards in words (``As de
coeur``, ``dame de pic``, ``DDP``), seats in words or by first names, the
passes and the moon said in French (``pas de passe``, ``grand chelem``,
``Hervé a tout pris``), ``pts`` after the points, a notebook's totals rows
(``Totaux :``, ``Total général :``), a deal header with no number (``donne
n°``, ``Donne :``, ``deal #``), typos -- and a few English ones.  The
records are in ``tests/data/typed25/`` (its README says who types each and
what comes of it); each reads as its clean twin, or is told once at its line
and column, in French and English (``messages.golden.txt``), with the form
to write.  docs/spec.md 2.16.  In process, about 60 small reads: cheap.
"""

from __future__ import annotations

import pytest
from record_campaign import Campaign, CampaignTests, campaign_parameters, findings, same_record

from hearts_notation.editor.deals import Pool, Tally, check_by_deal
from hearts_notation.io.hrn.reader import iter_hrn


def _twin(name: str) -> str:
    if name.startswith("en-"):
        return "game-clean" if name == "en-deal-hash" else "sheet-clean"
    return "partie-propre" if name.startswith("partie-") else "feuille-propre"


def _lang(name: str) -> str:
    return "en" if name.startswith("en-") else "fr"


#: Records told "remove this line" (a chat's words): without it, each is its twin.
REMOVED = ("sms-gg", "sms-bien-joue", "sms-mdr", "en-gg-wp", "en-nice-moon-lol")

#: Records whose message offers a whole line that, put in place of the line
#: told, makes the record its twin.
OFFERED = ("carnet-capot-il-a-tout-pris-seat", "carnet-donne-n-sans-numero", "carnet-donne-sans-numero",
           "carnet-il-a-tout-pris", "carnet-total-general", "carnet-totaux", "en-deal-hash",
           "en-deal-no-number", "en-semicolons", "en-took-everything", "tableur-csv-total",
           "tableur-points-virgules")

TYPED25 = Campaign(
    "typed25", _twin, lang=_lang, at_least={"fr": 30, "en": 5},
    #: The clean twins: french23's game and sheet, typed22's English game and sheet.
    clean=("partie-propre", "feuille-propre", "game-clean", "sheet-clean"),
    #: Records read as their twin (fmt agrees, no finding).
    same=dict.fromkeys((
        "carnet-capot-est", "carnet-donne-numero-espace", "carnet-evenement-accents-doubles",
        "carnet-evenement-sans-accent", "carnet-grand-chelem", "carnet-passe-a-droite-sans-accent",
        "carnet-passe-a-gauche", "carnet-passe-en-face", "carnet-passe-gauche-majuscule",
        "carnet-places-en-mots", "en-score-seat-words", "en-tabs", "partie-10c", "partie-coeur-blanc",
        "partie-donneur-ouest", "partie-mains-nord-est", "partie-majuscules", "partie-passe-a-gauche-ligne",
        "partie-places-en-mots", "tableur-tabulations"), ()),
    #: Records refused: the line:col of each finding (errors and warnings).
    refused={
        # told since this round (on main: a deal lost and 5 errors, "expected a
        # deal number", "expected ':'", the line offered in braces, "found 'coeur'",
        # "found 'dame'", "found 'DDP!'", "'général' is not a seat name")
        "carnet-donne-n-sans-numero": ["14:7"], "carnet-donne-sans-numero": ["19:1"],
        "en-deal-hash": ["15:6"], "en-deal-no-number": ["13:1"],
        "sms-gg": ["22:1"], "sms-bien-joue": ["17:1"], "sms-mdr": ["19:1"], "en-gg-wp": ["17:1"],
        "en-nice-moon-lol": ["16:1"], "carnet-il-a-tout-pris": ["16:1"],
        "carnet-capot-il-a-tout-pris-seat": ["16:1"], "en-took-everything": ["15:1"],
        "partie-as-de-coeur": ["38:7"], "partie-dame-de-pic": ["31:28"], "partie-ddp": ["31:28"],
        "carnet-total-general": ["21:1"],
        # told as before (checked: each stays told once, with what to write)
        "carnet-capot-prenom": ["16:7"], "carnet-faute-donne": ["14:1"], "carnet-faute-marque": ["20:1"],
        "carnet-pas-de-passe": ["19:9"], "carnet-places-n-e-s-o": ["11:1"], "carnet-prenoms": ["11:8"],
        "carnet-pts-colles": ["15:10"], "carnet-pts": ["11:12"], "carnet-total-pts": ["17:12"],
        "carnet-totaux": ["21:1"], "en-score-pts": ["10:11"], "en-semicolons": ["10:6"],
        "partie-dame-de-pique-majuscule": ["31:28"], "partie-mains-prenoms": ["19:1"],
        "partie-marque-pts": ["39:12"], "partie-passe-prenom": ["23:7"], "partie-pli-majuscule": ["26:1"],
        "partie-plis-prenoms": ["26:4"], "tableur-csv-total": ["12:6"], "tableur-points-virgules": ["11:7"],
    },
    #: What this round's slips are told with now (each said something else on main).
    new={"carnet-donne-n-sans-numero": "'n°' : l'en-tête d'une donne dit son numéro, ici celui qui suit "
                                       "la donne d'avant : écrivez « donne 2 passe droite »",
         "carnet-donne-sans-numero": "écrivez « Donne 3 passe face »",
         "en-deal-hash": "'#': a deal's header says its number, here the one after the deal before: "
                         "write 'deal 1 dealer W pass left'",
         "en-deal-no-number": "write 'deal 2 pass right'",
         "sms-gg": "'gg' : les mots d'une discussion à la table ne font pas partie du relevé : "
                   "retirez cette ligne",
         "sms-bien-joue": "'bien joué !!' : les mots d'une discussion", "sms-mdr": "retirez cette ligne",
         "en-gg-wp": "'gg wp': a chat's words to the table are not part of the record: remove this line",
         "en-nice-moon-lol": "a chat's words to the table", "carnet-il-a-tout-pris": "écrivez « capot E »",
         "carnet-capot-il-a-tout-pris-seat": "écrivez « capot E »",
         "en-took-everything": "write it 'moon E'",
         "partie-as-de-coeur": "'As de coeur' : une carte s'écrit avec sa hauteur et sa couleur, comme A♥",
         "partie-dame-de-pic": "'dame de pic' : une carte s'écrit avec sa hauteur et sa couleur, comme D♠",
         "partie-ddp": "'DDP' : une carte s'écrit avec sa hauteur et sa couleur, comme D♠",
         "carnet-total-general": "trouvé 'Total général' ; écrivez « total N 42 E 4 S 49 O 35 »"},
    offered=OFFERED, offered_twin=OFFERED,
)

pytest_generate_tests = campaign_parameters


class TestTyped25(CampaignTests):
    campaign = TYPED25


@pytest.mark.parametrize("name", REMOVED)
def test_without_the_chat_words_told_the_record_is_its_twin(name: str) -> None:
    text = TYPED25.read(name)
    [(at, said)] = TYPED25.told(name)
    assert said.endswith(("remove this line", "retirez cette ligne")), said
    lines = text.split("\n")
    del lines[int(at.split(":")[0]) - 1]
    assert same_record("\n".join(lines), TYPED25.twin_text(name))


def test_a_header_with_no_number_keeps_its_deal_with_its_dealer_and_pass() -> None:
    """``deal # dealer W pass left``: deal 1 of the line offered, its dealer,
    pass, hands and 13 tricks read (on main the deal was lost whole)."""
    [game] = iter_hrn(TYPED25.read("en-deal-hash"))
    [deal] = game.deals
    assert (deal.number, deal.dealer, deal.direction) == (1, "W", "left")
    assert len(deal.tricks) == 13 and len(deal.hands) == 4


def test_a_later_header_with_no_number_is_the_deal_after_and_the_editor_agrees() -> None:
    """``donne n° passe droite`` after deal 1 is deal 2 (its moon read); the
    editor, whose segment alone would call it deal 1, reads such a game whole."""
    text = TYPED25.read("carnet-donne-n-sans-numero")
    [game] = iter_hrn(text)
    assert [d.number for d in game.deals] == [1, 2, 3] and game.deals[1].moon is not None
    assert game.deals[1].direction == "right"
    got = check_by_deal(text, "<document>", None, Pool(), Tally())
    assert got is None or got[0].deals == game.deals


def test_an_offered_header_gives_its_deal_its_dealer_and_pass() -> None:
    """french24's ``donne & donneur O passe gauche``: the deal of the line its
    message offers has that line's dealer and pass (french24 kept its number only)."""
    text = (TYPED25.data.parent / "french24" / "donne-esperluette.hrn").read_text(encoding="utf-8")
    [game] = iter_hrn(text)
    assert [(d.number, d.dealer, d.direction) for d in game.deals] == [(1, "W", "left")]


def test_a_line_in_bold_is_read_alike_by_both_readers() -> None:
    """``**deal 2** pass right _**_``: every bold mark taken off, as the deal
    header's number reads it (one helper, ``words.strip_bold``): the line
    offered is the header (on main the grammar reader left ``__`` and offered
    the line in braces)."""
    text = TYPED25.read("feuille-propre").replace("donne 2 passe droite", "**donne 2** passe droite _**_")
    [(at, said)] = findings(text, "fr")
    assert at == "14:1" and said.endswith("écrivez « donne 2 passe droite »"), said
    [game] = iter_hrn(text)
    assert [d.number for d in game.deals] == [1, 2, 3]


@pytest.mark.parametrize(("line", "remark"), [("gg", "Bravo Hervé !"), ("Bien joué !", "bien"),
                                              ("lol", "nice"), ("GG WP", "gg N"), ("ptdr", "merci"),
                                              ("bravo, bien joué 👏", "bravo Anne")])
def test_a_chats_words_are_told_as_a_chats_and_a_remarks_are_not(line: str, remark: str) -> None:
    """A chat's words alone are told *remove this line*; a line with a name,
    a seat or only words a remark holds is not said to be a chat's."""
    sheet = TYPED25.read("feuille-propre")
    [(at, said)] = findings(sheet.replace("donne 3 passe face", f"{line}\ndonne 3 passe face"), "fr")
    assert at == "19:1" and said.endswith("ne font pas partie du relevé : retirez cette ligne"), said
    told = findings(sheet.replace("donne 3 passe face", f"{remark}\ndonne 3 passe face"), "fr")
    assert all("discussion" not in said for _, said in told)
