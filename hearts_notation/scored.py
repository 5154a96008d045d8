"""The records of a batch as ``score`` and ``stats`` need them, on the one path
``validate`` takes.

``validate`` reads each record's text with the referee's compact check
(:func:`hearts_notation.referee.compact_report`): the record is decoded to card
bitmasks and replayed once on the game state, and only a record it does not
accept (a finding, a comment, an unknown hand, a score sheet) is read into the
model.  ``score`` and ``stats`` used to read every record into the model and
walk its deals again (two to three times validate's CPU, issue 29); now they
take the same check, and its replay gives them what they count: the points,
the moons, the running totals, the winners and the cards each seat took.

A record the check accepts has no finding at all (the check gives exactly
``check_game(game).to_dict()`` when it gives anything), so what :func:`records_of`
yields for it is a :class:`CleanGame`: the game without its deals (its tags,
players and seats, what the reports name it by), its rules, its
:class:`~hearts_notation.scoring.GameScore` as :func:`~hearts_notation.scoring.score_game`
computes it, and the compact form (the passes and plays ``stats`` reads).  Any
other record comes back as the model :class:`~hearts_notation.model.Game` of a
whole-file read, for the full referee and scorer.  Tests
(``tests/test_scored_records.py``) hold the two paths to the same reports.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Final

from .io.batches import HRN_GAME, Batch, RawRecord, batch_games, raw_records
from .io.compact import CompactGame
from .model import Game
from .rules import RuleSet
from .scoring import DealScore, GameScore, MoonOutcome

#: Why a deal whose tricks are all written has no points (``unscored`` in
#: ``score --format json``, docs/spec.md): its play has errors that
#: ``hearts validate`` names.  A deal stopped with ``*`` or cut short has
#: none: it is unfinished, as it always was.
PLAY_ERRORS = "play-errors"


@dataclass(frozen=True, slots=True)
class CleanGame:
    """A record the referee's compact check accepted: no finding at all.

    ``game`` has no deals (``deals_count`` says how many it has); ``score``
    is the game's scores, each deal with the cards each seat took."""

    game: Game
    rules: RuleSet
    score: GameScore
    compact: CompactGame
    deals_count: int


def clean_game(compact: CompactGame, source: str | None, index: int | None,
               default_rules: RuleSet | None, force: bool) -> CleanGame | None:
    """The :class:`CleanGame` of a compact record, or ``None`` when the
    referee's compact check does not accept it (the model must read it)."""
    from .referee import compact_check

    taken: list[list[int]] = []
    check = compact_check(compact, default_rules, force, taken)
    entry = None if check is None else check.report(source, index)
    if check is None or entry is None:
        return None
    rules, seats = check.rules, check.seats
    deals: list[DealScore] = []
    for d, took in zip(entry["deals"], taken, strict=True):
        moon = d["moon"]
        deals.append(DealScore(d["number"], d["points"],
                               None if moon is None else MoonOutcome(moon["seat"], moon["choice"],
                                                                     moon["assumed"]),
                               d["totals"], True, tuple(took), False))
    finished = bool(entry["finished"])
    # The check refuses a deal recorded after the end: the game ends at its last deal.
    score = GameScore(deals, finished, tuple(entry["winners"]), seats,
                      len(deals) - 1 if finished else None)
    game = Game(tags=dict(compact.tags), rules=compact.rules,
                seats=tuple(compact.seats) if compact.seats else None,
                players=dict(compact.players), result=_result(compact.result),
                source=source, index=index, language=compact.language)
    return CleanGame(game, rules, score, compact, len(deals))


def unscored_reasons(game: Game, rules: RuleSet, deals: Sequence[DealScore]
                     ) -> tuple[str | None, ...]:
    """For each deal of *game* (as its scores, *deals*, list them:
    :attr:`~hearts_notation.scoring.GameScore.deals`, the referee's
    :attr:`~hearts_notation.referee.GameReport.deals`): :data:`PLAY_ERRORS`
    where the deal has no points although its play is written to the end,
    else ``None``.  ``score`` marks such a deal, ``standings`` and ``stats``
    count it (:func:`unscored_count`).

    A deal has no points when its tricks are not one card from each seat
    (:func:`hearts_notation.scoring.deal_is_complete`).  That is the truth
    of a deal stopped with ``*`` or cut short (fewer tricks than a full
    deal, or its last trick broken off with every trick before it whole):
    it is unfinished.  Any other deal without points has every trick
    written but one of them of the wrong size (a card missing, a card too
    many, a seat twice): it was played out and its record has a slip, which
    ``score`` must not call unfinished (a club secretary would believe the
    deal was never played)."""
    nt = rules.tricks_per_deal
    out: list[str | None] = []
    for deal, ds in zip(game.deals, deals, strict=True):
        n = len(ds.totals)      # (every seat of the table has a running total)
        tricks = deal.tricks
        if ds.scored or deal.unfinished or len(tricks) < nt:
            out.append(None)
        elif (len(tricks) == nt and len(tricks[-1].plays) < n
              and all(len(t.plays) == n for t in tricks[:-1])):
            out.append(None)        # cut short inside its last trick
        else:
            out.append(PLAY_ERRORS)
    return tuple(out)


def unscored_count(game: Game, rules: RuleSet | None, deals: Sequence[DealScore]) -> int:
    """How many deals of *game* have :data:`PLAY_ERRORS` (none without
    rules: the referee could not score the game at all)."""
    if rules is None or not deals:
        return 0
    return sum(why is not None for why in unscored_reasons(game, rules, deals))


def notice_lines(game: Game, lang: str) -> list[str]:
    """What the reader of *game* found suspect in its text
    (:attr:`hearts_notation.model.Game.notices`: a JSON or YAML key given
    twice, ``duplicate-key``; a brace comment holding lines of the record;
    an OpenSpiel history cut inside a number...), each as ``validate``
    prints it (file, line and column, severity, the catalog's message, its
    code; no quoted line), the seats as the game names them.  ``score``
    tells them, under its table and on its HTML sheet, because the scores
    it shows are those of the value the reader kept, and a reader that
    keeps the other would show others.  They are the reader's own
    findings, the very ones validate prints (one check), not the scores'
    disagreements: they do not change the exit status, which speaks of the
    scores."""
    from .diagnostics import render
    from .i18n import players_in_view

    with players_in_view(game.players):
        return [render(f, game.source, None, lang=lang) for f in game.notices]


def _result(result: Any) -> Any:
    """The declared result as the model holds it (a tuple of seats, ``*`` or ``None``)."""
    if isinstance(result, list):
        return tuple(result)
    return result


class ReadGame:
    """A record the referee's compact check did not accept, read into the
    model: its game, and for a JSON record how to read it again with the
    places of its values (:meth:`located`).  The caller decides whether it
    needs them (``score``: only when the game has findings, each of which
    then names its line and column); the places cost 60% of a JSON
    record's read, so they are not read for every record.

    A plain class with ``__slots__``, as :class:`~hearts_notation.io.batches.RawRecord`
    (no dataclass's generated methods to make at every start, issue 22)."""

    __slots__ = ("_record", "_source", "game")

    def __init__(self, game: Game, record: RawRecord | None = None,
                 source: str | None = None) -> None:
        self.game: Final = game
        self._record: Final = record
        self._source: Final = source

    @property
    def relocatable(self) -> bool:
        """Whether :meth:`located` reads anything again: a JSON record
        without syntax errors (YAML and HRN games have their places
        already; a record with errors is not read again)."""
        return self._record is not None

    def located(self) -> Game:
        """The game read again with the places of its values
        (:func:`hearts_notation.io.jsonio.located_game`), as ``validate``
        reads a record with findings; the game itself when it is not
        :attr:`relocatable`."""
        r = self._record
        if r is None:
            return self.game
        from .io.jsonio import located_game

        return located_game(r.text, self._source, r.index, r.line, r.column)


def record_reads(batch: Batch, default_rules: RuleSet | None, force: bool
                 ) -> Iterator[CleanGame | ReadGame]:
    """Each record of *batch*, in order: a :class:`CleanGame` where the
    referee's compact check accepts it, else a :class:`ReadGame`, the
    model's game (the batch is then parsed as a whole-file read parses it,
    once, and that record's game taken from it), which a JSON record's
    caller may read again with the places of its values."""
    from .io.typed_json import json_compact
    from .referee import CompactBuilder

    found = raw_records(batch)
    source = batch.source
    if found is None:       # formats parsed in the reading process (YAML, OpenSpiel)
        for g in batch_games(batch):
            yield ReadGame(g)
        return
    syntax, records = found
    parsed: list[Game] | None = None
    for k, r in enumerate(records):
        compact: CompactGame | None
        if syntax == HRN_GAME:
            from .io.hrn.reader import visit_text

            compact = visit_text(r.text, CompactBuilder(), source or "-", r.line, batch.default_rules,
                                 r.index, r.stop, r.follows)
        else:
            compact, _ = json_compact(r.text, r.line, r.compact)
        clean = None if compact is None else clean_game(compact, source, r.index, default_rules, force)
        if clean is not None:
            yield clean
            continue
        if parsed is None:
            parsed = batch_games(batch)
        game = _same_record(parsed, k, r.index)
        again = syntax != HRN_GAME and not game.errors
        yield ReadGame(game, r if again else None, source)


def records_of(batch: Batch, default_rules: RuleSet | None, force: bool
               ) -> Iterator[CleanGame | Game]:
    """Each record of *batch*, in order (:func:`record_reads`): a
    :class:`CleanGame` where the referee's compact check accepts it, else
    the model's game as the batch's read gives it (``stats``, which names
    no place: no record is read twice)."""
    for rec in record_reads(batch, default_rules, force):
        yield rec if isinstance(rec, CleanGame) else rec.game


def _same_record(games: list[Game], k: int, index: int) -> Game:
    """The game of the *k*-th record (game number *index*) of a parsed batch."""
    if k < len(games) and games[k].index == index:
        return games[k]
    for g in games:
        if g.index == index:
            return g
    raise LookupError(f"no game {index} in the parsed batch")


__all__ = ["PLAY_ERRORS", "CleanGame", "ReadGame", "clean_game", "notice_lines", "record_reads", "records_of",
           "unscored_count", "unscored_reasons"]
