"""The repository stands on its own, and speaks to users in its own words.

* No file points outside the repository (the project was built from a contract kept
  in a sibling folder; a clone does not have it). The specification is docs/spec.md.
* What users read (the docs, the README, the samples, and every string of the
  package: messages, help, docstrings, package data) never cites the founding
  contract's sections (a section sign) or its rule sources by number (seed 000): it
  names docs/spec.md's sections or says the thing in plain words.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tests import package_source

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "hearts_notation"

#: Written in two pieces so that this file does not match itself.
OUTSIDE = re.compile("|".join([r"\.\./" + "shared", "/work/" + "shared", "shared/" + "(spec|seeds)/"]))
CITATION = re.compile(r"spec\s*" + "\u00a7" + r"|" + "\u00a7" + r"\s*\d|\bseeds?[\s_-]*0\d\d", re.IGNORECASE)

SKIP_DIRS = {".git", "build", "dist", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache",
             ".hypothesis", "node_modules", ".venv", "venv"}
TEXT_SUFFIXES = {".py", ".md", ".txt", ".toml", ".cfg", ".ini", ".yaml", ".yml", ".json", ".jsonl",
                 ".hrn", ".lark", ".js", ".css", ".html", ".sh", ""}


def _text_files(top: Path) -> list[Path]:
    out = []
    for path in sorted(top.rglob("*")):
        rel = path.relative_to(ROOT).parts
        if any(part in SKIP_DIRS or part.endswith(".egg-info") for part in rel):
            continue
        if path.is_file() and path.suffix in TEXT_SUFFIXES and path.stat().st_size < 5_000_000:
            out.append(path)
    return out


def _read(path: Path) -> str:
    return path.read_bytes().decode("utf-8", errors="replace")


def test_no_file_points_outside_the_repository() -> None:
    files = _text_files(ROOT)
    assert any(p.name == "README.md" for p in files) and any(p.suffix == ".py" for p in files)
    offenders = [f"{p.relative_to(ROOT)}:{n}" for p in files
                 for n, line in enumerate(_read(p).splitlines(), 1) if OUTSIDE.search(line)]
    assert offenders == []


def _user_docs() -> list[Path]:
    docs = [*sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md"]
    return docs + _text_files(ROOT / "samples")


@pytest.mark.parametrize("path", _user_docs(), ids=lambda p: str(p.relative_to(ROOT)))
def test_user_docs_cite_no_contract_section_or_seed(path: Path) -> None:
    bad = [f"{n}: {line.strip()}" for n, line in enumerate(_read(path).splitlines(), 1)
           if CITATION.search(line)]
    assert bad == []


def _package_strings(path: Path) -> list[tuple[int, str]]:
    """Every string constant of a module (docstrings, messages, help, f-string parts)."""
    tree = package_source.tree(path)
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)]


def test_package_strings_cite_no_contract_section_or_seed() -> None:
    modules = sorted(PACKAGE.rglob("*.py"))
    assert len(modules) > 20
    bad = [f"{p.relative_to(ROOT)}:{line}: {text[:80]!r}" for p in modules
           for line, text in _package_strings(p) if CITATION.search(text)]
    assert bad == []


def test_package_data_and_grammar_cite_no_contract_section_or_seed() -> None:
    data = [p for p in _text_files(PACKAGE) if p.suffix != ".py"] + sorted((ROOT / "grammar").glob("*"))
    assert any(p.suffix == ".yaml" for p in data) and any(p.suffix == ".lark" for p in data)
    bad = [f"{p.relative_to(ROOT)}:{n}" for p in data
           for n, line in enumerate(_read(p).splitlines(), 1) if CITATION.search(line)]
    assert bad == []


def test_the_checks_would_catch_a_citation() -> None:
    assert CITATION.search("the report of spec " + "\u00a7" + "6")
    assert CITATION.search("as seed " + "004 says")
    assert CITATION.search("samples/seed-" + "000-example.hrn")
    assert not CITATION.search("docs/spec.md, section 6; --seed 1961")
    assert OUTSIDE.search("see ../" + "sha" + "red/spec/notation.md")
