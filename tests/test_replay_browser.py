"""The HTML replay in a real browser: headless Chromium driven through
chromedriver by selenium.  Skips (with the reason) when one is missing."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hearts_notation.cards import cards_of
from hearts_notation.engine import legal_plays
from hearts_notation.io import read_games, write_atomic
from hearts_notation.render.html import render_html
from hearts_notation.render.story import build_game
from hearts_notation.walk import walk

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "tests" / "artifacts"


def _binary(*names: str) -> str | None:
    for n in names:
        found = shutil.which(n)
        if found:
            return found
    return None


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.options import Options
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        pytest.skip("selenium is not installed (pip install -e '.[test]')")
    chrome = _binary("chromium", "chromium-browser", "google-chrome")
    chromedriver = _binary("chromedriver")
    if chrome is None:
        pytest.skip("no Chromium binary (Debian: apt-get install chromium)")
    if chromedriver is None:
        pytest.skip("no chromedriver (Debian: apt-get install chromium-driver)")
    opts = Options()
    opts.binary_location = chrome
    profile = tempfile.mkdtemp(prefix="hearts-chromium-")
    for arg in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                f"--user-data-dir={profile}", "--window-size=1280,760"):
        opts.add_argument(arg)
    try:
        drv = webdriver.Chrome(service=Service(chromedriver), options=opts)
    except Exception as exc:  # a broken browser install is an environment problem
        pytest.skip(f"Chromium could not start: {exc}")
    yield drv
    drv.quit()
    shutil.rmtree(profile, ignore_errors=True)


def page_for(tmp_path: Path, sample: str, lang: str = "en") -> tuple[str, list[Any]]:
    facts = [build_game(g) for g in read_games(str(ROOT / "samples" / sample))]
    out = tmp_path / (Path(sample).stem + ".html")
    write_atomic(str(out), render_html(facts, lang))
    return out.as_uri(), facts


def press(drv: Any, key: str, times: int = 1) -> None:
    from selenium.webdriver.common.by import By

    body = drv.find_element(By.TAG_NAME, "body")
    for _ in range(times):
        body.send_keys(key)


def cards(drv: Any, css: str) -> list[str]:
    from selenium.webdriver.common.by import By

    return [e.get_attribute("data-card") for e in drv.find_elements(By.CSS_SELECTOR, css)]


def test_step_through_the_commented_deal(driver: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    url, facts = page_for(tmp_path, "commented-example.hrn", "fr")
    driver.get(url)
    g = facts[0]
    # Step 0 is the deal, 1-4 the passes, 5 the hands after the pass.
    assert driver.find_element(By.CSS_SELECTOR, "body").get_attribute("data-step") == "0"
    press(driver, Keys.ARROW_RIGHT)
    assert cards(driver, "#trick .card") == ["QS", "AS", "KH"]          # your pass, shown in the middle
    press(driver, Keys.ARROW_RIGHT, 4)
    # Hands in play: Bo must lead the 2♣ and every other card is greyed.
    assert cards(driver, '.seat[data-seat="S"] .card.legal') == ["2C"]
    assert len(cards(driver, '.seat[data-seat="S"] .card.illegal')) == 12
    assert not cards(driver, '.seat[data-seat="N"] .card.illegal')
    # Three more cards: 2♣ 9♣ K♣ in the middle; Ada to play, her clubs raised.
    press(driver, Keys.ARROW_RIGHT, 3)
    assert cards(driver, "#trick .card") == ["2C", "9C", "KC"]
    walked = list(walk(g.game.deals[0], g.rules, g.seats))
    ada = walked[3]
    assert ada.hand is not None
    legal = legal_plays(g.rules, ada.hand, ada.led_suit, ada.first_trick, ada.hearts_broken)
    hand = cards(driver, '.seat[data-seat="E"] .card')
    greyed = cards(driver, '.seat[data-seat="E"] .card.illegal')
    raised = cards(driver, '.seat[data-seat="E"] .card.legal')
    assert sorted(raised) == sorted(str(c) for c in cards_of(legal))
    assert sorted(greyed) == sorted(c for c in hand if c not in raised)
    assert "Aucun cœur ni la dame de pique" in driver.find_element(By.ID, "comment").text
    # Trick 3: after Ada's queen, the comment; back and forth keeps the state.
    press(driver, Keys.ARROW_RIGHT, 8)
    assert cards(driver, "#trick .card") == ["5D", "6D", "QS"]
    assert "Ada en profite" in driver.find_element(By.ID, "comment").text
    press(driver, Keys.ARROW_LEFT, 2)
    assert cards(driver, "#trick .card") == ["5D"]
    press(driver, Keys.ARROW_RIGHT, 3)
    assert cards(driver, "#trick .card.winner") == ["AD"]
    assert driver.find_element(By.CSS_SELECTOR, "#running").text.split()[-4:] == ["0", "0", "13", "0"]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(ARTIFACTS / "replay-trick3.png"))
    # The end: the score table shows the deal's points.
    press(driver, Keys.END)
    assert driver.find_element(By.CSS_SELECTOR, "body").get_attribute("data-step") == "57"
    assert driver.find_element(By.CSS_SELECTOR, "#scores tr.totals").text.split()[1:] == ["3", "4", "16", "3"]
    press(driver, Keys.HOME)
    assert driver.find_element(By.CSS_SELECTOR, "body").get_attribute("data-step") == "0"


def test_buttons_and_deal_picker(driver: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    url, facts = page_for(tmp_path, "multi-game.hrn")
    driver.get(url)
    picker = Select(driver.find_element(By.ID, "deal-picker"))
    total = sum(len(g.deals) for g in facts)
    assert len(picker.options) == total > 1
    picker.select_by_index(1)
    second = facts[0].deals[1] if len(facts[0].deals) > 1 else facts[1].deals[0]
    assert driver.find_element(By.CSS_SELECTOR, "body").get_attribute("data-step") == "0"
    driver.find_element(By.ID, "btn-end").click()
    plays = [p for t in second.tricks for p in t.plays]
    last = plays[-1]
    shown = cards(driver, "#trick .card")
    assert shown and shown[-1] == str(last.card)
    driver.find_element(By.ID, "btn-back").click()
    assert cards(driver, "#trick .card")[-1:] != [str(last.card)] or len(plays) % 4 == 1


def test_observer_record_shows_backs_and_no_greying(driver: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.keys import Keys

    url, _ = page_for(tmp_path, "variante-retenue-example.hrn", "fr")
    driver.get(url)
    assert len(cards(driver, ".seat .card.back")) == 52
    press(driver, Keys.ARROW_RIGHT, 6)
    assert cards(driver, "#trick .card") == ["KC", "QS"]
    assert not cards(driver, ".card.illegal")
    press(driver, Keys.ARROW_RIGHT, 2)
    assert cards(driver, "#trick .card.winner") == ["AC"]


def test_docs_screenshot(driver: Any, tmp_path: Path) -> None:
    """The screenshot used in docs/replay.md: trick 1, after your K♣!, with
    its comment beside the table and Ada's legal clubs raised, the rest greyed."""
    from selenium.webdriver.common.keys import Keys

    url, _ = page_for(tmp_path, "commented-example.hrn", "fr")
    driver.get(url)
    press(driver, Keys.ARROW_RIGHT, 8)
    assert cards(driver, "#trick .card") == ["2C", "9C", "KC"]
    assert len(cards(driver, '.seat[data-seat="E"] .card.illegal')) == 8
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shot = ARTIFACTS / "replay.png"
    driver.save_screenshot(str(shot))
    assert shot.stat().st_size > 10_000
    if os.environ.get("HEARTS_UPDATE_DOCS_IMG"):
        shutil.copy(shot, ROOT / "docs" / "img" / "replay.png")
