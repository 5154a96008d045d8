"""YAML records as people type them (docs/spec.md 3.3): a tab used as
indentation, and YAML 1.1's bare words (``off``, ``yes``, ``no``, ``~``)
read as booleans or null where a name was meant, are told in words a
person can act on, at the value's line and column, in English and French."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import pytest

from hearts_notation.i18n import render
from hearts_notation.io.jsonio import iter_yaml
from hearts_notation.io.stream import RecordError
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
