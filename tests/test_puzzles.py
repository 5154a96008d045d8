"""``hearts puzzles``: the ? and ?? plays of records become puzzles (JSON set and
trainer page), from an analysis run here or from a record's own marks."""

from __future__ import annotations

import dataclasses
import json
import re
from importlib import resources
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner, Result

from hearts_notation.analysis.annotate import AnalysisOptions
from hearts_notation.analysis.evaluate import FAST
from hearts_notation.analysis.hint import hint_position
from hearts_notation.cli import cli
from hearts_notation.io import read_games
from hearts_notation.position import parse_position
from hearts_notation.puzzles import game_puzzles, puzzle_set
from hearts_notation.render.trainer import render_trainer

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "puzzles"
SCHEMA = json.loads(resources.files("hearts_notation.schema").joinpath("puzzles.schema.json")
                    .read_text(encoding="utf-8"))


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


@pytest.fixture(scope="module")
def puzzle_json(puzzle_set_text: str) -> dict[str, object]:
    """The set ``hearts puzzles`` makes of tests/data/puzzles (conftest's
    ``puzzle_set_text``: made once a run, the trainer's browser tests show it)."""
    data: dict[str, object] = json.loads(puzzle_set_text)
    return data


def test_the_set_follows_its_schema_and_every_answer_is_legal(puzzle_json: dict[str, object]) -> None:
    jsonschema.validate(puzzle_json, SCHEMA)
    puzzles = puzzle_json["puzzles"]
    assert isinstance(puzzles, list) and len(puzzles) == 8
    assert {p["theme"] for p in puzzles} == {"duck", "other", "queen_bared", "void_lead"}
    for p in puzzles:
        pos = parse_position(p["position"])
        legal = pos.state().legal_cards()
        assert {c for c in p["legal"]} == {str(c) for c in _cards(legal)}
        assert p["played"] in p["legal"] and p["played"] not in p["good"]
        assert set(p["good"]) <= set(p["legal"]) and set(p["best"]) <= set(p["good"]) | {p["played"]}
        assert p["seat"] == pos.seats[pos.seat] and len(p["trick_now"]) == p["card_no"] - 1


def _cards(mask: int) -> list[str]:
    from hearts_notation.cards import CARDS
    return [str(CARDS[c]) for c in range(52) if mask >> c & 1]


def test_the_duck_of_queen_duck_is_a_puzzle(puzzle_json: dict[str, object]) -> None:
    puzzles = puzzle_json["puzzles"]
    assert isinstance(puzzles, list)
    (ks,) = [p for p in puzzles if p["played"] == "KS"]
    assert ks["mark"] == "??" and ks["good"] == ["7S"] and ks["theme"] == "duck"
    assert "duck with 7♠" in ks["why"] and ks["trick_now"][-1]["card"] == "JS"


def test_marks_and_analysis_make_the_same_puzzles(tmp_path: Path) -> None:
    """A record annotated by ``hearts annotate --fast`` gives the puzzles an analysis
    of the raw record gives (the same plays, the same options: the same better cards).
    The record is annotated here, by the code under test: a stored annotated record
    goes stale whenever the analysis moves an edge mark (the solver's prunes change
    how deep a deal's node budget solves exactly), which is not what this checks."""
    raw_path = ROOT / "tests" / "data" / "analysis" / "queen_duck.hrn"
    annotated = tmp_path / "queen-duck.annotated.hrn"
    result = run("annotate", "--fast", "--seed", "0", str(raw_path), "-o", str(annotated))
    assert result.exit_code == 0, result.output
    options = AnalysisOptions(eval=dataclasses.replace(FAST, seed=0))
    (marked,) = read_games(str(annotated))
    (raw,) = read_games(str(raw_path))
    by_marks = game_puzzles(marked, options)
    by_analysis = game_puzzles(raw, options)
    assert by_analysis, "the raw record's analysis gives no puzzle: nothing is compared"
    assert [(p["position"], p["played"]) for p in by_marks] == \
           [(p["position"], p["played"]) for p in by_analysis]
    assert [p["best"] for p in by_marks] == [p["best"] for p in by_analysis]
    assert [p["theme"] for p in by_marks] == [p["theme"] for p in by_analysis]


def test_a_puzzle_position_gives_the_hint_of_its_better_card(puzzle_json: dict[str, object]) -> None:
    puzzles = puzzle_json["puzzles"]
    assert isinstance(puzzles, list)
    p = next(p for p in puzzles if p["played"] == "KS")
    hint = hint_position(parse_position(p["position"]), AnalysisOptions())
    assert [str(c) for c in hint.best] == p["best"]


def test_the_page_is_self_contained_with_a_strict_policy(puzzle_json: dict[str, object]) -> None:
    puzzles = puzzle_json["puzzles"]
    assert isinstance(puzzles, list)
    page = render_trainer(puzzles, "fr")
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page)
    assert csp and "default-src 'none'" in csp.group(1) and "'unsafe-inline'" not in csp.group(1)
    assert not re.search(r"(src|href)=\"(https?:)?//", page)
    assert "Apprendre de ses parties" in page and '<html lang="fr">' in page
    # A name in the record cannot close the data's script element.
    evil = [dict(puzzles[0], player="</script><script>alert(1)</script>")]
    assert "</script><script>alert(1)" not in render_trainer(evil, "en")


def test_a_page_needs_an_output_and_says_when_no_puzzle(tmp_path: Path) -> None:
    r = run("puzzles", str(DATA / "annotated.hrn"))
    assert r.exit_code == 2 and "-o trainer.html" in r.stderr
    clean = ROOT / "samples" / "three-players.hrn"
    out = tmp_path / "t.json"
    r = run("puzzles", str(clean), "--fast", "--samples", "4", "-o", str(out))
    assert r.exit_code == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    jsonschema.validate(data, SCHEMA)
    if not data["puzzles"]:
        assert "no ? or ?? play" in r.stderr


def test_jobs_give_the_same_set(tmp_path: Path) -> None:
    """--jobs 2 analyses the deals in two processes: the same puzzles."""
    out1, out2 = tmp_path / "1.json", tmp_path / "2.json"
    raw = str(ROOT / "tests" / "data" / "position" / "game.hrn")     # two deals: two tasks
    args = ["--fast", "--samples", "8", "--format", "json"]
    assert run("puzzles", raw, *args, "-j", "1", "-o", str(out1)).exit_code == 0
    assert run("puzzles", raw, *args, "-j", "2", "-o", str(out2)).exit_code == 0
    assert out1.read_text(encoding="utf-8") == out2.read_text(encoding="utf-8")
    assert json.loads(out1.read_text(encoding="utf-8"))["puzzles"]


def test_the_json_set_is_what_puzzle_set_builds() -> None:
    empty = puzzle_set([], "en", 3)
    jsonschema.validate(empty, SCHEMA)
    assert empty == {"format": "hearts-puzzles", "version": 1, "lang": "en", "seed": 3, "puzzles": []}
