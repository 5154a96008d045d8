"""The VS Code extension folder (editors/vscode): its JSON files parse, the
TextMate grammar's patterns compile and agree with the notation's words,
the snippets expand into records the reader reads, and -- where node and
the extension's packages are installed (``npm install`` in the folder) --
the grammar tokenizes every sample through vscode-textmate and Oniguruma
(the engine VS Code uses) and the extension packs into a ``.vsix``."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import zipfile
from pathlib import Path
from typing import Any

import pytest

from hearts_notation.editor.lexer import HrnLexer
from hearts_notation.io import iter_games_text
from hearts_notation.io.hrn.words import DIRECTIONS, KEYWORDS_FR, MOON_CHOICES

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "editors" / "vscode"
GRAMMAR = json.loads((FOLDER / "syntaxes" / "hrn.tmLanguage.json").read_text("utf-8"))
CONFIG = json.loads((FOLDER / "language-configuration.json").read_text("utf-8"))
PACKAGE = json.loads((FOLDER / "package.json").read_text("utf-8"))
SNIPPETS = json.loads((FOLDER / "snippets" / "hrn.json").read_text("utf-8"))


def _patterns(node: Any) -> list[dict[str, Any]]:
    """Every rule of the grammar (nested patterns, captures, repository)."""
    out: list[dict[str, Any]] = []
    if isinstance(node, dict):
        if any(k in node for k in ("match", "begin", "end")):
            out.append(node)
        for value in node.values():
            out.extend(_patterns(value))
    elif isinstance(node, list):
        for value in node:
            out.extend(_patterns(value))
    return out


def _named(scope: str) -> list[str]:
    return [p["match"] for p in _patterns(GRAMMAR) if p.get("name") == scope and "match" in p]


def test_the_package_declares_the_language_grammar_and_snippets() -> None:
    contributes = PACKAGE["contributes"]
    (language,) = contributes["languages"]
    assert language["id"] == "hrn" and language["extensions"] == [".hrn"]
    (grammar,) = contributes["grammars"]
    assert grammar["scopeName"] == GRAMMAR["scopeName"] == "source.hrn"
    assert (FOLDER / grammar["path"]).exists() and (FOLDER / language["configuration"]).exists()
    assert (FOLDER / contributes["snippets"][0]["path"]).exists()
    assert (FOLDER / PACKAGE["main"]).exists()


def test_every_pattern_compiles() -> None:
    rules = _patterns(GRAMMAR)
    assert len(rules) > 15
    for rule in rules:
        for key in ("match", "begin", "end"):
            if key in rule:
                re.compile(rule[key])         # Oniguruma's syntax, in the part Python shares


def test_the_grammar_knows_every_word_of_the_notation() -> None:
    (keywords,) = _named("keyword.control.hrn")
    (constants,) = _named("constant.language.hrn")
    for word in {*KEYWORDS_FR, *KEYWORDS_FR.values(), "total"}:
        assert re.fullmatch(keywords, word) and re.fullmatch(keywords, word.upper()), word
    for word in {*DIRECTIONS, *MOON_CHOICES}:
        assert re.fullmatch(constants, word), word
    assert not re.fullmatch(keywords, "dealt")


def test_a_seat_or_a_keyword_is_a_whole_word() -> None:
    """As the reader and the Pygments lexer read them: no seat letter in a
    player's name with an accent (``Nörd``, ``Émile``), no ``pass`` in ``passé``
    (Oniguruma's ``\\w``, as Python's, is any script's letter)."""
    (seats,) = _named("variable.other.seat.hrn")
    (keywords,) = _named("keyword.control.hrn")
    assert re.findall(seats, "Nörd Émile Zoë Łukasz nörd") == []
    assert re.findall(seats, "Nadia N P3") == ["Nadia", "N", "P3"]
    assert re.search(keywords, "passé Édeal") is None
    assert re.findall(keywords, "pass deal") == ["pass", "deal"]


def test_the_language_configuration() -> None:
    assert CONFIG["comments"] == {"lineComment": ";", "blockComment": ["{", "}"]}
    assert ["{", "}"] in CONFIG["brackets"] and ["[", "]"] in CONFIG["brackets"]
    word = re.compile(CONFIG["wordPattern"])
    for token in ("10♠", "D♠!?", "QS", "qs", "13.", "-10", "Événement", "P3", "donne"):
        assert word.fullmatch(token), token


def _expand(body: list[str]) -> str:
    """A snippet with each placeholder at its default (the first choice)."""
    text = "\n".join(body)
    text = re.sub(r"\$\{\d+\|([^,|]*)[^}]*\}", r"\1", text)
    text = re.sub(r"\$\{\d+:(\$[A-Z_]+\.?)+[^}]*\}", "2026.01.01", text)
    text = re.sub(r"\$\{\d+:([^}]*)\}", r"\1", text)
    return re.sub(r"\$\{?\d+\}?", "", text)


def test_the_snippets_expand_into_a_record_the_reader_reads() -> None:
    prefixes = {p for s in SNIPPETS.values() for p in s["prefix"]}
    assert {"deal", "pass", "trick", "donne", "passe", "pli"} <= prefixes
    record = "".join(_expand(SNIPPETS[k]["body"]) for k in ("Game", "Deal", "Pass", "Trick", "Score"))
    assert [v for k, v in HrnLexer().get_tokens(record) if "Error" in str(k)] == []
    (game,) = iter_games_text(record, "hrn", "snippets.hrn")
    assert game.errors == ()
    (deal,) = game.deals
    assert deal.dealer == "W" and [str(p.card) for p in deal.tricks[0].plays] == ["2C", "3C", "4C", "5C"]


NODE = shutil.which("node")
MODULES = FOLDER / "node_modules"


@pytest.mark.skipif(NODE is None or not (MODULES / "vscode-textmate").exists(),
                    reason="node and `npm install` in editors/vscode are needed")
def test_vscode_textmate_tokenizes_every_sample_without_an_invalid_scope() -> None:
    done = subprocess.run([str(NODE), str(FOLDER / "test" / "grammar.test.js")], capture_output=True,
                          text=True, encoding="utf-8", timeout=120, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert json.loads(done.stdout)["problems"] == []


@pytest.mark.skipif(NODE is None or not (MODULES / ".bin" / "vsce").exists(),
                    reason="node and `npm install` in editors/vscode are needed")
def test_the_extension_packs_into_a_vsix(tmp_path: Path) -> None:
    out = tmp_path / "hrn.vsix"
    subprocess.run([str(MODULES / ".bin" / "vsce"), "package", "--allow-missing-repository",
                    "--out", str(out)], cwd=FOLDER,
                   capture_output=True, text=True, timeout=300, check=True)
    names = zipfile.ZipFile(out).namelist()
    for part in ("extension/package.json", "extension/syntaxes/hrn.tmLanguage.json",
                 "extension/language-configuration.json", "extension/snippets/hrn.json",
                 "extension/extension.js", "extension/node_modules/vscode-languageclient/package.json"):
        assert part in names
    assert not any(n.startswith("extension/test/") for n in names)
