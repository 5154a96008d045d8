"""How a Ctrl-C outside :func:`hearts_notation.app.run`'s handling ends:
``hearts: interrupted`` and status 130, never a traceback.

A module of its own, importing nothing of the package at its top (the
catalogs only when the message is worded): the package's ``__init__`` uses
it for ``python -m hearts_notation`` (review21), and importing
:mod:`hearts_notation.cli` from there would close an import circle
(``cli`` -> ``app`` -> ``version`` -> the package).  :mod:`hearts_notation.cli`
and the console script's entry point (``hearts_notation_start``) use it
through ``cli``.
"""

from __future__ import annotations

import sys

#: (``typing`` is not imported at run time; type checkers take any
#: ``TYPE_CHECKING`` name as true.)
TYPE_CHECKING = False

if TYPE_CHECKING:
    from typing import NoReturn


def interrupted(loading: bool) -> NoReturn:
    """End a run interrupted outside :func:`hearts_notation.app.run`'s
    handling: ``hearts: interrupted`` (in the locale's language while the
    program loads, the run's once it runs) and status 130, never a
    traceback.  A second Ctrl-C while the message is worded is ignored:
    the catalogs may still have to be imported for it."""
    import contextlib
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    from .i18n import current_language, locale_language, translate

    lang = locale_language() if loading else current_language()
    if sys.stderr is not None:      # (started with standard error closed: nowhere to say it)
        with contextlib.suppress(OSError):
            sys.stderr.write("hearts: " + translate(lang, "app.interrupted") + "\n")
            sys.stderr.flush()
    raise SystemExit(130)


def interrupted_while_run_as_module() -> None:
    """End a Ctrl-C that came while ``python -m hearts_notation`` imported
    the package (its ``__init__``, before ``__main__`` and :func:`hearts_notation.cli.main`'s
    guard) as :func:`interrupted` ends one; return (the caller re-raises)
    when the package was imported otherwise.  Python names ``-m`` as
    ``sys.argv[0]`` while it looks for the module to run, and imports
    nothing then but that module's packages; once ``__main__`` runs,
    ``sys.argv[0]`` is its file's path and :func:`hearts_notation.cli.main` guards."""
    if sys.argv[:1] == ["-m"]:
        import signal

        signal.signal(signal.SIGINT, signal.SIG_IGN)
        interrupted(True)


__all__ = ["interrupted", "interrupted_while_run_as_module"]
