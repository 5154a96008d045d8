"""``hearts score`` on a deal played to its end whose play cannot be scored.

A deal with every trick written but one trick of the wrong size (a card
missing, a card too many) has no points.  ``score`` used to call it
"unfinished: no points" and exit 0, so a club secretary believed the deal
was never played out; it now says "not scored: the play has errors
(hearts validate shows them)", in the table, the HTML sheet, in English
and French, marks the deal ``"unscored": "play-errors"`` in JSON (every
other key as it was), and exits 1 in every format and with ``--jobs``.
A deal stopped with ``*`` or cut short keeps "unfinished" (docs/spec.md,
``hearts score``; docs/decisions.md, "score23").
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from clirun import run, write

from hearts_notation.io import dumps, read_games

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
# (the deal rows alone, golden for this test: tests/golden holds whole outputs
# that test_golden_output.py produces from its own cases)
GOLDEN = Path(__file__).parent / "data" / "score23"
SCHEMA = ROOT / "hearts_notation" / "schema" / "score.schema.json"

FULL = "5. E 5D S 8D W 6D N AD"


def first_deal(sample: str, stop: str) -> str:
    """The tags and first deal of *sample*, up to its line starting with
    *stop* (the deal's score lines left out: a deal kept by its score line
    is a score sheet's, not this case)."""
    out = []
    for line in (SAMPLES / sample).read_text(encoding="utf-8").splitlines():
        if line.startswith(stop):
            break
        out.append(line)
    return "\n".join(out) + "\n"


CLEAN = first_deal("canonical.hrn", "score ")
BROKEN = CLEAN.replace(FULL, "5. E 5D S 8D W 6D")          # a card missing
assert BROKEN != CLEAN


def deal_rows(out: str) -> str:
    """The lines of the table between its header and its bottom: the deal rows."""
    lines = out.splitlines()
    start = next(i for i, ln in enumerate(lines) if ln.startswith("┡"))
    end = next(i for i, ln in enumerate(lines) if ln.startswith("└"))
    return "\n".join(lines[start + 1:end]) + "\n"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_table_says_not_scored(tmp_path: Path, lang: str, update_golden: bool) -> None:
    code, out = run("score", "--lang", lang, write(tmp_path, "a.hrn", BROKEN))
    assert code == 1, out
    rows = deal_rows(out)
    golden = GOLDEN / f"play-errors.{lang}.txt"
    if update_golden:
        golden.write_text(rows, encoding="utf-8")
    assert rows == golden.read_text(encoding="utf-8")
    assert ("unfinished" not in out) if lang == "en" else ("inachevée" not in out)


def test_unfinished_stays_unfinished(tmp_path: Path) -> None:
    # stopped with *, and cut short inside its last trick: unfinished, exit 0
    star = CLEAN.split(FULL)[0] + FULL + "\n*\n"
    cut = CLEAN.replace("13. N AC E 4H S 3H W 4D", "13. N AC E 4H S 3H")
    for text in (star, cut):
        code, out = run("score", "--format", "json", write(tmp_path, "u.hrn", text))
        assert code == 0, out
        deal = json.loads(out)["games"][0]["deals"][0]
        assert deal["points"] is None and deal["complete"] is False and "unscored" not in deal
        code, out = run("score", write(tmp_path, "u.hrn", text))
        assert code == 0 and "unfinished: no points" in out and "play has errors" not in out


def test_json_keeps_every_key_and_adds_unscored(tmp_path: Path) -> None:
    path = write(tmp_path, "a.hrn", BROKEN)
    code, out = run("score", "--format", "json", path)
    assert code == 1
    doc = json.loads(out)
    jsonschema.Draft202012Validator(json.loads(SCHEMA.read_text(encoding="utf-8"))).validate(doc)
    deal = doc["games"][0]["deals"][0]
    assert list(deal) == ["number", "points", "moon", "totals", "complete", "unscored"]
    assert deal["points"] is None and deal["complete"] is False
    assert deal["unscored"] == "play-errors"
    assert doc["summary"]["unscored_deals"] == 1 and doc["summary"]["disagreeing_games"] == 0
    # a clean record: no new key anywhere
    code, out = run("score", "--format", "json", write(tmp_path, "c.hrn", CLEAN))
    assert code == 0 and "unscored" not in out


@pytest.mark.parametrize("fmt", ["json", "yaml"])
def test_json_and_yaml_records(tmp_path: Path, fmt: str) -> None:
    text = dumps(list(read_games(write(tmp_path, "a.hrn", BROKEN))), fmt)
    code, out = run("score", write(tmp_path, f"a.{fmt}", text))
    assert code == 1 and "not scored: the play has" in out, out


def test_french_record(tmp_path: Path) -> None:
    text = first_deal("partie-francaise.hrn", "score ").replace(
        "5. O D♥ N 10♥ E 7♥ S R♣", "5. O D♥ N 10♥ E 7♥")
    code, out = run("score", "--lang", "fr", write(tmp_path, "f.hrn", text))
    assert code == 1 and "non marquée : le jeu a" in out, out


def test_several_games_one_broken(tmp_path: Path) -> None:
    path = write(tmp_path, "m.hrn", "\n".join((CLEAN, BROKEN, CLEAN)))
    code, out = run("score", "--format", "json", path)
    assert code == 1
    games = json.loads(out)["games"]
    assert [["unscored" in d for d in g["deals"]] for g in games] == [[False], [True], [False]]
    assert [g["deals"][0]["complete"] for g in games] == [True, False, True]
    for fmt in ("html", "csv", "table"):
        for jobs in ("1", "2"):
            code, out = run("score", "--format", fmt, "--jobs", jobs, path)
            assert code == 1, (fmt, jobs, out)
            if fmt != "csv":
                assert out.count("not scored: the play has") == 1, (fmt, out)


def test_exit_status_in_a_real_process(tmp_path: Path) -> None:
    path = write(tmp_path, "a.hrn", BROKEN)
    res = subprocess.run([sys.executable, "-m", "hearts_notation", "score", "--format", "csv", path],
                         capture_output=True, text=True, check=False)
    assert res.returncode == 1, res.stderr
    assert res.stdout.splitlines()[0] == ("source,game,deal,seat,player,points,total,moon,"
                                          "assumed,complete,sheet")
