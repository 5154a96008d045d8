"""``hearts puzzles``: a trainer page (or JSON) made of the ``?`` and ``??`` of records.

Every play marked ``?`` or ``??`` -- by an analysis run here (``--fast``,
``--seed`` and ``--samples`` as in ``hearts annotate``), or read from records
``hearts annotate -o`` has already marked -- becomes a puzzle from the mover's
seat: "find the better card" (:mod:`hearts_notation.puzzles`).  ``-o
trainer.html`` writes the self-contained trainer page
(:mod:`hearts_notation.render.trainer`); ``--format json`` the puzzle set
(schema ``hearts_notation/schema/puzzles.schema.json``).
"""

from __future__ import annotations

import click

from ..analysis.annotate import AnalysisOptions
from ..i18n import translate
from ..io import InputError
from ..output import json_text, message, write_atomic, write_stdout
from ..puzzles import game_puzzles, puzzle_set
from ..render.trainer import render_trainer
from ..rules import RuleSet
from ._common import expand_paths, fail, fail_input, fail_output
from ._status import Report
from .annotate import eval_options, read_record
from .options import format_option, input_format_option, lang_option, rules_options


@click.command("puzzles")
@click.argument("files", nargs=-1, required=True)
@click.option("-o", "--output", "out",
              help="The trainer page (.html) or the JSON set to write ('-': standard output).")
@click.option("--samples", type=int, help="Screening deals (default 48, 16 with --fast).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the sampling.")
@click.option("--fast", is_flag=True, help="Fewer samples and a shallower exact search.")
@click.option("--exact-tricks", type=int, help="Solve exactly once this many tricks remain (default 5).")
@click.option("--reanalyse", is_flag=True,
              help="Analyse every decision even in records that already carry marks.")
@click.option("--title", help="Title of the page (default: 'Learn from your games').")
@lang_option("Language of the page and of the reasons.")
@format_option(["html", "json"], None, "html: the trainer page; json: the puzzle set (default: from -o).")
@rules_options()
@input_format_option()
def command(files: tuple[str, ...], out: str | None, samples: int | None, seed: int, fast: bool,
            exact_tricks: int | None, reanalyse: bool, title: str | None, lang: str,
            fmt_out: str | None, rules: RuleSet | None, force_rules: bool,
            fmt_in: str | None) -> Report:
    """Puzzles from the ? and ?? plays of FILES: a trainer page or JSON.

    Each marked play is shown from the mover's seat (its hand, the trick,
    the tricks played, what it knows): find the better card.  Records
    already annotated (hearts annotate -o) keep their marks; others are
    analysed here, as hearts annotate would.
    """
    fmt = fmt_out or ("json" if out and out.endswith(".json") else "html")
    if fmt == "html" and (out is None or out == "-"):
        fail(translate(lang, "puzzles.cli.no_output"))
    options = AnalysisOptions(eval=eval_options(fast, samples, seed, exact_tricks), lang=lang)
    puzzles = []
    try:
        paths = list(expand_paths(files))
    except InputError as exc:
        fail_input(exc)
    for path in paths:
        games, _ = read_record(path, fmt_in, rules, force_rules)
        for game in games:
            puzzles.extend(game_puzzles(game, options, rules, force_rules,
                                        use_marks=False if reanalyse else None))
    if fmt == "json":
        text = json_text(puzzle_set(puzzles, lang, seed), indent=2) + "\n"
    else:
        text = render_trainer(puzzles, lang, title)
    if out is None or out == "-":
        write_stdout(text)
    else:
        try:
            write_atomic(out, text)
        except OSError as exc:
            fail_output(exc, out)
        message(translate(lang, "puzzles.cli.written", n=len(puzzles), out=out))
    if not puzzles:
        message(translate(lang, "puzzles.cli.none"))
    return Report()
