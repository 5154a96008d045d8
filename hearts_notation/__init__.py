"""hearts-notation: record, referee, score, replay and analyse games of Hearts.

The package is organised around one game model (:mod:`hearts_notation.model`)
that every reader produces and every writer, renderer, the referee and the
analysis consume.

The library API -- :func:`validate_file`, :func:`validate_text`,
:func:`read_games`, :func:`score` (see :mod:`hearts_notation.api`) -- is
the command line's own path; it is imported on first use, so importing the
package stays cheap.
"""

from typing import TYPE_CHECKING

from . import _compiled

_compiled.select()   # compiled core or pure-Python sources, before any hot module loads

from .cards import Card, parse_card  # noqa: E402
from .model import Deal, Finding, Game, Moon, Pass, Play, Pos, Trick  # noqa: E402
from .rules import RuleError, RuleSet, load_rules, parse_rules  # noqa: E402

if TYPE_CHECKING:
    from .api import Scored, Validation, read_games, score, validate_file, validate_text

__version__ = "0.1.0"

#: Names served lazily from :mod:`hearts_notation.api` (PEP 562).
_API = ("Scored", "Validation", "read_games", "score", "validate_file", "validate_text")


def __getattr__(name: str) -> object:
    if name in _API or name == "api":
        import importlib

        api = importlib.import_module(f"{__name__}.api")
        return api if name == "api" else getattr(api, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
    "Scored",
    "Trick",
    "Validation",
    "__version__",
    "load_rules",
    "parse_card",
    "parse_rules",
    "read_games",
    "score",
    "validate_file",
    "validate_text",
]
