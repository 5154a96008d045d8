"""Hand-typed records, round 35 (helper typed35): round 34's new paths (said
deal headers, a game's heading, a deal 1 again) as a careless secretary
meets them.  A game's heading without its number (``Partie :``, ``Game``)
is told as ``Partie 2`` is, with the line in braces to write (it was
*expected ':'*); a sentence that starts as a said header (``Première donne
de la soirée, …``, ``First deal of the night …``) is a remark, told once,
and makes no deal (it was read as a header: a deal of no line, the deal 1
after it told as a copy); a remark in parentheses on a deal's header
(``donne 2 (redonnée)``) is offered in braces (the header offered, ``donne
2 redonnée passe droite``, did not read); ``Game over`` is an end mark, as
``Fin de partie`` is.  The records are in ``tests/data/typed35/`` (its
README); docs/spec.md 2.26.  In process, about 15 small reads: cheap; the
long lines are in the long step.
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
    twin_by_head,
)

from hearts_notation.io.hrn.cut import cut_games
from hearts_notation.io.hrn.reader import iter_hrn

#: The clean twin each record's name starts with.
_TWINS = {"partie": "partie-propre", "carnet": "feuille-propre", "en-game": "game-clean",
          "en-sheet": "sheet-clean"}

_DATA = Path(__file__).resolve().parent / "data" / "typed35"


def _read(name: str) -> str:
    return (_DATA / f"{name}.hrn").read_text(encoding="utf-8")


TYPED35 = Campaign(
    "typed35", twin_by_head(_TWINS), lang=english_if_en, at_least={"fr": 4, "en": 5},
    #: The clean twins: typed34's.
    clean=("partie-propre", "feuille-propre", "game-clean", "sheet-clean"),
    #: Records told: the line:col of each finding (each told otherwise, or
    #: more than once, on main 5af76f26: README).
    refused={
        "carnet-donne-redonnee-parentheses": ["14:9"], "carnet-partie-sans-numero": ["23:1"],
        "carnet-premiere-donne-phrase": ["10:1"], "en-sheet-first-deal-prose": ["9:1"],
        "en-sheet-game-bare-heading": ["18:1"], "en-sheet-game-over": ["18:1"],
        "partie-entete-maldonne-parentheses": ["16:9"], "en-game-deal-misdeal-parentheses": ["15:8"],
        "en-game-first-deal-prose": ["15:1"],
    },
    #: What this round's records are told with now.
    new={
        "carnet-donne-redonnee-parentheses": "écrivez « donne 2 passe droite {redonnée} »",
        "carnet-partie-sans-numero": "un titre est une remarque, entre accolades : écrivez « {Partie :} »",
        "carnet-premiere-donne-phrase": "une phrase sur une donne est une remarque",
        "en-sheet-first-deal-prose": "write '{First deal of the night was a slow one}'",
        "en-sheet-game-bare-heading": "a heading is a remark, in braces: write '{Game}'",
        "en-sheet-game-over": "a line that marks the end is not part of the record",
        "partie-entete-maldonne-parentheses":
            "écrivez « donne 1 donneur O passe gauche {maldonne, on a redistribué} »",
        "en-game-deal-misdeal-parentheses": "write 'deal 1 dealer W pass left {misdeal, redealt}'",
        "en-game-first-deal-prose": "a sentence about a deal is a remark, in braces",
    },
    #: The line each offers reads with no finding.
    offered=("carnet-donne-redonnee-parentheses", "carnet-partie-sans-numero",
             "carnet-premiere-donne-phrase", "en-sheet-first-deal-prose",
             "en-sheet-game-bare-heading", "partie-entete-maldonne-parentheses",
             "en-game-deal-misdeal-parentheses", "en-game-first-deal-prose"),
)

pytest_generate_tests = campaign_parameters


class TestTyped35(CampaignTests):
    campaign = TYPED35


@pytest.mark.parametrize("name", ["carnet-premiere-donne-phrase", "en-sheet-first-deal-prose",
                                  "en-game-first-deal-prose"])
def test_a_sentence_that_starts_as_a_said_header_makes_no_deal(name: str) -> None:
    """``Première donne de la soirée, …`` before ``donne 1``: the deals are
    the twin's (on main: a deal 1 of no line, then ``donne 1`` told as its
    copy), for the reader and both cutters alike."""
    text = _read(name)
    twin = _read(TYPED35.twin(name))
    assert [[d.number for d in g.deals] for g in iter_hrn(text)] == \
        [[d.number for d in g.deals] for g in iter_hrn(twin)]
    whole = [g.line for g in cut_games([text])]
    assert whole == [g.line for g in cut_games(text.splitlines(keepends=True))] == [1]


@pytest.mark.parametrize("header", ["3e donne en face", "Troisième donne, en face",
                                    "3e donne pour passe face", "Troisième donne de Gwen"])
def test_a_said_header_with_a_slip_keeps_its_deal(header: str) -> None:
    """A said header with a slip whose next word could begin a sentence
    (``en``, ``pour``, ``de``) but that says a field, or is short, is still a
    header: its deal keeps its lines while the slip is told (a guard of
    this round's sentence test, which a first draft failed)."""
    text = _read("feuille-propre").replace("donne 3 passe face", header)
    assert [[d.number for d in g.deals] for g in iter_hrn(text)] == [[1, 2, 3]]
    assert not any("phrase" in said for _, said in findings(text, "fr"))


@pytest.mark.parametrize(("header", "told"), [
    ("donne 2 (redonnée) passe droite", "donne 2 passe droite {redonnée}"),
    ("donne 2 (à refaire, Hervé a mal compté) passe droite",
     "donne 2 passe droite {à refaire, Hervé a mal compté}"),
    ("donne 2 (passe droite)", "comme dans « donne 2 passe droite »"),
])
def test_a_remark_in_parentheses_on_a_header_is_offered_in_braces(header: str, told: str) -> None:
    """A remark in parentheses on a header is offered in braces, a line that
    reads; the header's own fields in parentheses are still offered
    unbracketed (french: ``syntax.header_fields``; on main the remark was
    offered unbracketed too, ``donne 2 redonnée passe droite``, which does
    not read)."""
    text = _read("feuille-propre").replace("donne 2 passe droite", header)
    [(at, said)] = findings(text, "fr")
    assert at == "14:9" and told in said, said


def test_game_over_after_a_result_line_stays_in_its_game() -> None:
    """``Game over`` after a game's ``result`` line is an end mark (typed22's
    ``-- end --``): one game, the line told once (on main: a second game of
    that line alone)."""
    text = _read("sheet-clean") + "result *\nGame over\n"
    assert len(list(iter_hrn(text))) == 1
    assert [at for at, _ in findings(text, "en")] == ["18:1"]


def _cpu(text: str) -> float:
    start = time.process_time()
    found.__wrapped__(text)
    return time.process_time() - start


@pytest.mark.slow
@pytest.mark.parametrize("unit", ["Partie\n", "Partie 7\n", "Game over\n", "(x ", "de la "],
                         ids=["bare-heading", "heading", "game-over", "parentheses", "prose"])
def test_this_rounds_forms_repeated_are_read_in_linear_time(unit: str) -> None:
    """This round's forms repeated over 10,000 and 40,000 characters (lines
    of headings or end marks, a header of parentheses, a sentence after
    ``Première donne``): CPU time grows about linearly (quadratic would be
    16 times) and stays within seconds (typed34's test)."""
    record = _read("feuille-propre")
    times = []
    for n in (10000, 40000):
        run = (unit * (n // len(unit) + 1))[:n]
        if unit.endswith("\n"):
            text = record.replace("donne 2 passe", run + "donne 2 passe", 1)
        else:
            text = record.replace("donne 2 passe droite", f"Première donne {run}" if unit == "de la "
                                  else f"donne 2 {run} passe droite", 1)
        times.append(_cpu(text))
    assert times[1] <= 8 * max(times[0], 0.05) and times[1] < 5.0, times
