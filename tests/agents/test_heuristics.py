"""The heuristic agents against random ones (issue 13), and the agent registry."""

from __future__ import annotations

import pytest

from hexforge.core.agents import agent_specs, make_agent
from hexforge.core.engine import Agent, RandomAgent
from hexforge.core.errors import HexforgeError
from hexforge.core.play import GameRunner
from hexforge.plugins.manager import load_plugins
from hexforge.plugins.motu.agents import MotuHeuristicAgent
from hexforge.plugins.motu.play import MotuRunner
from hexforge.plugins.nshex.agents import NshexHeuristicAgent
from hexforge.plugins.nshex.play import NshexRunner
from tests.plugged import HOST

GAMES = 12


def heuristic_wins(runner: GameRunner, heuristic: type[Agent], games: int) -> int:
    """Games won by the heuristic, seats alternating (even seeds: first seat)."""
    wins = 0
    for seed in range(games):
        players = runner.players({})
        mine, theirs = players[seed % 2], players[1 - seed % 2]
        agents: dict[str, Agent] = {mine: heuristic(seed), theirs: RandomAgent(seed)}  # type: ignore[call-arg]
        wins += runner.play(seed, agents, {}).winner == mine
    return wins


def test_motu_heuristic_beats_random_by_a_clear_margin() -> None:
    """Issue 13: >= 80% of first-game games against random (benchmarks/simulate.py
    measures 100 games); on 12 seeded games both seats it must win at least 10."""
    wins = heuristic_wins(MotuRunner(HOST), MotuHeuristicAgent, GAMES)
    print(f"motu heuristic vs random: {wins}/{GAMES}")
    assert wins >= 10


def test_nshex_heuristic_beats_random_by_a_clear_margin() -> None:
    wins = heuristic_wins(NshexRunner(HOST), NshexHeuristicAgent, GAMES)
    print(f"nshex heuristic vs random: {wins}/{GAMES}")
    assert wins >= 9


@pytest.mark.parametrize("runner", [MotuRunner(HOST), NshexRunner(HOST)], ids=lambda r: r.game)
def test_heuristic_games_are_deterministic(runner: GameRunner) -> None:
    """Same seed + same agents = same log (the heuristic's fallback is seeded by decision)."""
    host = load_plugins()
    specs = agent_specs(host.manager, runner.game)

    def log() -> str:
        players = runner.players({})
        agents = {p: make_agent(specs, "heuristic", 7 + i) for i, p in enumerate(players)}
        return runner.play(7, agents, {}).engine.log.text()

    assert log() == log()


def test_plugins_register_named_agents_per_game() -> None:
    """Hook hexforge_agents: motu and nshex add heuristic and human to the generic ones."""
    manager = load_plugins().manager
    for game in ("motu", "nshex"):
        assert {"random", "first", "human", "heuristic"} <= set(agent_specs(manager, game))
    assert "heuristic" not in agent_specs(manager, "no-such-game")


def test_an_unknown_agent_is_hf050_naming_the_known_ones() -> None:
    specs = agent_specs(load_plugins().manager, "motu")
    with pytest.raises(HexforgeError) as error:
        make_agent(specs, "genius", 1)
    found = error.value.diagnostics[0]
    assert found.code == "HF050"
    assert found.hint is not None and "heuristic" in found.hint
