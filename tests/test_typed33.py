"""Hand-typed records, round 33 (helper typed33): what round 32 told is read
where it can mean one thing only -- a deal's header said as an ordinal
(``Première donne``, ``Deuxième donne``, ``Dernière donne``, ``1re donne``,
``2de donne``, ``First deal``), a suit's name among a hand line's symbols
(``cœurs``, ``coeurs``, ``trèfles``, ``Pique :``, ``Hearts``), a sheet's
``Cumul :`` line (the running totals, checked as ``total`` is) -- and the
game a line over the limit falls in keeps its lines before that line.  The
records are in ``tests/data/typed33/`` (its README says what comes of each);
each reads as its clean twin, or is told once at its line and column, in
French and English (``messages.golden.txt``), with the form to write.
docs/spec.md 2.24.  In process, about 20 small reads: cheap; the pathological
lines are in the long step.
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
    same_record,
    twin_by_head,
)

from hearts_notation.io.hrn.reader import iter_hrn

#: The clean twin each record's name starts with.
_TWINS = {"partie": "partie-propre", "carnet": "feuille-propre", "en-game": "game-clean"}

TYPED33 = Campaign(
    "typed33", twin_by_head(_TWINS), lang=english_if_en, at_least={"fr": 14, "en": 5},
    #: The clean twins: typed30's (french23's French game and sheet, typed22's English game).
    clean=("partie-propre", "feuille-propre", "game-clean"),
    #: Records read as their twin (each told on main a8df6538: README).
    same={
        "carnet-premiere-deuxieme-derniere": (), "carnet-ordinaux-en-chiffres": (),
        "carnet-cumul-chaque-donne": (), "carnet-cumule-virgules": (),
        "partie-premiere-donne-ouest": (), "partie-coeurs-trefles-en-mots": (),
        "partie-couleurs-deux-points": (), "partie-couleurs-en-mots-melees": (),
        "en-game-first-deal": (), "en-game-hearts-word": (), "en-game-suit-names-colons": (),
    },
    #: Records told: the line:col of each finding.
    refused={
        "carnet-cumul-faux": ["17:1"], "carnet-seconde-donne-virgule": ["14:14"],
        "carnet-derniere-donne-tiret": ["19:16"], "partie-premiere-donne-virgules": ["16:15"],
        "partie-coeurs-carte-oubliee": ["18:1"], "en-game-1st-deal-commas": ["15:9"],
        "partie-entete-deux-points-distribue": ["16:11"], "partie-premiere-donne-gwen-distribue": ["16:18"],
        "en-game-deal-colon-dev-deals": ["15:9"],
    },
    #: What this round's records are told with now (on main: the ordinal
    #: head itself, *vouliez-vous dire « donne 2 »*, and for ``Dernière donne``
    #: the deal lost with its lines; ``Cumul`` and ``cœurs`` not read).
    new={"carnet-cumul-faux": "le total de N après la donne 2 est noté 28, mais 3 + 26 = 29",
         "carnet-seconde-donne-virgule": "comme dans « donne 2 passe à droite »",
         "carnet-derniere-donne-tiret": "comme dans « donne 3 passe en face »",
         "partie-premiere-donne-virgules": "comme dans « donne 1 donneur Ouest passe à gauche »",
         "partie-coeurs-carte-oubliee": "N a reçu 12 cartes",
         "en-game-1st-deal-commas": "as in 'deal 1 dealer W pass left'",
         "partie-entete-deux-points-distribue": "trouvé 'Gwen' ; écrivez « Donne 1 donneur O passe à "
                                                "gauche »",
         "partie-premiere-donne-gwen-distribue": "écrivez « donne 1 donneur O passe à gauche »",
         "en-game-deal-colon-dev-deals": "found 'Dev'; write it 'Deal 1 dealer W pass left'"},
    #: The dealer said as a sentence with no comma before it: the header offered,
    #: in place, reads as the twin (on main: told at the name, no form to write).
    offered=("partie-entete-deux-points-distribue", "partie-premiere-donne-gwen-distribue",
             "en-game-deal-colon-dev-deals"),
    offered_twin=("partie-entete-deux-points-distribue", "partie-premiere-donne-gwen-distribue",
                  "en-game-deal-colon-dev-deals"),
)

pytest_generate_tests = campaign_parameters


class TestTyped33(CampaignTests):
    campaign = TYPED33


def test_the_header_offered_after_an_ordinal_reads_as_the_twin() -> None:
    """``Seconde donne, passe à droite``, ``Dernière donne — passe en face``,
    ``Première donne, donneur Ouest, …``, ``1st deal, dealer W, …``: the head
    read, the separator told with a header that, put in place, reads as the
    twin (on main: *vouliez-vous dire « donne 2 »*, and the separator told
    only once that was mended: two rounds of mending for one line)."""
    for name in ("carnet-seconde-donne-virgule", "carnet-derniere-donne-tiret",
                 "partie-premiere-donne-virgules", "en-game-1st-deal-commas"):
        [(at, said)] = TYPED33.told(name)
        offered = said.split("« ")[-1].rstrip(" »") if "« " in said else said.split("'")[-2]
        lines = TYPED33.read(name).split("\n")
        lines[int(at.split(":")[0]) - 1] = offered
        fixed = "\n".join(lines)
        lang = TYPED33.language(name)
        assert findings(fixed, lang) == [], (name, offered)
        assert same_record(fixed, TYPED33.twin_text(name)), name


def test_the_last_deal_is_the_one_after_the_deal_before() -> None:
    """``Dernière donne`` (``Last deal``) is the deal after the one before it
    (on main: told, and its lines given to that deal); with none before it
    says no number, and is told as on main (no number guessed)."""
    sheet = TYPED33.read("feuille-propre")
    for said in ("Dernière donne passe face", "Last deal pass across", "dernière donne : passe en face"):
        assert findings(sheet.replace("donne 3 passe face", said, 1), "fr") == [], said
    text = TYPED33.read("partie-propre").replace("donne 1 donneur O passe gauche",
                                                 "Dernière donne donneur O passe gauche", 1)
    said = findings(text, "fr")
    assert said and said[0][0] == "16:1" and "Dernière" in said[0][1], said


def test_a_wrong_cumul_is_checked_in_both_languages() -> None:
    """``Cumul : N 28 …`` where the scores add up to 29: the running total's
    check, as for ``total`` (on main the line was not read: nothing checked)."""
    en = TYPED33.told("carnet-cumul-faux", "en")
    assert en == [("17:1", "N's total after deal 2 is recorded as 28, but 3 + 26 = 29")], en


def test_the_game_a_long_line_falls_in_keeps_its_lines_before_it(small_line: None,
                                                                  tmp_path: Path) -> None:
    """Two games, then a third whose deal 3 holds a line over the limit: the
    read stops there, told at its line and column, status 2; the third game
    is read up to that line, deals 1 and 2 whole and deal 3 told unfinished
    (on main the third game was lost: 2 games)."""
    from clirun import run

    from hearts_notation.io.hrn.cut import cut_games
    from hearts_notation.io.stream import InputError

    one = (Path(__file__).parent.parent / "samples" / "canonical.hrn").read_text(encoding="utf-8")
    lines = one.split("\n")
    at = next(k for k, line in enumerate(lines) if line.startswith("deal 3 ")) + 8
    third = "\n".join([*lines[:at], "x" * 3_000, *lines[at:]])
    path = tmp_path / "l.hrn"
    path.write_text(one * 2 + third, encoding="utf-8")
    where = f"{path}:{one.count(chr(10)) * 2 + at + 1}:2001:"
    status, out = run("validate", str(path))
    assert status == 2 and "3 games, 23 deals: 2 valid games" in out, out
    assert where in out and "[incomplete-deal]" in out, out
    got: list[str] = []
    with pytest.raises(InputError):
        for game in cut_games([path.read_text(encoding="utf-8")], str(path)):
            got.append(game.text)
    assert len(got) == 3 and got[2] == "\n".join(lines[:at])
    games = []
    with pytest.raises(InputError):
        games.extend(iter_hrn(path.read_text(encoding="utf-8").splitlines(keepends=True)))
    assert len(games) == 3 and [d.number for d in games[2].deals] == [1, 2, 3]


def _cpu(text: str) -> float:
    start = time.process_time()
    found.__wrapped__(text)
    return time.process_time() - start


@pytest.mark.slow
@pytest.mark.parametrize(("unit", "where"), [
    ("cœurs A ", "N: ♠ D 10 8 6  "), ("trèfles: ", "N: ♠ "), ("T R t r ", "N: ♠ D 10 8 6  cœurs "),
    ("Première ", ""), ("1re ", ""), ("cumul ", ""),
], ids=["suit-names", "names-colons", "ranks-like-a-name", "ordinal-words", "ordinals", "cumul"])
def test_a_long_line_of_this_rounds_forms_is_read_in_linear_time(unit: str, where: str) -> None:
    """This round's patterns on a line of 10,000 and 40,000 characters: CPU
    time grows about linearly (quadratic would be 16 times) and stays within
    seconds (typed28's test)."""
    record = TYPED33.read("partie-propre")
    head = "N: ♠ D 10 8 6  ♥ A 8  ♦ R 8 7 6 3  ♣ 9 2"
    times = []
    for n in (10000, 40000):
        text = record.replace(head, where + (unit * (n // len(unit) + 1))[:n] + " donne", 1)
        times.append(_cpu(text))
    assert times[1] <= 8 * max(times[0], 0.05) and times[1] < 5.0, times
