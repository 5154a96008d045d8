"""The unit of work of ``hearts validate --engine dask`` with text output:
a batch's validation reduced where it ran (:class:`BatchCounts`).

Kept apart from :mod:`.validate` so that a local ``hearts validate`` does
not create its dataclass at start-up (issue 22): only a cluster run's
counted work imports this module.  The function is top level, so a worker
receives it by name.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .validate import count_entry, validate_batch

if TYPE_CHECKING:
    from ..rules import RuleSet

__all__ = ["BatchCounts", "validate_batch_counted"]


def _codes() -> Counter[str]:
    return Counter()


@dataclass(slots=True)
class BatchCounts:
    """A batch's validation reduced where it ran: the counts of its report
    entries, and only the entries that have findings (what the text output
    prints).  On a cluster a clean game's entry then never travels to the
    client, whose work stays small whatever the corpus (issue 30)."""

    source: str | None = None
    games: int = 0
    deals: int = 0
    valid_games: int = 0
    errors: int = 0
    warnings: int = 0
    infos: int = 0
    codes: Counter[str] = field(default_factory=_codes)
    #: The game number of the batch's last entry (0 when it has none).
    last_index: int = 0
    #: The entries with findings, in order.
    entries: list[dict[str, Any]] = field(default_factory=list)
    #: The source lines the findings point at, taken from the batch's own
    #: text where the worker read it (HRN), for the quoted line and the
    #: caret: the client need not open the file.
    lines: dict[int, str] = field(default_factory=dict)

    @classmethod
    def of(cls, entries: list[dict[str, Any]]) -> BatchCounts:
        """The counts of *entries* (report entries of one file), by
        :func:`~.validate.count_entry` as ``commands.validate.Summary.add``
        counts them one by one."""
        out = cls()
        for entry in entries:
            count_entry(out, entry)
            out.source = entry["source"]
            out.last_index = entry["index"] or 0
            if entry["findings"]:
                out.entries.append(entry)
        return out


def validate_batch_counted(batch: Any, rules: RuleSet | None, force: bool) -> BatchCounts | list[Any]:
    """:func:`validate_batch` reduced where it runs (:class:`BatchCounts`);
    an unreadable input still comes back as ``[InputError]``, in order."""
    entries = validate_batch(batch, rules, force)
    if any(not isinstance(e, dict) for e in entries):
        return entries
    from ..io.formats import FORMATS

    counts = BatchCounts.of(entries)
    own = FORMATS.get(batch.kind)       # None: games parsed in the reading process
    lines = None if own is None else own.line_reader()
    if counts.entries and lines is not None:
        wanted = {f["line"] for e in counts.entries for f in e["findings"] if f["line"]}
        counts.lines = lines(batch.payload, wanted)
    return counts
