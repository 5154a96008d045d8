"""Ratings of players from results: OpenSkill's Plackett-Luce model.

A Hearts result is a ranking of several players at once (fewest points
first), which is what the Plackett-Luce model of OpenSkill (Weng and Lin,
2011) rates: each player has a rating ``mu`` and an uncertainty ``sigma``
that every result narrows.  ``hearts standings --ratings`` rates the players
of any records (each game a result, ranked by final totals), ``hearts
match`` its players (each record a result); docs/club.md and docs/bots.md
say how to read the figures.

The ``openskill`` package is an optional extra (``pip install
"hearts-notation[ratings]"``); without it :class:`Ratings` raises
:class:`ImportError` with the install line, which the commands turn into
one line and exit status 2.  Results are taken in input order (a rating
depends on the order of the games, as a club's ladder does).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

#: What ``--ratings`` needs, said when it is missing.
RATINGS_INSTALL = 'pip install "hearts-notation[ratings]"'


class Ratings:
    """Players' OpenSkill ratings, updated result by result."""

    def __init__(self) -> None:
        try:
            from openskill.models import PlackettLuce
        except ImportError:
            raise ImportError(f"the openskill package is missing ({RATINGS_INSTALL})") from None
        self.model: Any = PlackettLuce()
        self.ratings: dict[str, Any] = {}
        self.results = 0

    def add(self, outcome: Sequence[tuple[str, float]]) -> None:
        """One result: each player's name and score (lower is better; equal
        scores tie).  A result of fewer than two players changes nothing."""
        if len(outcome) < 2:
            return
        teams = []
        for name, _ in outcome:
            r = self.ratings.get(name)
            if r is None:
                r = self.ratings[name] = self.model.rating(name=name)
            teams.append([r])
        scores = [s for _, s in outcome]
        ranks = [1 + sum(1 for t in scores if t < s) for s in scores]
        rated = self.model.rate(teams, ranks=ranks)
        for (name, _), team in zip(outcome, rated, strict=True):
            self.ratings[name] = team[0]
        self.results += 1

    def table(self) -> list[dict[str, Any]]:
        """Players best first (by the conservative ``mu - 3 sigma``), each
        with ``mu``, ``sigma`` and that ordinal, rounded for display."""
        values = sorted(((float(r.mu) - 3 * float(r.sigma), name, float(r.mu), float(r.sigma))
                         for name, r in self.ratings.items()), key=lambda v: (-v[0], v[1]))
        return [{"player": name, "mu": round(mu, 2), "sigma": round(sigma, 2),
                 "ordinal": round(ordinal, 2)} for ordinal, name, mu, sigma in values]


__all__ = ["RATINGS_INSTALL", "Ratings"]
