"""The replay viewer in a real browser: Debian's headless Chromium, driven by Selenium.

Stepping with the keyboard, the buttons' keys (Home/End), links to a step (``#step=N``)
and what the panels show are checked against the log and the recorded frames. Chromium is
installed by ``.ci/run``; without it the tests are skipped on a developer's machine and
fail under CI (``CI=true``), so they can never be silently skipped there.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hexforge.core.render import read_log_file, replay_html
from hexforge.core.render.replay import Replay
from hexforge.plugins.motu.render import MotuRenderer
from hexforge.plugins.nshex.render import NshexRenderer
from tests.plugged import HOST
from tests.render.helpers import motu_game, write_nshex_log
from tests.render.test_replay import generic_log

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)


def _unavailable() -> str | None:
    if not (CHROMIUM.exists() and CHROMEDRIVER.exists()):
        return (
            f"{CHROMIUM} and {CHROMEDRIVER} are needed (apt-get install chromium chromium-driver)"
        )
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install '.[test]')"
    return None


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    missing = _unavailable()
    if missing is not None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"browser tests cannot run under CI: {missing}")
        pytest.skip(missing)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    os.environ.setdefault("SE_OFFLINE", "true")  # never let Selenium fetch a browser
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    with tempfile.TemporaryDirectory(prefix="hexforge-chromium-") as profile:
        for flag in (*FLAGS, f"--user-data-dir={profile}", "--window-size=1400,1000"):
            options.add_argument(flag)
        driver = webdriver.Chrome(options=options, service=Service(str(CHROMEDRIVER)))
        try:
            yield driver
        finally:
            driver.quit()


@pytest.fixture(scope="module")
def nshex_page(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Replay, Any]:
    folder = tmp_path_factory.mktemp("viewer")
    log = read_log_file(write_nshex_log(folder))
    replay = NshexRenderer(HOST).replay(log)
    assert replay is not None
    page = folder / "nshex.html"
    page.write_text(replay_html(log, replay, title="nshex"), encoding="utf-8")
    return page, replay, log


def _press(driver: Any, key: str, times: int = 1) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    actions = ActionChains(driver)
    for _ in range(times):
        actions.send_keys(key)
    actions.perform()


def _shown(driver: Any) -> dict[str, Any]:
    """What the page shows now, read from the DOM."""
    result: dict[str, Any] = driver.execute_script(
        """
        var visible = Array.from(document.querySelectorAll('#board-area .replay-board'))
            .filter(function (b) { return !b.hidden; });
        var current = document.querySelectorAll('#log li.current');
        return {
          step: document.body.getAttribute('data-step'),
          label: document.getElementById('step-label').textContent,
          text: document.getElementById('current').textContent,
          boards: visible.map(function (b) { return b.getAttribute('data-board'); }),
          current: Array.from(current).map(function (li) { return li.getAttribute('data-step'); }),
          hash: location.hash,
          score: Array.from(document.querySelectorAll('#score tr')).map(function (r) {
            return r.textContent; }),
          dice: Array.from(document.querySelectorAll('#dice .die')).map(function (d) {
            return d.textContent; }),
          chosen: Array.from(document.querySelectorAll('#decision .chosen')).map(function (d) {
            return d.textContent; })
        };"""
    )
    return result


def test_keyboard_steps_forward_and_back(browser: Any, nshex_page: Any) -> None:
    from selenium.webdriver.common.keys import Keys

    page, replay, log = nshex_page
    browser.get(page.as_uri())
    total = len(log.entries)
    shown = _shown(browser)
    assert shown["step"] == "1" and shown["label"] == f"step 1 / {total}"
    assert shown["text"] == "game starts: seed 3, players smart, vegas"
    assert shown["boards"] == [str(replay.frames[0].board)] and shown["current"] == ["1"]
    _press(browser, Keys.ARROW_RIGHT, 5)
    shown = _shown(browser)
    assert shown["step"] == "6" and shown["current"] == ["6"] and shown["hash"] == "#step=6"
    _press(browser, Keys.ARROW_LEFT, 2)
    assert _shown(browser)["step"] == "4"
    _press(browser, Keys.END)
    shown = _shown(browser)
    assert shown["step"] == str(total) and shown["boards"] == [str(replay.frames[-1].board)]
    assert shown["score"] == [f"{player}{value}" for player, value in replay.frames[-1].score]
    _press(browser, Keys.ARROW_RIGHT)  # past the end stays at the end
    assert _shown(browser)["step"] == str(total)
    _press(browser, Keys.HOME)
    assert _shown(browser)["step"] == "1"
    _press(browser, Keys.ARROW_LEFT)  # before the start stays at the start
    assert _shown(browser)["step"] == "1"


def test_a_step_link_opens_that_step_with_its_board_and_decision(
    browser: Any, nshex_page: Any
) -> None:
    page, replay, log = nshex_page
    placed = next(
        i
        for i, e in enumerate(log.entries)
        if e.get("type") == "nshex" and " places " in str(e.get("text"))
    )
    browser.get(f"{page.as_uri()}#step={placed + 1}")
    shown = _shown(browser)
    assert (
        shown["step"] == str(placed + 1)
        and shown["text"] == str(log.entries[placed]["text"]).strip()
    )
    assert shown["boards"] == [str(replay.frames[placed].board)]
    decision = max(i for i in range(placed) if log.entries[i]["type"] == "decision")
    answer = log.entries[decision]["answer"]
    assert shown["chosen"] == [answer if isinstance(answer, str) else str(answer)]
    browser.execute_script("location.hash = '#step=2'")
    assert _shown(browser)["step"] == "2"


def test_dice_of_a_generic_engine_log(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.keys import Keys

    log = read_log_file(generic_log(tmp_path / "generic.jsonl"))
    page = tmp_path / "generic.html"
    page.write_text(replay_html(log, None, title="generic"), encoding="utf-8")
    roll = next(i for i, e in enumerate(log.entries) if e["type"] == "roll")
    browser.get(page.as_uri())
    assert _shown(browser)["dice"] == []
    _press(browser, Keys.ARROW_DOWN, roll)
    shown = _shown(browser)
    results = log.entries[roll]["results"]
    assert isinstance(results, list)
    assert shown["step"] == str(roll + 1) and shown["dice"] == [str(r) for r in results]
    _press(browser, Keys.ARROW_UP)
    assert _shown(browser)["dice"] == []


def test_motu_models_are_drawn_over_the_terrain_at_every_step(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.keys import Keys

    text, _ = motu_game()
    path = tmp_path / "motu.jsonl"
    path.write_text(text, encoding="utf-8")
    log = read_log_file(path)
    replay = MotuRenderer(HOST).replay(log)
    assert replay is not None
    page = tmp_path / "motu.html"
    page.write_text(replay_html(log, replay, title="motu"), encoding="utf-8")
    browser.get(page.as_uri())
    _press(browser, Keys.END)
    shown = _shown(browser)
    assert shown["boards"] == [str(replay.frames[-1].board)]
    assert shown["score"] == [f"{player}{value}" for player, value in replay.frames[-1].score]
    boxes = browser.execute_script(
        """var bg = document.querySelector('.replay-background svg').getBoundingClientRect();
        var top = Array.from(document.querySelectorAll('.replay-board'))
            .filter(function (b) { return !b.hidden; })[0]
            .querySelector('svg').getBoundingClientRect();
        return [bg.left, bg.top, bg.width, bg.height, top.left, top.top, top.width, top.height];"""
    )
    assert boxes[2] > 300 and boxes[:4] == pytest.approx(boxes[4:], abs=0.5)


@pytest.fixture(scope="module")
def motu_page(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Replay, Any, Any]:
    """``hexforge play --seed 4``'s game (rounds, attacks, a knock-out), its headlines."""
    from hexforge.core.render.headlines import account_headlines
    from hexforge.plugins.motu.play import MotuRunner
    from tests.render.test_stepping import heuristic_motu_log

    folder = tmp_path_factory.mktemp("motu-viewer")
    path = folder / "motu.jsonl"
    path.write_text(heuristic_motu_log(), encoding="utf-8")
    log = read_log_file(path)
    replay = MotuRenderer(HOST).replay(log)
    assert replay is not None
    said = account_headlines(MotuRunner(HOST), replay, "en")
    page = folder / "motu.html"
    page.write_text(replay_html(log, replay, title="motu", headlines=said), encoding="utf-8")
    return page, replay, log, said


def _headline(driver: Any) -> list[str]:
    found: list[str] = driver.execute_script(
        "return Array.from(document.querySelectorAll('#headline div'))"
        ".map(function (d) { return d.textContent; });"
    )
    return found


def test_steps_by_round_and_jumps_to_attacks_and_knockouts(browser: Any, motu_page: Any) -> None:
    page, replay, _, said = motu_page
    rounds, attacks = replay.stops["round"], replay.stops["attack"]
    browser.get(page.as_uri())
    browser.find_element("id", "next-round").click()
    assert _shown(browser)["step"] == str(rounds[0] + 1)
    assert _headline(browser) == list(said[rounds[0]]) and "round 1" in _headline(browser)[0]
    _press(browser, "r")  # the key does what the button does
    assert _shown(browser)["step"] == str(rounds[1] + 1)
    _press(browser, "R")  # Shift goes back
    assert _shown(browser)["step"] == str(rounds[0] + 1)
    first_attack = next(a for a in attacks if a > rounds[0])
    browser.find_element("id", "next-attack").click()
    shown = _shown(browser)
    assert shown["step"] == str(first_attack + 1)
    assert shown["boards"] == [str(replay.frames[first_attack].board)]
    assert " attacks " in " ".join(_headline(browser))
    _press(browser, "f")
    assert _shown(browser)["step"] == str(attacks[1] + 1)
    label = browser.find_element("id", "at-attack").text
    assert label == f"attack 2 / {len(attacks)}"
    _press(browser, "k")
    (knockout,) = replay.stops["knockout"]
    assert _shown(browser)["step"] == str(knockout + 1)
    assert any("knocked out" in line for line in _headline(browser))
    _press(browser, "c")
    assert _shown(browser)["step"] == str(
        next(a for a in replay.stops["activation"] if a > knockout) + 1
    )


def test_the_last_headline_is_the_result_and_the_board_zooms(browser: Any, motu_page: Any) -> None:
    from selenium.webdriver.common.keys import Keys

    page, _, log, said = motu_page
    browser.get(page.as_uri())
    _press(browser, Keys.END)
    assert _shown(browser)["step"] == str(len(log.entries))
    headline = _headline(browser)
    assert headline[-1] == said[-1][-1] and headline[-1].startswith("Masters of the Universe wins")
    width = browser.execute_script(
        "return document.querySelector('#board-zoom').getBoundingClientRect().width;"
    )
    browser.find_element("id", "zoom-in").click()
    _press(browser, "+")
    wider = browser.execute_script(
        "return document.querySelector('#board-zoom').getBoundingClientRect().width;"
    )
    assert wider == pytest.approx(width * 1.25 * 1.25, rel=0.02)
    assert browser.find_element("id", "zoom-label").text == "156%"
    _press(browser, "0")
    assert browser.find_element("id", "zoom-label").text == "100%"
