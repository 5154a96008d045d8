"""The reports of the commands that share one shape (:class:`FmtReport`,
:class:`CorpusReport`), and the exit statuses and base :class:`Report` of
:mod:`hearts_notation.commands._status`, re-exported.

They are kept apart from :mod:`~hearts_notation.commands._status` (which
every start-up imports) because creating a dataclass costs a few tenths of
a millisecond of start-up: these are made only when a command that returns
one is imported.
"""

from __future__ import annotations

from dataclasses import dataclass

from ._status import EXIT_FINDINGS, EXIT_INTERNAL, EXIT_INTERRUPTED, EXIT_OK, EXIT_UNUSABLE, Report


@dataclass
class FmtReport(Report):
    """``fmt``: files reformatted, left unchanged, failed (black's counts)."""

    changed: int = 0
    unchanged: int = 0
    failed: int = 0
    check: bool = False

    @property
    def exit_code(self) -> int:
        if self.failed:
            return EXIT_UNUSABLE
        return EXIT_FINDINGS if self.check and self.changed else EXIT_OK

    def line(self) -> str:
        """Black's closing line: how many files changed, stayed, failed (in
        the language of the run's messages)."""
        from ..i18n import current_language, msg

        lang = current_language()
        # A failure writes nothing (fmt's all-or-nothing): the files that would
        # have changed or stayed are then told in the conditional, as --check
        # tells them, never "reformatted" beside "Nothing written".
        mode = "check" if self.check or self.failed else "done"
        parts = []
        if self.changed:
            parts.append(msg(f"fmt.{mode}.changed.#n", n=self.changed).text(lang))
        if self.unchanged:
            parts.append(msg(f"fmt.{mode}.unchanged.#n", n=self.unchanged).text(lang))
        if self.failed:
            failed_mode = "check" if self.check else "done"
            parts.append(msg(f"fmt.{failed_mode}.failed.#n", n=self.failed).text(lang))
        return (", ".join(parts) or msg("fmt.no_files").text(lang)) + "."


@dataclass
class CorpusReport(Report):
    """Commands over many games (``score``, ``stats``, ``replay``,
    ``annotate``, ``hint``, ``generate``, ``convert``): how many games and
    deals were handled."""

    games: int = 0
    deals: int = 0


__all__ = [
    "EXIT_FINDINGS",
    "EXIT_INTERNAL",
    "EXIT_INTERRUPTED",
    "EXIT_OK",
    "EXIT_UNUSABLE",
    "CorpusReport",
    "FmtReport",
    "Report",
]
