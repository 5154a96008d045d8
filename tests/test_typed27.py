"""Hand-typed records, round 27 (helper typed27): a French club's records
(and a few English ones) typed in ways no campaign covered -- the four hands
as a grid (``Nord : ♠ D 10 8 6 | ♥ A 8 | …``), suits as a French sheet's
letters (``P C K T``), a pass said ``N donne à gauche :``, a date and an
hour, a table's and a round's number (``Table 3, tour 2``), a running total
in parentheses, ``Dp``/``DP`` for D♠, seats as players' initials, the queen
said alone on a trick led in hearts, U+2212 minus signs in a J♦ sheet's
points.  The records are in ``tests/data/typed27/`` (its README says who
types each and what comes of it); each reads as its clean twin, or is told
once at its line and column, in French and English
(``messages.golden.txt``), with the form to write.  docs/spec.md 2.18.  In
process, about 25 small reads: cheap.
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

#: The clean twin each record's name starts with.
_TWINS = {"partie": "partie-propre", "carnet": "feuille-propre", "valet": "valet-propre",
          "en-game": "game-clean", "en-sheet": "sheet-clean"}

_twin = twin_by_head(_TWINS)
_lang = english_if_en


#: Records whose message offers a whole line that, put in place of the line
#: told, reads with no finding ...
OFFERED = ("carnet-table-numero", "carnet-tour-numero", "partie-donne-a-gauche", "partie-lettres-pctk",
           "partie-mains-grille", "partie-premier-pli-entier", "partie-passe-a-gauche-phrase")
#: ... and, for these, makes the record its twin (a tag the twin has not aside).
OFFERED_TWIN = ("partie-donne-a-gauche", "partie-lettres-pctk", "partie-mains-grille",
                "partie-premier-pli-entier", "partie-passe-a-gauche-phrase")

TYPED27 = Campaign(
    "typed27", _twin, lang=_lang, at_least={"fr": 15, "en": 3},
    #: The clean twins: typed26's (french23's game and sheet, french20's J♦
    #: sheet, typed22's English game and sheet).
    clean=("partie-propre", "feuille-propre", "valet-propre", "game-clean", "sheet-clean"),
    #: Records read as their twin (fmt agrees, no finding).
    same={"valet-moins-signe": ()},
    #: Records refused: the line:col of each finding (errors and warnings).
    refused={
        # told since this round (on main 21de9826: no form, two findings, or a guess)
        "partie-la-dame-entame-coeur": ["33:21"], "en-game-queen-led-diamonds": ["28:21"],
        "partie-donne-a-gauche": ["22:1"], "partie-lettres-pctk": ["18:4"],
        "carnet-table-tour": ["3:1"], "carnet-table-numero": ["3:1"], "carnet-tour-numero": ["10:1"],
        "en-sheet-table-round": ["3:1"], "partie-premier-pli-entier": ["26:1"],
        "carnet-total-courant": ["20:25"],
        # told as before (checked: each stays told once, with what to write)
        "partie-mains-grille": ["18:19"], "partie-date-heure": ["6:1"],
        "carnet-donne-heure": ["14:22"], "carnet-date-entete": ["3:1"], "carnet-initiales": ["11:8"],
        "en-sheet-initials": ["10:7"], "partie-dp": ["31:28"], "partie-dp-majuscules": ["31:28"],
        "partie-cartes-pctk": ["26:6"], "partie-passe-a-gauche-phrase": ["23:1"],
    },
    #: What this round's slips are told with now (each said something else on main).
    new={"partie-la-dame-entame-coeur": "ce pli est entamé à ♥, où la dame dite seule peut être l'une ou "
                                        "l'autre : écrivez sa couleur, D♥ si elle fournit, D♠ si c'est la "
                                        "dame de pique",
         "en-game-queen-led-diamonds": "write her suit, Q♦ if she follows, Q♠ if she is the queen of spades",
         "partie-donne-a-gauche": "écrivez « passe N : A♥ 9♣ R♦ {Je garde la dame",
         "partie-lettres-pctk": "écrivez « N: ♠ D 10 8 6 ♥ A 8 ♦ R 8 7 6 3 ♣ 9 2 »",
         "carnet-table-tour": 'écrivez [Table "3"] [Manche "2"]',
         "carnet-table-numero": 'écrivez [Table "3"]',
         "carnet-tour-numero": 'écrivez [Manche "2"]',
         "en-sheet-table-round": 'write [Table "2"] [Round "4"]',
         "partie-premier-pli-entier": "comme « 1. » : écrivez « 1. N 2♣ E 3♣ S 5♣ O A♣ »",
         "carnet-total-courant": "les totaux s'écrivent sur une ligne à eux, sous la marque de la donne : "
                                 "écrivez « total N 42 E 4 S 49 O 35 » à la ligne suivante"},
    offered=OFFERED, offered_twin=OFFERED_TWIN,
)

pytest_generate_tests = campaign_parameters


class TestTyped27(CampaignTests):
    campaign = TYPED27


@pytest.mark.parametrize(("typed", "told"), [
    ("5. O 9♥ N la dame E 7♥ S R♣", None),        # hearts led: either queen
    ("5. O la dame N 10♥ E 7♥ S R♣", "comme D♠"),  # the lead itself: the game's queen, as before
    ("2. O 4♠ N 6♠ E la dame S 7♠", "comme D♠"),   # spades led: she follows
    ("5. O 9♥ N la dame noire E 7♥ S R♣", "comme D♠"),  # her nickname names the queen of spades
])
def test_the_queen_said_alone_is_not_guessed_after_a_lead_in_another_suit(typed: str,
                                                                          told: str | None) -> None:
    """*la dame* alone is the queen of spades (french19) but for a trick led in
    another suit, where she may follow: then both are said (on main: D♠ offered)."""
    game = TYPED27.read("partie-propre")
    old = typed.split(" ", 1)[0]
    line = next(x for x in game.split("\n") if x.startswith(old + " "))
    [(_, said)] = findings(game.replace(line, typed), "fr")
    if told is None:
        assert "D♥ si elle fournit, D♠ si c'est la dame de pique" in said, said
    else:
        assert said.endswith(told), said


def test_a_minus_sign_is_read_where_points_stand_only() -> None:
    """U+2212 reads as a minus in a points line (on main: *did you mean -6*); an
    en dash there is still told, and a minus sign anywhere else is no card."""
    sheet = TYPED27.read("valet-propre")
    assert same_record(sheet.replace("O -6", "O \u22126"), sheet)
    [(at, said)] = findings(sheet.replace("marque N 3 E 4 S 15 O -6", "marque N 3 E 4 S 15 O \u20136"), "en")
    assert at == "11:23" and said.endswith("did you mean '-6'?"), said


def test_a_trick_numbered_otherwise_on_every_line_is_told_once() -> None:
    """``1er pli``, ``2e pli`` ... on every trick: one finding for the deal (the
    habit, french24), its line to write the first trick's."""
    game = TYPED27.read("partie-propre")
    for n, ordinal in ((1, "1er"), (2, "2e"), (3, "3e")):
        game = game.replace(f"\n{n}. ", f"\n{ordinal} pli : ", 1)
    [(at, said)] = findings(game, "fr")
    assert at == "26:1" and said.endswith("écrivez « 1. N 2♣ E 3♣ S 5♣ O A♣ »"), said


def test_the_running_total_in_parentheses_offered_on_its_line_makes_the_twin() -> None:
    """``marque … (total N 42 …)``: the total line offered, written under the
    points, makes the sheet its twin (on main: the parentheses offered as a
    remark in braces, the totals lost)."""
    text = TYPED27.read("carnet-total-courant")
    [(at, said)] = findings(text, "fr")
    lines = text.split("\n")
    row = int(at.split(":")[0]) - 1
    lines[row] = lines[row][:int(at.split(":")[1]) - 1].rstrip() + "\n" + said.split("« ")[-1].split(" »")[0]
    assert same_record("\n".join(lines), TYPED27.twin_text("carnet-total-courant"))


def test_french_suit_letters_are_offered_only_when_a_p_k_or_t_says_so() -> None:
    """``P … C … K … T …`` is offered in symbols (on main: *found 'P'*, no
    form); a hand whose only letters are S H D C-like English ones is not read
    as French (``C`` alone may be clubs: no French line offered)."""
    game = TYPED27.read("partie-propre")
    hand = "N: ♠ D 10 8 6  ♥ A 8  ♦ R 8 7 6 3  ♣ 9 2"
    [(_, said)] = findings(game.replace(hand, "N: p D 10 8 6 c A 8 k R 8 7 6 3 t 9 2"), "fr")
    assert said.endswith("écrivez « N: ♠ D 10 8 6 ♥ A 8 ♦ R 8 7 6 3 ♣ 9 2 »"), said
    [(_, said)] = findings(game.replace(hand, "N: C D 10 8 6 A 8 R 8 7 6 3 9 2"), "fr")
    assert "♥ D 10 8 6" not in said, said
