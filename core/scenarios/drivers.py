"""Finding the scenario drivers the installed game plugins provide."""

from __future__ import annotations

from typing import cast

from hexforge.core.codes import PLUGIN_HOOK_FAILED
from hexforge.core.errors import Diagnostic
from hexforge.core.scenarios import codes
from hexforge.core.scenarios.driver import ScenarioDriver
from hexforge.plugins.manager import PluginHost


def drivers_from_host(host: PluginHost) -> tuple[dict[str, ScenarioDriver], list[Diagnostic]]:
    """Game id -> driver, from every plugin's ``hexforge_scenario_drivers``; two drivers
    for one game are reported (HF512) and the first registered is kept."""
    found: dict[str, ScenarioDriver] = {}
    problems: list[Diagnostic] = []
    for impl in host.manager.hook.hexforge_scenario_drivers.get_hookimpls():
        try:
            provided = list(cast(list[ScenarioDriver], impl.function()))
        except Exception as exc:  # one broken plugin must not hide the other games
            problems.append(
                Diagnostic(
                    PLUGIN_HOOK_FAILED,
                    f"plugin {impl.plugin_name!r} failed in hexforge_scenario_drivers: "
                    f"{type(exc).__name__}: {exc}",
                    hint="report it to the plugin's authors",
                )
            )
            continue
        for driver in provided:
            if driver.game in found:
                problems.append(
                    Diagnostic(
                        codes.DUPLICATE_DRIVER,
                        f"plugin {impl.plugin_name!r} provides a second scenario driver "
                        f"for game {driver.game!r}",
                        hint="uninstall one of the plugins, or drop one driver",
                    )
                )
                continue
            found[driver.game] = driver
    return found, problems
