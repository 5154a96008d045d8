"""The unit of work of ``hearts validate`` and of the library's
:func:`~hearts_notation.api.validate_file`: the report entries of one batch
of raw records, and the entry of a JSON or YAML document broken partway.

Kept apart from :mod:`hearts_notation.api` (which re-exports both) so the
command line imports only this: the API's result types are dataclasses,
and creating them would cost start-up time that ``hearts validate`` does
not need.  Both functions are top level, so a worker process (``--jobs``,
``--engine dask``) receives them by name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections import Counter
    from typing import Protocol

    from ..io.batches import Batch
    from ..rules import RuleSet

    class EntryCounts(Protocol):
        """What :func:`count_entry` adds to (declared for the type checker
        only: a class made at import costs start-up time)."""

        games: int
        deals: int
        valid_games: int
        errors: int
        warnings: int
        infos: int
        codes: Counter[str]


__all__ = ["count_entry", "is_tree_format", "syntax_entry", "validate_batch"]


def validate_batch(batch: Any, rules: RuleSet | None, force: bool) -> list[Any]:
    """The report entries of one batch of raw records, the unit of work of
    ``validate`` on worker processes (picklable, top level); an unreadable
    input comes back as its :class:`~hearts_notation.io.InputError`."""
    from ..io.batches import Batch
    from ..io.formats import FORMATS
    from .pool import gc_paused

    if not isinstance(batch, Batch):
        return [batch.error]
    with gc_paused():
        entries = _batch_entries(batch, rules, force)
    own = FORMATS.get(batch.kind)       # None: games parsed in the reading process
    if (own is None or own.tree) and is_tree_format(batch.source):
        for entry in entries:
            _place(entry)
    return entries


def count_entry(into: EntryCounts, entry: dict[str, Any]) -> None:
    """Count one report entry into *into*: a game, its deals, whether it is
    valid, and its findings by severity and by code (a summing-up finding
    counts once, not its details).  The one count behind ``validate``'s
    summary, whether the entry is counted by the client (the command's
    ``Summary``) or where its batch ran (``runners.counted.BatchCounts``):
    both must give the same totals."""
    into.games += 1
    into.deals += len(entry["deals"])
    into.valid_games += bool(entry["valid"])
    for f in entry["findings"]:
        into.codes[f["code"]] += 1
        sev = f["severity"]
        if sev == "error":
            into.errors += 1
        elif sev == "warning":
            into.warnings += 1
        else:
            into.infos += 1


def is_tree_format(source: str | None) -> bool:
    """Whether *source*'s records are JSON or YAML trees (findings the
    referee could not place take the line of their game): as the file was
    read (``--from``), not as its name says (``notes.txt`` read ``--from
    json``; lines19's report)."""
    from ..io.formats import FORMATS, read_format

    return source is not None and FORMATS[read_format(source)].tree


def _place(entry: Any) -> None:
    """Findings of a JSON/YAML record that the referee could not place
    (about the whole game) take the line of the game: every finding says
    where it is, in every format."""
    if not isinstance(entry, dict) or entry.get("line") is None:
        return
    for f in entry["findings"]:
        if f["line"] is None:
            f["line"] = entry["line"]
            f["column"] = 1


def _batch_entries(batch: Batch, rules: RuleSet | None, force: bool) -> list[Any]:
    """The referee reads the text of each record itself where the format
    gives it (the HRN reader's events to its compact check; a JSON record
    through the typed decoder): only a record it does not accept is read
    into the model.  Other formats' games are parsed, then checked."""
    from ..io.batches import HRN_GAME, batch_games, raw_records
    from ..referee import report_hrn_text, report_json_text, validate_game

    source = batch.source
    found = raw_records(batch)
    if found is None:
        return [validate_game(g, rules, force) for g in batch_games(batch)]
    syntax, records = found
    if syntax == HRN_GAME:
        return [report_hrn_text(r.text, source, r.line, r.index, rules, force, batch.default_rules,
                                r.stop, r.follows)
                for r in records]
    return [report_json_text(r.text, source, r.index, r.line, rules, force, in_array=r.in_array,
                             compact=r.compact, column=r.column) for r in records]


def syntax_entry(exc: Any, index: int, rules: RuleSet | None, force: bool) -> dict[str, Any] | None:
    """A JSON or YAML document broken partway (a bracket missing) cannot be
    read past the break: that is a syntax error of the record, a finding
    like any other, not an unreadable input.  Other input errors (missing,
    binary, not UTF-8) give ``None``."""
    from ..io.jsonio import SYNTAX_KEYS, error_game
    from ..referee import validate_game

    if exc.msg is None or exc.msg.key not in SYNTAX_KEYS:
        return None
    game = error_game(exc.msg, exc.source, index, exc.line, exc.column)
    return validate_game(game, rules, force)
