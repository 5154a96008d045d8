"""``;`` notes kept by ``fmt`` (black never drops a comment).

A ``;`` note runs to the end of its line and is not part of the record: the
reader skips it, so the model does not hold it and the canonical writer
cannot print it.  ``fmt`` puts the notes back into the canonical text: a
note after an element (a tag, a deal header, a hand, a pass, a trick, a
score line...) goes at the end of that element's canonical line, and a
note on a line of its own goes on a line of its own just before the
element that followed it (at the end of the text if none did).  Elements
are matched between the source and the canonical text through their
positions in the two models (the canonical text is read back), so the
notes stay with what they were written about.  Formatting twice gives the
text of formatting once.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator, Sequence

from ...model import Game
from .note_scan import Note, NoteScanner, notes_of

__all__ = ["Note", "NoteScanner", "first_line", "keep_notes", "last_line", "notes_of", "put_notes"]


def _anchors(game: Game) -> Iterator[tuple[tuple[object, ...], int]]:
    """Each element of a game with the line it starts on."""
    for name, pos in game.where.items():
        yield ("where", name), pos.line
    if game.pos is not None:
        yield ("game",), game.pos.line
    for i, d in enumerate(game.deals):
        if d.pos is not None:
            yield ("deal", i), d.pos.line
        for key, pos in d.where.items():
            yield ("deal-where", i, key), pos.line
        for seat, p in d.passes.items():
            if p.pos is not None:
                yield ("pass", i, seat), p.pos.line
        for j, t in enumerate(d.tricks):
            first = t.pos or (t.plays[0].pos if t.plays else None)
            if first is not None:
                yield ("trick", i, j), first.line
        if d.moon is not None and d.moon.pos is not None:
            yield ("moon", i), d.moon.pos.line


def keep_notes(source: str, games: Sequence[Game], canonical: str) -> str:
    """*canonical* (the text written for *games*, read from *source*) with
    the ``;`` notes of *source* put back next to their elements."""
    return put_notes(notes_of(source) if ";" in source else [], games, canonical)


def first_line(game: Game) -> int | None:
    """The line where the first element of *game* starts (None if none is placed)."""
    return min((line for _, line in _anchors(game)), default=None)


def last_line(game: Game) -> int | None:
    """The line where the last element of *game* starts (None if none is placed)."""
    return max((line for _, line in _anchors(game)), default=None)


def put_notes(notes: Sequence[Note], games: Sequence[Game], canonical: str) -> str:
    """*canonical* (the text written for *games*) with *notes* (of the
    source the games were read from, with its line numbers) put back next
    to their elements.  ``fmt`` calls it a game at a time, with the notes
    that belong to that game (:func:`keep_notes` with the notes of the
    whole text gives the same)."""
    if not notes:
        return canonical
    from .reader import iter_hrn

    back = list(iter_hrn(canonical))
    # Source line -> canonical line of the element that starts there.
    pairs: dict[int, int] = {}
    for src, written in zip(games, back, strict=False):
        theirs = dict(_anchors(written))
        for key, line in _anchors(src):
            target = theirs.get(key)
            if target is not None:
                pairs[line] = min(target, pairs.get(line, target))
    starts = sorted(pairs)
    lines = canonical.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    after: dict[int, list[str]] = {}     # canonical line -> trailing notes
    before: dict[int, list[str]] = {}    # canonical line -> notes on lines of their own
    tail: list[str] = []
    last_note_before: dict[int, int] = {}   # source start -> line of the last note over it
    for note in notes:
        if note.alone:
            k = bisect.bisect_right(starts, note.line)
            if k < len(starts):
                before.setdefault(pairs[starts[k]], []).append(note.text)
                last_note_before[starts[k]] = max(note.line, last_note_before.get(starts[k], 0))
            else:
                tail.append(note.text)
        else:
            k = bisect.bisect_right(starts, note.line) - 1
            if k >= 0:
                after.setdefault(pairs[starts[k]], []).append(note.text)
            else:
                before.setdefault(1, []).append(note.text)
    # Notes heading a game, kept apart from it by a blank line in the
    # source (a file's header, or notes between two games), stay apart: one
    # blank line after them.  Decided per game, so that fmt, which sees a
    # game at a time, and the whole text agree.
    firsts = {at for g in games if (at := first_line(g)) is not None}
    for start, last in last_note_before.items():
        if start in firsts and start - last > 1:
            before[pairs[start]].append("")
    out: list[str] = []
    for number, text_line in enumerate(lines, 1):
        out.extend(before.get(number, ()))
        extra = after.get(number)
        out.append(text_line + "".join(" " + t for t in extra) if extra else text_line)
    out.extend(tail)
    return "\n".join(out) + "\n"
