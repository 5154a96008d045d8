"""The HTML page without a browser: self-contained, data computed in Python
(the legal cards are the engine's), text never interpreted as HTML."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from hearts_notation.cards import cards_of, display_order
from hearts_notation.engine import legal_plays
from hearts_notation.io import read_games
from hearts_notation.render.html import page_data, render_html
from hearts_notation.render.story import build_game
from hearts_notation.walk import walk

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "replay"


def games(path: Path) -> list[Any]:
    return [build_game(g) for g in read_games(str(path))]


def embedded(page: str) -> dict[str, Any]:
    m = re.search(r'<script type="application/json" id="replay-data">(.*?)</script>', page, re.S)
    assert m
    data: dict[str, Any] = json.loads(m.group(1))
    return data


def test_page_is_self_contained() -> None:
    page = render_html(games(ROOT / "samples" / "commented-example.hrn"), "fr")
    assert "<style>" in page and "function" in page and "<svg" in page
    # No network: no external script, stylesheet, image or font.
    assert not re.search(r'<(script|link|img|iframe)[^>]+(src|href)="(https?:)?//', page)
    assert "@import" not in page and "url(http" not in page
    assert "{{" not in page and "/*{{" not in page


def test_legal_cards_are_the_engines() -> None:
    facts = games(ROOT / "samples" / "commented-example.hrn")
    data = page_data(facts, "en")
    steps = data["games"][0]["deals"][0]["steps"]
    g = facts[0]
    deal = g.game.deals[0]
    walked = list(walk(deal, g.rules, g.seats))
    plays = [s for s in steps if s["kind"] == "play"]
    assert len(plays) == 52
    # The step before each play names that play's seat and its legal cards.
    before = [s for s in steps if s["kind"] == "received"] + plays[:-1]
    for st, w in zip(before, walked, strict=True):
        assert st["next"] == g.seats[w.seat]
        assert w.hand is not None
        expect = legal_plays(g.rules, w.hand, w.led_suit, w.first_trick, w.hearts_broken)
        assert st["legal"] == [str(c) for c in display_order(cards_of(expect))]
    assert plays[-1]["next"] is None
    # The first lead: only 2♣; trick 1 for Ada (holding clubs): clubs only.
    assert before[0]["legal"] == ["2C"]
    assert set(before[3]["legal"]) == {"AC", "QC", "JC", "6C", "3C"}


def test_steps_cover_passes_and_tricks() -> None:
    data = page_data(games(ROOT / "samples" / "commented-example.hrn"), "fr")
    steps = data["games"][0]["deals"][0]["steps"]
    kinds = [s["kind"] for s in steps]
    assert kinds[:6] == ["deal", "pass", "pass", "pass", "pass", "received"]
    assert kinds.count("play") == 52
    first_pass = steps[1]
    assert first_pass["seat"] == "N" and first_pass["to"] == "E"
    assert first_pass["cards"] == ["QS", "AS", "KH"] and "Vous passez" in first_pass["text"]
    ends = [s["end"] for s in steps if s["kind"] == "play" and s["end"]]
    assert len(ends) == 13
    assert ends[2]["winner"] == "S" and ends[2]["points"] == 13
    assert ends[-1]["running"] == {"N": 3, "E": 4, "S": 16, "W": 3}
    broken = [s for s in steps if s.get("broken")]
    assert len(broken) == 1 and broken[0]["card"] == "KH"
    assert data["games"][0]["deals"][0]["score"]["totals"] == {"N": 3, "E": 4, "S": 16, "W": 3}


def test_observer_and_three_players_and_moon() -> None:
    obs = page_data(games(ROOT / "samples" / "variante-retenue-example.hrn"))["games"][0]["deals"][0]
    assert all(h is None for h in obs["steps"][0]["hands"].values())
    assert all(s["legal"] is None for s in obs["steps"])
    three = page_data(games(DATA / "three-players.hrn"))["games"][0]
    assert three["seats"] == ["P1", "P2", "P3"] and three["handSize"] == 17
    moon = page_data(games(DATA / "moon.hrn"))["games"][0]["deals"][0]
    assert moon["score"]["moon"]["seat"] == "S"


def test_multi_game_picker_data() -> None:
    data = page_data(games(ROOT / "samples" / "multi-game.hrn"))
    labels = [d["label"] for g in data["games"] for d in g["deals"]]
    assert len(labels) > 2 and labels[0].startswith("Game 1 · Deal")


def test_comment_text_cannot_break_out_of_the_page() -> None:
    g = next(iter(read_games(str(ROOT / "samples" / "commented-example.hrn"))))
    deal = g.deals[0]
    evil = "</script><script>alert(1)</script><!-- & <b>bold</b>"
    t0 = deal.tricks[0]
    plays = (replace(t0.plays[0], comment=evil), *t0.plays[1:])
    g2 = replace(g, deals=(replace(deal, tricks=(replace(t0, plays=plays), *deal.tricks[1:])),))
    page = render_html([build_game(g2)])
    assert "alert(1)</script>" not in page and "<b>bold</b>" not in page
    data = embedded(page)
    assert evil in json.dumps(data, ensure_ascii=False)
    # The script inserts texts with textContent only.
    js = page[page.index("(function () {"):]
    assert "innerHTML" not in js and "insertAdjacentHTML" not in js
