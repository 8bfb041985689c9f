"""Issue 20, item 1: the broken-plugin matrix. For every registration hook, a plugin whose
implementation raises, returns something that is not a list, returns a list of the wrong
things, or calls ``sys.exit``: the command still works for the built-in games, names the
plugin and the hook, and never ends in an internal error (exit 3)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from hexforge.core.cli.main import make_cli
from hexforge.plugins import hookspecs
from hexforge.plugins.markers import hookimpl

HOOKS = sorted(
    name
    for name in dir(hookspecs)
    if name.startswith("hexforge_") and name != "hexforge_dsl_vocabulary"
)


def _fails(how: str) -> Any:
    if how == "raises":
        raise RuntimeError("broken on purpose")
    if how == "exits":
        raise SystemExit(9)
    if how == "not a list":
        return 42
    return ["not what this hook registers"]


def _plugin(hook: str, how: str) -> object:
    """A plugin implementing only ``hook``, failing ``how``."""

    def implementation(*args: object, **kwargs: object) -> Any:
        return _fails(how)

    spec = getattr(hookspecs, hook)
    implementation.__signature__ = __import__("inspect").signature(spec)  # type: ignore[attr-defined]
    return type("Broken", (), {hook: staticmethod(hookimpl(specname=hook)(implementation))})()


MODES = ("raises", "exits", "not a list", "wrong items")
NSHEX = Path(__file__).resolve().parents[1] / "nshex" / "scenarios" / "armour.scenario.yaml"
PLAY = ["play", "--game", "nshex", "--p1", "random", "--p2", "random", "--seed", "2", "-q"]
USES = {
    "hexforge_renderers": ["render", "map", "nshex", "--out", "{tmp}/board.svg"],
    "hexforge_scenario_drivers": ["test", str(NSHEX)],
    "hexforge_invariants": ["simulate", "--game", "nshex", "--games", "2", "--check"],
    "hexforge_actions": ["play", "--game", "motu", "--p1", "random", "--p2", "random", "-q"],
    "hexforge_file_kinds": ["validate", "--no-cache", str(NSHEX)],
    "hexforge_diagnostic_codes": ["plugins", "--verbose"],
}
"""A command that asks each hook (play asks the others)."""


@pytest.mark.parametrize("how", MODES)
@pytest.mark.parametrize("hook", HOOKS)
def test_a_broken_hook_stops_no_built_in_game(hook: str, how: str, tmp_path: Path) -> None:
    plugins = [("broken", _plugin(hook, how))]
    result = CliRunner().invoke(make_cli(plugins), PLAY)
    assert result.exit_code == 0, result.output
    assert "(HQs " in result.output
    args = [a.format(tmp=tmp_path) for a in USES.get(hook, PLAY)]
    result = CliRunner().invoke(make_cli(plugins), args)
    assert result.exit_code in (0, 1), result.output  # never an internal error
    named = f"plugin 'broken' failed in {hook}" in result.output
    # a path hook's strings are paths: the file that is not there is the coded problem
    assert named or (how == "wrong items" and "HF103" in result.output), result.output


def test_the_matrix_covers_every_registration_hook() -> None:
    assert len(HOOKS) == 13
