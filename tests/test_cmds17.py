"""Tests of helper cmds17's work: the commands that select a deal, a trick
or a card say so when the record has none such (one shared check), and a
Ctrl-C while ``hearts`` starts ends as every other Ctrl-C does."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: A child that interrupts itself at a known moment of the start-up: when
#: an ``import`` statement first asks for module TARGET, the wrapped
#: ``__import__`` (installed before the package is imported) sends the
#: process SIGINT, as a Ctrl-C at that moment would, and Python raises the
#: KeyboardInterrupt there.  No timing, no hook in the shipped code.  (Not
#: a finder on ``sys.meta_path``: the pure-Python core puts its own first.)
_INTERRUPT_AT = """
import builtins, os, signal, sys
TARGET = sys.argv[1]
real_import = builtins.__import__
def interrupting(name, globals=None, locals=None, fromlist=(), level=0):
    full = name
    if level and globals:
        base = globals["__package__"].rsplit(".", level - 1)[0]
        full = base + "." + name if name else base
    if full == TARGET and TARGET not in sys.modules:
        os.kill(os.getpid(), signal.SIGINT)
    return real_import(name, globals, locals, fromlist, level)
builtins.__import__ = interrupting
from hearts_notation.cli import main
main(sys.argv[2:])
"""


def _interrupted_at(module: str, *args: str, lang: str = "C") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "LC_ALL": lang, "LANG": lang}
    env.pop("LANGUAGE", None)
    return subprocess.run([sys.executable, "-c", _INTERRUPT_AT, module, *args], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize(("module", "args"), [
    ("hearts_notation.version", ["--version"]),     # answering --version, before click
    ("hearts_notation.app", ["validate", "-"]),    # loading the program (click, the group)
])
def test_a_ctrl_c_while_hearts_starts_is_one_line_and_status_130(module: str,
                                                                  args: list[str]) -> None:
    """Two moments of the start-up, the first before any module of the
    command line beyond ``cli`` is loaded (it printed a traceback and ended
    by SIGINT, status -2, before the whole entry point was guarded)."""
    res = _interrupted_at(module, *args)
    assert (res.returncode, res.stderr, res.stdout) == (130, "hearts: interrupted\n", "")


def test_a_ctrl_c_while_hearts_starts_speaks_the_locale() -> None:
    """The message comes from the catalogs, in the locale's language (no
    ``--lang`` has been read yet)."""
    res = _interrupted_at("hearts_notation.version", "--version", lang="fr_FR.UTF-8")
    assert (res.returncode, res.stderr) == (130, "hearts: interrompu\n")
