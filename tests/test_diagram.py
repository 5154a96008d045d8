"""``hearts diagram``: the SVG is well-formed XML with escaped text, the same
from a record and from its position string, drawn inside its box in every
preset, and rendered (CairoSVG when installed: the PNG of the command)."""

from __future__ import annotations

import dataclasses
import io
import os
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from hearts_notation.cli import cli
from hearts_notation.diagram import HEIGHT, WIDTH, diagram_svg
from hearts_notation.generate import generate_games
from hearts_notation.position import cut_game, parse_position, position_at
from hearts_notation.referee import game_seats, resolve_rules
from hearts_notation.rules import preset_names

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "tests" / "data" / "position" / "game.hrn"
DUCK = ROOT / "tests" / "data" / "puzzles" / "queen-duck.annotated.hrn"
NS = "{http://www.w3.org/2000/svg}"


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def texts(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    return ["".join(e.itertext()) for e in root.iter(f"{NS}text")]


def test_a_record_point_and_its_position_draw_the_same() -> None:
    point = ["--deal", "1", "--trick", "6", "--card", "3"]
    from_record = run("diagram", str(GAME), *point)
    assert from_record.exit_code == 0, from_record.output
    pos = run("position", str(GAME), *point, "--all-hands").stdout.strip()
    from_pos = run("diagram", pos)
    assert from_pos.exit_code == 0
    # The record adds the players' names and the card played there; the rest is the same.
    rec = [t for t in texts(from_record.stdout) if "heuristic" not in t and "game" not in t]
    got = [t for t in texts(from_pos.stdout) if t not in ("N", "E", "S", "W")]
    assert rec == [t for t in got if "to play" not in t]
    assert "In the game: 3♠" in texts(from_record.stdout)
    assert "heuristic (S)" in texts(from_record.stdout)     # the seat said once (lang30)


def test_four_hands_or_the_movers_only_in_french() -> None:
    svg = run("diagram", str(DUCK), "--deal", "1", "--trick", "12", "--card", "2", "--lang", "fr").stdout
    words = texts(svg)
    assert words[0] == "Donne 2, pli 12 : à O de jouer" and "Dans la partie : R♠??" in words
    assert sum(w in ("♠", "♥", "♦", "♣") for w in words) == 16 + 1     # four hands, one card on the trick
    hidden = run("diagram", str(DUCK), "--deal", "1", "--trick", "12", "--card", "2",
                 "--mover-only").stdout
    assert sum(w in ("♠", "♥", "♦", "♣") for w in texts(hidden)) == 4 + 1
    assert sum("(hidden)" in w for w in texts(hidden)) == 3


def test_names_are_escaped() -> None:
    (game,) = generate_games(1, seed=1, max_deals=1)
    game = dataclasses.replace(game, players={"N": "<b>&\"Zoé\"</b>", "E": "]]>", "S": "S", "W": "W"})
    cut = cut_game(game, 1, 3, 2)
    rules = resolve_rules(cut)
    seats, rules, _ = game_seats(cut, rules)
    pos = position_at(cut, rules, seats, None)
    svg = diagram_svg(pos, "en", game.players)
    assert "<b>" not in svg and "&lt;b&gt;&amp;" in svg
    assert any(t.startswith("<b>&\"Zoé\"</b>") for t in texts(svg))


@pytest.mark.parametrize("preset", preset_names())
def test_every_preset_draws_inside_its_box(preset: str) -> None:
    (game,) = generate_games(1, seed=4, rules=preset, max_deals=1)
    for t, k in ((1, 1), (4, 2), (8, 3)):
        cut = cut_game(game, 1, t, k)
        rules = resolve_rules(cut)
        seats, rules, _ = game_seats(cut, rules)
        pos = position_at(cut, rules, seats, None)
        svg = diagram_svg(parse_position(pos.format()), "en")
        root = ET.fromstring(svg)
        for e in root.iter(f"{NS}text"):
            x, y = float(e.get("x", 0)), float(e.get("y", 0))
            assert 0 <= x <= WIDTH and 0 <= y <= HEIGHT, (preset, e.text, x, y)
        hands = [w for w in texts(svg) if w in ("♠", "♥", "♦", "♣")]
        assert len(hands) == 4 * len(seats) + k - 1     # every hand, and the trick's cards


def test_the_png_is_rendered(tmp_path: Path) -> None:
    pytest.importorskip("cairosvg")
    from PIL import Image

    out = tmp_path / "pos.png"
    r = run("diagram", str(GAME), "--deal", "2", "--trick", "3", "-o", str(out))
    assert r.exit_code == 0, r.output
    img = Image.open(io.BytesIO(out.read_bytes())).convert("RGB")
    assert img.size == (2 * WIDTH, 2 * HEIGHT)
    colours = img.getcolors(maxcolors=1 << 20) or []
    felt = sum(n for n, c in colours if c == (0x1f, 0x6b, 0x45))
    red = sum(n for n, c in colours if c[0] > 150 and c[1] < 90 and c[2] < 90)
    assert felt > 20000 and red > 100      # the table and the red suits are drawn
    # The picture of docs/puzzles.md, refreshed on request only: a test run never
    # writes into the checkout.
    if os.environ.get("HEARTS_UPDATE_DOCS_IMG"):
        (ROOT / "docs" / "img").mkdir(exist_ok=True)
        (ROOT / "docs" / "img" / "diagram-example.png").write_bytes(out.read_bytes())


def test_a_png_without_cairosvg_is_one_line_and_exit_2(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "cairosvg", None)
    r = run("diagram", str(GAME), "--deal", "2", "--trick", "3", "-o", str(tmp_path / "x.png"))
    assert r.exit_code == 2 and 'pip install "hearts-notation[png]"' in r.stderr
    assert not (tmp_path / "x.png").exists()
    bad = run("diagram", str(GAME), "-o", str(tmp_path / "x.gif"))
    assert bad.exit_code == 2 and "--format svg or png" in bad.stderr


@pytest.mark.browser
def test_the_svg_fits_a_phone_screen_in_chromium(driver: Any, tmp_path: Path) -> None:
    """In a page 375 px wide, the diagram takes the width it is given and
    keeps its proportions (no fixed size in the SVG).  In the run's Chromium
    (tests/conftest.py's ``driver``; skips without it)."""
    out = tmp_path / "pos.svg"
    r = run("diagram", str(GAME), "--deal", "1", "--trick", "6", "--card", "3", "-o", str(out))
    assert r.exit_code == 0
    page = tmp_path / "page.html"
    page.write_text('<!DOCTYPE html><meta name="viewport" content="width=device-width">'
                    '<body style="margin:0"><img id="d" src="pos.svg" style="width:100%">', encoding="utf-8")
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 375, "height": 667, "deviceScaleFactor": 2, "mobile": True})
    driver.get(page.as_uri())
    w, h = driver.execute_script("var r = document.getElementById('d').getBoundingClientRect();"
                                 "return [r.width, r.height];")
    assert w == 375 and abs(h - 375 * HEIGHT / WIDTH) < 2
    driver.save_screenshot(str(tmp_path / "phone.png"))
