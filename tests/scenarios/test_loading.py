"""Bad scenario files are refused with a code, the exact position and a hint (issue 6).

Every HF5xx code a file can cause appears here, with the line and column it points at.
"""

from __future__ import annotations

import pytest
from pydantic import BaseModel

from hexforge.core.engine import Agent
from hexforge.core.scenarios import ScenarioDriver, SetupSource, run_scenario, scenario_from_text
from hexforge.core.scenarios.drivers import drivers_from_host
from hexforge.plugins.manager import load_plugins
from hexforge.plugins.markers import hookimpl
from tests.scenarios import toy_driver
from tests.scenarios.support import DUEL, drivers, load_errors

ACT = DUEL + "steps:\n"

CASES = [
    # (scenario text, code, line, column, words of the message, words of the hint)
    ("- game: skirmish\n", "HF501", 1, 1, "holds a mapping, not a list", "game: <game id>"),
    ("game: skirmish\nseeds: 3\n", "HF502", 2, 1, "unknown key 'seeds' in a scenario", "'seed'"),
    ("seed: 3\n", "HF503", 1, 1, "missing required key 'game'", "skirmish"),
    ("game: skirmish\nseed: two\n", "HF504", 2, 7, "seed must be a whole number", None),
    ("game: skirmish\ndice: [3, 0]\n", "HF504", 2, 11, "1 or more", None),
    ("game: skirmish\ndice: [1.5]\n", "HF504", 2, 8, "the decimal 1.5", None),
    ("game: skirmish\ndice: 4\n", "HF504", 2, 7, "dice must be a list", None),
    ("game: skirmsh\n", "HF505", 1, 7, "no scenario driver for game 'skirmsh'", "'skirmish'"),
    ("game: skirmish\nsteps: {do: end}\n", "HF504", 2, 8, "steps must be a list", None),
    (ACT + "  - do: atack\n", "HF506", 10, 9, "no action 'atack'", "'attack'"),
    (ACT + "  - do: end\n    untt: n1\n", "HF507", 11, 5, "no argument 'untt'", "'unit'"),
    (ACT + "  - do: attack\n    unit: n1\n", "HF507", 10, 5, "needs the argument 'target'", None),
    (ACT + "  - do: step\n    times: many\n", "HF507", 11, 12, "must be a whole number", None),
    (ACT + "  - do: move\n    unit: n1\n    to: E\n", "HF700", 12, 9, "not a board", "C7"),
    (ACT + "  - do: move\n    unit: n1\n    to: 5\n", "HF700", 12, 9, "number 5", "C7"),
    (ACT + "  - do: walk\n    unit: n1\n    path: [D1, E]\n", "HF700", 12, 16, "'E'", None),
    (ACT + "  - do: walk\n    unit: n1\n    path: D1\n", "HF504", 12, 11, "must be a list", None),
    (
        DUEL + "expect:\n  - query: allowed\n    unit: n1\n    action: fly\n    is: false\n",
        "HF507",
        12,
        13,
        "cannot be 'fly'",
        "allowed: move",
    ),
    (ACT + "  - unit: n1\n", "HF509", 10, 5, "needs 'do: <action>'", "attack"),
    (ACT + "  - do: end\n    unit: n1\n    expect: []\n", "HF509", 10, 5, "only 'expect'", None),
    (ACT + "  - do: end\n    unit: n1\n    refused: HF999\n", "HF510", 12, 14, "HF999", None),
    (
        ACT + "  - do: end\n    unit: n1\n    refused: HF52\n",
        "HF510",
        12,
        14,
        "'HF52'",
        "did you mean",
    ),
    (ACT + "  - do: end\n    unit: n1\n    refused: {message: x}\n", "HF503", 12, 14, "code", None),
    (
        ACT + "  - do: end\n    unit: n1\n    refused: {cod: HF520}\n",
        "HF502",
        12,
        15,
        "'cod'",
        None,
    ),
    (
        ACT + "  - do: end\n    unit: n1\n    answers: [{kind: x}]\n",
        "HF503",
        12,
        15,
        "choose",
        None,
    ),
    (
        ACT + "  - do: end\n    unit: n1\n    answers: [{choose: a, who: n}]\n",
        "HF502",
        12,
        27,
        "'who' in an answer",
        None,
    ),
    (ACT + "  - do: end\n    unit: n1\n    answers: [1.5]\n", "HF504", 12, 15, "decimal", None),
    (DUEL + "expect:\n  - unit: n1\n    hpp: 3\n", "HF508", 11, 5, "no property 'hpp'", "'hp'"),
    (DUEL + "expect:\n  - unti: n1\n", "HF508", 10, 5, "starts with a subject", "'unit'"),
    (DUEL + "expect:\n  - unit: n1\n", "HF503", 10, 5, "names no property", "hp"),
    (DUEL + "expect:\n  - query: distanse\n    is: 1\n", "HF508", 10, 12, "no query", "'distance'"),
    (
        DUEL + "expect:\n  - query: distance\n    from: n1\n    to: s1\n",
        "HF503",
        10,
        5,
        "needs 'is:'",
        None,
    ),
    (
        DUEL + "expect:\n  - game: {round: 1}\n    phase: bid\n",
        "HF508",
        11,
        5,
        "'phase' does not belong here",
        None,
    ),
    (DUEL + "expect:\n  - unit: n1\n    hp: three\n", "HF504", 11, 9, "can never match", None),
    (
        DUEL + "expect:\n  - unit: n1\n    weapon: {at_least: 2}\n",
        "HF504",
        11,
        24,
        "'at_least' compares numbers",
        None,
    ),
    (
        DUEL + "expect:\n  - unit: n1\n    hp: {contains: 2}\n",
        "HF504",
        11,
        20,
        "'contains' looks inside a list",
        None,
    ),
    (
        DUEL + "expect:\n  - unit: n1\n    hp: {size: 1}\n",
        "HF504",
        11,
        16,
        "'size' counts the items of a list",
        None,
    ),
    (
        DUEL + "expect:\n  - player: north\n    units: {size: two}\n",
        "HF504",
        11,
        19,
        "whole number",
        None,
    ),
    (DUEL + "expect:\n  - unit: n1\n    at: 5\n", "HF700", 11, 9, "not a board coordinate", None),
    (DUEL + "expect:\n  - player: north\n    units: n1\n", "HF504", 11, 12, "must be a list", None),
    (DUEL + "expect:\n  - happened: {}\n", "HF503", 10, 15, "empty log pattern", None),
    (DUEL + "expect:\n  - happened: damage\n", "HF504", 10, 15, "must be a mapping", None),
    (DUEL + "expect:\n  - happened: {event: 3}\n", "HF504", 10, 23, "'event' names an event", None),
    (DUEL + "expect:\n  - in_order: {event: x}\n", "HF504", 10, 15, "must be a list", None),
    (
        DUEL + "expect:\n  - not_happened: {event: x}\n    times: 1\n",
        "HF502",
        11,
        5,
        "'times' goes with 'happened'",
        None,
    ),
    (
        DUEL + "expect:\n  - happened: {event: x}\n    in_order: []\n",
        "HF509",
        11,
        5,
        "one log expectation per item",
        None,
    ),
    (
        DUEL + "expect:\n  - happened: {event: x}\n    tims: 2\n",
        "HF502",
        11,
        5,
        "'tims'",
        "'times'",
    ),
    (
        DUEL + "expect:\n  - happened: {event: x}\n    times: 1.0\n",
        "HF504",
        11,
        12,
        "times must be a whole number",
        None,
    ),
    (DUEL + "expect: 3\n", "HF504", 9, 9, "expect must be a list", None),
    # the setup section is checked against the driver's model (the content model codes)
    ("game: skirmish\nsetup:\n  unitz: []\n", "HF202", 3, 3, "unknown field 'unitz'", "'units'"),
    (
        "game: skirmish\nsetup:\n  units:\n    - {id: a, side: east, at: A1, hp: 1}\n",
        "HF204",
        4,
        21,
        "'east' is not allowed",
        None,
    ),
    (
        "game: skirmish\nsetup:\n  units:\n    - {id: a, side: north, at: A0, hp: 1}\n",
        "HF206",
        4,
        32,
        "not a board coordinate",
        None,
    ),
]


@pytest.mark.parametrize(("text", "code", "line", "column", "message", "hint"), CASES)
def test_a_bad_scenario_file_is_refused_with_code_position_and_hint(
    text: str, code: str, line: int, column: int, message: str, hint: str | None
) -> None:
    first = load_errors(text)[0]
    assert first.code == code
    assert first.span is not None and first.span.file == "case.scenario.yaml"
    assert (first.span.line, first.span.column) == (line, column), first
    assert message in first.message
    assert first.source_line == text.splitlines()[line - 1]
    if hint is not None:
        assert first.hint is not None and hint in first.hint


def test_every_problem_of_a_file_is_reported_at_once() -> None:
    found = load_errors(
        "game: skirmish\nseeds: 1\nsteps:\n  - do: atack\nexpect:\n  - unit: n1\n    hpp: 1\n"
    )
    assert [d.code for d in found] == ["HF502", "HF506", "HF508"]


def test_yaml_problems_come_from_the_shared_loader() -> None:
    first = load_errors("game: skirmish\nseed: 1\nseed: 2\n")[0]
    assert first.code == "HF107" and first.span is not None and first.span.line == 3


def _setup_error(text: str) -> tuple[str, int, int, str, str | None]:
    scenario = scenario_from_text(text, drivers(), name="s.scenario.yaml")
    result = run_scenario(scenario)
    assert not result.passed and not result.failures
    first = result.errors[0]
    assert first.span is not None
    return first.code, first.span.line, first.span.column, first.message, first.hint


def test_an_unknown_card_in_the_setup_points_at_the_card() -> None:
    text = "game: skirmish\nsetup:\n  units:\n    - {id: a, side: north, at: A1, hp: 1, cards: [toy/armor]}\n"  # noqa: E501
    code, line, column, message, hint = _setup_error(text)
    assert (code, line, column) == ("HF405", 4, 51)
    assert "no toy card 'toy/armor'" in message and hint == "did you mean 'toy/armour'?"


def test_a_position_off_the_game_board_is_refused_at_its_coordinate() -> None:
    text = "game: skirmish\nsetup:\n  units:\n    - {id: a, side: north, at: A2, hp: 1}\n"
    assert _setup_error(text)[:3] == ("HF504", 4, 32)


class _Crashing(toy_driver.SkirmishDriver):
    game = "crashing"

    def setup(
        self, setup: BaseModel, where: SetupSource, seed: int, agent: Agent
    ) -> toy_driver.SkirmishGame:
        raise ZeroDivisionError("division by zero")


def test_a_driver_crashing_in_setup_is_hf521_naming_the_error() -> None:
    scenario = scenario_from_text("game: crashing\n", {"crashing": _Crashing()}, name="c.yaml")
    result = run_scenario(scenario)
    (error,) = result.errors
    assert error.code == "HF521"
    assert "ZeroDivisionError: division by zero" in error.message


def test_two_drivers_for_one_game_are_hf512_and_the_first_is_kept() -> None:
    class Second:
        @staticmethod
        @hookimpl
        def hexforge_scenario_drivers() -> list[ScenarioDriver]:
            return [toy_driver.SkirmishDriver()]

    host = load_plugins([("toy", toy_driver), ("second", Second())], autoload=False)
    found, problems = drivers_from_host(host)
    assert found["skirmish"] is toy_driver.DRIVER
    assert [p.code for p in problems] == ["HF512"]
    assert "'second'" in problems[0].message
