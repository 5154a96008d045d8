"""The checks every campaign of records written by hand or by a site's
code makes on its files (tests/test_json21.py, tests/test_json22.py): a file
reads as its clean twin, or it is refused once, at its line and column, with
the words that say what to write; and, for the hand-typed HRN campaigns, the
findings of a record in both languages and their golden file (one reading of
a record for every test and language that asks)."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import pytest

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


#: The line a message offers: the last "write it '...'" or « écrivez « ... » »
#: (a tag's line, ``[Date "..."]``, written without quotes around it).
WRITE_ANY: re.Pattern[str] = re.compile(
    r"(?:write(?: it| them in the order played, from the leader:)?|écrivez|depuis l'entame :)"
    r" (?:'(.+?)'|« (.+?) »|(\[.+?\]))")


@dataclass(frozen=True)
class Campaign:
    """One campaign of hand-typed HRN records (tests/data/*/, its README):
    what each of its test files names, the rest is :class:`CampaignTests`'s.

    *twin* gives the clean twin a record is typed from; *same* the records
    read as their twin, each with the replacements put back first (a tag
    changed on purpose); *twin_tails* text added to a twin (a result line the
    record adds); *refused* the records told, each with the line:col of its
    findings; *new* the words this round's messages say; *offered* the
    records whose message offers a line that, put in place of the line told,
    reads with no finding (*offered_twin*: and makes the record its twin);
    *lang* the language a record is told in; *at_least* how many records of
    each language, besides the twins, the campaign holds."""

    folder: str
    twin: Callable[[str], str]
    refused: Mapping[str, Sequence[str]]
    same: Mapping[str, Sequence[tuple[str, str]]] = field(default_factory=dict)
    twin_tails: Mapping[str, str] = field(default_factory=dict)
    new: Mapping[str, str] = field(default_factory=dict)
    offered: Sequence[str] = ()
    offered_twin: Collection[str] = ()
    clean: Collection[str] = ()
    others: Collection[str] = ()
    lang: str | Callable[[str], str] = "fr"
    at_least: Mapping[str, int] = field(default_factory=lambda: {"*": 20})

    @property
    def data(self) -> Path:
        """The campaign's folder."""
        return Path(__file__).resolve().parent / "data" / self.folder

    def read(self, name: str) -> str:
        """The text of the record *name*."""
        return (self.data / f"{name}.hrn").read_text(encoding="utf-8")

    def language(self, name: str) -> str:
        """The language the record *name* is told in."""
        return self.lang if isinstance(self.lang, str) else self.lang(name)

    def told(self, name: str, lang: str | None = None) -> list[tuple[str, str]]:
        """The findings of the record *name*, worded in *lang* (its own)."""
        return findings(self.read(name), lang or self.language(name))

    def twin_text(self, name: str) -> str:
        """The clean twin of the record *name*, with its tail."""
        return self.read(self.twin(name)) + self.twin_tails.get(name, "")

    def golden(self) -> str:
        """The text of the campaign's ``messages.golden.txt``."""
        return golden_text(sorted(self.refused), self.told)


def offered_line(said: str) -> str:
    """The line a message *said* offers (its last :data:`WRITE_ANY`)."""
    *_, last = WRITE_ANY.finditer(said)
    return next(g for g in last.groups() if g is not None)


class CampaignTests:
    """The tests every campaign makes (a test file's ``class
    TestX(CampaignTests): campaign = ...``, with ``pytest_generate_tests =
    campaign_parameters`` in its module for the records of each)."""

    campaign: ClassVar[Campaign]

    def test_every_record_is_listed(self) -> None:
        c = self.campaign
        assert_all_listed(c.data, {*c.clean, *c.same, *c.refused, *c.others})
        typed = {*c.same, *c.refused}
        for lang, least in c.at_least.items():
            assert sum(lang in ("*", c.language(n)) for n in typed) >= least, lang

    def test_a_record_read_is_its_twin(self, name: str) -> None:
        text = self.campaign.read(name)
        for typed, clean in self.campaign.same[name]:
            text = text.replace(typed, clean)
        assert_read_as_twin(text, self.campaign.twin_text(name), self.campaign.language(name))

    def test_a_record_refused_is_told_once_where_it_is(self, name: str) -> None:
        assert [at for at, _ in self.campaign.told(name)] == list(self.campaign.refused[name])

    def test_this_rounds_slips_are_told_with_the_form_to_write(self, name: str) -> None:
        said = self.campaign.told(name)
        assert any(self.campaign.new[name] in text for _, text in said), said

    def test_the_messages_in_english_and_french_are_the_golden_ones(self) -> None:
        golden = self.campaign.data / "messages.golden.txt"
        assert self.campaign.golden() == golden.read_text(encoding="utf-8")

    def test_the_line_offered_reads(self, name: str) -> None:
        c = self.campaign
        text, lang = c.read(name), c.language(name)
        [(at, said)] = findings(text, lang)
        lines = text.split("\n")
        lines[int(at.split(":")[0]) - 1] = offered_line(said)
        fixed = "\n".join(lines)
        assert findings(fixed, lang) == []
        if name in c.offered_twin:
            assert same_record(fixed, c.twin_text(name))


#: The records each of :class:`CampaignTests`' tests runs on.
_RECORDS: dict[str, Callable[[Campaign], Sequence[str]]] = {
    "test_a_record_read_is_its_twin": lambda c: sorted(c.same),
    "test_a_record_refused_is_told_once_where_it_is": lambda c: sorted(c.refused),
    "test_this_rounds_slips_are_told_with_the_form_to_write": lambda c: sorted(c.new),
    "test_the_line_offered_reads": lambda c: list(c.offered),
}


def twin_by_head(twins: Mapping[str, str]) -> Callable[[str], str]:
    """A campaign's *twin* rule when a record's name starts with its twin's
    head and a dash (``partie-…`` typed from ``partie-propre``): the rule
    of typed26, typed27 and typed29, written once."""
    def twin(name: str) -> str:
        return next(clean for head, clean in twins.items() if name.startswith(f"{head}-"))
    return twin


def english_if_en(name: str) -> str:
    """A campaign's *lang* rule when English records' names start with
    ``en-`` and the others are French."""
    return "en" if name.startswith("en-") else "fr"


def campaign_parameters(metafunc: pytest.Metafunc) -> None:
    """``pytest_generate_tests`` of a campaign's test module: each of
    :class:`CampaignTests`' tests that takes a ``name`` runs on its records."""
    cls = metafunc.cls
    if cls is not None and issubclass(cls, CampaignTests) and metafunc.function.__name__ in _RECORDS:
        metafunc.parametrize("name", _RECORDS[metafunc.function.__name__](cls.campaign))
