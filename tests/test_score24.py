"""Helper score24: ``score``, ``standings`` and ``stats`` on imperfect records.

* ``score`` tells what the reader found suspect in a record (a JSON or YAML
  key given twice), as ``validate`` prints it: file:line:col, the catalog's
  message, in the run's language; JSON ``notices`` (optional);
* ``score`` names the line and column of a JSON record's disagreement (the
  score line that disagrees), not the record's first line;
* ``standings`` and ``stats`` say how many deals they left out because the
  play has errors (``score``'s "not scored"), and a JSON or YAML record
  refused whole is "not read, a syntax error at FILE:LINE:COL", not "no deal
  recorded";
* ``jsonio.repeated_keys`` is one function (no thin wrapper over another).

The records are the campaign's (tests/data/score24/README.md); the golden
files of the human output, in English and French, are in
tests/data/score24/golden/.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest
from clirun import run

from hearts_notation.io import jsonio

DATA = Path(__file__).parent / "data" / "score24"
GOLDEN = DATA / "golden"
SCHEMAS = Path(__file__).resolve().parent.parent / "hearts_notation" / "schema"


def _check(doc: object, name: str) -> None:
    schema = json.loads((SCHEMAS / f"{name}.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(doc)


def _golden(name: str, text: str, update: bool) -> None:
    path = GOLDEN / name
    if update:
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


def _placed(out: str) -> str:
    """The lines of *out* that name a place in a file (``FILE:LINE:COL: ...``),
    the folder of the data left out."""
    lines = [ln for ln in out.splitlines() if re.match(r"\S+:\d+:\d+: ", ln)]
    return "\n".join(lines).replace(str(DATA) + "/", "") + "\n"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_score_tells_a_key_given_twice(lang: str, update_golden: bool) -> None:
    path = str(DATA / "duplicate-key.json")
    code, out = run("score", "--lang", lang, path)
    assert code == 0, out               # the scores agree: the status speaks of them
    told = _placed(out)
    _golden(f"score-duplicate-key.{lang}.txt", told, update_golden)
    # the very line validate prints for it (one check, one message)
    _, checked = run("validate", "--lang", lang, path)
    assert told.strip() in _placed(checked)


def test_score_json_carries_the_notices() -> None:
    code, out = run("score", "--format", "json", "--lang", "fr", str(DATA / "duplicate-key.yaml"))
    doc = json.loads(out)
    _check(doc, "score")
    (notice,) = doc["games"][0]["notices"]
    assert (notice["code"], notice["severity"], notice["line"], notice["column"]) == (
        "duplicate-key", "error", 91, 37)
    assert "N" in notice["message"] and "la clé 'N'" in notice["message_translated"]
    # a record without one: no new key
    code, out = run("score", "--format", "json", str(DATA / "clean.yaml"))
    assert code == 0 and "notices" not in out


def test_score_notices_with_jobs() -> None:
    paths = [str(DATA / "duplicate-key.json"), str(DATA / "clean.json")]
    one = run("score", "--jobs", "1", *paths)
    assert one == run("score", "--jobs", "2", *paths)
    assert one[1].count("[duplicate-key]") == 1


def test_score_places_a_json_disagreement_at_its_line() -> None:
    for name, place in (("score-disagrees.json", (385, 16)), ("bom-crlf.jsonl", (2, 7525)),
                        ("total-disagrees.json", (505, 16)), ("moon-wrong.json", (137, 15))):
        code, out = run("score", "--format", "json", str(DATA / name))
        assert code == 1
        found = [f for g in json.loads(out)["games"] for f in g["disagreements"]]
        assert [(f["line"], f["column"]) for f in found] == [place], name


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_standings_and_stats_say_what_they_left_out(lang: str, update_golden: bool,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    # (a terminal wide enough for each remark on one line: they are paragraphs
    # wrapped at the terminal's width since lang31, and name absolute paths)
    monkeypatch.setenv("COLUMNS", "1000")
    paths = [str(DATA / "play-errors.json"), str(DATA / "extra-fields.json")]
    code, out = run("standings", "--lang", lang, *paths)
    assert code == 1
    # the notes and remarks below the tables (each says where to look)
    remarks = "\n".join(ln for ln in out.splitlines()
                        if "hearts validate" in ln).replace(str(DATA) + "/", "")
    _golden(f"standings-left-out.{lang}.txt", remarks + "\n", update_golden)
    code, out = run("stats", "--lang", lang, *paths)
    assert code == 0
    corpus = out[:out.index("└")].replace(str(DATA) + "/", "")
    _golden(f"stats-left-out.{lang}.txt", corpus, update_golden)


def test_standings_and_stats_json_count_what_they_left_out(tmp_path: Path) -> None:
    paths = [str(DATA / "play-errors.json"), str(DATA / "extra-fields.json")]
    code, out = run("standings", "--format", "json", *paths)
    doc = json.loads(out)
    _check(doc, "standings")
    assert doc["summary"]["unscored_deals"] == 1 and doc["summary"]["deals"] == 4
    assert any(":2:9: not counted" in n for n in doc["notes"])
    code, out = run("stats", "--format", "json", *paths)
    doc = json.loads(out)
    _check(doc, "stats")
    s = doc["summary"]
    assert (s["unscored_deals"], s["unread_games"], s["games"], s["complete_deals"]) == (1, 1, 2, 4)
    # what score leaves unscored, standings and stats leave out: the same deals
    code, out = run("score", "--format", "json", paths[0])
    assert json.loads(out)["summary"]["unscored_deals"] == 1
    # a clean record: no new key
    for command in ("standings", "stats"):
        code, out = run(command, "--format", "json", str(DATA / "clean.json"))
        assert code == 0 and "unscored_deals" not in out and "unread_games" not in out
    # a page of notes in HRN has no deal indeed: it is no record not read
    notes = tmp_path / "notes.txt"
    notes.write_text("Notes du club\nPenser à payer la salle.\n", encoding="utf-8")
    code, out = run("standings", "--format", "json", str(notes))
    assert code == 1 and any("no deal recorded" in n for n in json.loads(out)["notes"])
    code, out = run("stats", "--format", "json", str(notes))
    assert code == 0 and "unread_games" not in out


def test_repeated_keys_is_one_function() -> None:
    assert not hasattr(jsonio, "repeated_keys_first")
    text = '{"a": 1,\n "a": 2}'
    assert jsonio.repeated_keys(text) == [(10, "a", (), False, 1)]
