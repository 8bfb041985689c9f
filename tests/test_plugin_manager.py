"""The plugin manager: built-in games load as entry points, bad plugins are named (issue 2)."""

from __future__ import annotations

from importlib.metadata import EntryPoint

import pytest

from hexforge.core import codes
from hexforge.core.games import GameInfo
from hexforge.plugins import manager as manager_module
from hexforge.plugins.manager import load_plugins
from hexforge.plugins.markers import hookimpl


def test_built_in_games_are_registered_through_entry_points() -> None:
    host = load_plugins()
    assert host.problems == []
    assert {g.id for g in host.games()} >= {"motu", "nshex"}
    records = {r.name: r for r in host.plugins}
    assert records["motu"].distribution == "hexforge"
    assert records["motu"].module == "hexforge.plugins.motu"


def test_autoload_off_registers_nothing_but_extras() -> None:
    class Extra:
        @hookimpl
        def hexforge_games(self) -> list[GameInfo]:
            return [GameInfo("toy", "Toy", "a test game")]

    host = load_plugins([("extra", Extra())], autoload=False)
    assert [g.id for g in host.games()] == ["toy"]


def test_misspelled_hookimpl_is_rejected_with_a_suggestion() -> None:
    class Misspelled:
        @hookimpl
        def hexforge_game(self) -> list[GameInfo]:
            return []

    host = load_plugins([("typo", Misspelled())], autoload=False)
    assert [r.name for r in host.plugins] == []
    (problem,) = host.problems
    assert problem.code == codes.PLUGIN_UNKNOWN_HOOK
    assert "'typo'" in problem.message and "hexforge_game" in problem.message
    assert problem.hint == "did you mean 'hexforge_games'?"


def test_hookimpl_with_wrong_arguments_is_rejected() -> None:
    class WrongArgs:
        @hookimpl
        def hexforge_games(self, nonsense: int) -> list[GameInfo]:
            return []

    host = load_plugins([("wrong", WrongArgs())], autoload=False)
    (problem,) = host.problems
    assert problem.code == codes.PLUGIN_UNKNOWN_HOOK and "'wrong'" in problem.message


def test_plugin_that_fails_to_import_is_named_and_others_still_load(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = list(manager_module._entry_points())
    broken = EntryPoint(name="broken", value="hexforge_no_such_module", group="hexforge")
    monkeypatch.setattr(manager_module, "_entry_points", lambda: [broken, *real])
    host = load_plugins()
    (problem,) = host.problems
    assert problem.code == codes.PLUGIN_IMPORT_FAILED
    assert "'broken'" in problem.message and "ModuleNotFoundError" in problem.message
    assert {g.id for g in host.games()} >= {"motu", "nshex"}
