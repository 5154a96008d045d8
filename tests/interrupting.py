"""A child interpreter that interrupts its own start-up at a named import.

When an ``import`` statement first asks for module TARGET (or a ``from``
import names it), the wrapped ``__import__`` (installed before the package
is imported) sends the process SIGINT, as a Ctrl-C at that moment would, and
Python raises the KeyboardInterrupt there; then the entry point named runs
as the console script would run it.  No timing, no hook in the shipped code.
(Not a finder on ``sys.meta_path``: the pure-Python core puts its own first.)
Used by tests/test_cmds17.py (``cli.main``'s guard) and tests/test_review19.py
(the console script's entry point beside the package).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_SCRIPT = """
import builtins, os, signal, sys
TARGET, ENTRY = sys.argv[1], sys.argv[2]
real_import = builtins.__import__
def interrupting(name, globals=None, locals=None, fromlist=(), level=0):
    full = name
    if level and globals:
        base = globals["__package__"].rsplit(".", level - 1)[0]
        full = base + "." + name if name else base
    asked = [full] + [full + "." + f for f in fromlist or ()]
    if TARGET in asked and TARGET not in sys.modules:
        os.kill(os.getpid(), signal.SIGINT)
    return real_import(name, globals, locals, fromlist, level)
builtins.__import__ = interrupting
exec(f"from {ENTRY} import main")
main(sys.argv[3:])
"""


def interrupted_at(target: str, entry: str, *args: str, lang: str = "C") -> subprocess.CompletedProcess[str]:
    """Run ``ENTRY.main(args)`` in a child whose start-up is interrupted as
    module *target* is first imported, in the locale *lang*."""
    env = {**os.environ, "LC_ALL": lang, "LANG": lang}
    env.pop("LANGUAGE", None)
    return subprocess.run([sys.executable, "-c", _SCRIPT, target, entry, *args], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=60)
