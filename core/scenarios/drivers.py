"""Finding the scenario drivers the installed game plugins provide."""

from __future__ import annotations

from typing import cast

from hexforge.core.errors import Diagnostic
from hexforge.core.scenarios import codes
from hexforge.core.scenarios.driver import ScenarioDriver
from hexforge.plugins.hookcalls import each_item
from hexforge.plugins.manager import PluginHost


def drivers_from_host(host: PluginHost) -> tuple[dict[str, ScenarioDriver], list[Diagnostic]]:
    """Game id -> driver, from every plugin's ``hexforge_scenario_drivers``; a plugin whose
    hook raises is named (HF603), two drivers for one game are reported (HF512) and the
    first registered is kept."""
    found: dict[str, ScenarioDriver] = {}
    problems: list[Diagnostic] = []
    hook = host.manager.hook.hexforge_scenario_drivers
    for item in each_item(hook, problems, kind=ScenarioDriver, host=host):
        driver = cast(ScenarioDriver, item.result)
        if driver.game in found:
            problems.append(
                Diagnostic(
                    codes.DUPLICATE_DRIVER,
                    f"plugin {item.plugin!r} provides a second scenario driver "
                    f"for game {driver.game!r}",
                    hint="uninstall one of the plugins, or drop one driver",
                )
            )
            continue
        found[driver.game] = driver
    return found, problems
