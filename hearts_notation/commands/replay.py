"""``hearts replay``: a deal trick by trick, told in prose, or as an HTML page.

Three views of the same facts (:mod:`hearts_notation.render.story`):

* the terminal replay (default): hands as dealt, passes, the tricks in a
  staggered table with comments, marks and the referee's findings inline,
  the score and the totals; ``--step`` pauses before each trick on a TTY;
* ``--narrate``: the deal told in French or English prose (``--lang``);
* ``--html OUT.html``: one self-contained page to step through the game in
  a browser, written atomically.

Exit status: 0 the record was replayed and the referee found no error, 1 it
was replayed and the referee found errors (shown inline), 2 unusable input
or command line (missing file, no such game or deal, bad ``--rules``).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from typing import Any, TypeVar

import click
from rich.console import Console
from rich.text import Text

from ..clickwords import HelpCommand
from ..diagnostics import NamedError, named_errors
from ..i18n import current_language, seats_in_view, translate
from ..io import InputError, read_games, write_atomic
from ..io.jsonio import JSON_ERRORS, json_problem, loads_record
from ..io.stream import decode, read_bytes
from ..model import Game
from ..output import escape_controls, safe
from ..render.html import record_language, render_html
from ..render.narrate import narrate
from ..render.story import DealFact, GameFact, build_game
from ..render.terminal import render_game
from ..rules import RuleSet
from ._common import (
    fail,
    fail_input,
    fail_output,
    fail_syntax,
    stderr_console,
    stdout_console,
)
from .options import (
    input_format_option,
    lang_option,
    point_option,
    refuse_empty_outputs,
    refuse_reports_over_inputs,
    rules_options,
)
from .report import CorpusReport

_T = TypeVar("_T")


def is_score_sheet(game: Game) -> bool:
    """A game kept as a score sheet: deals with a score line and no card."""
    return bool(game.deals) and all(
        d.score is not None and not d.tricks and not d.passes and not any(d.hands.values())
        for d in game.deals)


def sheet_page(games: Sequence[GameFact], rules: RuleSet | None, force_rules: bool,
               lang: str) -> Iterator[str]:
    """The page of score sheets: the one ``hearts score --format html``
    prints, a table of points and running totals per game."""
    from ..api import score
    from ..render.scoresheet import SheetGame, score_sheets_html

    sheets = []
    for g in games:
        scored = score(g.game, rules, force_rules=force_rules)
        sheets.append(SheetGame(g.game, scored.rules, scored.score, scored.findings))
    events = {g.game.tags.get("Event") for g in games}
    title = events.pop() if len(events) == 1 else None
    return iter(score_sheets_html(sheets, title=title, lang=lang))


def _in_view(seats: tuple[str, ...], parts: Iterator[_T]) -> Iterator[_T]:
    """The parts of a game, each built with the game's seats in view
    (:func:`hearts_notation.i18n.seats_in_view`)."""
    while True:
        with seats_in_view(seats):
            part = next(parts, None)
        if part is None:
            return
        yield part

def _interactive() -> bool:
    """``--step`` pauses only when a person is at a terminal on both ends."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def _choose(games: Sequence[GameFact], deal_no: int | None,
            path: str) -> list[tuple[GameFact, list[DealFact]]]:
    """The games and deals to show; ``--deal`` picks by deal number (or by
    position when the record does not number its deals)."""
    out = []
    for g in games:
        if deal_no is None:
            out.append((g, list(g.deals)))
            continue
        chosen = [d for d in g.deals if d.number == deal_no]
        if not chosen and 1 <= deal_no <= len(g.deals) and g.deals[deal_no - 1].deal.number is None:
            chosen = [g.deals[deal_no - 1]]
        if chosen:
            out.append((g, chosen))
    if deal_no is not None and not out:
        numbers = sorted({d.number for g in games for d in g.deals})
        have = ", ".join(map(str, numbers)) or "none"
        fail(translate(current_language(), "cli.no_deal", path=safe(path), n=deal_no, have=have))
    return out


def _read_analysis(path: str) -> dict[int, tuple[list[dict[str, Any]], dict[str, Any] | None]]:
    """The decisions and the learner's report (``summary``) of an
    ``annotate --format json`` report, by the game's 1-based position in
    its file; a file that is not such a report is unusable input (exit 2)."""
    # Read as every reader reads: bounded (/dev/zero, an endless input), UTF-8
    # checked at its place, the nesting checked before decoding (a deep file
    # used to end in a RecursionError, exit 3).
    try:
        text = decode(read_bytes(path), path)
    except InputError as exc:
        fail(exc.text(current_language()))
    try:
        report = loads_record(text)
    except JSON_ERRORS as exc:
        why, line, column = json_problem(exc)
        fail(translate(current_language(), "cli.not_report", path=f"{safe(path)}:{line}:{column}") + ": "
             + why.text(current_language()))
    games = report.get("games") if isinstance(report, dict) else None
    if not isinstance(games, list):
        fail(translate(current_language(), "cli.not_report", path=safe(path)) + " "
             + translate(current_language(), "cli.no_games_list"))
    out: dict[int, tuple[list[dict[str, Any]], dict[str, Any] | None]] = {}
    for k, g in enumerate(games, 1):
        if isinstance(g, dict) and isinstance(g.get("decisions"), list):
            index = g.get("index")
            summary = g.get("summary")
            out[index if isinstance(index, int) else k] = (
                [d for d in g["decisions"] if isinstance(d, dict)],
                summary if isinstance(summary, dict) else None)
    return out


#: The paragraphs of a narration handed to rich at once (its layout of a
#: text holds some thirty times the text).
_PARAGRAPHS_PRINTED = 200


def _width(console: Console) -> int:
    return max(40, min(console.width, 100))


@click.command("replay", cls=HelpCommand, help="help.replay")
@refuse_empty_outputs("html_out")
@refuse_reports_over_inputs("path", "html_out")
@click.argument("path", metavar="FILE")
@point_option("--game", "game_no", "help.replay.game_no")
@point_option("--deal", "deal_no", "help.replay.deal_no")
@lang_option("help.replay.lang")
@click.option("--unicode/--ascii", "unicode", default=True, show_default=True,
              help="help.replay.unicode")
@click.option("--step", is_flag=True,
              help="help.replay.step")
@click.option("--narrate", "narrate_", is_flag=True, help="help.replay.narrate_")
@click.option("--html", "html_out", default=None, metavar="OUT.html",
              help="help.replay.html_out")
@click.option("--analysis", "analysis_path", default=None, metavar="REPORT.json",
              help="help.replay.analysis_path")
@rules_options()
@input_format_option()
@click.pass_context
def command(ctx: click.Context, path: str, game_no: int | None, deal_no: int | None, lang: str,
            unicode: bool, step: bool, narrate_: bool, html_out: str | None,
            analysis_path: str | None, rules: RuleSet | None,
            force_rules: bool, fmt_in: str | None) -> CorpusReport:
    """``hearts replay``: its page (what it does, its options) is the
    catalogs' ``help.replay`` and ``help.replay.*``, in the run's language."""
    spec = rules
    games: list[GameFact] = []
    positions: list[int] = []      # each game's 1-based position in the file
    syntax: list[NamedError] = []
    try:
        for i, game in enumerate(read_games(path, fmt_in, spec), 1):
            if game_no is not None and i != game_no:
                continue
            syntax.extend(named_errors(game))
            games.append(build_game(game, rules, force_rules))
            positions.append(i)
            if game_no is not None:
                break
    except InputError as exc:
        fail_input(exc)
    if syntax:
        fail_syntax(path, syntax)
    if game_no is not None and not games:
        fail(translate(current_language(), "cli.no_game_in", path=safe(path), n=game_no))
    chosen = _choose(games, deal_no, path)
    errors = any(g.errors for g, _ in chosen)
    done = CorpusReport(findings=int(errors), games=len(chosen),
                        deals=sum(len(deals) for _, deals in chosen))

    if analysis_path is not None and html_out is None:
        fail(translate(current_language(), "cli.analysis_html"))
    if html_out is not None:
        shown = [g for g, _ in chosen]
        start = (0, 0)
        if deal_no is not None and chosen:
            start = (0, chosen[0][1][0].index)
        page_lang = lang
        if ctx.get_parameter_source("lang") in (None, click.core.ParameterSource.DEFAULT):
            page_lang = (record_language(shown[0]) if shown else None) or lang
        analyses = None
        summaries = None
        if analysis_path is not None:
            by_index = _read_analysis(analysis_path)
            found = [by_index.get(positions[games.index(g)], ([], None)) for g in shown]
            analyses = [f[0] for f in found]
            summaries = [f[1] for f in found]
        try:
            if shown and all(is_score_sheet(g.game) for g in shown):
                # A score sheet has no card to show: its page is the table of
                # points and running totals deal by deal (score --format html).
                page = "".join(sheet_page(shown, rules, force_rules, page_lang))
            else:
                page = render_html(shown, page_lang, start=start, analyses=analyses,
                                   summaries=summaries)
            write_atomic(html_out, page)
        except OSError as exc:
            fail_output(exc, html_out)
        if html_out != "-":
            stderr_console().print(translate(current_language(), "replay.wrote", path=html_out),
                                   highlight=False, markup=False)
        if not narrate_:
            return done

    console = stdout_console()
    if narrate_:
        for k, (g, deals) in enumerate(chosen):
            if k:
                console.print()
            with seats_in_view(g.seats):
                text = narrate(g, lang, unicode, deals, width=_width(console))
            # A few hundred paragraphs at a time: the text is wrapped
            # already, and rich laid out the whole of it at once (a game of
            # 10,000 deals: 31 MB of prose, 1.1 GB of rich's lines).
            paras = text.rstrip("\n").split("\n\n")
            del text
            for i in range(0, len(paras), _PARAGRAPHS_PRINTED):
                if i:
                    console.print()
                console.print(Text(escape_controls("\n\n".join(paras[i:i + _PARAGRAPHS_PRINTED]),
                                                   keep_layout=True)))
        return done

    if chosen and all(is_score_sheet(g.game) for g, _ in chosen):
        # A score sheet has no card to show: its points and running totals.
        from ..api import score
        from .score import print_sheet

        for g, _ in chosen:
            scored = score(g.game, rules, force_rules=force_rules)
            print_sheet(console, g.game, scored.rules, scored.score, scored.findings, lang)
        return done

    pause = step and _interactive()
    for k, (g, deals) in enumerate(chosen):
        if k:
            console.print()
        for kind, renderable in _in_view(g.seats, render_game(g, deals, unicode, lang)):
            if pause and kind == "trick":
                prompt = translate(lang, "replay.step_prompt")
                click.echo(prompt, err=True, nl=False)
                key = click.getchar()
                click.echo("\r" + " " * len(prompt) + "\r", err=True, nl=False)
                if key in ("q", "Q", "\x1b", "\x03"):
                    return done
            console.print(renderable)
    return done
