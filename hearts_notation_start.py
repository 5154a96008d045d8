"""The ``hearts`` console script's entry point, outside the package.

A console script imports the module that holds its entry point before it
calls it.  With the entry point inside the package
(``hearts_notation.cli:main``), the package's ``__init__`` -- the choice of
the compiled core, :mod:`hearts_notation._compiled` -- ran before any guard,
and a Ctrl-C at that moment printed a traceback and ended by SIGINT.  This
module imports nothing but :mod:`sys` before its ``try``: the package is
imported inside it, so a Ctrl-C at any moment of the start-up from here on
ends with ``hearts: interrupted`` and status 130 (docs/cli.md,
"Interrupting").  ``python -m hearts_notation`` imports the package before
any of its code runs; its ``__init__`` stays outside a guard there.
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> None:
    """Run the ``hearts`` command (:func:`hearts_notation.cli.main`, which
    guards everything after its first line), importing the package inside
    the guard.  An interrupted import leaves no package behind
    (``sys.modules`` drops a module whose import failed): the message is
    worded with SIGINT ignored, importing the package afresh."""
    try:
        from hearts_notation import cli

        cli.main(argv)
    except KeyboardInterrupt:
        import signal

        signal.signal(signal.SIGINT, signal.SIG_IGN)
        from hearts_notation.interrupt import interrupted

        interrupted("hearts_notation.app" not in sys.modules)


if __name__ == "__main__":
    main()
