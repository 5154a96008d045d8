"""``hearts lsp``: the HRN language server, for editors (docs/editors.md).

It talks the Language Server Protocol on standard input and output until
the editor ends the session: findings of ``validate`` as you type, the
legal cards at the cursor, hovers, the outline, ``fmt`` as formatting,
fixes.  The server needs pygls, an optional extra (``pip install
'hearts-notation[lsp]'``); without it the command says so in one line and
exits with status 2, as for any unusable command line.
"""

from __future__ import annotations

import importlib.util

import click
from click.core import ParameterSource

from ..clickwords import HelpCommand
from ..i18n import current_language, msg, translate
from ._common import fail
from ._status import Report
from .options import lang_option


@click.command("lsp", cls=HelpCommand, help="help.lsp",
               context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--stdio", is_flag=True,
              help="help.lsp.stdio")
@lang_option("help.lsp.lang")
def command(stdio: bool, lang: str) -> Report:
    """``hearts lsp``: its page (what it does, its options) is the
    catalogs' ``help.lsp`` and ``help.lsp.*``, in the run's language."""
    if importlib.util.find_spec("pygls") is None or importlib.util.find_spec("lsprotocol") is None:
        fail(translate(current_language(), "lsp.pygls_missing"))
    from ..editor.server import MessageTooLong, serve

    # ``--lang`` typed holds for every record (when the client sends no
    # locale); the locale's default lets an English session speak of each
    # record in the record's language, as ``validate`` does.
    given = click.get_current_context().get_parameter_source("lang") == ParameterSource.COMMANDLINE
    # The protocol's exit status: 0 after shutdown, 1 for an exit without it.
    try:
        done = serve(lang, given)
    except MessageTooLong as exc:
        fail(msg("lsp.message_too_long", size=("num", exc.size),
                 limit=("num", exc.limit)).text(current_language()))
    return Report(findings=0 if done else 1)
