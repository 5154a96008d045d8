"""``hearts annotate``: mark the passes and plays that cost points, and say why.

The record is read, refereed and analysed game by game
(:func:`hearts_notation.analysis.annotate.analyse_game`), then written back
with ``?!``/``?``/``??`` marks and a sentence on each costly decision, the
referee's findings and what could not be analysed as comments.  ``--format
json`` prints the report of docs/spec.md, section 7 instead (and still writes the record
with ``-o``).  A record with a syntax error is not annotated (exit 2, as
``convert``): writing it back would lose what could not be read.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from functools import partial
from typing import TYPE_CHECKING, NamedTuple

import click

from ..analysis.annotate import (
    AnalysisOptions,
    GameAnalysis,
    GameTask,
    ProgressFn,
    Thresholds,
    analyse_game,
    annotate_game,
    decision_count,
    merge_analyses,
    report,
)
from ..analysis.context import malformed_game
from ..analysis.evaluate import FAST, EvalOptions
from ..analysis.explain import card_text
from ..clickwords import HelpCommand
from ..diagnostics import NamedError, named_errors, render_errors, text_lines
from ..i18n import (
    card_letters,
    count,
    current_language,
    msg,
    number,
    os_reason,
    players_in_view,
    plural,
    seats_in_view,
    translate,
)
from ..i18n import render as say
from ..io import (
    RECORD_FORMATS,
    InputError,
    decode,
    format_for,
    input_format,
    iter_dumps,
    iter_games_text,
    read_bytes,
    write_atomic,
    write_atomic_iter,
)
from ..io.hrn.writer import comments_as_written, writes_symbols
from ..model import Game
from ..output import OutputError, json_text, message, safe, write_stdout
from ..position import position_game
from ..progress import CorpusProgress, stderr_is_terminal
from ..referee import game_seats, resolve_rules
from ..rules import RuleSet
from ..runners.annotate import deal_runs, deals_analysed
from ..runners.local import EngineSpec
from ..runners.seam import Engine
from ..summaries import AnnotateTotals
from ._common import (
    EXIT_UNUSABLE,
    expand_paths,
    fail,
    fail_input,
    fail_output,
    is_position,
    named_once,
    open_engine,
    read_position,
    stdout_console,
)
from .options import (
    deal_past_end_corpus,
    engine_options,
    format_option,
    input_format_option,
    jobs_option,
    lang_given,
    lang_option,
    output_option,
    point_option,
    refuse_empty_outputs,
    refuse_reports_over_inputs,
    require_deal,
    rules_options,
)
from .report import CorpusReport

if TYPE_CHECKING:
    from ..analysis.annotate import Decision, GameSummary
    from ..runners.annotate import AnnotateStream, RemoteRecord


class GameView(NamedTuple):
    """What the summary table needs of a game written beside it: its seats
    and players (the names it shows), and whether the record shows its
    cards with suit symbols (:func:`~hearts_notation.io.hrn.writer.writes_symbols`).
    A record written in letters (``QS``) has its comments in letters
    (ascii35); the summary of the same decisions read beside it names the
    cards the same way (round 31, lang31): one rule for the cards of one
    output."""

    seats: tuple[str, ...]
    players: dict[str, str]
    symbols: bool

    @classmethod
    def of(cls, game: Game, unicode: bool, lang: str | None) -> GameView:
        """The view of *game* written with *unicode* in *lang* (as ``-o`` writes it)."""
        return cls(game.seat_names, dict(game.players), writes_symbols(game, unicode, lang))

    def cards(self, text: str) -> str:
        """*text* with its cards as this game's record writes them."""
        return text if self.symbols else card_letters(text)


#: The most screening deals ``--samples`` takes (the default is 48): a
#: count past any use (``--samples 10**12``) held memory without bound.
MAX_SAMPLES = 100_000


def eval_options(fast: bool, samples: int | None, seed: int, exact_tricks: int | None) -> EvalOptions:
    """The evaluation settings of the command-line options (shared with
    ``hint``)."""
    base = FAST if fast else EvalOptions()
    changes: dict[str, int] = {"seed": seed}
    if samples is not None:
        if samples < 1:
            fail(translate(current_language(), "cli.samples"))
        if samples > MAX_SAMPLES:   # (memory grew without end: 11 MB a second at 10**12)
            fail(msg("cli.samples_max", n=("num", samples),
                     most=("num", MAX_SAMPLES)).text(current_language()))
        changes["samples"] = samples
        changes["pass_samples"] = max(1, samples * base.pass_samples // base.samples)
    if exact_tricks is not None:
        if not 0 <= exact_tricks <= 8:
            fail(translate(current_language(), "cli.exact_tricks"))
        changes["exact_tricks"] = exact_tricks
        changes["tail_tricks"] = min(base.tail_tricks, exact_tricks)
        changes["dd_tricks"] = max(base.dd_tricks, exact_tricks)
    return dataclasses.replace(base, **changes)


def read_record(path: str, fmt: str | None, rules: RuleSet | None,
                force_rules: bool = False) -> tuple[list[Game], str]:
    """Every game of *path*, and its format; unusable input or a syntax
    error ends the command with status 2 and compiler-style messages."""
    in_fmt = input_format(path, fmt)
    try:
        text = decode(read_bytes(path), path)
        games = list(iter_games_text(text, in_fmt, path, rules))
    except InputError as exc:
        fail_input(exc)
    errors = [e for g in games for e in named_errors(g)]
    if errors:
        for told in render_errors(errors, path, text_lines(text)):
            message(told)
        raise SystemExit(EXIT_UNUSABLE)
    if not games:
        fail_input(InputError(path, msg("input.no_game")))
    refuse_malformed(games, path, text, rules, force_rules)
    return games, in_fmt


def refuse_malformed(games: list[Game], path: str, text: str, rules: RuleSet | None,
                     force_rules: bool = False) -> None:
    """Exit 2 with a compiler-style message on the first trick the analysis
    cannot replay (a trick of the wrong size, a card out of turn): those
    records are refused, not analysed (see
    :func:`hearts_notation.analysis.context.malformed_trick`)."""
    for g in games:
        ruleset = resolve_rules(g, rules, force_rules)
        seats, ruleset, _ = game_seats(g, ruleset)
        bad = malformed_game(g, ruleset, seats)
        if bad is not None:
            (told,) = render_errors([NamedError(bad, g.players, seats)], path, text_lines(text))
            message(told)
            fail(translate(current_language(), "cli.malformed"))


@contextmanager
def decision_progress(games: list[Game], enabled: bool) -> Iterator[ProgressFn | None]:
    """A progress bar over deals and decisions on stderr (only when it is
    a terminal); yields the callback the analysis reports to."""
    if not enabled:
        yield None
        return
    # (rich only for the bar: a run without one -- written to a pipe, or the
    # commands that share this module's readers, position and hint -- does not
    # import rich.progress, about 24 ms of a start; issue 22)
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    console = Console(stderr=True, no_color="NO_COLOR" in os.environ or None)
    bar = Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                   TimeElapsedColumn(), console=console, transient=True)
    deals = bar.add_task("deals", total=sum(len(g.deals) for g in games))
    decisions = bar.add_task("decisions", total=sum(decision_count(g) for g in games))

    def tick(event: str) -> None:
        bar.advance(deals if event == "deal" else decisions)

    with bar:
        yield tick


@click.command("annotate", cls=HelpCommand, help="help.annotate")
@refuse_empty_outputs("html_out", folders=("out_dir",))
@refuse_reports_over_inputs("files", "html_out")
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@output_option("help.annotate.output")
@click.option("--out-dir", "out_dir", default=None, metavar="DEST",
              help="help.annotate.out_dir")
@click.option("--samples", type=int,
              help="help.annotate.samples")
@click.option("--seed", type=int, default=0, show_default=True, help="help.annotate.seed")
@click.option("--fast", is_flag=True, help="help.annotate.fast")
@lang_option("help.annotate.lang")
@format_option(["text", "json"], "text", "help.annotate.fmt_out")
@click.option("--thresholds", default="1,3,6", show_default=True,
              help="help.annotate.thresholds")
@rules_options()
@input_format_option()
@click.option("--unicode", is_flag=True, help="help.annotate.unicode")
@click.option("--no-passes", is_flag=True, help="help.annotate.no_passes")
@click.option("--exact-tricks", type=int, help="help.annotate.exact_tricks")
@point_option("--deal", "only_deal",
              "help.annotate.only_deal")
@click.option("--html", "html_out", default=None, metavar="OUT.html",
              help="help.annotate.html_out")
@jobs_option("help.annotate.jobs")
@engine_options()
def command(files: tuple[str, ...], output: str | None, out_dir: str | None, samples: int | None,
            seed: int, fast: bool, lang: str,
            fmt_out: str, thresholds: str, rules: RuleSet | None, force_rules: bool,
            fmt_in: str | None, unicode: bool, no_passes: bool, exact_tricks: int | None,
            only_deal: int | None, html_out: str | None, jobs: int,
            engine_spec: EngineSpec) -> CorpusReport:
    """``hearts annotate``: its page (what it does, its options) is the
    catalogs' ``help.annotate`` and ``help.annotate.*``, in the run's language."""
    try:
        th = Thresholds.parse(thresholds)
    except ValueError:
        fail(translate(current_language(), "cli.thresholds", value=repr(thresholds)))
    options = AnalysisOptions(eval=eval_options(fast, samples, seed, exact_tricks), thresholds=th,
                              lang=lang, passes=not no_passes)
    if out_dir is not None:
        for given, name in ((output, "-o"), (html_out, "--html")):
            if given is not None:
                fail(translate(current_language(), "annotate.out_dir_option", option=name))
        return _annotate_corpus(files, out_dir, fmt_in, fmt_out, rules, force_rules, options,
                                only_deal, jobs, engine_spec, unicode, lang)
    if len(files) > 1:
        # (one record named twice, ``g.hrn ./g.hrn``, is one record: read
        # once as every command reads it, not "several records", round 29)
        files = tuple(named_once(files))
    if len(files) != 1:
        fail(translate(current_language(), "annotate.needs_out_dir"))
    file = files[0]
    if engine_spec.engine != "local" and not is_position(file):
        if html_out is not None:
            fail(translate(current_language(), "cli.html_local"))
        # The workers read the record; this process never holds it.
        return _annotate_remote(file, output, fmt_in, fmt_out, rules, force_rules, options,
                                only_deal, jobs, engine_spec, unicode, lang)
    if is_position(file):
        # A position stands for one deal as far as the mover's side shows it:
        # its pass and its cards so far are analysed (docs/spec.md, section 9).
        games, read_fmt = [position_game(read_position(file, lang))], "hrn"
    else:
        games, read_fmt = read_record(file, fmt_in, rules, force_rules)
    require_deal(only_deal, len(games), max((len(g.deals) for g in games), default=0), file)
    analyses: list[GameAnalysis] = []
    totals = AnnotateTotals()
    if jobs > 1 and sum(len(g.deals) for g in games) > 1:
        tasks = sum(len(deal_runs(len(g.deals), only_deal)) for g in games)
        with open_engine(engine_spec, min(jobs, tasks)) as engine:
            analyses, totals = analyse_parallel(games, options, rules, force_rules, only_deal,
                                                engine)
    else:
        with decision_progress(games, stderr_is_terminal()) as tick:
            for g in games:
                task = GameTask(g, options, rules, force_rules, only_deal)
                analyses.append(analyse_game(task, tick))
                totals += AnnotateTotals.of_analysis(analyses[-1],
                                                     deals_analysed(len(g.deals), only_deal))
    annotated = (annotate_game(g, a, lang=lang) for g, a in zip(games, analyses, strict=True))
    if html_out is not None:
        kept = list(annotated)
        _write_html(html_out, kept, analyses, rules, force_rules, lang)
        annotated = (g for g in kept)
    _write(annotated, analyses, totals, output, fmt_out, read_fmt, unicode, lang)
    return CorpusReport(games=len(games), deals=sum(len(g.deals) for g in games))


def _write(annotated: Iterable[Game], analyses: list[GameAnalysis], totals: AnnotateTotals,
           output: str | None, fmt_out: str, read_fmt: str, unicode: bool, lang: str) -> None:
    """The annotated record to *output* (or standard output), and the
    report or the summary table; the games are written as they come."""
    # The record keeps its language (a French record is written back in
    # French) unless --lang asks for one: the comments are in *lang*.
    write_lang = lang_given()
    # The seats and players of each game written, for the summary's tables
    # (names first: the games stream past, only these are kept).
    views: list[GameView] = []

    def noting(games: Iterable[Game]) -> Iterator[Game]:
        for g in games:
            views.append(GameView.of(g, unicode, write_lang))
            yield g

    annotated = noting(annotated)
    if output is not None:
        _write_record(output, annotated, unicode, write_lang)
    if fmt_out == "json":
        doc = report(analyses)
        doc["totals"] = totals.to_dict()
        write_stdout(json_text(doc, indent=2) + "\n")
    elif output is None:
        fmt = read_fmt if read_fmt in RECORD_FORMATS else "hrn"
        for piece in iter_dumps(comments_as_written(annotated, unicode, write_lang), fmt,
                                unicode=unicode, lang=write_lang):
            write_stdout(piece, flush=False)
        write_stdout("")        # flushed
    else:
        _summary([(a.index, a.marked, a.summary()) for a in analyses], lang, views)


def _annotate_remote(file: str, output: str | None, fmt_in: str | None, fmt_out: str,
                     rules: RuleSet | None, force_rules: bool, options: AnalysisOptions,
                     only_deal: int | None, jobs: int, engine_spec: EngineSpec, unicode: bool,
                     lang: str) -> CorpusReport:
    """``annotate`` on a cluster (:mod:`hearts_notation.runners.annotate`):
    the same checks, analyses and output as a local run, with every read
    of the record on the workers, and the output written as the games come
    back (the client's memory does not grow with the record)."""
    from ..runners.annotate import AnnotateStream

    if file == "-":
        fail(translate(current_language(), "cli.dask_stdin"))
    with open_engine(engine_spec, jobs) as engine:
        record = _check_record(file, fmt_in, rules, force_rules, engine, only_deal)
        needed = output is not None or fmt_out != "json"
        stream = AnnotateStream(record, options, rules, force_rules, only_deal, engine,
                                annotate=needed, lang=lang)
        _write_streamed(stream, output, fmt_out, format_for(file, fmt_in), unicode, lang)
    return CorpusReport(games=record.games, deals=record.deals)


def _written_by_us(path: str, dest: str) -> bool:
    """Whether *path* lies in the destination folder: a folder annotated into
    a folder of its own (``annotate . --out-dir annotated``) lists the parts,
    markers and manifest of the last run too, which are this command's
    output, not records to annotate again.  Compared as names, without
    opening anything (the data may be visible to the workers only)."""
    from ..runners.shards import is_url

    if is_url(path) or is_url(dest):
        return path.rstrip("/").startswith(dest.rstrip("/") + "/")
    return os.path.abspath(path).startswith(os.path.join(os.path.abspath(dest), ""))


def _same_place(path: str, dest: str) -> bool:
    """Whether *path* names the destination folder itself (as names)."""
    from ..runners.shards import is_url

    if is_url(path) or is_url(dest):
        return path.rstrip("/") == dest.rstrip("/")
    return os.path.abspath(path) == os.path.abspath(dest)


def _annotate_corpus(files: tuple[str, ...], out_dir: str, fmt_in: str | None, fmt_out: str,
                     rules: RuleSet | None, force_rules: bool, options: AnalysisOptions,
                     only_deal: int | None, jobs: int, engine_spec: EngineSpec, unicode: bool,
                     lang: str) -> CorpusReport:
    """``annotate --out-dir``: the corpus annotated part by part by the
    engine's workers (:mod:`hearts_notation.runners.corpus`), which write
    the parts, their done markers and the manifest; this process prints
    the summary (or its JSON) and says which parts were not written
    (exit 2: the parts done are kept, a re-run does the others)."""
    from ..runners.corpus import CORPUS_SHARD_BYTES, CorpusSettings, run_corpus
    from ..runners.shards import is_url, located

    if "-" in files:
        fail(translate(current_language(), "annotate.out_dir_stdin"))
    try:
        paths = list(expand_paths(files))
    except InputError as exc:
        fail_input(exc)
    try:
        dest = located(out_dir) or out_dir
    except OSError as exc:
        # (the working folder removed: said as every output in it is,
        # output.real_target; hostile31)
        fail_output(OutputError(out_dir, msg("output.cwd_gone"), exc.errno), out_dir)
    for given in files:
        # An input in the destination (or the destination itself) was taken
        # for an earlier run's output and left out: the run annotated
        # nothing, wrote a manifest among the records, and said "0 of 0".
        if _written_by_us(given, dest) or _same_place(given, dest):
            fail(translate(current_language(), "annotate.out_dir_holds_input", dest=out_dir,
                           path=given))
    if not is_url(dest) and os.path.exists(dest) and not os.path.isdir(dest):
        # (the workers said "File exists" once per part, in the system's English)
        fail(translate(current_language(), "annotate.out_dir_not_folder", dest=out_dir))
    if engine_spec.engine == "local":
        # The workers make the folder for each part they write (a cluster's
        # see their own file system); the local engine's share this one, and
        # a folder that cannot be made (read-only, no permission, a URL of
        # an unknown protocol) is one message here: each part and the
        # manifest said "cannot write" once, under the folder's absolute
        # name (review21).
        from ..runners.corpus import make_folder

        try:
            make_folder(dest)
        except OSError as exc:
            fail_output(exc, out_dir)
    settings = CorpusSettings(options, rules, force_rules, only_deal, lang, lang_given(), unicode,
                              dest, engine_spec.shard_size or CORPUS_SHARD_BYTES, out_dir)

    def out_fmt(path: str) -> str:
        kind = format_for(path, fmt_in)
        return kind if kind in RECORD_FORMATS else "hrn"

    with open_engine(engine_spec, jobs) as engine:
        paths = engine.expand(paths)    # what only a cluster's workers see, listed there
        try:
            where = [(p, located(p)) for p in paths]
        except OSError as exc:
            fail(_not_located(safe(paths[0]), exc))
        where = [w for w in where if not _written_by_us(w[1] or w[0], dest)]
        paths = [p for p, _ in where]
        run = run_corpus(engine, where, fmt_in, settings, out_fmt, message)
    totals = run.totals or AnnotateTotals()
    if fmt_out == "json":
        doc = {"output": out_dir, "files": len(paths), "parts": run.parts,
               "written": run.done - run.skipped, "skipped": run.skipped,
               "not_written": run.refused + run.unwritten, "complete": run.complete,
               "games": run.games, "deals": run.deals, "totals": totals.to_dict()}
        write_stdout(json_text(doc, indent=2) + "\n")
    else:
        lang = current_language()
        t = partial(translate, lang)
        write_stdout(t("annotate.corpus_done", dest=out_dir, done=number(lang, run.done),
                       parts=number(lang, run.parts), files=count(lang, "summary.files", len(paths)),
                       skipped=number(lang, run.skipped), games=count(lang, "summary.games", run.games),
                       deals=count(lang, "summary.deals", run.deals)) + "\n")
        marks = totals.to_dict()
        epl = f"{marks['epl']:.2f}".replace(".", t("number.decimal"))
        write_stdout(t("annotate.corpus_marks", dubious=totals.marks["?!"],
                       mistake=totals.marks["?"], blunder=totals.marks["??"],
                       decisions=count(lang, "annotate.decisions", totals.decisions),
                       epl=epl) + "\n")
    if not run.complete:
        lang, n = current_language(), run.refused + run.unwritten
        message("hearts: " + translate(lang, f"annotate.corpus_incomplete.{plural(lang, n)}",
                                       n=number(lang, n), dest=out_dir))
        raise SystemExit(EXIT_UNUSABLE)
    refused = deal_past_end_corpus(settings.only_deal, run.games, totals.deals)
    if refused is not None:
        fail(refused)
    return CorpusReport(games=run.games, deals=run.deals)


def _report_pieces(entries: Iterable[dict[str, object]]) -> Iterator[str]:
    """The text of ``report(analyses)`` with its totals (as ``json_text(doc,
    indent=2)``), entry by entry, without the games' list: the head and
    every game's entry; :func:`_report_end` closes it."""
    yield REPORT_HEAD
    for n, entry in enumerate(entries):
        yield _entry_piece(n, entry)


#: How the streamed report starts (``json_text(report, indent=2)``'s first characters).
REPORT_HEAD = '{\n  "games": ['


def _entry_piece(n: int, entry: dict[str, object]) -> str:
    """The *n*-th (0-based) game's entry of the report, placed and indented
    as in ``json_text(report, indent=2)``."""
    return ("\n    " if n == 0 else ",\n    ") + json_text(entry, indent=2).replace("\n", "\n    ")


def _report_end(any_game: bool, totals: AnnotateTotals) -> str:
    """The end of the streamed report: the games' list closed, the totals."""
    body = json_text(totals.to_dict(), indent=2).replace("\n", "\n  ")
    return ("\n  ]" if any_game else "]") + ',\n  "totals": ' + body + "\n}\n"


def _write_record(output: str, games: Iterable[Game], unicode: bool, lang: str | None) -> None:
    """The annotated *games* written to the file *output* (replaced whole
    once written), in its format; a file that cannot be written is one
    line and exit 2."""
    try:
        write_atomic_iter(output, iter_dumps(comments_as_written(games, unicode, lang),
                                             format_for(output), unicode=unicode, lang=lang))
    except OSError as exc:
        fail_output(exc, output)
    except ValueError as exc:
        fail(translate(current_language(), "cli.cannot_write", target=output, why=str(exc)))


def _write_streamed(stream: AnnotateStream, output: str | None, fmt_out: str, read_fmt: str,
                    unicode: bool, lang: str) -> None:
    """:func:`_write` for games that stream in from a cluster: the record
    (to *output* or standard output) and the JSON report are written as
    the games come; what the client keeps is only what it prints at the
    end (the marked decisions and players' lines of the summary table), or,
    for the report beside ``-o``, a temporary file of its entries."""
    import tempfile

    write_lang = lang_given()
    if output is None and fmt_out == "json":
        pieces = 0
        for piece in _report_pieces(a.to_dict() for a, _ in stream):
            pieces += 1
            write_stdout(piece, flush=False)
        write_stdout(_report_end(pieces > 1, stream.totals))
        return
    if output is None:
        fmt = read_fmt if read_fmt in RECORD_FORMATS else "hrn"
        games = (g for _, g in stream if g is not None)
        for piece in iter_dumps(comments_as_written(games, unicode, write_lang), fmt,
                                unicode=unicode, lang=write_lang):
            write_stdout(piece, flush=False)
        write_stdout("")        # flushed
        return
    kept: list[tuple[int | None, list[Decision], GameSummary]] = []
    views: list[GameView] = []
    with tempfile.TemporaryFile("w+", encoding="utf-8") as spool:
        entries = 0

        def annotated() -> Iterator[Game]:
            nonlocal entries
            for a, g in stream:
                if fmt_out == "json":
                    spool.write(_entry_piece(entries, a.to_dict()))
                    entries += 1
                else:
                    kept.append((a.index, a.marked, a.summary()))
                if g is not None:
                    views.append(GameView.of(g, unicode, write_lang))
                    yield g

        _write_record(output, annotated(), unicode, write_lang)
        if fmt_out == "json":
            spool.seek(0)
            write_stdout(REPORT_HEAD, flush=False)
            while chunk := spool.read(1 << 20):
                write_stdout(chunk, flush=False)
            write_stdout(_report_end(entries > 0, stream.totals))
            return
    _summary(kept, lang, views)


def _check_record(path: str, fmt: str | None, rules: RuleSet | None, force_rules: bool,
                 engine: Engine, only_deal: int | None) -> RemoteRecord:
    """Plan and index the record on the workers; exit 2 with the messages
    of a local read when it is unreadable, has a syntax error, holds no
    game, has a trick the analysis cannot replay, or has no game with an
    N-th deal for ``--deal N`` (:func:`require_deal`).  The client keeps the
    shards and the counts, not the games' places (the analysis asks the
    workers for them again, shard by shard)."""
    from ..runners.annotate import ANNOTATE_SHARD_BYTES, RemoteRecord, index_shard
    from ..runners.shards import located, plan_files

    # Workers elsewhere open the record at its absolute path (messages keep the path given).
    try:
        location = located(path)
    except OSError as exc:
        fail(_not_located(safe(path), exc))
    # The workers plan the record's byte ranges in parallel.
    plan = next(plan_files(engine, [(path, location)], fmt, ANNOTATE_SHARD_BYTES, per_batch=1))
    if isinstance(plan, InputError):
        fail_input(plan)
    errors: list[str] = []
    unreadable: InputError | None = None
    bad: str | None = None
    games = deals = dealless = longest = 0
    for part in engine.map(partial(index_shard, rules=rules, force_rules=force_rules), plan,
                           chunk_size=16):
        if isinstance(part, InputError):
            unreadable = unreadable or part
            continue
        for c in part:
            errors.extend(c.errors)
            bad = bad or c.malformed
            games += 1
            deals += c.ref.deals
            dealless += int(c.ref.deals == 0)
            longest = max(longest, c.ref.deals)
    if unreadable is not None:
        fail_input(unreadable)
    if errors:
        for e in errors:
            message(e)
        raise SystemExit(EXIT_UNUSABLE)
    if not games:
        fail_input(InputError(path, msg("input.no_game")))
    if bad is not None:
        message(bad)
        message("hearts: " + translate(current_language(), "cli.malformed"))
        raise SystemExit(EXIT_UNUSABLE)
    require_deal(only_deal, games, longest, path)
    return RemoteRecord(plan, games, deals, dealless)


def _write_html(path: str, annotated: list[Game], analyses: list[GameAnalysis],
                rules: RuleSet | None, force_rules: bool, lang: str) -> None:
    """The replay page of the annotated record (as ``hearts replay --html
    --analysis``), written atomically: each mark with its loss and better
    card, and each game's learner's report."""
    from ..render.html import render_html
    from ..render.story import build_game

    facts = [build_game(g, rules, force_rules) for g in annotated]
    entries = [a.to_dict() for a in analyses]
    page = render_html(facts, lang, analyses=[e["decisions"] for e in entries],
                       summaries=[e["summary"] for e in entries])
    try:
        write_atomic(path, page)
    except OSError as exc:
        fail_output(exc, path)


def _not_located(path: str, exc: OSError) -> str:
    """Why a relative input cannot be made absolute for the workers (the
    working folder removed), in the run's language: ``translate`` left the
    reason's message argument as it was, ``(('msg', 'oserror.ENOENT',
    ()))`` (hostile31)."""
    return msg("engine.relative_path", path=path, why=os_reason(exc)).text(current_language())


def analyse_parallel(games: list[Game], options: AnalysisOptions, rules: RuleSet | None,
                     force_rules: bool, only_deal: int | None,
                     engine: Engine) -> tuple[list[GameAnalysis], AnnotateTotals]:
    """Analyse on the *engine* (``--jobs`` processes or a Dask cluster), one
    deal per task, so that a single long game also uses every core (a game
    of more than ``DEAL_RUNS`` deals in that many runs of deals: every task
    carries its whole game, :func:`~hearts_notation.runners.annotate.deal_runs`);
    the result is the same as in one process (each deal's sampling is seeded
    on its own), whatever the engine.  The totals are merged deal by deal
    (exact sums: the same as game by game)."""
    tasks: list[GameTask] = []
    owners: list[int] = []
    for gi, g in enumerate(games):
        # (a long game in a few runs of deals: each task costs its whole game)
        for first, last in deal_runs(len(g.deals), only_deal):
            tasks.append(GameTask(g, options, rules, force_rules, first, last))
            owners.append(gi)
    parts: list[list[GameAnalysis]] = [[] for _ in games]
    totals = AnnotateTotals()
    left = [owners.count(gi) for gi in range(len(games))]   # tasks still out per game
    counted = sum(max(1, deals_analysed(len(t.game.deals), t.only_deal, t.through_deal))
                  for t in tasks)
    with CorpusProgress("annotate", total=counted, unit="deals") as bar:
        for gi, task, a in zip(owners, tasks, engine.map(analyse_game, tasks, chunk_size=1),
                               strict=True):
            parts[gi].append(a)
            done = deals_analysed(len(task.game.deals), task.only_deal, task.through_deal)
            totals += AnnotateTotals.of_analysis(a, done)
            left[gi] -= 1
            # A game is counted when its last deal is back.
            bar.advance(int(left[gi] == 0), max(1, done))
    return [merge_analyses(p) for p in parts], totals


def _summary(games: Sequence[tuple[int | None, list[Decision], GameSummary]], lang: str,
             views: list[GameView]) -> None:
    """The marked decisions as a table (when the record went to a file),
    the players by name where the record names them (*views*: the seats and
    players of each game, in the order of *games*).  A game is given by
    its number, its marked decisions and its learner's report: all that the
    tables print of it (a stream from a cluster keeps only that).  Both
    are word tables (:class:`~hearts_notation.render.fit.WordTable`), as
    every other command's tables are: rich's own table shrank every
    column to nothing at 10 columns and cut the seats (``heu…``), the
    standard errors and the players' headings at 40 (round 29)."""
    from ..render.breaks import print_paragraph
    from ..render.fit import WordTable as Table

    console = stdout_console()
    def t(key: str, **args: object) -> str:
        return translate(lang, key, **args)

    def view(gi: int) -> GameView:
        return views[gi] if gi < len(views) else GameView((), {}, True)

    def seat(name: str, gi: int) -> str:
        seen = view(gi)
        with seats_in_view(seen.seats), players_in_view(seen.players):
            return say(lang, "seat.as_is", {"seat": ("seat", name)})

    dec = t("number.decimal")
    # On a narrow terminal (80 columns) the reasons do not fit beside the
    # figures without cutting words: they follow the table, numbered.
    narrow = console.width < 120
    # (the game's number only when there are several: room for the names)
    several = len(games) > 1
    cols = ("game", "deal", "trick", "seat", "cards", "mark", "epl", "stderr")[0 if several else 1:]
    table = Table(title=t("annotate.title"), show_lines=False)
    if narrow:
        table.add_column("#", justify="right")
    for col in (*cols, *(() if narrow else ("why",))):
        head = t(f"annotate.col.{col}")
        table.add_column(head, min_width=max(len(w) for w in head.split()))
    rows = 0
    reasons: list[tuple[str, str]] = []
    for gi, (index, marked, _) in enumerate(games):
        for d in marked:
            shown = [d.card] if d.kind == "play" and d.card is not None else list(d.cards or ())
            cards = view(gi).cards(" ".join(card_text(c, lang) for c in shown))
            row = [*([str(index or "")] if several else []), str(d.deal),
                   t("annotate.pass") if d.trick is None else str(d.trick),
                   seat(d.seat, gi), cards, d.mark or "", f"{d.epl:.1f}".replace(".", dec),
                   f"{d.epl_stderr:.1f}".replace(".", dec)]
            rows += 1
            if narrow:
                table.add_row(str(rows), *row)
                reasons.append((f"{rows}. ", view(gi).cards(d.comment or "")))
            else:
                table.add_row(*row, view(gi).cards(d.comment or ""))
    if rows:
        console.print(table)
        # (the reasons and the report are sentences: wrapped by the program
        # at words, not by the terminal mid-word; lang29)
        # (each reason hangs under its text, after its number: lang30)
        for number_, reason in reasons:
            print_paragraph(console, reason, head=number_)
    else:
        print_paragraph(console, t("annotate.none"))
    # The learner's report: per player, then the three costliest decisions.
    players = Table(title=t("annotate.players"))
    for col in ("player", "decisions", "loss", "accuracy"):
        players.add_column(t(f"annotate.col.{col}"))
    for gi, (_, _, summary) in enumerate(games):
        for p in summary.players:
            players.add_row(seat(p.seat, gi), number(lang, p.decisions),
                            f"{p.average_loss:.2f}".replace(".", dec),
                            t("annotate.percent", n=f"{p.accuracy:.0f}"))
        seen = view(gi)
        with seats_in_view(seen.seats), players_in_view(seen.players):
            lines = summary.lines(lang)[len(summary.players):]
        for line in lines:
            print_paragraph(console, seen.cards(line))
    console.print(players)
