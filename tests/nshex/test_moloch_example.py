"""Issue 22: a fourth army shipped as an expansion package (plugins/examples/hexforge-moloch),
written with the public API and data only. Without installing it, this loads its plugin
module, validates its pack strictly, runs its scenarios and plays it with
``hexforge play --game nshex --set armies=moloch,smart`` (CI also installs it and runs
its own tests, .ci/run)."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from click.testing import CliRunner

from hexforge.core.cli.main import make_cli
from hexforge.core.scenarios import result_text, run_scenario, scenario_from_text
from hexforge.plugins.manager import load_plugins
from hexforge.plugins.nshex.driver import NshexDriver
from hexforge.plugins.nshex.game import new_game, play_game
from hexforge.plugins.nshex.play import players_for
from hexforge.plugins.nshex.rules import nshex_rules
from hexforge.plugins.nshex.state import NshexState
from tests.nshex.random_games import checked_agents

EXAMPLE = Path(__file__).resolve().parents[2] / "plugins" / "examples" / "hexforge-moloch"
SCENARIOS = sorted((EXAMPLE / "tests").glob("*.scenario.yaml"))


@pytest.fixture(scope="module")
def moloch() -> Iterator[ModuleType]:
    sys.path.insert(0, str(EXAMPLE / "src"))
    try:
        yield importlib.import_module("hexforge_moloch")
    finally:
        sys.path.remove(str(EXAMPLE / "src"))


def test_the_pack_validates_strictly(moloch: ModuleType) -> None:
    args = ["validate", "--strict", "--no-cache", str(moloch.PACK)]
    result = CliRunner().invoke(make_cli(), args)
    assert result.exit_code == 0, result.output


def test_its_plugin_ships_data_only(moloch: ModuleType) -> None:
    """No Python rule: the module's only hook ships the pack folder."""
    hooks = [name for name in vars(moloch) if name.startswith("hexforge_")]
    assert hooks == ["hexforge_content_packs"]
    rules = nshex_rules(load_plugins([("moloch", moloch)]))
    assert "moloch" in rules.tiles.armies()
    assert "moloch/shockwave" in rules.instants


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.name for p in SCENARIOS])
def test_its_scenarios_pass(moloch: ModuleType, path: Path) -> None:
    driver = NshexDriver(load_plugins([("moloch", moloch)]))
    scenario = scenario_from_text(
        path.read_text(encoding="utf-8"), {"nshex": driver}, name=path.name
    )
    result = run_scenario(scenario)
    assert result.passed, result_text(result)


@pytest.mark.parametrize("armies", ["moloch,smart", "vegas,moloch"])
def test_hexforge_play_plays_the_army(moloch: ModuleType, armies: str) -> None:
    args = ["play", "--game", "nshex", "--seed", "3", "--set", f"armies={armies}"]
    result = CliRunner().invoke(make_cli([("moloch", moloch)]), args)
    assert result.exit_code == 0, result.output
    assert "moloch puts the HQ" in result.output
    assert "HQ destroyed" in result.output or "final battle" in result.output


@pytest.mark.parametrize("seed", range(6))
def test_random_games_with_the_army_keep_the_invariants(moloch: ModuleType, seed: int) -> None:
    """Random agents, nshex's invariants checked before every decision (docs/nshex.md)."""
    rules = nshex_rules(load_plugins([("moloch", moloch)]))
    armies = ("moloch", ("smart", "vegas", "borgo")[seed % 3])[:: 1 if seed % 2 else -1]
    players = players_for(armies)
    checker, _, agents = checked_agents(seed, players)
    engine = new_game(rules, dict(zip(players, armies, strict=True)), seed, agents)
    play_game(engine)
    checker.end(engine)
    assert NshexState(engine).result is not None
