"""Hand-typed records, round 32 (helper typed32): a French club secretary's
evening typed in ways no campaign covered -- a deal's header in full words
(``Première donne, Gwen distribue, on passe à gauche``), a pass said as a
sentence to a player with an accented name (``Yann passe à Maëlle : valet de
cœur, …``), a trick said as a sentence, hearts as ``cœurs``/``coeurs``/``♡``,
dictation typos (``piqe``, ``careau``, ``trefle``), tens as ``X`` and ``T``,
``Total :``/``Marque :``/``Cumul :`` columns, a moon said ``grand chelem`` or
``chelem Hervé``, dates in words.  The records are in ``tests/data/typed32/``
(its README says what comes of each); each reads as its clean twin, or is
told once at its line and column, in French and English
(``messages.golden.txt``), with the form to write.  docs/spec.md 2.23.  In
process, about 20 small reads: cheap.
"""

from __future__ import annotations

import time

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

#: The clean twin each record's name starts with.
_TWINS = {"partie": "partie-propre", "carnet": "feuille-propre", "en-game": "game-clean"}

TYPED32 = Campaign(
    "typed32", twin_by_head(_TWINS), lang=english_if_en, at_least={"fr": 15, "en": 1},
    #: The clean twins: typed30's (french23's French game and sheet, typed22's English game).
    clean=("partie-propre", "feuille-propre", "game-clean"),
    #: Records read as their twin (a date said in words is the tag's own text, put back).
    same={
        "partie-coeur-blanc": (), "partie-dix-t": (),
        "carnet-grand-chelem": (), "carnet-marque-deux-points": (), "carnet-total-deux-points": (),
        # (told in round 32, read since typed33: ``Cumul :``, ``cœurs`` among symbols)
        "carnet-cumul": (), "partie-coeurs-en-mot": (), "partie-coeurs-sans-ligature": (),
        "partie-date-en-mots": (('"dimanche 16 novembre 2025"', '"2025.11.16"'),),
        "carnet-date-en-mots": (('"mardi 1er décembre 2026"', '"2026.12.01"'),),
    },
    #: Records refused: the line:col of each finding.
    refused={
        "partie-passe-phrase": ["23:1"], "partie-passe-phrase-symboles": ["23:1"],
        "partie-passe-phrase-sans-deux-points": ["23:1"], "partie-pli-phrase": ["26:1"],
        # (``Première donne, Gwen distribue, …``: the head read since typed33, the
        # commas told at the first, 16:15, with the header to write)
        "partie-entete-en-mots": ["16:15"], "partie-entete-virgules-distribue": ["16:8"],
        "partie-entete-virgules-nom-donne": ["16:8"], "en-game-header-commas-name": ["15:7"],
        "partie-fautes-dictee": ["25:13"],
        "partie-trefle-sans-accent": ["26:6"], "partie-dix-x-t": ["32:11"],
        "carnet-chelem-nom": ["16:8"],
    },
    #: What this round's slip is told with now (on main: the receiver's name cut
    #: at its accent, ``Yann passe à Ma``, and ``ëlle`` offered as a card).
    new={"partie-entete-virgules-distribue": "comme dans « Donne 1 donneur O passe à gauche »",
         "partie-entete-virgules-nom-donne": "comme dans « Donne 1 donneur O passe à gauche »",
         "en-game-header-commas-name": "as in 'Deal 1 dealer W pass left'",
         "partie-passe-phrase": "trouvé 'Yann passe à Maëlle :' ; écrivez « passe E : valet de cœur",
         "partie-passe-phrase-symboles": "trouvé 'Yann passe à Maëlle :' ; écrivez « passe E : V♥ R♣ D♦ »",
         "partie-passe-phrase-sans-deux-points": "trouvé 'Yann passe à Maëlle' ; "
                                                 "écrivez « passe E : V♥ R♣ D♦ »"},
    #: The pass said with its cards as symbols: the line offered, in place, reads as the twin
    #: (on main it began ``passe E : ëlle``, which does not read).
    offered=("partie-passe-phrase-symboles", "partie-passe-phrase-sans-deux-points"),
    offered_twin=("partie-passe-phrase-symboles", "partie-passe-phrase-sans-deux-points"),
)

pytest_generate_tests = campaign_parameters


class TestTyped32(CampaignTests):
    campaign = TYPED32


def test_a_pass_to_a_name_with_an_accent_offers_no_piece_of_the_name() -> None:
    """``Yann passe à Maëlle : …``: the receiver's whole name is passed over
    (on main the line offered began ``passe E : ëlle``); an ASCII name too."""
    said = TYPED32.told("partie-passe-phrase")
    assert len(said) == 1 and "ëlle :" not in said[0][1].split("écrivez")[1], said
    plain = TYPED32.read("partie-passe-phrase").replace("à Maëlle :", "à Gwen :", 1)
    [(_, text)] = findings(plain, "fr")
    assert "« passe E : valet de cœur" in text, text


@pytest.mark.slow
@pytest.mark.parametrize("unit", ["à Maëlle ", "é", "Yann passe à ë"])
def test_a_pass_to_a_long_name_is_read_in_linear_time(unit: str) -> None:
    """The receiver's name, now any word of letters, on a line of 10,000 and
    40,000 characters: CPU time grows about linearly (quadratic would be 16
    times) and stays within seconds (typed28's test)."""
    said = "Yann passe à Maëlle : valet de cœur, roi de trèfle, dame de carreau"
    record = TYPED32.read("partie-passe-phrase")
    times = []
    for n in (10000, 40000):
        text = record.replace(said, "Yann passe à " + (unit * (n // len(unit) + 1))[:n], 1)
        start = time.process_time()
        found.__wrapped__(text)
        times.append(time.process_time() - start)
    assert times[1] <= 8 * max(times[0], 0.05) and times[1] < 5.0, times


def test_a_header_with_commas_offers_the_dealers_seat_and_it_reads() -> None:
    """``Donne 1, Gwen distribue, on passe à gauche``: the header offered
    names the dealer by seat (on main: ``Donne 1 Gwen distribue passe à
    gauche``, which does not read), and that header, put in place, reads as
    the twin; a seat said so stays as typed."""
    for name in ("partie-entete-virgules-distribue", "partie-entete-virgules-nom-donne"):
        [(at, said)] = TYPED32.told(name)
        offered = said.split("« ")[-1].rstrip(" »")
        assert offered == "Donne 1 donneur O passe à gauche", said
        lines = TYPED32.read(name).split("\n")
        lines[int(at.split(":")[0]) - 1] = offered
        fixed = "\n".join(lines)
        assert findings(fixed, "fr") == [] and same_record(fixed, TYPED32.read("partie-propre"))
    seat = TYPED32.read("partie-entete-virgules-distribue").replace("Gwen distribue", "Ouest distribue", 1)
    assert "« Donne 1 donneur Ouest passe à gauche »" in findings(seat, "fr")[0][1]
