"""The checks every campaign of records written by hand or by a site's
code makes on its files (tests/test_json21.py, tests/test_json22.py): a file
reads as its clean twin, or it is refused once, at its line and column, with
the words that say what to write; and, for the hand-typed HRN campaigns, the
findings of a record in both languages and their golden file (one reading of
a record for every test and language that asks)."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from hearts_notation.api import read_games, validate_file
from hearts_notation.i18n import render
from hearts_notation.io.hrn.reader import iter_hrn
from hearts_notation.io.hrn.writer import dumps_hrn
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


def same_record(text: str, twin: str) -> bool:
    """The HRN *text* and its clean *twin* hold the same games (the
    canonical writer prints them alike)."""
    return dumps_hrn(list(iter_hrn(text))) == dumps_hrn(list(iter_hrn(twin)))


def assert_read_as_twin(text: str, twin: str, lang: str) -> None:
    """The hand-typed *text* reads with no error nor finding, as *twin*."""
    games = list(iter_hrn(text))
    assert [f.message for g in games for f in g.errors] == []
    assert findings(text, lang) == []
    assert dumps_hrn(games) == dumps_hrn(list(iter_hrn(twin)))


def assert_all_listed(data: Path, listed: Iterable[str]) -> None:
    """The records of the campaign folder *data* are those of the test's
    lists (*listed*), and its README names each."""
    names = {p.stem for p in data.glob("*.hrn")}
    assert names == set(listed)
    readme = (data / "README.md").read_text(encoding="utf-8")
    assert all(f"{n}.hrn" in readme for n in names)


def offered_in_place(text: str, lang: str, write: re.Pattern[str]) -> str:
    """*text* with its one finding's line replaced by the line its message
    offers (the last match of *write*, the catalog's "write it '...'")."""
    [(at, said)] = findings(text, lang)
    lines = text.split("\n")
    lines[int(at.split(":")[0]) - 1] = write.findall(said)[-1]
    return "\n".join(lines)
