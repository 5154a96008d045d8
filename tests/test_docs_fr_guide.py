"""The French guide shows real output: every ``console`` block of docs/fr/guide.md
is run again and must print what the guide shows (the mechanism, shared with the
English guide, is tests/guide_check.py).  ``pytest --update-golden
tests/test_docs_fr_guide.py`` rewrites the outputs in the guide; read the diff."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.guide_check import FRENCH, ROOT, check_examples, check_guide


def test_the_guide_shows_what_the_commands_print(tmp_path: Path, update_golden: bool,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    # validate, score, annotate and replay at least
    check_guide(FRENCH, tmp_path, update_golden, monkeypatch, least=6)


def test_the_guide_is_linked_and_its_examples_exist() -> None:
    assert "docs/fr/guide.md" in (ROOT / "README.md").read_text(encoding="utf-8")
    check_examples(FRENCH, "soiree.hrn")
