"""``hearts rules``: the rule presets, or one rule set in full.

``hearts rules`` lists the presets (name, players, description) as a table,
or as JSON with ``--format json``.  ``hearts rules NAME`` prints one rule set
as YAML (the form of a rules file): NAME is a preset, ``"preset key=value
..."`` as in a ``Rules`` tag, or a YAML rules file.  A bad name, key or value
is one line on standard error naming the valid choices, and exit status 2.
"""

from __future__ import annotations

import click

from ..clickwords import HelpCommand
from ..i18n import catalog, translate
from ..output import json_text, write_stdout
from ..rules import RuleError, load_rules, preset_description, preset_names, preset_rules
from ._common import fail, stdout_console
from ._status import Report
from .options import format_option, lang_option


def _description(lang: str, preset: str) -> str:
    """A preset's description in *lang* (the preset file's own line for a
    preset no catalog describes)."""
    key = f"preset.{preset}"
    return translate(lang, key) if key in catalog(lang) else preset_description(preset)


@click.command("rules", cls=HelpCommand, help="help.rules")
@click.argument("name", required=False, metavar="[NAME]")
@format_option(["text", "json", "yaml"], None, "help.rules.fmt_out")
@lang_option()
def command(name: str | None, fmt_out: str | None, lang: str) -> Report:
    """``hearts rules``: its page (what it does, its options) is the
    catalogs' ``help.rules`` and ``help.rules.*``, in the run's language."""
    if name is None:
        rows = []
        for preset in preset_names():
            rs = preset_rules(preset)
            rows.append({"name": preset, "players": rs.players,
                         "description": preset_description(preset), "rules": rs.to_mapping()})
        if fmt_out == "json":
            write_stdout(json_text(rows, indent=2) + "\n")
            return Report()
        if fmt_out == "yaml":
            from ..io.yamlwrite import dump  # (block style throughout, as before)

            write_stdout(dump(rows))
            return Report()
        # (rich for the table alone: a rule set as YAML or JSON, or the list as
        # JSON, is written without it, about 14 ms of every such start; issue 22)
        from rich.text import Text

        from ..render.fit import WordTable

        # (narrowed between words: on a terminal 10 columns wide rich's own
        # table gave the players and the descriptions no room at all, and
        # "sta…" for a name)
        table = WordTable(title=translate(lang, "rules.title"), title_justify="left")
        table.add_column(translate(lang, "rules.col.name"), style="bold", no_wrap=True)
        table.add_column(translate(lang, "rules.col.players"), justify="right")
        table.add_column(translate(lang, "rules.col.description"))
        for row in rows:
            table.add_row(str(row["name"]), str(row["players"]), _description(lang, str(row["name"])))
        console = stdout_console()
        console.print(table)
        console.print(Text.assemble(translate(lang, "rules.more.before"),
                                    (translate(lang, "rules.more.command"), "bold"),
                                    translate(lang, "rules.more.after")))
        return Report()
    try:
        rules = load_rules(name)
    except RuleError as exc:
        fail(exc.text(lang))
    if fmt_out == "json":
        doc = {"name": rules.name, "spec": rules.portable_spec, **rules.to_mapping()}
        write_stdout(json_text(doc, indent=2) + "\n")
        return Report()
    text = rules.to_yaml()
    if rules.name in preset_names():
        description = _description(lang, rules.name)
        if description:
            text = text.replace("\n", f"\n# {description}\n", 1) if not rules.overrides else text
    write_stdout(text)
    return Report()
