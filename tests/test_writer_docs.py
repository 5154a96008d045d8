"""docs/notation.md shows real behaviour: its --help blocks are the
commands' help, and its excerpts are taken from the shipped samples."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```[a-z]*\n(.*?)```", DOC, re.S)


@pytest.mark.parametrize("command", ["convert", "fmt"])
def test_help_in_the_doc_is_the_real_help(command: str) -> None:
    out = CliRunner().invoke(cli, [command, "--help"], prog_name="hearts", terminal_width=80).output
    assert out in BLOCKS


def excerpt_lines(block: str) -> list[str]:
    return [line for line in block.splitlines() if line.strip() and line.strip() != "..."]


def test_french_excerpt_is_the_sample() -> None:
    sample = (ROOT / "samples" / "partie-francaise.hrn").read_text(encoding="utf-8")
    block = next(b for b in BLOCKS if "[Rules \"standard\"]            ;" in b)
    assert "\n".join(excerpt_lines(block)) in "\n".join(excerpt_lines(sample))


def test_canonical_excerpts_are_real_output() -> None:
    french = (ROOT / "tests" / "data" / "notation" / "partie-francaise.canonical.hrn").read_text("utf-8")
    canonical = (ROOT / "samples" / "canonical.hrn").read_text(encoding="utf-8")
    for block in BLOCKS:
        if block.startswith('[Event "Partie du dimanche"]\n[Site "Brest"]\n[Date "2025.11.16"]\n'
                            '[Rules "standard"]\n'):
            for line in excerpt_lines(block):
                assert line in french.splitlines(), line
        if block.startswith('[Event "Thursday club night"]'):
            # shown without its comments and marks
            bare = [re.sub(r"([2-9TJQKA][SHDC])[!?]+", r"\1", re.sub(r" ?\{[^}]*\}", "", line))
                    for line in canonical.splitlines()]
            for line in excerpt_lines(block):
                assert line in bare, line


def test_yaml_excerpt_is_the_sample() -> None:
    sample = (ROOT / "samples" / "game.yaml").read_text(encoding="utf-8")
    block = next(b for b in BLOCKS if b.startswith("tags: {Event: Kitchen table"))
    assert "\n".join(excerpt_lines(block)) in sample


def test_json_example_reads() -> None:
    from hearts_notation.io import iter_games_text

    blocks = re.findall(r"```json\n(.*?)```", DOC, re.S)
    assert blocks
    for block in blocks:
        games = list(iter_games_text(block, "json", "doc.json"))
        assert games and not [e for g in games for e in g.errors]
