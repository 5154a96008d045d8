"""Hostile text in every page the program writes (docs/robustness.md, "Text in
pages"): a record whose names, tags and comments hold markup, a closing script
tag, comment and CDATA ends, a ``javascript:`` URL, a closing style tag,
attribute-breaking quotes, U+2028/2029, a bidirectional override and control
characters.  Each page must keep its own structure (only the elements and
attributes it writes itself, no event handler), show the text as typed (its
controls as the visible escapes every output uses) and, for the SVG, stay
well-formed XML.  The cheap tests parse the pages; the browser test (marked
``long``) opens them in headless Chromium and checks that nothing ran."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from hearts_notation.cli import cli
from hearts_notation.io import read_games, write_atomic
from hearts_notation.output import escape_controls
from hearts_notation.render.html import render_html
from hearts_notation.render.story import build_game
from hearts_notation.render.trainer import render_trainer

ROOT = Path(__file__).resolve().parents[1]
MOON = ROOT / "tests" / "data" / "replay" / "moon.hrn"

#: One text made of every way out of a context a page has.
PAYLOAD = ("<script>window.__pwned=1</script>\"><img src=x onerror=window.__pwned=2>"
           "'><svg onload=window.__pwned=3></script><!-- ]]> javascript:window.__pwned=4 "
           "</style><b>bold</b> \u2028\u2029 \u202eRTL\u202c a\x01\x1b\x7f\x9bb {{DATA}} &amp;")
#: What a reader sees of it: its controls and overrides as escapes, as on a terminal.
SHOWN = escape_controls(PAYLOAD)
#: The plain text the pages are compared with.
PLAIN = "Plain text"
#: Characters no page may carry raw (the control characters and the
#: bidirectional overrides of the record).
RAW = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _hrn(text: str) -> str:
    # (U+2028 and U+2029 end a line of HRN since typed16: written escaped, as
    # the writers write them; the reader gives back the raw characters)
    return _breaks(text.replace("\\", "\\\\").replace('"', '\\"'))


def _breaks(text: str) -> str:
    return text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def hostile_record(tmp_path: Path, text: str = PAYLOAD) -> Path:
    """moon.hrn with *text* as its Event, Site, Annotator, North's name and
    the comment of the first card."""
    rec = MOON.read_text(encoding="utf-8")
    tags = "".join(f'[{t} "{_hrn(text)}"]\n' for t in ("Event", "Site", "Annotator"))
    rec = rec.replace('[Event "Replay test: a moon"]\n', tags)
    rec = rec.replace('[North "Nora"]', f'[North "{_hrn(text)}"]')
    rec = rec.replace("1. E 2♣", "1. E 2♣ {" + _breaks(text.replace("}", ")")) + "}")
    tmp_path.mkdir(exist_ok=True)
    path = tmp_path / "hostile.hrn"
    path.write_text(rec, encoding="utf-8")
    return path


class _Page(HTMLParser):
    """The elements, attributes and text of an HTML page as a browser parses it."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.attrs: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.attrs += [a for a, _ in attrs]

    def handle_data(self, data: str) -> None:
        self.text.append(data)

    def handle_comment(self, data: str) -> None:
        raise AssertionError(f"a comment in the page: {data[:80]!r}")


def parse(page: str) -> _Page:
    p = _Page()
    p.feed(page)
    p.close()
    return p


def assert_inert(page: str, like: str) -> _Page:
    """*page* has the elements and attributes of *like*, the same page made
    from a record with a plain text in place of the payload (no element nor
    event handler of the payload), and no raw control."""
    p, plain = parse(page), parse(like)
    assert p.tags == plain.tags
    assert p.attrs == plain.attrs
    assert not [a for a in p.attrs if a.startswith("on")]
    assert RAW.search(page) is None, RAW.findall(page)[:5]
    return p


def run(*args: str) -> str:
    r = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    assert r.exit_code in (0, 1), r.output
    return r.stdout


def spaced(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def strings(value: Any) -> list[str]:
    """Every string of a page's data."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return []


def replay_data(page: str) -> Any:
    m = re.search(r'<script type="application/json" id="[a-z-]+-data">(.*?)</script>', page, re.S)
    assert m, "no data element"
    blob = m.group(1)
    assert "<" not in blob and "\u2028" not in blob and "\u2029" not in blob
    return json.loads(blob)


def test_score_sheet_and_standings_show_the_text(tmp_path: Path) -> None:
    src, plain = str(hostile_record(tmp_path)), str(hostile_record(tmp_path / "p", PLAIN))
    for cmd in ("score", "standings"):
        page = run(cmd, src, "--format", "html")
        text = "".join(assert_inert(page, run(cmd, plain, "--format", "html")).text)
        assert spaced(SHOWN) in spaced(text)      # (standings join a name's spaces)


def test_replay_page_shows_the_text_and_keeps_its_two_scripts(tmp_path: Path) -> None:
    """``replay --html``: the title escaped as markup with its controls shown,
    the data inert in its script element and holding the text as the page
    shows it (controls and overrides as escapes, as in the score sheet)."""
    out, plain = tmp_path / "r.html", tmp_path / "p.html"
    run("replay", str(hostile_record(tmp_path)), "--html", str(out))
    run("replay", str(hostile_record(tmp_path / "p", PLAIN)), "--html", str(plain))
    page = out.read_text(encoding="utf-8")
    assert parse(page).tags.count("script") == 2
    assert_inert(page, plain.read_text(encoding="utf-8"))
    title = re.search(r"<title>(.*?)</title>", page, re.S)
    assert title and parse(title.group(1)).text == [SHOWN]
    data = replay_data(page)
    game = data["games"][0]
    assert game["title"].startswith(SHOWN) and game["names"]["N"] == SHOWN
    assert escape_controls(PAYLOAD.replace("}", ")")) in strings(data)      # the comment


def test_trainer_page_keeps_its_two_scripts() -> None:
    """The puzzle trainer (``hearts puzzles -o trainer.html``) goes through
    the replay's page writer: a puzzle's event, file and players stay data."""
    def puzzle(text: str) -> dict[str, Any]:
        return {"id": "p1", "theme": text, "position": "x", "event": text, "date": text,
                "file": text, "player": text, "players": {"N": text}, "seats": ["N"]}
    page = render_trainer([puzzle(PAYLOAD)], "en")
    assert parse(page).tags.count("script") == 2
    assert_inert(page, render_trainer([puzzle(PLAIN)], "en"))
    assert replay_data(page)["puzzles"][0]["event"] == SHOWN


def test_diagram_svg_is_well_formed_and_shows_the_text(tmp_path: Path) -> None:
    svg = run("diagram", str(hostile_record(tmp_path)), "--trick", "2", "-o", "-")
    assert RAW.search(svg) is None
    root = ET.fromstring(svg)              # well-formed XML, or this raises
    ns = "{http://www.w3.org/2000/svg}"
    tags = {e.tag.removeprefix(ns) for e in root.iter()}
    assert tags <= {"svg", "title", "rect", "text", "g", "circle", "path", "line", "ellipse"}, tags
    assert not [a for e in root.iter() for a in e.attrib if a.startswith("on")]
    assert any(SHOWN in (e.text or "") for e in root.iter(ns + "text"))


def test_a_name_as_long_as_a_line_stays_text(tmp_path: Path) -> None:
    """A name of 60,000 ``<`` (under the line limit, 65,536): every one
    escaped in the sheet and the replay's data, none of them markup."""
    name = "<" * 60_000
    src, plain = hostile_record(tmp_path, name), hostile_record(tmp_path / "p", PLAIN)
    sheet = run("score", str(src), "--format", "html")
    assert_inert(sheet, run("score", str(plain), "--format", "html"))
    assert "&lt;" * 60_000 in sheet
    page = render_html([build_game(g) for g in read_games(str(src))])
    assert_inert(page, render_html([build_game(g) for g in read_games(str(plain))]))
    assert replay_data(page)["games"][0]["names"]["N"] == name


@pytest.mark.browser
@pytest.mark.long
def test_pages_in_a_browser_run_nothing_and_show_the_text(driver: Any, tmp_path: Path,
                                                          puzzle_set_text: str) -> None:
    """In headless Chromium: the replay page, the score sheet, the trainer
    and the diagram run none of the payload's scripts nor handlers, fetch
    nothing, and show the text as typed (its controls as escapes)."""
    from selenium.webdriver.common.by import By
    from test_replay_browser import assert_clean, open_page, press

    src = hostile_record(tmp_path)
    replay = tmp_path / "r.html"
    run("replay", str(src), "--html", str(replay))
    open_page(driver, replay.as_uri(), (1280, 800))
    notes = []
    for _ in range(8):                     # step on to E's 2♣, with the comment
        press(driver, "\ue014")
        notes.append(driver.execute_script("return document.getElementById('note').textContent"))
    assert any(escape_controls(PAYLOAD.replace("}", ")")) in n for n in notes), notes
    assert driver.execute_script("return window.__pwned") is None
    assert "\\u202eRTL\\u202c a\\x01\\x1b\\x7f\\x9bb" in driver.execute_script("return document.title")
    assert driver.execute_script("return document.getElementById('title').textContent").startswith(SHOWN)
    assert driver.find_elements(By.TAG_NAME, "img") == []
    assert_clean(driver, replay.as_uri())

    sheet = tmp_path / "s.html"
    write_atomic(str(sheet), run("score", str(src), "--format", "html"))
    open_page(driver, sheet.as_uri(), (1280, 800))
    assert driver.execute_script("return window.__pwned") is None
    assert SHOWN in driver.execute_script("return document.body.textContent")
    assert driver.find_elements(By.TAG_NAME, "img") == []
    assert_clean(driver, sheet.as_uri())

    real = json.loads(puzzle_set_text)["puzzles"][0]
    puzzle = dict(real, event=PAYLOAD, file=PAYLOAD, player=PAYLOAD,
                  players={s: PAYLOAD for s in real["players"]})
    trainer = tmp_path / "t.html"
    write_atomic(str(trainer), render_trainer([puzzle], "en"))
    open_page(driver, trainer.as_uri(), (1280, 800))
    assert driver.execute_script("return window.__pwned") is None
    assert SHOWN in driver.execute_script("return document.body.textContent")
    assert driver.find_elements(By.TAG_NAME, "img") == []
    assert_clean(driver, trainer.as_uri())

    svg = tmp_path / "d.svg"
    write_atomic(str(svg), run("diagram", str(src), "--trick", "2", "-o", "-"))
    open_page(driver, svg.as_uri(), (1280, 800))
    assert driver.execute_script("return document.documentElement.localName") == "svg"
    assert driver.execute_script("return document.getElementsByTagName('parsererror').length") == 0
    assert driver.execute_script("return window.__pwned") is None
    assert SHOWN in driver.execute_script("return document.documentElement.textContent")


def test_a_rule_name_in_a_finding_stays_text(tmp_path: Path) -> None:
    """An unknown rule option is quoted in the referee's finding, on the
    score sheet and in the replay's data: text there too."""
    def record(name: str, folder: Path) -> Path:
        path = hostile_record(folder, PLAIN)
        rec = path.read_text(encoding="utf-8")
        path.write_text(rec.replace('[Rules "standard pass_cycle=hold"]',
                                    f'[Rules "standard pass_cycle=hold {_hrn(name)}=1"]'),
                        encoding="utf-8")
        return path

    # One option: no blank (U+2028/2029 are blanks to the rules), no '='.
    name = re.sub(r"\s", "", PAYLOAD).replace("=", ":")
    evil, plain = record(name, tmp_path), record("qqqqqq", tmp_path / "p")
    sheet = run("score", str(evil), "--format", "html")
    text = "".join(assert_inert(sheet, run("score", str(plain), "--format", "html")).text)
    assert escape_controls(name[name.index("</style>"):]) in text     # (its quote is quoted)
    page = render_html([build_game(g) for g in read_games(str(evil))])
    assert_inert(page, render_html([build_game(g) for g in read_games(str(plain))]))
