"""A record keeps its language through JSON, JSONL and YAML: a French HRN sheet
converted to a tree format says ``"language": "fr"`` (first key), reads back as a
French game (HRN written with French keywords), and the run's messages about such a
file are French as they are about the HRN sheet (docs/spec.md, section 3)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.app import cli
from hearts_notation.i18n import LANGUAGES
from hearts_notation.language import paths_language, record_language

SHEET = Path(__file__).parent / "data" / "fr_club" / "etoile-propre.hrn"
SCHEMA = Path(__file__).parent.parent / "hearts_notation" / "schema" / "record.schema.json"


def _run(*args: str) -> tuple[int, str, str]:
    """Exit status, standard output, and everything printed (the report and
    the summary go to standard output, errors of the command line to stderr)."""
    r = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return r.exit_code, r.stdout, r.stdout + r.stderr


@pytest.mark.parametrize("ext", ["json", "jsonl", "yaml"])
def test_french_sheet_round_trips_through_tree_formats(tmp_path: Path, ext: str) -> None:
    out = tmp_path / f"p.{ext}"
    code, _, err = _run("convert", str(SHEET), "-o", str(out))
    assert code == 0, err
    assert paths_language([str(out)]) == "fr"
    back = tmp_path / "back.hrn"
    code, _, err = _run("convert", str(out), "-o", str(back))
    assert code == 0, err
    text = back.read_text(encoding="utf-8")
    assert text.startswith('[Événement "')
    assert "donne " in text and "[Règles " in text
    code, _, err = _run("validate", str(out))
    assert code == 0, err
    assert "parties valides" in err


def test_language_is_the_first_key_and_english_is_not_written(tmp_path: Path) -> None:
    out = tmp_path / "p.json"
    assert _run("convert", str(SHEET), "-o", str(out))[0] == 0
    games = json.loads(out.read_text(encoding="utf-8"))
    assert all(next(iter(g)) == "language" and g["language"] == "fr" for g in games)
    english = tmp_path / "e.json"
    assert _run("convert", str(out), "--to", "hrn", "--lang", "en", "-o",
                str(tmp_path / "e.hrn"))[0] == 0
    assert _run("convert", str(tmp_path / "e.hrn"), "-o", str(english))[0] == 0
    assert all("language" not in g for g in json.loads(english.read_text(encoding="utf-8")))


def test_an_unknown_language_is_a_located_error(tmp_path: Path) -> None:
    out = tmp_path / "p.json"
    assert _run("convert", str(SHEET), "-o", str(out))[0] == 0
    games = json.loads(out.read_text(encoding="utf-8"))
    games[0]["language"] = "de"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(games, indent=2), encoding="utf-8")
    code, _, err = _run("validate", "--lang", "en", str(bad))
    assert code == 1
    assert f"{bad}:3:17: error: game 1: language: expected the code of a language" in err
    assert "found 'de'" in err


def test_the_schema_lists_the_catalogs_languages() -> None:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    assert tuple(schema["properties"]["language"]["enum"]) == (*LANGUAGES, None)  # null: absent


@pytest.mark.parametrize(("head", "lang"), [
    ('[\n  {\n    "language": "fr",\n', "fr"),
    ('{"language":"fr","tags":{}}\n', "fr"),
    ('language: fr\ntags: {}\n', "fr"),
    ('---\n- language: "fr"\n', "fr"),
    ('{"language": "en"}', None),
    ('{"language": "xx"}', None),
    ('{"tags": {}, "language": "fr"}', None),     # not first: not looked for
    ('', None),
])
def test_record_language_sniff(head: str, lang: str | None) -> None:
    assert record_language(head) == lang
