"""The record formats, in one table: name, file suffixes, reader, writer,
and whether the reader streams.

Commands, the runners (:mod:`hearts_notation.runners`) and ``convert`` ask this table
(:func:`get`, :func:`format_for`, :data:`INPUT_FORMATS`...) instead of
testing format names, so a new format is one entry here.  Readers and
writers are named as ``"module:function"`` and imported on first use:
``import hearts_notation`` stays cheap (no YAML, no Lark) and a command
loads only the format it reads.

The reader of an entry takes the decoded text as chunks
(:func:`hearts_notation.io.stream.iter_text_chunks`), the source name and
the default rules, and yields games one at a time; the writer takes games
(any iterable, a generator is fine) and yields the text a game at a time,
the pieces joined being the whole document.  ``cut``/``parse``, when set,
split an input into batches for worker processes and parse a batch there,
and ``plan`` says where a large file may be cut into shards for a cluster
(:mod:`.batches`); formats without them are parsed in the parent and
shipped as games, and read whole by one worker.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, Final, TypeVar

from ..i18n import Arg, Msg, msg
from .limits import current, whole_input_message
from .line_ends import BYTE_BREAKS
from .sniff import one_line_value, sniff_format, sniffed
from .stream import (
    InputError,
    RecordError,
    head_text,
    install_line_ends,
    note_stdin_format,
    noted_stdin_format,
    path_suffix,
    path_text,
    split_lines,
    stream_head,
)

if TYPE_CHECKING:
    from ..model import Game
    from ..rules import RuleSet
    from .events import Visitor

R = TypeVar("R")

__all__ = ["EXTENSIONS", "FORMATS", "INPUT_FORMATS", "OUTPUT_FORMATS", "RECORD_FORMATS", "Format",
           "format_for", "get", "input_format", "read_format", "readable_hrn"]


def _resolve(ref: str) -> Any:
    module, _, name = ref.partition(":")
    return getattr(importlib.import_module(module, __package__), name)


class Format:
    """One record format.

    ``suffixes`` select the format from a file name (empty: only by name,
    ``--from``); ``streaming`` is False for formats whose reader needs the
    whole document (memory grows with the file; capped by the ``document``
    limit).  ``reader``/``writer``/``cut``/``parse``/``plan`` are ``"module:name"``
    references, resolved on first use (``None``: cannot be read / written /
    cut for workers).  ``records``: ``"module:name"`` of the raw records of
    a batch, for a checker that reads the text itself
    (:func:`.batches.raw_records`; ``None``: parsed games).  ``tree``:
    records are JSON or YAML trees, and a finding about a whole game is
    placed on the game's first line.  ``lines``: ``"module:name"`` of the
    source lines of a batch, by number (a finding's quoted line, sent from
    where the data is to a client that never opens it; ``None``: the format
    has no such lines).

    A plain class with ``__slots__``, not a dataclass: the formats are the
    few of :data:`FORMATS`, told apart by name, never compared, hashed or
    printed, and every ``hearts`` command that reads records makes this
    class at start-up, where a frozen dataclass's generated methods cost
    about half a millisecond (issue 22).  ``Final`` keeps it read-only for
    the type checker.
    """

    __slots__ = ("cut", "description", "lines", "name", "parse", "plan", "reader", "records",
                 "streaming", "suffixes", "tree", "visitor", "writer")

    def __init__(self, name: str, suffixes: tuple[str, ...], description: str, reader: str | None,
                 writer: str | None, streaming: bool, cut: str | None = None,
                 parse: str | None = None, visitor: str | None = None, plan: str | None = None,
                 records: str | None = None, tree: bool = False, lines: str | None = None) -> None:
        self.name: Final = name
        self.suffixes: Final = suffixes
        self.description: Final = description
        self.reader: Final = reader
        self.writer: Final = writer
        self.streaming: Final = streaming
        self.cut: Final = cut
        self.parse: Final = parse
        self.visitor: Final = visitor
        self.plan: Final = plan
        self.records: Final = records
        self.tree: Final = tree
        self.lines: Final = lines

    def read(self, chunks: Iterable[str], source: str,
             default_rules: RuleSet | str | None = None) -> Iterator[Game]:
        """Games of the decoded text *chunks* (raises :class:`InputError`
        for input that cannot be read at all)."""
        if self.reader is None:
            raise InputError(source, msg("input.write_only", name=self.name))
        func: Callable[[Iterable[str], str, RuleSet | str | None], Iterator[Game]] = _resolve(self.reader)
        return func(chunks, source, default_rules)

    def write(self, games: Iterable[Game], unicode: bool = False,
              lang: str | None = "en") -> Iterator[str]:
        """The text of *games*, a piece per game (joined: the document);
        *lang* ``None``: each record in its own language (HRN)."""
        if self.writer is None:
            raise ValueError(f"the {self.name} format cannot be written")
        func: Callable[[Iterable[Game], bool, str | None], Iterator[str]] = _resolve(self.writer)
        if self.name in ("json", "jsonl", "yaml"):
            games = _texts_fit(games, self.name)
        return _readable(func(games, unicode, lang), self.name)

    def visit(self, chunks: Iterable[str], source: str, factory: Callable[[], Visitor[R]],
              default_rules: RuleSet | str | None = None) -> Iterator[R]:
        """The events of every game of the decoded text *chunks*, each game
        sent to a fresh visitor from *factory*; yields what each visitor's
        ``end_game`` returns (:mod:`.events`).

        A format whose reader emits events itself (HRN) names it in
        ``visitor``; the others build the model and join the protocol
        through :func:`~hearts_notation.io.events.emit_game`, which sends
        the same events, so a consumer never knows the format."""
        if self.visitor is not None:
            func: Callable[..., Iterator[R]] = _resolve(self.visitor)
            return func(chunks, source, factory, default_rules)
        return _visit_model(self.read(chunks, source, default_rules), factory)

    def cutter(self) -> Callable[..., Any] | None:
        """The function that cuts an input into worker batches, if any."""
        return None if self.cut is None else _resolve(self.cut)

    def batch_parser(self) -> Callable[..., Any] | None:
        """The worker-side parser of one batch, if any."""
        return None if self.parse is None else _resolve(self.parse)

    def record_splitter(self) -> Callable[..., Any] | None:
        """The raw records of one batch of this format, if it has them."""
        return None if self.records is None else _resolve(self.records)

    def planner(self) -> Callable[..., Any] | None:
        """What a worker finds in a byte range of a large file of this format
        (:class:`.segments.Segment`), for cutting it into shards in parallel;
        ``None``: the format is read only whole."""
        return None if self.plan is None else _resolve(self.plan)

    def line_reader(self) -> Callable[..., Any] | None:
        """The source lines of one batch of this format by number, if it has them."""
        return None if self.lines is None else _resolve(self.lines)


_IO = "hearts_notation.io.formats"
_B = "hearts_notation.io.batches"
_S = "hearts_notation.io.segments"

#: Every format, by name, in the order help texts list them.
FORMATS: dict[str, Format] = {f.name: f for f in (
    Format("hrn", (".hrn", ".txt"), "HRN text notation", f"{_IO}:_read_hrn", f"{_IO}:_write_hrn",
           True, f"{_B}:cut_hrn", f"{_B}:parse_hrn", f"{_IO}:_visit_hrn", f"{_S}:segment_hrn",
           f"{_B}:records_hrn", lines=f"{_B}:lines_hrn"),
    Format("json", (".json",), "one JSON game or an array of games", f"{_IO}:_read_json",
           f"{_IO}:_write_json", True, f"{_B}:cut_json", f"{_B}:parse_json",
           records=f"{_B}:records_json", tree=True),
    Format("jsonl", (".jsonl", ".ndjson"), "one JSON game per line", f"{_IO}:_read_jsonl",
           f"{_IO}:_write_jsonl", True, f"{_B}:cut_jsonl", f"{_B}:parse_jsonl",
           plan=f"{_S}:segment_jsonl", records=f"{_B}:records_jsonl", tree=True),
    Format("yaml", (".yaml", ".yml"), "a YAML stream, one game per document", f"{_IO}:_read_yaml",
           f"{_IO}:_write_yaml", True, tree=True),
    Format("openspiel", (), "OpenSpiel's serialized game state", f"{_IO}:_read_openspiel", None,
           False),
    Format("openspiel-history", (), "OpenSpiel action histories (JSON lists)",
           f"{_IO}:_read_openspiel_history", f"{_IO}:_write_openspiel_history", False),
    Format("openspiel-playthrough", (), "OpenSpiel playthrough text (game: hearts ... History())",
           f"{_IO}:_read_openspiel_playthrough", None, False),
)}

#: File suffix (lower case, with the dot) to format name.
EXTENSIONS: dict[str, str] = {ext: f.name for f in FORMATS.values() for ext in f.suffixes}
#: Formats that can be read (``--from``).
INPUT_FORMATS: tuple[str, ...] = tuple(n for n, f in FORMATS.items() if f.reader)
#: Formats that can be written (``--to``).
OUTPUT_FORMATS: tuple[str, ...] = tuple(n for n, f in FORMATS.items() if f.writer)
#: Formats chosen by a file's suffix (the record files a directory holds).
RECORD_FORMATS: tuple[str, ...] = tuple(n for n, f in FORMATS.items() if f.suffixes)


def get(name: str, source: str = "-") -> Format:
    """The format called *name*, or an :class:`InputError` naming the
    formats that exist."""
    f = FORMATS.get(name)
    if f is None:
        raise InputError(source, msg("input.unknown_format", name=repr(name),
                                     known=("or_list", *FORMATS)))
    return f


def format_for(name: str, fmt: str | None = None) -> str:
    """The record format of a file name, or *fmt* when given.

    Unknown extensions (and ``-``) are HRN text, the human format.  The
    name alone decides, so this is also the format of an output (``-o
    out.json``); what an *input* is read as is :func:`input_format`'s.
    """
    if fmt:
        return fmt
    return EXTENSIONS.get(path_suffix(name).lower(), "hrn")


def input_format(path: str, fmt: str | None = None) -> str:
    """The format the input *path* is read as: *fmt* (``--from``) when
    given; for standard input (``-``), its own: what its first bytes show
    (:func:`.sniff.sniff_format`), else HRN; else the file name's
    (:func:`format_for`).

    Standard input has no name to tell, and a pipe from ``hearts convert
    --to json`` read as HRN gave a syntax error a line: its format is
    decided here, once per standard input, for every command that reads
    it (the first bytes are read ahead and handed on to its reader,
    :func:`~.stream.stream_head`).  The answer is kept with standard
    input (:func:`~.stream.note_stdin_format`), so that the questions
    asked after the read (are its findings placed as a tree record's?)
    get the reader's answer, and a worker process that parses a batch of
    it notes the batch's format the same way (:mod:`.batches`).
    """
    if path != "-":
        found = fmt or _named_input_format(path)
        _note_read_as(path, found)
        return found
    if fmt:
        note_stdin_format(fmt)
        return fmt
    known = noted_stdin_format()
    if known is not None:
        return known
    head = stream_head("-", sniffed, current().record)
    found = (sniff_format(head_text(head)) if head else None) or "hrn"
    note_stdin_format(found)
    return found


def _named_input_format(path: str) -> str:
    """The format the file *path* is read as without ``--from``: its
    name's, or, for a name no format claims, what its first bytes show
    (:func:`_head_format`), and JSON for a ``.jsonl`` file holding one JSON
    value (:func:`_spread_json`)."""
    if "://" in path:
        return format_for(path)
    named = EXTENSIONS.get(path_suffix(path).lower())
    if named is None:
        return _head_format(path) or format_for(path)    # (its default, HRN)
    if named == "jsonl" and _spread_json(path):
        return "json"
    return named


def _spread_json(path: str) -> bool:
    """Whether the JSONL file *path* holds one JSON value spread over lines
    (its first line that is not blank a lone ``[`` or ``{``, as a
    pretty-printer writes: ``json.dump(games, f, indent=2)`` saved as
    ``.jsonl``), which :func:`.sniff.sniff_format` reads as JSON.  No JSONL
    record is a lone bracket, so no file that read as JSONL reads otherwise;
    read line by line such a file was a syntax error a line (12,591 for
    three games).  A regular file only: a pipe's head is read ahead for
    its other questions (:func:`.stream.stream_head`, its language), and a
    pipe named ``.jsonl`` is what its name says."""
    head = _head_text(path, pipes=False)
    if head is None:
        return False
    first = next((line for line in head.split("\n") if line.strip()), "").strip()
    if first in ("[", "{"):
        return sniff_format(head) == "json"
    return first[:1] == "[" and _one_array_line(path)


def _one_array_line(path: str) -> bool:
    """Whether the regular file *path* is one JSON array of records on one
    line and nothing but blanks after it (``json.dump(games, f)`` saved as
    ``.jsonl``): that array is the file's records, read as JSON.  Read line
    by line it was one "expected an object, found a list" for every game
    it held (round 26).  No JSONL record is a list, so nothing that read as
    JSONL reads otherwise; the line is read whole (up to the record limit)
    and the rest only until its first character that is not blank.

    A line over the record limit (``json.dump`` of 80,000 games: 200 MB on
    one line) is not held to be looked at: it opens with ``[`` and nothing
    but blanks follows it, so it is read as JSON, whose reader holds one
    element at a time and tells its own errors where they are.  Read as
    JSONL it could only be "a line's length is over the limit" (round 27),
    when the same bytes named ``.json`` were read."""
    limit = current().record
    try:
        with open(path_text(path), "rb") as fh:
            line = b""
            while not line.strip():
                line = fh.readline(limit + 1)
                if not line:
                    return False
            long = len(line) > limit and not line.endswith(b"\n")
            while long and (part := fh.readline(1 << 16)):
                long = not part.endswith(b"\n")
            while block := fh.read(1 << 16):
                if block.strip():
                    return False
    except OSError:
        return False
    if len(line) > limit:
        return True
    text = head_text(line).strip()
    return one_line_value(text) and sniff_format(text) == "json"


def _head_format(path: str) -> str | None:
    """The format the first bytes of *path*, whose name gives none (no
    extension a format claims: ``<(gunzip -c club.json.gz)``, a named
    pipe, ``games``, ``notes.txt``), show as standard input's are sniffed
    (:func:`.sniff.sniff_format`); ``None`` when they may be HRN, which
    such a name is read as.  Such a file holding JSON or YAML was read as
    HRN: a syntax error a line (2,541 for three games of JSON, round 25)."""
    head = _head_text(path)
    return sniff_format(head) if head else None


def _head_text(path: str, pipes: bool = True) -> str | None:
    """The first bytes of *path* as text, as far as :func:`.sniff.sniffed`
    needs them.  A FIFO's first bytes are read ahead and handed on to its
    reader (:func:`.stream.stream_head`; not with *pipes* false: ``None``);
    a regular file's head is read here.  ``None`` for what cannot be opened
    or is no file: left to the reader, which says why."""
    import os
    import stat

    head = stream_head(path, sniffed, current().record) if pipes else None
    if head is None:
        name = path_text(path)
        try:
            if not stat.S_ISREG(os.stat(name).st_mode):
                return None
            with open(name, "rb") as fh:
                head = b""
                while len(head) < current().record and not sniffed(head):
                    block = fh.read(min(1 << 16, current().record - len(head)))
                    if not block:
                        break
                    head += block
        except (OSError, ValueError):
            return None
    return head_text(head) if head else None


#: The format each file read in this process was read as (``--from hrn`` of
#: ``notes.json``, JSON in a ``.jsonl`` file, its name's), by path: the
#: questions asked after the read (the lines quoted under its messages,
#: :func:`_line_ends`) get the format the reader read, as standard input's
#: do.  Bounded: past :data:`_MAX_READ_AS` names the oldest is forgotten
#: (decided again when asked).
_READ_AS: dict[str, str] = {}
_MAX_READ_AS: Final = 4096


def _note_read_as(path: str, fmt: str) -> None:
    """Keep that *path* was read as *fmt* (``--from``, its name's format or
    what its first bytes showed), decided once a read
    (:func:`input_format`): the questions asked after the read
    (:func:`read_format`) take this answer and read no byte of the file
    again.  A ``.jsonl`` file's head was read a second time for each such
    question (round 26), and a file changed since could have been told
    as another format than the one its reader read."""
    _READ_AS.pop(path, None)
    _READ_AS[path] = fmt
    if len(_READ_AS) > _MAX_READ_AS:
        del _READ_AS[next(iter(_READ_AS))]


def read_format(path: str) -> str:
    """The format *path* was read as in this process (noted by
    :func:`input_format` when the reader decided it), else decided now as
    the reader decides.  The one answer for the questions asked after the
    read: the lines quoted under its messages (:func:`_line_ends`) and
    whether its findings are placed as a tree record's
    (:func:`~hearts_notation.runners.validate.is_tree_format`).  Raises
    :class:`InputError` as :func:`input_format` does."""
    return _READ_AS.get(path) or input_format(path)


def _line_ends(path: str) -> re.Pattern[bytes] | None:
    """The line breaks of *path*'s reader when not ``\n`` only (HRN's), for
    the lines quoted under its messages (:func:`.stream.reader_line_ends`):
    the format the reader read it as (:func:`read_format`: a file named
    ``notes.json`` read ``--from hrn`` quoted nothing under a message of a
    file whose lines end in a lone CR, lines19); one answer for both
    (tidy18)."""
    try:
        fmt = read_format(path)
    except InputError:
        return None
    return BYTE_BREAKS if fmt == "hrn" else None


install_line_ends(_line_ends)


# Readers: decoded chunks -> games -------------------------------------------------


def _read_hrn(chunks: Iterable[str], source: str, default_rules: RuleSet | str | None) -> Iterator[Game]:
    from .hrn.reader import read_hrn_chunks
    from .hrn.words import LanguageSniffer

    # The reader keeps the English meaning of every word: the language the
    # record is kept in is taken from its text on the way (a record keeps
    # its language when written back, docs/fr/guide.md).
    sniffer = LanguageSniffer()
    return _with_language(read_hrn_chunks(sniffer.tap(chunks), source, default_rules), sniffer)


def _with_language(games: Iterable[Game], sniffer: Any) -> Iterator[Game]:
    """*games* with the language their text is written in."""
    import dataclasses

    for game in games:
        lang = sniffer.language
        yield game if lang in (None, "en") or game.language == lang else \
            dataclasses.replace(game, language=lang)


def _read_json(chunks: Iterable[str], source: str, default_rules: RuleSet | str | None) -> Iterator[Game]:
    from .jsonio import iter_json

    return iter_json(chunks, source)


def _read_jsonl(chunks: Iterable[str], source: str, default_rules: RuleSet | str | None) -> Iterator[Game]:
    from .jsonio import iter_jsonl

    return iter_jsonl(split_lines(chunks, source, go_on=True), source)


def _read_yaml(chunks: Iterable[str], source: str, default_rules: RuleSet | str | None) -> Iterator[Game]:
    from .jsonio import iter_yaml

    return iter_yaml(chunks, source)


def _whole(chunks: Iterable[str], source: str) -> str:
    limit = current().document
    parts: list[str] = []
    size = 0
    for chunk in chunks:
        size += len(chunk)
        if size > limit:
            raise InputError(source, whole_input_message("document", limit))
        parts.append(chunk)
    return "".join(parts)


def _read_openspiel(chunks: Iterable[str], source: str,
                    default_rules: RuleSet | str | None) -> Iterator[Game]:
    from .openspiel import iter_openspiel

    return iter_openspiel(_whole(chunks, source), source)


def _read_openspiel_playthrough(chunks: Iterable[str], source: str,
                                default_rules: RuleSet | str | None) -> Iterator[Game]:
    from .playthrough import iter_openspiel_playthrough

    return iter_openspiel_playthrough(_whole(chunks, source), source)


def _read_openspiel_history(chunks: Iterable[str], source: str,
                            default_rules: RuleSet | str | None) -> Iterator[Game]:
    from .openspiel import iter_openspiel_history

    return iter_openspiel_history(_whole(chunks, source), source)


# Events: decoded chunks -> one visitor per game ------------------------------------


def _visit_hrn(chunks: Iterable[str], source: str, factory: Callable[[], Visitor[R]],
               default_rules: RuleSet | str | None) -> Iterator[R]:
    from .hrn.cut import cut_games
    from .hrn.reader import visit_text

    for index, game in enumerate(cut_games(chunks, source), 1):
        yield visit_text(game.text, factory(), source, game.line, default_rules, index, game.stop,
                         game.follows)


def _visit_model(games: Iterable[Game], factory: Callable[[], Visitor[R]]) -> Iterator[R]:
    from .events import emit_game

    for game in games:
        yield emit_game(game, factory())


# Writers: games -> pieces of text -------------------------------------------------


def _write_hrn(games: Iterable[Game], unicode: bool, lang: str | None) -> Iterator[str]:
    from .hrn.writer import iter_hrn_pieces

    return iter_hrn_pieces(games, unicode, lang)


def _write_jsonl(games: Iterable[Game], unicode: bool, lang: str | None) -> Iterator[str]:
    from .jsonio import piece_jsonl

    for i, game in enumerate(games):
        yield piece_jsonl(game, i)


def _write_yaml(games: Iterable[Game], unicode: bool, lang: str | None) -> Iterator[str]:
    from .jsonio import piece_yaml

    for i, game in enumerate(games):
        yield piece_yaml(game, i)


def _write_json(games: Iterable[Game], unicode: bool, lang: str | None) -> Iterator[str]:
    # A .json document is one object for one game and an array otherwise,
    # so the first game is held until the second shows which.
    from .jsonio import dumps_json, piece_json

    it = iter(games)
    first_game = next(it, None)
    if first_game is None:
        yield "[]\n"
        return
    second = next(it, None)
    if second is None:
        yield dumps_json([first_game])
        return
    yield "[\n" + piece_json(first_game, 0)
    yield piece_json(second, 1)
    for i, game in enumerate(it, 2):
        yield piece_json(game, i)
    yield "\n]\n"


def _write_openspiel_history(games: Iterable[Game], unicode: bool, lang: str | None) -> Iterator[str]:
    from .openspiel import dumps_openspiel_history

    yield dumps_openspiel_history(list(games))


def _readable(pieces: Iterable[str], fmt: str) -> Iterator[str]:
    """The pieces of a writer, each checked against the limit its reader
    enforces (writers and readers share :mod:`.limits`): an HRN line over
    ``line``, a JSONL line or a JSON/YAML game over ``record``.  A game the
    reader would refuse stops the write at once with
    :class:`~hearts_notation.output.OutputError` (status 2) naming the game,
    the field and the limit, so that no file is written that its own
    reader refuses (the write is atomic: the old file stays)."""
    for n, piece in enumerate(pieces, 1):
        limits = current()
        if fmt == "hrn" and len(piece) > limits.line:
            for k, line in enumerate(piece.split("\n"), 1):
                if len(line) > limits.line:
                    _refuse(fmt, n, _hrn_field(line, k), "limit.what.line_length", "line",
                            limits.line)
            _comments_fit(piece, n, limits.line)
        elif fmt in ("jsonl", "json", "yaml") and len(piece) > limits.record:
            _refuse(fmt, n, msg("write.field.record", size=("num", len(piece))),
                    "limit.what.size", "record", limits.record)
        yield piece


def readable_hrn(pieces: Iterable[str]) -> Iterator[str]:
    """The pieces of an HRN writer checked as :func:`_readable` checks them,
    for a writer that does not go through :class:`Format` (``fmt``)."""
    return _readable(pieces, "hrn")


def _comments_fit(piece: str, n: int, limit: int) -> None:
    """Refuse an HRN game whose brace comment over several lines is over
    the ``line`` limit, which the reader holds such a comment to as one
    logical line (:func:`.hrn.cut.iter_logical_lines`, asked here so the
    two agree).  100,000 comment lines of a deal, each its own ``{...}``,
    are read as one comment; written back as one ``{`` over 100,000 lines,
    ``fmt`` and ``convert --to hrn`` made a file their reader refuses
    (``fmt -i`` made a record unreadable: round 29)."""
    from .hrn.cut import iter_logical_lines

    try:
        # (typed34: the reader tells such a comment and reads on, ``long``;
        # a write is refused as before)
        line = next((ll.long[0] for ll in iter_logical_lines(piece.split("\n")) if ll.long is not None), 0)
    except RecordError as exc:
        line = exc.line or 1
    if line:
        _refuse("hrn", n, msg("write.field.comment", line=("num", line)),
                "limit.what.comment_length", "line", limit)


def _texts_fit(games: Iterable[Game], fmt: str) -> Iterator[Game]:
    """*games*, each checked before it is written as a tree record: every
    text (a tag value, the rules, a player's name, a comment) within the
    ``line`` limit, which the tree readers hold each text to (an HRN line must
    hold it), so that no record is written that its own reader refuses; the
    first text over it stops the write (:func:`_refuse`), naming the game
    and the field.  (HRN's own lines are checked on its text, in
    :func:`_readable`.)"""
    for n, game in enumerate(games, 1):
        limit = current().line
        fields: list[tuple[Msg, str | None]] = [
            (msg("write.field.tag", name=name), value) for name, value in game.tags.items()]
        fields.append((msg("write.field.tag", name="Rules"), game.rules))
        fields.extend((msg("write.field.player", seat=seat), name)
                      for seat, name in game.players.items())
        comments: list[str | None] = [game.comment]
        for deal in game.deals:
            comments.append(deal.comment)
            comments.extend(p.comment for p in deal.passes.values())
            for trick in deal.tricks:
                comments.append(trick.comment)
                comments.extend(play.comment for play in trick.plays)
        fields.extend((msg("write.field.a_comment"), c) for c in comments)
        for field, text in fields:
            if text is not None and len(text) > limit:
                _refuse(fmt, n, field, "limit.what.text_length", "line", limit,
                        size=("num", len(text)))
        yield game


def _hrn_field(line: str, k: int) -> Msg:
    """What makes an HRN line long, in words: a tag, a comment, or the line.
    The tag's name is read with the one tag-name alphabet
    (:data:`~hearts_notation.io.hrn.words.TAG_NAME_RE`): ``[Événement "..."]``
    is named, not taken for a plain line."""
    from .hrn.words import TAG_NAME_RE

    tag = TAG_NAME_RE.match(line, 1) if line.startswith("[") else None
    if tag is not None and line[tag.end():tag.end() + 1] == " ":
        return msg("write.field.tag", name=tag.group())
    if "{" in line or ";" in line:
        return msg("write.field.comment", line=("num", k))
    return msg("write.field.line", line=("num", k))


def _refuse(fmt: str, game: int, field: Msg, what: str, name: str, value: int,
            **args: Arg) -> None:
    from ..output import OutputError
    from .limits import limit_message

    raise OutputError(fmt.upper(), msg("write.over_limit", game=("num", game), field=field.arg(),
                                       limit=limit_message(what, name, value, **args).arg()))
