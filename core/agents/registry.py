"""Agent names: which agent ``--p1 NAME`` builds for a game."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

import pluggy

from hexforge.core.agents.codes import UNKNOWN_AGENT
from hexforge.core.agents.human import terminal_human
from hexforge.core.engine import Agent, FirstLegalAgent, RandomAgent
from hexforge.core.engine.diagnostics import fail
from hexforge.core.errors import Diagnostic
from hexforge.plugins.hookcalls import each_item, report

ANY_GAME = "*"


@dataclass(frozen=True, slots=True)
class AgentSpec:
    """A named agent: ``make(seed)`` builds a fresh, seeded instance for one game."""

    game: str
    """The game id it plays, or ``"*"`` for every game."""
    name: str
    description: str
    make: Callable[[int], Agent]


GENERIC = (
    AgentSpec(ANY_GAME, "random", "a uniformly random legal choice (seeded)", RandomAgent),
    AgentSpec(ANY_GAME, "first", "always the first legal option", lambda _: FirstLegalAgent()),
    AgentSpec(ANY_GAME, "human", "you, at the terminal", lambda _: terminal_human()),
)


def agent_specs(
    manager: pluggy.PluginManager | None, game: str, problems: list[Diagnostic] | None = None
) -> dict[str, AgentSpec]:
    """The agents that can play ``game``: the generic ones, then the plugins' (a plugin's
    agent of the same name wins, so a game may refine ``random``). A plugin whose hook
    fails is named (HF603): in ``problems`` when given, the others' agents still offered,
    else raised."""
    specs = {s.name: s for s in GENERIC}
    if manager is None:
        return specs
    found: list[Diagnostic] = []
    for item in each_item(manager.hook.hexforge_agents, found, kind=AgentSpec):
        spec = cast(AgentSpec, item.result)
        if spec.game in (game, ANY_GAME):
            specs[spec.name] = spec
    report(found, problems)
    return specs


def make_agent(specs: dict[str, AgentSpec], name: str, seed: int) -> Agent:
    """A seeded agent by name; HF050 names the known agents when ``name`` is unknown."""
    spec = specs.get(name)
    if spec is None:
        known = ", ".join(sorted(specs))
        raise fail(UNKNOWN_AGENT, f"no agent '{name}'", hint=f"known agents: {known}")
    return spec.make(seed)
