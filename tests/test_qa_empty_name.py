"""QA pass of 4 December: an empty file name (``hearts validate "$FILE"`` with
FILE left empty).

``path_text`` turns ``""`` into ``.``, so every command that searches folders
read the whole working folder (``validate``, ``score``, ``stats``, ``select``,
``fmt``...), and the others said ``: is a directory``.  Now the name is
refused as it stands, in both languages, and the other inputs are read.
Each test failed before the fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.clirun import run

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


@pytest.mark.parametrize("command", [["validate"], ["score"], ["stats"], ["select"],
                                     ["fmt", "--check"], ["convert", "--to", "json"],
                                     ["replay"], ["position"]])
def test_an_empty_name_is_refused_not_searched(command: list[str], tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    # A folder holding a record: searching it would find it.
    (tmp_path / "here.hrn").write_text((SAMPLES / "canonical.hrn").read_text(encoding="utf-8"),
                                       encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out = run(command[0], "", *command[1:], "--lang", "en")
    assert code == 2
    assert "'': an empty file name (a shell variable left empty?)" in out
    assert "here.hrn" not in out and "Thursday" not in out


def test_an_empty_name_beside_a_file_in_french() -> None:
    code, out = run("validate", "", str(SAMPLES / "canonical.hrn"), "--lang", "fr")
    assert code == 2
    assert "'': un nom de fichier vide (une variable du shell restée vide ?)" in out
    assert "1 fichier, 1 partie, 10 donnes : 1 partie valide" in out
