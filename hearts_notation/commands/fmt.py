"""``hearts fmt``: rewrite HRN records in canonical form, like black.

Without options the canonical text goes to stdout; ``--check`` only says
which files would change (exit 1 if any); ``--in-place`` rewrites the files
that change, each through a temporary file and a rename.

Every file is read and parsed before anything is written: if any file has
a syntax error (or cannot be read), every error is printed, nothing at all
is written (no stdout text, no file rewritten) and the exit status is 2
(docs/spec.md, section 6: "they never leave a partial output").

Files (and standard input) are read as a stream, a game at a time: the
canonical text of each game, with the ``;`` notes of its lines put back,
goes to a spooled temporary file (in memory while small, then on disk) that
is written out once every file is known good; whether a file changes is
decided by comparing digests of its text and of its canonical text.  Memory
does not grow with the size of a file (``docs/robustness.md``).
"""

from __future__ import annotations

import hashlib
import tempfile
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

import click

from ..i18n import current_language, msg, translate
from ..io import InputError, format_for, games_of_chunks, iter_text_chunks, starts_with_bom, write_atomic_iter
from ..io.hrn.notes import Note, NoteScanner, first_line, last_line, put_notes
from ..io.hrn.writer import iter_hrn_pieces
from ..io.stream import is_directory
from ..model import Finding, Game
from ..output import OutputError, message
from ..rules import RuleSet
from ._common import fail, fail_output
from .convert import render_errors, text_options
from .options import lang_option, rules_options
from .report import FmtReport

#: Canonical text held in memory over all files before the spools of the
#: next files go to disk (each file's spool also goes to disk past 1 MiB).
_HELD_IN_MEMORY = 16 << 20
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
                budget: list[int]) -> Formatted:
    """Read *path* (``-``: standard input) as a stream and write its
    canonical text, notes kept, into a spool (when *keep*); every problem
    becomes a message of ``errors`` (nothing raises).  *budget* is the
    memory left for spools (shared by the files of one run).  *lang*
    ``None`` writes each game in the language it is kept in."""
    out = Formatted(path)
    scanner = NoteScanner()
    source_digest = hashlib.sha256()
    digest = hashlib.sha256()
    errors: list[Finding] = []
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
                errors.extend(game.errors)
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
        for piece in iter_hrn_pieces(games(), unicode, lang):
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
        out.errors.append(exc.text(current_language()))
    except OSError as exc:      # the spool's disk is full: nothing can be written
        out.errors.append(str(OutputError(path, exc.strerror or str(exc), exc.errno)))
    if not out.errors:
        if errors:
            out.errors.extend(render_errors(errors, path, None))
        elif not count:
            out.errors.append(InputError(path, msg("input.no_game")).text(current_language()))
    if out.errors:
        out.discard()
        return out
    out.changed = digest.digest() != source_digest.digest() or starts_with_bom(path)
    return out


def hrn_paths(args: tuple[str, ...]) -> Iterator[str]:
    """Files to format: named files as given, directories searched
    recursively for ``.hrn`` files (sorted, hidden files skipped)."""
    for arg in args:
        p = Path(arg)
        if arg != "-" and is_directory(p):
            found = sorted(
                str(f) for f in p.rglob("*.hrn")
                if f.is_file() and not any(part.startswith(".") for part in f.parts[len(p.parts):])
            )
            if not found:
                raise InputError(arg, msg("input.no_hrn"))
            yield from found
        else:
            yield arg


@click.command("fmt", context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@click.option("--check", is_flag=True,
              help="Write nothing; exit 1 and name the files that are not canonical.")
@click.option("--in-place", "-i", "in_place", is_flag=True,
              help="Rewrite the files that change (atomically); '-' still goes to stdout.")
@click.option("--unicode/--ascii", "unicode", default=None,
              help="Suit symbols and 10 (--unicode) or canonical ASCII QS TH (--ascii, the default).")
@lang_option("Language of the HRN written: keywords, tag names and ranks (fr: donne, "
             "[Nord], R D V; implies --unicode).",
             from_locale=False)
@rules_options(force=False, help="Rules assumed for records without a Rules tag, to resolve "
               "implied seats (not written into the record).")
@click.option("-q", "--quiet", is_flag=True, help="No summary; errors only.")
def command(files: tuple[str, ...], check: bool, in_place: bool, unicode: bool | None,
            lang: str | None, rules: RuleSet | None, quiet: bool) -> FmtReport:
    """Rewrite HRN records (FILE... or '-' for stdin) in canonical form.

    \b
    Examples:
      hearts fmt game.hrn                 print the canonical text
      hearts fmt --check samples/         exit 1 if a file would change
      hearts fmt --in-place games/*.hrn   rewrite the files that change
      hearts fmt --unicode --lang fr partie.hrn

    Directories are searched for .hrn files. A file with a syntax error is
    reported (file:line:col, the line and a caret) and then nothing is
    written at all; the exit status is 2.
    """
    if check and in_place:
        fail(translate(current_language(), "cli.check_in_place"))
    use_unicode, lang, spec = text_options(lang, unicode, rules)

    report = FmtReport(check=check)
    try:
        paths = list(hrn_paths(files))
    except InputError as exc:
        fail(exc.text(current_language()))
    results: list[Formatted] = []
    budget = [_HELD_IN_MEMORY]
    try:
        for path in paths:
            if path != "-" and format_for(path) != "hrn":
                message(translate(current_language(), "fmt.hrn_only", path=path,
                                  format=format_for(path)))
                report.failed += 1
                continue
            done = format_file(path, spec, use_unicode, lang, not check and not report.failed,
                               budget)
            if not done.ok:
                for error in done.errors:
                    message(error)
                report.failed += 1
                # Nothing will be written: the canonical texts held so far go.
                for earlier in results:
                    earlier.discard()
                continue
            if in_place and not done.changed and done.path != "-":
                done.discard()
            results.append(done)
            if check and done.changed and not quiet:
                message(translate(current_language(), "fmt.would", path=path))

        report.changed = sum(1 for done in results if done.changed)
        report.unchanged = len(results) - report.changed
        report.findings = report.changed if check else 0
        if report.failed:
            message(translate(current_language(), "fmt.nothing_written", line=report.line()))
            return report
        if check:
            if not quiet:
                message(report.line())
            return report
        if in_place:
            for done in results:
                if done.path == "-":
                    write_atomic_iter("-", done.blocks())
                elif done.changed:
                    try:
                        write_atomic_iter(done.path, done.blocks())
                    except OSError as exc:
                        fail_output(exc, done.path)
                    if not quiet:
                        message(translate(current_language(), "fmt.reformatted", path=done.path))
            if not quiet:
                message(report.line())
            return report
        write_atomic_iter("-", _joined(results))
        return report
    finally:
        for done in results:
            done.discard()


def _joined(results: list[Formatted]) -> Iterator[str]:
    """The canonical texts of every input, one blank line apart."""
    for k, done in enumerate(results):
        if k:
            yield "\n"
        yield from done.blocks()
