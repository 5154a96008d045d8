"""``hearts convert``: records from one format to another.

A syntax error anywhere means exit status 2, every error printed
compiler-style, and nothing written (docs/spec.md, section 6).  To keep that promise
without holding a corpus of millions of deals in memory, a file is read
as a stream and the output streams into a temporary file beside the
target (:func:`hearts_notation.io.write_atomic_iter`); the first syntax
error stops the output, the rest of the input is still read so that every
error is reported, and the temporary file is then removed, so an existing
output file is never touched.  Standard output cannot be taken back, so
output to it is held (in memory, then in an unlinked temporary file:
bounded memory) until the whole input has been read.

:func:`load` (a whole input, read and parsed, with its errors rendered) is
shared with ``fmt``, which must compare each file with its canonical form.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

import click

from ..clickwords import HelpCommand
from ..diagnostics import NamedError, named_errors, render_errors, text_lines
from ..i18n import current_language, msg, translate
from ..io import (
    OUTPUT_FORMATS,
    InputError,
    RecordError,
    decode,
    format_for,
    input_format,
    iter_dumps,
    iter_games_text,
    read_bytes,
    read_games,
    write_atomic_iter,
)
from ..model import Finding, Game, Pos
from ..output import message, safe
from ..rules import RuleSet
from ._common import fail, fail_input, fail_output
from .options import input_format_option, lang_option, output_option, rules_options
from .report import CorpusReport


@dataclass
class Loaded:
    """One input read completely: its bytes, text, games and the rendered
    error messages (empty when the input is usable)."""

    path: str
    data: bytes = b""
    text: str = ""
    games: list[Game] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when the input was read and parsed without any error."""
        return not self.errors


def load(path: str, fmt: str, default_rules: RuleSet | str | None = None) -> Loaded:
    """Read and parse the whole of *path* (``-`` for stdin) in format *fmt*.

    Unusable input (missing, binary, not UTF-8, broken JSON...) and every
    ``syntax-error`` finding of every game become messages in ``errors``;
    nothing raises, so a caller can report every input before deciding.
    """
    out = Loaded(path)
    try:
        out.data = read_bytes(path)
        out.text = decode(out.data, path)
        out.games = list(iter_games_text(out.text, fmt, path, default_rules))
    except InputError as exc:
        out.errors.append(exc.text(current_language()))
        return out
    errors = [e for g in out.games for e in named_errors(g)]
    if errors:
        out.errors.extend(render_errors(errors, path, text_lines(out.text)))
    if not out.games and not out.errors:
        out.errors.append(InputError(path, msg("input.no_game")).text(current_language()))
    return out


def text_options(lang: str | None, unicode: bool | None, rules: RuleSet | None
                 ) -> tuple[bool, str | None, str | None]:
    """The checked ``--lang``/``--unicode``/``--rules`` options shared by
    ``convert`` and ``fmt``: whether to write suit symbols (French ranks
    exist only with them, so ``--lang fr`` implies ``--unicode``), the
    language to write (``None``: each record in the language it is kept
    in; ``--ascii`` without ``--lang`` is the English canonical form), and
    the ``Rules`` string to write into records that have none.

    A rules file becomes ``standard`` plus the keys where it differs
    (:attr:`RuleSet.portable_spec`), which names the same rules without
    needing the file.  Bad values exit 2."""
    if lang == "fr" and unicode is False:
        fail(translate(current_language(), "cli.french_ascii"))
    if lang is None and unicode is False:
        lang = "en"
    return (bool(unicode) or lang == "fr", lang,
            rules.portable_spec if rules is not None else None)


def default_output_format(in_fmt: str, output: str | None) -> str:
    """The output format when ``--to`` is not given.

    From the output file's extension when there is one; on standard
    output, JSON for an HRN input and HRN text for anything else, since a
    conversion to the same format is rarely what was meant (``fmt`` does
    that).
    """
    if output is not None and output != "-":
        return format_for(output)
    return "json" if in_fmt == "hrn" else "hrn"


class _Abort(Exception):
    """Raised into the output stream to discard it (syntax errors found)."""


#: The errors held before they are printed (:class:`_Gate`): a file of a
#: million bad records (``[1,1,...]``, a YAML list of a million items) held
#: every error to the end, 1.5 GB for a million, and printed none before.
_ERRORS_HELD = 1000


class _Gate:
    """Passes the games of an input to the writer until the first syntax
    error, then keeps reading only to collect the other errors; at the end
    it aborts the output if anything was wrong.  The errors are printed a
    batch at a time as they come (standard error; the output is held until
    the end anyway), so memory does not grow with their number."""

    def __init__(self, games: Iterable[Game], rules: str | None, source: str) -> None:
        self.games = games
        self.rules = rules
        self.source = source
        #: the errors not yet printed, each with its game's players
        self.held: list[NamedError] = []
        #: the syntax errors, and the places where a game names a seat it
        #: does not have
        #: (:func:`hearts_notation.referee.stranger_seat_findings`), counted
        self.errors = 0
        self.strangers = 0
        #: the games whose seats are not as many as their rules' players:
        #: the referee tells that cause, its places as details (tidy18)
        self.seat_counts = 0
        self.count = 0
        #: the games with such places, up to :data:`_ERRORS_HELD` of them
        #: (index, players, seats, where the game starts, the findings),
        #: told at the end at their values (:meth:`tell_strangers`)
        self.stranger_games: list[tuple[int, Mapping[str, str], Sequence[str], Pos | None,
                                        list[Finding]]] = []

    def _hold(self, errors: Iterable[NamedError]) -> None:
        self.held.extend(errors)
        if len(self.held) >= _ERRORS_HELD:
            self.flush()

    def flush(self) -> None:
        """Print the errors held, in the order of the text."""
        said = sorted(self.held, key=lambda e: (e.finding.line or 0, e.finding.column or 0))
        self.held = []
        for text_of_error in render_errors(said, self.source):
            message(text_of_error)

    def tell_strangers(self, fmt: str) -> None:
        """Print the places of :attr:`stranger_games` at their values: the
        games were read as a stream, without the positions of their values
        (which would cost every clean record), so the input is read once
        more, by ``validate``'s reader, for the line and column of each
        (a file only; standard input's are told at their game's first line)."""
        import os

        located: dict[int, list[Finding]] = {}
        wanted = {index for index, *_ in self.stranger_games}
        if self.source != "-" and wanted and os.path.isfile(self.source):
            from ..api import iter_validate

            last = max(wanted)
            try:
                for entry in iter_validate([self.source], self.rules, fmt=fmt):
                    if not isinstance(entry, dict):
                        break
                    if entry["index"] in wanted:
                        located[entry["index"]] = [Finding.from_dict(d)
                                                   for d in entry["findings"]]
                    if entry["index"] >= last:
                        break
            except (OSError, InputError):
                located = {}    # (changed since it was read: told at the games)
        said: list[NamedError] = []
        for index, players, seats, at, found in self.stranger_games:
            there = [g for g in located.get(index, []) if g.line is not None]
            for f in found:
                same = next((g for g in there if (g.key, g.seat, g.deal) == (f.key, f.seat, f.deal)),
                            None)
                if same is not None:
                    there.remove(same)
                    f = dataclasses.replace(f, line=same.line, column=same.column)
                elif f.line is None and at is not None:
                    f = dataclasses.replace(f, line=at.line, column=at.column)
                said.append(NamedError(f, players, seats))
        self.stranger_games = []
        self.held.extend(said)
        self.flush()

    def __iter__(self) -> Iterator[Game]:
        from ..referee import stranger_seat_findings  # (start-up: imported when converting)

        for game in self.games:
            self.count += 1
            if game.errors:
                found = named_errors(game)
                self.errors += len(found)
                self._hold(found)
                continue
            if self.rules is not None and game.rules is None:
                game = dataclasses.replace(game, rules=self.rules)
            # A seat the game does not have cannot be converted faithfully:
            # HRN reads it back as a tag or not at all (docs/decisions.md,
            # "convert and the seats a game does not have").
            strangers = stranger_seat_findings(game)
            if strangers:
                # (a game read as a stream carries no positions of its
                # values: the first thousand games are placed at the end,
                # the others at their first line)
                at = game.pos
                if strangers[0].code == "unknown-rule":
                    self.seat_counts += 1
                else:
                    self.strangers += len(strangers)
                if len(self.stranger_games) < _ERRORS_HELD:
                    self.stranger_games.append((game.index or self.count, game.players,
                                                game.seat_names, at, strangers))
                else:
                    self._hold(
                        NamedError(f if f.line is not None or at is None else
                                   dataclasses.replace(f, line=at.line, column=at.column),
                                   game.players, game.seat_names)
                        for f in strangers)
                continue
            if self.errors or self.strangers or self.seat_counts:
                continue
            yield game
        if self.errors or self.strangers or self.seat_counts or not self.count:
            raise _Abort


@click.command("convert", cls=HelpCommand, help="help.convert",
               context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("input_path", metavar="IN")
@output_option("help.convert.output")
@input_format_option("help.convert.fmt_in")
@click.option("--to", "to_fmt", type=click.Choice(OUTPUT_FORMATS), default=None,
              help="help.convert.to_fmt")
@click.option("--unicode/--ascii", "unicode", default=None,
              help="help.convert.unicode")
@lang_option("help.convert.lang",
             from_locale=False)
@rules_options(force=False, help="help.convert.rules")
def command(input_path: str, output: str | None, fmt_in: str | None, to_fmt: str | None,
            unicode: bool | None, lang: str | None, rules: RuleSet | None) -> CorpusReport:
    """``hearts convert``: its page (what it does, its options) is the
    catalogs' ``help.convert`` and ``help.convert.*``, in the run's language."""
    use_unicode, lang, spec = text_options(lang, unicode, rules)
    in_fmt = input_format(input_path, fmt_in)
    out_fmt = to_fmt or default_output_format(in_fmt, output)
    target = output if output is not None else "-"
    if output is not None and in_fmt == "hrn":
        _warn_notes_over_themselves(input_path, output)

    try:
        # Standard input streams too: its reader keeps a copy on disk for
        # the lines quoted under errors (hearts_notation.io.stream).
        games: Iterable[Game] = read_games(input_path, in_fmt, spec)
        gate = _Gate(games, spec, input_path)
        pieces = iter_dumps(gate, out_fmt, unicode=use_unicode, lang=lang)
        # On standard output nothing is printed before the whole input is
        # known good: held in a spooled temporary file, in bounded memory.
        write_atomic_iter(target, pieces, hold=True)
    except InputError as exc:
        fail_input(exc)
    except _Abort:
        # (the file's name as one field: a newline in it stays on the line)
        shown = safe(input_path)
        if not gate.count and not gate.errors:
            fail(translate(current_language(), "cli.no_game_found", path=shown))
        gate.flush()
        gate.tell_strangers(in_fmt)
        n = gate.errors
        k = gate.strangers
        lang_now = current_language()
        summary = [translate(lang_now, "cli.syntax_errors." + ("one" if n == 1 else "other"),
                             n=n, path=shown)] if n else []
        if gate.seat_counts:
            g = gate.seat_counts
            summary.append(translate(lang_now, "convert.seat_count." +
                                     ("one" if g == 1 else "other"), n=g, path=shown))
        if k:
            summary.append(translate(lang_now, "convert.stranger_seats." +
                                     ("one" if k == 1 else "other"), n=k, path=shown))
        fail("; ".join(summary) + translate(lang_now, "cli.nothing_written"))
    except (RecordError, ValueError) as exc:
        why = exc.located().text(current_language()) if isinstance(exc, RecordError) else str(exc)
        fail(translate(current_language(), "cli.cannot_write", target=out_fmt, why=why))
    except OSError as exc:
        fail_output(exc, target)
    return CorpusReport(games=gate.count)


def _warn_notes_over_themselves(input_path: str, output: str) -> None:
    """Warn, before writing, that converting an HRN file over itself drops
    its ``;`` notes: they are not part of the record (the model does not
    hold them), so no writer can keep them; ``hearts fmt -i`` can."""
    import os

    from ..io.hrn.notes import NoteScanner
    from ..io.stream import iter_text_chunks

    try:
        if input_path == "-" or not os.path.samefile(input_path, output):
            return
        scanner = NoteScanner()
        for chunk in iter_text_chunks(input_path):
            scanner.feed(chunk)
        notes = scanner.finish()
    except (OSError, ValueError, InputError):
        return      # unreadable: the conversion itself says why
    if notes:
        message("hearts: " + translate(current_language(), "convert.drops_notes",
                                       path=output, n=len(notes)))
