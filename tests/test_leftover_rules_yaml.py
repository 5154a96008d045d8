"""A rules file (``--rules FILE``) that is not YAML is answered in the run's
language: the catalog's words for the parser's problem (the table YAML
records use, ``i18n.yaml_problem``) at the parser's ``file:line:column``
(its problem mark; for a character YAML does not allow, the reader's
position).  A problem the catalog does not know is left out rather than
quoted in PyYAML's English.  Both parsers: libyaml's when PyYAML has it,
PyYAML's own otherwise."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from hearts_notation import rules as rules_module
from hearts_notation.app import cli
from hearts_notation.rules import RuleError, load_rules

SAMPLE = Path(__file__).resolve().parent.parent / "samples" / "canonical.hrn"

LOADERS = [yaml.SafeLoader] + ([yaml.CSafeLoader] if hasattr(yaml, "CSafeLoader") else [])


@pytest.fixture(params=LOADERS, ids=lambda c: c.__name__)
def loader(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setattr(rules_module, "_yaml_loader", lambda: request.param)
    return request.param


@pytest.mark.parametrize(("text", "at", "en", "fr"), [
    ("base: standard\ntarget: 50: 3\n", "2:11", "mapping values are not allowed here",
     "une valeur de dictionnaire n'est pas permise ici"),
    ("pass_cycle: [left, right\n", "2:1", "did not find expected ',' or ']'",
     "on attendait ',' ou ']'"),
    ("target: 5\x07\n", "1:10", "control characters are not allowed",
     "caractères de contrôle interdits"),
    ("a: &x 1\nb: &x 2\n", "2:4", "found duplicate anchor", "ancre définie deux fois"),
])
def test_a_yaml_error_in_the_catalogs_words(tmp_path: Path, loader: Any, text: str, at: str,
                                            en: str, fr: str) -> None:
    path = tmp_path / "r.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RuleError) as caught:
        load_rules(str(path))
    assert caught.value.text("en") == f"rules file {path}:{at}: not valid YAML: {en}"
    assert caught.value.text("fr") == f"fichier de règles {path}:{at} : YAML non valide : {fr}"


def test_a_problem_the_catalog_does_not_know_is_left_out(tmp_path: Path, loader: Any) -> None:
    path = tmp_path / "r.yaml"
    # (an anchor without a name was the example until the table learnt its words)
    path.write_text("target: !!str [1]\n", encoding="utf-8")     # the constructor's words
    with pytest.raises(RuleError) as caught:
        load_rules(str(path))
    assert caught.value.text("en") == f"rules file {path}:1:9: not valid YAML"
    assert caught.value.text("fr") == f"fichier de règles {path}:1:9 : YAML non valide"


def test_on_the_command_line_in_french(tmp_path: Path) -> None:
    path = tmp_path / "r.yaml"
    path.write_text("base: standard\ntarget: 50: 3\n", encoding="utf-8")
    r = CliRunner().invoke(cli, ["validate", "--lang", "fr", "--rules", str(path), str(SAMPLE)])
    assert r.exit_code == 2
    assert (f"fichier de règles {path}:2:11 : YAML non valide : une valeur de dictionnaire "
            "n'est pas permise ici") in r.output
    assert "mapping values" not in r.output and "Traceback" not in r.output


@pytest.mark.parametrize(("text", "at", "said"), [
    ("base: standard\ntarget: abc\n", ":2:9:", "target=abc is not a whole number"),
    ("base: standrd\n", ":1:7:", "did you mean 'standard'?"),
    ("base: standard\nfoo: 1\n", ":2:6:", "unknown rule option 'foo'"),
])
def test_a_value_the_rules_refuse_is_told_where_the_file_writes_it(tmp_path: Path, text: str,
                                                                   at: str, said: str) -> None:
    """A well-formed file whose value the rules refuse (hostile9 found
    ``target: abc`` told without a place): the key's value, at its line and
    column, with the rules' own reason."""
    path = tmp_path / "club.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RuleError) as info:
        load_rules(str(path))
    told = info.value.text("en")
    assert told.startswith(f"rules file {path}{at} ") and said in told, told
