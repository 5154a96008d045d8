"""``annotate --out-dir``: a corpus annotated part by part, each part written
by the worker that analysed it, and a re-run that skips the parts done.

A league's corpus is millions of deals at about a CPU-second each: days of
a cluster, which must survive being stopped, and whose output must not pass
through one client.  So:

1. **plan**: each file is cut into shards of about *target* bytes at game
   starts by the workers (:func:`hearts_notation.runners.shards.plan_files`:
   the byte ranges of a JSONL or HRN file looked at in parallel, a JSON
   or YAML file whole); folders and patterns are
   listed by the command (or by a worker when only the workers see them);
2. **parts**: a task per shard (:func:`annotate_part`, submitted in groups
   by :meth:`Engine.map`) reads the shard, refuses it with the local
   command's messages when a game has a syntax error or a trick the
   analysis cannot replay, else analyses and annotates its games and
   writes them to ``DEST/part-FFFFFF-SSSSSS.EXT`` (file number, shard
   number: the parts' names sort in the corpus's order; the record format
   is the input's), atomically, then its *done marker*
   ``part-...EXT.done.json``, atomically too, holding the part's
   :class:`RunKey`, sizes, digest and exact totals.  The task sends back
   only that summary;
3. **resume**: a task whose marker is there with the same key (the same
   settings, the same shard of the same bytes: the key digests the
   shard's text) and whose part has the marker's size sends the marker's
   totals back without analysing anything.  A part is done exactly when
   its marker is: a run stopped anywhere (Ctrl-C, a lost worker, a
   killed job) leaves parts done or not, never half written;
4. **manifest**: a last task lists the markers of this plan and writes
   ``DEST/manifest.json`` (the files, their parts in order with their
   byte ranges and digests, the totals, and whether every part is done).

Where DEST is a local folder or any URL fsspec knows (``s3://...``); it
is written only by the workers (the client never opens it, as it never
opens the corpus).  Every engine runs the same tasks, so ``--engine
local`` (``--jobs``) and ``--engine dask`` write the same bytes.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
import time
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial
from typing import TYPE_CHECKING, Any

from ..io.stream import InputError
from .annotate import deals_analysed
from .shards import Shard, is_url, open_source, plan_files

if TYPE_CHECKING:
    from ..analysis.annotate import AnalysisOptions
    from ..model import Game
    from ..rules import RuleSet
    from ..summaries import AnnotateTotals
    from .seam import Engine

#: Bytes of record per part by default: a part is the unit of resumption
#: and of load balancing (about a hundred HRN games, minutes to an hour of
#: one core's analysis), and the client keeps a few words per part.
CORPUS_SHARD_BYTES = 256 << 10

#: What a done marker's name adds to its part's.
DONE_SUFFIX = ".done.json"
#: The manifest's name in the destination.
MANIFEST = "manifest.json"
#: The version of the markers' and manifest's layout.
LAYOUT = "hearts-annotate-parts/1"


@dataclass(frozen=True, slots=True)
class CorpusSettings:
    """What every part of a run shares: the analysis, how the annotated
    games are written, and where (*dest*: an absolute folder or a URL)."""

    options: AnalysisOptions
    rules: RuleSet | None
    force_rules: bool
    only_deal: int | None
    lang: str
    #: The language the records are written in (``None``: each its own).
    write_lang: str | None
    unicode: bool
    dest: str
    #: The planned shard size: another size plans other parts.
    target: int = CORPUS_SHARD_BYTES
    #: The destination as the command line named it, for the messages
    #: (``small/out/part-000002-000001.hrn``, not the absolute name the
    #: workers write to); not part of :meth:`digest`.
    shown: str = ""

    def digest(self) -> str:
        """The settings' part of every part's key: a change of any of them
        (or of this package's version) makes every part be done again."""
        from .. import __version__

        text = repr((LAYOUT, __version__, self.options, self.rules, self.force_rules,
                     self.only_deal, self.lang, self.write_lang, self.unicode, self.target))
        return hashlib.sha256(text.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class PartJob:
    """One shard to annotate into the part *name*, written in *out_fmt*."""

    shard: Shard
    name: str
    out_fmt: str


@dataclass(slots=True)
class PartResult:
    """What a part's task sends back: its counts and exact totals, whether
    an earlier run had done it (*skipped*), or the messages that kept it
    from being written (a syntax error, an unreplayable trick, an
    unreadable input, an unwritable destination), rendered on the worker
    with their source lines."""

    name: str
    games: int = 0
    deals: int = 0
    totals: AnnotateTotals | None = None
    skipped: bool = False
    messages: tuple[str, ...] = ()
    #: The messages come from the record (exit 2 like a local refusal) or
    #: from the destination.
    refused: bool = False

    @property
    def done(self) -> bool:
        return not self.messages


def part_name(file_number: int, shard_number: int, out_fmt: str) -> str:
    """``part-FFFFFF-SSSSSS.EXT``: names that sort in the corpus's order."""
    from ..io.formats import FORMATS

    ext = FORMATS[out_fmt].suffixes[0]
    return f"part-{file_number:06d}-{shard_number:06d}{ext}"


def join(dest: str, name: str) -> str:
    """*name* in the folder or URL *dest*."""
    if is_url(dest):
        return dest.rstrip("/") + "/" + name
    return os.path.join(dest, name)


def _fs(dest: str) -> tuple[Any, str]:
    """The fsspec file system and path of a URL destination."""
    import fsspec

    fs, root = fsspec.core.url_to_fs(dest)
    return fs, root


def make_folder(dest: str) -> None:
    """Make the destination folder (a URL's on its file system); a URL
    whose file system is unknown here (``foo://x``, a protocol whose
    package is missing) is an :class:`~hearts_notation.output.OutputError`,
    as ``-o`` says it (it was a ``ValueError`` from fsspec: an internal
    error, exit 3, review21)."""
    if is_url(dest):
        from ..i18n import msg
        from ..output import OutputError

        try:
            fs, root = _fs(dest)
        except (ImportError, ValueError) as exc:
            raise OutputError(dest, msg("output.url_unwritable", why=str(exc)[:200])) from None
        fs.makedirs(root, exist_ok=True)
    else:
        os.makedirs(dest, exist_ok=True)


#: A marker is a few hundred bytes; anything much larger is not one.
_MARKER_MAX = 1 << 20


def _read_text(path: str) -> str | None:
    """The text of a marker (``None``: there is none, or it cannot be read:
    a folder, a FIFO or a device in its place, not UTF-8, or too large to be
    one).  Only a regular file is opened, so that something planted at a
    marker's name never blocks the run."""
    try:
        if is_url(path):
            fs, inner = _fs(path)
            with fs.open(inner, "rb") as fh:
                data: bytes = fh.read(_MARKER_MAX + 1)
        else:
            if not stat.S_ISREG(os.stat(path).st_mode):
                return None
            with open(path, "rb") as fh:
                data = fh.read(_MARKER_MAX + 1)
        if len(data) > _MARKER_MAX:
            return None
        return data.decode("utf-8")
    except (OSError, ValueError):
        return None


def _not_a_file(path: str) -> bool:
    """Whether something other than a regular file (a folder, a FIFO, a
    device) stands at a local *path*."""
    if is_url(path):
        return False
    try:
        return not stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


def _size(path: str) -> int | None:
    try:
        if is_url(path):
            fs, inner = _fs(path)
            return int(fs.size(inner))
        return os.path.getsize(path)
    except (OSError, ValueError):
        return None


# Totals kept exactly in a marker ----------------------------------------------------------


def totals_state(t: AnnotateTotals) -> dict[str, Any]:
    """*t* as JSON, exactly (fractions as ``"n/d"``): a skipped part's totals
    merge into the run's as if it had been analysed again."""
    return {"deals": t.deals, "decisions": t.decisions, "forced": t.forced,
            "marks": dict(sorted(t.marks.items())), "epl": str(t.epl),
            "seat_decisions": dict(sorted(t.seat_decisions.items())),
            "seat_epl": {s: str(v) for s, v in sorted(t.seat_epl.items())}}


def totals_from_state(d: dict[str, Any]) -> AnnotateTotals:
    """The totals :func:`totals_state` wrote."""
    from collections import Counter

    from ..summaries import AnnotateTotals

    return AnnotateTotals(deals=int(d["deals"]), decisions=int(d["decisions"]),
                          forced=int(d["forced"]), marks=Counter(d["marks"]),
                          epl=Fraction(d["epl"]), seat_decisions=Counter(d["seat_decisions"]),
                          seat_epl={s: Fraction(v) for s, v in d["seat_epl"].items()})


# Worker side -------------------------------------------------------------------------------


def shard_digest(shard: Shard) -> str | None:
    """The SHA-256 of the shard's bytes (``None``: they cannot be read; the
    read of the games then says why)."""
    h = hashlib.sha256()
    try:
        fh = open_source(shard.opened)
    except InputError:
        return None
    try:
        fh.seek(shard.start)
        left = None if shard.end is None else shard.end - shard.start
        while left is None or left > 0:
            block = fh.read(1 << 20 if left is None else min(1 << 20, left))
            if not block:
                break
            h.update(block)
            if left is not None:
                left -= len(block)
    except OSError:
        return None
    finally:
        fh.close()
    return h.hexdigest()


def part_key(job: PartJob, settings: CorpusSettings, content: str) -> str:
    """What a part's marker must hold for the part to count as done: the
    settings, the shard's place and the digest of its bytes."""
    s = job.shard
    text = "\0".join((settings.digest(), job.name, job.out_fmt, s.path, s.fmt, str(s.start),
                      str(s.end), str(s.first_line), str(s.first_index), content))
    return hashlib.sha256(text.encode()).hexdigest()


def annotate_part(job: PartJob, settings: CorpusSettings) -> PartResult:
    """Worker side: the part of *job* done (or found done by an earlier run),
    its summary sent back."""
    from ..analysis.annotate import GameTask, analyse_game, annotate_game
    from ..i18n import msg
    from ..io import iter_dumps
    from ..io.hrn.writer import comments_as_written
    from ..output import OutputError, write_atomic_iter
    from ..summaries import AnnotateTotals
    from .annotate import index_shard, shard_games

    content = shard_digest(job.shard)
    key = part_key(job, settings, content) if content is not None else None
    target = join(settings.dest, job.name)
    marker_path = target + DONE_SUFFIX
    if key is not None:
        found = _done(marker_path, target, key)
        if found is not None:
            return PartResult(job.name, int(found["games"]), int(found["deals"]),
                              totals_from_state(found["totals"]), skipped=True)
        if _not_a_file(marker_path):
            # (a FIFO there would block the write: outputs write through FIFOs)
            return PartResult(job.name, messages=(_output_line(OutputError(
                marker_path, msg("output.marker_not_file")), settings),))
    checks = index_shard(job.shard, settings.rules, settings.force_rules)
    if isinstance(checks, InputError):
        return PartResult(job.name, messages=(checks.text(settings.lang),), refused=True)
    problems = [m for c in checks for m in (*c.errors, *([c.malformed] if c.malformed else []))]
    if problems:
        return PartResult(job.name, messages=tuple(problems), refused=True)
    games = shard_games(job.shard, settings.rules)
    totals = AnnotateTotals()
    digest = hashlib.sha256()
    written = 0

    def annotated() -> Iterator[Game]:
        nonlocal totals
        for g in games:
            a = analyse_game(GameTask(g, settings.options, settings.rules, settings.force_rules,
                                      settings.only_deal))
            totals += AnnotateTotals.of_analysis(a, deals_analysed(len(g.deals), settings.only_deal))
            yield annotate_game(g, a, lang=settings.lang)

    def counted(pieces: Iterator[str]) -> Iterator[str]:
        nonlocal written
        for piece in pieces:
            data = piece.encode("utf-8")
            digest.update(data)
            written += len(data)
            yield piece

    deals = sum(len(g.deals) for g in games)
    try:
        make_folder(settings.dest)
        lettered = comments_as_written(annotated(), settings.unicode, settings.write_lang)
        write_atomic_iter(target, counted(iter_dumps(lettered, job.out_fmt,
                                                     unicode=settings.unicode,
                                                     lang=settings.write_lang)))
        marker = {"layout": LAYOUT, "key": key or "", "settings": settings.digest(),
                  "part": job.name,
                  "source": job.shard.path, "start": job.shard.start,
                  "end": job.shard.end, "games": len(games), "deals": deals, "bytes": written,
                  "sha256": digest.hexdigest(), "totals": totals_state(totals)}
        if key is not None:
            write_atomic_iter(marker_path, (json.dumps(marker, sort_keys=True) + "\n",))
    except OutputError as exc:
        return PartResult(job.name, messages=(_output_line(exc, settings),))
    except OSError as exc:   # making the folder
        return PartResult(job.name, messages=(_output_line(OutputError(
            settings.dest, exc.strerror or str(exc), exc.errno), settings),))
    return PartResult(job.name, len(games), deals, totals)


def _output_line(exc: Any, settings: CorpusSettings) -> str:
    """``hearts: cannot write OUT: reason``, as every other output failure
    is said, *OUT* under the destination's name as given (hostile31: the
    parts said ``cannot write /abs/DEST/part-…`` without the program's
    name, unlike every other message of a write)."""
    from ..i18n import msg
    from ..output import escape_controls

    where: str = exc.target
    dest = settings.dest.rstrip("/" + os.sep) or settings.dest
    shown = settings.shown.rstrip("/" + os.sep) or settings.shown
    if shown and where.startswith(dest) and where[len(dest):len(dest) + 1] in ("", "/", os.sep):
        where = shown + where[len(dest):]
    return "hearts: " + msg("output.cannot_write", where=escape_controls(where),
                            reason=exc.why).text(settings.lang)


def _done(marker_path: str, target: str, key: str) -> dict[str, Any] | None:
    """The marker of a part done with *key*, when the part is there whole."""
    marker = _parsed(_read_text(marker_path))
    if marker is None or marker.get("key") != key:
        return None
    if _size(target) != marker.get("bytes"):
        return None
    return marker


def write_manifest(item: tuple[str, list[tuple[str, list[str], str]]],
                   settings: CorpusSettings) -> int | str:
    """Worker side: ``DEST/manifest.json`` from the markers of the plan
    (*item*: the destination, each file with its parts' names and the
    message of a file that could not be planned, else ``""``); returns
    the number of parts done, or the line that says why the manifest
    could not be written.  A part counts only with its marker of this
    run's settings (a folder may hold parts of another run)."""
    from ..output import write_atomic_iter

    dest, files = item
    wanted = settings.digest()
    entries: list[dict[str, Any]] = []
    out_files: list[dict[str, Any]] = []
    done = 0
    from ..summaries import AnnotateTotals

    totals = AnnotateTotals()
    games = deals = 0
    unplanned = 0
    for source, names, error in files:
        out_files.append({"source": source, "parts": len(names),
                          **({"error": error} if error else {})})
        unplanned += bool(error)
        for name in names:
            target = join(dest, name)
            text = _read_text(target + DONE_SUFFIX)
            marker = _parsed(text)
            ok = (marker is not None
                  and _size(target) == marker.get("bytes")
                  and marker.get("settings") == wanted)
            entry: dict[str, Any] = {"part": name, "source": source, "done": ok}
            if ok and marker is not None:
                done += 1
                games += int(marker["games"])
                deals += int(marker["deals"])
                totals += totals_from_state(marker["totals"])
                entry.update(start=marker["start"], end=marker["end"], games=marker["games"],
                             deals=marker["deals"], bytes=marker["bytes"],
                             sha256=marker["sha256"])
            entries.append(entry)
    doc = {"layout": LAYOUT, "complete": done == len(entries) and not unplanned,
           "files": out_files,
           "parts": entries, "games": games, "deals": deals, "totals": totals.to_dict()}
    from ..output import OutputError

    try:
        make_folder(dest)
        write_atomic_iter(join(dest, MANIFEST), (json.dumps(doc, indent=2) + "\n",))
    except OutputError as exc:
        return _output_line(exc, settings)
    except OSError as exc:
        return _output_line(OutputError(dest, exc.strerror or str(exc), exc.errno), settings)
    return done


#: The fields of a marker and their types (:func:`_parsed` checks them all).
_MARKER_FIELDS: dict[str, type | tuple[type, ...]] = {
    "layout": str, "key": str, "settings": str, "games": int, "deals": int, "bytes": int,
    "start": int, "end": (int, type(None)), "sha256": str, "totals": dict}


def _parsed(text: str | None) -> dict[str, Any] | None:
    """A marker read back, or ``None`` when it is not one this layout wrote
    whole (cut short by a crash, edited, of another version, not JSON): the
    part is then done again, which is always safe.  Every field the run
    reads is checked here, its totals too, so that nothing later fails on
    a marker."""
    if text is None:
        return None
    try:
        found = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(found, dict) or found.get("layout") != LAYOUT:
        return None
    for name, kind in _MARKER_FIELDS.items():
        value = found.get(name)
        if not isinstance(value, kind) or isinstance(value, bool):
            return None
    t = found["totals"]
    counts = ("deals", "decisions", "forced")
    if (any(type(t.get(k)) is not int for k in counts) or not _fraction(t.get("epl"))
            or not _table(t.get("marks"), int) or not _table(t.get("seat_decisions"), int)
            or not _table(t.get("seat_epl"), str)
            or not all(_fraction(v) for v in t["seat_epl"].values())):
        return None
    return found


def _fraction(value: object) -> bool:
    """Whether *value* is a fraction as :func:`totals_state` writes it
    (``"n/d"``, ``d`` not zero; a bounded number of digits)."""
    return (isinstance(value, str)
            and re.fullmatch(r"-?[0-9]{1,60}(?:/0*[1-9][0-9]{0,59})?", value) is not None)


def _table(value: object, kind: type) -> bool:
    """Whether *value* is a JSON object of *kind* values (never ``bool``)."""
    return isinstance(value, dict) and all(type(v) is kind for v in value.values())


@dataclass
class CorpusRun:
    """The client's account of a run: counts, merged totals, and the
    messages of the parts not written (kept in order; nothing else grows
    with the corpus but a name list per file for the manifest)."""

    parts: int = 0
    done: int = 0
    skipped: int = 0
    games: int = 0
    deals: int = 0
    totals: AnnotateTotals | None = None
    #: Parts (or files) not written because of the record; because of the destination.
    refused: int = 0
    unwritten: int = 0
    files: list[tuple[str, list[str], str]] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return not self.refused and not self.unwritten


def run_corpus(engine: Engine, files: list[tuple[str, str | None]], fmt: str | None,
               settings: CorpusSettings, out_fmt_of: Callable[[str], str],
               report: Callable[[str], None]) -> CorpusRun:
    """Client side: plan every file on the workers, annotate every part
    there (a task each, submitted in groups), merge the parts' summaries
    as they come back in order (the messages of a part not written go to
    *report* as they come), then have a worker write the manifest.
    *files*: each file's name for messages and where the workers open it."""
    from ..summaries import AnnotateTotals

    totals = AnnotateTotals()
    run = CorpusRun(totals=totals)
    # Every file planned by the workers, the byte ranges of each in parallel.
    plans = plan_files(engine, files, fmt, settings.target, per_batch=1)
    jobs: list[PartJob] = []
    for number, ((path, _), plan) in enumerate(zip(files, plans, strict=True), start=1):
        if isinstance(plan, InputError):
            line = plan.text(settings.lang)
            report(line)
            run.refused += 1
            run.files.append((path, [], line))
            continue
        out_fmt = out_fmt_of(path)
        names = [part_name(number, k, out_fmt) for k in range(1, len(plan) + 1)]
        run.files.append((path, names, ""))
        jobs.extend(PartJob(shard, name, out_fmt) for shard, name in zip(plan, names, strict=True))
    run.parts = len(jobs)
    started = time.time()
    results = engine.map(partial(annotate_part, settings=settings), jobs)
    try:
        _merge(results, run, totals, report)
    except BaseException:       # Ctrl-C, SIGTERM, a worker lost: what they left is litter
        if isinstance(results, Generator):
            results.close()     # (the workers killed and reaped first)
        _remove_orphans(settings.dest, started)
        raise
    manifest = next(iter(engine.map(partial(write_manifest, settings=settings),
                                    [(settings.dest, run.files)])))
    if isinstance(manifest, str):
        report(manifest)
        run.unwritten += 1
    return run


def _merge(results: Iterator[PartResult], run: CorpusRun, totals: AnnotateTotals,
           report: Callable[[str], None]) -> None:
    """The parts' results, in order, added to *run* and *totals*; the
    messages of a part not written go to *report* as they come."""
    for r in results:
        if r.done:
            run.done += 1
            run.skipped += r.skipped
            run.games += r.games
            run.deals += r.deals
            if r.totals is not None:
                totals += r.totals
            continue
        for line in r.messages:
            report(line)
        if r.refused:
            run.refused += 1
        else:
            run.unwritten += 1


def _remove_orphans(dest: str, since: float) -> None:
    """Remove from a local *dest* the temporary files of parts, markers and
    the manifest (``.part-000001-000001.hrn.PID.XXXX.tmp``) written since
    *since* by processes now gone: the workers of this run, killed at once
    (SIGKILL) on Ctrl-C or SIGTERM, cannot remove their own, and every
    interrupted ``annotate --out-dir`` left one per worker, named with a
    warning by the next run (review19).  A temporary file of a process
    still alive, or older than the run (a write killed earlier, which
    :mod:`hearts_notation.output` names and keeps), is left.  A URL's
    folder is not listed (its workers' temporary objects are removed by
    fsspec's writer on their way out, or stay)."""
    if is_url(dest):
        return
    try:
        names = os.listdir(dest)
    except OSError:
        return
    for name in names:
        found = _ORPHAN.fullmatch(name)
        if found is None or int(found["pid"]) == os.getpid() or _alive(int(found["pid"])):
            continue
        path = os.path.join(dest, name)
        try:
            if os.lstat(path).st_mtime >= since - 1:
                os.unlink(path)
        except OSError:
            continue


#: A temporary file of the writes a corpus run makes in its destination
#: (:func:`hearts_notation.output.write_atomic_iter`: ``.NAME.PID.XXXX.tmp``).
_ORPHAN = re.compile(r"\.(?:part-\d+-\d+\.[A-Za-z]+(?:" + re.escape(DONE_SUFFIX)
                     + r")?|" + re.escape(MANIFEST) + r")\.(?P<pid>\d{1,10})\.[A-Za-z0-9_]+\.tmp")


def _alive(pid: int) -> bool:
    """Whether process *pid* still exists (as the system answers)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True
    return True


__all__ = [
    "CORPUS_SHARD_BYTES",
    "DONE_SUFFIX",
    "LAYOUT",
    "MANIFEST",
    "CorpusRun",
    "CorpusSettings",
    "PartJob",
    "PartResult",
    "annotate_part",
    "join",
    "make_folder",
    "part_key",
    "part_name",
    "run_corpus",
    "shard_digest",
    "totals_from_state",
    "totals_state",
    "write_manifest",
]
