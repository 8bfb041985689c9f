"""The web table in a real browser: Debian's headless Chromium, driven by Selenium, against
``hexforge serve``'s application on a real uvicorn server. Skipped without Chromium on a
developer's machine, failing under CI (``CI=true``), as the replay viewer's browser tests.
"""

from __future__ import annotations

import base64
import json
import os
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from hexforge.core.serve import Tables, address, create_app, listen
from tests.plugged import HOST
from tests.render.test_viewer_browser import browser  # noqa: F401  # the fixture

TIMEOUT = 30


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    tables = Tables(HOST)
    sock = listen("127.0.0.1", 0)
    config = uvicorn.Config(create_app(tables, ["127.0.0.1"]), log_level="warning")
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        yield address(sock)
    finally:
        running.should_exit = True
        thread.join(10)
        tables.close()
        sock.close()


def _wait(driver: Any, condition: Any) -> Any:
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, TIMEOUT, poll_frequency=0.05).until(condition)


def _start(
    driver: Any, url: str, game: str, agents: tuple[str, str], seed: int, lang: str = "en"
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    driver.get(url)
    _wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, f"#game option[value={game}]"))
    Select(driver.find_element(By.ID, "game")).select_by_value(game)
    Select(driver.find_element(By.ID, "lang")).select_by_value(lang)
    seats = driver.find_elements(By.CSS_SELECTOR, "#seats select")
    for seat, agent in zip(seats, agents, strict=True):
        Select(seat).select_by_value(agent)
    driver.find_element(By.ID, "seed").send_keys(str(seed))
    driver.find_element(By.ID, "start").click()


def _board(driver: Any) -> str:
    return str(
        driver.execute_script(
            "const s = document.querySelector('#board svg');return s ? s.outerHTML : '';"
        )
    )


def test_start_a_game_click_a_choice_and_the_board_changes(
    browser: Any,  # noqa: F811
    server: str,
) -> None:
    from selenium.webdriver.common.by import By

    _start(browser, server, "nshex", ("human", "first"), 3)
    _wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#choices button"))
    assert "your choice" in browser.find_element(By.ID, "status").text
    # the hq goes where the first choice says: click that hex on the board itself
    first = browser.find_element(By.CSS_SELECTOR, "#choices button").get_attribute("data-value")
    marked = f'#board .choice[data-coord="{first}"]'  # once the picture has loaded
    hexes = _wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, marked))
    before = _board(browser)
    assert 'data-coord="A2"' in before and "tile hq" not in before
    browser.execute_script(
        "const e = new PointerEvent('pointerdown', {bubbles: true, button: 0});"
        "arguments[0].dispatchEvent(e);"
        "arguments[0].dispatchEvent(new PointerEvent('pointerup', {bubbles: true}));",
        hexes[0],
    )
    _wait(browser, lambda d: _board(d) != before and "tile hq" in _board(d))
    assert f'data-coord="{first}"' in _board(browser)
    _play_to_the_end(browser)


def _play_to_the_end(driver: Any) -> None:
    """Click the first choice until the game is over; the result and account are shown."""
    from selenium.webdriver.common.by import By

    version = "return state.view ? state.view.version : -1"
    for _ in range(400):
        if driver.find_elements(By.ID, "summary"):
            break
        _wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#choices button, #summary"))
        seen = driver.execute_script(version)
        try:
            driver.find_element(By.CSS_SELECTOR, "#choices button").click()
        except Exception:  # the list was redrawn meanwhile, or the game is over
            continue
        _wait(driver, lambda d, seen=seen: d.execute_script(version) > seen)  # answered
        errors = driver.find_elements(By.CSS_SELECTOR, "#problems .error")
        assert not errors, errors[0].text
    summary = _wait(driver, lambda d: d.find_elements(By.ID, "summary"))
    assert summary[0].text
    assert "game over" in driver.find_element(By.ID, "status").text
    assert driver.find_elements(By.CSS_SELECTOR, "#result li")  # the game's account
    assert not driver.find_elements(By.CSS_SELECTOR, "#problems .error")
    assert driver.find_elements(By.CSS_SELECTOR, "#dice li")  # the latest dice shown


@pytest.mark.slow  # about 15 s: CI runs it with the slow tests
def test_a_whole_motu_game_by_clicking(
    browser: Any,  # noqa: F811
    server: str,
) -> None:
    _start(browser, server, "motu", ("human", "first"), 1)
    _play_to_the_end(browser)


def test_zoom_changes_the_view_box_and_a_hex_click_selects(
    browser: Any,  # noqa: F811
    server: str,
) -> None:
    from selenium.webdriver.common.by import By

    _start(browser, server, "motu", ("human", "random"), 2)
    _wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#board svg"))
    box = browser.execute_script(
        "return document.querySelector('#board svg').getAttribute('viewBox')"
    )
    browser.find_element(By.ID, "zoom-in").click()
    zoomed = browser.execute_script(
        "return document.querySelector('#board svg').getAttribute('viewBox')"
    )
    assert zoomed != box
    width = [float(v) for v in box.split()][2]
    assert [float(v) for v in zoomed.split()][2] < width
    plain = browser.find_elements(By.CSS_SELECTOR, "#board polygon[data-coord]:not(.choice)")
    coord = plain[0].get_attribute("data-coord")
    browser.execute_script(
        "arguments[0].dispatchEvent(new PointerEvent('pointerdown', {bubbles: true, button: 0}));"
        "arguments[0].dispatchEvent(new PointerEvent('pointerup', {bubbles: true}));",
        plain[0],
    )
    assert browser.find_element(By.ID, "selected").text == f"selected: {coord}"
    assert "selected" in (plain[0].get_attribute("class") or "")
    # a model selected on the board shows its card (the cards attached to it in the log)
    for _ in range(10):  # the models are placed after the first choices
        if browser.find_elements(By.CSS_SELECTOR, "#board g.unit[data-id]"):
            break
        _wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#choices button"))
        browser.find_element(By.CSS_SELECTOR, "#choices button").click()
        _wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#status.waiting"))
    unit = browser.find_elements(By.CSS_SELECTOR, "#board g.unit[data-id]")[0]
    name = unit.get_attribute("data-id")
    browser.execute_script(
        "arguments[0].dispatchEvent(new PointerEvent('pointerdown', {bubbles: true, button: 0}));"
        "arguments[0].dispatchEvent(new PointerEvent('pointerup', {bubbles: true}));",
        unit,
    )
    assert name in browser.find_element(By.ID, "selected").text
    _wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#card svg"))
    _hover_marks(browser, server, name)
    # HEXFORGE_SERVE_SCREENSHOT=docs/images/serve-table.jpg: the picture docs/serve.md shows
    shot = os.environ.get("HEXFORGE_SERVE_SCREENSHOT")
    if shot:
        browser.find_element(By.ID, "zoom-fit").click()
        _wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#board svg .unit"))
        picture = browser.execute_cdp_cmd(
            "Page.captureScreenshot", {"format": "jpeg", "quality": 70}
        )
        Path(shot).write_bytes(base64.b64decode(picture["data"]))


def _marks_shown(driver: Any) -> dict[str, list[str]]:
    shown = driver.execute_script(
        "const found = {};"
        "for (const m of document.querySelectorAll('#board #marks [data-mark]')) {"
        "  found[m.dataset.mark] = [...m.classList].filter((c) => c.startsWith('mark-'))"
        "    .map((c) => c.slice(5)); }"
        "return found;"
    )
    return dict(shown)


def _hover_marks(driver: Any, server: str, name: str) -> str:
    """Hovering a model marks the hexes its game's ``inspect`` names (motu: in sight, in
    range, in cover), the marks the API serves; leaving it takes them away again. The
    legend of the marks shown while hovering. Called while a decision waits for the page
    (the board stays as it is)."""
    from selenium.webdriver.common.by import By

    _wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#status.waiting"))
    table = driver.execute_script("return state.table")

    def current(driver: Any) -> Any:  # the marks of the board the page shows, once ready
        with urllib.request.urlopen(f"{server}api/tables/{table}/marks") as response:
            marks = json.load(response)
        shown = driver.execute_script("return state.view.board_version")
        return marks if name in marks["units"] and marks["board_version"] == shown else None

    expected = _wait(driver, current)["units"][name]
    assert any("sight" in tags for tags in expected.values())
    pointer = (
        "const unit = document.querySelector(`#board g.unit[data-id='${arguments[0]}']`);"
        "unit.dispatchEvent(new PointerEvent(arguments[1], {bubbles: true}));"
    )
    driver.execute_script(pointer, name, "pointerover")
    _wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#board #marks .mark-sight"))
    assert _marks_shown(driver) == expected
    assert driver.find_elements(By.CSS_SELECTOR, "#legend .key.mark-sight")
    legend = str(driver.find_element(By.ID, "legend").text)
    driver.execute_script(pointer, name, "pointerout")
    selected = driver.execute_script("return state.selected")
    if selected != name:
        _wait(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, "#board #marks"))
    return legend


def test_a_german_table_hovered_model_marks_and_account(
    browser: Any,  # noqa: F811
    server: str,
) -> None:
    """The page in German: its buttons, the game's account in German, and the hexes a
    hovered model sees marked on the board."""
    from selenium.webdriver.common.by import By

    _start(browser, server, "motu", ("human", "random"), 2, lang="de")
    _wait(browser, lambda d: d.find_element(By.ID, "start").text == "Neues Spiel")
    assert browser.find_element(By.ID, "save").text == "Protokoll speichern"
    for _ in range(12):  # the models are placed after the first choices
        if browser.find_elements(By.CSS_SELECTOR, "#board g.unit[data-id]"):
            break
        _wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#choices button"))
        browser.find_element(By.CSS_SELECTOR, "#choices button").click()
        _wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#status.waiting"))
    _wait(browser, lambda d: "deine Wahl" in d.find_element(By.ID, "status").text)
    _wait(browser, lambda d: "Runde 1" in d.find_element(By.ID, "log").text)
    unit = browser.find_elements(By.CSS_SELECTOR, "#board g.unit[data-id]")[0]
    assert "in Sichtlinie" in _hover_marks(browser, server, unit.get_attribute("data-id"))


def test_a_loaded_game_s_attack_choice_marks_its_target_in_cover(
    browser: Any,  # noqa: F811
    server: str,
    tmp_path: Path,
) -> None:
    """A saved game loaded at an attack decision (tests/serve/test_insight.py's): hovering
    over an attack choice marks its target, in cover when the rules say so."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    from tests.serve.test_insight import _at_an_attack

    engine, _ = _at_an_attack(45)
    saved = tmp_path / "attack.log"
    saved.write_text(engine.log.text(), encoding="utf-8")
    browser.get(server)
    _wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#game option[value=motu]"))
    Select(browser.find_element(By.ID, "game")).select_by_value("motu")
    browser.find_element(By.ID, "load").send_keys(str(saved))
    choice = '#choices button[data-value="attack motu/flamethrower mer-man"]'
    _wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, choice))
    _wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#board svg g.unit"))
    # the choices may be drawn again while the page settles: the button is looked up when
    # the event is sent, never held (a held one can be stale under load)
    hover = "document.querySelector(arguments[0]).dispatchEvent(new MouseEvent(arguments[1]));"
    browser.execute_script(hover, choice, "mouseenter")
    _wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#board #marks .mark-target"))
    assert _marks_shown(browser) == {"O9": ["target", "cover"]}
    assert "in cover" in browser.find_element(By.ID, "legend").text
    browser.execute_script(hover, choice, "mouseleave")
    _wait(browser, lambda d: not d.find_elements(By.CSS_SELECTOR, "#board #marks"))
