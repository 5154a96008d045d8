"""Shards: the unit of work that a cluster's workers read for themselves.

A shard is a whole file, or a byte range of a JSONL or HRN file that starts
where a game starts.  The client that plans a run never reads the corpus: a
worker *plans* each large file (one pass over its bytes, finding where to
cut), then the shards are read by whichever workers run them, from paths
they can see — local paths, or any URL that fsspec knows (``s3://...``) when
the matching filesystem package is installed.

Why the cuts fall where they do.  The output must be the same, byte for
byte, whatever the engine, the number of workers and the shard size, so a
shard must give exactly the batches of games that a whole-file read
(:func:`hearts_notation.runners.local.iter_batches`) gives:

* a cut is placed only where a batch starts (after every
  ``games_per_batch``-th record), and each shard knows the line number and
  game index it starts at, so the games it reads carry the positions a
  whole-file read gives them, and an error ends the same batch;
* a file whose first block (:data:`~hearts_notation.io.CHUNK_SIZE`) is
  unreadable (a NUL byte, not UTF-8) is not cut: a whole-file read reports
  such a file before any game, and so does one shard;
* the reader's error positions (line, column, byte offset) are counted from
  the shard's place in the file.

Where a format may be cut is its own knowledge: the ``plan`` and ``cut``
hooks of its registry entry (:mod:`hearts_notation.io.batches`; for HRN,
where a game ends is decided by the reader's own splitter; for JSONL a game
is a non-blank line).  A format without a ``plan`` hook is read whole.
"""

from __future__ import annotations

import codecs
import errno
import io
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any, BinaryIO, Generic, TypeVar, cast

from ..folders import WILDCARDS, files_below, folder_files, pattern_files
from ..i18n import msg, os_reason
from ..io.batches import Broken, file_batches
from ..io.formats import get, input_format
from ..io.segments import Segment
from ..io.stream import CHUNK_SIZE, InputError, RecordError, open_binary

if TYPE_CHECKING:
    from ..rules import RuleSet
    from .seam import Engine

R = TypeVar("R")

#: Bytes per shard by default: a few seconds of ``validate`` on one core,
#: small enough for load balancing, large enough that the per-task cost of
#: a scheduler (about a millisecond) does not show.
DEFAULT_SHARD_BYTES = 4 << 20

@dataclass(frozen=True, slots=True)
class Shard:
    """A file, or the bytes ``[start, end)`` of one starting at a game.

    ``end`` is ``None`` for "to the end of the file"; ``start == 0`` and
    ``end is None`` is the whole file, read exactly as a local run reads it
    (every format).  ``first_line``/``first_index`` are the line and the
    game number (1-based) at ``start``.
    """

    path: str
    fmt: str
    start: int = 0
    end: int | None = None
    first_line: int = 1
    first_index: int = 1
    #: Bytes this shard covers (for progress); 0 when unknown.
    nbytes: int = 0
    #: Where the workers open the file when it is not ``path`` (a relative
    #: path made absolute against the client's directory, :func:`located`):
    #: ``path`` stays the name every message shows, as a local run shows it.
    location: str | None = None

    @property
    def opened(self) -> str:
        """The path or URL the workers open."""
        return self.location or self.path

    @property
    def whole(self) -> bool:
        return self.start == 0 and self.end is None

    def where(self) -> str:
        """``file:line`` of the shard's first line, for messages."""
        return f"{self.path}:{self.first_line}"


@dataclass(slots=True)
class ShardResult(Generic[R]):
    """What a worker sends back for a shard: the work's value for each of
    its batches, in order, and whether the file stopped being readable in
    it (then the later shards of the file are dropped, as a whole-file read
    stops at the error)."""

    values: list[R] = field(default_factory=list)
    stopped: bool = False
    nbytes: int = 0


def is_url(path: str) -> bool:
    """A path with a scheme (``s3://``, ``file://``...), read with fsspec."""
    return "://" in path


def located(path: str) -> str | None:
    """Where workers elsewhere find *path*: ``None`` when it is a URL or an
    absolute path (they open it as it is), else the path made absolute
    against this process's directory (the client's), since a worker
    resolving it in its own directory would read another file or none.
    Raises :class:`OSError` when this process's directory is gone."""
    import os

    if is_url(path) or os.path.isabs(path) or path == "-":
        return None
    return os.path.join(os.getcwd(), path)


def expand_here(path: str, location: str | None,
                extensions: Iterable[str]) -> list[tuple[str, str | None]] | InputError:
    """Worker side: the record files that *path* names where the data is,
    for a client that cannot see it: a folder's files (recursively, by
    extension, no hidden ones, sorted -- as the client lists a folder it
    sees), a pattern's matches (``*``, ``?``, ``[``), else the path itself.
    Each comes as (the name messages show, where to open it: see
    :attr:`Shard.location`); a folder or pattern without a record file
    gives its :class:`InputError`."""
    import glob
    import os
    from pathlib import Path

    wanted = {e.lower() for e in extensions}
    where = location or path
    prefix = where[:len(where) - len(path)] if location else ""

    def shown(found: str) -> str:
        return found[len(prefix):] if prefix and found.startswith(prefix) else found

    if os.path.isdir(where):
        pairs = sorted((str(Path(path) / Path(f).relative_to(where)), f if location else None)
                       for f in folder_files(where, wanted))
    elif any(c in path for c in WILDCARDS) and not os.path.exists(where):
        # (``**`` recursive as fsspec reads it behind a URL; the folder rule
        # below the pattern's fixed folder, as a URL's: pattern_files)
        found = [m for m in glob.glob(where, recursive=True) if os.path.isfile(m)]
        pairs = sorted((shown(m), m if location else None)
                       for m in pattern_files(where, found, wanted))
    else:
        return [(path, location)]
    if not pairs:
        return InputError(path, msg("input.no_records"))
    return pairs


def open_source(path: str) -> BinaryIO:
    """The byte stream of a local path or a URL (through fsspec).

    Unusable sources raise :class:`InputError`, as local files do.
    """
    if not is_url(path):
        return open_binary(path)
    try:
        import fsspec
    except ImportError:
        raise InputError(path, msg("input.needs_fsspec")) from None
    unreadable: tuple[type[BaseException], ...] = (OSError, ValueError, *_archive_errors())
    try:
        # The file system is kept with the file: an archive's (``zip://``,
        # ``tar://``) closes the archive when it is collected.
        fs, inner = fsspec.core.url_to_fs(path)
        return cast(BinaryIO, io.BufferedReader(_UrlFile(fs.open(inner, "rb"), fs)))
    except FileNotFoundError:
        raise InputError(path, msg("input.missing")) from None
    except ImportError as exc:
        raise InputError(path, msg("input.url_package", why=str(exc))) from None
    except unreadable as exc:
        raise InputError(path, msg("input.cannot_read", why=str(exc))) from None


def open_named(path: str, location: str | None) -> BinaryIO:
    """:func:`open_source` of the file a worker opens at *location* (see
    :attr:`Shard.location`), its refusal naming *path*, the name every
    message shows: a file removed during an ``--engine dask`` run was told
    at the absolute path the client made for the workers
    (``/home/me/club/g.hrn: no such file`` where the local engine says
    ``club/g.hrn: no such file``; round 29)."""
    try:
        return open_source(location or path)
    except InputError as exc:
        exc.source = path
        raise


def _archive_errors() -> tuple[type[BaseException], ...]:
    """What an archive or a compressed stream raises on damaged data (a bad
    zip or tar file, a bad CRC, a truncated member): neither ``OSError`` nor
    ``ValueError``, yet the same "cannot read" for the user."""
    import tarfile
    import zipfile
    import zlib

    return (zipfile.BadZipFile, zipfile.LargeZipFile, tarfile.TarError, zlib.error, EOFError)


class _UrlFile(io.RawIOBase):
    """A file opened through fsspec, holding the file system it came from,
    and reporting an archive's damaged data as ``OSError`` (which every
    reader turns into "cannot read FILE: why", status 2)."""

    def __init__(self, fh: Any, fs: Any) -> None:
        super().__init__()
        self._fh = fh
        self._fs = fs
        self._errors = _archive_errors()

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return bool(self._fh.seekable())

    def readinto(self, buffer: Any) -> int:
        try:
            data = self._fh.read(len(buffer))
        except self._errors as exc:
            raise OSError(errno.EIO, f"{type(exc).__name__}: {exc}") from None
        n = len(data)
        buffer[:n] = data
        return n

    def seek(self, offset: int, whence: int = 0) -> int:
        try:
            return int(self._fh.seek(offset, whence))
        except self._errors as exc:
            raise OSError(errno.EIO, f"{type(exc).__name__}: {exc}") from None

    def tell(self) -> int:
        return int(self._fh.tell())

    def close(self) -> None:
        if not self.closed:
            try:
                self._fh.close()
            finally:
                self._fs = None
                super().close()


def expand_url(url: str, extensions: Iterable[str]) -> list[str]:
    """The record files a URL names: itself when it is a file, else (a
    directory, or a pattern with ``*``, ``?`` or ``[``) the files under it
    whose extension is one of *extensions*, as URLs, in sorted order -- as
    :func:`hearts_notation.commands._common.expand_paths` expands a local
    directory, with fsspec's ``find``/``glob``.  Without fsspec a URL is
    kept as it is (the worker that reads it says what is missing), unless
    it has to be listed.  Raises :class:`InputError` for a directory or
    pattern that holds no record file."""
    wanted = {e.lower() for e in extensions}
    pattern = any(c in url.split("://", 1)[1] for c in WILDCARDS)
    try:
        import fsspec
    except ImportError:
        if pattern or url.endswith("/"):
            raise InputError(url, msg("input.needs_fsspec")) from None
        return [url]
    unlistable: tuple[type[BaseException], ...] = (OSError, ValueError, *_archive_errors())
    try:
        fs, root = fsspec.core.url_to_fs(url)
        if pattern:
            found = [p for p in fs.glob(root) if not fs.isdir(p)]
        elif fs.isdir(root):
            found = list(fs.find(root))
        else:
            return [url]
    except ImportError as exc:
        raise InputError(url, msg("input.url_package", why=str(exc))) from None
    except unlistable as exc:
        raise InputError(url, msg("input.cannot_list", why=str(exc))) from None
    # A chained URL (``zip://*.hrn::corpus.zip``) keeps what it is chained to.
    chain = url[url.index("::"):] if "::" in url else ""
    # (below a pattern, the parts its wildcards matched are below the folder
    # it names: ``club/*/*.hrn`` does not read ``club/.old/b.hrn``, as the
    # workers' patterns do not, by the same function; ``club/.old/*.hrn`` does)
    if pattern:
        kept = pattern_files(root, found, wanted)
    else:       # (an archive's root is "": every path is below it)
        kept = files_below(root.rstrip("/") + "/" if root.strip("/") else "", found, wanted)
    files = sorted(fs.unstrip_protocol(p) + chain for p in kept)
    if not files:
        raise InputError(url, msg("input.no_records"))
    return files


def _size(fh: BinaryIO) -> int | None:
    try:
        here = fh.tell()
        size = fh.seek(0, 2)
        fh.seek(here)
        return size
    except (OSError, ValueError, AttributeError):
        return None


class _Range:
    """At most *size* bytes of a stream, from where it stands."""

    def __init__(self, fh: BinaryIO, size: int | None) -> None:
        self.fh = fh
        self.left = size

    def read(self, size: int = -1) -> bytes:
        if self.left is None:
            return self.fh.read(size)
        if self.left <= 0:
            return b""
        if size < 0 or size > self.left:
            size = self.left
        data = self.fh.read(size)
        self.left -= len(data)
        return data

    def close(self) -> None:
        if self.fh is not sys.stdin.buffer:
            self.fh.close()


# Planning ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FileProbe:
    """A file about to be planned: its format, size and the byte ranges the
    workers look at in parallel (none: the file is one shard)."""

    path: str
    fmt: str
    size: int
    location: str | None = None
    ranges: tuple[tuple[int, int], ...] = ()


#: The smallest byte range a worker plans: each range costs a task and a
#: look past its end for the next boundary, so a tiny ``--shard-size``
#: plans ranges of this size (a shard then holds the games of one range).
MIN_RANGE_BYTES = 512


def probe_file(path: str, fmt: str | None = None, target_bytes: int = DEFAULT_SHARD_BYTES,
               location: str | None = None,
               min_range: int = MIN_RANGE_BYTES) -> FileProbe | InputError:
    """Worker side: the file's size and its ranges of about *target_bytes*
    (opened at *location* when given: see :attr:`Shard.location`).  A
    file that cannot be opened gives its :class:`InputError`; a format
    without a ``plan`` hook, a small file, or one whose first block is
    unreadable (a whole-file read reports it before any game) has no range."""
    # (a name no format claims is sniffed where it is opened, as the
    # local engine does: its first bytes)
    kind = input_format(location or path, fmt)
    try:
        planner = get(kind, path).planner()
        fh = open_named(path, location)
    except InputError as exc:
        return exc
    try:
        size = _size(fh)
        if planner is None or size is None or size <= target_bytes \
                or not _first_block_readable(fh.read(CHUNK_SIZE)):
            return FileProbe(path, kind, size or 0, location)
    except OSError as exc:
        return InputError(path, msg("input.cannot_read", why=os_reason(exc)))
    finally:
        fh.close()
    step = max(target_bytes, min_range, 1)
    ranges = tuple((a, min(a + step, size)) for a in range(0, size, step))
    return FileProbe(path, kind, size, location, ranges)


def segment_range(item: tuple[FileProbe, int], per_batch: int = 32) -> Segment:
    """Worker side: what the format's ``plan`` hook finds in the *k*-th range
    of the file (*item*: the probe, *k*): the worker seeks to the range and
    reads it (and a little past it, to its next boundary), not the file."""
    probe, k = item
    start, end = probe.ranges[k]
    planner = get(probe.fmt, probe.path).planner()
    if planner is None:
        return Segment(-1, -1, ok=False)
    where = probe.location or probe.path
    try:
        found: Segment = planner(lambda: open_source(where), probe.path, start, end, probe.size,
                                 per_batch)
    except (InputError, OSError):
        return Segment(-1, -1, ok=False)
    return found


def plan_segments(probe: FileProbe, segments: Iterable[Segment], per_batch: int = 32) -> list[Shard]:
    """The shards of a probed file from its ranges' segments, in order
    (runs anywhere: it reads nothing).  The segments tile the file from
    its start; their counts give the line and game number at each place a
    batch may start, and one cut is made per segment, at the first such
    place where the games before are a multiple of *per_batch* (and a game
    follows).  A segment that could not be cut, or that does not begin
    where the one before ended, ends the cutting: the last shard runs to
    the end of the file, whose reader reports what is wrong there."""
    kept: list[tuple[Segment, int, int]] = []
    lines = units = at = 0
    for seg in segments:
        if not seg.ok:
            break
        if seg.start >= seg.end:
            continue
        if seg.start != at:
            break
        kept.append((seg, lines, units))
        lines += seg.lines
        units += seg.units
        at = seg.end
    cuts: list[tuple[int, int, int]] = []
    for seg, before_lines, before_units in kept:
        for offset, rel_lines, rel_units in seg.marks:
            games = before_units + rel_units
            if 0 < offset < seg.end and games % per_batch == 0 and games < units:
                cuts.append((offset, 1 + before_lines + rel_lines, games + 1))
                break
    shards: list[Shard] = []
    start, line, index = 0, 1, 1
    path, kind, size, location = probe.path, probe.fmt, probe.size, probe.location
    for offset, next_line, next_index in cuts:
        shards.append(Shard(path, kind, start, offset, line, index, offset - start, location))
        start, line, index = offset, next_line, next_index
    if not shards:
        return [Shard(path, kind, nbytes=size, location=location)]
    shards.append(Shard(path, kind, start, None, line, index, size - start, location))
    return shards


def plan_file(path: str, fmt: str | None = None, target_bytes: int = DEFAULT_SHARD_BYTES,
              per_batch: int = 32, location: str | None = None,
              min_range: int = MIN_RANGE_BYTES) -> list[Shard] | InputError:
    """The shards of one file, cut about every *target_bytes* at batch
    starts, planned here range after range (each range read once): what
    :func:`plan_files` has the engine's workers do in parallel."""
    probe = probe_file(path, fmt, target_bytes, location, min_range)
    if isinstance(probe, InputError):
        return probe
    return plan_segments(probe, (segment_range((probe, k), per_batch)
                                 for k in range(len(probe.ranges))), per_batch)


def plan_files(engine: Engine, files: Iterable[tuple[str, str | None]], fmt: str | None,
               target_bytes: int, per_batch: int = 32) -> Iterator[list[Shard] | InputError]:
    """The shards of each file (*files*: the name messages show, where the
    workers open it), in order, planned by the *engine*'s workers in
    parallel: a task per file looks at its size (submitted in groups),
    then a task per range of a large file finds the boundaries in that
    range (:func:`segment_range`), all the ranges of a file at once; the
    client only adds the counts up (:func:`plan_segments`).  No worker
    reads a whole file to plan it, and the local pool runs the same plan."""
    items = list(files)
    probes = engine.map(partial(_probe_item, fmt=fmt, target_bytes=target_bytes), items,
                        label=_file_of)
    for probe in probes:
        if isinstance(probe, InputError) or not probe.ranges:
            yield probe if isinstance(probe, InputError) else plan_segments(probe, (), per_batch)
            continue
        segments = engine.map(partial(segment_range, per_batch=per_batch),
                              [(probe, k) for k in range(len(probe.ranges))], label=_range_of)
        yield plan_segments(probe, segments, per_batch)


def _file_of(item: tuple[str, str | None]) -> object:
    return item[0]


@dataclass(frozen=True, slots=True)
class PlannedRange:
    """The bytes ``[start, end)`` of *path* being planned (for messages)."""

    path: str
    start: int
    end: int


def _range_of(item: tuple[FileProbe, int]) -> object:
    probe, k = item
    start, end = probe.ranges[k]
    return PlannedRange(probe.path, start, end)


def _probe_item(item: tuple[str, str | None], fmt: str | None,
                target_bytes: int) -> FileProbe | InputError:
    return probe_file(item[0], fmt, target_bytes, item[1])


def _first_block_readable(block: bytes) -> bool:
    """No NUL and valid UTF-8 (a sequence cut at the end is fine)."""
    if b"\0" in block:
        return False
    try:
        codecs.utf_8_decode(block, "strict", False)
    except UnicodeDecodeError:
        return False
    return True


# Reading -------------------------------------------------------------------------------


def shard_batches(shard: Shard, default_rules: RuleSet | str | None = None,
                  per_batch: int = 32) -> Iterator[Any]:
    """The batches (:class:`hearts_notation.io.batches.Batch`) of a shard,
    the ones a whole-file read gives for its games, cut by the format's
    own cutter.  Raises :class:`InputError` where the file stops being
    readable."""
    fh = open_named(shard.path, shard.location)
    try:
        if shard.whole:
            yield from file_batches(fh, shard.path, shard.fmt, default_rules, per_batch)
            return
        cut = get(shard.fmt, shard.path).cutter()
        if cut is None:
            raise ValueError(f"the {shard.fmt} format is read only whole")
        size_now = _size(fh)
        if size_now is not None and (size_now < (shard.end or 0) or size_now <= shard.start):
            # The file was cut shorter after its reading was planned: the
            # part past its end read as "empty input: no game found" (a
            # file truncated during an --engine dask run, round 29).
            raise InputError(shard.path, msg("input.shrank"))
        fh.seek(shard.start)
        size = None if shard.end is None else shard.end - shard.start
        rng: Any = _Range(fh, size)
        yield from cut(rng, shard.path, per_batch, default_rules, first_line=shard.first_line,
                       first_index=shard.first_index, offset=shard.start,
                       followed=shard.end is not None)
    except RecordError as exc:
        raise InputError(shard.path, exc.located(), exc.line, exc.column) from None
    except OSError as exc:
        raise InputError(shard.path, msg("input.cannot_read", why=os_reason(exc))) from None
    finally:
        fh.close()


def run_shard(shard: Shard, work: Callable[[Any], R], default_rules: RuleSet | str | None = None,
              per_batch: int = 32) -> ShardResult[R]:
    """Worker side: *work* applied to every batch of the shard.

    A read error becomes the work's value for an unreadable input
    (``work(Broken(error))``) and ends the shard; see
    :func:`hearts_notation.runners.seam.guarded` for errors of the work itself.
    """
    result: ShardResult[R] = ShardResult(nbytes=shard.nbytes)
    try:
        for batch in shard_batches(shard, default_rules, per_batch):
            result.values.append(work(batch))
    except InputError as exc:
        result.values.append(work(Broken(exc)))
        result.stopped = True
    return result


__all__ = [
    "DEFAULT_SHARD_BYTES",
    "MIN_RANGE_BYTES",
    "FileProbe",
    "PlannedRange",
    "Shard",
    "ShardResult",
    "expand_here",
    "expand_url",
    "is_url",
    "located",
    "open_named",
    "open_source",
    "plan_file",
    "plan_files",
    "plan_segments",
    "probe_file",
    "run_shard",
    "segment_range",
    "shard_batches",
]
