"""The coordinator's fixes of the eleventh session (7 December), each test
failing before its fix."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from hearts_notation.folders import folder_files
from tests.clirun import run

SAMPLE = Path(__file__).resolve().parent.parent / "samples" / "canonical.hrn"


def _club(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder ``club`` with one record and a subfolder ``priv`` holding
    another that cannot be listed (its listing denied as it is for a user
    without the permission: tests run as root, which may list anything)."""
    club = tmp_path / "club"
    (club / "priv").mkdir(parents=True)
    shutil.copy(SAMPLE, club / "a.hrn")
    shutil.copy(SAMPLE, club / "priv" / "b.hrn")
    real = os.scandir

    def denied(path: Any = ".") -> Any:
        if os.fspath(path).endswith("priv"):
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", denied)
    monkeypatch.chdir(tmp_path)
    return club


def test_a_folder_that_cannot_be_listed_is_listed_for_its_reading_to_tell(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``os.walk`` passed over a folder it could not list without a word:
    ``validate club/`` exited 0 with the records inside unread."""
    _club(tmp_path, monkeypatch)
    assert folder_files("club", (".hrn",)) == ["club/a.hrn", os.path.join("club", "priv")]
    monkeypatch.chdir(tmp_path / "club")
    assert folder_files(".", (".hrn",)) == ["a.hrn", "priv"]


def test_validate_of_a_folder_with_an_unlistable_folder_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The run reads the other records and ends with status 2, naming the
    folder it could not read."""
    _club(tmp_path, monkeypatch)
    code, out = run("validate", "club")
    assert code == 2
    assert "club/priv: a folder that cannot be listed (permission denied)" in out
    assert "1 valid game" in out
    code, out = run("validate", "--lang", "fr", "club")
    assert code == 2 and "dossier dont le contenu ne peut être listé" in out


def test_a_pass_line_typed_after_the_word_deal_is_told(tmp_path: Path) -> None:
    """``deal pass N: 2D 3S KD`` (the word ``deal`` typed before a pass
    line): the reader's offer of an unnumbered header asked the lexer about
    ``deal 2 pass N: …``, whose internal mismatch escaped as "cannot be
    processed (Mismatch)", the whole file unread (found by the long step's
    fuzzing, tests/test_hrn_lexer.py).  Now one finding at the line."""
    text = SAMPLE.read_text(encoding="utf-8")
    at = text.index("pass N:")
    path = tmp_path / "g.hrn"
    path.write_text(text[:at] + "deal " + text[at:], encoding="utf-8")
    code, out = run("validate", str(path))
    assert code == 1 and "Mismatch" not in out
    assert "error: expected a deal number, found 'pass'" in out
