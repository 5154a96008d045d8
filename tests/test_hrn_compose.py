"""The HRN reader composes a letter typed with combining accents (``e`` and
U+0301 read as ``é``: keywords and names typed on macOS, french11) and
nothing else; the writer escapes the accents of text it must keep
decomposed.  So a record's text makes the round trip JSON -> HRN -> JSON
unchanged (U+F900, which NFC replaces, failed it)."""

from __future__ import annotations

import json

import pytest

from hearts_notation.io import dumps, iter_games_text
from hearts_notation.io.hrn.cut import compose_marks
from hearts_notation.io.hrn.reader import iter_hrn

RECORD = """[Event "E"]
[Rules "standard"]
[North "N0"] [East "E0"] [South "S0"] [West "W0"]

deal 1 dealer W pass left {C0}
N: AJT8.AKT8.Q7.Q83
E: K94.QJ64.T5.J952
S: 32.9532.J83.K764
W: Q765.7.AK9642.AT
*
"""


@pytest.mark.parametrize("text", ["\uf900", "Mae\u0308lle", "e\u0301\u0323", "\u2126 \u212b",
                                  "\u0301 lead", "x\n\u0301y", "ok é"])
def test_text_makes_the_round_trip(text: str) -> None:
    (plain,) = iter_hrn(RECORD, "t.hrn")
    doc = json.loads(dumps([plain], "json"))
    record = doc[0] if isinstance(doc, list) else doc
    record["players"]["N"] = text.replace("\n", " ")
    record["tags"]["Event"] = text.replace("\n", " ")
    record["comment"] = text
    (game,) = iter_games_text(json.dumps(doc), "json", "t.json")
    assert not game.errors
    (back,) = iter_games_text(dumps([game], "hrn"), "hrn", "t.hrn")
    assert not back.errors
    assert dumps([back], "json") == dumps([game], "json")


def test_only_letters_with_their_accents_are_composed() -> None:
    assert compose_marks("re\u0301sultat \uf900 \u2126") == "résultat \uf900 \u2126"
    (game,) = iter_hrn(RECORD.replace('[Event "E"]', '[E\u0301ve\u0301nement "E"]'), "t.hrn")
    assert not game.errors and game.tags.get("Event") == "E"
