"""A call into interpreted code, so that a compiled search lets signals in.

CPython runs a signal's Python handler (Ctrl-C's ``KeyboardInterrupt``, the
SIGTERM handler of a corpus run, :mod:`hearts_notation.runners.corpus`) only
between the bytecodes of interpreted code.  The exact solver compiled with
mypyc (:mod:`.exact`) runs no bytecode while a search lasts, which is
seconds to minutes from a deal's opening lead: review19 measured a Ctrl-C
given to ``hearts solve`` 1.5 s in answered 6.4 s later compiled (0.01 s
in pure Python), and up to two minutes under load.

The solver calls :func:`breathe` every :data:`EVERY` nodes.  Entering the
frame of a function of this module, which is never compiled (it is not in
``COMPILED_MODULES``, :mod:`hearts_notation._compiled`), is where the
interpreter checks for pending signals (CPython's ``RESUME``), so the
handler runs there and its exception leaves the search as any other.  The
function has no body to run: the frame's entry is the work.
"""

from __future__ import annotations

from typing import Final

__all__ = ["EVERY", "breathe"]

#: Nodes between two calls of :func:`breathe`: about a tenth of a second of
#: the compiled search (about a million nodes a second on the reference
#: machine), a few seconds in pure Python, whose own bytecode checks for
#: signals anyway.  A call costs well under a microsecond.
EVERY: Final = 1 << 17


def breathe() -> None:
    """Let a pending signal's handler run (see the module's text)."""
