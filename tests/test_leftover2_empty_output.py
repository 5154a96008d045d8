"""An empty output name (``-o "$OUT"`` with ``OUT`` left empty) is refused as
it stands, in the words of an empty input name (tests/test_qa_empty_name.py):
``hearts: cannot write '': an empty file name (a shell variable left
empty?)``, status 2, in the language ``--lang`` gives wherever it stands on
the line, before the command does any work, for every option that names a
file to write (``-o``, ``--html``, ``--out-dir``).  Taken as a path, ``''``
was the working folder: ``cannot write : is a directory`` (and ``diagram``
said it could not tell the format from the name).  Nothing is written in the
working folder.  Each case failed before the fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from hearts_notation.output import OutputError, write_atomic
from tests.clirun import run

SAMPLE = str(Path(__file__).resolve().parent.parent / "samples" / "canonical.hrn")
PLAYERS = ["-p", "heuristic"] * 4

COMMANDS = [
    ["convert", SAMPLE, "--to", "json", "-o"],
    ["select", SAMPLE, "-o"],
    ["score", SAMPLE, "-o"],
    ["standings", SAMPLE, "-o"],
    ["generate", "--games", "1", "-o"],
    ["match", *PLAYERS, "-n", "1", "-o"],
    ["annotate", "--fast", SAMPLE, "-o"],
    ["annotate", "--fast", SAMPLE, "--html"],
    ["annotate", "--fast", SAMPLE, "--out-dir"],
    ["puzzles", "--fast", SAMPLE, "-o"],
    ["diagram", SAMPLE, "-o"],
    ["replay", SAMPLE, "--html"],
]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c[:1] + c[-1:]))
def test_an_empty_output_name_is_refused(command: list[str], tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out = run(*command, "", "--lang", "en")
    assert code == 2, out
    assert "hearts: cannot write '': an empty file name (a shell variable left empty?)\n" in out
    assert "directory" not in out and "format" not in out
    code, out = run(*command, "", "--lang", "fr")
    assert code == 2
    assert "impossible d'écrire '' : un nom de fichier vide (une variable du shell restée vide ?)" \
        in out
    assert list(tmp_path.iterdir()) == []


def test_lang_before_the_option_too() -> None:
    code, out = run("score", "--lang", "fr", "-o", "", SAMPLE)
    assert code == 2 and "un nom de fichier vide" in out


def test_every_write_refuses_it() -> None:
    with pytest.raises(OutputError) as caught:
        write_atomic("", "text")
    assert caught.value.target == "''"
    assert caught.value.reason == "an empty file name (a shell variable left empty?)"
