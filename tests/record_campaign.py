"""The checks every campaign of records written by hand or by a site's
code makes on its files (tests/test_json21.py, tests/test_json22.py): a file
reads as its clean twin, or it is refused once, at its line and column, with
the words that say what to write; and, for the hand-typed HRN campaigns, the
findings of a record in both languages and their golden file (one reading of
a record for every test and language that asks)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import Any

from hearts_notation.api import read_games, validate_file
from hearts_notation.i18n import render
from hearts_notation.io.hrn.reader import iter_hrn
from hearts_notation.referee import check_game


def clean_deals(path: str) -> object:
    """The deals of the one game of the clean twin at *path*."""
    (game,) = read_games(path)
    return game.deals


def assert_read_as(path: str, deals: object) -> None:
    """*path* reads as games whose deals are *deals*, with no finding."""
    games = read_games(path)
    assert games and all(g.deals == deals for g in games)
    assert list(validate_file(path).findings()) == []


def assert_refused_once(path: str, line: int, column: int, words: str) -> None:
    """*path* has one error, at *line*:*column*, whose message holds *words*."""
    errors = [f for f in validate_file(path).findings() if f["severity"] == "error"]
    assert [(f["line"], f["column"]) for f in errors] == [(line, column)], errors
    assert words in str(errors[0]["message"]), errors[0]["message"]


@functools.lru_cache(maxsize=256)
def found(text: str) -> tuple[tuple[str, str, Any], ...]:
    """The errors and warnings of the HRN *text*: place (``line:col``),
    catalog key and arguments, read once for both languages (the hand-typed
    campaigns: tests/test_typed22.py, test_french23.py, test_french24.py,
    test_english24.py)."""
    return tuple((f"{f.line}:{f.column}", f.key, f.args) for game in iter_hrn(text)
                 for f in check_game(game).findings if f.severity != "info")


def findings(text: str, lang: str) -> list[tuple[str, str]]:
    """:func:`found` worded in *lang*: each place and its message."""
    return [(at, render(lang, key, args)) for at, key, args in found(text)]


def golden_text(names: Iterable[str],
                said: Callable[[str, str], Iterable[tuple[str, str]]]) -> str:
    """The golden file of a campaign's messages: for each record of *names*,
    in English then French, each place and message *said* (name, language)
    gives, one line each (tests/test_typed22.py, tests/test_french23.py)."""
    lines = [f"{name} {at} [{lang}] {text}"
             for name in names for lang in ("en", "fr") for at, text in said(name, lang)]
    return "\n".join(lines) + "\n"
