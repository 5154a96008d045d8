"""``hearts validate``: every card of every deal against the rules in force.

Files, directories (searched recursively by extension) and ``-`` (standard
input) in any supported format.  For people, the findings of each file are
printed compiler-style (``file:line:col: severity: message [code]``, the
source line and a caret), coloured by severity on a terminal, then one
summary line; ``--format json`` prints exactly the report of docs/spec.md, section 6.

Exit status: 0 no error (warnings and infos are fine), 1 some error (a
syntax error in one game is a finding like any other: the run goes on to the
next game and the next file), 2 when an input could not be read at all
(missing file, not UTF-8, binary, an empty directory) or the command line is
wrong.  An unreadable input is one line on standard error; the other inputs
are still validated and reported, and the status is 2 at the end.

The per-game work is the referee's: for JSON records
:func:`hearts_notation.referee.report_json_text` and for HRN text
:func:`hearts_notation.referee.report_hrn_text`, whose compact check skips
building the model for clean records (others:
:func:`hearts_notation.referee.validate_game`); batches of raw records are cut from
the files by :mod:`hearts_notation.runners` and checked on ``--jobs``
worker processes, with the same output whatever the number of jobs.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import IO, TYPE_CHECKING, Any, TextIO

import click

from ..clickwords import HelpCommand
from ..i18n import count, players_in_view, public_finding, seats_in_view, translate
from ..io import InputError, source_lines_at
from ..io.batches import Batch
from ..io.formats import read_format
from ..model import Finding
from ..output import StdoutData, escape_controls, json_safe, message, write_stdout
from ..progress import CorpusProgress
from ..rules import RuleSet
from ..runners.local import EngineSpec, iter_batches, total_bytes
from ..runners.pool import map_ordered
from ..runners.seam import Engine
from ..runners.validate import count_entry, syntax_entry, validate_batch
from ._common import expand_paths, open_engine, plain_stdout, stdout_console
from ._status import EXIT_FINDINGS, EXIT_INTERRUPTED, EXIT_OK, EXIT_UNUSABLE, Report
from .options import (
    engine_options,
    format_option,
    input_format_option,
    jobs_option,
    lang_option,
    rules_options,
)

if TYPE_CHECKING:   # rich is imported when something is styled (start-up cost)
    from rich.console import Console
    from rich.text import Text

    from ..runners.counted import BatchCounts  # (a cluster run's: start-up cost)

_STYLE = {"error": "bold red", "warning": "yellow", "info": "cyan"}


# Worker side: the library API's (hearts_notation.api), so a script is as fast as the CLI.


def iter_reports(paths: Iterable[str], fmt: str | None, rules: RuleSet | None, force: bool,
                 jobs: int = 1, progress: CorpusProgress | None = None,
                 engine: Engine | None = None, counted: bool = False) -> Iterator[Any]:
    """Report entries (docs/spec.md, section 6) of every game of every input, in order; an
    unreadable input yields its :class:`InputError` where it stands.  With an
    *engine* (``--engine``) the batches are read and checked there.  With
    *counted* and a cluster engine, each batch comes back reduced where it
    was checked (:class:`BatchCounts`: the counts, and only the entries
    with findings) -- what the text output needs."""
    if engine is not None and counted and engine.name != "local":
        from ..runners.counted import BatchCounts, validate_batch_counted

        counted_work = partial(validate_batch_counted, rules=rules, force=force)
        for reduced in engine.map_batches(counted_work, list(paths), fmt, rules, progress):
            if isinstance(reduced, BatchCounts):
                if progress is not None:
                    progress.advance(reduced.games, reduced.deals)
                yield reduced
            else:
                yield from reduced
        return
    work = partial(validate_batch, rules=rules, force=force)
    if engine is not None:
        for group in engine.map_batches(work, list(paths), fmt, rules, progress):
            for entry in group:
                if progress is not None and isinstance(entry, dict):
                    progress.advance(1, len(entry["deals"]))
                yield entry
        return
    # One job: the batches are checked here, so the cut may decode them too.
    batches = iter_batches(paths, fmt, rules, games_per_batch=32, errors="yield", decode=jobs == 1)

    def measured() -> Iterator[Any]:
        for b in batches:
            if progress is not None and isinstance(b, Batch):
                progress.advance(0, 0, b.nbytes)
            yield b

    for group in map_ordered(work, measured(), jobs, 1, None):
        for entry in group:
            if progress is not None and isinstance(entry, dict):
                progress.advance(1, len(entry["deals"]))
            yield entry


# Collecting and printing -------------------------------------------------------------------


@dataclass
class Summary(Report):
    """The counts of the report's ``summary``, and the command's exit
    status (:class:`~hearts_notation.commands.report.Report`)."""

    files: int = 0
    games: int = 0
    deals: int = 0
    valid_games: int = 0
    errors: int = 0
    warnings: int = 0
    infos: int = 0
    #: Findings by code (a summing-up finding counts once, not its details).
    codes: Counter[str] = field(default_factory=Counter)
    unreadable: list[InputError] = field(default_factory=list)

    def add(self, entry: dict[str, Any]) -> None:
        """Count one report entry (:func:`~hearts_notation.runners.validate.count_entry`)."""
        count_entry(self, entry)

    def add_counts(self, counts: BatchCounts) -> None:
        """A batch's counts made where it was checked: the same totals as
        :meth:`add` of each of its entries."""
        self.games += counts.games
        self.deals += counts.deals
        self.valid_games += counts.valid_games
        self.errors += counts.errors
        self.warnings += counts.warnings
        self.infos += counts.infos
        self.codes.update(counts.codes)

    def merge(self, other: Summary) -> Summary:
        """Both summaries' counts, as a new value: associative, with
        ``Summary()`` as identity, so the summaries of shards merged in
        input order are the summary of the whole run (``files`` adds up:
        the parts must not share a file)."""
        return Summary(files=self.files + other.files, games=self.games + other.games,
                       deals=self.deals + other.deals,
                       valid_games=self.valid_games + other.valid_games,
                       errors=self.errors + other.errors, warnings=self.warnings + other.warnings,
                       infos=self.infos + other.infos, codes=self.codes + other.codes,
                       unreadable=[*self.unreadable, *other.unreadable],
                       interrupted=self.interrupted or other.interrupted)

    def __iadd__(self, other: Summary) -> Summary:
        """:meth:`merge` in place (the client's running total)."""
        merged = self.merge(other)
        self.__dict__.update(merged.__dict__)
        return self

    def to_dict(self) -> dict[str, Any]:
        return {"files": self.files, "games": self.games, "deals": self.deals,
                "valid_games": self.valid_games, "errors": self.errors,
                "warnings": self.warnings, "infos": self.infos,
                "codes": {c: self.codes[c] for c in sorted(self.codes)}}

    def line(self, lang: str = "en") -> str:
        """The summary line people read, in *lang*."""
        def n(k: int, what: str) -> str:
            return count(lang, f"summary.{what}", k)

        return translate(lang, "summary.line", files=n(self.files, "files"),
                         games=n(self.games, "games"), deals=n(self.deals, "deals"),
                         valid=n(self.valid_games, "valid"), errors=n(self.errors, "errors"),
                         warnings=n(self.warnings, "warnings"), infos=n(self.infos, "infos"))

    @property
    def exit_code(self) -> int:
        """2 when an input could not be read, else 1 when some game has an
        error, else 0; 130 when interrupted."""
        if self.interrupted:
            return EXIT_INTERRUPTED
        if self.unreadable:
            return EXIT_UNUSABLE
        return EXIT_FINDINGS if self.errors else EXIT_OK


def _styled(text: str, severity: str, word: str | None = None) -> Text:
    """The rendered finding with its severity word (*word*, in the language
    of the output; *severity* itself by default) coloured."""
    from rich.text import Text

    word = severity if word is None else word
    out = Text()
    first, _, rest = text.partition("\n")
    marker = f": {word}: "
    at = first.find(marker)
    if at < 0:
        out.append(first)
    else:
        out.append(first[:at + 2], style="bold")
        out.append(word, style=_STYLE.get(severity, ""))
        out.append(first[at + 2 + len(word):])
    for extra in rest.split("\n") if rest else ():
        caret = extra.strip() == "^"
        out.append("\n" + extra, style=_STYLE.get(severity, "") if caret else "dim")
    return out


#: Findings held before they are printed (with their source lines, read by seeking).
_FLUSH_AT = 4096


class TextPrinter:
    """Prints the findings of one file at a time, with its source lines.

    To a pipe or a file (no style to show, :func:`~._common.plain_stdout`)
    each finding is written to standard output as the text rich would
    write for it, without rich: a console print costs ~0.15 ms (a ``Text``
    built, split into lines, rendered into segments, the stream flushed),
    more than the finding's message, and a corpus can have 10^5 findings
    (docs/performance.md, "Printing findings").  A console without colour
    writes a soft-wrapped ``Text`` as its characters with each tab
    expanded to the next multiple of 8 cells: a finding whose text holds a
    tab (a quoted source line) still goes through rich, which measures the
    cells.  The output is the same byte for byte (``tests/test_findings_print.py``)."""

    def __init__(self, quiet: bool, lang: str = "en") -> None:
        self._console: Console | None = None
        #: Whether findings are written without rich (decided at the first
        #: flush: standard output does not change during a run).
        self._plain: bool | None = None
        self.lang = lang
        self.quiet = quiet
        self.source: str | None = None
        #: The findings to print, by game: the players it names, its findings.
        self.pending: list[tuple[dict[str, str], Sequence[str], list[Finding]]] = []
        self._held = 0
        #: Source lines of the pending findings sent by the workers that
        #: read them (``--engine dask``): not read again here.
        self.known: dict[int, str] = {}
        #: Where the other lines are read: the engine's workers while it
        #: runs (:meth:`~hearts_notation.runners.Engine.source_lines`: a
        #: cluster's client never opens the corpus), else here.
        self.read_lines: Callable[[str, list[int]], dict[int, str]] | None = None

    @property
    def console(self) -> Console:
        """The rich console on standard output, made when first needed."""
        if self._console is None:
            self._console = stdout_console()
        return self._console

    def summary(self, line: str) -> None:
        """The summary line, bold on a terminal.  Written without rich when
        nothing was styled before it and rich would not style it either
        (:func:`~._common.plain_stdout`): a small validation then never
        loads rich."""
        if self._console is None and plain_stdout():
            write_stdout(escape_controls(line, keep_layout=True) + "\n", flush=False)
            return
        from rich.text import Text

        self.console.print(Text(line, style="bold"))

    def add(self, entry: dict[str, Any], lines: dict[int, str] | None = None) -> None:
        """An entry's findings to print (with *lines*: source lines the
        worker that checked it sent along)."""
        if entry["source"] != self.source:
            self.flush()
            self.source = entry["source"]
        if lines:
            self.known.update(lines)
        shown = [Finding.from_dict(f) for f in entry["findings"]
                 if not self.quiet or f["severity"] == "error"]
        if not shown:
            return
        self.pending.append((entry.get("players") or {}, entry.get("seats") or (), shown))
        self._held += len(shown)
        if self._held >= _FLUSH_AT:
            # A file with findings in every game: print them as they come,
            # so memory does not grow with the file.
            self.flush()

    def flush(self) -> None:
        if not self.pending or self.source is None:
            self.pending = []
            self._held = 0
            self.known = {}
            return
        source = self.source
        lines = self._lines(source, [f.line for _, _, found in self.pending for f in found
                                     if f.line is not None])
        self.known = {}
        from ..diagnostics import LineView, render  # (findings only: start-up)

        view = LineView(lines) if lines else None
        if self._plain is None:
            self._plain = self._console is None and plain_stdout()
        out = sys.stdout if self._plain else None
        shown_source = escape_controls(source)
        for players, seats, found in self.pending:
            # The players by name where the record names them (names
            # first), the seats as the game names them (W stays W in French
            # where O is another seat); one view for the findings of a
            # game, so each seat's name is looked up once.
            with seats_in_view(seats), players_in_view(players):
                for f in found:
                    shown = render(f, source, view, lang=self.lang)
                    if out is not None and "\t" not in shown:
                        out.write(shown + "\n")
                    else:
                        self.console.print(_styled(shown, f.severity,
                                                   translate(self.lang, f"severity.{f.severity}")))
                    if f.details:
                        self._details(f, shown_source, out)
        if out is not None:
            out.flush()         # (in order with what goes to standard error)
        self.pending = []
        self._held = 0

    def _details(self, f: Finding, shown_source: str, out: TextIO | None) -> None:
        """What a summing-up finding replaced, one line each, the seats as
        the record writes them (no players' names: the view is emptied)."""
        with players_in_view({}):
            for d in f.details:
                where = f":{d.line}:{d.column}" if d.line and d.column else ""
                detail = f"    {shown_source}{where}: {escape_controls(d.text(self.lang))} [{d.code}]"
                if out is not None:
                    out.write(detail + "\n")
                else:
                    from rich.text import Text

                    self.console.print(Text(detail, style="dim"))

    def _lines(self, source: str, wanted: list[int]) -> dict[int, str] | None:
        """Source lines for the carets: text formats only (a JSONL line is a
        whole game, too long to quote)."""
        if not wanted or read_format(source) == "jsonl":
            return None
        found = {n: self.known[n] for n in wanted if n in self.known}
        missing = [n for n in wanted if n not in self.known]
        if not missing:
            return found
        if self.read_lines is not None:
            found.update(self.read_lines(source, missing))
            return found or None
        try:
            found.update(source_lines_at(source, missing))
        except InputError:
            return found or None
        return found


#: ``json.dumps(x, ensure_ascii=False)``, without a new encoder for every game.
_ENCODE = json.JSONEncoder(ensure_ascii=False).encode


#: Characters of report entries held in memory before they go to a temporary file.
_HOLD_IN_MEMORY = 32 << 20


class _Spool:
    """Report entries kept as JSON text (memory first, then a temporary
    file), so that the summary can be printed before them.  ``tempfile``
    (with ``shutil``, ``random``, ``bz2``, ``lzma``) is imported only when
    a report outgrows :data:`_HOLD_IN_MEMORY`: a small report pays nothing
    for it (start-up)."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang
        self.held: list[str] = []
        self.size = 0
        self.file: IO[str] | None = None
        self.count = 0

    def add(self, entry: dict[str, Any]) -> None:
        # The codes and English messages stay as they are (stable for
        # programs); the message in the chosen language is added beside.
        with seats_in_view(entry.get("seats") or ()), players_in_view(entry.get("players") or {}):
            for f in entry["findings"]:
                public_finding(f, self.lang)
        line = json_safe(_ENCODE(entry)) + "\n"
        self.count += 1
        if self.file is not None:
            self.file.write(line)
            return
        self.held.append(line)
        self.size += len(line)
        if self.size > _HOLD_IN_MEMORY:
            import tempfile

            self.file = tempfile.TemporaryFile(mode="w+", encoding="utf-8")
            self.file.writelines(self.held)
            self.held = []

    def write_report(self, summary: Summary, out: StdoutData) -> None:
        out.write('{\n  "summary": ' + json.dumps(summary.to_dict()) + ',\n  "games": [')
        lines: Iterable[str] = self.held
        if self.file is not None:
            self.file.seek(0)
            lines = self.file
        first = True
        for line in lines:
            out.write(("\n    " if first else ",\n    ") + line.rstrip("\n"))
            first = False
        out.write("\n  ]\n}\n" if not first else "]\n}\n")
        self.held = []
        if self.file is not None:
            self.file.close()


@click.command("validate", cls=HelpCommand, help="help.validate")
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@rules_options()
@input_format_option()
@format_option(["text", "json"], "text", "help.validate.fmt_out")
@click.option("--quiet", "-q", is_flag=True, help="help.validate.quiet")
@jobs_option()
@engine_options()
@lang_option()
def command(paths: tuple[str, ...], rules: RuleSet | None, force_rules: bool, fmt_in: str | None,
            fmt_out: str, quiet: bool, jobs: int, engine_spec: EngineSpec, lang: str) -> Summary:
    """``hearts validate``: its page (what it does, its options) is the
    catalogs' ``help.validate`` and ``help.validate.*``, in the run's language."""
    summary = Summary()
    readable: list[str] = []
    try:
        for p in expand_paths(paths):
            readable.append(p)
    except InputError as exc:
        summary.unreadable.append(exc)
        message(exc.text(lang))
    printer = TextPrinter(quiet, lang) if fmt_out == "text" else None
    spool = _Spool(lang) if fmt_out == "json" else None
    seen: set[str] = set()
    per_file: dict[str, int] = {}
    try:
        with open_engine(engine_spec, jobs) as engine, \
                CorpusProgress("validate", total=total_bytes(readable), unit="bytes") as bar:
            if printer is not None:
                printer.read_lines = engine.source_lines
            for entry in iter_reports(readable, fmt_in, rules, force_rules, progress=bar,
                                      engine=engine, counted=printer is not None):
                if not isinstance(entry, (dict, InputError)):
                    # A cluster batch's counts (runners.counted.BatchCounts).
                    if entry.source is None:
                        continue
                    seen.add(entry.source)
                    per_file[entry.source] = entry.last_index
                    summary.add_counts(entry)
                    if printer is not None:
                        for with_findings in entry.entries:
                            printer.add(with_findings, entry.lines)
                    continue
                if isinstance(entry, InputError):
                    broken = syntax_entry(entry, per_file.get(entry.source, 0) + 1, rules, force_rules)
                    if broken is None:
                        summary.unreadable.append(entry)
                        if printer is not None:
                            printer.flush()
                        message(entry.text(lang))
                        continue
                    entry = broken
                seen.add(entry["source"])
                per_file[entry["source"]] = entry["index"] or 0
                summary.add(entry)
                if printer is not None:
                    printer.add(entry)
                elif spool is not None:
                    spool.add(entry)
            if printer is not None:
                printer.flush()         # while the engine runs: it reads the quoted lines
    except KeyboardInterrupt:
        summary.interrupted = True
    if printer is not None:
        printer.read_lines = None
    summary.files = len(seen)
    if printer is not None:
        printer.flush()
        if not quiet:
            printer.summary(summary.line(lang))
    elif spool is not None:
        spool.write_report(summary, StdoutData())
        sys.stdout.flush()
    if summary.interrupted:
        message(count(lang, "interrupted", summary.games))      # 1 partie (lang25)
    return summary
