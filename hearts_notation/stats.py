"""Statistics over a corpus of records: what ``hearts stats`` reports.

Each game is reduced to a :class:`Tally` by a pure function
(:func:`game_tally`), so the work spreads over processes with
:func:`hearts_notation.runners.map_games` and the tallies simply add up.
Points, moons and winners are the referee's recomputation from the tricks
(:func:`hearts_notation.referee.check_game`, which scores through
:mod:`hearts_notation.scoring`), never the figures a record claims, so a
corpus with scoring mistakes still gives true statistics; the referee's
findings are counted per code.

Figures:

* per seat: deals scored (complete deals and score sheets' lines), points,
  average points per deal, Q♠ taken (complete deals), moons shot (on the
  sheets too, as the standings count them), games won (a shared win counts
  for each winner);
* per pass direction: deals, moon rate, how often Q♠ was passed, the
  average points of the seat that held Q♠ in play (after the pass) and how
  often that seat took it back, and the average points per seat;
* findings per code with their severity.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .cards import QS_BIT, QUEEN_OF_SPADES, mask_of
from .model import Deal, Game
from .rules import RuleSet
from .scored import CleanGame, unscored_count
from .scoring import DealScore
from .seats import DIRECTIONS, seat_order
from .state import deal_pass
from .walk import deal_hands


@dataclass
class Tally:
    """Counts over some games; ``a + b`` is the tally of both."""

    games: int = 0
    deals: int = 0
    complete_deals: int = 0
    #: deals kept as a score sheet's line (points and moon known, no play)
    sheet_deals: int = 0
    #: deals played to their end but not counted: their play has errors
    #: (:func:`hearts_notation.scored.unscored_count`, ``score``'s "not scored")
    unscored_deals: int = 0
    #: records refused whole (a JSON or YAML record with a syntax error:
    #: no deal read), counted in ``games`` with none of their deals
    unread_games: int = 0
    finished_games: int = 0
    valid_games: int = 0
    shared_wins: int = 0
    moons: int = 0
    seat_deals: Counter[str] = field(default_factory=Counter)
    seat_points: Counter[str] = field(default_factory=Counter)
    seat_queen: Counter[str] = field(default_factory=Counter)
    seat_moons: Counter[str] = field(default_factory=Counter)
    seat_wins: Counter[str] = field(default_factory=Counter)
    dir_deals: Counter[str] = field(default_factory=Counter)
    dir_moons: Counter[str] = field(default_factory=Counter)
    dir_points: Counter[str] = field(default_factory=Counter)
    dir_seat_deals: Counter[str] = field(default_factory=Counter)
    dir_queen_passed: Counter[str] = field(default_factory=Counter)
    dir_holder_deals: Counter[str] = field(default_factory=Counter)
    dir_holder_points: Counter[str] = field(default_factory=Counter)
    dir_holder_took: Counter[str] = field(default_factory=Counter)
    findings: Counter[str] = field(default_factory=Counter)
    severities: dict[str, str] = field(default_factory=dict)

    def merge(self, other: Tally) -> Tally:
        """The tally of both, as a new value (neither is changed).

        Associative, with ``Tally()`` as its identity: the tallies of
        shards merged in input order give the same figures, and the same
        order of first-seen seats, whatever the cut (this is what makes
        ``stats`` the same on every engine and shard size)."""
        out = Tally()
        out += self
        out += other
        return out

    def __add__(self, other: Tally) -> Tally:
        return self.merge(other)

    def __iadd__(self, other: Tally) -> Tally:
        for name, value in vars(other).items():
            mine = getattr(self, name)
            if isinstance(mine, Counter):
                mine.update(value)
            elif isinstance(mine, dict):
                mine.update(value)
            else:
                setattr(self, name, mine + value)
        return self

    def to_dict(self, files: int | None = None) -> dict[str, Any]:
        """The ``--format json`` document (rates and averages rounded to 4
        places; counts exact)."""
        def avg(a: float, b: float) -> float | None:
            return round(a / b, 4) if b else None

        summary: dict[str, Any] = {}
        if files is not None:
            summary["files"] = files
        summary |= {
            "games": self.games,
            "deals": self.deals,
            "complete_deals": self.complete_deals,
            "sheet_deals": self.sheet_deals,
            "finished_games": self.finished_games,
            "valid_games": self.valid_games,
            "shared_wins": self.shared_wins,
            "moons": self.moons,
            "moon_rate": avg(self.moons, self.complete_deals + self.sheet_deals),
        }
        if self.unscored_deals:
            # (only then, as score's summary: the figures of a corpus
            # without such a deal are as they always were)
            summary["unscored_deals"] = self.unscored_deals
        if self.unread_games:
            summary["unread_games"] = self.unread_games
        seats = {
            s: {
                "deals": self.seat_deals[s],
                "points": self.seat_points[s],
                "average_points": avg(self.seat_points[s], self.seat_deals[s]),
                "queen_taken": self.seat_queen[s],
                "moons": self.seat_moons[s],
                "wins": self.seat_wins[s],
            }
            for s in seat_order(self.seat_deals)
        }
        directions = {
            d: {
                "deals": self.dir_deals[d],
                "moons": self.dir_moons[d],
                "moon_rate": avg(self.dir_moons[d], self.dir_deals[d]),
                "average_points": avg(self.dir_points[d], self.dir_seat_deals[d]),
                "queen_passed": self.dir_queen_passed[d],
                "queen_passed_rate": avg(self.dir_queen_passed[d], self.dir_deals[d]),
                "queen_holder_average_points": avg(self.dir_holder_points[d], self.dir_holder_deals[d]),
                "queen_holder_took_it": avg(self.dir_holder_took[d], self.dir_holder_deals[d]),
            }
            for d in _direction_order(self.dir_deals)
        }
        findings = {
            code: {"severity": self.severities.get(code, "error"), "count": self.findings[code]}
            for code in sorted(self.findings, key=lambda c: (_SEV.get(self.severities.get(c, ""), 3), c))
        }
        return {"summary": summary, "seats": seats, "directions": directions, "findings": findings}


_SEV = {"error": 0, "warning": 1, "info": 2}


def _direction_order(seen: Counter[str]) -> list[str]:
    return [d for d in DIRECTIONS if d in seen] + sorted(d for d in seen if d not in DIRECTIONS)


def game_tally(game: Game, default_rules: RuleSet | str | None = None,
               force_rules: bool = False) -> Tally:
    """The tally of one game: a pure function of picklable arguments, for
    :func:`hearts_notation.runners.map_games`."""
    from .referee import check_game

    report = check_game(game, default_rules, force_rules)
    t = Tally(games=1, deals=len(game.deals))
    for f in report.findings:
        t.findings[f.code] += 1
        t.severities[f.code] = f.severity
    if report.valid:
        t.valid_games = 1
    elif not game.deals and "syntax-error" in t.findings:
        from .runners.validate import is_tree_format

        # (a JSON or YAML record refused whole; a page of notes in HRN is
        # no game read wrongly: it has no deal)
        t.unread_games = int(is_tree_format(game.source))
    _count_end(t, report.finished, report.winners)
    rules = report.rules
    if rules is None:
        return t
    from .referee import game_seats

    seats, rules, _ = game_seats(game, rules)
    t.unscored_deals = unscored_count(game, rules, report.deals)
    for deal, score in zip(game.deals, report.deals, strict=False):
        if score.sheet and score.scored:
            # A score sheet's line: its points and its moon count, as in
            # the standings; nothing of its play is known.
            t.sheet_deals += 1
            for s, p in score.points.items():
                t.seat_deals[s] += 1
                t.seat_points[s] += p
            if score.moon is not None:
                t.moons += 1
                t.seat_moons[score.moon.seat] += 1
            continue
        if not score.complete:
            continue
        direction = deal_pass(rules, score.number, deal.direction).direction or "?"
        _count_complete_deal(t, direction, seats, score)
        if any(QS_BIT & mask_of(p.cards) for p in deal.passes.values()):
            t.dir_queen_passed[direction] += 1
        holder = _queen_holder(deal, rules, seats, score.number)
        if holder is not None and score.taken:
            _count_queen_holder(t, direction, seats, score, holder)
    return t


def _count_end(t: Tally, finished: bool, winners: Sequence[str]) -> None:
    """A game's end into its tally *t*: finished or not, and its winners
    (each winner of a shared win counts a win)."""
    if finished:
        t.finished_games = 1
        for w in winners:
            t.seat_wins[w] += 1
        if len(winners) > 1:
            t.shared_wins = 1


def _count_complete_deal(t: Tally, direction: str, seats: tuple[str, ...],
                         ds: DealScore) -> None:
    """What a complete deal adds to *t* from its score alone (the model's
    walk and the compact check's replay both give one): points by seat and
    by pass direction, Q♠ taken, moons."""
    t.complete_deals += 1
    t.dir_deals[direction] += 1
    t.dir_seat_deals[direction] += len(seats)
    for s, p in ds.points.items():
        t.seat_deals[s] += 1
        t.seat_points[s] += p
        t.dir_points[direction] += p
    for i, mask in enumerate(ds.taken):
        if mask & QS_BIT:
            t.seat_queen[seats[i]] += 1
    if ds.moon is not None:
        t.moons += 1
        t.seat_moons[ds.moon.seat] += 1
        t.dir_moons[direction] += 1


def _count_queen_holder(t: Tally, direction: str, seats: tuple[str, ...], ds: DealScore,
                        holder: int) -> None:
    """The deal counted for the seat that held Q♠ in play (*holder*): its
    points, and whether it took the queen itself."""
    t.dir_holder_deals[direction] += 1
    t.dir_holder_points[direction] += ds.points.get(seats[holder], 0)
    if ds.taken[holder] & QS_BIT:
        t.dir_holder_took[direction] += 1


def clean_tally(clean: CleanGame) -> Tally:
    """:func:`game_tally` of a record the referee's compact check accepted
    (:mod:`hearts_notation.scored`): the same figures, from that check's
    replay (points, moons, the cards each seat took) and the compact
    record's passes and plays, without walking the deals again.  Such a
    game is valid, has no finding, and every deal of it is complete."""
    score = clean.score
    rules = clean.rules
    seats = score.seats
    t = Tally(games=1, deals=clean.deals_count, valid_games=1)
    _count_end(t, score.finished, score.winners)
    queen_in_deck = bool(rules.deck_mask & QS_BIT)
    for deal, ds in zip(clean.compact.deals, score.deals, strict=True):
        direction = deal_pass(rules, ds.number, deal.direction).direction or "?"
        _count_complete_deal(t, direction, seats, ds)
        if deal.passes and any(QS_BIT & m for m in deal.passes.values()):
            t.dir_queen_passed[direction] += 1
        if queen_in_deck:
            # Every card was played: the seat that played Q♠ held it in play.
            holder = seats.index(deal.names[deal.cards.index(QUEEN_OF_SPADES)])
            _count_queen_holder(t, direction, seats, ds, holder)
    return t


def _queen_holder(deal: Deal, rules: RuleSet, seats: tuple[str, ...], number: int) -> int | None:
    """The seat that held Q♠ in play (after the pass), if known; *number*
    is the deal's as scored (its pass follows from it)."""
    if not rules.deck_mask & QS_BIT:
        return None
    hands = deal_hands(deal, rules, seats, number)
    for i, h in enumerate(hands.played_from):
        if h is not None and h & QS_BIT:
            return i
    for t in deal.tricks:
        for p in t.plays:
            if p.card == QUEEN_OF_SPADES and p.seat in seats:   # its player held it
                return seats.index(p.seat)
    return None


__all__ = ["Tally", "clean_tally", "game_tally"]
