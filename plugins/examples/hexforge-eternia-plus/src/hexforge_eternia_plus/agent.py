"""The ``grove`` agent (hook ``hexforge_agents``): motu's heuristic, which knows only the
rulebook's actions (it never uses a skill or a Python action it never saw), with this
expansion's Root Snare and Root Walk taught on top, so that ``hexforge simulate --p1
grove`` plays games in which the expansion's content is used and a content author sees
what it does to the game.

Imported when a ``grove`` agent is made (``__init__.py``), never when the plugins load:
seating the players of any game reads every agent's name only.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hexforge.core.engine import Decision, Engine, Json
from hexforge.core.hexgrid import parse_coord
from hexforge.plugins.motu.api import MotuHeuristicAgent, UnitState, goal_distance
from hexforge_eternia_plus.root_walk import ROOT_MARK, WORD

SNARE = "skill eternia-plus/moss-man#root-snare -"
"""The option of Moss Man's Root Snare (an active skill without a target)."""
GAIN = 2
"""Walk only when the mark's hex is at least this many steps nearer the goal."""


def _has_root_mark(engine: Engine, player: str) -> bool:
    marks = engine.entities("mark", owner=player)
    return any(UnitState(engine, m.id).card == ROOT_MARK for m in marks)


@dataclass
class GroveAgent:
    """Attacks as the heuristic does; otherwise, while Moss Man is short of his goal, he
    places his Root Mark as near the goal as he can and rises from it (Root Walk) when
    that brings him at least :data:`GAIN` steps nearer. Every other decision is the
    heuristic's, asked through its ``choose`` alone."""

    seed: int = 0
    heuristic: MotuHeuristicAgent = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.heuristic = MotuHeuristicAgent(self.seed)

    def choose(self, decision: Decision, engine: Engine) -> Json:
        options = [str(o) for o in decision.options]
        pick = None
        if decision.kind == "action":
            pick = self._action(decision, engine, options)
        elif decision.kind == "mark_hex" and decision.context.get("mark") == ROOT_MARK:
            to_goal = goal_distance(engine, decision.player)
            pick = min(options, key=lambda o: to_goal(parse_coord(o)))
        if pick is None:
            return self.heuristic.choose(decision, engine)
        return decision.options[options.index(pick)]

    def _action(self, decision: Decision, engine: Engine, options: list[str]) -> str | None:
        """Root Walk or Root Snare when the heuristic would not attack, else None."""
        if any(o.startswith("attack ") for o in options):
            return None
        player, unit = decision.player, str(decision.context.get("unit"))
        to_goal = goal_distance(engine, player)
        here = to_goal(UnitState(engine, unit).hex)
        for option in options:
            verb, *words = option.split()
            if verb == WORD and to_goal(parse_coord(words[0])) <= here - GAIN:
                return option
        if SNARE in options and here > GAIN and not _has_root_mark(engine, player):
            return SNARE
        return None
