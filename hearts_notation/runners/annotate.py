"""``annotate --engine dask``: the workers read the record; the client never holds it.

``annotate`` costs about a CPU-second per deal, so a league's million
deals is work for a cluster, and the record may be larger than the
client's memory or not even on the client's disk.  The work is therefore
cut so that every read of the record happens on a worker:

1. **plan** (one task): a worker cuts the file into shards of about
   :data:`ANNOTATE_SHARD_BYTES` at game starts
   (:func:`hearts_notation.runners.shards.plan_file`: byte ranges of a
   JSONL or HRN file; a JSON or YAML file is one shard);
2. **check** (a task per few shards): workers read their shards and send
   back, per game, only a reference (:class:`GameRef`: the shard, the
   game's place in it, its number of deals) and what would stop the
   command -- its syntax errors, or the first trick the analysis cannot
   replay, already rendered as ``file:line:col`` messages -- so that the
   command refuses the same records as locally, before any analysis; the
   client keeps only the counts and the messages;
3. **stream** (:class:`AnnotateStream`): the workers give the games'
   places again shard by shard (:func:`shard_refs`) as the deals are
   submitted; each deal is a task (so a single long game uses every
   worker; a game of more than :data:`DEAL_RUNS` deals goes in that many
   runs of deals, :func:`deal_runs`) on a worker that reads the game's
   shard again (cached: the same worker often gets the next deal of the
   same game); a game's
   analyses are merged on the client as soon as its last deal is back,
   and, when the record is written, the game is annotated on a worker
   (with priority over the deals waiting) and written by the client as it
   comes, in order.  The client holds a window of tasks, never the record.

Parsing a game is milliseconds against the seconds of its analysis, so
reading it several times costs nothing that shows (``docs/cluster.md``
has the figures).  The output is the one of ``--engine local``, byte for
byte (tested on a real scheduler).
"""

from __future__ import annotations

import functools
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from ..io.stream import InputError
from ..model import Game
from .shards import Shard, plan_file, shard_batches

if TYPE_CHECKING:
    from ..analysis.annotate import AnalysisOptions, GameAnalysis
    from ..rules import RuleSet
    from .seam import Engine


@dataclass(frozen=True, slots=True)
class GameRef:
    """Where a worker finds a game again: the *position*-th game of *shard*."""

    shard: Shard
    position: int
    deals: int


@dataclass(frozen=True, slots=True)
class GameCheck:
    """What the client learns of a game before analysing it: its place,
    and the rendered messages that would stop the command."""

    ref: GameRef
    errors: tuple[str, ...] = ()
    malformed: str | None = None


@dataclass(frozen=True, slots=True)
class DealTask:
    """One deal of one game to analyse (``deal`` ``None``: the whole game,
    for a game without deals)."""

    ref: GameRef
    options: AnalysisOptions
    rules: RuleSet | None
    force_rules: bool
    deal: int | None
    #: The last deal of the run this task analyses (``deal`` to ``through``);
    #: ``None``: ``deal`` alone (:func:`deal_runs`).
    through: int | None = None


#: A game of more deals than this is analysed in this many runs of
#: consecutive deals, a task each (:func:`deal_runs`).
DEAL_RUNS = 32


def deal_runs(deals: int, only_deal: int | None) -> list[tuple[int | None, int | None]]:
    """The tasks of one game's analysis, each a run of its deals (first,
    last; 1-based): a deal per task up to :data:`DEAL_RUNS` deals, so that
    a short game also uses every worker, and :data:`DEAL_RUNS` runs of
    consecutive deals past it.  Every task pays for its whole game (the
    game pickled to the worker, or read again there, and refereed whole
    before its deals are analysed): a task per deal made a game of 1,200
    deals 1,200 such payments of 1,200 deals, 122 s and 2.3 GB for deals
    without cards (hostile31); the runs make it linear.  ``(only_deal,
    only_deal)`` with ``--deal``; ``(None, None)`` for a game without deals
    (analysed whole).  The analysis is the same however a game is cut (each
    deal's sampling is seeded on its own)."""
    if only_deal is not None:
        return [(only_deal, only_deal)]
    if deals == 0:
        return [(None, None)]
    runs = min(deals, DEAL_RUNS)
    cuts = [deals * i // runs for i in range(runs + 1)]
    return [(cuts[i] + 1, cuts[i + 1]) for i in range(runs)]


def plan_games(path: str, fmt: str | None, location: str | None = None) -> list[Shard] | InputError:
    """Worker side: one shard per game (where the format allows cuts); the
    file is opened at *location* when given (:attr:`Shard.location`)."""
    return plan_file(path, fmt, target_bytes=ANNOTATE_SHARD_BYTES, per_batch=1,
                     location=location)


@functools.lru_cache(maxsize=8)
def shard_games(shard: Shard, default_rules: RuleSet | None) -> tuple[Game, ...]:
    """Worker side: the games of a shard (kept for the next tasks on the
    same shard; raises :class:`InputError` where the file is unreadable)."""
    from ..io.batches import batch_games

    games: list[Game] = []
    for batch in shard_batches(shard, default_rules):
        games.extend(batch_games(batch))
    return tuple(games)


def _game(ref: GameRef, rules: RuleSet | None) -> Game:
    return shard_games(ref.shard, rules)[ref.position]


def index_shard(shard: Shard, rules: RuleSet | None,
                force_rules: bool) -> list[GameCheck] | InputError:
    """Worker side: a :class:`GameCheck` per game of the shard, with the
    messages a local read would print (syntax errors with the source line
    and a caret; the first trick the analysis cannot replay)."""
    from ..analysis.context import malformed_game
    from ..diagnostics import NamedError, named_errors, render_errors
    from ..io.stream import source_lines_at
    from ..referee import game_seats, resolve_rules

    try:
        games = shard_games(shard, rules)
    except InputError as exc:
        return exc

    def told(errors: list[NamedError]) -> list[str]:
        # each seat shown as the game shows it, as a local read says it;
        # the lines are read from the part the worker opened
        wanted = [e.finding.line for e in errors if e.finding.line is not None]
        try:
            found = source_lines_at(shard.opened, wanted) if wanted else {}
        except (InputError, OSError):
            found = {}
        return render_errors(errors, shard.path, found)

    out: list[GameCheck] = []
    for position, g in enumerate(games):
        ref = GameRef(shard, position, len(g.deals))
        if g.errors:
            out.append(GameCheck(ref, tuple(told(named_errors(g)))))
            continue
        ruleset = resolve_rules(g, rules, force_rules)
        seats, ruleset, _ = game_seats(g, ruleset)
        bad = malformed_game(g, ruleset, seats)
        malformed = None if bad is None else told([NamedError(bad, g.players, seats)])[0]
        out.append(GameCheck(ref, (), malformed))
    return out


def analyse_deal(task: DealTask) -> GameAnalysis:
    """Worker side: the analysis of one deal (or of a game without deals)."""
    from ..analysis.annotate import GameTask, analyse_game

    game = _game(task.ref, task.rules)
    return analyse_game(GameTask(game, task.options, task.rules, task.force_rules, task.deal,
                                 task.through))


def annotate_ref(item: tuple[GameRef, GameAnalysis], rules: RuleSet | None, lang: str) -> Game:
    """Worker side: the game with its marks and comments."""
    from ..analysis.annotate import annotate_game

    ref, analysis = item
    return annotate_game(_game(ref, rules), analysis, lang=lang)


#: Bytes of a record per shard for ``annotate`` (cut at game starts): the
#: client keeps only the list of shards (a few per MiB of record, never a
#: thing per game or per deal), and a worker parses a shard in well under
#: the time of one deal's analysis.
ANNOTATE_SHARD_BYTES = 256 << 10


@dataclass
class RemoteRecord:
    """The record as the client knows it once checked: its shards and
    counts, not its games (the games are found again by the workers, shard
    by shard, as the analysis streams: :class:`AnnotateStream`)."""

    shards: list[Shard]
    games: int
    deals: int
    #: Games without a deal (analysed whole, one task each).
    dealless: int = 0

    def tasks(self, only_deal: int | None) -> int:
        """The deals the progress counts: a deal per deal analysed (a game
        with ``--deal`` counts one; a game without deals is one)."""
        return self.games if only_deal is not None else self.deals + self.dealless


def shard_refs(shard: Shard, rules: RuleSet | None) -> list[GameRef] | InputError:
    """Worker side: where each game of the shard is, and its deals (the
    second pass over a checked record, which the client does not keep)."""
    try:
        games = shard_games(shard, rules)
    except InputError as exc:
        return exc
    return [GameRef(shard, position, len(g.deals)) for position, g in enumerate(games)]


class AnnotateStream:
    """The analysed (and, with *annotate*, annotated) games of a checked
    record, in order, as they come back from the workers.

    Nothing on the client grows with the record: the games' places are
    asked of the workers shard by shard as the deals are submitted (a
    bounded window of tasks in flight, :meth:`Engine.map`), a game's deal
    analyses are held only until its last deal is back, then merged and
    handed on (to a worker that annotates the game, with priority over the
    deals waiting, so the annotated games come out while the analysis
    goes on).  :attr:`totals` is complete once the stream is exhausted.
    """

    def __init__(self, record: RemoteRecord, options: AnalysisOptions, rules: RuleSet | None,
                 force_rules: bool, only_deal: int | None, engine: Engine, *,
                 annotate: bool, lang: str) -> None:
        from ..summaries import AnnotateTotals

        self.record = record
        self.options = options
        self.rules = rules
        self.force_rules = force_rules
        self.only_deal = only_deal
        self.engine = engine
        self.annotate = annotate
        self.lang = lang
        self.totals = AnnotateTotals()
        #: Most game analyses held at once by the client (for the tests and
        #: the benchmark: bounded by the tasks in flight, not the record).
        self.most_held = 0
        self._held = 0

    def _deal_tasks(self, meta: deque[tuple[GameRef, bool, DealTask]]) -> Iterator[DealTask]:
        parts = self.engine.map(partial(shard_refs, rules=self.rules), self.record.shards,
                                chunk_size=16)
        for part in parts:
            if isinstance(part, InputError):
                raise part      # the record changed between the check and the analysis
            for ref in part:
                runs = deal_runs(ref.deals, self.only_deal)
                for i, (first, last) in enumerate(runs):
                    task = DealTask(ref, self.options, self.rules, self.force_rules, first, last)
                    meta.append((ref, i == len(runs) - 1, task))
                    yield task

    def _analysed(self) -> Iterator[tuple[GameRef, GameAnalysis]]:
        from ..analysis.annotate import merge_analyses
        from ..progress import CorpusProgress
        from ..summaries import AnnotateTotals

        meta: deque[tuple[GameRef, bool, DealTask]] = deque()
        parts: list[GameAnalysis] = []
        with CorpusProgress("annotate", total=self.record.tasks(self.only_deal),
                            unit="deals") as bar:
            for a in self.engine.map(analyse_deal, self._deal_tasks(meta), chunk_size=1):
                ref, last, task = meta.popleft()
                parts.append(a)
                self.totals += AnnotateTotals.of_analysis(a, ref_deals(task))
                bar.advance(0, max(1, ref_deals(task)))   # a task per deal counted
                if last:
                    merged = merge_analyses(parts)
                    parts = []
                    yield ref, merged

    def __iter__(self) -> Iterator[tuple[GameAnalysis, Game | None]]:
        if not self.annotate:
            for _, a in self._analysed():
                yield a, None
            return
        held: deque[GameAnalysis] = deque()

        def handed() -> Iterator[tuple[GameRef, GameAnalysis]]:
            for ref, a in self._analysed():
                held.append(a)
                self.most_held = max(self.most_held, len(held))
                yield ref, a

        games = self.engine.map(partial(annotate_ref, rules=self.rules, lang=self.lang),
                                handed(), chunk_size=1, priority=1)
        for game in games:
            yield held.popleft(), game


def deals_analysed(deals: int, only_deal: int | None, through: int | None = None) -> int:
    """How many of a game's *deals* ``--deal`` (or its absence) asks to
    analyse, or a task's run of them (*only_deal* to *through*,
    :func:`deal_runs`): the count of ``annotate``'s summary, on every path."""
    if only_deal is None:
        return deals
    last = min(deals, only_deal if through is None else through)
    return max(0, last - max(1, only_deal) + 1)


def ref_deals(task: DealTask) -> int:
    """The deals this task analyses."""
    return deals_analysed(task.ref.deals, task.deal, task.through)


__all__ = [
    "ANNOTATE_SHARD_BYTES",
    "DEAL_RUNS",
    "AnnotateStream",
    "DealTask",
    "GameCheck",
    "GameRef",
    "RemoteRecord",
    "analyse_deal",
    "deal_runs",
    "deals_analysed",
    "index_shard",
    "plan_games",
    "shard_games",
    "shard_refs",
]
