"""``hearts select``: find, filter and de-duplicate games and deals in any corpus.

pgn-extract's job for Hearts: records of every input format stream through
a query (``--where``, :mod:`hearts_notation.query`), and those that match
are written, unchanged, in any output format (``docs/select.md``).  The
query runs in the worker processes (``--jobs``, ``--engine dask``) on
batches cut by :mod:`hearts_notation.runners`, exactly as ``stats`` and
``validate`` run; the results come back in input order, so the output is
the same whatever the number of jobs.  Only what must be remembered across
the corpus is kept here: the identities already seen for ``--unique`` and
``--duplicates`` and the counts of ``--by-deal``; everything else streams.

Exit status: 0 (whether or not anything matched); 1 when a record that
matched could not be written because it does not parse (its syntax error
would lose part of it) or gives a key twice with two values (writing one
would hide the other), or, with ``--count``, gives a key twice with two
values (counted as read here, and named); 2 for a bad query or command
line, an unusable input (the other inputs are still searched) or an output
that cannot be written; 130 when interrupted.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from functools import partial
from typing import TYPE_CHECKING

import click

from ..clickwords import HelpCommand
from ..i18n import Args, msg, translate
from ..io import (
    OUTPUT_FORMATS,
    InputError,
    RecordError,
    format_for,
    input_format,
    iter_dumps,
    write_atomic_iter,
)
from ..model import Finding, Game
from ..output import OutputError, escape_controls, message, resolve_target, write_stdout
from ..progress import CorpusProgress
from ..rules import RuleSet
from ..runners.local import EngineSpec, total_bytes
from ._common import expand_paths, fail, fail_output, open_engine
from ._status import EXIT_UNUSABLE
from .options import (
    engine_options,
    input_format_option,
    jobs_option,
    lang_option,
    output_option,
    rules_options,
)
from .report import CorpusReport

if TYPE_CHECKING:
    from ..query import QueryError


def default_output_format(paths: list[str], fmt_in: str | None, output: str | None) -> str:
    """The output format when ``--to`` is not given: from ``-o``'s
    extension; else the inputs' own format when they all share one that
    can be written (a JSONL corpus gives JSONL, for a pipe), else HRN."""
    if output is not None and output != "-":
        return format_for(output)
    found = {input_format(p, fmt_in) for p in paths}
    if len(found) == 1:
        only = found.pop()
        if only in OUTPUT_FORMATS:
            return only
    return "hrn"


def _explain_lines(picked: object, deals: bool, lang: str) -> list[str]:
    """``--explain``'s paragraph for one game (see docs/select.md)."""
    from ..select import Picked

    assert isinstance(picked, Picked)
    where = translate(lang, "select.explain.game", source=picked.source or "-",
                      index=picked.index or 1, line=picked.line or 1)
    if picked.matched and deals:
        numbers = [n for _, n, _ in picked.deals]
        verdict = msg("select.explain.deals.#n", n=len(numbers), deals=("and", *numbers)).text(lang)
    elif picked.matched:
        verdict = translate(lang, "select.explain.match")
    elif picked.unknown:
        verdict = translate(lang, "select.explain.unknown")
    else:
        verdict = translate(lang, "select.explain.no_match")
    lines = [translate(lang, "select.explain.line", where=where, verdict=verdict)]
    if picked.matched and not deals:
        return lines
    # What could not be decided, one line per predicate and reason, its deals together.
    grouped: dict[tuple[str, str, Args], list[int]] = {}
    for deal, pred, why in picked.why:
        rest = tuple((k, v) for k, v in why.args if k != "deal")
        nums = grouped.setdefault((pred, why.key, rest), [])
        if deal is not None and deal not in nums:
            nums.append(deal)
    for (pred, key, rest), nums in grouped.items():
        args = dict(rest)
        if nums:
            text = msg(key + ".#n", n=len(nums), deals=("and", *nums), **args).text(lang)
        else:
            text = msg(key, **args).text(lang)
        lines.append("  " + translate(lang, "select.explain.why", pred=pred, why=text))
    return lines


@click.command("select", cls=HelpCommand, help="help.select")
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@click.option("--where", "where", default=None, metavar="EXPR",
              help="help.select.where")
@click.option("--deals", "by_deals", is_flag=True,
              help="help.select.by_deals")
@click.option("--unique", is_flag=True,
              help="help.select.unique")
@click.option("--duplicates", is_flag=True,
              help="help.select.duplicates")
@click.option("--count", "count_only", is_flag=True, help="help.select.count_only")
@click.option("--by-deal", is_flag=True,
              help="help.select.by_deal")
@click.option("--explain", is_flag=True,
              help="help.select.explain")
@click.option("--to", "to_fmt", type=click.Choice(OUTPUT_FORMATS), default=None,
              help="help.select.to_fmt")
@output_option("help.select.output")
@click.option("--unicode", is_flag=True, help="help.select.unicode")
@click.option("--aliases", metavar="FILE", default=None,
              help="help.select.aliases")
@click.option("--ignore-case", is_flag=True, help="help.select.ignore_case")
@rules_options()
@input_format_option()
@jobs_option()
@engine_options()
@lang_option()
def command(files: tuple[str, ...], where: str | None, by_deals: bool, unique: bool,
            duplicates: bool, count_only: bool, by_deal: bool, explain: bool,
            to_fmt: str | None, output: str | None, unicode: bool, aliases: str | None,
            ignore_case: bool, rules: RuleSet | None, force_rules: bool, fmt_in: str | None,
            jobs: int, engine_spec: EngineSpec, lang: str) -> CorpusReport:
    """``hearts select``: its page (what it does, its options) is the
    catalogs' ``help.select`` and ``help.select.*``, in the run's language."""
    from ..query import QueryError, odd_seat_error, odd_seats, parse_query
    from ..select import Query, pick_batch

    if unique and duplicates:
        raise click.UsageError(translate(lang, "select.unique_and_duplicates"))
    if by_deal and not count_only:
        raise click.UsageError(translate(lang, "select.by_deal_needs_count"))
    tree = None
    if where is not None:
        try:
            tree = parse_query(where)
        except QueryError as exc:
            message("hearts: " + exc.text(lang))
            sys.exit(EXIT_UNUSABLE)
    alias_pairs: tuple[tuple[str, str], ...] = ()
    if aliases is not None:
        from ..players import AliasError, load_aliases

        try:
            alias_pairs = tuple(load_aliases(aliases, ignore_case).items())
        except AliasError as exc:
            fail(exc.text(lang))
    deals_mode = by_deals or by_deal
    writing = not count_only and (not explain or output is not None)
    query = Query(tree, deals_mode, rules, force_rules, alias_pairs, explain,
                  identities=unique or duplicates or by_deal, keep=writing,
                  ignore_case=ignore_case)
    paths: list[str] = []
    unreadable = 0
    try:
        paths.extend(expand_paths(files))
    except InputError as exc:
        unreadable += 1
        message(exc.text(lang))
    out_fmt = to_fmt or default_output_format(paths, fmt_in, output)
    target = output if output is not None else "-"
    state = _Run(unique, duplicates, deals_mode, by_deal)
    work = partial(pick_batch, query=query)

    flawed = 0
    left_out = 0        # games that do not parse, left out (written or not)
    odd = odd_seats(tree)       # the query's seats no default table has
    seats_seen: set[str] = set()
    names_seen: set[str] = set()

    def selected() -> Iterator[Game]:
        nonlocal unreadable, flawed, left_out
        from ..select import Picked, one_deal_game

        with open_engine(engine_spec, jobs) as engine, \
                CorpusProgress("select", total=total_bytes(paths), unit="bytes") as bar:
            for part in engine.map_batches(work, paths, fmt_in, rules, bar):
                if isinstance(part, InputError):
                    unreadable += 1
                    message(part.text(lang))
                    continue
                for picked in part:
                    assert isinstance(picked, Picked)
                    seats_seen.update(picked.seats)
                    names_seen.update(picked.names)
                    bar.advance(1, len(picked.deals))
                    if explain:
                        write_stdout(escape_controls(
                            "\n".join(_explain_lines(picked, deals_mode, lang)) + "\n",
                            keep_layout=True), flush=False)
                    if not picked.matched:
                        if picked.flaw is not None and picked.flaw.code == "syntax-error":
                            # judged on what it reads: say so, or the corpus
                            # seems to hold no such game (exit 1, as validate)
                            left_out += 1
                            message("hearts: " + _left_out_text(picked.source, picked.index, picked.line,
                                                                picked.flaw, lang))
                        continue
                    game = picked.game
                    said = None if picked.flaw is None else _flaw_text(
                        picked.source, picked.index, picked.line, picked.flaw, writing, lang)
                    if said is not None:
                        flawed += 1
                        message("hearts: " + said)
                        if writing:
                            left_out += picked.flaw is not None and picked.flaw.code == "syntax-error"
                            continue
                    if deals_mode:
                        for k, num, ident in picked.deals:
                            if state.keep(ident, picked, num) and game is not None:
                                yield one_deal_game(game, k)
                    elif state.keep(picked.identity, picked, None) and game is not None:
                        yield game
        missing = [seat for seat in odd if seat not in seats_seen]
        if missing and where is not None:
            # ``queen == Gwen``: a seat no game has, a player's name without
            # its quotes; its empty answer would look like an answer
            word = missing[0]
            raise _NoSeat(odd_seat_error(where, word, odd[word], _name_for(word, names_seen)))
        if unreadable and writing and _replaced(target):
            # An input that could not be read would be missing from the file:
            # the -o file is left as it was (exit 2), as convert and score leave it.
            raise _Unread

    try:
        if writing:
            write_atomic_iter(target, iter_dumps(selected(), out_fmt, unicode=unicode, lang=None))
        else:
            for _ in selected():
                pass
    except KeyboardInterrupt:
        message("hearts: " + translate(lang, "app.interrupted"))
        return CorpusReport(games=state.count, interrupted=True, unusable=unreadable)
    except _NoSeat as exc:
        message("hearts: " + exc.error.text(lang))
        sys.exit(EXIT_UNUSABLE)
    except _Unread:
        message("hearts: " + msg("select.output_kept.#n", n=unreadable, target=target).text(lang))
    except OSError as exc:
        fail_output(exc, target)
    except InputError as exc:     # the writer's (OpenSpiel cannot replay a deal): exit 2
        message(exc.text(lang))
        sys.exit(EXIT_UNUSABLE)
    except (RecordError, ValueError) as exc:
        # A record the output format cannot hold (an unfinished deal for OpenSpiel's
        # history): said as convert says it, and nothing is left half-written in -o.
        why = exc.located().text(lang) if isinstance(exc, RecordError) else str(exc)
        fail(translate(lang, "cli.cannot_write", target=out_fmt, why=why))
    if count_only:
        if by_deal:
            lines = [f"{ident.hex()}  {n}  {where_}" for ident, (n, where_) in state.by_deal.items()]
            write_stdout("".join(line + "\n" for line in lines))
        else:
            write_stdout(f"{state.count}\n")
    elif explain:
        key = "select.summary.deals" if deals_mode else "select.summary.games"
        write_stdout(msg(f"{key}.#n", n=state.count).text(lang) + "\n")
    sys.stdout.flush()
    if left_out:
        message("hearts: " + msg("select.left_out_count.#n", n=left_out).text(lang))
    return CorpusReport(games=state.count, unusable=unreadable, findings=flawed + left_out)


def _left_out_text(source: str | None, index: int | None, line: int | None, flaw: Finding,
                   lang: str) -> str:
    """What is said of a game that does not parse and does not match, game
    *index* of *source* at *line*: at its syntax error's place, with the
    reader's words (what ``validate`` says)."""
    return translate(lang, "select.left_out", source=source or "-", index=index or 1,
                     line=flaw.line or line or 1, column=flaw.column or 1, why=flaw.text(lang))


def _name_for(word: str, names: set[str]) -> str | None:
    """The player's name, among *names* (those of the games read that an
    odd seat of the query stands for), that the unquoted *word* means once
    folded (``Chloe``: ``Chloé``); ``None`` when none does or several do
    (the word is then quoted as typed)."""
    from ..players import loose_key

    found = sorted({n for n in names if loose_key(n) == loose_key(word)})
    return found[0] if len(found) == 1 else None


class _NoSeat(Exception):
    """Raised by the writer's source at the end when the query names a seat
    that no game read has (:func:`hearts_notation.query.odd_seats`): a bad
    query, exit 2, and the atomic write stops (``-o`` is left as it was)."""

    def __init__(self, error: QueryError) -> None:
        super().__init__(error.text())
        self.error = error


class _Unread(Exception):
    """Raised by the writer's source when an input could not be read: the
    atomic write stops and its temporary file goes, the target untouched."""


def _replaced(target: str) -> bool:
    """Whether *target* is a file the write replaces whole (a regular file or
    a new name), which can be left as it was; standard output, a FIFO, a
    device or a URL are written as the records come."""
    if target == "-" or "://" in target:
        return False
    try:
        return resolve_target(target)[1] == "replace"
    except OutputError:
        return False     # the writer says why it cannot write there


def _flaw_text(source: str | None, index: int | None, line: int | None, flaw: Finding,
               writing: bool, lang: str) -> str | None:
    """What is said (exit 1) of a matching record, game *index* of *source*
    at *line*, that does not read as one game (:func:`hearts_notation.select.flaw`),
    or ``None``.  Written, neither kind is: a record that does not parse
    would lose what could not be read (hearts validate says where), one
    that gives a key twice with two values would hide one of the two games
    it says.  When nothing is written (``--count``, ``--explain``), both
    are counted as read here, and the second is named: another reader would
    read the other game, and might count otherwise; what a syntax error
    leaves is what every reader reads (``finding(syntax-error)`` counts
    exactly those)."""
    where = {"source": source or "-", "index": index or 1}
    if flaw.code == "duplicate-key":
        return translate(lang, "select.not_written_twice" if writing else "select.counted_twice",
                         line=flaw.line or line or 1, column=flaw.column or 1,
                         why=flaw.text(lang), **where)
    if writing:
        return translate(lang, "select.not_written", line=line or 1, **where)
    return None


class _Run:
    """What the parent keeps across the corpus: the identities seen, the
    number of records kept, and ``--by-deal``'s counts (first place)."""

    def __init__(self, unique: bool, duplicates: bool, deals: bool, by_deal: bool) -> None:
        self.unique = unique
        self.duplicates = duplicates
        self.deals = deals
        self.by_deal_on = by_deal
        self.seen: set[bytes] = set()
        self.count = 0
        self.by_deal: dict[bytes, tuple[int, str]] = {}

    def keep(self, ident: bytes, picked: object, deal_number: int | None) -> bool:
        """Whether one record that matched is kept (and counted)."""
        from ..select import Picked

        assert isinstance(picked, Picked)
        if self.unique or self.duplicates:
            first = ident not in self.seen
            self.seen.add(ident)
            if first != self.unique:
                return False
        self.count += 1
        if self.by_deal_on:
            n, where = self.by_deal.get(ident, (0, ""))
            if not n:
                where = f"{picked.source or '-'}:{picked.index or 1}:{deal_number}"
            self.by_deal[ident] = (n + 1, where)
        return True


__all__ = ["command", "default_output_format"]
