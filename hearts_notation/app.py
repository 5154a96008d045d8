"""The ``hearts`` click group, and the one place where a command's outcome
becomes an exit status.

Each command lives in ``hearts_notation/commands/<name>.py`` and exposes a
click command named ``command``.  Commands are imported lazily so that
``hearts fmt`` does not pay for loading the analysis code, and so that a
broken optional module cannot take the whole program down.

:meth:`HeartsGroup.invoke` wraps every command:

* a returned :class:`~hearts_notation.commands.report.Report` becomes its
  exit status;
* an output that cannot be written (full disk, read-only file system, I/O
  error, a target that may not be replaced) is one line and status 2;
* Ctrl-C is ``hearts: interrupted`` and status 130;
* anything else unexpected is the last resort: ``hearts: internal error``
  with a hint to report it, status 3, and no traceback unless
  ``HEARTS_DEBUG`` is set.

:func:`run` is the console script's body (signals, the final flush of
standard output); :mod:`hearts_notation.cli` imports this module only
once it can catch a Ctrl-C.
"""

from __future__ import annotations

import errno
import importlib
import os
import signal
import sys
from typing import Any, NoReturn

import click

from . import __version__
from .clickwords import HelpCommand, help_words, install, remember_arguments, run_language
from .commands._status import EXIT_INTERNAL, EXIT_INTERRUPTED, EXIT_UNUSABLE, Report
from .output import (
    OUTPUT_ERRNOS,
    OutputError,
    encoding_failure,
    escape_controls,
    forget_unknown_terminal_size,
    guard_standard_streams,
    message,
    remove_temporaries,
    working_folder_gone,
)
from .version import version_text

#: Command name -> (module, one-line help shown in ``hearts --help``).
COMMANDS: dict[str, tuple[str, str]] = {
    "validate": ("validate", "help.validate.short"),
    "score": ("score", "help.score.short"),
    "convert": ("convert", "help.convert.short"),
    "fmt": ("fmt", "help.fmt.short"),
    "rules": ("rules", "help.rules.short"),
    "replay": ("replay", "help.replay.short"),
    "annotate": ("annotate", "help.annotate.short"),
    "hint": ("hint", "help.hint.short"),
    "position": ("position", "help.position.short"),
    "diagram": ("diagram", "help.diagram.short"),
    "puzzles": ("puzzles", "help.puzzles.short"),
    "solve": ("solve", "help.solve.short"),
    "generate": ("generate", "help.generate.short"),
    "stats": ("stats", "help.stats.short"),
    "standings": ("standings", "help.standings.short"),
    "match": ("match", "help.match.short"),
    "select": ("select", "help.select.short"),
    "lsp": ("lsp", "help.lsp.short"),
}

#: Exit status when standard output is a closed pipe and SIGPIPE could not
#: end the program itself (128 + SIGPIPE, what a shell shows for ``cat``).
EXIT_PIPE = 128 + 13


class Terminated(BaseException):
    """Raised by the SIGTERM handler, so that ``finally`` blocks (temporary
    files, worker pools) run before the program ends."""


def _interrupted() -> str:
    """``hearts: interrupted`` in the run's language."""
    from .i18n import current_language, translate

    return "hearts: " + translate(current_language(), "app.interrupted")


def internal_error(exc: BaseException) -> None:
    """The last-resort message: one line naming the exception, one line
    asking for a report; the traceback only with ``HEARTS_DEBUG``."""
    if os.environ.get("HEARTS_DEBUG"):
        import traceback

        traceback.print_exception(exc)
    text = str(exc)
    what = f"{type(exc).__name__}: {text}" if text else type(exc).__name__
    if len(what) > 300:
        what = what[:300] + "..."
    from .i18n import current_language, translate

    lang = current_language()
    message("hearts: " + translate(lang, "app.internal", what=escape_controls(what)))
    message("hearts: " + translate(lang, "app.report_hint"))


def output_failure(exc: OSError) -> str:
    """The one line for an output that failed.  An error without a file
    name is standard output's, unless the working folder was removed: then
    it was a relative name's (made absolute, compared with another), and
    standard output is fine (hostile31)."""
    unnamed = exc.target == "-" if isinstance(exc, OutputError) else exc.filename is None
    if unnamed and exc.errno == errno.ENOENT and working_folder_gone():
        from .i18n import current_language, msg

        return "hearts: " + msg("output.cwd_gone").text(current_language())
    if isinstance(exc, OutputError):
        return f"hearts: {exc}"
    where = exc.filename if isinstance(exc.filename, str) else "-"
    return f"hearts: {OutputError(where, exc.strerror or str(exc), exc.errno)}"


def tell_ignored_limits() -> None:
    """One line on standard error for each ``HEARTS_MAX_*`` setting the
    readers ignore (no positive whole number), once a run, at its start: a
    user who set one believes it took effect.  The limits module is
    imported only when such a variable is set (a start pays a scan of the
    environment's names, not the readers' imports)."""
    if not any(name.startswith("HEARTS_MAX_") for name in os.environ):
        return
    from .io.limits import ignored_settings

    lang = run_language()       # (the command's --lang is not parsed yet)
    for told in ignored_settings():
        message("hearts: " + told.text(lang))


class HeartsGroup(HelpCommand, click.Group):
    """A click group whose subcommands are imported on first use, and
    whose every command runs inside the program's last-resort handler."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [name for name in COMMANDS if self._available(name)]

    def main(self, *args: Any, **kwargs: Any) -> Any:
        # click's own usage errors in the run's language (issue 23): the
        # catalogs answer its gettext (install() below), the command line
        # tells the language
        argv = kwargs.get("args", args[0] if args else None)
        remember_arguments(sys.argv[1:] if argv is None else list(argv))
        forget_unknown_terminal_size()      # (before any console is made)
        return super().main(*args, **kwargs)

    @staticmethod
    def _available(name: str) -> bool:
        # (importlib.util only here, for --help: a command's run imports its module
        # straight away, and costs neither it nor a second search; issue 22)
        from importlib.util import find_spec

        return find_spec(f"hearts_notation.commands.{COMMANDS[name][0]}") is not None

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        name = f"hearts_notation.commands.{COMMANDS[cmd_name][0]}"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:        # the command is there; something it imports is not
                raise
            return None                 # (as _available says: no such command here)
        resume_collector()
        cmd: click.Command = module.command
        return cmd

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, help_words(COMMANDS[name][1]) or "") for name in self.list_commands(ctx)]
        if rows:
            with formatter.section(help_words("help.click.commands") or ""):
                formatter.write_dl(rows)

    def invoke(self, ctx: click.Context) -> Any:
        tell_ignored_limits()
        try:
            result = super().invoke(ctx)
        except (click.exceptions.ClickException, click.exceptions.Exit, click.exceptions.Abort):
            raise
        except KeyboardInterrupt:
            message(_interrupted())
            ctx.exit(EXIT_INTERRUPTED)
        except BrokenPipeError:
            raise                      # the reader went away: ended quietly by run()
        except UnicodeEncodeError as exc:
            line = encoding_failure(exc)
            if line is None:
                internal_error(exc)
                ctx.exit(EXIT_INTERNAL)
            message(line)
            ctx.exit(EXIT_UNUSABLE)
        except OSError as exc:
            if not isinstance(exc, OutputError) and exc.errno not in OUTPUT_ERRNOS:
                internal_error(exc)
                ctx.exit(EXIT_INTERNAL)
            message(output_failure(exc))
            ctx.exit(EXIT_UNUSABLE)
        except Exception as exc:
            internal_error(exc)
            ctx.exit(EXIT_INTERNAL)
        if isinstance(result, Report):
            ctx.exit(result.exit_code)
        return result


# The catalogs answer click's gettext from here on, before the group is made:
# its --version and --help options word their help then, and click's own
# gettext would look for message catalogs on disk (and import locale) for
# them, a millisecond of every start (issue 22).
install()


@click.group(cls=HeartsGroup, help="help.hearts", context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="hearts",   # (the text of version.version_text)
                      message=version_text().rstrip("\n").replace("%", "%%"),
                      help="help.hearts.version")
def cli() -> None:
    """``hearts``: its page is the catalogs' ``help.hearts`` (the
    :mod:`hearts_notation.clickwords` help pages)."""
    from .i18n import locale_language, set_language

    # The messages of a run speak the locale's language until a command's
    # --lang says otherwise (fmt and convert, whose --lang is the language
    # written into the record, keep the locale's for their messages).
    set_language(locale_language())


# The console script ------------------------------------------------------------------------

_MAIN_PID = os.getpid()


def _on_sigterm(signum: int, frame: Any) -> None:
    if os.getpid() != _MAIN_PID:
        # A forked worker: die as a worker should, without our clean-up.
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGTERM)
        return
    raise Terminated


def install_signal_handlers() -> None:
    """SIGPIPE back to the default (a closed pipe ends the program quietly,
    as it ends ``cat``); SIGTERM raised as :class:`Terminated` so that
    temporary files are removed."""
    global _MAIN_PID
    _MAIN_PID = os.getpid()
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    signal.signal(signal.SIGTERM, _on_sigterm)


def _silence_stdout() -> None:
    """Point standard output at /dev/null, so that the interpreter's last
    flush of what could not be written does not complain again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def _status(code: Any) -> int:
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)   # sys.exit("message"), as Python does
    return 1


#: Whether the console script paused the garbage collector while the program
#: loads (:mod:`hearts_notation.cli`), to be resumed once the command is loaded.
_COLLECTOR_PAUSED: list[bool] = [False]


def resume_collector() -> None:
    """The garbage collector back on, if the console script paused it while
    the program loaded, with every object made so far moved out of its reach
    (``gc.freeze``): the modules, classes and tables of click and of the
    package live as long as the program, so the collections of a long run
    need not walk them again and again.  Called once the command's module
    is loaded (the command's own work runs with the collector on), and at
    the end of :func:`run` for a command line that loads no command
    (``--help``, a mistyped name)."""
    if _COLLECTOR_PAUSED[0]:
        _COLLECTOR_PAUSED[0] = False
        import gc

        gc.freeze()
        gc.enable()


def skip_the_last_collection() -> None:
    """Have the interpreter's exit skip its garbage collections over what
    the run made (``gc.freeze`` as the last exit handler).

    Ending the interpreter collects garbage over every object still alive:
    the modules' functions, classes and tables, about 15 ms of CPU after a
    small ``hearts validate`` -- as much as starting Python (issue 22,
    ``benchmarks/bench_startup.py``).  Nothing of the program waits for it:
    outputs are written, flushed and closed by their ``with`` and ``try``
    blocks, temporary files removed the same way, worker pools and clusters
    shut down by theirs; every exit handler still runs (freezing stops no
    code: the collector only leaves alone what exists), the interpreter still
    flushes standard output and error, and what the skipped collections would
    free, the end of the process frees.  Done at exit only, so a program that
    calls :func:`run` and goes on (a test catching ``SystemExit``) keeps its
    collector running."""
    import atexit
    import gc

    atexit.register(gc.freeze)


def run(argv: list[str] | None = None, collector_paused: bool = False) -> NoReturn:
    """Run the ``hearts`` command line and exit with its status.

    *collector_paused*: the caller (:func:`hearts_notation.cli.main`) paused
    the garbage collector while the program loaded; it is resumed once the
    command is loaded (:func:`resume_collector`)."""
    _COLLECTOR_PAUSED[0] = collector_paused
    guard_standard_streams()
    install_signal_handlers()
    skip_the_last_collection()
    status = 0
    try:
        try:
            result = cli.main(args=argv, prog_name="hearts", standalone_mode=False)
            status = result if isinstance(result, int) else 0
        except SystemExit as exc:
            status = _status(exc.code)
        except click.exceptions.Abort:
            message(_interrupted())
            status = EXIT_INTERRUPTED
        except click.ClickException as exc:
            exc.show()
            status = exc.exit_code
        sys.stdout.flush()
    except KeyboardInterrupt:
        message(_interrupted())
        status = EXIT_INTERRUPTED
    except BrokenPipeError:
        _silence_stdout()
        status = EXIT_PIPE
    except Terminated:
        remove_temporaries()
        _stop_dask_tracker()
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGTERM)
        status = 128 + signal.SIGTERM
    except OSError as exc:
        _silence_stdout()
        if exc.errno == errno.EPIPE:
            status = EXIT_PIPE
        elif isinstance(exc, OutputError) or exc.errno in OUTPUT_ERRNOS:
            if exc.filename is None and not isinstance(exc, OutputError):
                exc = OutputError("-", exc.strerror or str(exc), exc.errno)
            message(output_failure(exc))
            status = EXIT_UNUSABLE
        else:
            internal_error(exc)
            status = EXIT_INTERNAL
    except UnicodeEncodeError as exc:
        line = encoding_failure(exc)
        if line is None:
            internal_error(exc)
            status = EXIT_INTERNAL
        else:
            _silence_stdout()
            message(line)
            status = EXIT_UNUSABLE
    except Exception as exc:
        internal_error(exc)
        status = EXIT_INTERNAL
    resume_collector()
    if status == EXIT_INTERRUPTED:
        _end_interrupted()
    sys.exit(status)


def _end_interrupted() -> NoReturn:
    """End an interrupted run now, as SIGTERM ends one: temporary files
    removed, standard output and error flushed, any worker process still
    alive killed, then the process ends without the interpreter's shutdown.

    That shutdown runs the exit hooks of the libraries the run used, and a
    hook may wait for what the interrupt already stopped: Dask's closes
    every cluster still open, with ten seconds for each, when the engine's
    own quick close (half a second, its workers killed) ran out of time on
    a loaded machine -- a Ctrl-C to the process group of ``validate
    --engine dask`` then took more than 15 s to end (CI, issue 22).  The
    run's own clean-up is done by then: outputs are closed or removed by
    their ``with`` and ``try`` blocks, worker pools and clusters stopped by
    theirs on the way out (``docs/robustness.md``)."""
    import contextlib

    remove_temporaries()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError, AttributeError):
            stream.flush()
    processes = sys.modules.get("multiprocessing")
    if processes is not None:       # a worker a late restart started: not left behind
        for child in processes.active_children():
            with contextlib.suppress(OSError):
                child.kill()
    _stop_dask_tracker()
    os._exit(EXIT_INTERRUPTED)


def _stop_dask_tracker() -> None:
    """The resource tracker of a local Dask cluster stopped and reaped, as a
    run ended by a signal ends (:func:`~.runners.dask_engine.stop_tracker_at_exit`;
    nothing when no Dask run was made)."""
    engine = sys.modules.get("hearts_notation.runners.dask_engine")
    if engine is not None:
        engine.stop_tracker_at_exit()
