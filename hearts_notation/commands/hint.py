"""``hearts hint``: for an unfinished record, the best cards for the seat to move.

The record stops somewhere (``*``); the seat to move there gets each legal
card (or, before the pass, the best passes) with its expected points lost
from that seat's own information, best first, and a sentence for the best.
"""

from __future__ import annotations

import click

from ..analysis.annotate import AnalysisOptions
from ..analysis.explain import card_text
from ..analysis.hint import Hint, HintError, SeatOptionError, hint_game, hint_position
from ..clickwords import HelpCommand
from ..i18n import count, render, translate
from ..model import Game
from ..output import json_text, message, safe, write_stdout
from ..presentation import Presentation
from ..rules import RuleSet
from ._common import is_position, read_position, stdout_console
from ._status import Report
from .annotate import eval_options
from .options import format_option, input_format_option, lang_option, rules_options
from .position import RecordPoint, point_options, record_point


@click.command("hint", cls=HelpCommand, help="help.hint")
@click.argument("file")
@click.option("--seat", help="help.hint.seat")
@point_options
@click.option("--samples", type=int, help="help.hint.samples")
@click.option("--seed", type=int, default=0, show_default=True, help="help.hint.seed")
@click.option("--fast", is_flag=True, help="help.hint.fast")
@lang_option("help.hint.lang")
@format_option(["text", "json"], "text", "help.hint.fmt_out")
@rules_options()
@input_format_option()
@click.option("--exact-tricks", type=int, help="help.hint.exact_tricks")
def command(file: str, seat: str | None, game_no: int | None, deal: int | None,
            trick: int | None, card: int | None, samples: int | None, seed: int,
            fast: bool, lang: str, fmt_out: str, rules: RuleSet | None, force_rules: bool,
            fmt_in: str | None, exact_tricks: int | None) -> Report:
    """``hearts hint``: its page (what it does, its options) is the
    catalogs' ``help.hint`` and ``help.hint.*``, in the run's language."""
    options = AnalysisOptions(eval=eval_options(fast, samples, seed, exact_tricks), lang=lang)
    game: Game | None = None
    rp: RecordPoint | None = None
    try:
        if is_position(file):
            hint = hint_position(read_position(file, lang), options, seat)
        else:
            rp = record_point(file, fmt_in, rules, force_rules, game_no, deal, trick, card, lang)
            game = rp.cut
            hint = hint_game(rp.cut, options, rules, force_rules, seat)
    except SeatOptionError as exc:
        # a bad option value, worded and exited (2) as click does for any other
        raise click.BadParameter(exc.text(lang), param_hint="'--seat'") from None
    except HintError as exc:
        if rp is None:
            message(translate(lang, "hint.error", file=safe(file), why=exc.text(lang)))
        else:
            message(rp.say(file, exc, lang, "hint.error"))
        return Report(unusable=1)
    if fmt_out == "json":
        write_stdout(json_text(hint.to_dict(), indent=2) + "\n")
    else:
        _print(hint, lang, game)
    return Report()


def _print(hint: Hint, lang: str, game: Game | None = None) -> None:
    # (rich for the text output alone: --format json is written without it; issue 22)
    from rich.text import Text

    from ..render.breaks import print_paragraph
    from ..render.fit import WordTable

    console = stdout_console()

    def t(key: str, **args: object) -> str:
        return translate(lang, key, **args)

    dec = t("number.decimal")
    # the player by name, the seat in parentheses (names first, issue 23)
    seat = (Presentation.of_game(lang, game).who(hint.seat) if game is not None
            else render(lang, "seat.as_is", {"seat": ("seat", hint.seat)}))
    hand = " ".join(card_text(c, lang) for c in hint.hand)
    head = (t("hint.head.play", deal=hint.deal, trick=hint.trick, seat=seat) if hint.kind == "play"
            else t("hint.head.pass", deal=hint.deal, seat=seat))
    # (print_paragraph here and below: the program wraps its sentences at
    # words, French's « : » kept with its word, where the terminal cut them
    # mid-word; lang29)
    print_paragraph(console, Text.assemble((head, "bold"), f"   {hand}"))
    # (narrowed between words: on a terminal 10 columns wide rich's own
    # table cut the cards and figures to ellipses)
    table = WordTable(show_header=True, header_style="bold")
    table.add_column(t("hint.col.card") if hint.kind == "play" else t("hint.col.pass"))
    table.add_column(t("hint.col.epl"), justify="right")
    table.add_column(t("hint.col.stderr"), justify="right")
    table.add_column(t("hint.col.points"), justify="right")
    for i, c in enumerate(hint.choices):
        name = " ".join(card_text(x, lang) for x in c.cards)
        style = "bold green" if i == 0 else None
        table.add_row(name, f"{c.epl:.1f}".replace(".", dec), f"{c.epl_stderr:.1f}".replace(".", dec),
                      f"{c.points:.1f}".replace(".", dec), style=style)
    console.print(table)
    print_paragraph(console, hint.comment)
    if len(hint.choices) == 1:
        worlds = t("hint.only")
    else:
        worlds = count(lang, "hint.worlds.exact" if hint.exact else "hint.worlds.played",
                       hint.worlds)
    print_paragraph(console, Text(worlds, style="dim"))
    for note in hint.notes:
        print_paragraph(console, Text(note, style="yellow"))
