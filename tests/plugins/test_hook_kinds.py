"""What a hook returns is checked against its kind without running it: a protocol's
members must be there, but a property (a driver's ``actions``, built from the whole
ruleset) is not computed to register the object (issue 24, start-up of validate)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property

from pydantic import BaseModel

from hexforge.core.errors import Diagnostic
from hexforge.core.scenarios.drivers import drivers_from_host
from hexforge.plugins.hookcalls import each_item
from hexforge.plugins.manager import PluginHost, load_plugins
from hexforge.plugins.markers import hookimpl


class _Driver:
    """A scenario driver whose actions must not be built while it registers."""

    game = "toy"
    setup_model = BaseModel
    observables: Sequence[object] = ()

    @cached_property
    def actions(self) -> Sequence[object]:
        raise AssertionError("registering a driver built its actions")

    def setup(self, *args: object) -> None:
        raise NotImplementedError

    def cards(self) -> Sequence[str]:
        return []


class _NotADriver:
    game = "other"


class _Drivers:
    def __init__(self, driver: object) -> None:
        self.driver = driver

    @hookimpl
    def hexforge_scenario_drivers(self, host: PluginHost) -> list[object]:
        return [self.driver]


def _host(*plugins: tuple[str, object]) -> PluginHost:
    return load_plugins(list(plugins), autoload=False)


def test_a_driver_registers_without_building_its_actions() -> None:
    drivers, problems = drivers_from_host(_host(("lazy", _Drivers(_Driver()))))
    assert problems == [] and list(drivers) == ["toy"]


def test_an_object_missing_a_member_is_the_plugins_problem() -> None:
    host = _host(("lazy", _Drivers(_Driver())), ("broken", _Drivers(_NotADriver())))
    drivers, problems = drivers_from_host(host)
    assert list(drivers) == ["toy"]
    assert [p.code for p in problems] == ["HF603"]
    assert "'broken'" in problems[0].message and "ScenarioDriver belongs" in problems[0].message


def test_plain_classes_are_checked_with_isinstance() -> None:
    problems: list[Diagnostic] = []
    hook = _host(("lazy", _Drivers(_Driver()))).manager.hook.hexforge_scenario_drivers
    found = list(each_item(hook, problems, kind=(int, _Driver), host=None))
    assert [type(c.result) for c in found] == [_Driver] and problems == []
    assert list(each_item(hook, problems, kind=int, host=None)) == []
    assert len(problems) == 1
