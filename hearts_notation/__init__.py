"""hearts-notation: record, referee, score, replay and analyse games of Hearts.

The package is organised around one game model (:mod:`hearts_notation.model`)
that every reader produces and every writer, renderer, the referee and the
analysis consume.
"""

from .cards import Card, parse_card
from .model import Deal, Finding, Game, Moon, Pass, Play, Pos, Trick
from .rules import RuleError, RuleSet, load_rules, parse_rules

__version__ = "0.1.0"

__all__ = [
    "Card",
    "Deal",
    "Finding",
    "Game",
    "Moon",
    "Pass",
    "Play",
    "Pos",
    "RuleError",
    "RuleSet",
    "Trick",
    "__version__",
    "load_rules",
    "parse_card",
    "parse_rules",
]
