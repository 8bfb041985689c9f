"""A plugin whose hook raises or returns the wrong type is named (HF603) and costs only its
own contribution: the built-in games still play (issue 19, one helper calls every hook,
``hexforge.plugins.hookcalls``)."""

from __future__ import annotations

from click.testing import CliRunner

from hexforge.core.agents import agent_specs
from hexforge.core.cli.main import make_cli
from hexforge.core.errors import HexforgeError
from hexforge.core.play import Runtime
from hexforge.core.simulate.invariants import invariants_for
from hexforge.plugins.manager import load_plugins
from hexforge.plugins.markers import hookimpl


class Broken:
    """Every registration hook of this plugin fails, each its own way."""

    @hookimpl
    def hexforge_cli_commands(self) -> list[object]:
        raise RuntimeError("no commands today")

    @hookimpl
    def hexforge_agents(self) -> list[object]:
        raise RuntimeError("no agents today")

    @hookimpl
    def hexforge_invariants(self) -> int:
        return 5

    @hookimpl
    def hexforge_game_runners(self) -> None:
        return None


def test_hexforge_play_names_the_plugin_and_plays_on() -> None:
    args = ["play", "--game", "nshex", "--p1", "random", "-q"]
    result = CliRunner().invoke(make_cli([("broken", Broken())]), args)
    assert result.exit_code == 0, result.output
    assert "plugin 'broken' failed in hexforge_cli_commands: RuntimeError" in result.output
    assert "plugin 'broken' failed in hexforge_agents: RuntimeError" in result.output
    assert "(HQs " in result.output


def test_the_runtime_keeps_the_games_of_the_plugins_that_work() -> None:
    runtime = Runtime(load_plugins([("broken", Broken())]))
    assert {"motu", "nshex"} <= set(runtime.runners)
    assert "heuristic" in runtime.agents("motu")
    messages = [p.message for p in runtime.problems]
    assert any("hexforge_game_runners: TypeError" in m for m in messages)
    assert any("hexforge_agents: RuntimeError" in m for m in messages)


def test_without_a_list_to_report_into_the_failure_is_raised_naming_the_plugin() -> None:
    manager = load_plugins([("broken", Broken())]).manager
    for ask in (lambda: agent_specs(manager, "motu"), lambda: invariants_for(manager, "motu")):
        try:
            ask()
        except HexforgeError as error:
            assert error.code == "HF603" and "'broken'" in error.diagnostics[0].message
        else:
            raise AssertionError("a failing hook was dropped")
