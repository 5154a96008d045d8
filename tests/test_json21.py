"""JSON and YAML records as a game site's code or a researcher's script
writes them (helper json21; docs/spec.md 3.4, tests/data/json21/README.md).

Each file of ``tests/data/json21`` is one way of writing the same game of
one deal (``clean.json``).  A form the spec reads (``"10H"``, lower case, a
bare list, a UTF-16 file, a YAML stream, YAML 1.1's words where text is
meant) must read as that game; a form it does not read must be refused
once, at the line and column of the JSON or YAML, with the form to write.
In-process and cheap: 40 small files read once each (well under a CPU-second).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from record_campaign import assert_read_as, assert_refused_once, clean_deals

from hearts_notation.api import read_games, validate_file
from hearts_notation.cli import cli

DATA = Path(__file__).parent / "data" / "json21"

#: Files read as the clean game (every game of the file is it).
SAME = ["cards-10h.json", "cards-lower.json", "bare-list.json", "blank-line.jsonl",
        "utf16.json", "clean.yaml", "stream.yaml", "date-tag.yaml", "sexagesimal-tag.yaml",
        "seat-N-Y.yaml", "unfinished-off.yaml"]

#: Files refused once: (line, column, words of the message that name the form to write).
REFUSED = {
    "comments.json": (1, 1, "JSON has none (// and /* */ are JavaScript's)"),
    "trailing-commas.json": (13, 2, "a comma before the closing }"),
    "trailing-comma.jsonl": (1, 2523, "a comma after the record"),
    "extra-keys.json": (381, 8, 'goes in "tags" as text'),
    "games-wrapper.json": (2, 11, 'a "games" key: several games in a .json file are a JSON list'),
    "tricks-card-lists.json": (104, 5, '{"plays": [{"seat": "N", "card": "2C"}, ...]}, found a list'),
    "tricks-play-lists.json": (104, 5, '{"plays": [{"seat": "N", "card": "2C"}, ...]}, found a list'),
    "tricks-leader.json": (105, 16, "unknown field 'leader'; expected one of \"comment\" or \"plays\""),
    "seats-words.json": (20, 14, "'North' is a seat written out or in lower case: this game's "
                                 "seats are N, E, S and W; write \"N\""),
    "seats-lower-words.json": (20, 14, "'north' is a seat written out"),
    "seats-lower-letters.json": (20, 10, "'n' is a seat written out or in lower case"),
    "seats-int.json": (9, 8, "'0' is not a seat name"),
    "seats-player-names.json": (8, 13, "'Grand-mère' is not a seat name"),
    "cards-suit-first.json": (21, 6, "'SQ' is not a card as a record writes it: the rank "
                                     "first, then the suit's letter S H D C; write \"QS\""),
    "cards-symbol.json": (21, 6, "'♠Q' is not a card as a record writes it"),
    "cards-int.json": (21, 6, '10 is not a card (write "QS", "TH")'),
    "cards-object.json": (21, 6, 'an object is not a card (write "QS", "TH")'),
    "numbers-as-strings.json": (16, 14, "'1' is text, not a deal number (1, 2, ...): "
                                        "write the number without quotes, 1"),
    "bool-as-string.json": (378, 18, 'found the text "false": write false without quotes'),
    "passes-list.json": (81, 14, "expected an object of seat: cards"),
    "points-list.json": (366, 13, "expected an object of seat: points"),
    "nan-score.json": (370, 10, "NaN is not a whole number of points"),
    "infinity-score.json": (370, 10, "Infinity is not a whole number of points"),
    "duplicate-key.json": (17, 19, "the key 'dealer' is given again here with another value"),
    "anchor-alias.yaml": (3, 14, "YAML aliases (*name) are not read in a record; write the value out"),
    "seat-no.yaml": (6, 11, 'YAML reads no, unquoted, as a boolean: to mean the '
                            'word, write it in quotes, "no"'),
    "octal-number.yaml": (5, 11, "'01' is not a deal number (1, 2, ...)"),
    "underscore-points.yaml": (85, 32, "'2_2' is not a whole number of points"),
}


@pytest.fixture(scope="module")
def clean() -> object:
    return clean_deals(str(DATA / "clean.json"))


@pytest.mark.parametrize("name", SAME)
def test_read_as_the_clean_game(name: str, clean: object) -> None:
    assert_read_as(str(DATA / name), clean)


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_refused_once_with_the_form_to_write(name: str) -> None:
    assert_refused_once(str(DATA / name), *REFUSED[name])


@pytest.mark.parametrize("name", ["comments.json", "seats-words.json", "numbers-as-strings.json",
                                  "cards-symbol.json", "games-wrapper.json", "extra-keys.json",
                                  "trailing-comma.jsonl", "tricks-card-lists.json",
                                  "bool-as-string.json"])
def test_the_new_refusals_in_french(name: str) -> None:
    """The messages come from both catalogs: no English word left in French."""
    res = CliRunner().invoke(cli, ["validate", "--lang", "fr", str(DATA / name)])
    assert res.exit_code == 1, res.output
    (line,) = [x for x in res.output.splitlines() if ": erreur: " in x]
    for english in ("write", "expected", "found", "comment: JSON", "a comma", "is text"):
        assert english not in line, line


def test_every_file_is_listed() -> None:
    """The README and this test list the same files."""
    files = {p.name for p in DATA.iterdir() if p.name != "README.md"}
    assert files == {"clean.json", "hand-null.json", "extra-keys.json", *SAME, *REFUSED}
    readme = (DATA / "README.md").read_text(encoding="utf-8")
    assert all(f"`{name}`" in readme for name in files)


def test_unknown_hand_reads_as_unknown(clean: object) -> None:
    """``null`` for a hand not known: the same game otherwise, an info, no error."""
    (game,) = read_games(str(DATA / "hand-null.json"))
    assert game.deals[0].hands.get("E") is None
    findings = list(validate_file(str(DATA / "hand-null.json")).findings())
    assert findings and all(f["severity"] == "info" for f in findings)


def test_commented_json_on_standard_input_is_json() -> None:
    """Standard input that opens with ``//`` or ``/* */`` then a record is
    sniffed as JSON: the comment told once (it was read as HRN: 79 errors)."""
    text = "/* export\n of 6 December */\n" + (DATA / "clean.json").read_text(encoding="utf-8")
    res = CliRunner().invoke(cli, ["validate", "-"], input=text)
    errors = [x for x in res.output.splitlines() if ": error: " in x]
    assert res.exit_code == 1 and len(errors) == 1, res.output
    assert errors[0].startswith("-:1:1: error: not valid JSON: a comment")
