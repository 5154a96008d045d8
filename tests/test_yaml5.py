"""YAML records as people type them (docs/spec.md 3.3): a tab used as
indentation, and YAML 1.1's bare words (``off``, ``yes``, ``no``, ``~``)
read as booleans or null where a name was meant, are told in words a
person can act on, at the value's line and column, in English and French."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli
from hearts_notation.i18n import render
from hearts_notation.io.jsonio import iter_yaml
from hearts_notation.io.stream import RecordError
from hearts_notation.players import load_aliases
from hearts_notation.rules import RuleError, load_rules


def _first_error(text: str, chunks: bool = False) -> tuple[int | None, int | None, str, str]:
    """(line, column, English, French) of the first syntax error of *text*
    (read whole, or in 7-character chunks as from a stream)."""
    source: str | Iterable[str] = (
        [text[i:i + 7] for i in range(0, len(text), 7)] if chunks else text)
    try:
        for game in iter_yaml(source, "t.yaml"):
            for f in game.errors:
                if f.code == "syntax-error":
                    return (f.line, f.column, render("en", f.key, f.args),
                            render("fr", f.key, f.args))
    except RecordError as exc:
        return exc.line, exc.column, exc.msg.text("en"), exc.msg.text("fr")
    raise AssertionError("no syntax error")


@pytest.mark.parametrize("chunks", [False, True])
@pytest.mark.parametrize(("text", "line", "column"), [
    ("deals:\n\t- dealer: S\n", 2, 1),                    # libyaml: "cannot start any token"
    ("deals:\n- dealer: S\n\tpass: left\n", 3, 1),        # libyaml: "a tab character"
    ("players:\n\tN: Bob\ndeals: []\n", 2, 1),
    ("tags: {Event: x}\ndeals:\n  - pass: left\n  -\tdealer: S\n", 4, 4),
])
def test_tab_indentation_is_told(text: str, line: int, column: int, chunks: bool) -> None:
    at_line, at_column, en, fr = _first_error(text, chunks)
    assert (at_line, at_column) == (line, column)
    assert "YAML indents with spaces, not tabs" in en
    assert "YAML indente avec des espaces, pas des tabulations" in fr


def test_other_bad_character_is_not_called_a_tab() -> None:
    _line, _column, en, _fr = _first_error("deals:\n- dealer: `S\n")
    assert "tab" not in en


def test_tab_in_a_rules_file_is_told(tmp_path: Path) -> None:
    rules = tmp_path / "r.yaml"
    rules.write_text("target: 50\n\tmoon: add\n", encoding="utf-8")
    with pytest.raises(RuleError) as info:
        load_rules(str(rules))
    assert f"{rules}:2:1" in str(info.value)
    assert "YAML indents with spaces, not tabs" in str(info.value)


@pytest.mark.parametrize(("text", "where", "word", "read_en", "read_fr"), [
    ("deals:\n- pass: off\n", (2, 9), "off", "a boolean", "un booléen"),
    ("deals:\n- dealer: no\n", (2, 11), "no", "a boolean", "un booléen"),
    ("seats: [N, NO, E]\ndeals: []\n", (1, 12), "NO", "a boolean", "un booléen"),
    ("deals:\n- tricks:\n  - plays:\n    - {seat: ON, card: 2C}\n", (4, 14), "ON",
     "a boolean", "un booléen"),
    ("players: {N: null}\ndeals: []\n", (1, 14), "null", "null", "null"),
    # a seat's name as a key, read as a boolean: placed at the key
    ("deals:\n- hands:\n    NO: [2S]\n", (3, 5), "NO", "a boolean", "un booléen"),
    ("players: {ON: Bob}\ndeals: []\n", (1, 11), "ON", "a boolean", "un booléen"),
    # a moon's choice is placed at the choice
    ("deals:\n- moon: {seat: N, choice: off}\n", (2, 27), "off", "a boolean", "un booléen"),
    ("rules: yes\ndeals: []\n", (1, 8), "yes", "a boolean", "un booléen"),
])
def test_bare_word_read_as_another_type_is_told(
        text: str, where: tuple[int, int], word: str, read_en: str, read_fr: str) -> None:
    line, column, en, fr = _first_error(text)
    assert (line, column) == where
    assert f'(YAML reads {word}, unquoted, as {read_en}: to mean the word, ' \
           f'write it in quotes, "{word}")' in en
    assert f'(YAML lit {word}, sans guillemets, comme {read_fr} : pour dire le mot, ' \
           f'écrivez-le entre guillemets, "{word}")' in fr


def test_quoted_or_tilde_is_not_called_a_bare_word() -> None:
    for text in ('deals:\n- pass: "off"\n', "players: {N: ~}\ndeals: []\n"):
        _line, _column, en, _fr = _first_error(text)
        assert "unquoted" not in en


def test_names_and_tag_values_are_taken_as_written() -> None:
    text = ("tags: {Event: yes, Round: 1, Date: 2025-11-16}\n"
            "players: {N: Yes, E: Norway, S: 1e3, W: off}\n"
            "deals:\n- pass: left\n")
    (game,) = iter_yaml(text, "t.yaml")
    assert not game.errors
    assert game.players == {"N": "Yes", "E": "Norway", "S": "1e3", "W": "off"}
    assert dict(game.tags)["Event"] == "yes" and dict(game.tags)["Round"] == "1"
    assert dict(game.tags)["Date"] == "2025-11-16"


@pytest.mark.parametrize("text", [
    "deals:\n- hands:\n    N: [2S, 10]\n",          # a number is no card, quoted or not
    "deals:\n- passes: {N: [2S, 3S, 4S], E: 3}\n",
    "deals:\n- dealer: 2025-01-01\n",                 # the date's own words say to quote it
])
def test_numbers_and_dates_get_no_quoting_hint(text: str) -> None:
    _line, _column, en, fr = _first_error(text)
    assert "unquoted" not in en and "sans guillemets," not in fr


def test_a_yaml_set_is_named() -> None:
    _line, _column, en, fr = _first_error("--- !!set {a}\n")
    assert "expected an object, found a YAML set (!!set)" in en
    assert "un ensemble YAML (!!set)" in fr


@pytest.mark.parametrize(("name", "args"), [
    ("r.json", []), ("r.jsonl", []), ("-", ["--from", "json"]), ("s.json", ["--from", "openspiel"]),
])
def test_yaml_in_a_json_file_says_to_read_it_as_yaml(
        tmp_path: Path, name: str, args: list[str]) -> None:
    text = "deals:\n- pass: left\n"
    if name == "-":
        result = CliRunner().invoke(cli, ["validate", *args, "-", "--lang", "fr"], input=text)
    else:
        (tmp_path / name).write_text(text, encoding="utf-8")
        result = CliRunner().invoke(cli, ["validate", *args, str(tmp_path / name), "--lang", "fr"])
    assert ":1:1: erreur: JSON non valide : on attendait une valeur (cette entrée ressemble à " \
           "du yaml, pas à du JSON : lisez-la avec --from yaml)" in result.output
    assert result.exit_code == 1       # validate: a syntax-error finding
    assert "Traceback" not in result.output


def test_broken_json_past_its_start_gets_no_format_hint(tmp_path: Path) -> None:
    (tmp_path / "r.json").write_text('{"deals": [}\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", str(tmp_path / "r.json")])
    assert ":1:12: error: not valid JSON" in result.output and "looks like" not in result.output


def test_aliases_file_takes_bare_words_as_names(tmp_path: Path) -> None:
    aliases = tmp_path / "a.yaml"
    aliases.write_text('Yes: [yes, Y]\n"007": [7]\nBob: [On, 1.50]\n', encoding="utf-8")
    assert load_aliases(str(aliases)) == {
        "Yes": "Yes", "yes": "Yes", "Y": "Yes", "007": "007", "7": "007",
        "Bob": "Bob", "On": "Bob", "1.50": "Bob"}
