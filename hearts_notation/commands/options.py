"""Click options that several commands share, defined once.

Every command that reads records, takes rules, runs on several cores,
prints for programs, speaks a language or writes a file uses the same
decorator here, so that the option has the same name, short form, help,
type and error message everywhere (sqlite-utils does the same with its
shared options).  The values arrive typed: ``--rules`` is already a
:class:`~hearts_notation.rules.RuleSet` (never a string to parse again),
``--jobs`` is already a positive count of processes, ``--lang`` is
already a language the program speaks.

Parameter names are fixed so that command functions read alike:
``fmt_in`` (``--from``), ``rules`` and ``force_rules``, ``jobs``,
``fmt_out`` (``--format``), ``lang``, ``output`` (``-o``).

This module imports click and the catalogs (loaded before any command by
the group, whose words they are) and the rest lazily (the rules when a
``--rules`` value is converted) so that defining a command costs nothing
at start-up.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click

from ..i18n import LANGUAGES, current_language, locale_language, set_language, translate

F = TypeVar("F", bound=Callable[..., Any])

#: The record formats ``--from`` accepts: the same list as the readers'
#: (kept here as literals so that defining an option does not import the
#: readers; a test checks it against :data:`hearts_notation.io.INPUT_FORMATS`).
INPUT_FORMAT_NAMES: tuple[str, ...] = ("hrn", "json", "jsonl", "yaml", "openspiel", "openspiel-history",
                                       "openspiel-playthrough")


#: The parameters that name a command's records (its path arguments).
_RECORD_PARAMS = ("paths", "files", "file", "path", "input_path")


#: Where :func:`_remember_language` leaves, on a Dask run, the records whose
#: language a worker must tell (:func:`engine_options` asks the engine).
_ASK_ENGINE = "hearts_notation.language_paths"


def _record_paths(ctx: click.Context, *, dask_too: bool = False) -> list[str]:
    """The records named on the command line (click processes the given
    arguments before the options left to their default), none on a Dask
    run unless *dask_too*: there the client never opens the data, and the
    engine tells their language once it is open (:func:`engine_options`)."""
    out: list[str] = []
    if ctx.params.get("engine") == "dask" and not dask_too:
        return out      # on a cluster only the workers open the records
    for name in _RECORD_PARAMS:
        value = ctx.params.get(name)
        if isinstance(value, str):
            out.append(value)
        elif isinstance(value, (tuple, list)):
            out.extend(v for v in value if isinstance(v, str))
    return out


def _given(ctx: click.Context, param: click.Parameter) -> bool:
    from click.core import ParameterSource

    return param.name is not None and ctx.get_parameter_source(param.name) not in (
        ParameterSource.DEFAULT, ParameterSource.DEFAULT_MAP, None)


def _remember_given_language(ctx: click.Context, param: click.Parameter,
                             value: str | None) -> str | None:
    """A ``--lang`` that chooses what is written into a record (``convert``,
    ``fmt``): given, it is the language of the messages too; not given
    (``None``), each record is written in the language it is kept in, and
    the messages speak the locale's language, or the record's when the
    locale is English (:func:`hearts_notation.language.run_language`)."""
    from ..language import run_language

    if value is not None:
        set_language(value)
    else:
        set_language(run_language(None, current_language(), _record_paths(ctx), True))
    return value


def _remember_language(ctx: click.Context, param: click.Parameter, value: str) -> str:
    """``--lang`` is also the language of the command's error messages
    (unusable input, a bad record given to ``score``...), printed far from
    the code that knows the option.  Not given, it is the locale's
    language, or the language of the record when the locale is English
    (a French sheet gets French messages and pages:
    :func:`hearts_notation.language.run_language`)."""
    from ..language import run_language

    if not _given(ctx, param):
        if ctx.params.get("engine") == "dask" and value == "en":
            # Only the workers see the records: the engine tells, once open.
            ctx.meta[_ASK_ENGINE] = [p for p in _record_paths(ctx, dask_too=True)
                                     if p != "-" and "://" not in p]
        value = run_language(None, value, _record_paths(ctx), True)
    set_language(value)
    return value


def lang_given() -> str | None:
    """The ``--lang`` of the running command when it was given on the
    command line (``None`` otherwise): what a command writes into a record
    follows the record's own language unless ``--lang`` asks otherwise."""
    ctx = click.get_current_context(silent=True)
    if ctx is None or "lang" not in ctx.params:
        return None
    param = next((p for p in ctx.command.params if p.name == "lang"), None)
    value = ctx.params["lang"]
    return value if param is not None and _given(ctx, param) and isinstance(value, str) else None


class RulesParam(click.ParamType):  # type: ignore[type-arg]
    """``--rules`` as a :class:`RuleSet`: a preset name, ``"preset key=value
    ..."`` or a YAML rules file.  A bad value is a usage error (exit 2)
    naming the valid choices."""

    name = "rules"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from ..clickwords import run_language as usage_language
        from ..rules import RuleError, RuleSet, load_rules

        if value is None or isinstance(value, RuleSet):
            return value
        try:
            return load_rules(str(value))
        except RuleError as exc:
            # (in the language click's own words of the usage error take,
            # which may not be the run's yet: "--rules foo --lang fr" or a
            # French record said "Erreur : valeur incorrecte pour '--rules' :
            # unknown rules preset 'foo'")
            self.fail(exc.text(usage_language()), param, ctx)


RULES = RulesParam()


def input_format_option(help: str = "help.common.fmt_in"
                        ) -> Callable[[F], F]:
    """``--from FORMAT`` (parameter ``fmt_in``): the input format when the
    extension does not say."""
    return click.option("--from", "fmt_in", type=click.Choice(INPUT_FORMAT_NAMES), default=None,
                        help=help)


def rules_options(*, force: bool = True, default: str | None = None,
                  help: str = "help.common.rules") -> Callable[[F], F]:
    """``--rules RULES`` (parameter ``rules``, a :class:`RuleSet` or ``None``)
    and, with *force*, ``--force-rules`` (parameter ``force_rules``).

    ``--force-rules`` without ``--rules`` is a usage error (exit 2), the
    same in every command.
    """
    def decorate(f: F) -> F:
        target: Callable[..., Any] = f
        if force:
            @functools.wraps(f)
            def checked(*args: Any, **kwargs: Any) -> Any:
                if kwargs.get("force_rules") and kwargs.get("rules") is None:
                    raise click.UsageError(translate(current_language(), "cli.force_rules"))
                return f(*args, **kwargs)

            target = click.option("--force-rules", "force_rules", is_flag=True,
                                  help="help.common.force_rules")(checked)
        return click.option("--rules", "rules", type=RULES, default=default, metavar="RULES",
                            show_default=default is not None, help=help)(target)  # type: ignore[return-value]

    return decorate


def _jobs(ctx: click.Context, param: click.Parameter, value: int) -> int:
    if value:
        return value
    from ..runners.pool import default_jobs

    return default_jobs()


def jobs_option(help: str = "help.common.jobs") -> Callable[[F], F]:
    """``--jobs/-j N`` (parameter ``jobs``): already resolved, 0 becomes the
    number of cores the process may use."""
    return click.option("--jobs", "-j", type=click.IntRange(min=0), default=0, show_default=True,
                        callback=_jobs, help=help)


def format_option(choices: Sequence[str], default: str | None, help: str) -> Callable[[F], F]:
    """``--format`` (parameter ``fmt_out``): for people or for programs."""
    return click.option("--format", "fmt_out", type=click.Choice(list(choices)), default=default,
                        show_default=default is not None, help=help)


def lang_option(help: str = "help.common.lang", *,
                from_locale: bool = True) -> Callable[[F], F]:
    """``--lang`` (parameter ``lang``).

    With *from_locale* (messages and prose for people) the default is the
    language of the locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``), English
    when the program does not speak it, and the record's own language when
    that is English.  Options that choose what is written into a record
    (``convert``, ``fmt``) pass ``from_locale=False``: a file's bytes must
    not depend on who ran the command, so the default (``None``) writes
    each record in the language it is kept in.
    """
    if from_locale:
        return click.option("--lang", type=click.Choice(LANGUAGES), default=locale_language,
                            show_default="help.common.lang.from_locale", help=help,
                            callback=_remember_language)
    return click.option("--lang", type=click.Choice(LANGUAGES), default=None,
                        show_default="help.common.lang.default", help=help,
                        callback=_remember_given_language)


def refuse_empty_outputs(*params: str, folders: tuple[str, ...] = (),
                         writable: bool = True) -> Callable[[F], F]:
    """A command whose output options *params* (``-o``, ``--html``) refuse an
    empty name (``-o "$OUT"`` with ``OUT`` left empty) before it does any
    work: ``hearts: cannot write '': an empty file name ...``, status 2
    (:func:`hearts_notation.output.refuse_empty_name`, which every write
    asks too).  Checked when the command runs, once every option is read,
    so the message is in the language ``--lang`` gives wherever it stands.
    An output file no write could make (a folder, a missing folder) is
    refused then too (:func:`hearts_notation.output.refuse_unwritable`);
    the options named in *folders* (``--out-dir``) name a folder to make,
    and are checked for an empty name only, and so are all of them when
    *writable* is false (a command that checks its output itself first,
    in its own words: ``match``'s ``match.not_a_file``)."""
    def decorate(f: F) -> F:
        @functools.wraps(f)
        def checked(*args: Any, **kwargs: Any) -> Any:
            from ..output import refuse_empty_name, refuse_unwritable

            for name in (*params, *folders):
                refuse_empty_name(kwargs.get(name))
            for name in params if writable else ():
                refuse_unwritable(kwargs.get(name))
            return f(*args, **kwargs)
        return checked  # type: ignore[return-value]
    return decorate


def refuse_reports_over_inputs(inputs: str, *params: str) -> Callable[[F], F]:
    """A command that writes a report, a page or a picture to its output
    options *params* refuses one that names a file of its input parameter
    *inputs* (a path or a tuple of paths; a folder's record files too), before it does any work
    (:func:`hearts_notation.output.refuse_report_over_input`): status 2, the
    record untouched, in the language ``--lang`` gives."""
    def decorate(f: F) -> F:
        @functools.wraps(f)
        def checked(*args: Any, **kwargs: Any) -> Any:
            from ..io import EXTENSIONS
            from ..output import refuse_report_over_input

            given = kwargs.get(inputs) or ()
            paths = (given,) if isinstance(given, str) else tuple(given)
            for name in params:
                refuse_report_over_input(kwargs.get(name), paths, EXTENSIONS, pattern_inputs)
            return f(*args, **kwargs)
        return checked  # type: ignore[return-value]
    return decorate


def pattern_inputs(url: str) -> list[str]:
    """The local files a ``file://`` pattern (``file:///data/club/*.hrn``)
    reads, listed as the command lists it
    (:func:`hearts_notation.runners.shards.expand_url`: the record
    extensions, the hidden-folder rule below the pattern's fixed folder);
    none when it lists nothing, or cannot be listed (the run then says so
    itself).  The report refusal compares them with ``-o`` (review19)."""
    from ..io import EXTENSIONS
    from ..io.stream import InputError
    from ..runners.shards import expand_url

    try:
        found = expand_url(url, EXTENSIONS)
    except InputError:
        return []
    return [u[len("file://"):] for u in found if u.startswith("file://")]


def output_option(help: str = "help.common.output",
                  default: str | None = None) -> Callable[[F], F]:
    """``-o/--output FILE`` (parameter ``output``); an empty name is refused
    (:func:`refuse_empty_outputs`)."""
    option = click.option("-o", "--output", "output", default=default, metavar="FILE",
                          show_default=default is not None, help=help)
    refuse = refuse_empty_outputs("output")
    return lambda f: option(refuse(f))


#: The schemes of Dask's communication layers an address may name.
DASK_SCHEMES = ("tcp", "tls", "ws", "wss", "ucx", "inproc")


def scheduler_address_problem(address: str) -> str | None:
    """Why *address* is not a Dask scheduler address (``HOST:PORT`` or
    ``SCHEME://HOST:PORT``, the port 1-65535; ``inproc://`` anything), or
    ``None``.  Checked before Dask is started: Dask's own parser raises a
    bare ``ValueError`` from deep inside the client, and the half-made
    client prints a traceback when it is collected seconds later."""
    scheme, sep, rest = address.partition("://")
    if not sep:
        scheme, rest = "tcp", address
    if scheme not in DASK_SCHEMES:
        return "scheme"
    if scheme == "inproc":
        return None if rest else "host"
    host, colon, port = rest.rstrip("/").rpartition(":")
    if not colon or not host or any(c.isspace() or c in "/?#@" for c in host):
        return "host"
    if host.startswith("[") != host.endswith("]"):
        return "host"
    if not port.isdigit() or not 0 < int(port) < 65536:
        return "port"
    return None


def _check_scheduler(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is not None and scheduler_address_problem(value) is not None:
        raise click.BadParameter(_bad_address(value))
    return value


def _bad_address(value: str) -> str:
    from ..clickwords import run_language as usage_language
    from ..output import safe

    # (in the language of click's words around it, as --rules's: RulesParam)
    return translate(usage_language(), "engine.bad_address", address=safe(value),
                     schemes=", ".join(f"{s}://" for s in DASK_SCHEMES))


#: The longest ``--wait-workers``, a day: ``inf`` and ``1e300`` passed
#: ``FloatRange(min=0)`` and waited for ever for a worker that would not come
#: (Ctrl-C the only way out), a batch system's queue being counted in hours.
MAX_WAIT_WORKERS = 86400.0


def _wait_seconds(ctx: click.Context, param: click.Parameter, value: float | None) -> float | None:
    """``--wait-workers nan`` passed the range (every comparison with NaN is
    false): refused as a value, as ``inf`` and a negative number are by the
    range itself."""
    from ..clickwords import run_language as usage_language

    if value is not None and value != value:
        raise click.BadParameter(translate(usage_language(), "engine.wait_workers_nan"))
    return value


def engine_options() -> Callable[[F], F]:
    """``--engine local|dask``, ``--scheduler ADDRESS`` and ``--shard-size
    BYTES`` for the commands that map over games.  The command receives
    one parameter, ``engine_spec``
    (:class:`~hearts_notation.runners.local.EngineSpec`), to open with
    :func:`hearts_notation.commands._common.open_engine` and its ``jobs``.
    Dask itself is imported only when ``--engine dask`` runs."""

    def decorate(func: F) -> F:
        @functools.wraps(func)
        def wrapper(*args: Any, engine: str, scheduler: str | None, shard_size: int | None,
                    wait_workers: float | None, **kwargs: Any) -> Any:
            from ..runners.local import EngineSpec

            env = os.environ.get("DASK_SCHEDULER_ADDRESS")
            if engine == "dask" and scheduler is None and env \
                    and scheduler_address_problem(env) is not None:
                raise click.BadParameter(_bad_address(env), param_hint="$DASK_SCHEDULER_ADDRESS")
            spec = EngineSpec(engine, scheduler, shard_size, wait_workers)
            ctx = click.get_current_context(silent=True)
            paths = ctx.meta.get(_ASK_ENGINE) if ctx is not None else None
            if not paths or "lang" not in kwargs:
                return func(*args, engine_spec=spec, **kwargs)
            # No --lang, an English locale, the records only the workers see:
            # the engine is opened now and a worker tells the language of the
            # first record, before the command prints anything; the command
            # then runs on that engine (the local engine's records were read
            # while the command line was parsed, by the same function).
            from ._common import open_engine

            with open_engine(spec, kwargs.get("jobs") or 0) as opened:
                kwargs["lang"] = opened.records_language(paths) or kwargs["lang"]
                set_language(kwargs["lang"])
                return func(*args, engine_spec=spec.reusing(opened), **kwargs)

        target: Any = wrapper
        target = click.option(
            "--wait-workers", type=click.FloatRange(min=0, max=MAX_WAIT_WORKERS), default=None,
            metavar="SECONDS", callback=_wait_seconds,
            help="help.common.wait_workers")(target)
        target = click.option(
            "--shard-size", type=click.IntRange(min=1), default=None, metavar="BYTES",
            help="help.common.shard_size")(target)
        target = click.option(
            "--scheduler", metavar="ADDRESS", default=None, callback=_check_scheduler,
            help="help.common.scheduler")(target)
        # Eager, so that the language callbacks below know a Dask run before they
        # would sniff the first record on the client (the client never opens the data).
        target = click.option(
            "--engine", type=click.Choice(["local", "dask"]), default="local", show_default=True,
            is_eager=True,
            help="help.common.engine")(target)
        return target  # type: ignore[no-any-return]

    return decorate


__all__ = [
    "INPUT_FORMAT_NAMES",
    "RULES",
    "RulesParam",
    "engine_options",
    "format_option",
    "input_format_option",
    "jobs_option",
    "lang_option",
    "output_option",
    "refuse_reports_over_inputs",
    "rules_options",
]



# Selecting a game, a deal, a trick, a card (docs/cli.md, "Selecting a point") ------------


def point_option(name: str, dest: str, help: str) -> Callable[[F], F]:
    """``--game``, ``--deal``, ``--trick`` or ``--card`` (parameter *dest*):
    a 1-based count, every command alike.  0 or a negative number is
    refused by click as out of range (exit 2, in the run's language);
    past the end of the record is the command's check
    (:func:`require_deal` for a deal)."""
    return click.option(name, dest, type=click.IntRange(min=1), default=None, help=help)


def require_deal(deal: int | None, games: int, longest: int, where: str | None) -> None:
    """``--deal N`` against the games a command reads (*games* of them, the
    longest of *longest* deals): nothing when no deal is asked for or when
    at least one game has an N-th deal -- in a record of several games
    those that have one are the ones worked on, the others are left as
    they are --; otherwise exit 2 before anything is written, saying what
    the record has: ``FILE: --deal 9: the game has no deal 9 (it has 3)``,
    or for several games how many there are and how long the longest is.
    *where* names the record (``None``: the words without a file).

    The one check of every command that takes ``--deal`` as a deal's place
    in its game (``annotate``, ``solve``, ``position``, ``hint``,
    ``diagram``; ``annotate --out-dir`` says it once the corpus is read:
    :func:`deal_past_end_corpus`): a mistyped deal number used to be
    silently nothing to do (``annotate`` wrote the record back unanalysed,
    exit 0)."""
    if deal is None or games == 0 or deal <= longest:
        return      # (no game at all is said by the reader: "no game in FILE")
    from ..i18n import number
    from ..output import safe
    from ._common import fail

    lang = current_language()
    if games == 1:
        why = translate(lang, "select.deal_past_end", deal=deal, k=number(lang, longest))
    else:
        why = translate(lang, "select.deal_past_end_games", deal=deal, games=number(lang, games),
                        k=number(lang, longest))
    fail(why if where is None else translate(lang, "select.in_file", file=safe(where), why=why))


def deal_past_end_corpus(deal: int | None, games: int, deals_chosen: int) -> str | None:
    """``annotate --out-dir --deal N`` once the corpus is done: why the run
    is refused (no game of the *games* had an N-th deal: *deals_chosen* is
    0), else ``None``.  The client never reads a corpus (its workers do,
    part by part), so this is said at the end, the parts written as the
    records were; their done markers hold the settings, ``--deal``
    included, so the same command with the right deal does every part
    again."""
    if deal is None or games == 0 or deals_chosen:
        return None
    lang = current_language()
    from ..i18n import number

    return translate(lang, "select.deal_past_end_corpus", deal=deal, games=number(lang, games))
