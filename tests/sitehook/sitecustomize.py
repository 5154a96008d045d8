"""Interrupt a child interpreter's start-up at a named import.

Put on ``PYTHONPATH`` of a child (tests/interrupting.py does): Python
imports this module while it starts (its ``site``), before ``-m`` or ``-c``
imports anything of the package, so the wrapped ``__import__`` sees every
import of the real start-up and sends the process SIGINT -- a Ctrl-C at
that moment -- when module ``HEARTS_TEST_INTERRUPT_AT`` is first asked for
(an ``import`` naming it, or a ``from`` import naming it).  No timing, no
hook in the shipped code; not a finder on ``sys.meta_path``, where the
pure-Python core puts its own first.  (The environment variable is the
tests', read by nothing shipped.)
"""

import builtins
import os
import signal
import sys

TARGET = os.environ.get("HEARTS_TEST_INTERRUPT_AT", "")
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
