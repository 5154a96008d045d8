"""The ``hearts`` command: a thin click group, one module per command.

Each command lives in ``hearts_notation/commands/<name>.py`` and exposes a
click command named ``command``.  Commands are imported lazily so that
``hearts fmt`` does not pay for loading the analysis code, and so that a
broken optional module cannot take the whole program down.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from typing import Any

import click

from . import __version__, _compiled

#: Command name -> (module, one-line help shown in ``hearts --help``).
COMMANDS: dict[str, tuple[str, str]] = {
    "validate": ("validate", "Check every card of every deal against the rules."),
    "score": ("score", "Recompute points, moons, totals and the winners."),
    "convert": ("convert", "Convert records between HRN, JSON, JSONL, YAML and OpenSpiel."),
    "fmt": ("fmt", "Rewrite records in canonical HRN form (like black)."),
    "rules": ("rules", "List the rule presets, or print one as YAML."),
    "replay": ("replay", "Show a deal trick by trick, narrate it, or write an HTML replay."),
    "annotate": ("annotate", "Mark the passes and plays that cost points, and say why."),
    "hint": ("hint", "For an unfinished record: the best cards for the seat to move."),
    "generate": ("generate", "Generate complete legal games played by bots."),
    "stats": ("stats", "Statistics over a corpus of records."),
    "standings": ("standings", "Standings by player over many games: wins, averages, cross-table."),
}


class LazyGroup(click.Group):
    """A click group whose subcommands are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [name for name in COMMANDS if self._available(name)]

    @staticmethod
    def _available(name: str) -> bool:
        module = COMMANDS[name][0]
        return importlib.util.find_spec(f"hearts_notation.commands.{module}") is not None

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS or not self._available(cmd_name):
            return None
        module = importlib.import_module(f"hearts_notation.commands.{COMMANDS[cmd_name][0]}")
        cmd: click.Command = module.command
        return cmd

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, COMMANDS[name][1]) for name in self.list_commands(ctx)]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="hearts",
                      message="%(prog)s, version %(version)s\n" + _compiled.description())
def cli() -> None:
    """Hearts records: read, check, score, convert, replay and analyse games.

    Records are HRN text (.hrn), JSON (.json, .jsonl) or YAML (.yaml).
    Exit status: 0 fine, 1 findings, 2 unusable input or command line.
    """


def main(argv: list[str] | None = None) -> Any:
    """Entry point of the console script.

    Click runs in non-standalone mode so that Ctrl-C (which click would
    turn into "Aborted!" and exit status 1) exits with the conventional 130
    and a one-line message; usage errors still print click's message and
    exit 2, and commands raise ``SystemExit`` with their own status.
    """
    try:
        cli.main(args=argv, prog_name="hearts", standalone_mode=False)
    except click.exceptions.Abort:
        click.echo("hearts: interrupted", err=True)
        sys.exit(130)
    except KeyboardInterrupt:
        click.echo("hearts: interrupted", err=True)
        sys.exit(130)
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except BrokenPipeError:
        # Output piped into `head` and closed early: not an error of ours.
        sys.stderr.close()
        sys.exit(0)
    sys.exit(0)
