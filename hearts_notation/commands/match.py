"""``hearts match``: bots play seeded (duplicate) deals; every deal becomes a record.

The match itself is :mod:`hearts_notation.match`; this command parses the
players, opens the output, continues it with ``--resume``, plays the
missing deals in order (``--jobs`` worker processes, through
:func:`hearts_notation.runners.pool.map_ordered`, so the records are the same
whatever the number), appends each record as soon as it is played (one
write and an ``fsync`` per record: an interruption loses at most the deal
being played, and ``--resume`` cuts a torn last record), reports every
fault of a bot on standard error, and prints the results.

Exit status: 0 fine, 1 some bot made a fault, 2 unusable command line or
output file, 130 interrupted (the records written so far are kept).
"""

from __future__ import annotations

import contextlib
import math
import os
import random
from collections.abc import Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import click

from ..clickwords import HelpCommand
from ..i18n import current_language, msg, os_reason, translate
from ..match import (
    FAULT_KINDS,
    DealOutcome,
    Fault,
    MatchSpec,
    MatchTally,
    PlayerSpec,
    ResumeError,
    SpecError,
    close_external_bots,
    frame,
    load_records,
    parse_player,
    parse_round,
    play_record,
    seed_of,
    split_records,
    unique_names,
)
from ..output import json_text, message, safe, write_stdout
from ..progress import CorpusProgress
from ..rules import RuleSet
from ._common import fail, stdout_console
from ._status import EXIT_FINDINGS, EXIT_OK, Report
from .options import format_option, jobs_option, lang_option, refuse_empty_outputs, rules_options

#: Output suffixes a match appends to, and their formats.
MATCH_FORMATS: dict[str, str] = {".jsonl": "jsonl", ".hrn": "hrn"}


@dataclass
class MatchReport(Report):
    """Exit status 1 when some bot made a fault."""

    faults: int = 0

    @property
    def exit_code(self) -> int:
        base = super().exit_code
        if base != EXIT_OK:
            return base
        return EXIT_FINDINGS if self.faults else EXIT_OK


def _players(values: tuple[str, ...], rules: RuleSet, lang: str) -> tuple[PlayerSpec, ...]:
    out = []
    for v in values:
        try:
            out.append(parse_player(v))
        except SpecError as exc:
            fail(exc.text(lang))
    if not 2 <= len(out) <= rules.players:
        fail(msg("match.player_count", n=len(out), seats=rules.players).text(lang))
    return unique_names(out)


def _report_fault(f: Fault, spec: MatchSpec, lang: str) -> None:
    where = (translate(lang, "match.where.pass") if f.where == "pass"
             else translate(lang, "match.where.deal") if f.where == "deal"
             else translate(lang, "match.where.trick", n=f.where))
    text = msg("match.fault", player=spec.players[f.player].name, seat=("seat", f.seat),
               round=f"{f.deal}.{f.rotation + 1}", where=where,
               kind=translate(lang, f"match.kind.{f.kind}"),
               detail=f.detail.arg() if f.detail is not None else "").text(lang)
    if f.replacement:
        text += " " + translate(lang, "match.replaced", cards=f.replacement)
    message(f"hearts: {text}")


def _print_text(data: dict[str, Any], lang: str) -> None:
    """The results for people: the title and the notes as paragraphs
    wrapped at words, the players as a word table
    (:class:`~hearts_notation.render.fit.WordTable`, no rules, two spaces
    between columns).  It was text laid out by hand, 93 columns in French
    for four short names: past an 80-column terminal, and 40 columns cut
    every row in two (round 31, lang31); now narrowed between words, folded
    into groups of columns when even that does not fit."""
    from rich.text import Text

    from ..render.breaks import print_paragraph
    from ..render.fit import WordTable

    dec = translate(lang, "number.decimal")

    def num(x: float, digits: int = 2) -> str:
        return f"{x:.{digits}f}".replace(".", dec)

    console = stdout_console()
    mode = translate(lang, "match.duplicate" if data["duplicate"] else "match.plain")
    print_paragraph(console, translate(lang, "match.title", match=data["match"], deals=data["deals"],
                                       records=data["records"], mode=mode, seed=data["seed"],
                                       rules=data["rules"]))
    table = WordTable(box=None, show_header=True, pad_edge=False, padding=(0, 1))
    for k in ("rank", "player", "points", "interval", "moons", "queens", "wins", "faults", "rating"):
        table.add_column(translate(lang, f"match.col.{k}"), justify="left" if k == "player" else "right")
    for p in data["players"]:
        ci = p["ci95"]
        r = p["rating"]
        table.add_row(str(p["rank"]), Text(safe(p["player"])), num(p["points_per_deal"]),
                      # (a range and a rating ± its σ kept whole: no-break spaces)
                      "-" if ci is None else f"{num(ci[0])}\u00a0…\u00a0{num(ci[1])}", str(p["moons"]),
                      str(p["queen_of_spades"]), str(p["wins"]), str(sum(p["faults"].values())),
                      "-" if r is None else f"{num(r['mu'])}\u00a0±\u00a0{num(r['sigma'])}")
    console.print(table)
    notes = []
    for p in data["players"]:
        if p["faults"]:
            kinds = ", ".join(f"{translate(lang, 'match.kind.' + k)} {v}"
                              for k, v in p["faults"].items())
            notes.append(translate(lang, "match.faults_line", player=p["player"], kinds=kinds))
    notes.append(translate(lang, "match.note_paired" if data["paired"] else "match.note_plain"))
    if data["stopped_early"]:
        notes.append(translate(lang, "match.stopped"))
    if data["ratings_unavailable"]:
        notes.append(translate(lang, "match.no_ratings"))
    for note in notes:
        print_paragraph(console, note)


#: The longest ``--move-time``, a day: past it a deadline overflowed the
#: clock (``1e20``: "timestamp out of range", ``inf``: exit 3).
MAX_MOVE_TIME = 86400.0


def _a_number(ctx: click.Context, param: click.Parameter, value: float) -> float:
    """``--move-time nan`` passed the range (every comparison with NaN is
    false) and made every deadline unreachable: refused as a value."""
    if math.isnan(value):
        raise click.BadParameter(translate(current_language(), "match.move_time_nan"))
    return value


@click.command("match", cls=HelpCommand, help="help.match")
@refuse_empty_outputs("output", writable=False)    # (match.not_a_file says more)
@click.option("--player", "-p", "player_values", multiple=True, required=True, metavar="SPEC",
              help="help.match.player_values")
@click.option("--deals", "-n", type=click.IntRange(min=1), required=True,
              help="help.match.deals")
@click.option("--duplicate", is_flag=True,
              help="help.match.duplicate")
@click.option("--seed", type=click.IntRange(min=0), default=None,
              help="help.match.seed")
@rules_options(force=False, default="standard", help="help.match.rules")
@click.option("-o", "--output", "output", required=True, metavar="OUT",
              help="help.match.output")
@click.option("--resume", is_flag=True,
              help="help.match.resume")
@jobs_option("help.match.jobs")
@format_option(["text", "json"], "text", "help.match.fmt_out")
@click.option("--move-time", type=click.FloatRange(min=0.01, max=MAX_MOVE_TIME), default=10.0,
              show_default=True, metavar="SECONDS", callback=_a_number,
              help="help.match.move_time")
@click.option("--stop-when-settled", is_flag=True,
              help="help.match.stop_when_settled")
@lang_option()
def command(player_values: tuple[str, ...], deals: int, duplicate: bool, seed: int | None,
            rules: RuleSet, output: str, resume: bool, jobs: int, fmt_out: str, move_time: float,
            stop_when_settled: bool, lang: str) -> MatchReport:
    """``hearts match``: its page (what it does, its options) is the
    catalogs' ``help.match`` and ``help.match.*``, in the run's language."""
    players = _players(player_values, rules, lang)
    fmt = MATCH_FORMATS.get(Path(output).suffix.lower())
    if fmt is None:
        fail(msg("match.bad_output", path=output).text(lang))
    path = Path(output)
    if path.exists() and not path.is_file():
        # A FIFO would block the open until a reader comes, and a folder or
        # a device cannot be appended to, synced and read back by --resume.
        fail(msg("match.not_a_file", path=output).text(lang))
    records: list[tuple[str, int]] = []
    exists = path.exists() and path.stat().st_size > 0
    if exists and not resume:
        fail(msg("match.exists", path=output).text(lang))
    if resume and exists:
        from ..io.limits import current as current_limits
        from ..io.limits import limit_message

        most = current_limits().document
        if path.stat().st_size > most:
            # (read whole to find its records: a sparse file of a gigabyte of
            # zeros held it, then decoded it, several times over)
            fail(msg("match.resume_too_big", path=output, limit=limit_message(
                "limit.what.size", "document", most).arg()).text(lang))
        try:
            records = split_records(path.read_bytes(), fmt)
        except OSError as exc:
            fail(msg("match.cannot_read", path=output, why=os_reason(exc)).text(lang))
        if seed is None:
            seed = seed_of(records, fmt)
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 32)
    spec = MatchSpec(seed, rules, players, duplicate, move_time)
    tally = MatchTally(spec)
    done: set[tuple[int, int]] = set()
    try:
        games, end = load_records(records, fmt, spec)
    except ResumeError as exc:
        fail(f"{output}:{exc.line}:1: {exc.text(lang)}")
    for game in games:
        tally.add(game)
        r = parse_round(game.tags.get("Round", ""))
        if r is not None:
            done.add(r)
    # The records to play, as a stream: a list of them held every (deal,
    # rotation) at once (``--deals 10**12``: 1.5 GB in 6 s before the first
    # deal); how many is counted from the schedule's size.
    items = (it for it in spec.schedule(deals) if it not in done)
    count = deals * spec.rotations - sum(1 for d, _ in done if d <= deals)
    faults = 0
    stopped = False
    interrupted = False
    fd = -1
    if count or (exists and end != path.stat().st_size):
        # (a finished match is not opened for writing: its results can be
        # read again from a read-only file)
        try:
            fd = os.open(output, os.O_WRONLY | os.O_CREAT, 0o644)
            os.ftruncate(fd, end)     # a torn last record is cut off
            os.lseek(fd, end, os.SEEK_SET)
        except OSError as exc:
            fail(msg("match.cannot_write", path=output, why=os_reason(exc)).text(lang))
    from ..runners.errors import WorkerLost

    # Where the record being appended starts, and the count before it: a
    # Ctrl-C after its bytes went out but before it was counted (during the
    # fsync, mostly) left a record in the file the message did not count
    # ("103 records" over a file of 104, review21); it is cut off, as a torn
    # one is, and --resume plays it again (the same deal, from the seed).
    counted, start = tally.records, end
    try:
        with CorpusProgress("match", total=count, unit="games") as bar:
            results = _played(spec, items, min(jobs, max(1, count)))
            for outcome in results:
                counted, start = tally.records, os.lseek(fd, 0, os.SEEK_CUR)
                try:
                    _append(fd, outcome, fmt)
                except OSError as exc:
                    # (a full disk mid-match: the torn record is cut off, the
                    # records before it stay whole, and --resume goes on)
                    fail(msg("match.write_failed", path=output, why=os_reason(exc),
                             n=("num", tally.records)).text(current_language()))
                if not _still_named(fd, output):
                    # (its folder removed, the file deleted, moved or
                    # replaced: the appends went to a file nobody can read,
                    # and the match played on into nothing with status 0)
                    fail(msg("match.output_gone", path=output).text(current_language()))
                tally.add(outcome.game)
                bar.advance(1, 1)
                for f in outcome.faults:
                    faults += 1
                    _report_fault(f, spec, current_language())
                if stop_when_settled and _unit_done(spec, outcome) and tally.settled():
                    stopped = True
                    break
            if hasattr(results, "close"):
                results.close()
    except WorkerLost as exc:
        # (the records written so far are whole and synced: --resume goes on)
        fail(exc.text(current_language()))
    except KeyboardInterrupt:
        interrupted = True
        if fd >= 0 and tally.records == counted:
            with contextlib.suppress(OSError):
                os.ftruncate(fd, start)
        message(msg("match.interrupted", n=("num", tally.records), path=output).text(
            current_language()))
    finally:
        if fd >= 0:
            os.close(fd)
        close_external_bots()
    faults = sum(sum(line.faults.values()) for line in tally.lines)
    data = tally.to_dict(stopped)
    if fmt_out == "json":
        write_stdout(json_text(data, indent=2) + "\n")
    else:
        _print_text(data, lang)
    return MatchReport(faults=faults, interrupted=interrupted)


def _played(spec: MatchSpec, items: Iterator[tuple[int, int]], jobs: int) -> Any:
    from ..runners.pool import map_ordered

    return map_ordered(partial(play_record, spec), items, jobs,
                       chunk_size=1)


def _append(fd: int, outcome: DealOutcome, fmt: str) -> None:
    """Write one record and make it durable before the next deal counts."""
    from ..io import iter_dumps

    data = frame("".join(iter_dumps([outcome.game], fmt)), fmt).encode("utf-8")
    start = os.lseek(fd, 0, os.SEEK_CUR)
    try:
        while data:
            k = os.write(fd, data)
            data = data[k:]
        os.fsync(fd)
    except OSError:
        # Cut the part written off, so that the file keeps whole records only
        # (on a full disk, shrinking a file still works).
        os.ftruncate(fd, start)
        os.lseek(fd, start, os.SEEK_SET)
        raise


def _still_named(fd: int, output: str) -> bool:
    """Whether *output* still names the file open on *fd*: the records
    appended are in the file --resume and the user will read, not in one
    unlinked or moved away while the match ran (its folder removed)."""
    try:
        named = os.stat(output)
    except OSError:
        return False
    held = os.fstat(fd)
    return (named.st_dev, named.st_ino) == (held.st_dev, held.st_ino)


def _unit_done(spec: MatchSpec, outcome: DealOutcome) -> bool:
    """Whether this record completes a deal (its last rotation)."""
    if not spec.duplicate:
        return True
    r = parse_round(outcome.game.tags.get("Round", ""))
    return r is not None and r[1] == spec.rotations - 1


__all__ = ["FAULT_KINDS", "MATCH_FORMATS", "MatchReport", "command"]
