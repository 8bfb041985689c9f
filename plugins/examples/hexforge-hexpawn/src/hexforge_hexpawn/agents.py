"""Hexpawn's named agents (hook ``hexforge_agents``, ``GamePlugin``'s ``agents`` part):
``heuristic``, a greedy player: it wins at once when it can, else takes, else leaves the
opponent the fewest replies. It is named ``heuristic`` because that is the agent
``hexforge play`` and ``simulate`` seat when ``--p1``/``--p2`` are not given.

The generic ``random``, ``first`` and ``human`` agents play Hexpawn too: every choice is
an engine decision whose options are the legal moves as text.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from hexforge.core.agents import AgentSpec
from hexforge.core.engine import Agent, Decision, Engine, Json, RandomAgent

if TYPE_CHECKING:  # the rules are imported when the agent first plays, not at start-up
    from hexforge_hexpawn.rules import Move


@dataclass(frozen=True, slots=True)
class GreedyAgent:
    """A move reaching the far row first, then a capture, then the move leaving the
    opponent fewest replies; ties go to the seeded random agent among the best."""

    seed: int = 0

    def choose(self, decision: Decision, engine: Engine) -> Json:
        from hexforge_hexpawn import rules

        moves = {m.text: m for m in rules.legal_moves(engine, decision.player)}
        if decision.kind != "move" or set(moves) != {str(o) for o in decision.options}:
            return RandomAgent(self.seed).choose(decision, engine)
        board = rules.board_of(engine)
        worth = {
            text: (2, 0)
            if board.far_row(move.player, move.end)
            else (int(move.taken is not None), -_replies(engine, move))
            for text, move in moves.items()
        }
        best = max(worth.values())
        ties = tuple(o for o in decision.options if worth[str(o)] == best)
        if len(ties) == 1:
            return ties[0]
        return RandomAgent(self.seed).choose(replace(decision, options=ties), engine)


def _replies(engine: Engine, move: Move) -> int:
    """How many moves the opponent would have after ``move`` (played on a copy)."""
    from hexforge_hexpawn import rules

    trial = Engine.restore(engine.ruleset, engine.snapshot())
    rules.make_move(trial, move)
    return len(rules.legal_moves(trial, rules.opponent(move.player)))


def _greedy(seed: int) -> Agent:
    return GreedyAgent(seed)


def agent_specs() -> list[AgentSpec]:
    """Hexpawn's named agents."""
    return [
        AgentSpec(
            "hexpawn",
            "heuristic",
            "greedy: wins at once if it can, else takes, else blocks",
            _greedy,
        )
    ]
