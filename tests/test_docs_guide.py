"""The English player's guide shows real output: every ``console`` block of
docs/guide.md is run again and must print what the guide shows (the mechanism,
shared with the French guide, is tests/guide_check.py).  ``pytest
--update-golden tests/test_docs_guide.py`` rewrites the outputs in the guide;
read the diff."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.guide_check import ENGLISH, ROOT, check_examples, check_guide


def _analysis(command: str) -> bool:
    """The guide's ``hearts annotate`` block: an analysis of the evening's deals."""
    return command.startswith("hearts annotate")


def test_the_guide_shows_what_the_commands_print(tmp_path: Path, update_golden: bool,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """validate (a clean record, a wrong card, a typo), score, replay, convert;
    the annotate block is the next test's."""
    check_guide(ENGLISH, tmp_path, update_golden, monkeypatch, least=8,
                runs=lambda command: not _analysis(command))


def test_the_guide_shows_what_annotate_prints(tmp_path: Path, update_golden: bool,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """The guide's annotate block, in the long step (tests/conftest.py's
    LONG_TESTS: 3 CPU-s pure of the README's run, issue 22): English annotate
    output is checked byte for byte in the README's run by
    tests/golden/annotate/canonical.en.txt, and French by the French guide's
    block (tests/test_docs_fr_guide.py).  ``--update-golden`` rewrites it only
    with ``-m long``."""
    check_guide(ENGLISH, tmp_path, update_golden, monkeypatch, least=1, runs=_analysis)


def test_the_guide_is_linked_and_its_examples_exist() -> None:
    assert "docs/guide.md" in (ROOT / "README.md").read_text(encoding="utf-8")
    check_examples(ENGLISH, "evening.hrn")
