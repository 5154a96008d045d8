"""Hand-typed records, round 26 (helper typed26): a French club's records
typed as its members type them, and a few English ones -- a trick told as a
story (``Nord entame le 2 de trèfle, Est fournit…``, ``West led the three of
spades``), tricks numbered by ordinals (``1er pli``, ``2e pli``, ``deuxième
pli``, ``Pli n°3``), cards and ranks in words (``dix de cœur``, ``la
dame``), plural suits, an e-mail's quote wrapped at 72 columns in the middle
of a trick, Markdown tables, no-break and narrow no-break spaces, smart
quotes and em dashes, a phone's capitals and symbols (``♡ ♢ ♤ ♧``, ``❤️``,
``♠️``), scores written ``+26``, ``-26``, ``26 points``, a three-player
sheet and a J♦ sheet typed by hand, BBO's hand lines (``North S AJT8 H …``),
the moon said with no seat (``il a tout pris``, ``he took everything``).
The records are in ``tests/data/typed26/`` (its README says who types each
and what comes of it); each reads as its clean twin, or is told once at its
line and column, in French and English (``messages.golden.txt``), with the
form to write.  docs/spec.md 2.17.  In process, about 55 small reads: cheap.
"""

from __future__ import annotations

import pytest
from record_campaign import (
    Campaign,
    CampaignTests,
    campaign_parameters,
    english_if_en,
    findings,
    same_record,
    twin_by_head,
)

from hearts_notation.io.hrn.reader import iter_hrn

#: The clean twin each record's name starts with.
_TWINS = {"en-moon": "moon-clean", "partie": "partie-propre", "carnet": "feuille-propre",
          "trois": "trois-propre",
          "valet": "valet-propre", "en-game": "game-clean", "en-sheet": "sheet-clean"}

_twin = twin_by_head(_TWINS)
_lang = english_if_en


#: Records whose message offers a whole line that, put in place of the line
#: told, makes the record its twin.
OFFERED = ("carnet-elle-a-tout-pris", "carnet-il-a-tout-pris", "en-game-bbo-hand", "en-moon-took-everything",
           "en-moon-took-them-all",
           "en-sheet-he-took-everything", "en-sheet-points", "partie-tableau-plis", "valet-regle-francais")

TYPED26 = Campaign(
    "typed26", _twin, lang=_lang, at_least={"fr": 30, "en": 10},
    #: The clean twins: typed25's (french23's game and sheet, typed22's English
    #: game and sheet), french20's three-player sheet and J♦ sheet, a game of
    #: tests/data/replay whose one deal is a moon by S.
    clean=("partie-propre", "feuille-propre", "game-clean", "sheet-clean", "trois-propre", "valet-propre",
           "moon-clean"),
    #: Records read as their twin (fmt agrees, no finding), the words changed
    #: on purpose in a tag or a remark put back first.
    same={"carnet-apostrophe-courbe": [("mardi d’hiver", "mardi")],
          "partie-guillemets-tirets": [(" — tout le monde passe à gauche, “comme d’habitude”.",
                                        " : tout le monde passe à gauche."),
                                       ("ouverts — enfin !", "ouverts.")],
          **dict.fromkeys((
              "carnet-capot-majuscule", "carnet-insecables", "carnet-plus-26", "en-game-white-suits",
              "en-sheet-nbsp", "partie-couleurs-blanches", "partie-emoji-selecteur", "partie-insecables-plis",
              "partie-majuscules-auto", "trois-insecables",
              # (read since typed27: U+2212 is a minus where points stand)
              "valet-moins-unicode"), ())},
    #: Records refused: the line:col of each finding (errors and warnings).
    refused={
        # told since this round (on main: the line offered in braces, "expected
        # ':'", "found '|'", 'marque' offered in an English record, three
        # findings for an e-mail's wrap, no form for J1)
        "carnet-elle-a-tout-pris": ["16:1"], "carnet-il-a-tout-pris": ["16:1"],
        "en-sheet-he-took-everything": ["15:1"], "en-sheet-points": ["10:1"],
        "en-moon-took-them-all": ["27:1"],
        "partie-prose-entame": ["26:1"], "en-game-prose-led": ["26:1"], "partie-tableau-plis": ["26:1"],
        "en-game-bbo-hand": ["17:1"], "en-game-bbo-seatless": ["17:1"], "trois-j1-j2-j3": ["12:8"],
        "partie-courriel-72": ["1:1"], "en-game-email-72": ["1:1"],
        # told as before (checked: each stays told once, with what to write)
        "en-moon-took-everything": ["27:1"],
        "carnet-26-points": ["15:13"], "carnet-26-pts-espace": ["20:13"], "carnet-moins-26": ["15:1"],
        "carnet-points-entete": ["20:1"], "carnet-tableau-markdown": ["11:1", "13:1"],
        "en-game-1st-trick": ["26:1"], "en-sheet-26-points": ["14:12"], "en-sheet-markdown": ["14:1", "16:1"],
        "en-sheet-minus-26": ["14:1"], "partie-1er-pli": ["26:1"], "partie-2e-pli": ["27:1"],
        "partie-coeur-emoji": ["33:6"], "partie-couleurs-pluriel": ["18:4"], "partie-deuxieme-pli": ["27:1"],
        "partie-dix-de-coeur": ["30:11"], "partie-huit-en-lettres": ["32:17"], "partie-la-dame": ["30:6"],
        "partie-main-sans-place": ["18:1"], "partie-pli-n-degre": ["28:1"],
        "partie-pli-numero-sans-point": ["28:1"], "partie-tirets-cadratins": ["26:9"],
        "partie-valet-de-pique": ["29:11"], "trois-joueurs-regle": ["2:9"], "trois-places-prenoms": ["8:8"],
        "valet-moins-10-pts": ["20:26"], "valet-regle-francais": ["4:9"],
    },
    #: What this round's slips are told with now (each said something else on main).
    new={"carnet-il-a-tout-pris": "'il a tout pris' : une ligne de capot nomme, après « capot », la place de "
                                  "qui a tout pris ; la marque de la donne 2 (ligne 15) est un capot d'E : "
                                  "écrivez « capot E »",
         "carnet-elle-a-tout-pris": "écrivez « capot E »",
         "en-sheet-he-took-everything": "deal 2's points (line 14) are a moon by E: write 'moon E'",
         "en-sheet-points": "found 'points'; write it 'score N 3 E 4 S 15 W 4'",
         "en-moon-took-them-all": "in deal 1's tricks S took every heart and the queen of spades: "
                                  "write 'moon S'",
         "partie-prose-entame": "un pli ne se raconte pas en phrases : écrivez-le sur une ligne",
         "en-game-prose-led": "a trick is not told in sentences",
         "partie-tableau-plis": "un pli ne s'écrit pas en rangée d'un tableau : "
                                "écrivez « 1. N 2♣ E 3♣ S 5♣ O A♣ »",
         "en-game-bbo-hand": "write it 'North: S:AJT8 H:AKT8 D:Q7 C:Q83'",
         "en-game-bbo-seatless": "which the reader does not guess: write that seat, a colon, then "
                                 "S:AJT8 H:AKT8 D:Q7 C:Q83",
         "trois-j1-j2-j3": "(J pour joueur : écrivez P1)",
         "partie-courriel-72": "retirez la citation de chaque ligne"},
    offered=OFFERED, offered_twin=OFFERED,
)

pytest_generate_tests = campaign_parameters


class TestTyped26(CampaignTests):
    campaign = TYPED26


@pytest.mark.parametrize("name", ["partie-courriel-72", "en-game-email-72"])
def test_a_trick_an_e_mail_wrapped_is_read_whole(name: str) -> None:
    """The trick cut at 72 columns by the e-mail's quote is read whole, its
    twin's (on main: the trick had 3 cards, and its end was a line of its own)."""
    [game] = iter_hrn(TYPED26.read(name))
    [twin] = iter_hrn(TYPED26.twin_text(name))
    assert [d.tricks for d in game.deals] == [d.tricks for d in twin.deals]
    if name == "en-game-email-72":     # (no remark over two lines: the same record)
        assert same_record(TYPED26.read(name), TYPED26.twin_text(name))


def test_a_moon_said_with_no_seat_names_none_when_the_points_do_not() -> None:
    """``il a tout pris`` under a deal whose points are no moon's: told what
    a moon line holds, no seat offered (none is guessed)."""
    sheet = TYPED26.read("feuille-propre").replace("capot E", "il a tout pris").replace(
        "marque N 26 E 0 S 26 O 26", "marque N 10 E 4 S 6 O 6")
    said = [text for _, text in findings(sheet, "fr")]
    told = "une ligne de capot nomme, après « capot », la place de qui a tout pris"
    assert any(told in s for s in said), said
    assert not any("écrivez « capot" in s for s in said), said


@pytest.mark.parametrize(("story", "remark"), [
    ("Sud entame le 2 de carreau, Ouest fournit le 10, Nord le 8, Est le 9", "Ouest joue bien ce soir"),
    ("Sud a entamé le 2 de carreau, Ouest a fourni le 10", "Nord a joué vite"),
    ("South led the two of diamonds, West played the ten", "North played well tonight")])
def test_a_trick_told_as_a_story_is_told_and_a_remark_about_the_play_is_not(story: str, remark: str) -> None:
    """A trick told as a story (a seat, a verb of the play, a suit) is told
    how a trick is written; a sentence about a seat's play that names no
    suit is a remark, offered in braces as before."""
    game = TYPED26.read("partie-propre")
    [(at, said)] = findings(game.replace("7. S 2♦ O 10♦ N 8♦ E 9♦", story), "fr")
    assert at == "32:1" and "un pli ne se raconte pas en phrases" in said, said
    [(_, said)] = findings(game.replace("7. S 2♦", f"{remark}\n7. S 2♦"), "fr")
    assert "en phrases" not in said and f"{{{remark}}}" in said, said


def test_a_hand_typed_as_bbo_shows_it_is_told_with_its_line() -> None:
    """``North S AJT8 H AKT8 D Q7 C Q83``: the hand line with its colon
    offered (on main: the line in braces, a remark); the same suits with no
    seat are told without one guessed."""
    game = TYPED26.read("game-clean")
    [(at, said)] = findings(game.replace("N: AJT8.AKT8.Q7.Q83", "N S AJT8 H AKT8 D Q7 C Q83"), "en")
    assert at == "17:1" and said.endswith("write it 'N: S:AJT8 H:AKT8 D:Q7 C:Q83'"), said
    [(at, said)] = findings(game.replace("E: K94.QJ64.T5.J952", "S K94 H QJ64 D T5 C J952"), "en")
    assert at == "18:1" and "does not guess" in said and "write it" not in said, said
