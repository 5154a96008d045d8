"""``hearts stats``: figures over a corpus of records.

Games, deals, points per seat, the moon rate, who took Q♠, the referee's
findings per code, and the effect of the pass direction; a rich table for
people, ``--format json`` for programs.  Files stream (flat memory) and the
games are tallied on every core (``--jobs``).  Ctrl-C prints the figures of
the games counted so far and exits 130.  An unreadable file is one line on
standard error; the other files are still counted, and the status is 2.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any, Final, cast

import click

from ..clickwords import HelpCommand
from ..i18n import count, number, render, seat_label, seat_of_letter, translate
from ..io import InputError
from ..io.batches import Batch
from ..output import json_text, message, write_stdout
from ..progress import CorpusProgress
from ..rules import RuleSet
from ..runners.local import EngineSpec, total_bytes
from ..runners.pool import gc_paused
from ..scored import CleanGame, records_of
from ..seats import DEFAULT_SEATS, seat_order
from ..stats import Tally, clean_tally, game_tally
from ._common import expand_paths, open_engine, stdout_console
from .options import (
    engine_options,
    format_option,
    input_format_option,
    jobs_option,
    lang_option,
    rules_options,
)
from .report import CorpusReport

if TYPE_CHECKING:
    from rich.table import Table


#: The figures of a seat's row that add up over records (the average is
#: worked out again from them).
_SUMMED: Final = ("deals", "points", "queen_taken", "moons", "wins")


def _one_row_a_seat(seats: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The seats' rows with West counted once: a corpus of English and
    French records has ``W`` and ``O`` (Ouest) in its JSON, the records'
    own names (the schema's), and they are one seat of the table, so
    the human table shows one row, labelled the output language's way.
    Only when every seat of the corpus is a default table's (N E S W, O,
    P1…): a record whose own seats are named otherwise may name a seat
    ``O`` that is not West, and its rows stay as written (lang29)."""
    letters = {name: seat_of_letter(name) for name in seats}
    if any(v is None and name not in DEFAULT_SEATS[6] for name, v in letters.items()):
        return seats
    out: dict[str, dict[str, Any]] = {}
    for name, row in seats.items():
        key = letters[name] or name
        if key not in out:
            out[key] = dict(row)
            continue
        merged = out[key]
        for field in _SUMMED:
            merged[field] += row[field]
        merged["average_points"] = merged["points"] / merged["deals"] if merged["deals"] else None
    return {s: out[s] for s in seat_order(out)}


def render_tables(doc: dict[str, Any], lang: str = "en") -> list[Table]:
    """The rich tables of a stats document (:meth:`Tally.to_dict`), their
    words in *lang* (seats, pass directions and severities too; finding
    codes stay the stable English names)."""
    # (WordTable: headers wrap between their words on 80 columns, never cut; issue 23.
    # rich and the presentation context only here: --format json draws no table)
    from rich.text import Text

    from ..presentation import Presentation
    from ..render.fit import WordTable

    def t(key: str) -> str:
        return translate(lang, key)

    def n(x: int) -> str:
        return number(lang, x)

    pres = Presentation(lang)

    def _pct(x: float | None) -> str:
        return "-" if x is None else pres.percent(100 * x)

    def _num(x: float | None) -> str:
        return "-" if x is None else pres.number(x, 2)

    s = doc["summary"]
    summary = WordTable(title=t("stats.corpus"), show_header=False, title_justify="left")
    summary.add_column("", style="bold")
    summary.add_column("", justify="right")
    for key in ("files", "games", "deals", "complete_deals", "sheet_deals", "finished_games",
                "valid_games", "shared_wins", "moons"):
        if key in s:
            summary.add_row(t(f"stats.row.{key}"), n(s[key]))
    summary.add_row(t("stats.row.moon_rate"), _pct(s["moon_rate"]))
    if s.get("unscored_deals"):
        # (a deal played out whose play has errors: not in the figures, as
        # score does not score it; only when there is one)
        summary.add_row(t("stats.row.unscored_deals"), n(s["unscored_deals"]))
    if s.get("unread_games"):
        # (records refused whole: hearts validate names each at its line and column)
        summary.add_row(t("stats.row.unread_games"), n(s["unread_games"]))
    tables: list[Table] = [summary]

    seats = WordTable(title=t("stats.seats"), title_justify="left")
    for col in ("seat", "deals", "points", "avg_points", "queen_taken", "moons", "wins"):
        seats.add_column(t(f"stats.col.{col}"), justify="left" if col == "seat" else "right")
    rows = _one_row_a_seat(doc["seats"])
    names = list(rows)
    for name, row in rows.items():
        # W is O in French unless a record has a seat named O too.
        seats.add_row(seat_label(lang, name, names), n(row["deals"]),
                      n(row["points"]), _num(row["average_points"]), n(row["queen_taken"]),
                      n(row["moons"]), n(row["wins"]))
    tables.append(seats)

    dirs = WordTable(title=t("stats.directions"), title_justify="left")
    for col in ("direction", "deals", "moon_rate", "avg_points", "queen_passed", "holder_avg",
                "holder_took"):
        dirs.add_column(t(f"stats.col.{col}"), justify="left" if col == "direction" else "right")
    for name, row in doc["directions"].items():
        dirs.add_row(render(lang, "seat.as_is", {"seat": ("dir", name)}), n(row["deals"]),
                     _pct(row["moon_rate"]), _num(row["average_points"]),
                     _pct(row["queen_passed_rate"]), _num(row["queen_holder_average_points"]),
                     _pct(row["queen_holder_took_it"]))
    tables.append(dirs)

    findings = WordTable(title=t("stats.findings"), title_justify="left")
    findings.add_column(t("stats.col.code"))
    findings.add_column(t("stats.col.severity"))
    findings.add_column(t("stats.col.count"), justify="right")
    for code, row in doc["findings"].items():
        style = {"error": "red", "warning": "yellow"}.get(row["severity"], "cyan")
        findings.add_row(code, Text(t(f"severity.{row['severity']}"), style=style), n(row["count"]))
    if not doc["findings"]:
        findings.add_row(t("stats.none"), "", "0")
    tables.append(findings)
    return tables


def tally_batch(batch: Any, default_rules: RuleSet | None, force_rules: bool) -> Tally | InputError:
    """Worker side: the tally of one batch of games, a partial result that
    the client merges in input order (:meth:`Tally.merge`, associative, so
    the figures do not depend on how the corpus was cut); an unreadable
    input comes back as its error."""
    if not isinstance(batch, Batch):
        return cast(InputError, batch.error)
    tally = Tally()
    with gc_paused():
        # A record the referee's compact check accepts is counted from that
        # check's replay, as validate checks it; only the others are read
        # into the model for the full referee (hearts_notation.scored).
        for rec in records_of(batch, default_rules, force_rules):
            if isinstance(rec, CleanGame):
                tally += clean_tally(rec)
            else:
                tally += game_tally(rec, default_rules, force_rules)
    return tally


@click.command("stats", cls=HelpCommand, help="help.stats")
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@format_option(["table", "json"], "table", "help.stats.fmt_out")
@rules_options()
@input_format_option()
@jobs_option()
@engine_options()
@lang_option()
def command(files: tuple[str, ...], fmt_out: str, rules: RuleSet | None, force_rules: bool,
            fmt_in: str | None, jobs: int, engine_spec: EngineSpec, lang: str) -> CorpusReport:
    """``hearts stats``: its page (what it does, its options) is the
    catalogs' ``help.stats`` and ``help.stats.*``, in the run's language."""
    paths: list[str] = []
    unreadable: list[InputError] = []
    try:
        for p in expand_paths(files):
            paths.append(p)
    except InputError as exc:
        unreadable.append(exc)
        message(exc.text(lang))
    tally = Tally()
    interrupted = False
    work = partial(tally_batch, default_rules=rules, force_rules=force_rules)
    try:
        with open_engine(engine_spec, jobs) as engine, \
                CorpusProgress("stats", total=total_bytes(paths), unit="bytes") as bar:
            paths = engine.expand(paths)    # what only a cluster's workers see, listed there
            for part in engine.map_batches(work, paths, fmt_in, rules, bar):
                if isinstance(part, InputError):
                    # Like validate, an unreadable file is reported where it
                    # stands and the other files are still counted (status 2).
                    unreadable.append(part)
                    message(part.text(lang))
                    continue
                tally = tally.merge(part)
                bar.advance(part.games, part.deals)
    except KeyboardInterrupt:
        interrupted = True
    broken = {e.source for e in unreadable}
    doc = tally.to_dict(files=len([p for p in paths if p not in broken]))
    if interrupted:
        doc["summary"]["interrupted"] = True
    if fmt_out == "json":
        write_stdout(json_text(doc, indent=2) + "\n")
    else:
        console = stdout_console()
        for table in render_tables(doc, lang):
            console.print(table)
    if interrupted:
        message(count(lang, "interrupted", tally.games))        # 1 partie (lang25)
    return CorpusReport(games=tally.games, interrupted=interrupted, unusable=len(unreadable))
