"""Helpers for the scenario format's tests: run YAML text on Skirmish, get the report."""

from __future__ import annotations

import textwrap

import pytest

from hexforge.core.errors import Diagnostic, HexforgeError
from hexforge.core.scenarios import (
    ScenarioDriver,
    ScenarioResult,
    result_text,
    run_scenario,
    scenario_from_text,
)
from tests.scenarios.toy_driver import DRIVER

NAME = "case.scenario.yaml"

DUEL = """\
game: skirmish
setup:
  units:
    - {id: n1, side: north, at: E1, hp: 4, strength: 2}
    - {id: s1, side: south, at: F1, hp: 4, strength: 2}
  phase: activate
  turn: north
  active: {unit: n1, ap: 2}
"""
"""Two melee units side by side, n1 activating with 2 AP; tests append steps to it."""


def drivers(*extra: ScenarioDriver) -> dict[str, ScenarioDriver]:
    return {d.game: d for d in (DRIVER, *extra)}


def run(text: str, *extra: ScenarioDriver) -> ScenarioResult:
    """Load and run ``text`` (dedented); loading must succeed."""
    scenario = scenario_from_text(textwrap.dedent(text), drivers(*extra), name=NAME)
    return run_scenario(scenario)


def report(text: str, *extra: ScenarioDriver) -> str:
    """The failure report of a scenario that must fail."""
    result = run(text, *extra)
    assert not result.passed, "the scenario was expected to fail"
    return result_text(result)


def load_errors(text: str) -> tuple[Diagnostic, ...]:
    """The diagnostics of a scenario file that must not load."""
    with pytest.raises(HexforgeError) as caught:
        scenario_from_text(textwrap.dedent(text), drivers(), name=NAME)
    return caught.value.diagnostics
