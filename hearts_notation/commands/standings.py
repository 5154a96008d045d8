"""``hearts standings``: standings by player over any number of files and games.

Every game is refereed (sheet deals and played deals alike) in the worker
processes and boiled down to a small summary; the summaries are added up by
player name (:mod:`hearts_notation.standings`), so the run streams in flat
memory whatever the number of games.  ``--format table`` (rich) for people,
``json`` and ``csv`` for programs, ``html`` for a printable page.

Exit status: 0 fine, 1 some game has an error finding (counted against the
player whose seat it names), 2 unusable input or command line.
"""

from __future__ import annotations

import csv
import io
from functools import partial
from typing import TYPE_CHECKING

import click

from ..clickwords import HelpCommand
from ..i18n import render, seat_label, translate
from ..io import InputError, write_atomic
from ..output import console as safe_console
from ..output import csv_cell, safe, write_stdout
from ..players import AliasError, Identity, load_aliases
from ..progress import CorpusProgress
from ..ratings import Ratings
from ..rules import RuleSet
from ..runners.local import EngineSpec, total_bytes
from ..standings import LABELS, Standings, standings_batch
from ._common import expand_paths, fail, fail_input, open_engine, stdout_console
from .options import (
    engine_options,
    format_option,
    input_format_option,
    jobs_option,
    lang_option,
    output_option,
    refuse_reports_over_inputs,
    rules_options,
)
from .report import CorpusReport

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text


def _longest_word(text: str) -> int:
    """The width of the longest word of *text* (where it may wrap)."""
    return max((len(w) for w in text.split()), default=0)


def _tables(st: Standings, width: int, title: str, lang: str) -> list[Table | Text]:
    # (rich only for the table: json, csv and html are written without it; issue 22)
    from rich import box
    from rich.table import Table
    from rich.text import Text

    from ..presentation import Presentation
    from ..render.fit import WordTable

    words = LABELS[lang]
    num = Presentation(lang).number     # 1 234 and 104,0 in French (lang25)
    data = st.to_dict()
    out: list[Table | Text] = []
    keys = ("games", "won", "shared", "average_final", "average_points_per_deal", "moons",
            "queen_of_spades", "findings")
    cells = [[str(p["rank"]), p["player"] if p["named"] else seat_label(lang, p["player"]),
             num(p["games"]), num(p["won"]), num(p["shared"]), num(p["average_final"], 1),
             num(p["average_points_per_deal"], 2), num(p["moons"]),
             num(p["queen_of_spades"]), num(p["findings"])] for p in data["players"]]
    heads = ["#", words["player"], *(words[k] for k in keys)]
    # A header is wrapped between its words, never cut inside one: each
    # column is at least as wide as its longest header word and its values.
    mins = [max([_longest_word(h), *(len(r[i]) for r in cells)]) for i, h in enumerate(heads)]
    mins[1] = max([_longest_word(heads[1]), *(_longest_word(r[1]) for r in cells)])
    boxed = sum(max(m, len(h)) for m, h in zip(mins, heads, strict=True)) + 3 * len(heads) + 1
    # Too wide for the terminal with its rules: the same table without the
    # vertical rules and padding (one space between columns).
    compact = {} if boxed <= width else {"box": box.SIMPLE_HEAD, "pad_edge": False,
                                          "padding": (0, 0), "collapse_padding": True}
    t = WordTable(title=f"{title} — " + st.summary_line(lang), title_justify="left",
              **compact)
    for i, h in enumerate(heads):
        t.add_column(h, justify="left" if i == 1 else "right", min_width=mins[i],
                     no_wrap=i == 0)
    for r in cells:
        t.add_row(r[0], Text(safe(r[1])), *r[2:])
    out.append(t)
    names, rows = st.cross_table()
    capped = st.cross_table_note(lang)
    longest = max((len(n) for n in names), default=0)
    # the rank, the names and a "w-d-l" column per player, with their padding
    need = longest + 8 + len(names) * 7
    if len(names) > 1 and need > width:
        out.append(Text(words["too_wide"].format(n=len(names), need=need, width=width)))
    elif len(names) > 1:
        # (its title a paragraph above it, wrapped at words: 101 cells in
        # French, printed whole as a rich title; lang31)
        out.append(Text(f"{words['h2h']} {words['by_rank']}"))
        x = Table(box=box.SIMPLE_HEAD, collapse_padding=True, pad_edge=False)
        x.add_column("#", justify="right")
        x.add_column("", no_wrap=True, min_width=longest)
        for k in range(1, len(names) + 1):
            x.add_column(str(k), justify="center", no_wrap=True)
        for k, (n, row) in enumerate(zip(names, rows, strict=True), 1):
            x.add_row(str(k), Text(safe(n)), *("·" if c is None else f"{c[0]}-{c[1]}-{c[2]}" for c in row))
        out.append(x)
    if capped is not None:
        out.append(Text(capped))
    out.extend(Text(line) for line in st.remarks(lang))
    return out


def _print(console: Console, item: Table | Text) -> None:
    """A table as it is; a note (the head-to-head's width, the remarks) as
    a paragraph wrapped at words: printed whole, *Le tableau des face-à-face
    … demande 100 colonnes ; le terminal en a 80 …* ran past the terminal
    it spoke of and was cut mid-word (lang31)."""
    from rich.text import Text

    from ..render.breaks import print_paragraph

    if isinstance(item, Text):
        print_paragraph(console, item)
    else:
        console.print(item)


def _rater(lang: str) -> Ratings:
    """The OpenSkill rater, or exit 2 with the install line."""
    try:
        return Ratings()
    except ImportError:
        fail(translate(lang, "ratings.missing"))


def _ratings_table(rater: Ratings, lang: str) -> Table:
    """The ratings, best first: rating ± uncertainty (OpenSkill's mu and sigma);
    narrowed between words (:class:`~hearts_notation.render.fit.WordTable`: on a
    terminal 10 columns wide rich's own table showed empty cells only)."""
    from rich.text import Text

    from ..render.fit import WordTable

    dec = translate(lang, "number.decimal")
    # (a counted message: the language's plural, the count grouped its way)
    t = WordTable(title=render(lang, "ratings.title.#results", {"results": rater.results}),
                  title_justify="left")
    t.add_column("#", justify="right")
    t.add_column(translate(lang, "ratings.player"))
    t.add_column(translate(lang, "ratings.rating"), justify="right")
    t.add_column(translate(lang, "ratings.sigma"), justify="right")
    t.add_column(translate(lang, "ratings.ordinal"), justify="right")
    for i, r in enumerate(rater.table(), 1):
        t.add_row(str(i), Text(safe(r["player"])), f"{r['mu']:.2f}".replace(".", dec),
                  f"{r['sigma']:.2f}".replace(".", dec), f"{r['ordinal']:.2f}".replace(".", dec))
    return t


@click.command("standings", cls=HelpCommand, help="help.standings")
@refuse_reports_over_inputs("paths", "output")
@click.argument("paths", nargs=-1, required=True, metavar="FILES_OR_FOLDERS...")
@click.option("--aliases", "aliases_path", default=None, metavar="FILE",
              help="help.standings.aliases_path")
@click.option("--ignore-case", is_flag=True,
              help="help.standings.ignore_case")
@rules_options()
@input_format_option()
@format_option(["table", "json", "csv", "html"], "table",
               "help.standings.fmt_out")
@output_option(default="-")
@click.option("--title", default=None, help="help.standings.title")
@click.option("--ratings", is_flag=True,
              help="help.standings.ratings")
@jobs_option()
@engine_options()
@lang_option("help.standings.lang")
def command(paths: tuple[str, ...], aliases_path: str | None, ignore_case: bool, rules: RuleSet | None,
            force_rules: bool, fmt_in: str | None, fmt_out: str, output: str, title: str | None,
            ratings: bool, jobs: int, engine_spec: EngineSpec, lang: str) -> CorpusReport:
    """``hearts standings``: its page (what it does, its options) is the
    catalogs' ``help.standings`` and ``help.standings.*``, in the run's language."""
    title = title or LABELS[lang]["title"]
    aliases = {}
    if aliases_path is not None:
        try:
            aliases = load_aliases(aliases_path, ignore_case)
        except AliasError as exc:
            fail(exc.text(lang))
    st = Standings(Identity(aliases, ignore_case))
    rater = _rater(lang) if ratings else None
    if rater is not None and fmt_out not in ("table", "json"):
        fail(translate(lang, "ratings.formats"))
    spec = rules
    try:
        files = list(expand_paths(paths))
        # Each batch is added up where it is read; the client merges the
        # batches' standings in input order (associative: the same figures
        # whatever the engine, the workers and the shard size).
        work = partial(standings_batch, identity=st.identity, default_rules=rules,
                       force=force_rules, keep_results=rater is not None)
        with open_engine(engine_spec, jobs) as engine, \
                CorpusProgress("standings", total=total_bytes(files), unit="bytes") as bar:
            for part in engine.map_batches(work, files, fmt_in, spec, bar):
                if isinstance(part, InputError):
                    raise part
                if rater is not None:
                    for result in part.results or ():
                        rater.add(result)
                st += part
                bar.advance(part.games, part.deals)
    except InputError as exc:
        fail_input(exc)
    if fmt_out == "json":
        more = None
        if rater is not None:
            more = {"ratings": {"model": "openskill-plackett-luce", "results": rater.results,
                                "players": rater.table()}}
        # The document a player at a time (thousands of players: not built whole).
        text = "".join(st.json_pieces(more)) + "\n"
    elif fmt_out == "csv":
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        for row in st.csv_rows():
            # Names and other text cells: controls escaped, no formula.
            w.writerow([csv_cell(c) if isinstance(c, str) else c for c in row])
        text = buf.getvalue()
    elif fmt_out == "html":
        from ..render.scoresheet import standings_html

        text = standings_html(st, title, lang)
    else:
        text = ""
    if fmt_out == "table" and output == "-":
        console = stdout_console()
        for item in _tables(st, console.width, title, lang):
            _print(console, item)
        if rater is not None:
            console.print(_ratings_table(rater, lang))
    elif fmt_out == "table":
        buf = io.StringIO()
        console = safe_console(file=buf, width=160, no_color=True)
        for item in _tables(st, 160, title, lang):
            _print(console, item)
        if rater is not None:
            console.print(_ratings_table(rater, lang))
        write_atomic(output, buf.getvalue())
    elif output == "-":
        write_stdout(text)
    else:
        write_atomic(output, text)
    return CorpusReport(findings=int(bool(st.errors)), games=st.games)
