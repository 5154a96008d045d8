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

from .interrupt import interrupted


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
