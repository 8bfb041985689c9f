"""Scenario files: a position, forced dice, steps and answers, and what must be true after.

Content authors and the rules tests prove behaviour with them (docs/scenarios.md). The
format is generic; each game plugin provides a :class:`ScenarioDriver` (hook
``hexforge_scenario_drivers``) that builds its position and performs and observes its
actions. ``hexforge test`` and the pytest plugin run the files.

Its names are imported at first use (:mod:`hexforge.plugins.lazy`): a game's rules import
:mod:`~hexforge.core.scenarios.driver` for the action specs, and a game played from the
command line reads no scenario (docs/cli.md, "Start-up").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexforge.plugins.lazy import lazy_exports

if TYPE_CHECKING:  # what type checkers see; at run time each name is imported when first used
    from hexforge.core.scenarios.codes import ILLEGAL_ACTION as ILLEGAL_ACTION
    from hexforge.core.scenarios.codes import OUT_OF_RANGE as OUT_OF_RANGE
    from hexforge.core.scenarios.codes import WRONG_VALUE as WRONG_VALUE
    from hexforge.core.scenarios.coverage import Coverage as Coverage
    from hexforge.core.scenarios.coverage import Usage as Usage
    from hexforge.core.scenarios.driver import ActionSpec as ActionSpec
    from hexforge.core.scenarios.driver import Args as Args
    from hexforge.core.scenarios.driver import Coordinate as Coordinate
    from hexforge.core.scenarios.driver import Kind as Kind
    from hexforge.core.scenarios.driver import Observable as Observable
    from hexforge.core.scenarios.driver import Param as Param
    from hexforge.core.scenarios.driver import ScenarioDriver as ScenarioDriver
    from hexforge.core.scenarios.driver import ScenarioGame as ScenarioGame
    from hexforge.core.scenarios.driver import SetupSource as SetupSource
    from hexforge.core.scenarios.driver import hex_of as hex_of
    from hexforge.core.scenarios.drivers import drivers_from_host as drivers_from_host
    from hexforge.core.scenarios.loader import SUFFIX as SUFFIX
    from hexforge.core.scenarios.loader import find_scenarios as find_scenarios
    from hexforge.core.scenarios.loader import load_scenario as load_scenario
    from hexforge.core.scenarios.loader import scenario_from_text as scenario_from_text
    from hexforge.core.scenarios.model import Scenario as Scenario
    from hexforge.core.scenarios.report import result_text as result_text
    from hexforge.core.scenarios.report import summary as summary
    from hexforge.core.scenarios.runner import Failure as Failure
    from hexforge.core.scenarios.runner import Problem as Problem
    from hexforge.core.scenarios.runner import ScenarioAgent as ScenarioAgent
    from hexforge.core.scenarios.runner import ScenarioResult as ScenarioResult
    from hexforge.core.scenarios.runner import run_file as run_file
    from hexforge.core.scenarios.runner import run_scenario as run_scenario

__all__ = [
    "ILLEGAL_ACTION",
    "OUT_OF_RANGE",
    "SUFFIX",
    "WRONG_VALUE",
    "ActionSpec",
    "Args",
    "Coordinate",
    "Coverage",
    "Failure",
    "Kind",
    "Observable",
    "Param",
    "Problem",
    "Scenario",
    "ScenarioAgent",
    "ScenarioDriver",
    "ScenarioGame",
    "ScenarioResult",
    "SetupSource",
    "Usage",
    "drivers_from_host",
    "find_scenarios",
    "hex_of",
    "load_scenario",
    "result_text",
    "run_file",
    "run_scenario",
    "scenario_from_text",
    "summary",
]

__getattr__ = lazy_exports(
    __name__,
    {
        "hexforge.core.scenarios.codes": ("ILLEGAL_ACTION", "OUT_OF_RANGE", "WRONG_VALUE"),
        "hexforge.core.scenarios.coverage": ("Coverage", "Usage"),
        "hexforge.core.scenarios.driver": (
            "ActionSpec",
            "Args",
            "Coordinate",
            "Kind",
            "Observable",
            "Param",
            "ScenarioDriver",
            "ScenarioGame",
            "SetupSource",
            "hex_of",
        ),
        "hexforge.core.scenarios.drivers": ("drivers_from_host",),
        "hexforge.core.scenarios.loader": (
            "SUFFIX",
            "find_scenarios",
            "load_scenario",
            "scenario_from_text",
        ),
        "hexforge.core.scenarios.model": ("Scenario",),
        "hexforge.core.scenarios.report": ("result_text", "summary"),
        "hexforge.core.scenarios.runner": (
            "Failure",
            "Problem",
            "ScenarioAgent",
            "ScenarioResult",
            "run_file",
            "run_scenario",
        ),
    },
)
