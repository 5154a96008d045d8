"""Every core on a corpus: ordered parallel map over games, in chunks.

Validating, scoring or annotating a million deals is the same pure function
applied to each game, so it spreads over processes (the GIL rules out
threads for this CPU-bound work).  Two entry points:

* :func:`map_ordered` — the general tool: a process pool fed *chunks* of
  items (one inter-process message per chunk, not per item), with a bounded
  number of chunks in flight so that an endless stream of items is consumed
  at the pace of the workers, and results yielded in input order.  The
  output is the same, byte for byte, whatever the number of jobs; ``jobs=1``
  runs in-process with no pool at all.
* :func:`map_games` — files in, one result per game out.  The reading
  process does only the cheap part: it streams the files and cuts them into
  batches of raw records (lines of a ``.jsonl`` file, the text of HRN games,
  the element texts of a JSON array); the workers parse and apply the
  function.  Shipping parsed games instead would cost about as much as
  checking them (a :class:`~hearts_notation.model.Game` is hundreds of small
  frozen objects to pickle), and parsing in the reader would leave the
  workers waiting on one core.

Ctrl-C stops cleanly: workers ignore SIGINT, the parent gets the
``KeyboardInterrupt``, terminates the pool and re-raises, so the caller can
print a summary of the results it has so far.  An exception raised by the
function in a worker, or by the item iterator (an unreadable file found
late), is raised in the parent after the results of every item before it
have been yielded, exactly where ``jobs=1`` would raise it.

Wiring a command (see ``docs/corpora.md``)::

    from functools import partial
    from hearts_notation.parallel import map_games
    for entry in map_games(partial(validate_game, default_rules_spec=spec, force=force),
                           paths, default_rules=spec, jobs=jobs, progress=bar,
                           errors="yield"):
        ...

The function must be picklable where processes are spawned rather than
forked (macOS, Windows): a module-level function or a
:func:`functools.partial` of one.
"""

from __future__ import annotations

import dataclasses
import gc
import itertools
import os
import signal
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, Literal, Protocol, TypeVar, cast, overload

from .i18n import Msg, msg
from .io.formats import format_for, get
from .io.jsonio import RecordError, iter_jsonl
from .io.limits import current as current_limits
from .io.limits import limit_message
from .io.stream import (
    CHUNK_SIZE,
    InputError,
    LineFeed,
    _chunks_of,
    _is_stdin,
    _open_binary,
    split_lines,
)
from .model import Game

if TYPE_CHECKING:   # multiprocessing is imported when a pool starts (start-up cost)
    import multiprocessing.context
    import multiprocessing.pool

    from .rules import RuleSet

T = TypeVar("T")
R = TypeVar("R")


class Progress(Protocol):
    """What :func:`map_ordered` and :func:`map_games` report progress to
    (:class:`hearts_notation.progress.CorpusProgress` is one)."""

    def advance(self, games: int = 1, deals: int = 0, nbytes: int = 0) -> None: ...


def default_jobs() -> int:
    """Worker processes by default: every core the process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


# The ordered map ------------------------------------------------------------------

_worker_func: Callable[[Any], Any] | None = None


def _init_worker(func: Callable[[Any], Any]) -> None:
    global _worker_func
    _worker_func = func
    # Ctrl-C reaches the whole process group; the parent alone handles it.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class _Failure:
    """An exception raised by the function in a worker, carried back with
    the results of the items before it in the chunk."""

    def __init__(self, exc: BaseException) -> None:
        try:
            import pickle

            pickle.dumps(exc)
            self.exc: BaseException = exc
        except Exception:
            import traceback

            text = "".join(traceback.format_exception(exc))
            self.exc = RuntimeError(f"{type(exc).__name__} in a worker process: {exc}\n{text}")


def _run_chunk(chunk: list[Any]) -> tuple[list[Any], _Failure | None]:
    func = _worker_func
    assert func is not None
    out: list[Any] = []
    for item in chunk:
        try:
            out.append(func(item))
        except Exception as exc:
            return out, _Failure(exc)
    return out, None


def _context() -> multiprocessing.context.BaseContext:
    """Fork where the platform has it (no re-import of the package in each
    worker, and the function need not be picklable); spawn elsewhere."""
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else None)


def map_ordered(func: Callable[[T], R], items: Iterable[T], jobs: int | None = None,
                chunk_size: int = 64, progress: Progress | None = None,
                window: int | None = None) -> Iterator[R]:
    """``func`` applied to every item, results in input order.

    *jobs* processes (default: every core; 1 runs in this process) receive
    lists of *chunk_size* items; at most *window* chunks (default ``3 *
    jobs``) are in flight, so memory does not grow with the number of items.
    *progress*, if given, is advanced by one game per result.
    """
    jobs = default_jobs() if jobs is None else jobs
    if jobs < 1:
        raise ValueError("jobs must be at least 1")
    if chunk_size < 1:
        raise ValueError("chunk_size must be at least 1")
    if jobs == 1:
        return _map_serial(func, items, progress)
    return _map_pool(func, items, jobs, chunk_size, progress, window or 3 * jobs)


def _map_serial(func: Callable[[T], R], items: Iterable[T],
                progress: Progress | None) -> Iterator[R]:
    for item in items:
        result = func(item)
        if progress is not None:
            progress.advance(1)
        yield result


def _map_pool(func: Callable[[T], R], items: Iterable[T], jobs: int, chunk_size: int,
              progress: Progress | None, window: int) -> Iterator[R]:
    it = iter(items)
    deferred: BaseException | None = None

    def take() -> list[T]:
        nonlocal deferred
        chunk: list[T] = []
        try:
            for item in it:
                chunk.append(item)
                if len(chunk) == chunk_size:
                    break
        except KeyboardInterrupt:
            raise
        except Exception as exc:   # the items' own error: raise it in order
            deferred = exc
        return chunk

    # An input that fits in one chunk is not worth a pool of processes:
    # run it here (same results, same order, same errors).
    first = take()
    second = take() if len(first) == chunk_size and deferred is None else []
    if not second:
        yield from _map_serial(func, first, progress)
        if deferred is not None:
            raise deferred
        return
    held: list[list[T]] = [second, first]   # popped from the end: first, then second
    # Workers are forked with SIGINT ignored from birth (no traceback from
    # a worker caught between fork and initializer).
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        pool = _context().Pool(jobs, initializer=_init_worker, initargs=(func,))
    finally:
        signal.signal(signal.SIGINT, previous)
    finished = False
    try:
        pending: deque[multiprocessing.pool.AsyncResult[Any]] = deque()
        exhausted = False
        while True:
            while not exhausted and len(pending) < window:
                chunk = held.pop() if held else take()
                if chunk:
                    pending.append(pool.apply_async(_run_chunk, (chunk,)))
                if len(chunk) < chunk_size:
                    exhausted = True
            if not pending:
                break
            results, failure = pending.popleft().get()
            for r in results:
                if progress is not None:
                    progress.advance(1)
                yield r
            if failure is not None:
                raise failure.exc
        if deferred is not None:
            raise deferred
        finished = True
    finally:
        if finished:
            pool.close()
        else:
            pool.terminate()
        pool.join()


# Games from files -------------------------------------------------------------------


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
    #: ``"json"`` batches cut with *decode* (:func:`iter_batches`): the
    #: compact form of each element where the cut made one from the typed
    #: decoder's record, else ``None``; empty when the checker decodes every
    #: element.
    compacts: tuple[Any, ...] = ()


@dataclass(frozen=True, slots=True)
class _Broken:
    """An input that could not be read: travels in order with the batches."""

    error: InputError


def batch_games(batch: Batch) -> list[Game]:
    """The games of a batch, parsed as a whole-file read would parse them
    (by the worker-side parser of the batch's format, :mod:`.io.formats`)."""
    if batch.kind == "games":
        return list(batch.payload)
    parse = get(batch.kind, batch.source).batch_parser()
    if parse is None:
        raise ValueError(f"unknown batch kind {batch.kind!r}")
    games: list[Game] = parse(batch)
    return games


def _parse_jsonl(batch: Batch) -> list[Game]:
    return list(iter_jsonl(split_lines((batch.payload,), batch.source), batch.source,
                           first_line=batch.first_line, first_index=batch.first_index))


def _parse_json(batch: Batch) -> list[Game]:
    from .io.jsonio import json_element_game

    return [json_element_game(text, batch.source, batch.first_index + i, line, batch.in_array)
            for i, (text, line) in enumerate(zip(batch.payload, batch.lines, strict=True))]


def _parse_hrn(batch: Batch) -> list[Game]:
    from .io.hrn.reader import parse_game
    from .io.hrn.words import text_language

    games = [parse_game(text, batch.source, line, batch.default_rules, batch.first_index + i)
             for i, (line, text) in enumerate(batch.payload)]
    # A record kept in another language than English (the reader keeps the
    # English meaning of its words): its first line that says tells.
    return [g if (lang := text_language(text)) in (None, "en") else dataclasses.replace(g, language=lang)
            for g, (_, text) in zip(games, batch.payload, strict=True)]


def _apply_batch(func: Callable[[Game], R], batch: Batch | _Broken) -> list[tuple[int, Any]]:
    """Worker side: parse a batch and apply *func* to each game; the deals
    of each game come back with its result, for the progress counts."""
    if isinstance(batch, _Broken):
        return [(-1, batch.error)]
    with gc_paused():
        return [(len(g.deals), func(g)) for g in batch_games(batch)]


@contextmanager
def gc_paused() -> Iterator[None]:
    """No cyclic garbage collection while one batch is parsed and checked.

    A game read is a few thousand small objects that live until it has
    been checked; the collector, triggered every few hundred allocations,
    keeps walking them (and everything older, on full collections) although
    they form no cycle and are freed by reference counting: a tenth of the
    time of ``validate`` on HRN.  The pause is bounded by one batch, and
    the collector runs as usual afterwards (unless the caller had it off).
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _counted(chunks: Iterator[str], counter: list[int]) -> Iterator[str]:
    for chunk in chunks:
        counter[0] += len(chunk)
        yield chunk


def iter_batches(paths: Sequence[str] | Iterable[str], fmt: str | None = None,
                 default_rules: RuleSet | str | None = None, games_per_batch: int = 32,
                 errors: Literal["raise", "yield"] = "raise",
                 decode: bool = False) -> Iterator[Batch | _Broken]:
    """The batches of every file, in order, read as a stream.

    With ``errors="yield"`` an unreadable file becomes one marker in the
    sequence (the games before the problem are kept) and the next file is
    read; with ``"raise"`` the :class:`InputError` ends the iteration.
    With *decode* (one job: the batches are checked in this process) the
    cut of a pretty-printed JSON array confirms an element's end with the
    typed decoder and ships the compact form of its record
    (:attr:`Batch.compacts`): one pass over the text where the cut's own
    check and the checker's decoding took two.  The batches are otherwise
    the same.
    """
    for path in paths:
        try:
            yield from _file_batches(path, format_for(path, fmt), default_rules, games_per_batch,
                                     decode)
        except InputError as exc:
            if errors == "raise":
                raise
            yield _Broken(exc)


def _file_batches(path: str, fmt: str, default_rules: RuleSet | str | None,
                  per_batch: int, decode: bool = False) -> Iterator[Batch]:
    if "://" in path:       # a URL, read through fsspec (as the Dask workers read it)
        from .shards import open_source

        fh = open_source(path)
    else:
        fh = _open_binary(path)
    try:
        yield from _file_batches_of(fh, path, fmt, default_rules, per_batch, decode)
    except RecordError as exc:
        raise InputError(path, exc.located(), exc.line, exc.column) from None
    finally:
        if not _is_stdin(fh):
            fh.close()


def _file_batches_of(fh: BinaryIO, path: str, fmt: str, default_rules: RuleSet | str | None,
                     per_batch: int, decode: bool = False) -> Iterator[Batch]:
    cut = get(fmt, path).cutter()
    if cut is not None:
        yield from cut(path, fh, per_batch, default_rules, decode)
        return
    # Formats not cut finer (YAML, OpenSpiel): parsed here, shipped as games.
    from .io import _games

    counter = [0]
    chunks = _counted(_chunks_of(fh, path, CHUNK_SIZE), counter)
    index = 0
    done = 0
    for group in _grouped(_games(path, fmt, chunks, default_rules), per_batch):
        yield Batch(path, "games", tuple(group), 0, index + 1, counter[0] - done)
        done = counter[0]
        index += len(group)


def _cut_jsonl(path: str, fh: BinaryIO, per_batch: int,
               default_rules: RuleSet | str | None, decode: bool = False) -> Iterator[Batch]:
    smaller = cast(BinaryIO, _ThenSmaller(fh))
    return _jsonl_batches(path, _chunks_of(smaller, path, CHUNK_SIZE), per_batch)


def _cut_json(path: str, fh: BinaryIO, per_batch: int,
              default_rules: RuleSet | str | None, decode: bool = False) -> Iterator[Batch]:
    counter = [0]
    feed = LineFeed()   # the cut counts every newline; the decoder reuses its count
    return _json_batches(path, _counted(_chunks_of(fh, path, CHUNK_SIZE, feed=feed), counter),
                         per_batch, counter, feed, decode)


def _cut_hrn(path: str, fh: BinaryIO, per_batch: int,
             default_rules: RuleSet | str | None, decode: bool = False) -> Iterator[Batch]:
    return _hrn_batches(path, _chunks_of(fh, path, CHUNK_SIZE), per_batch, default_rules)


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
        if not _is_stdin(self.fh):
            self.fh.close()


def _grouped(it: Iterable[T], size: int) -> Iterator[list[T]]:
    iterator = iter(it)
    while True:
        group = list(itertools.islice(iterator, size))
        if not group:
            return
        yield group


def _jsonl_batches(path: str, chunks: Iterator[str], per_batch: int, first_line: int = 1,
                   first_index: int = 1) -> Iterator[Batch]:
    """Batches of *per_batch* records (non-blank lines), cut chunk by chunk.

    Each decoded chunk is cut where the batches end (its lines found with
    ``str.find``, which is ``memchr``; the partial last line is carried to
    the next chunk) rather than split into lines and joined again: the
    reader is on the critical path of ``validate`` on JSONL, where a Python
    step per line and ``str.split`` cost a tenth of refereeing the line.
    The batches are those :func:`~hearts_notation.io.split_lines` gives line
    by line: a batch ends just after its *per_batch*-th record, ``\r\n`` is
    read as ``\n``, blank lines go with the batch they fall in, and
    ``nbytes`` is the length of the batch's text.  *first_line* and
    *first_index* place a stream that starts partway into its file, at a
    batch (a shard of :mod:`hearts_notation.shards`)."""
    pending: list[str] = []     # text of the batch being filled, from earlier chunks
    lines = 0                   # lines in it
    records = 0                 # records among them
    rest = ""
    limit = current_limits().record
    for chunk in chunks:
        if rest:
            chunk = rest + chunk
        if "\r" in chunk:
            chunk = chunk.replace("\r\n", "\n")
        find = chunk.find
        start = pos = 0
        big = len(chunk) > limit
        while True:
            end = find("\n", pos)
            if end < 0:
                break
            if big and end - pos > limit:
                raise _too_long(path, first_line + lines, limit)
            lines += 1
            if end > pos and (not chunk[pos].isspace() or not chunk[pos:end].isspace()):
                records += 1
                if records == per_batch:
                    text = chunk[start:end + 1]
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
        if start < pos:
            pending.append(chunk[start:pos])
        rest = chunk[pos:]
        if len(rest) > limit:
            raise _too_long(path, first_line + lines, limit)
    if rest:
        pending.append(rest[:-1] if rest.endswith("\r") else rest)
        lines += 1
    if lines:
        text = "".join(pending)
        yield Batch(path, "jsonl", text, first_line, first_index, len(text))


def _too_long(path: str, line: int, limit: int) -> InputError:
    return InputError(path, limit_message("limit.what.line_length", "record", limit), line, limit + 1)


def _json_batches(path: str, chunks: Iterator[str], per_batch: int,
                  counter: list[int], feed: LineFeed | None = None,
                  decode: bool = False) -> Iterator[Batch]:
    from .io.jsonio import iter_json_compact, iter_json_elements

    texts: list[str] = []
    lines: list[int] = []
    compacts: list[Any] = []
    index = 1
    done = 0
    in_array = True
    items = (iter_json_compact(chunks, feed) if decode
             else ((*item, None) for item in iter_json_elements(chunks, feed)))
    for text, line, in_array, compact in items:
        texts.append(text)
        lines.append(line)
        compacts.append(compact)
        if len(texts) == per_batch:
            yield Batch(path, "json", tuple(texts), lines[0], index, counter[0] - done,
                        lines=tuple(lines), in_array=in_array,
                        compacts=tuple(compacts) if decode else ())
            done = counter[0]
            index += len(texts)
            texts, lines, compacts = [], [], []
    if texts:
        yield Batch(path, "json", tuple(texts), lines[0], index, counter[0] - done,
                    lines=tuple(lines), in_array=in_array,
                    compacts=tuple(compacts) if decode else ())


def _hrn_batches(path: str, chunks: Iterator[str], per_batch: int,
                 default_rules: RuleSet | str | None, first_line: int = 1,
                 first_index: int = 1) -> Iterator[Batch]:
    """Games of an HRN stream cut by the reader's own splitter (so the cut
    is the one a whole-file read makes), shipped as text with the line
    each game starts on.  *first_line*/*first_index* place a stream that
    starts at a batch partway into its file (a shard)."""
    from .io.hrn.reader import iter_game_texts_from_chunks

    games: list[tuple[int, str]] = []
    start_index = first_index
    size = 0
    for line, text in iter_game_texts_from_chunks(chunks, path, current_limits().line, first_line):
        games.append((line, text))
        size += len(text) + 1
        if len(games) == per_batch:
            yield Batch(path, "hrn", tuple(games), games[0][0], first_index, size, default_rules)
            first_index += len(games)
            games, size = [], 0
    if games:
        yield Batch(path, "hrn", tuple(games), games[0][0], first_index, size, default_rules)
    elif first_index == start_index:
        raise InputError(path, msg("input.empty"))


@overload
def map_games(func: Callable[[Game], R], paths: Iterable[str], *, fmt: str | None = ...,
              default_rules: RuleSet | str | None = ..., jobs: int | None = ...,
              progress: Progress | None = ..., errors: Literal["raise"] = ...,
              games_per_batch: int = ..., engine: Engine | None = ...) -> Iterator[R]: ...


@overload
def map_games(func: Callable[[Game], R], paths: Iterable[str], *, fmt: str | None = ...,
              default_rules: RuleSet | str | None = ..., jobs: int | None = ...,
              progress: Progress | None = ..., errors: Literal["yield"],
              games_per_batch: int = ..., engine: Engine | None = ...) -> Iterator[R | InputError]: ...


def map_games(func: Callable[[Game], R], paths: Iterable[str], *, fmt: str | None = None,
              default_rules: RuleSet | str | None = None, jobs: int | None = None,
              progress: Progress | None = None, errors: Literal["raise", "yield"] = "raise",
              games_per_batch: int = 32,
              engine: Engine | None = None) -> Iterator[R] | Iterator[R | InputError]:
    """``func(game)`` for every game of every file, in file order.

    The files are read as streams (flat memory) and parsed in the workers.
    With ``errors="yield"`` an unreadable file (missing, binary, not UTF-8
    at some line) yields its :class:`InputError` in its place in the
    sequence — after the results of the games read before the problem —
    and the next file is read; with ``"raise"`` it ends the iteration.
    *progress* is advanced per game (with its deals) and by the bytes read.
    With an *engine* (``--engine``) the work runs there and *jobs* is
    not used.
    """
    work = partial(_apply_batch, func)
    if engine is not None:
        results = engine.map_batches(work, list(paths), fmt, default_rules, progress,
                                     games_per_batch)
        flat = _flatten(results, progress)
        return flat if errors == "yield" else _raising(flat)
    batches = iter_batches(paths, fmt, default_rules, games_per_batch, errors)
    return _flatten(map_ordered(work, _measured(batches, progress), jobs, 1, None), progress)


def _raising(values: Iterator[Any]) -> Iterator[Any]:
    """``errors="raise"`` over a sequence that carries its input errors."""
    for v in values:
        if isinstance(v, InputError):
            raise v
        yield v


def _measured(batches: Iterator[Batch | _Broken],
              progress: Progress | None) -> Iterator[Batch | _Broken]:
    # Bytes count as read (the bar's ETA follows the input), games as done.
    for b in batches:
        if progress is not None and isinstance(b, Batch):
            progress.advance(0, 0, b.nbytes)
        yield b


def _flatten(results: Iterator[list[tuple[int, Any]]],
             progress: Progress | None) -> Iterator[Any]:
    for group in results:
        for deals, value in group:
            if deals >= 0 and progress is not None:
                progress.advance(1, deals)
            yield value


def total_bytes(paths: Iterable[str]) -> int | None:
    """Sum of the sizes of the files (``None`` if one is standard input or
    cannot be sized): the total of a bytes progress bar."""
    total = 0
    for p in paths:
        if p == "-":
            return None
        try:
            total += Path(p).stat().st_size
        except OSError:
            continue
    return total


# The execution-engine seam ---------------------------------------------------------


class EngineUnavailable(Exception):
    """The engine asked for cannot run here (its package is missing, its
    scheduler cannot be reached): a command-line problem, exit 2.  The
    message is a catalog id and arguments (:meth:`text` in any language)."""

    def __init__(self, message: Msg) -> None:
        super().__init__(message.text())
        self.msg = message

    def text(self, lang: str = "en") -> str:
        """The message in *lang*."""
        return self.msg.text(lang)

    def __reduce__(self) -> tuple[object, ...]:
        return (EngineUnavailable, (self.msg,))


def guarded(work: Callable[[Any], R]) -> Callable[[Any], R]:
    """*work* on a batch, where an exception raised on the batch's data
    becomes the value of an unreadable input placed at the batch
    (``file:line: cannot be processed: ...``), so that one bad shard does
    not stop the others.  Both engines wrap the work the same way, so the
    output does not depend on the engine."""
    return partial(_guarded_call, work)


def _guarded_call(work: Callable[[Any], R], batch: Any) -> R:
    try:
        return work(batch)
    except (KeyboardInterrupt, MemoryError):
        raise
    except Exception as exc:
        if not isinstance(batch, Batch):
            raise
        error = InputError(batch.source, msg("input.internal", why=f"{type(exc).__name__}: {exc}"),
                           batch.first_line)
        return work(_Broken(error))


class Engine(Protocol):
    """Where the per-game work of a command runs.

    Two methods cover every command that maps over games: :meth:`map`
    (items the client holds: seeds for ``generate``, deals for
    ``annotate``) and :meth:`map_batches` (games in files, read where the
    work runs).  Both give results in input order, so the output is the
    same whatever the engine.  Engines are context managers: leaving the
    block stops their workers.
    """

    name: str

    def map(self, func: Callable[[T], R], items: Iterable[T], chunk_size: int = 1,
            progress: Progress | None = None) -> Iterator[R]: ...

    def map_batches(self, work: Callable[[Any], R], paths: Sequence[str], fmt: str | None,
                    default_rules: RuleSet | str | None, progress: Progress | None = None,
                    games_per_batch: int = 32) -> Iterator[R]: ...

    def __enter__(self) -> Engine: ...

    def __exit__(self, *exc: object) -> None: ...


class LocalEngine:
    """The process pool of this machine (``--jobs``): the client reads the
    files as streams and ships batches of raw records to the workers."""

    name = "local"

    def __init__(self, jobs: int | None = None) -> None:
        self.jobs = default_jobs() if not jobs else jobs

    def map(self, func: Callable[[T], R], items: Iterable[T], chunk_size: int = 1,
            progress: Progress | None = None) -> Iterator[R]:
        return map_ordered(func, items, self.jobs, chunk_size, progress)

    def map_batches(self, work: Callable[[Any], R], paths: Sequence[str], fmt: str | None,
                    default_rules: RuleSet | str | None, progress: Progress | None = None,
                    games_per_batch: int = 32) -> Iterator[R]:
        batches = iter_batches(paths, fmt, default_rules, games_per_batch, "yield")
        return map_ordered(guarded(work), _bytes_measured(batches, progress), self.jobs, 1, None)

    def __enter__(self) -> LocalEngine:
        return self

    def __exit__(self, *exc: object) -> None:
        return None


def _bytes_measured(batches: Iterator[Batch | _Broken],
                    progress: Progress | None) -> Iterator[Batch | _Broken]:
    for b in batches:
        if progress is not None and isinstance(b, Batch):
            progress.advance(0, 0, b.nbytes)
        yield b


#: What ``--engine dask`` needs, said when it is missing.
DASK_INSTALL = 'pip install "hearts-notation[dask]"'


@dataclass(frozen=True, slots=True)
class EngineSpec:
    """The engine options of a command line (``--engine``, ``--scheduler``,
    ``--shard-size``), opened into an :class:`Engine` with the command's
    ``--jobs``."""

    engine: str = "local"
    scheduler: str | None = None
    shard_size: int | None = None

    def open(self, jobs: int | None) -> Engine:
        """The engine; :class:`EngineUnavailable` when it cannot run."""
        if self.engine == "local":
            return LocalEngine(jobs)
        if self.engine == "dask":
            try:
                from .dask_engine import DaskEngine
            except ImportError:
                raise EngineUnavailable(msg("engine.needs_dask", install=DASK_INSTALL)) from None
            address = self.scheduler or os.environ.get("DASK_SCHEDULER_ADDRESS") or None
            return DaskEngine(address, jobs or default_jobs(), self.shard_size)
        raise EngineUnavailable(msg("engine.unknown", name=repr(self.engine)))


__all__ = [
    "DASK_INSTALL",
    "Batch",
    "Engine",
    "EngineSpec",
    "EngineUnavailable",
    "LocalEngine",
    "Progress",
    "batch_games",
    "default_jobs",
    "guarded",
    "iter_batches",
    "map_games",
    "map_ordered",
    "total_bytes",
]
