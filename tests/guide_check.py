"""The players' guides show real output (docs/guide.md in English, docs/fr/guide.md
in French): every ``console`` block of a guide is run again and must print what
the guide shows.  One mechanism for both guides, used by tests/test_docs_guide.py
and tests/test_docs_fr_guide.py.

A block is one command line (``$ hearts ...``, optionally preceded by
``VAR=value`` settings), then its output, then optionally the exit status on a
line of its own, in the guide's language (``(exit status: N)``,
``(code de sortie : N)``).  The commands run in-process from a scratch
directory holding a copy of the guide's example folder, at 80 columns, without
colour and without a locale from the environment, so the bytes do not depend on
who runs them.  ``pytest --update-golden`` rewrites the outputs in the guide
(then read the diff before committing), as it does for tests/golden/.
"""

from __future__ import annotations

import re
import shlex
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli

ROOT = Path(__file__).resolve().parent.parent
BLOCK = re.compile(r"```console\n(.*?)```\n", re.S)


@dataclass(frozen=True)
class Guide:
    """A guide page, the folder of its examples (beside it) and how it writes an
    exit status other than 0: a format with ``{code}``."""

    page: Path
    examples: str
    status: str

    def status_line(self) -> re.Pattern[str]:
        """The exit status line at the end of a block's output."""
        pattern = re.escape(self.status).replace(re.escape("{code}"), r"(\d+)")
        return re.compile(rf"^{pattern}\n\Z", re.M)


ENGLISH = Guide(ROOT / "docs" / "guide.md", "examples", "(exit status: {code})")
FRENCH = Guide(ROOT / "docs" / "fr" / "guide.md", "exemples", "(code de sortie : {code})")


def run(command: str, workdir: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[str, int]:
    """``command`` (``[VAR=value ...] hearts ...``) run in *workdir*: what it
    printed and its exit status."""
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


def check_guide(guide: Guide, tmp_path: Path, update_golden: bool,
                monkeypatch: pytest.MonkeyPatch, *, least: int,
                runs: Callable[[str], bool] = lambda command: True) -> None:
    """Run every ``console`` block of *guide* (at least *least* of them) whose
    command *runs* accepts and compare, or rewrite the guide with
    ``--update-golden``.  A block *runs* refuses is left as the guide shows it:
    another test (the long step's) checks it."""
    shutil.copytree(guide.page.parent / guide.examples, tmp_path / guide.examples)
    text = guide.page.read_text(encoding="utf-8")
    blocks = list(BLOCK.finditer(text))
    assert len(blocks) >= least, f"{guide.page.name} runs fewer commands than it should"
    status_line = guide.status_line()
    out: list[str] = []
    last = 0
    stale: list[str] = []
    for m in blocks:
        first, _, shown = m.group(1).partition("\n")
        assert first.startswith("$ "), first
        command = first[2:]
        if not runs(command):
            continue
        printed, code = run(command, tmp_path, monkeypatch)
        fresh = printed + (guide.status.format(code=code) + "\n" if code else "")
        if status_line.search(shown) is None and code:
            stale.append(f"{command}: exit status {code} not shown")
        if fresh != shown:
            stale.append(f"{command}:\n--- guide\n{shown}--- now\n{fresh}")
        out.append(text[last:m.start(1)] + first + "\n" + fresh)
        last = m.end(1)
    out.append(text[last:])
    if update_golden:
        guide.page.write_text("".join(out), encoding="utf-8")
        return
    rel = guide.page.relative_to(ROOT).as_posix()
    assert not stale, (f"{rel} is stale: run pytest --update-golden on its test "
                       "and read the diff\n" + "\n".join(stale))


def check_examples(guide: Guide, record: str) -> None:
    """The guide names only example files that exist, and the record it shows
    in full (its first ``hrn`` block) is the example file *record*, whole."""
    text = guide.page.read_text(encoding="utf-8")
    for name in re.findall(rf"{guide.examples}/[\w.-]+\.(?:hrn|json)", text):
        assert (guide.page.parent / name).exists(), name
    shown = re.search(r"```hrn\n(.*?)```\n", text, re.S)
    assert shown is not None
    assert shown.group(1) == (guide.page.parent / guide.examples / record).read_text(encoding="utf-8")
