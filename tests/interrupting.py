"""Children whose start-up is interrupted at a named import.

``tests/sitehook/sitecustomize.py``, on the child's ``PYTHONPATH``, wraps
``__import__`` before anything of the package is imported and sends the
process SIGINT when module TARGET is first asked for, as a Ctrl-C at that
moment would; Python raises the KeyboardInterrupt there.  One hook for
every way ``hearts`` starts: a console script's entry point
(:func:`interrupted_at`; tests/test_cmds17.py for ``cli.main``'s guard,
tests/test_review19.py for ``hearts_notation_start``) and
``python -m hearts_notation`` (:func:`interrupted_module`;
tests/test_review21.py).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITEHOOK = ROOT / "tests" / "sitehook"

#: The console script pip writes, reduced to what matters here: import the
#: entry point's ``main`` and call it with the arguments.
_SCRIPT = "import sys\nexec(f'from {sys.argv[1]} import main')\nmain(sys.argv[2:])\n"


def hooked_env(target: str, lang: str = "C") -> dict[str, str]:
    """The environment of a child interrupted as *target* is first imported,
    in the locale *lang*."""
    env = {**os.environ, "LC_ALL": lang, "LANG": lang, "HEARTS_TEST_INTERRUPT_AT": target,
           "PYTHONPATH": os.pathsep.join([str(ROOT), str(SITEHOOK)])}
    env.pop("LANGUAGE", None)
    return env


def interrupted_at(target: str, entry: str, *args: str, lang: str = "C") -> subprocess.CompletedProcess[str]:
    """Run ``ENTRY.main(args)`` in a child whose start-up is interrupted as
    module *target* is first imported, in the locale *lang*."""
    return subprocess.run([sys.executable, "-c", _SCRIPT, entry, *args], cwd=ROOT,
                          env=hooked_env(target, lang), capture_output=True, text=True,
                          timeout=60)


def interrupted_module(target: str, *args: str, lang: str = "C") -> subprocess.CompletedProcess[str]:
    """``python -m hearts_notation ARGS`` interrupted as module *target* is
    first imported, in the locale *lang*."""
    return subprocess.run([sys.executable, "-m", "hearts_notation", *args], cwd=ROOT,
                          env=hooked_env(target, lang), capture_output=True, text=True,
                          timeout=60)
