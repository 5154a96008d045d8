"""``hearts score``: the points of every deal, the running totals, the moon,
the winners, and where the record's own scores disagree.

Points are recomputed from the tricks (:func:`hearts_notation.scoring.score_game`)
under the rules in force (the record's ``Rules`` tag, or ``--rules``), and
compared with the record's ``score``, ``total``, ``moon`` and ``result``
lines (:func:`hearts_notation.scoring.score_findings`).  ``--format table``
for people (a rich table per game), ``json`` and ``csv`` for programs.

Exit status: 0 the record's scores agree (or it has none), 1 some recorded
score, total, moon or result disagrees, or a deal played to its end cannot
be scored (its play has errors, :func:`hearts_notation.scored.unscored_reasons`:
the table says so, not "unfinished"), 2 the input could not be read or the
command line is wrong (a ``--game`` that does not exist).
"""

from __future__ import annotations

import csv
import dataclasses
import io
from collections.abc import Callable, Iterable, Iterator
from contextlib import ExitStack
from functools import partial
from typing import TYPE_CHECKING, Any

import click

from ..api import score
from ..clickwords import HelpCommand
from ..diagnostics import NamedError
from ..i18n import (
    join_list,
    players_in_view,
    public_finding,
    rules_label,
    seat_text,
    seats_in_view,
    translate,
)
from ..io import InputError, write_atomic, write_atomic_iter
from ..io.batches import Batch, Broken
from ..model import Finding, Game
from ..output import console as safe_console
from ..output import csv_cell, escape_controls, json_safe, json_text, write_stdout
from ..players import normalise
from ..progress import CorpusProgress
from ..rules import RuleSet
from ..runners.local import EngineSpec, iter_batches, map_batch_work, total_bytes
from ..runners.pool import gc_paused
from ..scored import PLAY_ERRORS, CleanGame, notice_lines, record_reads, unscored_reasons
from ..scoring import GameScore
from ..sheets import SHEET_CODES
from ..standings import GameSummary, PlayerStats, Standings, summary_of
from ..summaries import ScoreTotals
from ._common import (
    expand_paths,
    fail,
    fail_input,
    fail_output,
    fail_syntax,
    open_engine,
    plain_stdout,
    stdout_console,
)
from .options import (
    engine_options,
    format_option,
    input_format_option,
    jobs_option,
    lang_option,
    output_option,
    point_option,
    refuse_reports_over_inputs,
    rules_options,
)
from .report import CorpusReport

#: The codes of the findings ``score`` reports (the scoring part of docs/spec.md, section 5).
SCORE_CODES = ("score-mismatch", "total-mismatch", "moon-choice", "result-mismatch", "game-continued",
               "unknown-rule", *SHEET_CODES)

#: What the table and the HTML sheet get of one game: the game without its
#: deals, its rules, scores and findings, and which deals cannot be scored
#: (:func:`hearts_notation.scored.unscored_reasons`).
_TableItem = tuple[Game, RuleSet, GameScore, list[Finding], tuple[str | None, ...]]

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

# rich (its tables and text) and the presentation context are imported by
# the functions that draw the table: --format json, csv and html are
# written without them (rich.table alone is about 14 ms of a start; issue 22).


def game_scores(game: Game, default_rules: RuleSet | None, force: bool
                ) -> tuple[RuleSet, GameScore, list[Finding]]:
    """The rules, the recomputed scores and the disagreements of one game
    (:func:`hearts_notation.api.score`, the library's own)."""
    scored = score(game, default_rules, force_rules=force)
    return scored.rules, scored.score, scored.findings


def score_entry(game: Game, default_rules: RuleSet | None, force: bool, table: bool
                ) -> tuple[bool, Any, GameSummary]:
    """Worker side of ``--jobs`` (picklable): whether the record disagrees,
    its JSON entry, or for the table and the HTML sheet what they need (the
    game without its deals, which they do not show), and its summary for
    the totals per player."""
    rules, score, found = game_scores(game, default_rules, force)
    bad = any(f.severity == "error" for f in found)
    # (read here, where the game has its deals: the table gets it without them)
    why = unscored_reasons(game, rules, score.deals)
    summary = summary_of(game, rules, score.seats, score.deals, score.finished, score.winners, found,
                         sum(w is not None for w in why))
    if table:
        return bad, (dataclasses.replace(game, deals=()), rules, score, found, why), summary
    return bad, score_document(game, rules, score, found, why), summary


def score_batch(batch: Batch | Broken, default_rules: RuleSet | None, force: bool, table: bool
                ) -> list[tuple[int, Any]]:
    """Worker side of ``--jobs`` and ``--engine``: :func:`score_entry` of
    every game of a batch, with its number of deals (the progress counts).
    A record the referee's compact check accepts (no finding at all) is
    scored from that check's own replay (:func:`hearts_notation.scored.record_reads`),
    as ``validate`` checks it; only the others are read into the model."""
    if isinstance(batch, Broken):
        return [(-1, batch.error)]
    out: list[tuple[int, Any]] = []
    with gc_paused():
        for rec in record_reads(batch, default_rules, force):
            if isinstance(rec, CleanGame):
                out.append((rec.deals_count, clean_entry(rec, table)))
                continue
            entry = score_entry(rec.game, default_rules, force, table)
            if rec.relocatable and _has_findings(entry, table):
                # A JSON record with findings is read again with the
                # places of its values, for each finding to name its line
                # and column; one without keeps its entry (scored once).
                entry = score_entry(rec.located(), default_rules, force, table)
            out.append((len(rec.game.deals), entry))
    return out


def _has_findings(entry: tuple[bool, Any, GameSummary], table: bool) -> bool:
    """Whether the :func:`score_entry` of a game has findings (its table
    item's, or its JSON entry's ``disagreements``)."""
    item = entry[1]
    return bool(item[3] if table else item["disagreements"])


def clean_entry(clean: CleanGame, table: bool) -> tuple[bool, Any, GameSummary]:
    """:func:`score_entry` of a record the referee's compact check accepted:
    the same values, made from the check's scores (no finding)."""
    game, rules, sc = clean.game, clean.rules, clean.score
    summary = summary_of(game, rules, sc.seats, sc.deals, sc.finished, sc.winners, ())
    if table:
        return False, (game, rules, sc, [], (None,) * len(sc.deals)), summary
    return False, score_document(game, rules, sc, []), summary


def score_document(game: Game, rules: RuleSet, score: GameScore, found: list[Finding],
                   unscored: tuple[str | None, ...] = ()) -> dict[str, Any]:
    """The JSON entry of one game; a deal whose play cannot be scored has
    ``"unscored": "play-errors"`` (*unscored*, :func:`unscored_reasons`),
    and a game whose reader found something suspect in its text has
    ``"notices"`` (:func:`hearts_notation.scored.notice_lines`), optional keys: every other key
    is as it always was."""
    deals = [{**d.to_dict(), "complete": d.complete} for d in score.deals]
    for entry, why in zip(deals, unscored, strict=False):
        if why is not None:
            entry["unscored"] = why
    doc = {
        "source": game.source,
        "index": game.index,
        "rules": rules.spec,
        "seats": list(score.seats),
        "players": {seat: game.players[seat] for seat in score.seats if seat in game.players},
        "deals": deals,
        "finished": score.finished,
        "winners": list(score.winners),
        "disagreements": [f.to_dict() for f in found],
    }
    if game.notices:
        doc["notices"] = [f.to_dict() for f in game.notices]
    return doc


def print_sheet(console: Console, game: Game, rules_used: RuleSet, score: GameScore,
                found: list[Finding], lang: str, unscored: tuple[str | None, ...] = ()) -> None:
    """One game's table of points and running totals, its outcome and its
    disagreements with the record, as ``score`` prints them (``replay``
    shows a score sheet so); *unscored*: :func:`unscored_reasons`."""
    with seats_in_view(score.seats):
        _print_game(console, game, rules_used, score, found, lang, unscored, notices=False)


def _print_game(console: Console, game: Game, rules_used: RuleSet, score: GameScore,
                found: list[Finding], lang: str, unscored: tuple[str | None, ...] = (),
                notices: bool = True) -> None:
    """One game's table, outcome and disagreements with the record, and
    with *notices* what its reader found suspect
    (:func:`hearts_notation.scored.notice_lines`:
    ``score``'s, not ``replay``'s sheet)."""
    from rich.text import Text

    from ..presentation import Presentation
    from ..render.breaks import Hanging, print_paragraph

    console.print(_table(game, rules_used, score, lang, unscored))
    # (the outcome and each disagreement wrapped at words, under itself: at
    # 40 columns the terminal cut them mid-word; lang31)
    print_paragraph(console, _outcome(score, rules_used, lang, game))
    if found:
        console.print(Text(translate(lang, "score.disagreements"), style="bold"))
        pres = Presentation.of_game(lang, game, score.seats)
        for f in found:
            style = {"error": "red", "warning": "yellow"}.get(f.severity, "cyan")
            where = translate(lang, "score.at_deal", deal=f.deal) if f.deal is not None else ""
            head = Text("  ")
            head.append(translate(lang, f"severity.{f.severity}"), style=style)
            head.append(" ")
            with players_in_view(game.players):
                body = Text(f"{where}{pres.text(f)} [{f.code}]")
            console.print(Hanging(head, body), soft_wrap=True)
    for told in notice_lines(game, lang) if notices else ():
        # (one line each, as validate prints it: never wrapped, the file's
        # name and place first for an editor to jump to)
        console.print(Text(told), soft_wrap=True)
    console.print()


def _table(game: Game, rules: RuleSet, score: GameScore, lang: str = "en",
           unscored: tuple[str | None, ...] = ()) -> Table:
    from ..render.fit import WordTable

    title, caption, headers, right, rows = _table_cells(game, rules, score, lang, unscored)
    n = len(score.seats)
    table = WordTable(title=title, title_justify="left", caption=caption, caption_justify="left")
    for i, (head, r) in enumerate(zip(headers, right, strict=True)):
        if i > n + 1:
            table.add_column(head, justify="right", style="bold")
        else:
            table.add_column(head, justify="right" if r else "left")
    for row in rows:
        table.add_row(*row)
    return table


def _table_cells(game: Game, rules: RuleSet, score: GameScore, lang: str = "en",
                 unscored: tuple[str | None, ...] = ()
                 ) -> tuple[str, str, list[str], list[bool], list[list[str]]]:
    """What one game's table shows: its title, its caption, the column
    headers, which columns are right-justified, and the rows (the points
    of each deal, the moon, the running totals).  A deal without points is
    "unfinished", or, where *unscored* says its play has errors
    (:func:`unscored_reasons`), "not scored" with where to look."""
    from ..presentation import Presentation

    seats = score.seats
    pres = Presentation.of_game(lang, game, seats)
    shown = [seat_text(lang, s) for s in seats]
    # (the file's name as one field: a newline in it stays on the title's line)
    title = translate(lang, "score.title", source=escape_controls(game.source or "-"),
                      index=game.index or 1) + (
        f" — {game.tags['Event']}" if "Event" in game.tags else "")
    caption = translate(lang, "score.rules", spec=rules_label(lang, rules.spec))
    named = [s for s in seats if game.players.get(s)]
    if named:
        # The columns keep the seat letters (four names and four totals
        # would not fit 80 columns); the caption says who sat where.
        caption += " · " + translate(lang, "score.legend", players=", ".join(
            f"{pres.seat(s)} {game.players[s]}" for s in named))
    headers = [translate(lang, "score.col.deal"), *shown, translate(lang, "score.col.moon"),
               *(f"Σ {s}" for s in shown)]
    right = [True, *(True for _ in shown), False, *(True for _ in shown)]
    rows: list[list[str]] = []
    for k, d in enumerate(score.deals):
        if d.scored:
            pts = [pres.number(d.points[s]) for s in seats]
        else:
            pts = ["—"] * len(seats)
        moon = ""
        if d.moon is not None:
            choice = (translate(lang, f"score.moon.{d.moon.choice}")
                      if d.moon.choice in ("add", "subtract") else d.moon.choice)
            moon = f"{pres.name(d.moon.seat)} {choice}" + (
                translate(lang, "score.assumed") if d.moon.assumed else "")
        elif not d.complete and not d.sheet:
            broken = k < len(unscored) and unscored[k] == PLAY_ERRORS
            moon = translate(lang, "score.play_errors" if broken else "score.unfinished")
        # a deal kept by its score line is marked by its number, as on the
        # printed sheet ("3 (feuille)"), not in the moon column (issue 23)
        number = f"{d.number} {translate(lang, 'sheet.kind')}" if d.sheet else str(d.number)
        rows.append([number, *pts, moon, *(pres.number(d.totals[s]) for s in seats)])
    return title, caption, headers, right, rows


def _plain_game(console: Console, game: Game, rules: RuleSet, score: GameScore,
                found: list[Finding], lang: str, unscored: tuple[str | None, ...] = ()) -> str | None:
    """The text :func:`_print_game` prints for a game with no disagreement
    on a console without colour, drawn without rich's layout engine
    (:func:`hearts_notation.render.plain_table.plain_table`, byte for byte
    the same); ``None`` when rich must draw it."""
    if found or console.color_system is not None:
        return None
    from rich.cells import cell_len

    from ..render.plain_table import plain_table

    with seats_in_view(score.seats):
        title, caption, headers, right, rows = _table_cells(game, rules, score, lang, unscored)
        table = plain_table(title, caption, headers, right, rows, console.width)
        if table is None:
            return None
        outcome = escape_controls(_outcome(score, rules, lang, game).plain, keep_layout=True)
        if cell_len(outcome) > console.width:
            return None         # (rich wraps it at words: lang31)
        told = "".join(escape_controls(t, keep_layout=True) + "\n"
                       for t in notice_lines(game, lang))
    return f"{table}{outcome}\n{told}\n"


def _outcome(score: GameScore, rules: RuleSet, lang: str = "en", game: Game | None = None) -> Text:
    from rich.text import Text

    from ..presentation import Presentation

    if score.finished and score.end is not None:
        totals = score.deals[score.end].totals
        pres = Presentation.of_game(lang, game, score.seats)
        who = join_list(lang, [pres.who(w) for w in score.winners])   # a, b et c (lang25)
        form = "other" if len(score.winners) > 1 else "one"
        return Text(translate(lang, f"score.win.{form}", who=who,
                              total=pres.number(totals[score.winners[0]]),
                              deal=score.deals[score.end].number), style="bold green")
    last = score.last
    if last is None:
        return Text(translate(lang, "score.no_deal"))
    totals = last.totals
    top = max(totals.values())
    if top >= rules.target:
        return Text(translate(lang, "score.tied", tie=translate(lang, f"rules.tie.{rules.tie}")))
    pres = Presentation(lang)
    return Text(translate(lang, "score.not_over", top=pres.number(top),
                          target=pres.number(rules.target)))


def _player_table(st: Standings, lang: str = "en") -> Table:
    # headers wrap between their words on 80 columns, never cut (issue 23)
    from rich.text import Text

    from ..render.fit import WordTable

    t = WordTable(title=translate(lang, "score.players"), title_justify="left")
    for col in ("player", "games", "won", "total", "avg", "deals", "moons"):
        t.add_column(translate(lang, f"score.col.{col}"),
                     justify="left" if col == "player" else "right", no_wrap=col == "player")
    for _, p in st.ranked():
        # escaped before rich measures it (a raw control would be escaped after, wider)
        t.add_row(Text(escape_controls(p.name, keep_layout=True)), *_player_numbers(p, lang))
    return t


def _player_numbers(p: PlayerStats, lang: str) -> list[str]:
    """A player's counts and average as people read them in *lang*
    (``1 040`` and ``104,0`` in French, ``1,040`` and ``104.0`` in
    English): a club's points over a season pass a thousand (lang25)."""
    from ..presentation import Presentation

    pres = Presentation(lang)
    return [pres.number(p.games), pres.number(p.won), pres.number(p.final_sum),
            pres.number(p.average_final, 1), pres.number(p.deals), pres.number(p.moons)]


@click.command("score", cls=HelpCommand, help="help.score")
@refuse_reports_over_inputs("paths", "output")
@click.argument("paths", nargs=-1, required=True, metavar="FILES_OR_FOLDERS...")
@rules_options()
@input_format_option()
@format_option(["table", "json", "csv", "html"], "table",
               "help.score.fmt_out")
@point_option("--game", "game_no", "help.score.game_no")
@output_option(default="-")
@jobs_option()
@engine_options()
@lang_option()
def command(paths: tuple[str, ...], rules: RuleSet | None, force_rules: bool, fmt_in: str | None,
            fmt_out: str, game_no: int | None, output: str, jobs: int, engine_spec: EngineSpec,
            lang: str) -> CorpusReport:
    """``hearts score``: its page (what it does, its options) is the
    catalogs' ``help.score`` and ``help.score.*``, in the run's language."""
    shown: list[_TableItem] = []
    run = _Run()
    run.need_game = game_no is not None
    table = fmt_out in ("table", "html")
    streamed = fmt_out in ("json", "csv")
    try:
        files = list(expand_paths(paths))
        with ExitStack() as stack:
            items: Iterable[tuple[bool, Any, GameSummary]]
            if game_no is None:
                work = partial(score_batch, default_rules=rules, force=force_rules,
                               table=table)
                engine = stack.enter_context(open_engine(engine_spec, jobs))
                bar = stack.enter_context(
                    CorpusProgress("score", total=total_bytes(files), unit="bytes"))
                items = map_batch_work(work, files, fmt=fmt_in, default_rules=rules, progress=bar,
                                       engine=engine)
                run.lines = engine.source_lines
            else:
                items = _nth_games(files, fmt_in, game_no, rules, force_rules, table)
            if fmt_out in ("json", "csv"):
                # Streamed: each game's entry is written as it is scored
                # (to the temporary file of -o, or held for standard output
                # in a spooled file), the totals per player added up on
                # the way; a syntax error stops the output and discards it.
                pieces = (_json_pieces if fmt_out == "json" else _csv_pieces)(run.docs(items, lang), run)
                write_atomic_iter(output, pieces, hold=True)
            elif fmt_out == "html" or output != "-" or plain_stdout():
                # Streamed too: each game's sheet or table is rendered as
                # it is scored and held in a spooled temporary file (HTML:
                # the document's title, which names the event when there is
                # one, is known at the end); only a terminal keeps the games
                # to print the coloured tables once the input is known good.
                if fmt_out == "html":
                    write_atomic_iter(output, _html_pieces(run.items(items), lang))
                else:
                    con = stdout_console() if output == "-" else safe_console(
                        file=io.StringIO(), width=160, no_color=True)
                    write_atomic_iter(output, _table_pieces(con, run.items(items), run, lang),
                                      hold=True)
                streamed = True
            else:
                for item in run.items(items):
                    shown.append(item)
    except InputError as exc:
        fail_input(exc)
    except _Abort:
        pass
    except OSError as exc:
        fail_output(exc, output)
    if run.syntax:
        first = run.syntax_source or "-"
        fail_syntax(first, run.syntax, run.syntax_lines)
    if game_no is not None and not run.games:
        fail(translate(lang, "cli.no_game", files=" ".join(files), n=game_no))
    if not streamed:
        console = stdout_console()
        for game, rules_used, score, found, why in shown:
            with seats_in_view(score.seats):
                _print_game(console, game, rules_used, score, found, lang, why)
        _print_players(console, run.standings, lang)
    return CorpusReport(findings=int(run.disagree), games=run.games)


class _Abort(Exception):
    """Raised into the output stream to discard it (a syntax error found)."""


class _Run:
    """The state of one ``score`` run as the games stream by: the totals
    per player, whether a record disagrees, and the syntax errors of the
    first file that has any (the command then writes nothing and exits 2,
    as it did when it held every game)."""

    def __init__(self) -> None:
        #: The mergeable totals (points and moons by seat, players' standings).
        self.totals = ScoreTotals(standings=Standings())
        self.disagree = False
        self.games = 0
        #: each syntax error with its game's players
        self.syntax: list[NamedError] = []
        self.syntax_source: str | None = None
        #: ``--game N``: no game at all is an error (nothing written).
        self.need_game = False
        #: Where the quoted lines of the syntax errors are read: the
        #: engine's workers (a cluster's client never opens the corpus);
        #: ``None``: by the command (``--game N`` read the games here).
        self.lines: Callable[[str, list[int]], dict[int, str]] | None = None
        self.syntax_lines: dict[int, str] | None = None

    def _take(self, items: Iterable[tuple[bool, Any, GameSummary]],
              errors_of: Callable[[Any], tuple[str | None, list[NamedError]]],
              unscored_of: Callable[[Any], int]) -> Iterator[Any]:
        """The items until the first syntax error; after it, only the
        other syntax errors of the same file are collected (the games of
        a file come together), then :class:`_Abort`.  *errors_of*: an
        item's source and its syntax errors, each with its game's view;
        *unscored_of*: how many of its deals cannot be scored (their play
        has errors: the exit status is 1, as for a disagreement)."""
        for bad, item, summary in items:
            source, errors = errors_of(item)
            if self.syntax:
                if (source or "-") != (self.syntax_source or "-"):
                    break
                self.syntax.extend(errors)
                continue
            if errors:
                self.syntax, self.syntax_source = errors, source
                continue
            self.games += 1
            unscored = unscored_of(item)
            self.disagree = self.disagree or bad or unscored > 0
            self.totals += ScoreTotals.of_game(summary, bad, unscored)
            yield item
        if self.syntax and self.lines is not None:
            # Read now, while the engine runs (its workers see the data).
            self.syntax_lines = self.lines(self.syntax_source or "-",
                                           [e.finding.line for e in self.syntax
                                            if e.finding.line is not None])
        if self.syntax or (self.need_game and not self.games):
            raise _Abort

    def items(self, items: Iterable[tuple[bool, Any, GameSummary]]
              ) -> Iterator[_TableItem]:
        """Table/HTML items: (game without deals, rules, score, findings)."""
        def errors_of(item: _TableItem
                      ) -> tuple[str | None, list[NamedError]]:
            game, _, _, found, _ = item
            return game.source, [NamedError(f, game.players, game.seat_names)
                                 for f in found if f.code == "syntax-error"]

        return self._take(items, errors_of, lambda item: sum(w is not None for w in item[4]))

    def docs(self, items: Iterable[tuple[bool, Any, GameSummary]], lang: str = "en"
             ) -> Iterator[dict[str, Any]]:
        """JSON entries (:func:`score_document`), each finding as the report
        prints it (``message_translated`` in a language other than English)."""
        def errors_of(doc: dict[str, Any]) -> tuple[str | None, list[NamedError]]:
            return doc["source"], [
                NamedError(Finding.from_dict(d), doc.get("players") or {}, doc["seats"])
                for d in doc["disagreements"] if d["code"] == "syntax-error"]

        def unscored_of(doc: dict[str, Any]) -> int:
            return sum("unscored" in d for d in doc["deals"])

        for doc in self._take(items, errors_of, unscored_of):
            with players_in_view(doc.get("players") or {}):
                for d in (*doc["disagreements"], *doc.get("notices", ())):
                    public_finding(d, lang)
            yield doc

    @property
    def standings(self) -> Standings:
        """The totals per player."""
        st = self.totals.standings
        assert st is not None
        return st

    def players(self) -> Iterator[dict[str, Any]]:
        """The totals per player, ranked (read once every game is in), one
        at a time: the report of a corpus of thousands of players is not
        held whole."""
        for i, (_, p) in enumerate(self.standings.ranked(), 1):
            yield {"rank": i, **p.to_dict()}


def _nth_games(files: list[str], fmt_in: str | None, game_no: int, rules: RuleSet | None,
               force: bool, table: bool) -> Iterator[tuple[bool, Any, GameSummary]]:
    """``--game N``: the N-th game of each file, scored as the whole-file
    path scores it (:func:`score_batch`: a JSON record with disagreements
    is read again with the places of its values, so that each names its
    line and column, not the record's first line).  The file is cut one
    record a batch, and only the batch of game N is scored (YAML and the
    OpenSpiel formats come as one batch of parsed games)."""
    for path in files:
        for batch in iter_batches([path], fmt_in, rules, games_per_batch=1):
            if isinstance(batch, Broken):   # (not with errors="raise"; for the type checker)
                raise batch.error
            if batch.first_index > game_no:
                break
            if batch.kind != "games" and batch.first_index != game_no:
                continue
            entry = next((e for _, e in score_batch(batch, rules, force, table)
                          if e[2].index == game_no), None)
            if entry is not None:
                yield entry
                break


def _indented(text: str, prefix: str) -> str:
    """Lines after the first of *text* indented by *prefix* (a JSON value
    placed inside a document, as ``json.dumps(indent=2)`` places it)."""
    return text.replace("\n", "\n" + prefix)


def _game_json(doc: dict[str, Any]) -> str:
    """``json_text(doc, indent=2)`` of one game's entry, by msgspec's encoder
    and formatter (the same text, tests/test_scored_records.py; a seventh of
    the CPU of :mod:`json`'s pure-Python encoder, which ``indent`` selects and
    which cost a quarter of ``score --format json``).  An entry holds
    strings, whole numbers, booleans and nulls: no float, whose spelling
    differs between the two."""
    import msgspec

    try:
        raw = msgspec.json.format(msgspec.json.encode(doc), indent=2)
    except (msgspec.EncodeError, OverflowError, TypeError, UnicodeEncodeError):
        return json_text(doc, indent=2)     # (a value msgspec refuses: json's own words)
    return json_safe(raw.decode("utf-8"))


def _json_pieces(docs: Iterator[dict[str, Any]], run: _Run) -> Iterator[str]:
    """The JSON report, one game at a time: the same text as
    ``json.dumps({"games": [...], "players": [...], "summary": {...}}, indent=2)`` (with
    controls escaped, :func:`hearts_notation.output.json_text`), without
    holding the games."""
    yield '{\n  "games": ['
    first = True
    for doc in docs:
        yield ("\n    " if first else ",\n    ") + _indented(_game_json(doc), "    ")
        first = False
    yield "]" if first else "\n  ]"
    # The players' list as json.dumps(indent=2) lays it out inside the
    # document, one player at a time.
    yield ',\n  "players": ['
    first = True
    for player in run.players():
        yield ("\n    " if first else ",\n    ") + _indented(json_text(player, indent=2), "    ")
        first = False
    yield "]" if first else "\n  ]"
    yield ',\n  "summary": ' + _indented(json_text(run.totals.to_dict(), indent=2), "  ") + "\n}\n"


CSV_HEADER = ["source", "game", "deal", "seat", "player", "points", "total", "moon", "assumed",
              "complete", "sheet"]


def _csv_pieces(docs: Iterator[dict[str, Any]], run: _Run) -> Iterator[str]:
    """The CSV report, one game's rows at a time.  Text cells (file name,
    player) go through :func:`hearts_notation.output.csv_cell`: controls
    escaped, no cell a spreadsheet would run as a formula."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_HEADER)
    for doc in docs:
        source = csv_cell(str(doc["source"])) if doc["source"] is not None else None
        for d in doc["deals"]:
            moon = d["moon"] or {}
            for s in doc["seats"]:
                pts = d["points"][s] if d["points"] is not None else ""
                w.writerow([source, doc["index"], d["number"], s,
                            csv_cell(normalise(doc["players"].get(s, "")) or s), pts,
                            d["totals"][s], moon.get("seat", ""),
                            str(moon.get("assumed", "")).lower(), str(d["complete"]).lower(),
                            str(d.get("sheet", False)).lower()])
        yield buf.getvalue()
        buf.seek(0)
        buf.truncate()
    yield buf.getvalue()


def _print_players(console: Console, st: Standings, lang: str) -> None:
    """The totals per player, when there is more than one game."""
    if st.games > 1:
        console.print(_player_table(st, lang))
        note = st.unnamed_note(lang)
        if note:
            from rich.text import Text

            console.print(Text(translate(lang, "score.note", note=note)))


def _plain_players(console: Console, st: Standings, lang: str) -> str | None:
    """What :func:`_print_players` prints, as plain text on a console
    without colour (:func:`hearts_notation.render.plain_table.plain_table`:
    rich's text, without holding a rich table of thousands of rows), or
    ``None`` when rich must draw it."""
    if console.color_system is not None:
        return None
    if st.games <= 1:
        return ""
    from ..render.plain_table import plain_table

    cols = ("player", "games", "won", "total", "avg", "deals", "moons")
    rows = []
    for _, p in st.ranked():
        rows.append([p.name, *_player_numbers(p, lang)])
    table = plain_table(translate(lang, "score.players"), None,
                        [translate(lang, f"score.col.{c}") for c in cols],
                        [c != "player" for c in cols], rows, console.width)
    note = st.unnamed_note(lang)
    if table is None or not note:
        return table
    return table + escape_controls(translate(lang, "score.note", note=note), keep_layout=True) + "\n"


def _table_pieces(console: Console, items: Iterable[_TableItem], run: _Run, lang: str
                  ) -> Iterator[str]:
    """The table report, one game at a time (rendered by *console*, as it
    would print them), then the totals per player."""
    for game, rules, scored, found, why in items:
        plain = _plain_game(console, game, rules, scored, found, lang, why)
        if plain is not None:
            yield plain
            continue
        with console.capture() as cap, seats_in_view(scored.seats):
            _print_game(console, game, rules, scored, found, lang, why)
        yield cap.get()
    plain = _plain_players(console, run.standings, lang)
    if plain is not None:
        yield plain
        return
    with console.capture() as cap:
        _print_players(console, run.standings, lang)
    yield cap.get()


def _html_pieces(items: Iterable[_TableItem],
                 lang: str = "en") -> Iterator[str]:
    """The HTML score sheets, one game at a time into a spooled temporary
    file, then the document: its title names the event when every game that
    has one has the same, so it is known only at the end."""
    import tempfile

    from ..render.scoresheet import SheetGame, game_section, score_sheets_html

    event: str | None = None
    several = False
    with tempfile.SpooledTemporaryFile(max_size=1 << 20, mode="w+", encoding="utf-8",
                                       newline="\n") as body:
        for g, r, sc, f, why in items:
            name = g.tags.get("Event")
            if name:
                if event is None:
                    event = name
                elif name != event:
                    several = True
            body.write(game_section(SheetGame(g, r, sc, f, why, notices=True), lang))
        title = event if event is not None and not several else translate(lang, "score.sheets")
        before, after = score_sheets_html((), title=title, lang=lang)
        yield before
        body.seek(0)
        while block := body.read(1 << 20):
            yield block
        yield after


def _emit(output: str, text: str) -> None:
    if output == "-":
        write_stdout(text)
    else:
        write_atomic(output, text)
