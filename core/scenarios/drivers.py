"""Finding the scenario drivers the installed game plugins provide."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import cast

from hexforge.core.errors import Diagnostic, HexforgeError
from hexforge.core.scenarios import codes
from hexforge.core.scenarios.driver import ScenarioDriver
from hexforge.plugins.hookcalls import each_item
from hexforge.plugins.manager import PluginHost, with_plugin
from hexforge.plugins.pack_folders import PLUGIN_NAME, PackFolders, pack_folders


class Drivers(dict[str, ScenarioDriver]):
    """Game id -> driver, and the plugin host they come from: a scenario that names
    ``packs:`` runs with drivers of that host plus those packs (:func:`with_packs`)."""

    def __init__(self, found: Mapping[str, ScenarioDriver], host: PluginHost) -> None:
        super().__init__(found)
        self.host = host
        self.packed: dict[tuple[Path, ...], Drivers] = {}


def with_packs(drivers: Mapping[str, ScenarioDriver], paths: Sequence[Path]) -> Drivers:
    """The drivers of ``drivers``' host with the pack folders at ``paths`` added, loaded as
    ``hexforge --pack`` loads them (built once per set of folders); HexforgeError for a
    path holding no pack, or drivers that come from no host (HF514)."""
    if not isinstance(drivers, Drivers):
        raise HexforgeError.single(
            codes.NO_PACKS,
            "this run has no plugin host to load the scenario's packs into",
            hint="run it with 'hexforge test' or pytest, or pass drivers_from_host(...)",
        )
    packs = pack_folders(paths)
    if packs.folders not in drivers.packed:
        present = drivers.host.manager.get_plugin(PLUGIN_NAME)
        if isinstance(present, PackFolders):  # --pack folders stay, the scenario's join them
            extra = tuple(f for f in packs.folders if f not in present.folders)
            combined = PackFolders(present.folders + extra)
        else:
            combined = packs
        host = with_plugin(drivers.host, PLUGIN_NAME, combined)
        drivers.packed[packs.folders], _ = drivers_from_host(host)
    return drivers.packed[packs.folders]


def drivers_from_host(host: PluginHost) -> tuple[Drivers, list[Diagnostic]]:
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
    return Drivers(found, host), problems
