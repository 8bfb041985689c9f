"""pytest collects ``*.scenario.yaml`` files as test items (registered through ``pytest11``).

A failing scenario shows the same report as ``hexforge test``. Drivers come from the
installed plugins; a ``conftest.py`` can add plugins for the files below it by
implementing ``pytest_hexforge_plugins`` (how the test suite adds the toy game's driver)::

    def pytest_hexforge_plugins(config):
        return [("skirmish", toy_driver)]
"""

from __future__ import annotations

from collections.abc import Iterator
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from hexforge.core.errors import Diagnostic
from hexforge.core.report import render_text
from hexforge.core.scenarios.driver import ScenarioDriver
from hexforge.core.scenarios.drivers import drivers_from_host
from hexforge.core.scenarios.loader import SUFFIX
from hexforge.core.scenarios.report import result_text
from hexforge.core.scenarios.runner import ScenarioResult, run_file
from hexforge.plugins.manager import load_plugins

Extras = tuple[tuple[str, object], ...]
_DRIVERS = pytest.StashKey[dict[Extras, dict[str, ScenarioDriver]]]()


class HookSpecs:
    """The hook this plugin adds to pytest."""

    @pytest.hookspec
    def pytest_hexforge_plugins(self, config: pytest.Config) -> list[tuple[str, object]]:  # type: ignore[empty-body]
        """Extra hexforge plugins ``(name, plugin)`` for the scenario files below this
        conftest (e.g. a test game's scenario driver)."""


def pytest_addhooks(pluginmanager: pytest.PytestPluginManager) -> None:
    pluginmanager.add_hookspecs(HookSpecs)


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.File | None:
    if file_path.name.endswith(SUFFIX):
        file: ScenarioFile = ScenarioFile.from_parent(parent, path=file_path)
        return file
    return None


class ScenarioFile(pytest.File):
    """One scenario file: one test item."""

    def collect(self) -> Iterator[pytest.Item]:
        yield ScenarioItem.from_parent(self, name=self.path.name.removesuffix(SUFFIX))


class ScenarioFailed(Exception):
    """Raised by a failing item; carries the result for the report."""

    def __init__(self, result: ScenarioResult) -> None:
        super().__init__(result.file)
        self.result = result


class ScenarioItem(pytest.Item):
    """Loads and runs the scenario with the drivers visible from its folder."""

    def runtest(self) -> None:
        result = run_file(self.path, self._drivers())
        if not result.passed:
            raise ScenarioFailed(result)

    def _drivers(self) -> dict[str, ScenarioDriver]:
        found = self.ihook.pytest_hexforge_plugins(config=self.config)
        extras: Extras = tuple(pair for pairs in found for pair in pairs)
        cache = self.config.stash.setdefault(_DRIVERS, {})
        if extras not in cache:
            host = load_plugins(extras)
            drivers, _problems = drivers_from_host(host)
            cache[extras] = drivers
        return cache[extras]

    def repr_failure(
        self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None
    ) -> str | Any:
        if isinstance(excinfo.value, ScenarioFailed):
            result = excinfo.value.result
            if result.errors:
                return diagnostics_text(result.errors)
            return result_text(result).split("\n", 1)[1]  # the item already names the file
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, 0, f"scenario {self.name}"


def diagnostics_text(diagnostics: tuple[Diagnostic, ...]) -> str:
    """Diagnostics rendered by the shared renderer, without colour."""
    buffer = StringIO()
    render_text(diagnostics, Console(file=buffer, no_color=True, width=200))
    return buffer.getvalue()
