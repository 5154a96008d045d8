"""What a command did, as a typed object that knows its exit status.

Each command returns a :class:`Report` (as black's ``Report`` counts files
changed, unchanged and failed and derives the return code); the command
group turns it into the exit status, so the rule "0 fine, 1 findings,
2 unusable input or output or command line, 130 interrupted" is written
once, here.  Tests and library callers can look at the counts instead of
parsing the output.

The commands' own reports (:class:`FmtReport`, :class:`CorpusReport`) live
in :mod:`hearts_notation.commands.report`, which re-exports these names:
every start-up imports this module and creating a dataclass costs a few
tenths of a millisecond, so those for other commands are made only when
the command is imported.
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


__all__ = ["EXIT_FINDINGS", "EXIT_INTERNAL", "EXIT_INTERRUPTED", "EXIT_OK", "EXIT_UNUSABLE",
           "Report"]
