"""The French guide shows real output: every ``console`` block of docs/fr/guide.md
is run again and must print what the guide shows.

A block is one command line (``$ hearts ...``, optionally preceded by
``VAR=value`` settings), then its output, then optionally the exit status as
``(code de sortie : N)``.  The commands run in-process from a scratch
directory holding a copy of ``docs/fr/exemples/``, at 80 columns, without
colour and without a locale from the environment, so the bytes do not depend
on who runs them.  ``pytest --update-golden`` rewrites the outputs in the
guide (then read the diff before committing), as it does for tests/golden/.
"""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "fr" / "guide.md"
BLOCK = re.compile(r"```console\n(.*?)```\n", re.S)
STATUS = re.compile(r"^\(code de sortie : (\d+)\)\n\Z", re.M)


def _run(command: str, workdir: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[str, int]:
    words = shlex.split(command)
    env = {}
    while words and "=" in words[0]:
        key, _, value = words.pop(0).partition("=")
        env[key] = value
    assert words[:1] == ["hearts"], command
    monkeypatch.chdir(workdir)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("TERM", "dumb")
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    result = CliRunner().invoke(cli, words[1:], catch_exceptions=False)
    return result.output, result.exit_code


def test_the_guide_shows_what_the_commands_print(tmp_path: Path, update_golden: bool,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copytree(GUIDE.parent / "exemples", tmp_path / "exemples")
    text = GUIDE.read_text(encoding="utf-8")
    blocks = list(BLOCK.finditer(text))
    assert len(blocks) >= 6, "the guide runs validate, score, annotate and replay"
    out: list[str] = []
    last = 0
    stale: list[str] = []
    for m in blocks:
        body = m.group(1)
        first, _, shown = body.partition("\n")
        assert first.startswith("$ "), first
        command = first[2:]
        status_m = STATUS.search(shown)
        printed, code = _run(command, tmp_path, monkeypatch)
        fresh = printed + (f"(code de sortie : {code})\n" if code else "")
        if status_m is None and code:
            stale.append(f"{command}: exit status {code} not shown")
        if fresh != shown:
            stale.append(f"{command}:\n--- guide\n{shown}--- now\n{fresh}")
        out.append(text[last:m.start(1)] + first + "\n" + fresh)
        last = m.end(1)
    out.append(text[last:])
    if update_golden:
        GUIDE.write_text("".join(out), encoding="utf-8")
        return
    assert not stale, ("docs/fr/guide.md is stale: run pytest --update-golden "
                       "tests/test_docs_fr_guide.py and read the diff\n" + "\n".join(stale))


def test_the_guide_is_linked_and_its_examples_exist() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/fr/guide.md" in readme
    text = GUIDE.read_text(encoding="utf-8")
    for name in re.findall(r"exemples/[\w.-]+\.hrn", text):
        assert (GUIDE.parent / name).exists(), name
    # The record the guide shows is the example file, whole.
    shown = re.search(r"```hrn\n(.*?)```\n", text, re.S)
    assert shown is not None
    assert shown.group(1) == (GUIDE.parent / "exemples" / "soiree.hrn").read_text(encoding="utf-8")
