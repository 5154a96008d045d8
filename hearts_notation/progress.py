"""A progress bar for long runs over corpora, shared by every command.

It goes to standard error and only when standard error is a terminal, so
that piped or redirected output (and CI logs) never see it; ``NO_COLOR`` is
respected.  It shows games and deals done, games and deals per second, and,
when the total is known (bytes of the input files, or the number of games
to generate), a bar and an ETA.

Usage::

    with CorpusProgress("validate", total=total_bytes, unit="bytes") as bar:
        for result in parallel.map_games(func, paths, jobs=jobs, progress=bar):
            ...

The bar is refreshed at most ten times a second from the caller's thread
(rich's refresh thread is not started): the worker processes of
:mod:`hearts_notation.runners` are forked while the bar is live, and a fork
must not copy a thread that might hold a lock.  When hidden, the object
still counts, so a command can print a summary from it.
"""

from __future__ import annotations

import os
import sys
import time
from typing import TYPE_CHECKING, Literal, TextIO

if TYPE_CHECKING:      # rich is imported only when a bar is drawn (start-up cost)
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TaskID

Unit = Literal["games", "bytes", "deals"]
_REFRESH = 0.1


def stderr_is_terminal(stream: TextIO | None = None) -> bool:
    """Whether progress may be drawn: standard error is a terminal."""
    s = stream if stream is not None else sys.stderr
    try:
        return bool(s.isatty())
    except (AttributeError, ValueError):
        return False


def progress_console() -> Console:
    """The console every progress display draws on (the corpus bars here,
    ``hearts solve``'s search line): standard error, so that the output on
    standard output stays clean, and ``NO_COLOR`` respected.  Stated once
    so that the progress displays cannot come to differ.

    Soft wrap: while a bar is drawn, rich takes what the program writes on
    standard error (a finding, an error) and prints it above the bar; it
    folded those lines at the terminal's width, breaking words on a narrow
    one ("binar", "y" at 5 columns, review 23) and putting line breaks in
    a path copied from a wide one.  They go out whole, as without a bar,
    and the terminal wraps them."""
    from rich.console import Console

    return Console(stderr=True, no_color="NO_COLOR" in os.environ or None, soft_wrap=True)


class CorpusProgress:
    """Games and deals processed, their rates, and an ETA when the total
    is known.

    *total* counts *unit*: ``"bytes"`` of input (the readers report the
    bytes behind each batch of games), ``"games"`` or ``"deals"``.
    *enabled* forces the bar on or off; by default it is on only when
    standard error is a terminal.
    """

    def __init__(self, description: str = "working", total: int | None = None,
                 unit: Unit = "games", enabled: bool | None = None) -> None:
        self.description = description
        self.total = total
        self.unit = unit
        self.enabled = stderr_is_terminal() if enabled is None else enabled
        self.games = 0
        self.deals = 0
        self.nbytes = 0
        self._start = time.perf_counter()
        self._last = 0.0
        self._progress: Progress | None = None
        self._task: TaskID | None = None
        self._bar: BarColumn | None = None

    # Context management ------------------------------------------------------

    def __enter__(self) -> CorpusProgress:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def start(self) -> None:
        """Show the bar (when enabled)."""
        self._start = time.perf_counter()
        if not self.enabled or self._progress is not None:
            return
        from rich.progress import (
            BarColumn,
            Progress,
            SpinnerColumn,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        console = progress_console()
        # The bar takes what the words and the times leave of the line, so
        # that nothing is cut on a narrow terminal (80 columns).
        bar = max(8, min(40, console.width - 72))
        self._bar = BarColumn(bar_width=bar) if self.total else None
        columns = [
            SpinnerColumn(),
            TextColumn("[bold]{task.description}"),
            self._bar if self._bar is not None else TextColumn(""),
            TextColumn("{task.fields[counts]}"),
            TextColumn("{task.fields[rates]}"),
            TimeElapsedColumn(),
        ]
        if self.total:
            columns.append(TimeRemainingColumn())
        self._progress = Progress(*columns, console=console, transient=True, auto_refresh=False)
        self._progress.start()
        self._task = self._progress.add_task(self.description, total=self.total,
                                             counts="", rates="")

    def stop(self) -> None:
        """Remove the bar (a transient bar leaves nothing on the terminal)."""
        if self._progress is not None:
            self._refresh(force=True)
            self._progress.stop()
            self._progress = None

    # Counting -------------------------------------------------------------------

    def advance(self, games: int = 1, deals: int = 0, nbytes: int = 0) -> None:
        """Count work done; redraws at most ten times a second."""
        self.games += games
        self.deals += deals
        self.nbytes += nbytes
        if self._progress is not None:
            now = time.perf_counter()
            if now - self._last >= _REFRESH:
                self._last = now
                self._refresh()

    @property
    def elapsed(self) -> float:
        """Seconds since the start."""
        return time.perf_counter() - self._start

    def rates(self) -> tuple[float, float]:
        """Games and deals per second so far."""
        dt = max(self.elapsed, 1e-9)
        return self.games / dt, self.deals / dt

    def _done(self) -> int:
        return {"games": self.games, "deals": self.deals, "bytes": self.nbytes}[self.unit]

    def _refresh(self, force: bool = False) -> None:
        if self._progress is None or self._task is None:
            return
        fields = self.fit(self.fields(), self._progress.console.width)
        self._progress.update(self._task, completed=self._done(), counts=fields["counts"],
                              rates=fields["rates"])
        self._progress.refresh()

    def fit(self, fields: dict[str, str], width: int) -> dict[str, str]:
        """*fields* shortened so that the line fits *width* columns with its
        times whole (issue 23: "0:06:…"): the rate of the other unit goes
        first, then the rates, then the bar narrows (down to 4 columns)."""
        from rich.cells import cell_len

        times = 2 * 9 if self.total else 9       # "0:00:00" and a space, twice with a total
        bar = self._bar.bar_width or 0 if self._bar is not None else 0

        def need(f: dict[str, str], bar_width: int) -> int:
            return (2 + cell_len(self.description) + 1 + bar_width + 1 + cell_len(f["counts"]) + 1
                    + cell_len(f["rates"]) + 1 + times)

        if need(fields, bar) > width:
            fields = {**fields, "rates": fields["rates_" + ("deals" if self.unit == "deals"
                                                           else "games")]}
        if need(fields, bar) > width:
            fields = {**fields, "rates": ""}
        if self._bar is not None and need(fields, bar) > width:
            self._bar.bar_width = max(4, bar - (need(fields, bar) - width))
        return fields

    def fields(self) -> dict[str, str]:
        """The bar's counts and rates in the run's language and number
        format; a slow rate (an analysis: less than ten a second) keeps one
        decimal rather than showing 0."""
        from .i18n import current_language, plural, translate
        from .presentation import Presentation

        pres = Presentation(current_language())

        def counted(key: str, x: float, digits: int = 0) -> str:
            shown = pres.number(x, digits)
            return translate(pres.lang, f"{key}.{plural(pres.lang, round(x, digits))}", n=shown)

        def rate(key: str, x: float) -> str:
            return counted(key, x, 1 if 0 < x < 10 else 0)

        gps, dps = self.rates()
        return {
            "counts": translate(pres.lang, "progress.counts",
                                games=counted("progress.n_games", self.games),
                                deals=counted("progress.n_deals", self.deals)),
            "rates": translate(pres.lang, "progress.rates", games=rate("progress.rate_games", gps),
                               deals=rate("progress.rate_deals", dps)),
            # one unit's rate alone, for a narrow terminal (:meth:`fit`)
            "rates_games": rate("progress.rate_games", gps),
            "rates_deals": rate("progress.rate_deals", dps),
        }


__all__ = ["CorpusProgress", "progress_console", "stderr_is_terminal"]
