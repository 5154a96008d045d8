"""What a command did, as a typed object that knows its exit status.

Each command returns a :class:`Report` (as black's ``Report`` counts files
changed, unchanged and failed and derives the return code); the command
group turns it into the exit status, so the rule "0 fine, 1 findings,
2 unusable input or output or command line, 130 interrupted" is written
once, here.  Tests and library callers can look at the counts instead of
parsing the output.
"""

from __future__ import annotations

from dataclasses import dataclass

EXIT_OK = 0
EXIT_FINDINGS = 1
EXIT_UNUSABLE = 2
EXIT_INTERNAL = 3
EXIT_INTERRUPTED = 130


@dataclass
class Report:
    """The outcome of one command.

    ``findings``: problems found in usable input (rule errors, scores that
    disagree, files ``fmt --check`` would change); ``unusable``: inputs
    that could not be read, or outputs that could not be written;
    ``interrupted``: stopped by Ctrl-C after printing what was done.
    """

    findings: int = 0
    unusable: int = 0
    interrupted: bool = False

    @property
    def exit_code(self) -> int:
        """The exit status: interruption first, then unusable input, then
        findings."""
        if self.interrupted:
            return EXIT_INTERRUPTED
        if self.unusable:
            return EXIT_UNUSABLE
        return EXIT_FINDINGS if self.findings else EXIT_OK


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
        mode = "check" if self.check else "done"
        parts = []
        if self.changed:
            parts.append(msg(f"fmt.{mode}.changed.#n", n=self.changed).text(lang))
        if self.unchanged:
            parts.append(msg(f"fmt.{mode}.unchanged.#n", n=self.unchanged).text(lang))
        if self.failed:
            parts.append(msg(f"fmt.{mode}.failed.#n", n=self.failed).text(lang))
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
