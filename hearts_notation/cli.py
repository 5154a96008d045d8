"""The ``hearts`` console script.

This module is deliberately tiny: the console script imports it first, and
a Ctrl-C while the rest of the program loads must still end with
``hearts: interrupted`` and status 130, never a traceback.  The click group
and the per-command handling live in :mod:`hearts_notation.app`; ``cli``
and ``COMMANDS`` are re-exported from there on first use.

The garbage collector is paused while the program loads (click, the
command's modules: tens of thousands of objects that live as long as the
program, and no garbage), and resumed by :mod:`hearts_notation.app` once the
command is loaded, with what was loaded moved out of its reach
(``gc.freeze``): about 40 collections fewer while a small ``hearts
validate`` loads, a few milliseconds of CPU (issue 22).

``hearts --version`` is answered here, before click and rich are imported:
it is what scripts and package managers run to check an install, and it
prints two constants (the version, and which core runs, decided at package
import by :mod:`hearts_notation._compiled` from a few ``stat`` calls).  The
text is the one click's ``--version`` option prints (tests compare them).
"""

from __future__ import annotations

import sys

#: (``typing`` is not imported at run time: ``hearts --version`` would pay for
#: it; type checkers take any ``TYPE_CHECKING`` name as true.)
TYPE_CHECKING = False

if TYPE_CHECKING:
    from typing import NoReturn


def main(argv: list[str] | None = None) -> None:
    """Entry point of the console script (``hearts``).

    Everything it does is inside one ``try``: a Ctrl-C at any moment from
    here on -- answering ``--version``, loading click and the command's
    modules, between the load and :func:`hearts_notation.app.run`'s own
    handling -- ends with ``hearts: interrupted`` and status 130
    (:func:`interrupted`).  The package's ``__init__`` (the choice of the
    compiled core: a few ``stat`` calls), which comes before this function,
    is guarded by the console script's own entry point,
    :func:`hearts_notation_start.main`, which imports the package inside
    its ``try`` (docs/cli.md, "Interrupting")."""
    loading = [True]
    try:
        _main(argv, loading)
    except KeyboardInterrupt:
        interrupted(loading[0])


def _main(argv: list[str] | None, loading: list[bool]) -> None:
    """The body of :func:`main`; ``loading[0]`` turns false once the
    program is loaded and :func:`hearts_notation.app.run` has the run (its
    messages then speak the run's language, ``--lang`` included)."""
    if (sys.argv[1:] if argv is None else argv) == ["--version"]:
        raise SystemExit(_print_version())
    import gc

    paused = gc.isenabled()
    gc.disable()
    loaded = False
    try:
        from .app import run

        loaded = True
    finally:
        if paused and not loaded:     # (run() resumes it once the command is loaded)
            gc.enable()
    loading[0] = False
    run(argv, collector_paused=paused)


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
    the package (its ``__init__``, before ``__main__`` and :func:`main`'s
    guard) as :func:`interrupted` ends one; return (the caller re-raises)
    when the package was imported otherwise.  Python names ``-m`` as
    ``sys.argv[0]`` while it looks for the module to run, and imports
    nothing then but that module's packages; once ``__main__`` runs,
    ``sys.argv[0]`` is its file's path and :func:`main` guards."""
    if sys.argv[:1] == ["-m"]:
        import signal

        signal.signal(signal.SIGINT, signal.SIG_IGN)
        interrupted(True)


def _print_version() -> int:
    from .version import version_text

    if sys.stdout is None:          # started with standard output closed (>&-)
        from .output import guard_standard_streams

        guard_standard_streams()
    try:
        sys.stdout.write(version_text())
        sys.stdout.flush()
    except BrokenPipeError:
        return 141     # as the command line ends on a closed pipe (128 + SIGPIPE)
    except OSError as exc:          # a full disk, a closed output: one line, status 2
        from .app import output_failure
        from .output import message

        message(output_failure(exc))
        return 2
    return 0


def __getattr__(name: str) -> object:
    if name in ("cli", "COMMANDS", "HeartsGroup"):
        from . import app

        return getattr(app, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
