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
:mod:`hearts_notation.parallel` are forked while the bar is live, and a fork
must not copy a thread that might hold a lock.  When hidden, the object
still counts, so a command can print a summary from it.
"""

from __future__ import annotations

import os
import sys
import time
from types import TracebackType
from typing import TYPE_CHECKING, Literal, TextIO

if TYPE_CHECKING:      # rich is imported only when a bar is drawn (start-up cost)
    from rich.progress import Progress, TaskID

Unit = Literal["games", "bytes", "deals"]
_REFRESH = 0.1


def stderr_is_terminal(stream: TextIO | None = None) -> bool:
    """Whether progress may be drawn: standard error is a terminal."""
    s = stream if stream is not None else sys.stderr
    try:
        return bool(s.isatty())
    except (AttributeError, ValueError):
        return False


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

    # Context management ------------------------------------------------------

    def __enter__(self) -> CorpusProgress:
        self.start()
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.stop()

    def start(self) -> None:
        """Show the bar (when enabled)."""
        self._start = time.perf_counter()
        if not self.enabled or self._progress is not None:
            return
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            Progress,
            SpinnerColumn,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        console = Console(stderr=True, no_color="NO_COLOR" in os.environ or None)
        columns = [
            SpinnerColumn(),
            TextColumn("[bold]{task.description}"),
            BarColumn() if self.total else TextColumn(""),
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
        gps, dps = self.rates()
        from .i18n import current_language, number, translate

        lang = current_language()
        self._progress.update(
            self._task, completed=self._done(),
            counts=translate(lang, "progress.counts", games=number(lang, self.games),
                             deals=number(lang, self.deals)),
            rates=translate(lang, "progress.rates", games=number(lang, round(gps)),
                            deals=number(lang, round(dps))),
        )
        self._progress.refresh()


__all__ = ["CorpusProgress", "stderr_is_terminal"]
