"""Limits every reader enforces, so that hostile input costs bounded memory
and time and ends in one clear message instead of a traceback.

Each limit has a default generous for real records and an environment
variable to raise (or lower) it; ``docs/robustness.md`` lists them.  The
values are read from the environment when a reader starts (cheaply), so a
script may change them with :func:`set_limits` or ``os.environ``.
"""

from __future__ import annotations

import os
from typing import Final

from ..i18n import Arg, Msg, msg

__all__ = ["ENV", "WHOLE_INPUT", "Limits", "current", "ignored_settings", "limit_message", "refresh",
           "set_limits", "whole_input_message"]

#: The id of the message for an input over the ``document`` limit: why it
#: is held whole, so that the user knows the way around (a file instead of
#: standard input, ``convert`` before ``fmt``...); its ``{limit}`` is a
#: :func:`limit_message`.
WHOLE_INPUT = "limit.whole_input"


class Limits:
    """The reader limits in force.

    ``line`` bounds one line of HRN text (a 1 MB line would cost the Lark
    parser hundreds of megabytes); ``record`` one JSONL line, one element of a
    JSON document or one YAML document; ``cards`` the cards of one hand,
    pass or trick line; ``depth`` the nesting of JSON/YAML values (a record
    needs 6); ``digits`` the digits of any whole number (a deal number or a
    score needs a few; Python refuses past 4,300); ``document`` the bytes of
    an input that must be held whole (OpenSpiel exports, the records of
    ``annotate`` and ``hint``), and of the copy of standard input kept on
    disk for the lines quoted under errors.

    A plain class with ``__slots__``, not a dataclass: nothing compares,
    hashes or prints one, and every command that reads records makes this
    class at start-up, where a frozen dataclass's generated methods cost
    about half a millisecond (issue 22).  ``Final`` keeps it read-only for
    the type checker; the names of the limits are :data:`ENV`'s keys.
    """

    __slots__ = ("cards", "depth", "digits", "document", "line", "record")

    def __init__(self, line: int = 1 << 16, record: int = 1 << 24, cards: int = 64,
                 depth: int = 32, digits: int = 18, document: int = 1 << 28) -> None:
        self.line: Final = line
        self.record: Final = record
        self.cards: Final = cards
        self.depth: Final = depth
        self.digits: Final = digits
        self.document: Final = document


#: Environment variable of each limit.
ENV: dict[str, str] = {
    "line": "HEARTS_MAX_LINE",
    "record": "HEARTS_MAX_RECORD",
    "cards": "HEARTS_MAX_CARDS",
    "depth": "HEARTS_MAX_DEPTH",
    "digits": "HEARTS_MAX_DIGITS",
    "document": "HEARTS_MAX_DOCUMENT",
}

_override: Limits | None = None
_cached: Limits | None = None
#: The settings :func:`refresh` last ignored: (variable, value as set, default)
_ignored: tuple[tuple[str, str, int], ...] = ()


def current() -> Limits:
    """The limits in force: :func:`set_limits` if called, else the defaults
    changed by the environment variables of :data:`ENV` that are set to a
    positive whole number (other values are ignored)."""
    if _override is not None:
        return _override
    if _cached is None:
        return refresh()
    return _cached


def refresh() -> Limits:
    """Read the environment variables again (after changing ``os.environ``);
    the values that are no positive whole number are ignored and noted
    (:func:`ignored_settings`)."""
    global _cached, _ignored
    changes: dict[str, int] = {}
    ignored: list[tuple[str, str, int]] = []
    defaults: Limits | None = None
    for name, variable in ENV.items():
        given = os.environ.get(variable)
        if given is None:
            continue
        raw = given.strip()
        # ASCII digits only: ``str.isdigit`` takes ``²`` and ``①``, which
        # ``int`` refuses (an internal error, exit 3, until review21).
        if raw.isascii() and raw.isdigit() and len(raw) <= 18 and int(raw) > 0:
            changes[name] = int(raw)
        elif raw:
            defaults = defaults or Limits()
            ignored.append((variable, given, getattr(defaults, name)))
    _cached = Limits(**changes)
    _ignored = tuple(ignored)
    return _cached


def ignored_settings() -> list[Msg]:
    """What to tell of each ``HEARTS_MAX_*`` variable set to something
    other than a positive whole number (``abc``, ``-1``, ``0``, ``1e99``,
    ``٣``): it is ignored, and a user who set it believes it took effect.
    Not printed here (a library's process must not print on import): the
    CLI prints them once, at its start (``app.HeartsGroup.invoke``), where
    the environment is read again (:func:`refresh`): the limits of the run
    are the ones told about."""
    refresh()
    return [msg("limit.ignored", env=variable, value=value, default=default)
            for variable, value, default in _ignored]


def set_limits(limits: Limits | None) -> None:
    """Use *limits* from now on in this process (``None``: back to the
    environment and the defaults)."""
    global _override
    _override = limits


def limit_message(what: str, name: str, value: int, /, **args: Arg) -> Msg:
    """The words of a limit error: what went over (the catalog id *what*,
    e.g. ``limit.what.digits``, with *args*), the limit and how to raise it."""
    return msg("limit.over", what=msg(what, **args).arg(), value=("num", value), env=ENV[name])


def whole_input_message(name: str, value: int) -> Msg:
    """An input held whole (:data:`WHOLE_INPUT`) that goes over the limit *name*."""
    return msg(WHOLE_INPUT, limit=limit_message("limit.what.size", name, value).arg())
