"""Machine output is tested against its schema (docs/cli.md, "Machine output").

Every command's ``--format json``/``jsonl`` output ships with a JSON Schema
(draft 2020-12) in ``hearts_notation/schema/``; other programs rely on these
shapes, so each is checked here on real output:

- on every shipped sample, on games generated under the 3-, 5- and 6-player
  presets and under presets with variants (jack of diamonds, the moon's
  choice, a subtracting moon, kawu, the queen breaking hearts), and on broken
  records (every finding code of ``tests/data/referee``, a score sheet with a
  slip);
- in English and in French: machine output does not change with the language
  (docs/cli.md).  The bytes are the same, except the fields documented as
  following ``--lang``: a finding's ``message_translated`` (added in a
  language other than English), and the sentences of the analysis (``comment``
  of ``hint`` and ``annotate``, ``annotate``'s ``notes``);
- each schema refuses malformed outputs (an unknown key, a translated card, a
  number as a string, a finding code that does not exist), so the checks can
  fail.

Every command runs in this process (``CliRunner``) with ``--jobs 1`` where it
takes it: a few milliseconds per run.  The one analysis (``annotate``) is a
``--fast`` run on the last tricks of a deal.
"""

from __future__ import annotations

import csv
import functools
import io
import json
import re
from collections.abc import Iterator
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from hearts_notation.cli import cli

jsonschema = pytest.importorskip("jsonschema")

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
REFEREE = ROOT / "tests" / "data" / "referee"

#: The schemas of command outputs (record, match and puzzles are tested by
#: tests/test_spec_schema.py, tests/test_match.py and tests/test_puzzles.py).
COMMAND_SCHEMAS = ("validate", "score", "stats", "standings", "rules", "position", "hint",
                   "solve", "annotate")

#: Every shipped sample: the records, and the club folder (a tournament).
SAMPLE_INPUTS = sorted(
    [str(p.relative_to(ROOT)) for p in SAMPLES.iterdir()
     if p.suffix in {".hrn", ".json", ".jsonl", ".yaml"}]
    + ["samples/club"])

#: Presets with another number of players, and presets with variants
#: (docs/rules.md), as given to ``--rules``.
PRESETS = ("three-players", "five-players", "six-players", "jack-of-diamonds", "moon-choice",
           "standard moon=subtract", "kawu", "queen-breaks-hearts",
           "standard pass_cycle=left,right,right,hold first_trick_queen=allowed")

#: Broken records: every finding code the referee's examples show (one file
#: each), and a club evening's score sheet with a slip.  ``score`` refuses
#: a syntax error outright (exit 2, nothing written), so it is left out for
#: every command but ``validate``.
BROKEN = [*sorted(str(p.relative_to(ROOT)) for p in REFEREE.glob("*.hrn")
                  if p.name != "syntax-error.hrn"), "tests/data/club/soiree-brouillon.hrn"]

#: Fields documented as following ``--lang`` (everything else is byte for
#: byte the same in every language).
TRANSLATED = frozenset({"message_translated"})


# Helpers ---------------------------------------------------------------------------------


@functools.cache
def schema(name: str) -> dict[str, Any]:
    """The shipped schema *name* (``validate`` for validate.schema.json)."""
    text = files("hearts_notation.schema").joinpath(f"{name}.schema.json").read_text(
        encoding="utf-8")
    doc: dict[str, Any] = json.loads(text)
    return doc


@functools.cache
def validator(name: str) -> Any:
    """A checked draft 2020-12 validator of schema *name*."""
    doc = schema(name)
    jsonschema.Draft202012Validator.check_schema(doc)
    return jsonschema.Draft202012Validator(doc)


def assert_valid(name: str, doc: Any, what: str = "") -> None:
    errors = [f"{list(e.absolute_path)}: {e.message[:300]}"
              for e in validator(name).iter_errors(doc)]
    assert errors == [], f"{name} {what}: {errors[:5]}"


def hearts(*args: str, ok: tuple[int, ...] = (0,)) -> str:
    """Standard output of ``hearts ARGS`` run in this process; its exit status
    must be one of *ok*, and no traceback may escape."""
    res = CliRunner().invoke(cli, list(args))
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    assert res.exit_code in ok, (args, res.exit_code, res.output[-500:])
    return res.stdout


def both(*args: str, ok: tuple[int, ...] = (0,)) -> tuple[str, str]:
    """The output of ``hearts ARGS`` with ``--lang en`` and with ``--lang fr``."""
    return hearts(*args, "--lang", "en", ok=ok), hearts(*args, "--lang", "fr", ok=ok)


def without(doc: Any, keys: frozenset[str]) -> Any:
    """*doc* with every object's *keys* removed, at any depth."""
    if isinstance(doc, dict):
        return {k: without(v, keys) for k, v in doc.items() if k not in keys}
    if isinstance(doc, list):
        return [without(v, keys) for v in doc]
    return doc


def has_key(doc: Any, key: str) -> bool:
    if isinstance(doc, dict):
        return key in doc or any(has_key(v, key) for v in doc.values())
    if isinstance(doc, list):
        return any(has_key(v, key) for v in doc)
    return False


def same_in_both_languages(en: str, fr: str, translated: frozenset[str] = TRANSLATED) -> None:
    """Machine output does not change with the language: the same bytes, or,
    where a documented field follows ``--lang``, the same document without
    it (and the English output never has ``message_translated``)."""
    if en == fr:
        return
    a, b = json.loads(en), json.loads(fr)
    assert not has_key(a, "message_translated")
    assert without(a, translated) == without(b, translated)


_GENERATED: dict[str, Path] = {}


def generated(preset: str, tmp: Path) -> str:
    """A JSONL file of games under *preset*: two games of two deals each,
    played by the heuristic bots (one seed, so the same every run)."""
    if preset not in _GENERATED or not _GENERATED[preset].exists():
        path = tmp / (re.sub(r"[^a-z0-9]+", "-", preset) + ".jsonl")
        hearts("generate", "--rules", preset, "--seed", "8", "-n", "2", "--deals-per-game", "2",
               "--format", "jsonl", "--jobs", "1", "-o", str(path))
        _GENERATED[preset] = path
    return str(_GENERATED[preset])


@pytest.fixture(autouse=True)
def _at_root(monkeypatch: pytest.MonkeyPatch) -> None:
    """The inputs are named from the repository's root, as a user types them."""
    monkeypatch.chdir(ROOT)


@pytest.fixture(scope="module")
def gen_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("contract8")


def inputs(kind: str, gen_dir: Path) -> list[str]:
    """The input files of a case: a sample, a preset's generated games, or
    the broken records."""
    if kind == "broken":
        return BROKEN
    if kind.startswith("preset:"):
        return [generated(kind[len("preset:"):], gen_dir)]
    return [kind]


CASES = [*SAMPLE_INPUTS, *(f"preset:{p}" for p in PRESETS), "broken"]


# The schemas themselves --------------------------------------------------------------------


@pytest.mark.parametrize("name", COMMAND_SCHEMAS)
def test_every_schema_is_a_valid_draft_2020_12_schema(name: str) -> None:
    doc = schema(name)
    assert doc["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert doc["$id"] == f"https://hearts-notation.org/schema/{name}.schema.json"
    validator(name)


def test_the_shared_definitions_are_the_same_in_every_schema() -> None:
    """Each schema stands alone (any tool validates with the one file), so
    the definitions they share (a card, a seat, a finding...) are repeated:
    they must not drift apart."""
    seen: dict[str, tuple[str, Any]] = {}
    for name in COMMAND_SCHEMAS:
        for key, value in schema(name).get("$defs", {}).items():
            if key in {"card", "cards", "seat", "seatMap", "direction", "finding",
                       "findingCode", "severity", "moon"}:
                if key in seen:
                    assert value == seen[key][1], f"$defs/{key}: {name} differs from {seen[key][0]}"
                else:
                    seen[key] = (name, value)
    assert {"card", "seat", "finding", "findingCode"} <= set(seen)


def test_the_finding_codes_are_those_of_the_spec() -> None:
    """The codes' enum is docs/spec.md's table (section 5.2), no more, no less."""
    text = (ROOT / "docs" / "spec.md").read_text(encoding="utf-8")
    table = text.split("### 5.2", 1)[1].split("\n### ", 1)[0]
    codes = set(re.findall(r"^\| `([a-z-]+)` \|", table, re.M))
    assert set(schema("validate")["$defs"]["findingCode"]["enum"]) == codes


def test_every_schema_is_named_in_the_docs_and_shipped() -> None:
    """docs/cli.md lists every schema with its command; pyproject ships
    ``*.json`` of the schema package."""
    cli_md = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    shipped = sorted(p.name for p in (ROOT / "hearts_notation" / "schema").glob("*.schema.json"))
    for name in shipped:
        assert f"hearts_notation/schema/{name}" in cli_md, name
    assert {f"{n}.schema.json" for n in COMMAND_SCHEMAS} <= set(shipped)
    assert '"hearts_notation.schema" = ["*.json"]' in (ROOT / "pyproject.toml").read_text()


def _doc_example(page: str, after: str) -> Any:
    """The first JSON block of docs/*page* after the text *after*."""
    text = (ROOT / "docs" / page).read_text(encoding="utf-8").split(after, 1)[1]
    return json.loads(text.split("```json\n", 1)[1].split("```", 1)[0])


def test_the_examples_of_the_docs_follow_the_schemas() -> None:
    """The pages' examples are the contract's prose: the validation report of
    spec.md, section 6, and the stats document of corpora.md (its ``"..."``,
    the other seats left out, dropped)."""
    assert_valid("validate", _doc_example("spec.md", "## 6. The validation report"))
    stats = _doc_example("corpora.md", "`--format json` prints the same as one document")
    del stats["seats"]["..."]
    assert_valid("stats", stats)


# validate, score, stats, standings ---------------------------------------------------------


@pytest.mark.parametrize("case", [*CASES, "syntax-error"])
def test_validate_report_follows_its_schema(case: str, gen_dir: Path) -> None:
    files_ = ([str(REFEREE / "syntax-error.hrn"), str(REFEREE / "revoke.hrn")]
              if case == "syntax-error" else inputs(case, gen_dir))
    en, fr = both("validate", "--format", "json", "--jobs", "1", *files_, ok=(0, 1))
    for text in (en, fr):
        assert_valid("validate", json.loads(text), case)
    same_in_both_languages(en, fr)
    codes = list(json.loads(en)["summary"]["codes"])
    assert codes == sorted(codes)                     # "sorted by code" (spec.md, section 6)
    if case in ("broken", "syntax-error"):
        doc = json.loads(fr)
        found = [f for g in doc["games"] for f in g["findings"]]
        assert found and all("message_translated" in f for f in found)


def test_validate_report_of_the_inputs_read_follows_its_schema() -> None:
    """An input that cannot be read at all (exit 2): the report still covers
    the inputs that were read (docs/findings.md), in its one shape."""
    res = CliRunner().invoke(cli, ["validate", "--format", "json", "--jobs", "1",
                                   "no-such-file.hrn", "samples/game.yaml"])
    assert res.exit_code == 2
    doc = json.loads(res.stdout)
    assert_valid("validate", doc)
    assert doc["summary"]["files"] == 1 and len(doc["games"]) == 1


def test_validate_report_covers_every_code_of_the_referee_examples(gen_dir: Path) -> None:
    """The broken records give the schema most of the codes to check."""
    doc = json.loads(hearts("validate", "--format", "json", "--jobs", "1", *BROKEN, ok=(1,)))
    codes = set(doc["summary"]["codes"])
    assert len(codes) >= 20, codes


def test_validate_report_with_summed_up_findings_follows_its_schema(gen_dir: Path) -> None:
    """A finding that sums others up (``pass-mismatch`` and its ``details``:
    a game passed in another order, logged without its directions) and a
    reader's finding (``duplicate-key``), in both languages: the details are
    findings of the same shape, translated too."""
    game = json.loads(Path(generated("standard pass_cycle=right,left,across,hold",
                                     gen_dir)).read_text(encoding="utf-8").splitlines()[0])
    game["rules"] = "standard"
    for deal in game["deals"]:
        deal.pop("pass", None)
    misordered = gen_dir / "misordered.jsonl"
    misordered.write_text(json.dumps(game) + "\n", encoding="utf-8")
    twice = gen_dir / "twice.json"
    twice.write_text('{"rules": "standard", "rules": "kawu", "deals": []}\n', encoding="utf-8")
    en, fr = both("validate", "--format", "json", "--jobs", "1", str(misordered), str(twice),
                  ok=(1,))
    for text in (en, fr):
        assert_valid("validate", json.loads(text))
    same_in_both_languages(en, fr)
    doc = json.loads(fr)
    found = {f["code"]: f for g in doc["games"] for f in g["findings"]}
    assert {"pass-mismatch", "duplicate-key"} <= set(found)
    details = found["pass-mismatch"]["details"]
    assert details and all(d["code"] == "not-held" and "message_translated" in d for d in details)


@pytest.mark.parametrize("case", CASES)
def test_score_json_and_csv_follow_their_shape(case: str, gen_dir: Path) -> None:
    args = inputs(case, gen_dir)
    en, fr = both("score", "--format", "json", "--jobs", "1", *args, ok=(0, 1))
    for text in (en, fr):
        assert_valid("score", json.loads(text), case)
    same_in_both_languages(en, fr)
    en_csv, fr_csv = both("score", "--format", "csv", "--jobs", "1", *args, ok=(0, 1))
    assert en_csv == fr_csv
    rows = list(csv.reader(io.StringIO(en_csv)))
    assert rows[0] == ["source", "game", "deal", "seat", "player", "points", "total", "moon",
                       "assumed", "complete", "sheet"]
    doc = json.loads(en)
    assert len(rows) - 1 == sum(len(g["deals"]) * len(g["seats"]) for g in doc["games"])
    integer = re.compile(r"-?[0-9]+")
    for row in rows[1:]:
        cell = dict(zip(rows[0], row, strict=True))
        assert integer.fullmatch(cell["game"]) and integer.fullmatch(cell["deal"])
        assert integer.fullmatch(cell["total"]) and (cell["points"] == ""
                                                     or integer.fullmatch(cell["points"]))
        assert cell["assumed"] in {"true", "false", ""} and (cell["moon"] == "") == (
            cell["assumed"] == "")
        assert cell["complete"] in {"true", "false"} and cell["sheet"] in {"true", "false"}


@pytest.mark.parametrize("case", CASES)
def test_stats_json_follows_its_schema(case: str, gen_dir: Path) -> None:
    en, fr = both("stats", "--format", "json", "--jobs", "1", *inputs(case, gen_dir), ok=(0, 1))
    assert_valid("stats", json.loads(en), case)
    assert en == fr


@pytest.mark.parametrize("case", CASES)
def test_standings_json_and_csv_follow_their_shape(case: str, gen_dir: Path) -> None:
    args = inputs(case, gen_dir)
    en, fr = both("standings", "--format", "json", "--jobs", "1", *args, ok=(0, 1))
    assert_valid("standings", json.loads(en), case)
    assert en == fr
    en_csv, fr_csv = both("standings", "--format", "csv", "--jobs", "1", *args, ok=(0, 1))
    assert en_csv == fr_csv
    rows = list(csv.reader(io.StringIO(en_csv)))
    assert rows[0] == ["rank", "player", "named", "games", "won", "shared", "finished",
                       "average_final", "deals", "points", "average_points_per_deal", "moons",
                       "queen_of_spades", "queen_deals", "findings"]
    assert len(rows) - 1 == len(json.loads(en)["players"])


def test_standings_ratings_follow_the_schema() -> None:
    pytest.importorskip("openskill")
    en, fr = both("standings", "--ratings", "--format", "json", "--jobs", "1", "samples/club")
    assert en == fr
    doc = json.loads(en)
    assert_valid("standings", doc)
    assert doc["ratings"]["players"]


# rules -------------------------------------------------------------------------------------


def test_rules_list_follows_its_schema_in_json_and_yaml() -> None:
    en, fr = both("rules", "--format", "json")
    assert en == fr
    doc = json.loads(en)
    assert_valid("rules", doc)
    assert {p["name"] for p in doc} >= {"standard", "three-players", "five-players", "six-players"}
    en_yaml, fr_yaml = both("rules", "--format", "yaml")
    assert en_yaml == fr_yaml
    assert yaml.safe_load(en_yaml) == doc


@pytest.mark.parametrize("spec", ["standard", *PRESETS, "openspiel"])
def test_one_rule_set_follows_its_schema(spec: str) -> None:
    en, fr = both("rules", spec, "--format", "json")
    assert en == fr
    doc = json.loads(en)
    assert_valid("rules", doc, spec)
    # The YAML form is the same rule set (a rules file: without name and spec;
    # its comment lines, for people, follow --lang).
    en_yaml, fr_yaml = both("rules", spec, "--format", "yaml")
    assert yaml.safe_load(en_yaml) == yaml.safe_load(fr_yaml) == {
        k: v for k, v in doc.items() if k not in ("name", "spec")}


# position, solve, hint, annotate -----------------------------------------------------------


def _position(source: str, *where: str, all_hands: bool = False) -> str:
    return hearts("position", source, *where, *(["--all-hands"] if all_hands else [])).strip()


POSITION_CASES = [
    ("samples/canonical.hrn", ("--deal", "2", "--trick", "3")),
    ("samples/canonical.hrn", ("--deal", "10", "--trick", "1")),
    ("samples/canonical.hrn", ("--deal", "4", "--trick", "7", "--card", "3")),   # a hold deal
    ("samples/three-players.hrn", ("--deal", "1", "--trick", "5", "--card", "2")),
    ("samples/game.yaml", ("--deal", "2", "--trick", "9")),
    ("samples/club-night.json", ("--deal", "3", "--trick", "4")),
    ("samples/observer.hrn", ("--trick", "6", "--card", "3")),
    ("preset:five-players", ("--deal", "1", "--trick", "3")),
    ("preset:six-players", ("--deal", "2", "--trick", "6", "--card", "4")),
    ("preset:moon-choice", ("--deal", "2", "--trick", "2")),
]


@pytest.mark.parametrize("case, where", POSITION_CASES, ids=lambda x: str(x))
def test_position_json_follows_its_schema(case: str, where: tuple[str, ...],
                                          gen_dir: Path) -> None:
    (source,) = inputs(case, gen_dir)
    en, fr = both("position", source, *where, "--format", "json")
    assert en == fr
    doc = json.loads(en)
    assert_valid("position", doc, case)
    assert doc["position"] == _position(source, *where)
    hands = json.loads(hearts("position", source, *where, "--all-hands", "--format", "json",
                              ok=(0, 2)) or "null")
    if hands is not None:
        assert_valid("position", hands, case)


@pytest.mark.parametrize("case", [*(x for x in SAMPLE_INPUTS if x != "samples/club"),
                                  "samples/club/soiree-du-vendredi.hrn",
                                  *(f"preset:{p}" for p in PRESETS)])
def test_position_and_solve_of_every_sample_follow_their_schemas(case: str,
                                                                 gen_dir: Path) -> None:
    """Every sample and preset: the position of the fifth trick of the first
    deal (exit 2 where the record has no such point, a score sheet), and
    ``solve --format jsonl`` from trick 12 on every deal (an error line where
    a deal cannot be solved), the same in both languages."""
    (source,) = inputs(case, gen_dir)
    en, fr = both("position", source, "--deal", "1", "--trick", "5", "--format", "json",
                  ok=(0, 2))
    assert en == fr
    if en:
        assert_valid("position", json.loads(en), case)
    en, fr = both("solve", source, "--trick", "12", "--format", "jsonl", "--jobs", "1",
                  ok=(0, 1))
    lines = en.splitlines()
    assert lines and len(lines) == len(fr.splitlines())
    for one, other in zip(lines, fr.splitlines(), strict=True):
        a, b = json.loads(one), json.loads(other)
        assert_valid("solve", a, case)
        assert without(a, frozenset({"cpu_seconds"})) == without(b, frozenset({"cpu_seconds"}))


SOLVE_CASES = [
    ("samples/canonical.hrn", ("--deal", "3", "--trick", "10")),
    ("samples/three-players.hrn", ("--deal", "1", "--trick", "14", "--card", "2")),
    ("preset:six-players", ("--deal", "1", "--trick", "6")),
    ("preset:jack-of-diamonds", ("--deal", "1", "--trick", "10")),
    ("preset:moon-choice", ("--deal", "2", "--trick", "11")),
]


@pytest.mark.parametrize("case, where", SOLVE_CASES, ids=lambda x: str(x))
def test_solve_json_follows_its_schema(case: str, where: tuple[str, ...], gen_dir: Path) -> None:
    """One position (issue 24: ``cards``, each ``card`` with its ``points``),
    every position (``positions``), both models, from a record and from a
    position string; ``cpu_seconds`` is a time, the one field that varies."""
    (source,) = inputs(case, gen_dir)
    every = where[:where.index("--card")] if "--card" in where else where
    runs = [("solve", source, *where, "--format", "json"),
            ("solve", source, *where, "--format", "json", "--model", "paranoid"),
            ("solve", source, *every, "--all", "--format", "json"),
            ("solve", _position(source, *where, all_hands=True), "--format", "json")]
    for args in runs:
        en, fr = both(*args)
        one, other = json.loads(en), json.loads(fr)
        assert_valid("solve", one, " ".join(args))
        assert without(one, frozenset({"cpu_seconds"})) == without(other,
                                                                   frozenset({"cpu_seconds"}))
        for pos in one.get("positions", [one]):
            assert {"card", "points"} <= set(pos["cards"][0])


def test_solve_jsonl_lines_are_one_object_each_and_follow_the_schema() -> None:
    """``--format jsonl``: one object per line and deal, solved or not (a
    score sheet's deals say ``error`` and ``error_id``), with and without
    ``--all``."""
    for args in (("samples/multi-game.hrn", "--trick", "11"),
                 ("samples/multi-game.hrn", "--trick", "12", "--all"),
                 ("samples/club/soiree-du-vendredi.hrn", "--trick", "12")):
        text = hearts("solve", *args, "--format", "jsonl", "--jobs", "1", ok=(0, 1))
        lines = text.splitlines()
        assert lines and text.endswith("\n")
        for line in lines:
            doc = json.loads(line)
            assert isinstance(doc, dict)
            assert_valid("solve", doc, line[:80])
    errors = [json.loads(x) for x in text.splitlines() if "error_id" in x]
    assert errors and {e["error_id"] for e in errors} <= {"sheet", "no_such_point"}


def test_solve_all_from_a_trick_the_deal_never_reaches_is_refused() -> None:
    """``--all --trick T`` on a deal that stops before trick T (multi-game.hrn's
    second game stops in the seventh trick of its second deal) is refused as
    one point past the end is: exit 2 for one deal, an error line (exit 1)
    in ``--format jsonl``; it used to be ``"positions": []`` and exit 0."""
    where = ("samples/multi-game.hrn", "--game", "2", "--deal", "2", "--trick", "12")
    for fmt in ("text", "json"):
        res = CliRunner().invoke(cli, ["solve", *where, "--all", "--format", fmt])
        assert res.exit_code == 2 and res.stdout == ""
        assert "no card 1 of trick 12" in res.stderr
    lines = hearts("solve", "samples/multi-game.hrn", "--trick", "12", "--all", "--format",
                   "jsonl", "--jobs", "1", ok=(1,)).splitlines()
    docs = [json.loads(x) for x in lines]
    assert [d.get("error_id") for d in docs if (d["game"], d["deal"]) == (2, 2)] == [
        "no_such_point"]
    assert all(d["positions"] for d in docs if "error_id" not in d)


HINT_CASES = [
    ("samples/canonical.hrn", ("--deal", "2", "--trick", "11")),
    ("samples/game.yaml", ("--deal", "2", "--trick", "11", "--card", "2")),   # moon: choose
    ("samples/three-players.hrn", ("--deal", "1", "--trick", "15")),
    ("samples/club-night.json", ("--deal", "2", "--trick", "11")),             # J♦ -10
    ("samples/observer.hrn", ("--trick", "12", "--card", "2")),                # hands unknown
]


@pytest.mark.parametrize("source, where", HINT_CASES, ids=lambda x: str(x))
def test_hint_json_follows_its_schema_and_only_its_sentences_are_translated(
        source: str, where: tuple[str, ...]) -> None:
    en, fr = both("hint", source, *where, "--format", "json")
    a, b = json.loads(en), json.loads(fr)
    assert_valid("hint", a)
    assert_valid("hint", b)
    assert a["comment"] != b["comment"]
    # comment and notes are sentences, in the language of --lang (as annotate's)
    sentences = frozenset({"comment", "notes"})
    assert without(a, sentences) == without(b, sentences)
    assert len(a["notes"]) == len(b["notes"])


def test_hint_json_of_a_pass_follows_its_schema(tmp_path: Path) -> None:
    """A record stopped before its passes: the advice is a pass (``cards``,
    ``"trick": null``)."""
    text = (SAMPLES / "canonical.hrn").read_text(encoding="utf-8").splitlines()
    stop = text.index("pass N: KH AH TH? {The three top hearts go left, and North still takes "
                      "every heart.}")
    record = tmp_path / "passes.hrn"
    record.write_text("\n".join(text[:stop]) + "\n", encoding="utf-8")
    en, fr = both("hint", str(record), "--format", "json", "--samples", "1")
    a, b = json.loads(en), json.loads(fr)
    assert_valid("hint", a)
    assert (a["kind"], a["trick"]) == ("pass", None)
    assert all(len(c["cards"]) == 3 for c in a["choices"])
    assert without(a, frozenset({"comment", "notes"})) == without(b, frozenset({"comment", "notes"}))


def test_annotate_json_follows_its_schema() -> None:
    """One small ``--fast`` analysis (a position in the sixth trick: the
    mover's pass and plays so far, one of them marked), in English with the pass, in French
    without it (``--no-passes``, the budget of docs/testing.md): the plays are
    judged alike, and only their ``comment`` follows ``--lang``."""
    pos = _position("samples/canonical.hrn", "--deal", "2", "--trick", "6")
    en = json.loads(hearts("annotate", pos, "--fast", "--format", "json", "--jobs", "1",
                           "--lang", "en"))
    fr = json.loads(hearts("annotate", pos, "--fast", "--format", "json", "--jobs", "1",
                           "--lang", "fr", "--no-passes"))
    assert_valid("annotate", en)
    assert_valid("annotate", fr)
    kinds = [d["kind"] for d in en["games"][0]["decisions"]]
    assert kinds[0] == "pass" and "play" in kinds
    plays = [d for d in en["games"][0]["decisions"] if d["kind"] == "play"]
    comment = frozenset({"comment"})
    assert without(plays, comment) == without(fr["games"][0]["decisions"], comment)
    said = [(a["comment"], b["comment"]) for a, b in zip(plays, fr["games"][0]["decisions"],
                                                          strict=True) if a["mark"]]
    assert said and all(a and b and a != b for a, b in said)


def test_match_results_are_the_same_in_both_languages(tmp_path: Path) -> None:
    """A match's results (schema: match.schema.json, tests/test_match.py) and its
    records are the same bytes in English and in French."""
    outs = []
    for lang in ("en", "fr"):
        records = tmp_path / f"{lang}.jsonl"
        text = hearts("match", "-p", "heuristic", "-p", "random", "--deals", "2", "--seed", "1",
                      "-o", str(records), "--format", "json", "--lang", lang)
        assert_valid("match", json.loads(text))
        for line in records.read_text(encoding="utf-8").splitlines():
            assert_valid("record", json.loads(line))
        outs.append((text, records.read_bytes()))
    assert outs[0] == outs[1]


# Records written by generate, select and convert ------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
def test_generated_and_selected_records_follow_the_record_schema(preset: str,
                                                                 gen_dir: Path) -> None:
    path = generated(preset, gen_dir)
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    assert len(lines) == 2
    for line in lines:
        assert_valid("record", json.loads(line), preset)
    picked = hearts("select", path, "--deals", "--to", "jsonl")
    for line in picked.splitlines():
        assert_valid("record", json.loads(line), preset)
    en, fr = both("convert", path, "--from", "jsonl", "--to", "json")
    assert en == fr
    for game in json.loads(en):
        assert_valid("record", game, preset)
    en, fr = both("convert", path, "--from", "jsonl", "--to", "yaml")
    assert en == fr
    games = list(yaml.safe_load_all(en))
    assert len(games) == 2 or (len(games) == 1 and isinstance(games[0], list))
    for game in (games[0] if len(games) == 1 else games):
        assert_valid("record", game, preset)


def test_select_counts_are_the_same_lines_in_every_language() -> None:
    """``select --count`` is one integer; ``--count --by-deal`` one line per
    distinct deal: its identity (32 hex digits), how many times, and where it
    was first found (``file:game:deal``), two spaces apart (docs/select.md)."""
    en, fr = both("select", "samples", "--count")
    assert en == fr and re.fullmatch(r"[0-9]+\n", en)
    en, fr = both("select", "samples", "samples/canonical.hrn", "--deals", "--count",
                  "--by-deal")
    assert en == fr
    lines = en.splitlines()
    assert lines and all(re.fullmatch(r"[0-9a-f]{32}  [1-9][0-9]*  .+:[0-9]+:[0-9]+", x)
                         for x in lines)
    assert any(x.split("  ")[1] == "2" for x in lines)     # canonical.hrn's deals, twice


# The schemas refuse malformed output -------------------------------------------------------


def _mutations(doc: dict[str, Any], path: tuple[Any, ...], *changes: Any) -> Iterator[Any]:
    """Copies of *doc*, each with one change at *path*: ``("drop", key)``,
    ``("set", key, value)``."""
    for change in changes:
        copy = json.loads(json.dumps(doc))
        target = copy
        for step in path:
            target = target[step]
        if change[0] == "drop":
            del target[change[1]]
        else:
            target[change[1]] = change[2]
        yield copy


def test_the_schemas_refuse_malformed_outputs() -> None:
    broken = json.loads(hearts("validate", "--format", "json", "--jobs", "1",
                               str(REFEREE / "revoke.hrn"), ok=(1,)))
    finding = ("games", 0, "findings", 0)
    bad = list(_mutations(broken, finding,
                          ("set", "code", "revoked"),           # not a code of the spec
                          ("set", "severity", "fatal"),
                          ("set", "card", "DP"),                # a French queen of spades
                          ("set", "card", "Q♠"),                # a symbol
                          ("set", "line", "14"),                # a number as a string
                          ("set", "message_translated", None),
                          ("set", "messageTranslated", "x"),    # a key spelled another way
                          ("drop", "seat")))                    # null, never missing
    bad += list(_mutations(broken, ("summary",), ("drop", "codes"), ("set", "errors", -1)))
    bad += list(_mutations(broken, ("games", 0, "deals", 0),
                           ("set", "points", {"N": "13"}), ("set", "sheet", False)))
    for doc in bad:
        assert not validator("validate").is_valid(doc)
    assert validator("validate").is_valid(broken)

    solved = json.loads(hearts("solve", "samples/canonical.hrn", "--deal", "3", "--trick", "12",
                               "--format", "json"))
    assert validator("solve").is_valid(solved)
    first = ("cards", 0)
    for doc in [*_mutations(solved, first, ("drop", "points"), ("set", "points", "13"),
                            ("drop", "tie_sensitive"), ("set", "value", 3)),
                *_mutations(solved, (), ("set", "card_values", []), ("set", "model", "greedy"),
                            ("set", "positions", []), ("drop", "cards"),
                            ("set", "error_id", "sheet"))]:
        assert not validator("solve").is_valid(doc), doc

    pos = json.loads(hearts("position", "samples/canonical.hrn", "--deal", "2", "--trick", "3",
                            "--format", "json"))
    for doc in _mutations(pos, (), ("set", "direction", "gauche"), ("set", "to_move", "Nord"),
                          ("set", "legal", ["DP"]), ("drop", "totals"), ("set", "deal", 0)):
        assert not validator("position").is_valid(doc), doc

    one = json.loads(hearts("rules", "standard", "--format", "json"))
    for doc in _mutations(one, (), ("set", "moon", "ajoute"), ("set", "players", 7),
                          ("set", "target", "100"), ("set", "colour", "red")):
        assert not validator("rules").is_valid(doc), doc

    stats = json.loads(hearts("stats", "--format", "json", "--jobs", "1", *BROKEN, ok=(0, 1)))
    for doc in _mutations(stats, ("findings",), ("set", "revoked", {"severity": "error",
                                                                     "count": 1})):
        assert not validator("stats").is_valid(doc)
    for doc in _mutations(stats, ("directions",), ("set", "gauche", stats["directions"]["left"])):
        assert not validator("stats").is_valid(doc)

    standings = json.loads(hearts("standings", "--format", "json", "--jobs", "1",
                                  "samples/club"))
    for doc in _mutations(standings, ("players", 0), ("set", "rank", 0),
                          ("set", "won", 1.5), ("drop", "seats")):
        assert not validator("standings").is_valid(doc)
