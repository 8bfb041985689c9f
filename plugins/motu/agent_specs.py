"""motu's named agents (hook ``hexforge_agents``), apart from the agents themselves.

Seating the players of any game reads every game's agent names, so this module imports
none of motu's rules: each agent's module is imported when an agent is made, for a motu
game (docs/cli.md, "Start-up")."""

from __future__ import annotations

from hexforge.core.agents import AgentSpec
from hexforge.core.engine import Agent


def _heuristic(seed: int) -> Agent:
    from hexforge.plugins.motu.agents import MotuHeuristicAgent

    return MotuHeuristicAgent(seed)


def _human(seed: int) -> Agent:
    from hexforge.plugins.motu.terminal import human

    return human(seed)


def _search(seed: int) -> Agent:
    from hexforge.core.agents.search import SearchAgent
    from hexforge.plugins.motu.search_hooks import MOTU_SEARCH

    return SearchAgent.from_env(seed, game=MOTU_SEARCH)


def agent_specs() -> list[AgentSpec]:
    """motu's named agents (hook ``hexforge_agents``)."""
    return [
        AgentSpec(
            "motu", "heuristic", "objectives, best attacks, side missions, overwatch", _heuristic
        ),
        AgentSpec("motu", "human", "you, at the terminal", _human),
        AgentSpec(
            "motu",
            "search",
            "Monte Carlo search over the heuristic's best moves (HEXFORGE_SEARCH_PLAYOUTS; "
            "Linux and macOS, not at the web table)",
            _search,
        ),
    ]
