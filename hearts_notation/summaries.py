"""Mergeable summaries: what each command adds up over a corpus.

A command that maps over games ends with a summary: ``validate`` counts
findings (:class:`hearts_notation.commands.validate.Summary`), ``stats``
tallies points, moons and findings (:class:`hearts_notation.stats.Tally`),
``standings`` adds up players (:class:`hearts_notation.standings.Standings`),
and the three values of this module do the same for ``score``,
``annotate`` and ``generate``.  Each is a typed value with an
associative ``merge`` whose identity is the empty value, because the work
is cut into pieces whose number and size depend on the engine, the
number of workers and ``--shard-size``: whatever the cut, the pieces'
summaries merged in input order are the summary of the whole run, so the
output is the same byte for byte.  (The property tests of
``tests/test_dask_summaries.py`` check associativity on random cuts.)

Two rules make that true:

* counts are integers, and a sum of floats (the expected points lost of
  ``annotate``) is kept exact as a :class:`fractions.Fraction` (a float
  converts to one exactly), rounded only when printed -- float addition
  is not associative, so a float running sum would depend on the cut;
* anything kept in order (the seats as first seen) is kept in the order
  of the input, which merging in input order preserves.

``merge`` returns a new value and leaves both operands alone; ``+=``
(``absorb``) adds in place, for the client's running total, and gives the
same value.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from .seats import seat_order

if TYPE_CHECKING:
    from .analysis.annotate import GameAnalysis
    from .standings import GameSummary, Standings

S = TypeVar("S", bound="Mergeable")


class Mergeable(Protocol):
    """A summary that merges: ``a.merge(b)`` is the summary of a's games
    followed by b's; ``(a.merge(b)).merge(c) == a.merge(b.merge(c))``."""

    def merge(self: S, other: S) -> S: ...


def merge_all(parts: Iterable[S], empty: S) -> S:
    """The parts merged in order, starting from *empty* (the identity)."""
    out = empty
    for p in parts:
        out = out.merge(p)
    return out


# score -----------------------------------------------------------------------------------


@dataclass
class ScoreTotals:
    """The totals of ``hearts score`` over a corpus: games, deals scored,
    the games whose recorded scores disagree, points and moons by seat,
    the moon rate, and the players' standings (points by player)."""

    games: int = 0
    deals: int = 0
    disagreeing: int = 0
    #: deals played to their end whose play has errors (no points:
    #: :func:`hearts_notation.scored.unscored_reasons`)
    unscored: int = 0
    moons: int = 0
    seat_deals: Counter[str] = field(default_factory=Counter)
    seat_points: Counter[str] = field(default_factory=Counter)
    seat_moons: Counter[str] = field(default_factory=Counter)
    standings: Standings | None = None

    @classmethod
    def of_game(cls, summary: GameSummary, disagrees: bool, unscored: int = 0) -> ScoreTotals:
        """The totals of one game, from its standings summary (what
        ``score`` computes for the players' table: the deals scored until
        the game ended), whether its recorded scores disagree and how many
        of its deals cannot be scored (their play has errors)."""
        from .standings import Standings

        st = Standings()
        st.add(summary)
        t = cls(games=1, deals=summary.deals, disagreeing=int(disagrees), unscored=unscored,
                standings=st)
        for line in summary.seats:
            t.seat_deals[line.seat] += summary.deals
            t.seat_points[line.seat] += line.points
            if line.moons:
                t.seat_moons[line.seat] += line.moons
                t.moons += line.moons
        return t

    def merge(self, other: ScoreTotals) -> ScoreTotals:
        """Both totals as a new value (associative; ``ScoreTotals()`` is the identity)."""
        out = ScoreTotals()
        out += self
        out += other
        return out

    def __iadd__(self, other: ScoreTotals) -> ScoreTotals:
        self.games += other.games
        self.deals += other.deals
        self.disagreeing += other.disagreeing
        self.unscored += other.unscored
        self.moons += other.moons
        # (Counter.update keeps the first-seen order of keys, as adding game by game does.)
        self.seat_deals.update(other.seat_deals)
        self.seat_points.update(other.seat_points)
        self.seat_moons.update(other.seat_moons)
        if other.standings is not None:
            if self.standings is None:
                from .standings import Standings

                self.standings = Standings(other.standings.identity)
            self.standings += other.standings
        return self

    @property
    def moon_rate(self) -> float | None:
        """Moons per deal scored (``None`` without one)."""
        return self.moons / self.deals if self.deals else None

    def to_dict(self) -> dict[str, Any]:
        """The ``summary`` of ``score --format json`` (the players are its
        ``players`` list, from :attr:`standings`)."""
        rate = self.moon_rate
        out: dict[str, Any] = {
            "games": self.games,
            "deals": self.deals,
            "disagreeing_games": self.disagreeing,
            "moons": self.moons,
            "moon_rate": None if rate is None else round(rate, 4),
            "seats": {s: {"deals": self.seat_deals[s], "points": self.seat_points[s],
                          "moons": self.seat_moons[s]}
                      for s in seat_order(self.seat_deals)},
        }
        if self.unscored:
            # (only then: the summary of a corpus without such a deal is as it always was)
            out["unscored_deals"] = self.unscored
        return out


# annotate --------------------------------------------------------------------------------


def _fraction() -> dict[str, Fraction]:
    return {}


@dataclass
class AnnotateTotals:
    """The totals of ``hearts annotate``: deals analysed, decisions (and
    the forced ones), the marks by kind, and the expected points lost
    (EPL) in all and by seat, summed exactly."""

    deals: int = 0
    decisions: int = 0
    forced: int = 0
    marks: Counter[str] = field(default_factory=Counter)
    epl: Fraction = Fraction(0)
    seat_decisions: Counter[str] = field(default_factory=Counter)
    seat_epl: dict[str, Fraction] = field(default_factory=_fraction)

    @classmethod
    def of_analysis(cls, analysis: GameAnalysis, deals: int) -> AnnotateTotals:
        """The totals of one analysis (a game, or the one deal of a task)
        over *deals* deals analysed."""
        t = cls(deals=deals)
        for d in analysis.decisions:
            t.decisions += 1
            if d.forced:
                t.forced += 1
                continue
            if d.mark:
                t.marks[d.mark] += 1
            loss = Fraction(d.epl)
            t.epl += loss
            t.seat_decisions[d.seat] += 1
            t.seat_epl[d.seat] = t.seat_epl.get(d.seat, Fraction(0)) + loss
        return t

    def merge(self, other: AnnotateTotals) -> AnnotateTotals:
        """Both totals as a new value (associative and exact; ``AnnotateTotals()``
        is the identity)."""
        out = AnnotateTotals()
        out += self
        out += other
        return out

    def __iadd__(self, other: AnnotateTotals) -> AnnotateTotals:
        self.deals += other.deals
        self.decisions += other.decisions
        self.forced += other.forced
        self.marks.update(other.marks)
        self.epl += other.epl
        self.seat_decisions.update(other.seat_decisions)
        for seat, loss in other.seat_epl.items():
            self.seat_epl[seat] = self.seat_epl.get(seat, Fraction(0)) + loss
        return self

    def to_dict(self) -> dict[str, Any]:
        """The ``totals`` of ``annotate --format json`` (EPL rounded to 2 places)."""
        def avg(x: Fraction, n: int) -> float | None:
            return round(float(x / n), 2) if n else None

        chosen = self.decisions - self.forced
        return {
            "deals": self.deals,
            "decisions": self.decisions,
            "forced": self.forced,
            "marks": {m: self.marks[m] for m in ("?!", "?", "??") if self.marks[m]},
            "epl": round(float(self.epl), 2),
            "average_epl": avg(self.epl, chosen),
            "seats": {s: {"decisions": self.seat_decisions[s],
                          "epl": round(float(self.seat_epl[s]), 2),
                          "average_epl": avg(self.seat_epl[s], self.seat_decisions[s])}
                      for s in seat_order(self.seat_decisions)},
        }


# generate --------------------------------------------------------------------------------


@dataclass
class GenerateTotals:
    """The totals of ``hearts generate``: games and deals written, and
    the bytes of their text."""

    games: int = 0
    deals: int = 0
    chars: int = 0

    def merge(self, other: GenerateTotals) -> GenerateTotals:
        """Both totals as a new value (associative; ``GenerateTotals()`` is the identity)."""
        return GenerateTotals(self.games + other.games, self.deals + other.deals,
                              self.chars + other.chars)

    def __iadd__(self, other: GenerateTotals) -> GenerateTotals:
        self.games += other.games
        self.deals += other.deals
        self.chars += other.chars
        return self


__all__ = [
    "AnnotateTotals",
    "GenerateTotals",
    "Mergeable",
    "ScoreTotals",
    "merge_all",
]
