"""Broken YAML records are answered in the run's language at their
``file:line:column`` (issue 22): the catalogs' words for the parser's
problem (``i18n.yaml_problem``, one table with the rules files), else the
catalogs' name for its kind (``io.yamlload.yaml_kind``), never the parser's
English; a character YAML does not allow (a reader error, which has no mark)
at its place, from the reader's position (characters for PyYAML, UTF-8 bytes
for libyaml), in a whole text or in a stream of chunks.  A value its explicit
tag cannot hold (``!!bool x``, ``!!timestamp x``) is a bad value, not an
internal error (exit 3), in records, rules files and aliases files.

Also the JSONL reader of the model (``position``, ``hint``, ``diagram``,
``solve``, ``convert``...): a record cut at its line's end is placed at the
end of that line, as ``validate`` places it, not at column 1.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from hearts_notation import rules as rules_module
from hearts_notation.cli import cli
from hearts_notation.io.yamlload import PlacedChunks, text_placer, yaml_error
from hearts_notation.rules import RuleError, load_rules

SAMPLE = Path(__file__).resolve().parent.parent / "samples" / "canonical.hrn"
COMMANDS = ("validate", "position", "hint", "diagram", "solve")


def _run(*args: str) -> Any:
    return CliRunner().invoke(cli, list(args))


@pytest.mark.parametrize(("text", "at", "en", "fr"), [
    ("deals: &\n", "1:9",
     "expected a name of letters or digits (of an anchor, an alias, a tag or a directive)",
     "on attendait un nom fait de lettres ou de chiffres (d'une ancre, d'un alias, "
     "d'une étiquette ou d'une directive)"),
    ("deals: []\n%FOO bar\n---\ndeals: []\n", "2:5",
     "a directive YAML does not know (only %YAML and %TAG are)",
     "une directive que YAML ne connaît pas (seules %YAML et %TAG existent)"),
    ("%YAML 1.1\n%YAML 1.1\n---\ndeals: []\n", "2:1", "a directive given twice",
     "une directive donnée deux fois"),
    # a character YAML does not allow, after non-ASCII text: libyaml counts bytes
    ('tags: {Event: "été"}\ndeals: [\x07]\n', "2:9", "control characters are not allowed",
     "caractères de contrôle interdits"),
    # words the table does not know (a constructor's): the kind of fault
    ("deals: !!str [1]\n", "1:8", "a value that YAML cannot build here",
     "une valeur que YAML ne peut pas construire ici"),
])
@pytest.mark.parametrize("command", COMMANDS)
def test_broken_yaml_records_in_the_catalogs_words(tmp_path: Path, command: str, text: str,
                                                   at: str, en: str, fr: str) -> None:
    path = tmp_path / "r.yaml"
    path.write_text(text, encoding="utf-8")
    for lang, words in (("en", f"not valid YAML: {en}"), ("fr", f"YAML non valide : {fr}")):
        r = _run(command, "--lang", lang, str(path))
        assert r.exit_code == (1 if command == "validate" else 2), r.output
        assert f"{path}:{at}:" in r.output and words in r.output, r.output
        assert "Traceback" not in r.output and "did not find" not in r.output
        assert "found" not in r.output and "unacceptable" not in r.output


def test_a_problem_the_catalogs_do_not_know_names_its_kind() -> None:
    exc = yaml.scanner.ScannerError("while scanning something", None,
                                    "a problem of a PyYAML to come", None)
    said = yaml_error(exc)
    assert said.msg.text("en") == "not valid YAML: text that YAML cannot read as a token here"
    assert said.msg.text("fr") == ("YAML non valide : un texte que YAML ne peut pas lire comme "
                                   "un élément à cet endroit")


def test_a_character_yaml_does_not_allow_in_a_stream_of_chunks() -> None:
    text = "tags: {Event: \"été\"}\ndeals:\n  - number: 1\n    comment: \"x\x07\"\n"
    bell = text.index("\x07")
    want = (4, len("    comment: \"x") + 1)
    assert text_placer(text)(bell, False) == want
    assert text_placer(text)(len(text[:bell].encode()), True) == want
    for size in (1, 3, 7, 4096):
        for read in (1, 5, 64):
            reader = PlacedChunks(text[i:i + size] for i in range(0, len(text), size))
            handed = ""
            while len(handed) <= bell:           # as a parser reads: up to the bad character
                handed += reader.read(read)
            assert reader.place(bell, False) == want
            assert reader.place(len(text[:bell].encode()), True) == want
    r = CliRunner().invoke(cli, ["validate", "--from", "yaml", "-"], input=text)
    assert "-:4:16: error: not valid YAML: control characters are not allowed" in r.output


LOADERS = [yaml.SafeLoader] + ([yaml.CSafeLoader] if hasattr(yaml, "CSafeLoader") else [])


@pytest.mark.parametrize("loader", LOADERS, ids=lambda c: c.__name__)
def test_a_rules_file_character_after_non_ascii(tmp_path: Path, loader: Any,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    # PyYAML counts characters, libyaml UTF-8 bytes: the same place either way
    monkeypatch.setattr(rules_module, "_yaml_loader", lambda: loader)
    path = tmp_path / "r.yaml"
    path.write_text("# règles à l'été\ntarget: 5\x07\n", encoding="utf-8")
    with pytest.raises(RuleError) as caught:
        load_rules(str(path))
    assert caught.value.text("fr").startswith(f"fichier de règles {path}:2:10 : YAML non valide")


@pytest.mark.parametrize("value", ["!!bool x", "!!timestamp x", "!!int abc"])
def test_a_value_its_tag_cannot_hold_is_no_internal_error(tmp_path: Path, value: str) -> None:
    record = tmp_path / "r.yaml"
    record.write_text(f"deals: {value}\n", encoding="utf-8")
    r = _run("validate", str(record))
    assert r.exit_code == 1 and "a value its YAML type cannot hold" in r.output, r.output
    rules = tmp_path / "rules.yaml"
    rules.write_text(f"target: {value}\n", encoding="utf-8")
    r = _run("validate", "--rules", str(rules), str(SAMPLE))
    assert r.exit_code == 2 and "a value its YAML type cannot hold" in r.output, r.output
    aliases = tmp_path / "aliases.yaml"
    aliases.write_text(f"a: {value}\n", encoding="utf-8")
    r = _run("standings", "--aliases", str(aliases), str(SAMPLE))
    assert r.exit_code == 2 and "a value its YAML type cannot hold" in r.output, r.output


@pytest.mark.parametrize("command", COMMANDS)
def test_a_jsonl_record_cut_at_its_line_end(tmp_path: Path, command: str) -> None:
    path = tmp_path / "cut.jsonl"
    path.write_text('{"deals": []}\n{"deals": [\n', encoding="utf-8")
    for lang, words in (("en", "not valid JSON: Expecting value"),
                        ("fr", "JSON non valide : on attendait une valeur")):
        r = _run(command, "--lang", lang, str(path))
        assert r.exit_code == (1 if command == "validate" else 2), r.output
        assert f"{path}:2:12:" in r.output and words in r.output, r.output
