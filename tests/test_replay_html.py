"""The HTML page without a browser: self-contained, strict CSP, data
computed in Python (the legal cards are the engine's), every text of the
record escaped, the page's words from one table, annotate's report merged."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from hearts_notation.cards import cards_of, display_order, mask_of, parse_card
from hearts_notation.io import read_games
from hearts_notation.render.html import page_data, record_language, render_html
from hearts_notation.render.page_strings import STRINGS, page_strings
from hearts_notation.render.story import build_game
from hearts_notation.state import GameState
from hearts_notation.walk import walk

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "replay"
RENDER = ROOT / "hearts_notation" / "render"


def games(path: Path) -> list[Any]:
    return [build_game(g) for g in read_games(str(path))]


def embedded(page: str) -> dict[str, Any]:
    m = re.search(r'<script type="application/json" id="replay-data">(.*?)</script>', page, re.S)
    assert m
    data: dict[str, Any] = json.loads(m.group(1))
    return data


def pairs(s: str | None) -> list[str]:
    return [s[i:i + 2] for i in range(0, len(s or ""), 2)]


def test_page_is_self_contained_with_a_strict_csp() -> None:
    page = render_html(games(ROOT / "samples" / "commented-example.hrn"), "fr")
    assert "<style>" in page and "function" in page and "<svg" in page
    # No network: no external script, stylesheet, image or font.
    assert not re.search(r'<(script|link|img|iframe)[^>]+(src|href)="(https?:)?//', page)
    assert "@import" not in page and "url(" not in page.replace("url(#", "")
    assert "{{" not in page
    csp = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', page)
    assert csp
    policy = dict(part.strip().split(" ", 1) for part in csp.group(1).split(";"))
    assert policy["default-src"] == "'none'"
    # The inline script and style are allowed by their hashes, nothing else.
    style = re.search(r"<style>(.*?)</style>", page, re.S)
    script = re.search(r"<script>(.*?)</script>", page, re.S)
    assert style and script

    def digest(text: str) -> str:
        return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"

    assert policy["script-src"] == digest(script.group(1))
    assert policy["style-src"] == digest(style.group(1))
    assert "unsafe-inline" not in csp.group(1) and "unsafe-eval" not in csp.group(1)
    # No inline handlers or style attributes that the policy would block.
    assert not re.search(r"\son[a-z]+=", page) and ' style="' not in page


def test_legal_cards_are_the_game_states() -> None:
    """At every step, the seat to move and its legal cards are those of the
    one game state (:class:`hearts_notation.state.GameState`), replayed
    card by card from the hands played from."""
    facts = games(ROOT / "samples" / "commented-example.hrn")
    data = page_data(facts, "en")
    steps = data["games"][0]["deals"][0]["steps"]
    g = facts[0]
    df = g.deals[0]
    hands = [mask_of(df.played_from[s] or ()) for s in g.seats]
    gs = GameState(g.rules, hands)
    plays = [s for s in steps if s["k"] == "play"]
    assert len(plays) == 52
    # The step before each play names that play's seat and its legal cards.
    before = [s for s in steps if s["k"] == "received"] + plays[:-1]
    for st, pl in zip(before, plays, strict=True):
        assert st["n"] == g.seats[gs.to_play] == pl["s"]
        assert pairs(st["l"]) == [str(c) for c in display_order(cards_of(gs.legal_cards()))]
        gs.push(parse_card(pl["c"]))
    assert gs.is_over and plays[-1]["n"] is None
    assert pairs(before[0]["l"]) == ["2C"]
    assert set(pairs(before[3]["l"])) == {"AC", "QC", "JC", "6C", "3C"}
    # And the walk the replays are built on agrees with it.
    walked = list(walk(g.game.deals[0], g.rules, g.seats))
    assert [g.seats[w.seat] for w in walked] == [p["s"] for p in plays]


def test_steps_cover_passes_and_tricks() -> None:
    data = page_data(games(ROOT / "samples" / "commented-example.hrn"), "fr")
    steps = data["games"][0]["deals"][0]["steps"]
    kinds = [s["k"] for s in steps]
    assert kinds[:6] == ["deal", "pass", "pass", "pass", "pass", "received"]
    assert kinds.count("play") == 52
    first_pass = steps[1]
    assert first_pass["s"] == "N" and first_pass["to"] == "E"
    assert pairs(first_pass["c"]) == ["QS", "AS", "KH"] and "Vous passez" in first_pass["x"]
    ends = [s["e"] for s in steps if s.get("e")]
    assert len(ends) == 13
    assert ends[2]["w"] == "S" and ends[2]["p"] == 13
    assert ends[-1]["r"] == [3, 4, 16, 3]
    broken = [s for s in steps if s.get("b")]
    assert len(broken) == 1 and broken[0]["c"] == "KH"
    assert data["games"][0]["deals"][0]["score"]["totals"] == [3, 4, 16, 3]
    assert data["cards"]["QS"] == "D♠" and data["cards"]["TH"] == "10♥"
    # No filler: a card without a comment has no comment key at all.
    assert all("cm" not in s or s["cm"] for s in steps)
    assert not any("Pas de commentaire" in json.dumps(s, ensure_ascii=False) for s in steps)


def test_observer_and_three_players_and_moon() -> None:
    obs = page_data(games(ROOT / "samples" / "variante-retenue-example.hrn"))["games"][0]["deals"][0]
    assert all(h is None for h in obs["steps"][0]["h"].values())
    assert all(s.get("l") is None for s in obs["steps"])
    three = page_data(games(DATA / "three-players.hrn"))["games"][0]
    assert three["seats"] == ["P1", "P2", "P3"] and three["handSize"] == 17
    moon = page_data(games(DATA / "moon.hrn"))["games"][0]["deals"][0]
    assert moon["score"]["moon"]["seat"] == "S"


def test_multi_game_picker_data() -> None:
    data = page_data(games(ROOT / "samples" / "multi-game.hrn"))
    labels = [d["label"] for g in data["games"] for d in g["deals"]]
    assert len(labels) > 2 and labels[0].startswith("Game 1 · Deal")


EVIL = "</script><script>alert(1)</script><!-- & <b>bold</b> \u2028 {{DATA}} {{JS}}"


def test_record_text_cannot_break_out_of_the_page() -> None:
    """Comments, names and tags with markup, a closing script tag, a
    template placeholder: escaped in the title, inert in the JSON."""
    g = next(iter(read_games(str(ROOT / "samples" / "commented-example.hrn"))))
    deal = g.deals[0]
    t0 = deal.tricks[0]
    plays = (replace(t0.plays[0], comment=EVIL), *t0.plays[1:])
    g2 = replace(g, deals=(replace(deal, tricks=(replace(t0, plays=plays), *deal.tricks[1:]),
                                   comment=EVIL),),
                 tags={**g.tags, "Event": EVIL, "Site": EVIL},
                 players={**g.players, "N": EVIL}, comment=EVIL)
    page = render_html([build_game(g2)])
    assert "alert(1)</script>" not in page and "<b>bold</b>" not in page and "<!--" not in page
    assert page.count("</script>") == 2 and page.count("<script") == 2
    title = re.search(r"<title>(.*?)</title>", page, re.S)
    assert title and "&lt;/script&gt;" in title.group(1) and "{{DATA}}" in title.group(1)
    blob = re.search(r'id="replay-data">(.*?)</script>', page, re.S)
    assert blob and "\u2028" not in blob.group(1) and "\\u2028" in blob.group(1)
    data = embedded(page)
    text = json.dumps(data, ensure_ascii=False)
    assert EVIL in text
    assert data["games"][0]["names"]["N"] == EVIL
    # The script inserts texts with textContent only.
    js = (RENDER / "replay.js").read_text(encoding="utf-8")
    assert "innerHTML" not in js and "insertAdjacentHTML" not in js and "document.write" not in js
    assert "eval(" not in js and "new Function" not in js


def test_annotate_report_is_merged_with_the_marks() -> None:
    facts = games(DATA / "commented-annotated.hrn")
    report = json.loads((DATA / "commented-annotated.json").read_text(encoding="utf-8"))
    data = page_data(facts, "fr", [g["decisions"] for g in report["games"]])
    steps = data["games"][0]["deals"][0]["steps"]
    marked = [s for s in steps if s.get("m")]
    assert [(s["k"], s["s"], s["m"]) for s in marked] == [
        ("pass", "E", "?"), ("play", "N", "!"), ("play", "E", "?"), ("play", "N", "?!"),
        ("play", "E", "?!")]
    e3c = marked[2]
    why = "3♣ coûte 3,2 point(s) en moyenne ; A♣ était meilleur."
    assert e3c["c"] == "3C" and e3c["a"] == {"epl": "3,2", "se": "1,1", "best": "AC", "why": why}
    assert "cm" not in e3c        # the record's comment was only the analysis's sentence
    n3h = marked[3]
    assert n3h["cm"].startswith("Sans pique en main") and "coûte" not in n3h["cm"]
    assert "a" not in marked[1]   # the commentator's own "!" has no loss
    # The original record with the report: the marks come from the report.
    original = page_data(games(ROOT / "samples" / "commented-example.hrn"), "fr",
                         [g["decisions"] for g in report["games"]])["games"][0]["deals"][0]["steps"]
    assert [s.get("m") for s in original] == [s.get("m") for s in steps]
    assert [s["a"] for s in original if "a" in s] == [s["a"] for s in steps if "a" in s]
    # Without the report the record's marks and comments are still drawn.
    plain = page_data(facts, "fr")["games"][0]["deals"][0]["steps"]
    assert [s.get("m") for s in plain] == [s.get("m") for s in steps]
    assert all("a" not in s for s in plain)


def test_the_pages_words_come_from_one_table() -> None:
    assert set(STRINGS["en"]) == set(STRINGS["fr"])
    assert page_strings("xx") == STRINGS["en"]
    data = page_data(games(ROOT / "samples" / "commented-example.hrn"), "fr")
    assert data["labels"] == page_strings("fr")
    # Every label the script uses exists in the table.
    js = (RENDER / "replay.js").read_text(encoding="utf-8")
    used = set(re.findall(r"\bL\.([a-z_]+)", js)) | set(re.findall(r'L\["([a-z_]+)', js))
    used -= {"severity_", "mark_"}
    assert used and used <= set(STRINGS["en"]), used - set(STRINGS["en"])
    # ... and the script itself says nothing in a language.
    assert not re.search(r'"(Deal|Step|Trick|Scores?|Winners?|Forward|Show|No comment|Mistake)\b', js)


def test_record_language() -> None:
    fr = games(DATA / "commented-annotated.hrn")[0]
    assert record_language(fr) == "fr"
    assert record_language(games(ROOT / "samples" / "commented-example.hrn")[0]) is None
    g = next(iter(read_games(str(ROOT / "samples" / "commented-example.hrn"))))
    assert record_language(build_game(replace(g, tags={**g.tags, "Language": "English"}))) == "en"
    assert record_language(build_game(replace(g, tags={**g.tags, "Language": "fr_FR"}))) == "fr"


def test_twenty_deal_page_is_small(tmp_path: Path) -> None:
    record = tmp_path / "g20.hrn"
    subprocess.run([sys.executable, "-m", "hearts_notation", "generate", "--games", "1", "--seed", "5",
                    "--rules", "standard target=1000", "--deals-per-game", "20", "-j", "1",
                    "-o", str(record)], check=True, cwd=ROOT, capture_output=True)
    facts = games(record)
    assert len(facts[0].deals) == 20
    page = render_html(facts)
    assert len(page.encode("utf-8")) < 400_000


def _summary_of(report: dict[str, Any], evil: str = "") -> dict[str, Any]:
    """A learner's report in the shape of annotate's JSON ``summary``, from
    the marked decisions of *report* (the costliest: the three largest
    losses), with *evil* appended to the first one's reason."""
    decisions = report["games"][0]["decisions"]
    marked = sorted((d for d in decisions if d["mark"]), key=lambda d: -d["epl"])[:3]
    costliest = [dict(d) for d in marked]
    costliest[0]["comment"] = (costliest[0]["comment"] or "") + evil
    seats = sorted({d["seat"] for d in decisions})
    players = [{"seat": s, "decisions": 12, "average_loss": 0.41, "accuracy": 91.7, "marks": {}}
               for s in seats]
    return {"players": players, "costliest": costliest}


def test_the_learners_report_is_on_the_page() -> None:
    """annotate's summary: per player the decisions, the points lost per
    decision and the accuracy, in the page's language; the three costliest
    decisions with their place, mark, loss and reason, and their steps
    marked (cost 1, 2, 3) so that the page can jump to them."""
    facts = games(DATA / "commented-annotated.hrn")
    report = json.loads((DATA / "commented-annotated.json").read_text(encoding="utf-8"))
    summary = _summary_of(report)
    data = page_data(facts, "fr", [g["decisions"] for g in report["games"]], [summary])
    rep = data["games"][0]["report"]
    assert [p["who"] for p in rep["players"]] == [facts[0].name(s) for s in sorted(facts[0].seats)]
    assert {(p["n"], p["avg"], p["acc"]) for p in rep["players"]} == {(12, "0,41", "92 %")}
    assert [c["r"] for c in rep["costly"]] == [1, 2, 3]
    first = summary["costliest"][0]
    where = ("passe" if first["trick"] is None else f"pli {first['trick']}")
    assert rep["costly"][0]["x"].startswith(f"Donne {first['deal']}, {where}, ")
    assert rep["costly"][0]["m"] == first["mark"] and "en moyenne" in rep["costly"][0]["loss"]
    assert rep["costly"][0]["why"] == first["comment"]
    steps = [s for d in data["games"][0]["deals"] for s in d["steps"]]
    ranked = sorted((s["cost"], s["m"]) for s in steps if "cost" in s)
    assert ranked == [(i + 1, c["mark"]) for i, c in enumerate(summary["costliest"])]
    assert data["labels"]["report"] == "Bilan des joueurs"
    # No summary: no report, no step marked.
    plain = page_data(facts, "fr", [g["decisions"] for g in report["games"]])
    assert "report" not in plain["games"][0]
    assert not any("cost" in s for d in plain["games"][0]["deals"] for s in d["steps"])
    # A summary that is not of the report's shape is left out, not a crash.
    odd = page_data(facts, "en", None, [{"players": [{"seat": 3}], "costliest": ["x", {"deal": "?"}]}])
    assert "report" not in odd["games"][0]


def test_the_learners_report_stays_text() -> None:
    """A reason with markup in the report is data, never markup: the page
    keeps its two script elements and its CSP."""
    facts = games(DATA / "commented-annotated.hrn")
    report = json.loads((DATA / "commented-annotated.json").read_text(encoding="utf-8"))
    evil = "</script><script>alert(1)</script><b>bold</b>\u2028"
    page = render_html(facts, "en", analyses=[g["decisions"] for g in report["games"]],
                       summaries=[_summary_of(report, evil)])
    assert "alert(1)</script>" not in page and "<b>bold</b>" not in page
    assert page.count("</script>") == 2 and page.count("<script") == 2
    assert "Content-Security-Policy" in page and "script-src 'sha256-" in page
    assert embedded(page)["games"][0]["report"]["costly"][0]["why"].endswith(evil)


def test_face_up_values_are_shown_after_show_everything_only() -> None:
    """Each legal card's face-up value (``annotate``'s ``face_up``) rides on
    the step that shows those legal cards, and the script draws it only
    once everything is shown (never a spoiler)."""
    import dataclasses

    from hearts_notation.analysis.annotate import AnalysisOptions, GameTask, analyse_game, report
    from hearts_notation.analysis.evaluate import FAST

    path = ROOT / "tests" / "data" / "analysis" / "queen_duck.hrn"
    game = next(read_games(str(path)))
    opts = AnalysisOptions(eval=dataclasses.replace(FAST, samples=4, race=4, verify=16, verify_min=8),
                           passes=False)
    decisions = report([analyse_game(GameTask(game, opts))])["games"][0]["decisions"]
    plays = [d for d in decisions if d["kind"] == "play"]
    assert any(d["face_up"] for d in plays)
    data = page_data(games(path), "en", [decisions])
    steps = [s for d in data["games"][0]["deals"] for s in d["steps"]]
    shown = [s for s in steps if "fu" in s]
    want = [{e["card"]: e["points"] for e in d["face_up"]} for d in plays if d["face_up"]]
    assert [s["fu"] for s in shown] == want
    for s in shown:
        assert sorted(s["fu"]) == sorted(pairs(s["l"]))
    js = (RENDER / "replay.js").read_text(encoding="utf-8")
    assert "toMove && state.reveal && step.fu" in js
