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
    from ..io.batches import Batch
    from ..rules import RuleSet

__all__ = ["is_tree_format", "syntax_entry", "validate_batch"]


def validate_batch(batch: Any, rules: RuleSet | None, force: bool) -> list[Any]:
    """The report entries of one batch of raw records, the unit of work of
    ``validate`` on worker processes (picklable, top level); an unreadable
    input comes back as its :class:`~hearts_notation.io.InputError`."""
    from ..io.batches import Batch
    from .pool import gc_paused

    if not isinstance(batch, Batch):
        return [batch.error]
    with gc_paused():
        entries = _batch_entries(batch, rules, force)
    if batch.kind != "hrn" and is_tree_format(batch.source):
        for entry in entries:
            _place(entry)
    return entries


def is_tree_format(source: str | None) -> bool:
    """Whether *source*'s records are JSON or YAML trees (findings the
    referee could not place take the line of their game)."""
    from ..io.formats import format_for

    return source is not None and format_for(source) in ("json", "jsonl", "yaml")


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
    from ..io.batches import batch_games
    from ..referee import report_hrn_text, report_json_text, validate_game

    source = batch.source
    if batch.kind == "jsonl":
        # Lines found with str.find (memchr), not str.split: JSONL lines
        # are long, and split looks at every character.
        out: list[Any] = []
        index = batch.first_index
        lineno = batch.first_line
        text: str = batch.payload
        find = text.find
        size = len(text)
        pos = 0
        while pos < size:
            end = find("\n", pos)
            if end < 0:
                end = size
            line = text[pos:end]
            if line and not line.isspace():
                out.append(report_json_text(line, source, index, lineno, rules, force))
                index += 1
            pos = end + 1
            lineno += 1
        return out
    if batch.kind == "json":
        # A cut made in this process may have decoded the records already.
        compacts = batch.compacts or (None,) * len(batch.payload)
        return [
            report_json_text(text, source, batch.first_index + i, line, rules, force,
                             prefix=f"game {batch.first_index + i}: " if batch.in_array else "",
                             compact=compact)
            for i, (text, line, compact) in enumerate(zip(batch.payload, batch.lines, compacts,
                                                          strict=True))
        ]
    if batch.kind == "hrn":
        # The reader's events go to the referee's compact check; only a game
        # it does not accept is read into the model.
        return [report_hrn_text(text, source, line, batch.first_index + i, rules, force,
                                batch.default_rules)
                for i, (line, text) in enumerate(batch.payload)]
    return [validate_game(g, rules, force) for g in batch_games(batch)]


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
