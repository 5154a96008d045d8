"""Hand-typed French (and English) records, round 24 (helper french24):
styles no round had tried, typed by club players and secretaries -- a
re-deal said on its header or on a line of its own (``redonne``, ``on
redonne !``, ``donne annulée``, ``misdeal``, ``redeal 2``), a moon named by
its shooter's name after a preposition (``chelem d'Hervé``, ``moon by
Bob``), a deal header whose number does not read (``donne &``: its deal's
lines are still read), tricks numbered ``Pli 1 :`` or ``1-`` on
every line and ``X`` for every ten (told once a deal), the queen of spades by a club's name (``la noire``,
``the black lady``), a seat glued to its points (``S8``), a sheet's heading
and a deal's points retyped as blank-parted columns (``N    E    S    O``,
``3    4   15    4``), and, checked as
they were already read or told: ``1)``, tabs, no-break spaces, ``T`` and
``X`` for the ten, ``1O♥``, ``=``, an e-mail's ``>``, ``capot : Hervé``.
The records are in ``tests/data/french24/`` (its README says who types each
and what comes of it); each reads as its clean twin, or is told once at its
line and column in French and English (``messages.golden.txt``) with the
form to write.  docs/spec.md 2.14.  In process, about 40 small reads: cheap.
"""

from __future__ import annotations

from record_campaign import Campaign, CampaignTests, campaign_parameters, findings

from hearts_notation.i18n import Msg, msg
from hearts_notation.io.hrn.reader import iter_hrn

_SHEETS = frozenset(("redonne-ligne", "redonne-entete", "on-redonne", "donne-annulee-ligne",
                     "chelem-d-herve", "capot-de-gwen", "capot-prenom-deux-points", "colonnes-decalees",
                     "courriel-cite", "marque-egal", "total-egal", "passe-a-droite",
                     "passe-en-face-seule", "tabulations", "colonnes-espaces", "titres-espaces"))
_EN_SHEETS = frozenset(("en-misdeal-line", "en-moon-by-name", "en-moon-by-stranger", "en-redeal-header",
                        "en-total-equals", "en-email-quote-nested"))


def _twin(name: str) -> str:
    if name in _SHEETS:
        return "feuille-propre"
    if name in _EN_SHEETS:
        return "sheet-clean"
    return "game-clean" if name.startswith("en-") else "partie-propre"


FRENCH24 = Campaign(
    "french24", _twin,
    #: The clean twins: a French game with its tricks and a French score sheet
    #: (french23's), an English game and an English sheet (typed22's).
    clean=("partie-propre", "feuille-propre", "game-clean", "sheet-clean"),
    #: Records read as their twin (fmt agrees, no finding).
    same=dict.fromkeys(("dix-t-main", "en-trick-paren", "insecables", "passe-a-droite", "plis-parentheses",
                        "tabulations"), ()),
    #: Records refused: the line:col of each finding (errors and warnings).
    refused={
        # told since this round (on main: "did you mean donneur", "expected ':'", a
        # "did you mean deal", the grammar's word after an apostrophe, a deal's lines
        # lost, one error a trick line, "found 'la'", no seat offered)
        "redonne-ligne": ["15:1"], "redonne-entete": ["14:9"], "on-redonne": ["15:1"],
        "donne-annulee-ligne": ["15:1"], "en-misdeal-line": ["14:1"], "en-redeal-header": ["13:1"],
        "chelem-d-herve": ["16:1"], "capot-de-gwen": ["16:1"], "en-moon-by-name": ["15:1"],
        "en-moon-by-stranger": ["15:1"], "donne-esperluette": ["16:7"],
        "plis-pli-n": ["26:1"], "plis-tirets": ["26:1"], "la-noire": ["31:28"], "en-black-lady": ["27:21"],
        "colonnes-decalees": ["20:17"], "colonnes-espaces": ["11:1"], "titres-espaces": ["10:9"],
        "dix-x-partout": ["18:8"],
        # told as before (checked: these forms stay told once, with what to write;
        # ``deal #`` offers its line since typed25)
        "en-deal-hash": ["15:6"], "capot-prenom-deux-points": ["16:9"], "courriel-cite": ["1:1"],
        "en-email-quote-nested": ["1:1"],
        "dame-en-mots-main": ["18:6"], "dix-lettre-o": ["30:11"], "en-ten-typo": ["33:6"],
        "dix-x-main": ["21:15"], "marque-egal": ["11:9"], "total-egal": ["21:7"],
        "en-total-equals": ["16:7"], "passe-en-face-seule": ["19:11"], "valet-de-carreau": ["37:7"],
    },
    #: What this round's slips are told with now (each said something else on main).
    new={"redonne-ligne": "écrivez « {redonne} »", "redonne-entete": "écrivez « donne 2 {redonne} »",
         "on-redonne": "une donne redonnée s'écrit une fois", "donne-annulee-ligne": "« {Donne annulée} »",
         "en-misdeal-line": "une donne redonnée", "en-redeal-header": "« deal 2 pass right {redeal} »",
         "chelem-d-herve": "pas avec son nom ; écrivez « capot E »",
         "capot-de-gwen": "'Gwen' n'est ni une place ni un joueur de cette partie",
         "en-moon-by-name": "pas avec son nom ; écrivez « moon E »",
         "en-moon-by-stranger": "'Eve' n'est ni une place",
         "la-noire": "'la noire' : une carte s'écrit avec sa hauteur et sa couleur, comme D♠",
         "en-black-lady": "comme Q♠", "colonnes-decalees": "vouliez-vous dire « S 8 »",
         "plis-tirets": "comme « 1. »", "colonnes-espaces": "écrivez « marque N 3 E 4 S 15 O 4 »",
         "titres-espaces": "'N E S O' : la ligne de titres d'un tableur ne s'écrit pas"},
    #: Records whose message offers a whole line ("écrivez « ... »") that, put in
    #: place of the line told, reads with no finding.
    offered=("redonne-ligne", "redonne-entete", "on-redonne", "donne-annulee-ligne", "en-misdeal-line",
             "en-redeal-header", "chelem-d-herve", "en-moon-by-name", "colonnes-espaces", "en-deal-hash"),
    offered_twin=("chelem-d-herve", "en-moon-by-name", "colonnes-espaces", "en-deal-hash"),
)

pytest_generate_tests = campaign_parameters


class TestFrench24(CampaignTests):
    campaign = FRENCH24


def _read(name: str) -> str:
    return FRENCH24.read(name)


def _findings(text: str, lang: str = "fr") -> list[tuple[str, str]]:
    return findings(text, lang)


def test_a_header_whose_number_does_not_read_keeps_its_deal() -> None:
    """``donne &``: the deal of the number offered (``donne 1``) is read with
    its hands, passes and tricks (on main the deal was lost whole, quietly)."""
    [game] = iter_hrn(_read("donne-esperluette"))
    [deal] = game.deals
    assert deal.number == 1 and len(deal.tricks) == 13 and len(deal.hands) == 4


def test_a_later_header_whose_number_does_not_read_is_the_deal_offered() -> None:
    """``donne é`` (AZERTY, shift up): deal 2, as its message offers."""
    text = _read("feuille-propre").replace("donne 2 passe droite", "donne é passe droite")
    [game] = iter_hrn(text)
    assert [d.number for d in game.deals] == [1, 2, 3]
    assert game.deals[1].moon is not None
    assert [at for at, _ in _findings(text)] == ["14:7"]


def test_tricks_named_on_every_line_are_told_once_a_deal() -> None:
    """``Pli 1 :`` on each of the deal's 13 lines: one finding, at the first
    (on main, 13); the deal is marked damaged, not judged short of tricks."""
    [game] = iter_hrn(_read("plis-pli-n"))
    assert len(game.errors) == 1 and game.deals[0].damaged


def test_a_moon_named_by_a_seat_word_after_a_preposition_offers_that_seat() -> None:
    text = _read("feuille-propre").replace("capot E", "chelem d'Est")
    [(_, said)] = _findings(text)
    assert said.endswith("écrivez « capot Est »")


def test_msg_of_is_the_inverse_of_msg_arg() -> None:
    said = msg("syntax.written_as", error=msg("syntax.expected", what="x", found="'y'").arg(),
               written="capot E")
    assert Msg.of(said.arg()) == said
    assert Msg.of(dict(said.args)["error"]) == msg("syntax.expected", what="x", found="'y'")
    assert Msg.of("capot E") is None and Msg.of(("seat", "E")) is None
