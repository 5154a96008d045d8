"""Helper score25: score's leftovers.

* ``scored.record_reads`` hands each record the compact check did not
  accept as a :class:`~hearts_notation.scored.ReadGame`, which the caller
  reads again with the places of its values when it needs them (``score``:
  a JSON record with findings); no predicate remembering its last game;
* the HTML score sheet tells the reader's notices (a key given twice...)
  as the text table does, escaped, in English and French;
* a usage error's usage line is the help page's, with its translated
  metavars, and a missing argument is named by them.

Goldens in tests/data/score25/golden/ (``--update-golden`` rewrites them).
"""

from __future__ import annotations

import html
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner
from clirun import run

from hearts_notation.app import cli
from hearts_notation.runners.local import iter_batches

DATA = Path(__file__).parent / "data" / "score24"
GOLDEN = Path(__file__).parent / "data" / "score25" / "golden"
ENGLISH = {"LANG": "C", "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": ""}
FRENCH = {"LANG": "fr_FR.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": ""}


def _golden(name: str, text: str, update: bool) -> None:
    path = GOLDEN / name
    if update:
        GOLDEN.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


# 1. record_reads: the caller decides whether to read a record again with places


def test_record_reads_leaves_the_places_to_the_caller() -> None:
    from hearts_notation.api import score
    from hearts_notation.scored import ReadGame, record_reads

    (batch,) = list(iter_batches([str(DATA / "score-disagrees.json")]))
    (rec,) = list(record_reads(batch, None, False))
    assert isinstance(rec, ReadGame) and rec.relocatable
    # read once without the places: the disagreement at the record's start
    (found,) = score(rec.game).findings
    assert (found.code, found.line) == ("score-mismatch", 1)
    (placed,) = score(rec.located()).findings
    assert (placed.code, placed.line, placed.column) == ("score-mismatch", 385, 16)
    # a YAML game has its places already: nothing to read again
    (batch,) = list(iter_batches([str(DATA / "score-disagrees.yaml")]))
    (rec,) = list(record_reads(batch, None, False))
    assert isinstance(rec, ReadGame) and not rec.relocatable and rec.located() is rec.game


# 2. the HTML sheet tells the reader's notices


def _notices_block(page: str) -> str:
    m = re.search(r'<p class="notices">.*?</ul>', page, re.S)
    assert m is not None, page[-2000:]
    return m.group(0).replace(str(DATA) + "/", "") + "\n"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_html_sheet_tells_the_notices(lang: str, update_golden: bool) -> None:
    path = str(DATA / "duplicate-key.json")
    code, page = run("score", "--format", "html", "--lang", lang, path)
    assert code == 0, page          # a notice does not change the status
    block = _notices_block(page)
    _golden(f"sheet-notices.{lang}.html", block, update_golden)
    # the very line the text table prints under the game (one wording)
    _, text = run("score", "--lang", lang, path)
    told = [ln for ln in text.splitlines() if ln.endswith("[duplicate-key]")]
    shown = re.findall(r'<li class="error">(.*?)</li>', block)
    assert [html.unescape(t) for t in shown] == [t.replace(str(DATA) + "/", "") for t in told]
    # with two workers, the same page
    assert run("score", "--format", "html", "--lang", lang, "--jobs", "2", path) == (code, page)
    # a game without notices: no such block
    _, clean = run("score", "--format", "html", "--lang", lang, str(DATA / "clean.json"))
    assert 'class="notices"' not in clean.split("</style>")[1]


class _Page(HTMLParser):
    """The elements, attributes and text of a page as a browser parses it."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.attrs: list[tuple[str, str | None]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.attrs += attrs

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def _parsed(page: str) -> _Page:
    p = _Page()
    p.feed(page)
    p.close()
    return p


def test_html_notices_are_text_never_markup(tmp_path: Path) -> None:
    """A notice names its file: a file name that is markup stays text."""
    hostile = tmp_path / "<img src=x onerror=alert(1)>.json"
    plain = tmp_path / "plain.json"
    for p in (hostile, plain):
        shutil.copyfile(DATA / "duplicate-key.json", p)
    pages = [_parsed(run("score", "--format", "html", str(p))[1]) for p in (hostile, plain)]
    assert pages[0].tags == pages[1].tags and pages[0].attrs == pages[1].attrs
    told = [t for t in pages[0].text if t.endswith("[duplicate-key]")]
    assert len(told) == 1 and told[0].startswith(f"{hostile}:135:25: error: ")


# 3. a usage error's usage line is the help page's


def _invoke(args: list[str], env: dict[str, str]) -> tuple[int, str, str]:
    r = CliRunner().invoke(cli, args, prog_name="hearts", terminal_width=80, env=env)
    return r.exit_code, r.stdout, r.stderr


@pytest.mark.parametrize(("name", "args"), [
    ("score-missing", ["score"]),
    ("score-bad-value", ["score", "--game", "x", "a.json"]),
    ("validate-missing", ["validate"]),
    ("replay-missing", ["replay"]),
    ("group-unknown", ["scor"]),
])
def test_usage_error_has_the_page_usage_line(name: str, args: list[str],
                                              update_golden: bool) -> None:
    for lang, env in (("en", ENGLISH), ("fr", FRENCH)):
        code, _, said = _invoke(args, env)
        assert code == 2, said
        _golden(f"usage-{name}.{lang}.txt", said, update_golden)
        # the first line of the error is the help page's usage line
        page_args = [*args[:1], "--help"] if args[0] != "scor" else ["--help"]
        _, page, _ = _invoke(page_args, env)
        assert said.splitlines()[0] == page.splitlines()[0]
