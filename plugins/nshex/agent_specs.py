"""nshex's named agents (hook ``hexforge_agents``), apart from the agents themselves.

Seating the players of any game reads every game's agent names, so this module imports
none of nshex's rules: each agent's module is imported when an agent is made, for an nshex
game (docs/cli.md, "Start-up")."""

from __future__ import annotations

from hexforge.core.agents import AgentSpec
from hexforge.core.engine import Agent


def _heuristic(seed: int) -> Agent:
    from hexforge.plugins.nshex.agents import NshexHeuristicAgent

    return NshexHeuristicAgent(seed)


def _human(seed: int) -> Agent:
    from hexforge.core.agents.human import terminal_human
    from hexforge.plugins.nshex.agents import board_summary
    from hexforge.plugins.nshex.terminal import option_label

    return terminal_human(board_summary, option_label)


def _search(seed: int) -> Agent:
    from hexforge.core.agents.search import SearchAgent
    from hexforge.plugins.nshex.search_hooks import NSHEX_SEARCH

    return SearchAgent.from_env(seed, game=NSHEX_SEARCH)


def agent_specs() -> list[AgentSpec]:
    """nshex's named agents (hook ``hexforge_agents``)."""
    return [
        AgentSpec("nshex", "heuristic", "most expected damage per tile", _heuristic),
        AgentSpec("nshex", "human", "you, at the terminal", _human),
        AgentSpec(
            "nshex",
            "search",
            "Monte Carlo search over the heuristic's best moves (HEXFORGE_SEARCH_PLAYOUTS; "
            "Linux and macOS, not at the web table)",
            _search,
        ),
    ]
