"""Deeply nested YAML: a rules file and a YAML record are refused at their place, quickly.

A rules file (``--rules FILE.yaml``, or a ``Rules`` tag naming one) was
read with PyYAML's pure-Python scanner, whose time is quadratic in the
nesting (every token looks at every open bracket): a 16 KB line of ``[``
cost 3 s before the composer gave up.  The rules loader now parses with
libyaml when it can and stops at the first value nested more than
``_RULES_DEPTH`` levels, with the file, line and column, exit status 2, in
English and in French.  The records' loader (``io/yamlload.py``) bounds
its composer at ``HARD_DEPTH`` over libyaml's parser: checked here too.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli
from hearts_notation.rules import RuleError, load_rules

SAMPLE = Path(__file__).parent / "data" / "referee" / "valid.hrn"

#: Hostile shapes: one line of brackets, one bracket a line, nested flow
#: mappings, a block sequence of sequences.  (60,000 levels: within the
#: 64 KB a rules file may have.)
DEEP = {
    "flow": "target: " + "[" * 60_000 + "\n",
    "lines": "target:\n" + " [\n" * 20_000,
    "mappings": "target: " + "{a: " * 15_000 + "\n",
    "block": "target:\n" + "- " * 30_000 + "x\n",
}


def _validate(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["validate", *args])
    return result.exit_code, result.output


@pytest.mark.parametrize("shape", sorted(DEEP))
def test_deep_rules_file_is_refused_at_its_place_quickly(tmp_path: Path, shape: str) -> None:
    rules = tmp_path / "deep.yaml"
    rules.write_text(DEEP[shape], encoding="utf-8")
    start = time.thread_time()
    with pytest.raises(RuleError) as caught:
        load_rules(str(rules))
    assert time.thread_time() - start < 0.5
    text = caught.value.text("en")
    assert text.startswith(f"rules file {rules}:"), text
    line, column = text.split(":")[1:3]
    assert line.isdigit() and column.isdigit()
    assert "values nested more than 8 levels deep" in text
    assert "valeurs imbriquées sur plus de 8 niveaux" in caught.value.text("fr")


def test_deep_rules_file_on_the_command_line(tmp_path: Path) -> None:
    rules = tmp_path / "deep.yaml"
    rules.write_text(DEEP["flow"], encoding="utf-8")
    code, out = _validate("--rules", str(rules), str(SAMPLE))
    assert code == 2
    assert f"rules file {rules}:1:16: values nested more than 8 levels deep" in out
    assert "Traceback" not in out
    code, out = _validate("--lang", "fr", "--rules", str(rules), str(SAMPLE))
    assert code == 2
    assert f"fichier de règles {rules}:1:16 : valeurs imbriquées sur plus de 8 niveaux" in out


@pytest.mark.parametrize(("text", "en", "fr"), [
    ("target: [1, {a: b}]\n", ":1:9: target: expected a value or a short list of values",
     ":1:9 : target : on attendait une valeur ou une courte liste de valeurs"),
    ("target: 5\n  x: : [\n", ":2:4: not valid YAML: ", ":2:4 : YAML non valide : "),
    ("target: 1234567890123456789012\n", ":1:9: target: 12345678901234567890... is not a sensible",
     ":1:9 : target : 12345678901234567890... n'est pas un nombre raisonnable"),
])
def test_other_rules_file_errors_are_located_in_both_languages(tmp_path: Path, text: str, en: str,
                                                                fr: str) -> None:
    rules = tmp_path / "r.yaml"
    rules.write_text(text, encoding="utf-8")
    with pytest.raises(RuleError) as caught:
        load_rules(str(rules))
    assert caught.value.text("en").startswith(f"rules file {rules}{en}")
    assert caught.value.text("fr").startswith(f"fichier de règles {rules}{fr}")


def test_shallow_rules_file_still_reads(tmp_path: Path) -> None:
    rules = tmp_path / "club.yaml"
    rules.write_text("base: standard\ntarget: 50\npass_cycle: [left, right, hold]\n",
                     encoding="utf-8")
    loaded = load_rules(str(rules))
    assert loaded.target == 50 and loaded.pass_cycle == ("left", "right", "hold")


@pytest.mark.parametrize("shape", ["flow", "lines", "mappings"])
def test_deep_yaml_record_is_a_located_finding_quickly(tmp_path: Path, shape: str) -> None:
    record = tmp_path / "deep.yaml"
    record.write_text(DEEP[shape].replace("target", "deals") * 4, encoding="utf-8")
    start = time.thread_time()
    code, out = _validate("--jobs", "1", str(record))
    assert time.thread_time() - start < 1.0
    assert code == 1, out
    assert f"{record}:" in out and "[syntax-error]" in out
    assert "Traceback" not in out
