"""Watch mode in a real browser (headless Chromium through Selenium, as tests/serve/
test_browser.py): a loaded nshex game stepped through with the replay viewer's controls,
stops and keys, over the table's ``GET /api/tables/ID/replay``.
``HEXFORGE_WATCH_SCREENSHOT=FILE.png`` keeps a picture of watch mode at the game's end."""

from __future__ import annotations

import json
import os
import urllib.request
from pathlib import Path
from typing import Any

from tests.render.helpers import write_nshex_log
from tests.render.test_viewer_browser import browser  # noqa: F401  # the fixture
from tests.serve.test_browser import _wait, server  # noqa: F401  # the fixture


def _step(driver: Any) -> int:
    return int(
        driver.execute_script(
            "return document.getElementById('watch-panel').getAttribute('data-step')"
        )
    )


def test_watch_a_loaded_game_by_round_hit_and_its_result(
    browser: Any,  # noqa: F811
    server: str,  # noqa: F811
    tmp_path: Path,
) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    saved = write_nshex_log(tmp_path, 3)
    browser.get(server)
    _wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#game option[value=nshex]"))
    Select(browser.find_element(By.ID, "game")).select_by_value("nshex")
    browser.find_element(By.ID, "load").send_keys(str(saved))
    _wait(browser, lambda d: "game over" in d.find_element(By.ID, "status").text)
    table = browser.execute_script("return state.table")
    with urllib.request.urlopen(f"{server}api/tables/{table}/replay") as response:
        data = json.loads(response.read())
    steps, stops = data["steps"], data["stops"]

    browser.find_element(By.ID, "watch").click()
    _wait(browser, lambda d: d.find_element(By.ID, "watch-panel").is_displayed())
    assert not browser.find_element(By.TAG_NAME, "main").is_displayed()
    assert _step(browser) == 1
    assert browser.find_element(By.ID, "watch-step-label").text == f"step 1 / {len(steps)}"
    # by turn (nshex's round): the button, then the key
    rounds = [i for i in stops["round"] if i > 0]
    browser.find_element(By.ID, "watch-next-round").click()
    assert _step(browser) == rounds[0] + 1
    ActionChains(browser).send_keys("r").perform()
    assert _step(browser) == rounds[1] + 1
    label = browser.find_element(By.ID, "watch-at-round").text
    assert label.startswith("turn ") and label.endswith(f" / {len(stops['round'])}")
    # the next hit (F), and back to the turn before it (Shift+R)
    at = _step(browser) - 1
    hit = next(i for i in stops["attack"] if i > at)
    ActionChains(browser).send_keys("f").perform()
    assert _step(browser) == hit + 1
    shown = browser.find_element(By.ID, "watch-current").text
    assert shown == steps[hit]["text"]
    ActionChains(browser).key_down(Keys.SHIFT).send_keys("R").key_up(Keys.SHIFT).perform()
    assert _step(browser) == max(i for i in stops["round"] if i < hit) + 1
    # the last step's last headline is the result
    ActionChains(browser).send_keys(Keys.END).perform()
    assert _step(browser) == len(steps)
    lines = browser.find_elements(By.CSS_SELECTOR, "#watch-headline div")
    summary = browser.execute_script("return state.view.result.summary")
    assert lines and summary in lines[-1].text
    boards = browser.find_elements(By.CSS_SELECTOR, "#watch-board-area .replay-board")
    assert [b.get_attribute("data-board") for b in boards if b.is_displayed()] == [
        str(data["frames"][-1]["board"])
    ]
    if os.environ.get("HEXFORGE_WATCH_SCREENSHOT"):
        browser.save_screenshot(os.environ["HEXFORGE_WATCH_SCREENSHOT"])
    # back to the table
    browser.find_element(By.ID, "watch-close").click()
    assert browser.find_element(By.TAG_NAME, "main").is_displayed()
    assert not browser.find_element(By.ID, "watch-panel").is_displayed()


def test_watch_a_game_in_progress_and_answer_on(
    browser: Any,  # noqa: F811
    server: str,  # noqa: F811
) -> None:
    """A table waiting for the browser's answer is watched to where it waits (its last
    log entry the last step), and the choice is still there to click after Back."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    from tests.serve.test_browser import _start

    _start(browser, server, "nshex", ("human", "first"), 3)
    for _ in range(3):  # a few answers in: the HQ placed, the first tiles drawn
        _wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#status.waiting"))
        version = browser.execute_script("return state.view.version")
        browser.find_element(By.CSS_SELECTOR, "#choices button").click()
        _wait(browser, lambda d, v=version: d.execute_script("return state.view.version") > v)
    _wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#status.waiting"))
    table = browser.execute_script("return state.table")
    with urllib.request.urlopen(f"{server}api/tables/{table}/log") as response:
        logged = [line for line in response.read().decode().splitlines() if line]
    assert not browser.find_element(By.ID, "watch").get_attribute("disabled")
    browser.find_element(By.ID, "watch").click()
    _wait(browser, lambda d: d.find_element(By.ID, "watch-panel").is_displayed())
    ActionChains(browser).send_keys(Keys.END).perform()
    assert _step(browser) == len(logged)
    label = browser.find_element(By.ID, "watch-step-label").text
    assert label == f"step {len(logged)} / {len(logged)}"
    browser.find_element(By.ID, "watch-close").click()
    choices = browser.find_elements(By.CSS_SELECTOR, "#choices button")
    assert choices and choices[0].is_displayed()
