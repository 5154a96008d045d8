"""click's own command-line errors in the run's language (issue 23).

click words its usage errors (``No such option '--foo'.``, ``Missing
argument 'PATH...'.``, ``Invalid value for '--format': ...``) with
``gettext``, bound into its modules as ``_`` and ``ngettext`` when they are
imported.  :func:`install` puts a look-up in their place that answers each
of those messages from the catalogs (``click.*`` ids; the English text is
click's own) when the run speaks another language, and click's own text
otherwise: a French scorer who mistypes an option reads ``Erreur : option
inconnue '--foo'`` like every other message of the run.

The help pages speak the run's language too (issue 24; this reverses the
earlier choice of leaving them to click, in English, made when only the
errors were translated): every command's description, its line in
``hearts --help``, each option's help and its ``[default: ...]`` words are
catalog ids (``help.<command>``, ``help.<command>.short``,
``help.<command>.<parameter>``, ``help.common.<parameter>`` for the shared
options), resolved when the page is formatted by :class:`HelpCommand`;
click's own words on the page (``Usage:``, ``Options``, ``Show this
message and exit.``, ``default:``) come through the same ``gettext`` look-up
as its errors, and the metavars that are words (``FILE``, ``INTEGER``) from
``help.metavar.*``.  The English catalog holds click's page text verbatim,
so the English pages are what they were.

The run's language is decided, when an error is worded, as for the rest of
the run (:mod:`hearts_notation.language`): ``--lang`` on the command
line, else the locale's language, else the language of the first record
named on the command line.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Final

import click

from .i18n import LANGUAGES, catalog, current_language, kept_spaces, locale_language

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem

__all__ = ["HelpCommand", "KeptSpacesContext", "KeptSpacesFormatter", "help_words", "install",
           "remember_arguments"]

#: click's English messages -> catalog ids (``.one``/``.other`` for plurals).
MESSAGES: Final[dict[str, str]] = {
    "Error: {message}": "click.error",
    "Try '{command} {option}' for help.": "click.try_help",
    "Invalid value: {message}": "click.invalid_value",
    "Invalid value for {param_hint}: {message}": "click.invalid_value_for",
    "Missing argument": "click.missing_argument",
    "Missing option": "click.missing_option",
    "Missing parameter": "click.missing_parameter",
    "Missing parameter: {param_name}": "click.missing_parameter_name",
    "No such option {name!r}.": "click.no_such_option",
    "No such command {name!r}.": "click.no_such_command",
    "Could not open file {filename!r}: {message}": "click.could_not_open",
    "Missing command.": "click.missing_command",
    "{value!r} is not a valid {number_type}.": "click.not_a_number",
    "{value} is not in the range {range}.": "click.not_in_range",
    "{value!r} is not a valid boolean. Recognized values: {states}": "click.not_a_boolean",
    "{name} {filename!r} does not exist.": "click.does_not_exist",
    "{name} {filename!r} is a file.": "click.is_a_file",
    "{name} {filename!r} is a directory.": "click.is_a_directory",
    "{name} {filename!r} is not readable.": "click.not_readable",
    "{name} {filename!r} is not writable.": "click.not_writable",
    "Option {name!r} does not take a value.": "click.takes_no_value",
    "Argument {name!r} takes {nargs} values.": "click.argument_values",
    # plurals (ngettext): the singular's id, with .one and .other in the catalogs
    "Did you mean {possibility}?": "click.did_you_mean",
    "Got unexpected extra argument ({args})": "click.extra_arguments",
    "{value!r} is not {choice}.": "click.not_a_choice",
    "Option {name!r} requires an argument.": "click.needs_arguments",
    # the words of a help page (issue 24)
    "Usage:": "click.usage",
    "Options": "click.options",
    "Commands": "click.commands",
    "default: {default}": "click.default",
    "env var: {var}": "click.env_var",
    "required": "click.required",
    "(dynamic)": "click.dynamic",
    "deprecated": "click.deprecated",
}
#: The plural messages: click's singular -> its plural.
PLURALS: Final[dict[str, str]] = {
    "Did you mean {possibility}?": "(Did you mean one of: {possibilities}?)",
    "Got unexpected extra argument ({args})": "Got unexpected extra arguments ({args})",
    "{value!r} is not {choice}.": "{value!r} is not one of {choices}.",
    "Option {name!r} requires an argument.": "Option {name!r} requires {nargs} arguments.",
}

#: The command line being run (what follows ``hearts``), for ``--lang`` and
#: the records it names.
_ARGS: list[str] = []
_DECIDED: list[str] = []
#: ``--lang`` or ``--lang=xx`` (compiled when a usage error is worded: start-up).
_LANG_ARG = r"--lang(?:=(\w+))?$"


def remember_arguments(args: Sequence[str]) -> None:
    """The command line of this run (its language is read from it if a
    usage error has to be worded)."""
    _ARGS[:] = list(args)
    _DECIDED.clear()


def _given_language(args: Sequence[str]) -> str | None:
    lang_arg = re.compile(_LANG_ARG)
    for i, arg in enumerate(args):
        m = lang_arg.match(arg)
        if m is None:
            continue
        value = m.group(1) or (args[i + 1] if i + 1 < len(args) else "")
        return value if value in LANGUAGES else None
    return None


def run_language() -> str:
    """The language click's errors are worded in for this run."""
    if _DECIDED:
        return _DECIDED[0]
    given = _given_language(_ARGS)
    lang = given or current_language()
    if given is None and lang == "en":
        lang = locale_language()
    if given is None and lang == "en":
        from .language import paths_language

        files = [a for a in _ARGS if not a.startswith("-") and os.path.isfile(a)]
        lang = paths_language(files) or "en"
    _DECIDED.append(lang)
    return lang


def _gettext(message: str) -> str:
    key = MESSAGES.get(message)
    if key is None or key in _PLURAL_IDS:
        return message
    lang = run_language()
    return message if lang == "en" else catalog(lang)[key]


def _ngettext(singular: str, plural: str, n: int) -> str:
    key = MESSAGES.get(singular)
    lang = run_language() if key is not None else "en"
    if key is None or lang == "en":
        return singular if n == 1 else plural
    from .i18n import plural as plural_form

    return catalog(lang)[f"{key}.{plural_form(lang, n)}"]


_PLURAL_IDS: Final = frozenset(MESSAGES[s] for s in PLURALS)


def install() -> None:
    """Put the catalogs' look-up in place of click's ``gettext`` (idempotent)."""
    import click.core
    import click.decorators
    import click.exceptions
    import click.formatting
    import click.parser
    import click.types

    for module in (click.exceptions, click.core, click.types, click.parser, click.decorators,
                   click.formatting):
        names: dict[str, Callable[..., str]] = {"_": _gettext, "ngettext": _ngettext}
        for name, fn in names.items():
            if hasattr(module, name):
                setattr(module, name, fn)


# Help pages (issue 24) --------------------------------------------------------------------

#: A help text that is a catalog id (what the commands give click as ``help=``).
_HELP_ID: Final = "help."
#: An upper-case word of a metavar (``FILE``, ``INTEGER RANGE``, ``FILES_OR_FOLDERS``).
_METAVAR_WORD = r"[A-Z][A-Z_]*(?: RANGE)?"


def help_words(text: str | None) -> str | None:
    """*text* as the reader of a help page reads it: a catalog id
    (``help.*``) in the run's language, anything else as it is."""
    if text is None or not text.startswith(_HELP_ID):
        return text
    return catalog(run_language())[text]


def _metavar(text: str, lang: str) -> str:
    """The words of a metavar in *lang* (``FILE`` -> ``FICHIER``); choices
    (``[hrn|json]``: values typed as they are) and symbols stay as they are."""
    if lang == "en" or (text.startswith("[") and "|" in text):
        return text
    words = catalog(lang)
    return re.sub(_METAVAR_WORD, lambda m: words.get(f"help.metavar.{m.group(0)}", m.group(0)), text)


def _spaced_extras(record: Callable[[click.Context], tuple[str, str] | None], lang: str
                   ) -> Callable[[click.Context], tuple[str, str] | None]:
    """An option's help record whose bracketed notes (``[default: 0;
    x>=0]``, joined by click with ``"; "``) are joined as *lang* writes a
    semicolon (``[par défaut : 0 ; x>=0]``); the help text before them is
    the catalog's, already written so."""
    sep = catalog(lang)["click.extras_separator"]

    def spaced(ctx: click.Context) -> tuple[str, str] | None:
        rv = record(ctx)
        if rv is None or not rv[1].endswith("]") or "  [" not in rv[1]:
            return rv
        text, _, notes = rv[1].rpartition("  [")
        return rv[0], f"{text}  [{re.sub(r'(?<! ); ', sep, notes)}"

    return spaced


#: What stands for a kept space while click wraps a help page (a private-use
#: character: none of the catalogs' texts holds one; one column wide, as the
#: space it stands for).
_KEPT: Final = "\ue000"


class KeptSpacesFormatter(click.HelpFormatter):
    """click's help formatter, whose lines never begin with ``:``, ``;``,
    ``?``, ``!``, ``%`` or ``»`` nor end with ``«`` (French's spaced signs,
    :func:`~hearts_notation.i18n.kept_spaces`): ``Code de sortie`` / ``: 0
    tout va bien`` at 40 columns, ``[par défaut`` / ``: standard]`` at 80."""

    def write_text(self, text: str) -> None:
        super().write_text(kept_spaces(text, _KEPT))

    def write_dl(self, rows: Sequence[tuple[str, str]], col_max: int = 30,
                 col_spacing: int = 2) -> None:
        super().write_dl([(term, kept_spaces(text, _KEPT)) for term, text in rows],
                         col_max, col_spacing)

    def getvalue(self) -> str:
        return super().getvalue().replace(_KEPT, " ")


class KeptSpacesContext(click.Context):
    """The context of every ``hearts`` command: its help pages are
    formatted by :class:`KeptSpacesFormatter`."""

    formatter_class = KeptSpacesFormatter


class HelpCommand(click.Command):
    """A command whose help page is worded from the catalogs in the run's
    language (:func:`help_words`): its own texts are catalog ids, swapped
    for their words while the page is formatted, and back afterwards (the
    command object lives as long as the program, and a test may format
    its page in several languages).  The class of every ``hearts`` command
    (``cls=`` of its decorator) and of the group."""

    context_class = KeptSpacesContext
    #: The ``--help`` option whose text was made a catalog id (click makes
    #: it once per command, its text worded when it is made).
    _worded_help: click.Option | None = None
    #: Whether the page's words are in place (:meth:`_worded`).
    _wording: bool = False

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        option = super().get_help_option(ctx)
        if option is not None and option is not self._worded_help:
            option.help = "help.click.help"
            self._worded_help = option
        return option

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with self._worded(ctx, page=True):
            super().format_help(ctx, formatter)

    def format_usage(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The usage line in the run's language, with the page's very
        metavars (``FICHIERS_OU_DOSSIERS...``, ``[OPTIONS]``,
        ``COMMANDE [ARGUMENTS]...``): the line a usage error prints under
        its message is the help page's first line, not click's English
        one (within :meth:`format_help` the page's words are in place
        already)."""
        with self._worded(ctx, page=False):
            super().format_usage(ctx, formatter)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """click's own parsing; a missing argument is named by the metavar
        the usage line under the error shows (``il manque l'argument
        'FICHIERS_OU_DOSSIERS...'`` in French), not click's English one."""
        try:
            return super().parse_args(ctx, args)
        except click.MissingParameter as exc:
            lang = run_language()
            if lang != "en" and exc.param_hint is None and isinstance(exc.param, click.Argument):
                exc.param_hint = f"'{_metavar(exc.param.make_metavar(ctx), lang)}'"
            raise

    @contextmanager
    def _worded(self, ctx: click.Context, page: bool) -> Iterator[None]:
        """The command's page texts (*page*: its description and options'
        help, :func:`help_words`) and, in a language other than English,
        its usage words (``[OPTIONS]``, the metavars) swapped for their
        words in the run's language while the body runs, and back
        afterwards (the command object lives as long as the program, and a
        test may format its page in several languages).  Entered once: the
        page's usage line is formatted within the page's words."""
        if self._wording:
            yield
            return
        lang = run_language()
        saved: list[tuple[object, str, object]] = []

        def put(obj: object, name: str, value: object) -> None:
            saved.append((obj, name, getattr(obj, name)))
            setattr(obj, name, value)

        try:
            put(self, "_wording", True)
            if page:
                put(self, "help", help_words(self.help))
            if lang != "en":
                words = catalog(lang)
                if self.options_metavar == "[OPTIONS]":
                    put(self, "options_metavar", words["help.usage.options"])
                if isinstance(self, click.Group) and self.subcommand_metavar == "COMMAND [ARGS]...":
                    put(self, "subcommand_metavar", words["help.usage.command"])
            for param in self.get_params(ctx):
                if page and isinstance(param, click.Option):
                    put(param, "help", help_words(param.help))
                    if lang != "en":
                        put(param, "get_help_record", _spaced_extras(param.get_help_record, lang))
                    if isinstance(param.show_default, str):
                        put(param, "show_default", help_words(param.show_default))
                if lang != "en" and not (isinstance(param, click.Option) and param.is_flag):
                    put(param, "metavar", _metavar(param.make_metavar(ctx), lang))
            yield
        finally:
            for obj, name, value in reversed(saved):
                setattr(obj, name, value)

    def get_short_help_str(self, limit: int = 45) -> str:
        """The command's line in a list of commands (shell completion):
        its ``help.<command>.short``, as ``hearts --help`` shows it."""
        short = f"{self.help}.short"
        if self.help is not None and self.help.startswith(_HELP_ID) and short in catalog("en"):
            return help_words(short) or ""
        return super().get_short_help_str(limit)

    def shell_complete(self, ctx: click.Context, incomplete: str) -> list[CompletionItem]:
        """Shell completion describes the options in their words, not ids."""
        items = super().shell_complete(ctx, incomplete)
        for item in items:
            item.help = help_words(item.help)
        return items


