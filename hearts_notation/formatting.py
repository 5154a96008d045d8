"""Formatting an HRN stream into its canonical text: the service of
``hearts fmt``, shared with the editor's "format document".

A file (or standard input) is read as a stream, a game at a time: the
canonical text of each game, with the ``;`` notes of its lines put back,
goes to a spooled temporary file (in memory while small, then on disk);
whether a file changes is decided by comparing digests of its text and of
its canonical text.  Memory does not grow with the size of a file
(``docs/robustness.md``).  Nothing here prints or exits: every problem is a
message of :attr:`Formatted.errors`, and the command line decides what to
write (``commands/fmt.py``).
"""

from __future__ import annotations

import hashlib
import tempfile
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import IO

from .diagnostics import NamedError, named_errors, render_errors
from .i18n import current_language, msg
from .io import InputError, games_of_chunks, iter_text_chunks, starts_with_bom
from .io.formats import readable_hrn
from .io.hrn.notes import Note, NoteScanner, first_line, last_line, put_notes
from .io.hrn.writer import iter_hrn_pieces
from .model import Game
from .output import OutputError

#: Canonical text held in memory over all files before the spools of the
#: next files go to disk (each file's spool also goes to disk past 1 MiB).
HELD_IN_MEMORY = 16 << 20
_SPOOL_SIZE = 1 << 20
_BLOCK = 1 << 20


@dataclass
class Formatted:
    """One input formatted: its canonical text (held in *spool* unless
    only checked), whether it differs from the input, the rendered error
    messages (empty when the input is usable)."""

    path: str
    spool: IO[str] | None = None
    held: int = 0
    changed: bool = False
    errors: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when the input was read and parsed without any error."""
        return not self.errors

    def blocks(self) -> Iterator[str]:
        """The canonical text, a block at a time (the spool is then closed)."""
        spool = self.spool
        if spool is None:
            return
        try:
            spool.seek(0)
            while block := spool.read(_BLOCK):
                yield block
        finally:
            self.discard()

    def discard(self) -> None:
        """Forget the canonical text (its temporary file goes with it)."""
        if self.spool is not None:
            self.spool.close()
            self.spool = None


class _NotesOfGames:
    """Deals the ``;`` notes of a stream out to the games they belong to:
    the same places :func:`~hearts_notation.io.hrn.notes.keep_notes` gives
    them over a whole text.  A note on a line of its own after a game's
    last element goes before the next game's first one; any other note
    belongs to the game whose elements it follows (or precedes)."""

    def __init__(self, scanner: NoteScanner) -> None:
        self.scanner = scanner
        self.carry: list[Note] = []

    def take(self, game: Game, following: Game | None) -> list[Note]:
        if following is None:
            self.scanner.finish()
        notes = self.scanner.notes
        upto = first_line(following) if following is not None else None
        last = last_line(game)
        mine, self.carry = self.carry, []
        taken = 0
        for note in notes:
            if upto is not None and note.line >= upto:
                break
            taken += 1
            if following is not None and note.alone and last is not None and note.line > last:
                self.carry.append(note)
            else:
                mine.append(note)
        del notes[:taken]
        return mine


def format_file(path: str, rules: str | None, unicode: bool, lang: str | None, keep: bool,
                budget: list[int], said: str | None = None) -> Formatted:
    """Read *path* (``-``: standard input) as a stream and write its
    canonical text, notes kept, into a spool (when *keep*); every problem
    becomes a message of ``errors`` (nothing raises).  *budget* is the
    memory left for spools (shared by the files of one run).  *lang*
    ``None`` writes each game in the language it is kept in.  *said*: the
    language of the messages, the run's unless given (the language server
    speaks of each record in the language the editor shows its findings
    in: a French sheet's error was put in English inside a French
    sentence)."""
    said = said or current_language()
    out = Formatted(path)
    scanner = NoteScanner()
    source_digest = hashlib.sha256()
    digest = hashlib.sha256()
    errors: list[NamedError] = []
    pulled: deque[Game] = deque()
    count = 0

    def tap(chunks: Iterable[str]) -> Iterator[str]:
        for chunk in chunks:
            scanner.feed(chunk)
            source_digest.update(chunk.encode("utf-8", "surrogatepass"))
            yield chunk
        scanner.finish()

    def games() -> Iterator[Game]:
        nonlocal count
        for game in games_of_chunks(path, "hrn", tap(iter_text_chunks(path)), rules):
            count += 1
            if game.errors:
                errors.extend(named_errors(game))
            elif not errors:
                pulled.append(game)
                yield game
        # The games after the first error are still read, for their errors.

    notes = _NotesOfGames(scanner)
    if keep:
        out.spool = tempfile.SpooledTemporaryFile(
            max_size=_SPOOL_SIZE, mode="w+", encoding="utf-8", newline="\n")
        if budget[0] <= 0:
            out.spool.rollover()
    first = True
    try:
        for piece in readable_hrn(iter_hrn_pieces(games(), unicode, lang)):
            game = pulled.popleft()
            following = pulled[0] if pulled else None
            text = piece if first else piece[1:]
            mine = notes.take(game, following)
            new = put_notes(mine, [game], text) if mine else text
            if not first:
                new = "\n" + new
            first = False
            digest.update(new.encode("utf-8", "surrogatepass"))
            if out.spool is not None:
                out.spool.write(new)
                if out.held < _SPOOL_SIZE:
                    out.held += len(new)
                    budget[0] -= len(new)
    except InputError as exc:
        out.errors.append(exc.text(said))
    except OSError as exc:      # the spool's disk is full: nothing can be written
        out.errors.append(str(OutputError(path, exc.strerror or str(exc), exc.errno)))
    if not out.errors:
        if errors:
            out.errors.extend(render_errors(errors, path, lang=said))
        elif not count:
            out.errors.append(InputError(path, msg("input.no_game")).text(said))
    if out.errors:
        out.discard()
        return out
    out.changed = digest.digest() != source_digest.digest() or starts_with_bom(path)
    return out


__all__ = ["HELD_IN_MEMORY", "Formatted", "format_file"]
