"""Computer agents for motu: a heuristic player that knows what wins the game.

Victory in a first game comes from objective tokens (20 VP each, rulebook §Scoring) and from
knocking out enemy characters, so the heuristic plays every card it can (a pass forfeits the
round's actions, §Select Cards), activates the character with the most to gain, attacks
whenever a legal target exists (the attack with the best expected outcome), otherwise walks
towards the nearest unclaimed objective it can claim or the nearest foe, and ends an
activation on overwatch (§Overwatch) rather than idling. Decisions it has no opinion about
fall back to a seeded random choice (a function of the seed and the decision number, so
replays and undo restarts agree).
"""

from __future__ import annotations

from dataclasses import dataclass

from hexforge.core.agents import AgentSpec
from hexforge.core.agents.human import terminal_human
from hexforge.core.engine import Decision, Engine, Json, RandomAgent
from hexforge.core.errors import HexforgeError
from hexforge.core.hexgrid import Hex, distance
from hexforge.core.hexgrid.board import parse_coord
from hexforge.core.hexgrid.coords import direction_to, ring
from hexforge.plugins.motu.attacks import scope_changes, weapon_of
from hexforge.plugins.motu.board import coord, hex_of, on_board
from hexforge.plugins.motu.cards import Fate, Glory
from hexforge.plugins.motu.library import library
from hexforge.plugins.motu.units import is_knocked_out

PASS = "pass"


def _hex(label: str) -> Hex | None:
    """The hex of a destination label (``'O23'`` or ``'O23^1'`` for a level)."""
    try:
        return parse_coord(label.split("^")[0].split("@")[0])
    except HexforgeError:  # a label the heuristic cannot read scores nothing
        return None


def _foes(engine: Engine, player: str) -> list[str]:
    return [
        u
        for u in on_board(engine)
        if engine.entity(u).owner not in (None, player) and not is_knocked_out(engine, u)
    ]


def _objectives(engine: Engine, player: str) -> list[Hex]:
    """Objective hexes still on the board outside ``player``'s own deployment zone."""
    found = engine.state.data.get("objectives")
    if not isinstance(found, list):
        return []
    return [parse_coord(str(o)) for o in found]


def _goal_distance(engine: Engine, player: str, here: Hex) -> int:
    """How far ``here`` is from the nearest objective (claiming needs to be on or next to
    it, rulebook §Claim Objective Tokens) or else the nearest standing foe."""
    goals = _objectives(engine, player)
    if goals:
        return min(max(0, distance(here, g) - 1) for g in goals)
    foes = [hex_of(engine, f) for f in _foes(engine, player)]
    return min((distance(here, f) for f in foes), default=0)


def _card_value(card_id: str) -> float:
    """How much an activation with this card is worth: AP drive moves and attacks, mana
    pays for magic weapons and skills, initiative decides who acts first."""
    try:
        card = library().card(card_id, "fate", "glory")
    except HexforgeError:  # an unknown card is merely unattractive
        return 0.0
    if isinstance(card, Fate):
        return 3.0 * card.ap + 1.5 * card.mana + 0.2 * card.initiative
    if isinstance(card, Glory):
        return 1.0
    return 0.0


def _attack_value(engine: Engine, unit: str, option: str) -> float:
    """How good ``attack WEAPON TARGET`` is, from the rules' own queries: the weapon's dice
    modifier plus the situational scope changes (flank, engaged target, cover; rulebook
    §Attack), and a wounded target first (closer to being knocked out)."""
    _, weapon_id, target = option.split(" ", 2)
    try:
        weapon = weapon_of(engine, unit, weapon_id)
    except HexforgeError:  # an area or borrowed weapon the query does not know
        return 0.0
    scope = sum(c.change for c in scope_changes(engine, weapon, unit, target))
    wounds = engine.prop(target, "wounds")
    return weapon.dice + scope + (0.5 * wounds if isinstance(wounds, int) else 0.0)


@dataclass
class MotuHeuristicAgent:
    """The motu heuristic (``--p1 heuristic``); see the module docstring for its plan."""

    seed: int = 0

    def choose(self, decision: Decision, engine: Engine) -> Json:
        options = [str(o) for o in decision.options]
        handler = getattr(self, f"_{decision.kind}", None)
        if handler is not None:
            answer = handler(decision, engine, options)
            if answer in options:
                return decision.options[options.index(answer)]
        return RandomAgent(self.seed).choose(decision, engine)

    def _first_player(self, decision: Decision, engine: Engine, options: list[str]) -> str:
        return decision.player

    def _select_card(self, decision: Decision, engine: Engine, options: list[str]) -> str:
        cards = [o for o in options if o != PASS]
        return max(cards, key=_card_value) if cards else PASS

    def _activate(self, decision: Decision, engine: Engine, options: list[str]) -> str:
        return min(
            options, key=lambda u: _goal_distance(engine, decision.player, hex_of(engine, u))
        )

    def _bonus(self, decision: Decision, engine: Engine, options: list[str]) -> str:
        for preferred in ("ap", "mana", "mission", "ability"):
            if preferred in options:
                return preferred
        return options[0]

    def _action(self, decision: Decision, engine: Engine, options: list[str]) -> str:
        unit = str(decision.context.get("unit"))
        attacks = [o for o in options if o.startswith("attack ")]
        if attacks:
            return max(attacks, key=lambda o: _attack_value(engine, unit, o))
        if _goal_distance(engine, decision.player, hex_of(engine, unit)) > 0:
            for move in ("move focused", "move"):
                if move in options:
                    return move
            if "focus" in options and not _foes_adjacent(engine, decision.player, unit):
                return "focus"
        return "overwatch" if "overwatch" in options else "end"

    def _move_to(self, decision: Decision, engine: Engine, options: list[str]) -> str:
        def score(label: str) -> int:
            spot = _hex(label)
            return 999 if spot is None else _goal_distance(engine, decision.player, spot)

        return min(options, key=score)

    def _move_facing(self, decision: Decision, engine: Engine, options: list[str]) -> str:
        unit = str(decision.context.get("unit"))
        here = hex_of(engine, unit)
        foes = sorted(
            _foes(engine, decision.player), key=lambda f: distance(here, hex_of(engine, f))
        )
        for foe in foes[:1]:
            there = hex_of(engine, foe)
            step = min(
                (n for n in _neighbours(here)), key=lambda n: distance(n, there), default=None
            )
            direction = None if step is None else direction_to(here, step)
            if direction is not None and direction.name in options:
                return direction.name
        return options[0]

    def _discard(self, decision: Decision, engine: Engine, options: list[str]) -> str:
        return "done" if "done" in options else min(options, key=_card_value)


def _foes_adjacent(engine: Engine, player: str, unit: str) -> bool:
    here = hex_of(engine, unit)
    return any(distance(here, hex_of(engine, f)) <= 1 for f in _foes(engine, player))


def _neighbours(here: Hex) -> list[Hex]:
    return ring(here, 1)


def board_summary(engine: Engine, player: str) -> str:
    """What a human needs before a choice: every character's hex, wounds and tokens,
    the objectives left and the score."""
    lines = [f"VP {engine.state.data.get('vp')}  objectives {engine.state.data.get('objectives')}"]
    for unit in on_board(engine):
        owner = engine.entity(unit).owner
        marks = [m for m in ("focus", "overwatch") if engine.prop(unit, m)]
        state = (
            "knocked out" if is_knocked_out(engine, unit) else f"at {coord(hex_of(engine, unit))}"
        )
        wounds = engine.prop(unit, "wounds")
        lines.append(
            f"  {'*' if owner == player else ' '} {unit} ({owner}) {state}, "
            f"wounds {wounds or 0} {' '.join(marks)}".rstrip()
        )
    return "\n".join(lines)


def agent_specs() -> list[AgentSpec]:
    """motu's named agents (hook ``hexforge_agents``)."""
    return [
        AgentSpec("motu", "heuristic", "objectives, best attacks, overwatch", MotuHeuristicAgent),
        AgentSpec("motu", "human", "you, at the terminal", lambda _: terminal_human(board_summary)),
    ]
