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

from ..analysis.annotate import AnalysisOptions, GameAnalysis
from ..clickwords import HelpCommand
from ..i18n import msg, translate
from ..io import InputError
from ..output import json_text, message, write_atomic, write_stdout
from ..progress import stderr_is_terminal
from ..puzzles import game_puzzles, marked_in_record, puzzle_set
from ..render.trainer import render_trainer
from ..rules import RuleSet
from ..runners.local import EngineSpec
from ._common import expand_paths, fail, fail_input, fail_output, open_engine
from ._status import Report
from .annotate import analyse_parallel, decision_progress, eval_options, read_record
from .options import (
    format_option,
    input_format_option,
    jobs_option,
    lang_option,
    refuse_empty_outputs,
    refuse_reports_over_inputs,
    rules_options,
)


@click.command("puzzles", cls=HelpCommand, help="help.puzzles")
@refuse_empty_outputs("out")
@refuse_reports_over_inputs("files", "out")
@click.argument("files", nargs=-1, required=True)
@click.option("-o", "--output", "out", metavar="FILE",
              help="help.puzzles.out")
@click.option("--samples", type=int, help="help.puzzles.samples")
@click.option("--seed", type=int, default=0, show_default=True, help="help.puzzles.seed")
@click.option("--fast", is_flag=True, help="help.puzzles.fast")
@click.option("--exact-tricks", type=int, help="help.puzzles.exact_tricks")
@click.option("--reanalyse", is_flag=True,
              help="help.puzzles.reanalyse")
@click.option("--title", help="help.puzzles.title")
@jobs_option("help.puzzles.jobs")
@lang_option("help.puzzles.lang")
@format_option(["html", "json"], None, "help.puzzles.fmt_out")
@rules_options()
@input_format_option()
def command(files: tuple[str, ...], out: str | None, samples: int | None, seed: int, fast: bool,
            exact_tricks: int | None, reanalyse: bool, title: str | None, jobs: int, lang: str,
            fmt_out: str | None, rules: RuleSet | None, force_rules: bool,
            fmt_in: str | None) -> Report:
    """``hearts puzzles``: its page (what it does, its options) is the
    catalogs' ``help.puzzles`` and ``help.puzzles.*``, in the run's language."""
    fmt = fmt_out or ("json" if out and out.endswith(".json") else "html")
    if fmt == "html" and (out is None or out == "-"):
        fail(translate(lang, "puzzles.cli.no_output"))
    options = AnalysisOptions(eval=eval_options(fast, samples, seed, exact_tricks), lang=lang)
    try:
        paths = list(expand_paths(files))
    except InputError as exc:
        fail_input(exc)
    games = [g for path in paths for g in read_record(path, fmt_in, rules, force_rules)[0]]
    # Records already marked keep their marks; the others are analysed, with
    # --jobs one deal per task (annotate's own machinery: the same analyses).
    raw = [g for g in games if reanalyse or not marked_in_record(g)]
    analyses: dict[int, GameAnalysis] = {}
    if raw and jobs > 1 and sum(len(g.deals) for g in raw) > 1:
        with open_engine(EngineSpec(), min(jobs, sum(len(g.deals) for g in raw))) as engine:
            done, _ = analyse_parallel(raw, options, rules, force_rules, None, engine)
        analyses = {id(g): a for g, a in zip(raw, done, strict=True)}
    puzzles = []
    with decision_progress(raw if not analyses else [], stderr_is_terminal()) as tick:
        for game in games:
            puzzles.extend(game_puzzles(game, options, rules, force_rules,
                                        use_marks=False if reanalyse else None,
                                        analysis=analyses.get(id(game)), progress=tick))
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
        message(msg("puzzles.cli.written.#n", n=len(puzzles), out=out).text(lang))
    if not puzzles:
        message(translate(lang, "puzzles.cli.none"))
    return Report()
