"""``annotate --engine dask``: the workers read the record; the client never holds it.

``annotate`` costs about a CPU-second per deal, so a league's million
deals is work for a cluster, and the record may be larger than the
client's memory or not even on the client's disk.  The work is therefore
cut so that every read of the record happens on a worker:

1. **plan** (one task): a worker cuts the file into one shard per game
   (:func:`hearts_notation.runners.shards.plan_file` with one game per cut: a byte
   range of a JSONL or HRN file; a JSON or YAML file is one shard);
2. **index** (a task per few shards): workers read their shards and send
   back, per game, only a reference (:class:`GameRef`: the shard, the
   game's place in it, its number of deals) and what would stop the
   command -- its syntax errors, or the first trick the analysis cannot
   replay, already rendered as ``file:line:col`` messages -- so that the
   command refuses the same records as locally, before any analysis;
3. **analyse** (a task per deal, as locally, so a single long game uses
   every worker): a worker reads the game's shard again (cached: the same
   worker often gets the next deal of the same game) and analyses the
   deal;
4. **annotate** (a task per game, only when the record is written): a
   worker reads the game once more and returns it with its marks and
   comments; the client writes the games as they come, in order.

Parsing a game is milliseconds against the seconds of its analysis, so
reading it several times costs nothing that shows (``docs/cluster.md``
has the figures).  The output is the one of ``--engine local``, byte for
byte (tested on a real scheduler).
"""

from __future__ import annotations

import functools
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
    from ..summaries import AnnotateTotals
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


def plan_games(path: str, fmt: str | None, location: str | None = None) -> list[Shard] | InputError:
    """Worker side: one shard per game (where the format allows cuts); the
    file is opened at *location* when given (:attr:`Shard.location`)."""
    return plan_file(path, fmt, target_bytes=1, per_batch=1, location=location)


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
    from ..diagnostics import LineView, render
    from ..io.stream import source_lines_at
    from ..referee import game_seats, resolve_rules

    try:
        games = shard_games(shard, rules)
    except InputError as exc:
        return exc

    def view(lines: list[int | None]) -> LineView | None:
        wanted = [n for n in lines if n is not None]
        try:
            found = source_lines_at(shard.opened, wanted) if wanted else {}
        except (InputError, OSError):
            return None
        return LineView(found) if found else None

    out: list[GameCheck] = []
    for position, g in enumerate(games):
        ref = GameRef(shard, position, len(g.deals))
        if g.errors:
            v = view([f.line for f in g.errors])
            out.append(GameCheck(ref, tuple(render(f, shard.path, v) for f in g.errors)))
            continue
        ruleset = resolve_rules(g, rules, force_rules)
        seats, ruleset, _ = game_seats(g, ruleset)
        bad = malformed_game(g, ruleset, seats)
        malformed = None
        if bad is not None:
            malformed = render(bad, shard.path, view([bad.line]) if bad.line is not None else None)
        out.append(GameCheck(ref, (), malformed))
    return out


def analyse_deal(task: DealTask) -> GameAnalysis:
    """Worker side: the analysis of one deal (or of a game without deals)."""
    from ..analysis.annotate import GameTask, analyse_game

    game = _game(task.ref, task.rules)
    return analyse_game(GameTask(game, task.options, task.rules, task.force_rules, task.deal))


def annotate_ref(item: tuple[GameRef, GameAnalysis], rules: RuleSet | None, lang: str) -> Game:
    """Worker side: the game with its marks and comments."""
    from ..analysis.annotate import annotate_game

    ref, analysis = item
    return annotate_game(_game(ref, rules), analysis, lang=lang)


@dataclass
class RemoteRecord:
    """The record as the client knows it: references, not games."""

    refs: list[GameRef]

    @property
    def games(self) -> int:
        return len(self.refs)

    @property
    def deals(self) -> int:
        return sum(r.deals for r in self.refs)


def plan_item(path: str, fmt: str | None, location: str | None = None) -> list[Shard] | InputError:
    """Worker side: :func:`plan_games` as a task of :meth:`Engine.map`."""
    return plan_games(path, fmt, location)


def analyse_record(record: RemoteRecord, options: AnalysisOptions, rules: RuleSet | None,
                   force_rules: bool, only_deal: int | None,
                   engine: Engine) -> tuple[list[GameAnalysis], AnnotateTotals]:
    """Every deal analysed on the workers, one task per deal; the analyses
    merged per game in order, and their totals (as ``analyse_parallel``)."""
    from ..analysis.annotate import merge_analyses
    from ..progress import CorpusProgress
    from ..summaries import AnnotateTotals

    tasks: list[DealTask] = []
    owners: list[int] = []
    for gi, ref in enumerate(record.refs):
        numbers: list[int | None] = ([only_deal] if only_deal is not None
                                     else list(range(1, ref.deals + 1)))
        for k in numbers or [None]:
            tasks.append(DealTask(ref, options, rules, force_rules, k))
            owners.append(gi)
    parts: list[list[GameAnalysis]] = [[] for _ in record.refs]
    totals = AnnotateTotals()
    with CorpusProgress("annotate", total=len(tasks), unit="deals") as bar:
        for gi, task, a in zip(owners, tasks, engine.map(analyse_deal, tasks, chunk_size=1),
                               strict=True):
            parts[gi].append(a)
            deals = ref_deals(task)
            totals += AnnotateTotals.of_analysis(a, deals)
            bar.advance(0, 1)
    return [merge_analyses(p) for p in parts], totals


def ref_deals(task: DealTask) -> int:
    """The deals this task analyses (as ``deals_analysed`` counts them)."""
    if task.deal is None:
        return task.ref.deals
    return int(1 <= task.deal <= task.ref.deals)


def annotated_games(record: RemoteRecord, analyses: list[GameAnalysis], rules: RuleSet | None,
                    lang: str, engine: Engine) -> Iterator[Game]:
    """The annotated games, in order, made where the record is read."""
    return engine.map(partial(annotate_ref, rules=rules, lang=lang),
                      zip(record.refs, analyses, strict=True), chunk_size=1)


__all__ = [
    "DealTask",
    "GameCheck",
    "GameRef",
    "RemoteRecord",
    "analyse_deal",
    "analyse_record",
    "annotated_games",
    "index_shard",
    "plan_games",
    "plan_item",
    "shard_games",
]
