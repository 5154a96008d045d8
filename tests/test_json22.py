"""JSON, YAML and OpenSpiel records as other programs and people write them,
second round (helper json22; docs/spec.md 3.5, tests/data/json22/README.md).

Each JSON or YAML file of ``tests/data/json22`` is one way of writing the game
of ``clean.json`` (json21's): a form the spec reads must read as that game;
a form it does not read must be refused once, at the line and column of the
JSON or YAML, with the form to write.  The ``.oshist`` and ``.osjson`` files
are OpenSpiel histories.  In-process and cheap: some 25 small files read
once each (well under a CPU-second).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from record_campaign import assert_read_as, assert_refused_once, clean_deals

from hearts_notation.api import read_games, validate_file
from hearts_notation.cards import SUIT_FROM_CHAR, parse_card
from tests.clirun import run

DATA = Path(__file__).parent / "data" / "json22"

#: Files read as the clean game (every game of the file is it).
SAME = ["bom.json", "utf16.jsonl", "stream-ends.yaml"]

#: Files refused once: (line, column, words of the message that name the form to write).
REFUSED = {
    "hand-string.json": (20, 10, 'found the text \'QS 9S KH QH TH 5H KD TD 3D JC TC 7C 5C\': '
                                 'write each card as a string of a list, ["QS", "9S", "KH", "QH", '
                                 '"TH", "5H", "KD", "TD", "3D", "JC", "TC", "7C", "5C"]'),
    "hand-suits.json": (20, 10, 'write each card as a string of a list, ["QS", "9S", "KH"'),
    "pass-string.json": (82, 10, 'write each card as a string of a list, ["QS", "KH", "TH"]'),
    "players-list.json": (8, 13, 'write each name at its seat, "players": {"N": "Grand-mère", '
                                 '"E": "Jules", "S": "Zoé", "W": "Papa"}'),
    "players-words.json": (9, 12, "'North' is a seat written out or in lower case: this game's "
                                  "seats are N, E, S and W; write \"N\""),
    "keys-case.json": (19, 13, "unknown field 'HANDS': a record's keys are English words in "
                               "lower case, whatever its language; write \"hands\""),
    "keys-french.json": (14, 12, "unknown field 'donnes': a record's keys are English words in "
                                 "lower case, whatever its language; write \"deals\""),
    "cards-int-rank-major.json": (21, 6, "cards as numbers are not read, since programs number "
                                         "the deck in different orders"),
    "exponent.json": (16, 14, "1e1 is not a deal number (1, 2, ...) as a record writes it: write "
                              "the whole number without an exponent or a fraction, 10"),
    "points-float.json": (370, 10, "22.0 is not a whole number of points as a record writes it: "
                                   "write the whole number without an exponent or a fraction, 22"),
    "huge-int.json": (16, 14, "a number's length in digits is over the limit of 18"),
    "dup-key.json": (18, 4, "the key 'dealer' is given again here with another value; the record "
                            "says two things (this reader keeps the last value, others keep the "
                            "first): keep one (first given at line 17)"),
    "players-merge.yaml": (5, 7, "YAML aliases (*name) are not read in a record; write the value out"),
    "history-str-obj.json": (1, 50, "an OpenSpiel history inside an object (its field "
                                    "'history_str'), not a record: write its list of actions "
                                    "alone, [1, 26, 45, ...], and read it with --from "
                                    "openspiel-history"),
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


def test_a_comment_line_in_jsonl_is_told_once() -> None:
    """``# exported ...`` heading a JSONL log: told as a comment at 1:1 (it
    was the decoder's ``Expecting value``); the records after it read."""
    report = validate_file(str(DATA / "comment-line.jsonl"))
    errors = [f for f in report.findings() if f["severity"] == "error"]
    assert [(f["line"], f["column"]) for f in errors] == [(1, 1)]
    assert "# starts one in YAML, Python and a shell, not in JSON" in str(errors[0]["message"])
    assert len([g for g in read_games(str(DATA / "comment-line.jsonl")) if g.deals]) == 2


@pytest.mark.parametrize("command", [["validate"], ["score"], ["convert", "--to", "hrn"]])
def test_a_list_of_tricks_alone_is_refused_once(command: list[str]) -> None:
    """A top-level array of tricks: one message, status 2 (each trick was a
    game without deals, one error each)."""
    code, out = run(*command, str(DATA / "tricks-only.json"))
    assert code == 2, out
    # (the runner's output holds standard error twice: once mixed, once apart)
    told = {x for x in out.splitlines() if "a list of tricks is not a record" in x}
    assert len(told) == 1 and "tricks-only.json:2:2:" in told.pop(), out


@pytest.mark.parametrize("name", ["keys-french.json", "hand-suits.json", "players-list.json",
                                  "exponent.json", "history-str-obj.json", "cards-int-rank-major.json"])
def test_the_new_refusals_in_french(name: str) -> None:
    """The messages come from both catalogs: no English sentence left in French."""
    code, out = run("validate", "--lang", "fr", str(DATA / name))
    assert code == 1, out
    (line,) = [x for x in out.splitlines() if ": erreur: " in x]
    for english in ("write", "expected", "found", "is not", "keys are"):
        assert english not in line, line


def test_one_suit_table() -> None:
    """json21's suit-first hint and the card reader read suits from the one
    public table (every symbol of it makes the hint)."""
    from hearts_notation.io.jsonio import game_from_dict

    for char, suit in SUIT_FROM_CHAR.items():
        assert parse_card("Q" + char).suit == suit
        record = {"deals": [{"hands": {"N": [char + "Q"]}}]}
        with pytest.raises(ValueError, match=f'write "{parse_card("Q" + char)}"'):
            game_from_dict(record)


def test_nord_is_told_the_letter() -> None:
    """One seat-word table (io/hrn/words.SEAT_WORDS): a French site's
    ``"Nord"`` keys are refused with the letter to write, never read."""
    clean_record = json.loads((DATA / "clean.json").read_text(encoding="utf-8"))
    deal = clean_record["deals"][0]
    deal["hands"] = dict(zip(["Nord", "Est", "Sud", "Ouest"], deal["hands"].values(), strict=True))
    from hearts_notation.io.jsonio import game_from_dict

    with pytest.raises(ValueError, match=r"'Nord' is a seat written out.*write \"N\""):
        game_from_dict(clean_record)


def test_a_yaml_key_given_twice_names_both_lines(tmp_path: Path) -> None:
    """YAML's ``duplicate-key`` names the first line too, as JSON's does."""
    path = tmp_path / "dup.yaml"
    path.write_text("deals:\n- dealer: N\n  number: 1\n  dealer: E\n", encoding="utf-8")
    (error,) = [f for f in validate_file(str(path)).findings() if f["code"] == "duplicate-key"]
    assert (error["line"], error["column"]) == (4, 3)
    assert str(error["message"]).endswith("keep one (first given at line 2)")


# OpenSpiel -------------------------------------------------------------------


def test_jd_bonus_1_reads_as_the_jack_of_diamonds_variant() -> None:
    """``jd_bonus=1`` is read as ``jd_bonus=True`` (the ``openspiel`` preset
    with ``jack_of_diamonds=-10``): the same rules and points, pyspiel's
    returns for this deal (tests/data/interop21/expected.json, highest-lowest);
    ``jd_bonus=0`` drops the -10."""
    def points(name: str) -> tuple[str, dict[str, int]]:
        code, out = run("score", "--format", "json", "--from", "openspiel-history",
                        str(DATA / name))
        assert code == 0, out
        (game,) = json.loads(out)["games"]
        return game["rules"], game["deals"][0]["points"]

    rules, one = points("jd-1.oshist")
    assert (rules, one) == points("jd-true.oshist")
    assert "jack_of_diamonds=-10" in rules and one == {"N": 5, "E": 0, "S": -6, "W": 17}
    assert points("jd-0.oshist")[1]["S"] == 4


def test_a_json_history_with_an_illegal_action() -> None:
    """A history written as one JSON list, one action repeated: the referee's
    one finding, at the history's line (a position per action was measured
    1.25-1.5 times as slow to read every clean history: decisions.md, json22)."""
    code, out = run("validate", "--from", "openspiel-history", str(DATA / "illegal.osjson"))
    assert code == 1, out
    assert "illegal.osjson:1:1: error: S passes 10♥ twice [duplicate-card]" in out
    assert len({x for x in out.splitlines() if "[duplicate-card]" in x}) == 1


def test_history_str_is_refused_with_the_form_to_give() -> None:
    """``state.history_str()`` pasted with spaces: the list or one action a line."""
    code, out = run("validate", "--from", "openspiel-history", str(DATA / "history-space.oshist"))
    assert code == 2 and "history-space.oshist:1:1:" in out, out
    assert "write the history as a JSON list, [1, ...], or one action a line" in out


def test_history_in_an_object_with_openspiel_history() -> None:
    """The same object given to the history reader: told at its history."""
    code, out = run("validate", "--from", "openspiel-history", str(DATA / "history-str-obj.json"))
    assert code == 2 and "history-str-obj.json:1:50: a history inside an object" in out, out


def test_every_file_is_listed() -> None:
    """The README and this test list the same files."""
    files = {p.name for p in DATA.iterdir() if p.name != "README.md"}
    listed = {"clean.json", "comment-line.jsonl", "tricks-only.json", "jd-0.oshist", "jd-1.oshist",
              "jd-true.oshist", "illegal.osjson", "history-space.oshist", *SAME, *REFUSED}
    assert files == listed
    readme = (DATA / "README.md").read_text(encoding="utf-8")
    assert all(f"`{name}`" in readme for name in files)
