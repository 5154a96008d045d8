"""hearts-notation: record, referee, score, replay and analyse games of Hearts.

The package is organised around one game model (:mod:`hearts_notation.model`)
that every reader produces and every writer, renderer, the referee and the
analysis consume.

The library API -- :func:`validate_file`, :func:`validate_text`,
:func:`read_games`, :func:`score` (see :mod:`hearts_notation.api`) -- is
the command line's own path.  Every name exported here (the model classes,
the rules, the API) is imported on first use (PEP 562), so that
``import hearts_notation`` -- which every ``hearts`` command pays before
anything else, ``hearts --version`` included -- loads only the choice of the
compiled core (:mod:`hearts_notation._compiled`, standard library only).
"""

try:
    from . import _compiled

    _compiled.select()   # compiled core or pure-Python sources, before any hot module loads
except KeyboardInterrupt:
    # ``python -m hearts_notation`` imports the package before any of its
    # code runs: a Ctrl-C here is the command's start-up, which ends with
    # ``hearts: interrupted`` and status 130 (docs/cli.md, "Interrupting").
    # The console script imports the package inside its own guard
    # (``hearts_notation_start``), and a library's caller gets its
    # KeyboardInterrupt back.
    from .interrupt import interrupted_while_run_as_module

    interrupted_while_run_as_module()
    raise

#: (``typing`` is not imported for this: ``hearts --version`` would pay for it;
#: type checkers take any ``TYPE_CHECKING`` name as true.)
TYPE_CHECKING = False

if TYPE_CHECKING:
    from .api import Scored, Validation, read_games, score, validate_file, validate_text
    from .cards import Card, parse_card
    from .model import Deal, Finding, Game, Moon, Pass, Play, Pos, Trick
    from .rules import RuleError, RuleSet, load_rules, parse_rules

__version__ = "0.1.0"

#: Exported name -> the submodule that defines it, imported on first use (PEP 562).
_LAZY: dict[str, str] = {
    **dict.fromkeys(("Card", "parse_card"), "cards"),
    **dict.fromkeys(("Deal", "Finding", "Game", "Moon", "Pass", "Play", "Pos", "Trick"), "model"),
    **dict.fromkeys(("RuleError", "RuleSet", "load_rules", "parse_rules"), "rules"),
    **dict.fromkeys(("Scored", "Validation", "read_games", "score", "validate_file",
                     "validate_text"), "api"),
}


def __getattr__(name: str) -> object:
    module = _LAZY.get(name)
    if module is None and name != "api":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    loaded = importlib.import_module(f"{__name__}.{module or name}")
    return loaded if module is None else getattr(loaded, name)


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})


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
