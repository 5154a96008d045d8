"""The ``hearts`` console script.

This module is deliberately tiny: the console script imports it first, and
a Ctrl-C while the rest of the program loads must still end with
``hearts: interrupted`` and status 130, never a traceback.  The click group
and the per-command handling live in :mod:`hearts_notation.app`; ``cli``
and ``COMMANDS`` are re-exported from there on first use.
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> None:
    """Entry point of the console script (``hearts``)."""
    try:
        from .app import run
    except KeyboardInterrupt:
        sys.stderr.write("hearts: interrupted\n")
        raise SystemExit(130) from None
    run(argv)


def __getattr__(name: str) -> object:
    if name in ("cli", "COMMANDS", "HeartsGroup", "LazyGroup"):
        from . import app

        return getattr(app, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
