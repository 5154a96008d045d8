"""Worker batches: how each format is cut into slices for worker processes
and parsed there (the ``cut``, ``parse`` and ``plan`` hooks of
:mod:`.formats`).

A :class:`Batch` is a slice of one input file, shipped to a worker: the
reading process does only the cheap part (it streams the file and cuts it
into raw records: lines of a ``.jsonl`` file, the text of HRN games, the
element texts of a JSON array), the worker parses and applies the work.
Shipping parsed games instead would cost about as much as checking them (a
:class:`~hearts_notation.model.Game` is hundreds of small frozen objects to
pickle), and parsing in the reader would leave the workers waiting on one
core.  Formats without a cutter (YAML, OpenSpiel) are parsed in the reading
process and shipped as games.

Each hook is named by the format's registry entry, so the runners
(:mod:`hearts_notation.runners`) never branch on a format's name:

* ``cut(fh, path, per_batch, default_rules, first_line=, first_index=,
  offset=, decode=, followed=)``: the batches of a byte stream that starts
  at *offset* in its file, at line *first_line* and game *first_index*
  (a shard), or at the start; *followed*: the file goes on after it;
* ``parse(batch)``: the games of a batch, as a whole-file read gives them;
* ``plan``: where a large file may be cut into shards, in :mod:`.segments`
  (a cluster run's only: not loaded by the others).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, BinaryIO, Final, cast

from ..i18n import msg
from .formats import get
from .limits import current as current_limits
from .stream import (
    BOM_CHAR,
    CHUNK_SIZE,
    InputError,
    LineFeed,
    LongLine,
    RecordError,
    chunks_of,
    detached,
    is_stdin,
    line_blocks,
    note_stdin_format,
    split_lines,
)

if TYPE_CHECKING:
    from ..model import Game
    from ..rules import RuleSet


@dataclass(frozen=True, slots=True)
class Batch:
    """A slice of one input file, shipped to a worker.

    ``kind`` says what ``payload`` holds: ``"jsonl"`` the text of
    consecutive lines, ``"json"`` a tuple of the JSON texts of array
    elements (with ``lines`` their first lines), ``"hrn"`` a tuple of
    (first line, text) of whole games, ``"games"`` games already parsed
    (YAML and the OpenSpiel formats, which are not cut finer).
    ``first_line``/``first_index`` place the slice in its file, so that the
    games it yields carry the positions a whole-file read gives them.
    """

    source: str
    kind: str
    payload: Any
    first_line: int
    first_index: int
    nbytes: int
    default_rules: RuleSet | str | None = None
    lines: tuple[int, ...] = ()
    in_array: bool = True
    #: ``"json"`` batches: the first column of each element on its first
    #: line (an element of a one-line array starts far from column 1);
    #: column 1 for each when not given (:meth:`__post_init__`)
    columns: tuple[int, ...] = ()
    #: ``"json"`` batches cut with *decode* (:func:`iter_batches`): the
    #: compact form of each element where the cut made one from the typed
    #: decoder's record, else ``None``; empty when the checker decodes every
    #: element.
    compacts: tuple[Any, ...] = ()
    #: ``"games"`` batches: the format their input was read as (their kind
    #: does not say; the other kinds are their format)
    read_as: str = ""

    def __post_init__(self) -> None:
        # The one place a "json" batch gets its columns when its maker gave
        # none: its readers zip them with the elements.
        if self.kind == "json" and not self.columns:
            object.__setattr__(self, "columns", (1,) * len(self.payload))


class Broken:
    """An input that could not be read: travels in order with the batches.

    Its error is :func:`~.stream.detached` (no traceback or context): it is
    data that goes to worker processes, whatever reducers are installed.

    A plain class with ``__slots__``, not a dataclass: nothing compares,
    hashes or prints one (it is told apart by ``isinstance``), and a frozen
    dataclass's generated methods cost every ``hearts`` start about half a
    millisecond to make (issue 22).  ``Final`` keeps it read-only for the
    type checker; it pickles as any object with slots does."""

    __slots__ = ("error",)

    def __init__(self, error: InputError) -> None:
        self.error: Final = detached(error)


#: What a raw record's text is (:func:`raw_records`): an HRN game, or one JSON record.
HRN_GAME = "hrn-game"
JSON_RECORD = "json-record"


class RawRecord:
    """One record of a batch as text, placed in its file: what a checker
    that reads the text itself (``validate``) takes instead of a game.

    ``in_array``: whether the record is an element of a JSON array (its
    messages then name it: ``game 3: ...``, in the catalogs' words);
    ``compact``: the compact form the cut already decoded, when it did;
    ``stop``, ``follows``: an HRN game's (:class:`.hrn.cut.GameText`); ``column``: the
    record's first column on its first line (JSON array elements).

    A plain class with ``__slots__``, not a dataclass: nothing compares,
    hashes or prints one, and a frozen dataclass's generated methods cost
    every ``hearts`` start about half a millisecond to make (issue 22);
    ``Final`` keeps it read-only for the type checker."""

    __slots__ = ("column", "compact", "follows", "in_array", "index", "line", "stop", "text")

    def __init__(self, text: str, index: int, line: int, in_array: bool = False,
                 compact: Any = None, stop: int = 0, column: int = 1, follows: bool = False) -> None:
        self.text: Final = text
        self.index: Final = index
        self.line: Final = line
        self.in_array: Final = in_array
        self.compact: Final[Any] = compact
        self.stop: Final = stop
        self.column: Final = column
        self.follows: Final = follows


def raw_records(batch: Batch) -> tuple[str, list[RawRecord]] | None:
    """The records of a batch as text, and the syntax they are written in
    (:data:`JSON_RECORD` or :data:`HRN_GAME`), by the
    format's ``records`` hook; ``None`` for a format without one (its games
    are parsed: :func:`batch_games`)."""
    _note_stdin(batch)
    if batch.kind == "games":
        return None
    split = get(batch.kind, batch.source).record_splitter()
    if split is None:
        return None
    found: tuple[str, list[RawRecord]] = split(batch)
    return found


def records_jsonl(batch: Batch) -> tuple[str, list[RawRecord]]:
    """The ``records`` hook of JSONL: its non-blank lines."""
    # Lines found with str.find (memchr), not str.split: JSONL lines are
    # long, and split looks at every character.
    out: list[RawRecord] = []
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
        if line[:1] == BOM_CHAR:
            line = line.lstrip(BOM_CHAR)
        if line and not line.isspace():
            out.append(RawRecord(line, index, lineno))
            index += 1
        pos = end + 1
        lineno += 1
    return JSON_RECORD, out


def records_json(batch: Batch) -> tuple[str, list[RawRecord]]:
    """The ``records`` hook of JSON: the elements of the array (or the one
    document), with the compact forms a cut in this process decoded."""
    compacts = batch.compacts or (None,) * len(batch.payload)
    return JSON_RECORD, [
        RawRecord(text, batch.first_index + i, line, batch.in_array, compact, column=column)
        for i, (text, line, compact, column) in enumerate(zip(batch.payload, batch.lines,
                                                              compacts, batch.columns,
                                                              strict=True))]


def records_hrn(batch: Batch) -> tuple[str, list[RawRecord]]:
    """The ``records`` hook of HRN: the text of each game."""
    return HRN_GAME, [RawRecord(g.text, batch.first_index + i, g.line, stop=g.stop, follows=g.follows)
                      for i, g in enumerate(batch.payload)]


def lines_hrn(payload: Any, wanted: set[int]) -> dict[int, str]:
    """The lines numbered *wanted* that lie in the games of an HRN batch
    (:class:`.hrn.cut.GameText` each; the reader's text of a game is its
    source lines, without their line ends)."""
    out: dict[int, str] = {}
    for first, text, *_ in payload:
        parts = text.split("\n")
        if text.endswith("\n"):
            parts.pop()         # not a line of this game: the next one starts there
        for n in wanted:
            if first <= n < first + len(parts):
                out[n] = parts[n - first]
    return out


def _note_stdin(batch: Batch) -> None:
    """A batch of standard input tells this process (a worker's, whose own
    standard input is another) what it was read as: the questions asked
    of it by name then get the reading process's answer
    (:func:`.formats.input_format`), whatever the number of jobs."""
    if batch.source == "-":
        note_stdin_format(batch.read_as or batch.kind)


def batch_games(batch: Batch) -> list[Game]:
    """The games of a batch, parsed as a whole-file read would parse them
    (by the worker-side parser of the batch's format, :mod:`.formats`)."""
    _note_stdin(batch)
    if batch.kind == "games":
        return list(batch.payload)
    parse = get(batch.kind, batch.source).batch_parser()
    if parse is None:
        raise ValueError(f"unknown batch kind {batch.kind!r}")
    games: list[Game] = parse(batch)
    return games


def parse_jsonl(batch: Batch) -> list[Game]:
    """The games of a ``jsonl`` batch."""
    from .jsonio import iter_jsonl

    return list(iter_jsonl(split_lines((batch.payload,), batch.source), batch.source,
                           first_line=batch.first_line, first_index=batch.first_index))


def parse_json(batch: Batch) -> list[Game]:
    """The games of a ``json`` batch."""
    from .jsonio import json_element_game

    return [json_element_game(text, batch.source, batch.first_index + i, line, batch.in_array,
                              column)
            for i, (text, line, column) in enumerate(zip(batch.payload, batch.lines,
                                                         batch.columns, strict=True))]


def parse_hrn(batch: Batch) -> list[Game]:
    """The games of an ``hrn`` batch."""
    from .hrn.reader import parse_game
    from .hrn.words import text_language

    games = [parse_game(cut.text, batch.source, cut.line, batch.default_rules, batch.first_index + i,
                        cut.stop, cut.follows)
             for i, cut in enumerate(batch.payload)]
    # A record kept in another language than English (the reader keeps the
    # English meaning of its words): its first line that says tells.
    return [g if (lang := text_language(cut.text)) in (None, "en") else dataclasses.replace(g, language=lang)
            for g, cut in zip(games, batch.payload, strict=True)]



def _counted(chunks: Iterator[str], counter: list[int]) -> Iterator[str]:
    for chunk in chunks:
        counter[0] += len(chunk)
        yield chunk



def file_batches(fh: BinaryIO, path: str, fmt: str, default_rules: RuleSet | str | None,
                 per_batch: int, decode: bool = False) -> Iterator[Batch]:
    """The batches of a whole file read from *fh*, by its format's cutter;
    a format without one (YAML, OpenSpiel) is parsed here and shipped as
    games.  :class:`RecordError` of a reader is the file's :class:`InputError`."""
    try:
        yield from _file_batches(fh, path, fmt, default_rules, per_batch, decode)
    except RecordError as exc:
        raise InputError(path, exc.located(), exc.line, exc.column) from None


def _file_batches(fh: BinaryIO, path: str, fmt: str, default_rules: RuleSet | str | None,
                  per_batch: int, decode: bool) -> Iterator[Batch]:
    cut = get(fmt, path).cutter()
    if cut is not None:
        yield from cut(fh, path, per_batch, default_rules, decode=decode)
        return
    from . import games_of_chunks

    counter = [0]
    chunks = _counted(chunks_of(fh, path, CHUNK_SIZE), counter)
    index = 0
    done = 0
    group: list[Game] = []
    try:
        for game in games_of_chunks(path, fmt, chunks, default_rules):
            group.append(game)
            if len(group) == per_batch:
                yield Batch(path, "games", tuple(group), 0, index + 1, counter[0] - done, read_as=fmt)
                done = counter[0]
                index += len(group)
                group = []
    except (RecordError, InputError):
        # The games read before a reader's error are the file's all the same
        # (OpenSpiel states one a line whose last line was cut): shipped,
        # then the error, which says where the reading stopped.
        if group:
            yield Batch(path, "games", tuple(group), 0, index + 1, counter[0] - done, read_as=fmt)
        raise
    if group:
        yield Batch(path, "games", tuple(group), 0, index + 1, counter[0] - done, read_as=fmt)


def cut_jsonl(fh: BinaryIO, path: str, per_batch: int, default_rules: RuleSet | str | None,
              first_line: int = 1, first_index: int = 1, offset: int = 0,
              decode: bool = False, followed: bool = False) -> Iterator[Batch]:
    """The ``cut`` hook of JSONL: batches of *per_batch* records."""
    smaller = cast(BinaryIO, _ThenSmaller(fh))
    feed = LineFeed()   # the splitter counts every newline; the decoder reuses its count
    return jsonl_batches(path, chunks_of(smaller, path, CHUNK_SIZE, first_line, offset, feed),
                         per_batch, first_line, first_index, feed)


def cut_json(fh: BinaryIO, path: str, per_batch: int, default_rules: RuleSet | str | None,
             first_line: int = 1, first_index: int = 1, offset: int = 0,
             decode: bool = False, followed: bool = False) -> Iterator[Batch]:
    """The ``cut`` hook of JSON: batches of array elements (a JSON document
    is cut only whole: it has no ``plan`` hook)."""
    if offset or first_line != 1 or first_index != 1:
        raise ValueError("a JSON document is cut only from its start")
    counter = [0]
    feed = LineFeed()   # the cut counts every newline; the decoder reuses its count
    return json_batches(path, _counted(chunks_of(fh, path, CHUNK_SIZE, feed=feed), counter),
                        per_batch, counter, feed, decode)


def cut_hrn(fh: BinaryIO, path: str, per_batch: int, default_rules: RuleSet | str | None,
            first_line: int = 1, first_index: int = 1, offset: int = 0,
            decode: bool = False, followed: bool = False) -> Iterator[Batch]:
    """The ``cut`` hook of HRN: batches of whole games, as text (*followed*:
    a shard that the file goes on after, :func:`.hrn.cut.cut_games`)."""
    return hrn_batches(path, chunks_of(fh, path, CHUNK_SIZE, first_line, offset), per_batch,
                       default_rules, first_line, first_index, followed)


#: Bytes read at a time after the first block of a JSONL file.
_LATER_READS = 1 << 18


class _ThenSmaller:
    """A byte stream whose reads after the first are at most
    :data:`_LATER_READS` bytes.

    The first block (``CHUNK_SIZE``) is still checked whole before any of
    its text is used, so an unusable file yields nothing, as before; after
    it the text is the same, in smaller pieces, and so are the batches cut
    from it, the errors and their positions (the decoder counts lines and
    bytes across blocks).  Blocks of a megabyte cost a page fault per page
    on every read and decode (the allocator hands them back to the system
    each time) and no longer fit the CPU cache: about a microsecond per
    deal of ``validate`` on JSONL, against a budget of thirty.
    """

    def __init__(self, fh: BinaryIO) -> None:
        self.fh = fh
        self.first = True

    def read(self, size: int = -1) -> bytes:
        if self.first:
            self.first = False
        elif size < 0 or size > _LATER_READS:
            size = _LATER_READS
        return self.fh.read(size)

    def close(self) -> None:
        if not is_stdin(self.fh):
            self.fh.close()


def jsonl_batches(path: str, chunks: Iterator[str], per_batch: int, first_line: int = 1,
                   first_index: int = 1, feed: LineFeed | None = None) -> Iterator[Batch]:
    """Batches of *per_batch* records (non-blank lines) of the lines of
    :func:`~hearts_notation.io.stream.line_blocks`, the one splitter
    :func:`~hearts_notation.io.split_lines` gives line by line (round 35:
    this was a second splitter of its own, kept for speed).

    Each block of whole lines is cut where the batches end (its lines
    found with ``str.find``, which is ``memchr``) rather than split into
    lines and joined again: the reader is on the critical path of
    ``validate`` on JSONL, where a Python step per line and ``str.split``
    cost a tenth of refereeing the line.  The batches are those
    :func:`~hearts_notation.io.split_lines` gives line by line: a batch ends
    just after its *per_batch*-th record, blank lines go with the batch
    they fall in, and ``nbytes`` is the length of the batch's text.  A line
    over the ``record`` limit (a :class:`~hearts_notation.io.stream.LongLine`)
    ends the batch before it; the next begins after it, and its error is
    raised once the input ends (round 34).  *first_line* and *first_index*
    place a stream that starts partway into its file, at a batch (a shard
    of :mod:`hearts_notation.runners.shards`); *feed*: the chunks' decoder
    takes its line count from the splitter (:class:`~.stream.LineFeed`)."""
    pending: list[str] = []     # text of the batch being filled, from earlier blocks
    lines = 0                   # lines in it
    records = 0                 # records among them
    first_error: InputError | None = None
    for block, start, size in line_blocks(chunks, path, current_limits().record, first_line, feed):
        if type(block) is LongLine:
            yield from _read_before(path, pending, first_line, first_index)
            first_error = first_error or block.error
            first_line += lines + 1
            first_index += records
            pending, lines, records = [], 0, 0
            continue
        find = block.find
        pos = start
        while pos < size:
            end = find("\n", pos, size)
            if end < 0:
                end = size          # (the input's last line, without its "\n")
            lines += 1
            if end > pos and (not block[pos].isspace() or not block[pos:end].isspace()):
                records += 1
                if records == per_batch:
                    text = block[start:end + 1]
                    if pending:
                        pending.append(text)
                        text = "".join(pending)
                        pending = []
                    yield Batch(path, "jsonl", text, first_line, first_index, len(text))
                    first_line += lines
                    first_index += per_batch
                    lines = records = 0
                    start = end + 1
            pos = end + 1
        if start < size:
            pending.append(block[start:size])
    if lines:
        text = "".join(pending)
        yield Batch(path, "jsonl", text, first_line, first_index, len(text))
    if first_error is not None:
        raise first_error


def _read_before(path: str, pending: list[str], first_line: int,
                 first_index: int) -> Iterator[Batch]:
    """The batch of the lines read before a line over the limit, if they
    hold a record: the file stops there, but the games before it are kept
    (:func:`hearts_notation.runners.local.iter_batches`).  Only whole
    batches were: ``validate`` of 3 games then a 50 MB line said "0 files,
    0 games", a finding of the first game lost (round 29)."""
    whole = "".join(pending)
    if whole and not whole.isspace():
        yield Batch(path, "jsonl", whole, first_line, first_index, len(whole))


def json_batches(path: str, chunks: Iterator[str], per_batch: int,
                  counter: list[int], feed: LineFeed | None = None,
                  decode: bool = False) -> Iterator[Batch]:
    """Batches of *per_batch* elements of a JSON array (or one document);
    with *decode* the compact form of each record rides along."""
    from .jsonio import OverLimit, iter_json_compact, iter_json_elements

    texts: list[str] = []
    lines: list[int] = []
    columns: list[int] = []
    compacts: list[Any] = []
    index = 1
    done = 0
    in_array = True
    items = (iter_json_compact(chunks, feed) if decode
             else ((*item, None) for item in iter_json_elements(chunks, feed)))
    try:
        for text, line, column, in_array, compact in items:
            if isinstance(text, OverLimit):
                # An element over the record limit, read past: the batch
                # ends before it and the next element keeps its number (its
                # error comes once the document ends, round 35).
                if texts:
                    yield Batch(path, "json", tuple(texts), lines[0], index, counter[0] - done,
                                lines=tuple(lines), in_array=in_array,
                                compacts=tuple(compacts) if decode else (),
                                columns=tuple(columns))
                    done = counter[0]
                    index += len(texts)
                    texts, lines, columns, compacts = [], [], [], []
                index += 1
                continue
            texts.append(text)
            lines.append(line)
            columns.append(column)
            compacts.append(compact)
            if len(texts) == per_batch:
                yield Batch(path, "json", tuple(texts), lines[0], index, counter[0] - done,
                            lines=tuple(lines), in_array=in_array,
                            compacts=tuple(compacts) if decode else (), columns=tuple(columns))
                done = counter[0]
                index += len(texts)
                texts, lines, columns, compacts = [], [], [], []
    except (InputError, RecordError):
        # The document stops here (an element over the record limit, broken
        # JSON): the elements read before it are kept, as whole batches
        # were (round 29).
        if texts:
            yield Batch(path, "json", tuple(texts), lines[0], index, counter[0] - done,
                        lines=tuple(lines), in_array=in_array,
                        compacts=tuple(compacts) if decode else (), columns=tuple(columns))
        raise
    if texts:
        yield Batch(path, "json", tuple(texts), lines[0], index, counter[0] - done,
                    lines=tuple(lines), in_array=in_array,
                    compacts=tuple(compacts) if decode else (), columns=tuple(columns))


def hrn_batches(path: str, chunks: Iterator[str], per_batch: int,
                default_rules: RuleSet | str | None, first_line: int = 1,
                first_index: int = 1, followed: bool = False) -> Iterator[Batch]:
    """Games of an HRN stream cut by the one game cutter (:mod:`.hrn.cut`:
    the cut a whole-file read makes), shipped as text with the line each
    game starts on.  *first_line*/*first_index* place a stream that starts
    at a batch partway into its file (a shard: past the file's first game,
    its first game follows one, :attr:`.hrn.cut.GameText.follows`)."""
    from .hrn.cut import GameText, cut_games

    games: list[GameText] = []
    start_index = first_index
    size = 0
    try:
        for game in cut_games(chunks, path, current_limits().line, first_line, followed,
                              after_game=first_index > 1):
            games.append(game)
            size += len(game.text) + 1
            if len(games) == per_batch:
                yield Batch(path, "hrn", tuple(games), games[0][0], first_index, size,
                            default_rules)
                first_index += len(games)
                games, size = [], 0
    except (InputError, RecordError):
        # The input stops here (a line over the limit, bytes that are not
        # text): the games cut before it are kept, as whole batches were
        # (a batch's worth fewer were lost: round 29).  A brace comment over
        # the limit (a RecordError of the cutter's logical lines) stops it
        # as well: every game before it was lost (typed31).
        if games:
            yield Batch(path, "hrn", tuple(games), games[0][0], first_index, size, default_rules)
        raise
    if games:
        yield Batch(path, "hrn", tuple(games), games[0][0], first_index, size, default_rules)
    elif first_index == start_index:
        raise InputError(path, msg("input.empty"))


# Reading -------------------------------------------------------------------------------


__all__ = [
    "HRN_GAME",
    "JSON_RECORD",
    "Batch",
    "Broken",
    "RawRecord",
    "batch_games",
    "cut_hrn",
    "cut_json",
    "cut_jsonl",
    "file_batches",
    "hrn_batches",
    "json_batches",
    "jsonl_batches",
    "parse_hrn",
    "parse_json",
    "parse_jsonl",
    "raw_records",
    "records_hrn",
    "records_json",
    "records_jsonl",
]
