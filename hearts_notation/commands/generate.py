"""``hearts generate``: complete legal games played by bots.

A source of large, realistic corpora for tests, benchmarks and anyone who
needs records to try a tool on.  Games are generated in worker processes
(``--jobs``) and written as they come, in order, through a temporary file
renamed at the end; the same seed gives the same bytes whatever ``--jobs``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import partial
from pathlib import Path

import click

from ..bots import BOTS
from ..clickwords import HelpCommand
from ..generate import GameSpec, build_game
from ..i18n import current_language, msg
from ..io import EXTENSIONS, OUTPUT_FORMATS, RECORD_FORMATS, iter_dumps, write_atomic_iter
from ..output import message
from ..progress import CorpusProgress
from ..rules import RuleSet
from ..runners.local import EngineSpec
from ..summaries import GenerateTotals
from ._common import fail, open_engine
from .options import (
    engine_options,
    format_option,
    jobs_option,
    lang_option,
    output_option,
    rules_options,
)
from .report import CorpusReport

#: Formats written game by game (the record formats of :mod:`..io.formats`).
_GEN_FORMATS = RECORD_FORMATS


def _render(spec: GameSpec, fmt: str, single: bool, number: int) -> tuple[int, str]:
    """Worker side: game *number* as the text it takes in the output
    (number of deals, text); shipping text rather than the game object
    keeps the parent's work to writing."""
    game = build_game(spec, number)
    if fmt == "json" and not single:
        from ..io.jsonio import piece_json

        return len(game.deals), piece_json(game, number - 1)
    text = "".join(iter_dumps([game], fmt))
    if number > 1:
        text = ("\n" if fmt == "hrn" else "---\n" if fmt == "yaml" else "") + text
    return len(game.deals), text


def _pieces(results: Iterator[tuple[int, str]], fmt: str, single: bool,
            bar: CorpusProgress, totals: GenerateTotals) -> Iterator[str]:
    """The output's text, game by game; *totals* (merged in place, in
    order) counts what has been written."""
    array = fmt == "json" and not single
    if array:
        yield "[\n"
    for deals, text in results:
        bar.advance(1, deals)
        totals += GenerateTotals(1, deals, len(text))
        yield text
    if array:
        yield "\n]\n"


def _bot_names(value: str, players: int) -> tuple[str, ...]:
    names = tuple(x.strip() for x in value.split(",") if x.strip())
    for n in names:
        if n not in BOTS:
            fail(msg("cli.unknown_bot", name=repr(n), bots=("or", *BOTS)).text(current_language()))
    if len(names) not in (1, players):
        fail(msg("cli.bots_count", n=len(names), players=players).text(current_language()))
    return names


@click.command("generate", cls=HelpCommand, help="help.generate")
@click.option("--games", "-n", type=click.IntRange(min=1), default=1, show_default=True,
              help="help.generate.games")
@click.option("--seed", type=int, default=None,
              help="help.generate.seed")
@rules_options(force=False, default="standard",
               help="help.generate.rules")
@click.option("--bots", default="heuristic", show_default=True, metavar="BOT[,BOT...]",
              help="help.generate.bots")
@format_option(_GEN_FORMATS, None, "help.generate.fmt_out")
@output_option("help.generate.output", default="-")
@click.option("--deals-per-game", type=click.IntRange(min=1), default=None, metavar="K",
              help="help.generate.deals_per_game")
@jobs_option("help.generate.jobs")
@engine_options()
@lang_option()
def command(games: int, seed: int | None, rules: RuleSet, bots: str, fmt_out: str | None,
            output: str, deals_per_game: int | None, jobs: int, engine_spec: EngineSpec,
            lang: str) -> CorpusReport:
    """``hearts generate``: its page (what it does, its options) is the
    catalogs' ``help.generate`` and ``help.generate.*``, in the run's language."""
    fmt = fmt_out
    if fmt is None:
        fmt = EXTENSIONS.get(Path(output).suffix.lower(), "hrn")
        if fmt not in _GEN_FORMATS or fmt not in OUTPUT_FORMATS:
            fmt = "hrn"
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 32)
    names = _bot_names(bots, rules.players)
    spec = GameSpec(seed, rules, names, deals_per_game)
    single = games == 1
    work = partial(_render, spec, fmt, single)
    chunk = max(1, min(16, games // (jobs * 4) or 1))
    totals = GenerateTotals()
    try:
        with open_engine(engine_spec, min(jobs, games)) as engine, \
                CorpusProgress("generate", total=games, unit="games") as bar:
            results = engine.map(work, range(1, games + 1), chunk_size=chunk)
            write_atomic_iter(output, _pieces(results, fmt, single, bar, totals))
    except KeyboardInterrupt:
        # The temporary file is gone and the workers are stopped; an output
        # file that existed is untouched.
        lang = current_language()
        message(msg("generate.interrupted", n=("num", totals.games),
                    what=msg("generate.nothing_written" if output != "-"
                             else "generate.incomplete").arg()).text(lang))
        return CorpusReport(games=totals.games, deals=totals.deals, interrupted=True)
    if bar.enabled:
        message(msg("generate.done", games=("num", totals.games), deals=("num", totals.deals),
                    seed=seed).text(current_language()))
    return CorpusReport(games=totals.games, deals=totals.deals)
