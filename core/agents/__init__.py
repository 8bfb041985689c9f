"""Named agents for ``hexforge play`` and ``hexforge simulate`` (docs/play.md).

Generic agents (``random``, ``first``, ``human``) serve every game; game plugins add their
own through the hook ``hexforge_agents`` (docs/plugins.md), e.g. motu's ``heuristic``.
"""

from hexforge.core.agents.human import HumanAgent, UndoRequest, UndoSession
from hexforge.core.agents.registry import AgentSpec, agent_specs, make_agent

__all__ = ["AgentSpec", "HumanAgent", "UndoRequest", "UndoSession", "agent_specs", "make_agent"]
