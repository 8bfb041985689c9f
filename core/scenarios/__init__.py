"""Scenario files: a position, forced dice, steps and answers, and what must be true after.

Content authors and the rules tests prove behaviour with them (docs/scenarios.md). The
format is generic; each game plugin provides a :class:`ScenarioDriver` (hook
``hexforge_scenario_drivers``) that builds its position and performs and observes its
actions. ``hexforge test`` and the pytest plugin run the files.
"""

from hexforge.core.scenarios.codes import ILLEGAL_ACTION, OUT_OF_RANGE, WRONG_VALUE
from hexforge.core.scenarios.coverage import Coverage, Usage
from hexforge.core.scenarios.driver import (
    ActionSpec,
    Args,
    Coordinate,
    Kind,
    Observable,
    Param,
    ScenarioDriver,
    ScenarioGame,
    SetupSource,
    hex_of,
)
from hexforge.core.scenarios.drivers import drivers_from_host
from hexforge.core.scenarios.loader import (
    SUFFIX,
    find_scenarios,
    load_scenario,
    scenario_from_text,
)
from hexforge.core.scenarios.model import Scenario
from hexforge.core.scenarios.report import result_text, summary
from hexforge.core.scenarios.runner import (
    Failure,
    Problem,
    ScenarioAgent,
    ScenarioResult,
    run_file,
    run_scenario,
)

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
