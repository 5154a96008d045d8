"""OpenSpiel's playthrough text files (``--from openspiel-playthrough``).

OpenSpiel's test suite keeps, for every game, a *playthrough*: a text file
that opens with ``game: hearts`` (or ``game: hearts(pass_cards=False)``),
lists the game's attributes, then prints every state of one played game:
the state drawn as comments (``# Pass Direction: ...``, the hands, the
passes, the tricks and, at the end, ``# Points:`` one line per seat),
``History() = [...]`` (the actions so far) and the action applied next.

The reader takes the game string of the first line (the parameters), the
last ``History()`` (the whole deal) and the last ``# Points:`` block (what
OpenSpiel scored), and gives one one-deal game: the history read by the
action-history reader, and the points as the deal's recorded score, so
that ``hearts validate`` checks every card *and* OpenSpiel's points
(a difference is a ``score-mismatch``).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator

from ..i18n import msg
from ..model import Game, Pos
from .jsonio import JSON_ERRORS, RecordError, loads_record
from .limits import current as current_limits
from .limits import limit_message
from .openspiel import SEATS, History, HistoryReader, params_of, parse_game_string

_HISTORY = re.compile(r"^History\(\) = (\[.*\])\s*$")
_POINT = re.compile(r"^#\s*([NESW])\s*:\s*(-?\d+)\s*$")


def iter_openspiel_playthrough(text: str, source: str | None = None) -> Iterator[Game]:
    """The games of OpenSpiel playthroughs (see the module docstring): one
    per ``game:`` line, so that a file of several playthroughs put one
    after the other (``cat a.txt b.txt``) gives each its game, not only the
    last one's history and points."""
    lines = text.splitlines()
    first = next((k for k, raw in enumerate(lines) if raw.strip()), None)
    if first is None or not lines[first].startswith("game:"):
        raise RecordError(msg("pt.not_playthrough"), line=(first or 0) + 1, column=1)
    starts = [k for k in range(first, len(lines)) if lines[k].startswith("game:")]
    for index, (start, end) in enumerate(zip(starts, [*starts[1:], len(lines)], strict=True), 1):
        yield _playthrough(lines, start, end, source, index)


def _playthrough(lines: list[str], first: int, end: int, source: str | None, index: int) -> Game:
    """The game of the playthrough of *lines* from its ``game:`` line
    *first* to *end*."""
    gstring = lines[first][len("game:"):].strip()
    if not gstring.startswith("hearts"):
        raise RecordError(msg("pt.other_game", game=repr(gstring.split('(')[0][:40])),
                          line=first + 1, column=7)
    try:
        params, gstring = params_of(parse_game_string(gstring))
    except RecordError as exc:
        exc.line, exc.column = first + 1, 7
        raise
    history: tuple[int, list[object]] | None = None
    points: tuple[int, dict[str, int]] | None = None
    k = first + 1
    while k < end:
        raw = lines[k]
        m = _HISTORY.match(raw)
        if m:
            # A JSON list, as OpenSpiel prints it, read by the records' JSON
            # reader (nesting and digits bounded): Python's literal_eval took
            # expressions too and recursed or ran out of memory on hostile ones.
            at = len("History() = ") + 1
            try:
                actions = loads_record(m.group(1))
            except RecordError as exc:
                exc.column = at - 1 + (exc.column or 1) if (exc.line or 1) == 1 else 1
                exc.line = k + 1
                raise
            except JSON_ERRORS:
                raise RecordError(msg("pt.bad_history"), line=k + 1, column=at) from None
            if not isinstance(actions, list):
                raise RecordError(msg("pt.bad_history"), line=k + 1, column=1)
            history = (k + 1, actions)
        elif raw.strip() == "# Points:":
            got: dict[str, int] = {}
            j = k + 1
            while j < end and (pm := _POINT.match(lines[j].strip())):
                got[pm.group(1)] = _points(pm.group(2), j + 1, lines[j].find(pm.group(2)) + 1)
                j += 1
            if set(got) != set(SEATS):
                raise RecordError(msg("pt.points"), line=k + 1, column=1)
            points = (k + 1, got)
            k = j
            continue
        k += 1
    if history is None:
        raise RecordError(msg("pt.no_history"), line=max(end, 1), column=1)
    line, actions = history
    label = msg("record.text", text="History()")
    game = HistoryReader(History(actions, label, line), params).game(index, source, gstring)
    if points is not None:
        deal = game.deals[0]
        deal = dataclasses.replace(deal, score=points[1],
                                   where={**deal.where, "score": Pos(points[0], 1)})
        game = dataclasses.replace(game, deals=(deal,),
                                   tags={**game.tags, "Source": f"OpenSpiel playthrough {gstring}"})
    return game


def _points(text: str, line: int, column: int) -> int:
    """The points of a ``# N: 26`` line, refused past the ``digits`` limit
    (docs/robustness.md): Python will not convert 4,300 digits (a
    ``ValueError`` that ended in "internal error"), and no deal scores more
    than a few."""
    limit = current_limits().digits
    size = len(text.lstrip("-"))
    if size > limit:
        raise RecordError(limit_message("limit.what.number_digits", "digits", limit,
                                        size=("num", size)), line=line, column=column)
    return int(text)


__all__ = ["iter_openspiel_playthrough"]
