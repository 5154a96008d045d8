"""The puzzle trainer in a real browser (headless Chromium through chromedriver,
as tests/test_replay_browser.py): at a phone's size and a desktop's, step
through the puzzles by keyboard and by tap, check that right and wrong answers
set ``data-result``, and that a missed puzzle comes back after a reload
(spaced repetition kept in localStorage).  The screenshots of docs/puzzles.md
are taken here (docs/img/puzzles-*.png)."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_replay_browser import assert_clean, no_horizontal_scroll, open_page

from hearts_notation.io import write_atomic
from hearts_notation.render.trainer import render_trainer

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
IMG = ROOT / "docs" / "img"
PHONE = (375, 667)
DESKTOP = (1280, 800)
SIZES = pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])


@pytest.fixture(scope="module")
def puzzles(puzzle_set_text: str) -> list[dict[str, Any]]:
    """The puzzles of tests/data/puzzles (conftest's ``puzzle_set_text``, made
    once a run with tests/test_puzzles.py's)."""
    found: list[dict[str, Any]] = json.loads(puzzle_set_text)["puzzles"]
    return found


@pytest.fixture()
def page(tmp_path: Path, puzzles: list[dict[str, Any]]) -> Iterator[str]:
    out = tmp_path / "trainer.html"
    write_atomic(str(out), render_trainer(puzzles, "en"))
    yield out.as_uri()


def fresh(drv: Any, url: str, size: tuple[int, int]) -> None:
    """Open the page with no progress kept from an earlier test.  The page an
    earlier test (or try) left just after an answer may hand its last write to
    the browser's store after this page cleared it (Chromium passes a
    renderer's localStorage writes on on its own schedule; CI once saw an
    earlier test's three solved puzzles here): so the store is cleared and the
    page opened again until it has stayed empty for half a second (10 s at
    most).  Once the page has loaded an empty store, its own first answer
    writes its whole state over any later arrival."""
    open_page(drv, url, size)
    deadline = time.monotonic() + 10
    while True:
        drv.execute_script("window.localStorage.clear()")
        drv.refresh()
        time.sleep(0.5)
        drv.refresh()
        if drv.execute_script("return window.localStorage.length") == 0 or time.monotonic() > deadline:
            return


#: Tries of a scenario that reloads or changes page.  Now and then (about one
#: run of this module in eight, more under load) the headless browser shows a
#: page opened after an answer an empty store, even when reloaded for 10 s;
#: not root-caused yet.  Progress that is never kept fails
#: every try, so the test still fails for it.
ATTEMPTS = 3


def kept_progress_shown(drv: Any) -> Any:
    """The puzzle the page shows once it has read the progress kept.  A
    person does not reload within milliseconds of an answer: Chromium hands
    a page's localStorage writes to its browser process on its own schedule,
    and a page opened at once (on a loaded machine, in a new renderer) could
    read the store before the last answer reached it.  So the page is opened
    again, every half second, until it marks a puzzle for review (5 s at
    most)."""
    deadline = time.monotonic() + 5
    while True:
        a = current(drv)
        if a.get_attribute("data-review") == "true" or time.monotonic() > deadline:
            if a.get_attribute("data-review") != "true":
                print("localStorage:", drv.execute_script("return JSON.stringify(window.localStorage)"))
            return a
        time.sleep(0.5)
        drv.refresh()


def current(drv: Any) -> Any:
    from selenium.webdriver.common.by import By

    (a,) = drv.find_elements(By.CSS_SELECTOR, "article[data-puzzle]:not([hidden])")
    return a


def by_id(puzzles: list[dict[str, Any]], ident: str) -> dict[str, Any]:
    return next(p for p in puzzles if p["id"] == ident)


def answer(drv: Any, puzzles: list[dict[str, Any]], right: bool, keyboard: bool) -> str:
    """Answer the puzzle shown, rightly or wrongly, by keyboard (Tab to the
    card, Enter) or by a tap; returns its id."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    a = current(drv)
    p = by_id(puzzles, a.get_attribute("data-puzzle"))
    card = p["good"][0] if right else p["played"]
    button = a.find_element(By.CSS_SELECTOR, f'button[data-card="{card}"]')
    if keyboard:
        drv.execute_script("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)")
        body = drv.find_element(By.TAG_NAME, "body")
        for _ in range(60):      # Tab through the page until the card has the focus
            body.send_keys(Keys.TAB) if drv.switch_to.active_element == body else \
                drv.switch_to.active_element.send_keys(Keys.TAB)
            if drv.switch_to.active_element.get_attribute("data-card") == card and \
                    drv.switch_to.active_element.find_element(By.XPATH, "./ancestor::article") == a:
                break
        else:
            pytest.fail(f"{card} cannot be reached with Tab")
        drv.switch_to.active_element.send_keys(Keys.ENTER)
    else:
        drv.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()
    assert a.get_attribute("data-result") == ("correct" if right else "wrong")
    return p["id"]


def next_puzzle(drv: Any, keyboard: bool) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    if keyboard:
        drv.switch_to.active_element.send_keys("n")
    else:
        button = current(drv).find_element(By.CSS_SELECTOR, "button.next")
        drv.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()
    del Keys


@SIZES
def test_step_through_by_keyboard_and_by_tap(driver: Any, page: str, puzzles: list[dict[str, Any]],
                                              size: tuple[int, int]) -> None:
    from selenium.webdriver.common.by import By

    fresh(driver, page, size)
    assert len(driver.find_elements(By.CSS_SELECTOR, "[data-puzzle]")) == len(puzzles)
    seen = []
    for i in range(4):
        keyboard = i % 2 == 0
        seen.append(answer(driver, puzzles, right=i % 3 != 1, keyboard=keyboard))
        a = current(driver)
        text = a.find_element(By.CSS_SELECTOR, ".result").text
        p = by_id(puzzles, seen[-1])
        assert "In the game" in text and "Better" in text and p["position"] in text
        assert a.get_attribute("data-position") == p["position"]
        assert ("Right!" in text) == (i % 3 != 1)
        # Illegal cards cannot be chosen; a second choice changes nothing.
        illegal = [c for c in p["hand"] if c not in p["legal"]]
        for c in illegal:
            assert not a.find_element(By.CSS_SELECTOR, f'button[data-card="{c}"]').is_enabled()
        if i == 0 and os.environ.get("HEARTS_UPDATE_DOCS_IMG"):
            # The pictures of docs/puzzles.md, refreshed on request only.
            IMG.mkdir(exist_ok=True)
            driver.save_screenshot(str(IMG / f"puzzles-{'phone' if size == PHONE else 'desktop'}.png"))
        next_puzzle(driver, keyboard)
    # Three different puzzles, then the one missed (the second) comes back.
    assert len(set(seen[:3])) == 3 and seen[3] == seen[1]
    assert no_horizontal_scroll(driver)
    assert_clean(driver, page)


def test_a_missed_puzzle_comes_back_after_a_reload(driver: Any, page: str,
                                                   puzzles: list[dict[str, Any]]) -> None:
    from selenium.webdriver.common.by import By

    for _attempt in range(ATTEMPTS):
        fresh(driver, page, PHONE)
        missed = answer(driver, puzzles, right=False, keyboard=False)
        next_puzzle(driver, False)
        second = answer(driver, puzzles, right=True, keyboard=False)
        assert second != missed
        next_puzzle(driver, False)
        driver.refresh()
        # One answer later the missed puzzle is due: it comes first, marked for review.
        a = kept_progress_shown(driver)
        if a.get_attribute("data-review") == "true":
            break
    assert a.get_attribute("data-puzzle") == missed
    assert a.get_attribute("data-review") == "true" and a.get_attribute("data-result") is None
    stats = driver.find_element(By.ID, "stats").text
    assert "1 solved" in stats and "1 to review" in stats
    answer(driver, puzzles, right=True, keyboard=True)
    next_puzzle(driver, True)
    assert current(driver).get_attribute("data-puzzle") not in (missed, second)
    assert_clean(driver, page)


def test_filters_by_theme_and_player(driver: Any, page: str, puzzles: list[dict[str, Any]]) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    fresh(driver, page, DESKTOP)
    Select(driver.find_element(By.ID, "theme")).select_by_value("duck")
    for _ in range(3):
        p = by_id(puzzles, current(driver).get_attribute("data-puzzle"))
        assert p["theme"] == "duck"
        answer(driver, puzzles, right=True, keyboard=False)
        next_puzzle(driver, False)
    Select(driver.find_element(By.ID, "theme")).select_by_value("")
    Select(driver.find_element(By.ID, "player")).select_by_value("heuristic W")
    for _ in range(2):
        p = by_id(puzzles, current(driver).get_attribute("data-puzzle"))
        assert p["player"] == "heuristic W"
        answer(driver, puzzles, right=False, keyboard=False)
        next_puzzle(driver, False)
    assert_clean(driver, page)


def test_the_page_in_french_at_320px(driver: Any, tmp_path: Path, puzzles: list[dict[str, Any]]) -> None:
    from selenium.webdriver.common.by import By

    out = tmp_path / "fr.html"
    write_atomic(str(out), render_trainer(puzzles, "fr"))
    fresh(driver, out.as_uri(), (320, 568))
    assert "Trouvez la meilleure carte" in current(driver).text
    answer(driver, puzzles, right=True, keyboard=False)
    assert "Bien joué" in current(driver).find_element(By.CSS_SELECTOR, ".result").text
    assert no_horizontal_scroll(driver)
    assert_clean(driver, out.as_uri())


def test_progress_carries_over_to_a_larger_set(driver: Any, tmp_path: Path,
                                               puzzles: list[dict[str, Any]]) -> None:
    """Next week's page (more games, the same puzzles among them) knows which
    ones were missed: progress is kept by puzzle id."""
    small, large = tmp_path / "small.html", tmp_path / "large.html"
    write_atomic(str(small), render_trainer(puzzles[:3], "en"))
    write_atomic(str(large), render_trainer(puzzles, "en"))
    for _attempt in range(ATTEMPTS):
        fresh(driver, small.as_uri(), DESKTOP)
        missed = answer(driver, puzzles, right=False, keyboard=False)
        next_puzzle(driver, False)
        answer(driver, puzzles, right=True, keyboard=False)
        open_page(driver, large.as_uri(), DESKTOP)
        a = kept_progress_shown(driver)
        if a.get_attribute("data-review") == "true":
            break
    assert a.get_attribute("data-puzzle") == missed and a.get_attribute("data-review") == "true"
