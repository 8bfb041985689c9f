"""The generic timing engine: state, events and hook windows, modifiers, permissions by
tier, nested contexts, simultaneous windows, decisions and agents, seeded dice, the log.

It knows no game. A game plugin declares a :class:`Ruleset` and writes its procedures on
:class:`Engine`; see docs/engine.md.
"""

from hexforge.core.engine.contexts import FrameOptions
from hexforge.core.engine.decisions import (
    Agent,
    Decision,
    FirstLegalAgent,
    RandomAgent,
    ScriptedAgent,
)
from hexforge.core.engine.engine import FOREVER, Engine
from hexforge.core.engine.events import Event, EventSpec, Phase
from hexforge.core.engine.hierarchy import (
    PermissionConflict,
    Trigger,
    cannot_wins,
    context_player_orders,
    default_order,
    nobody_orders,
    roll_off_ruling,
)
from hexforge.core.engine.jsonvalue import Json, canonical
from hexforge.core.engine.log import (
    GameLog,
    logged_setup,
    read_log,
    replay_answers,
    replay_seed,
)
from hexforge.core.engine.queries import QuerySpec, prop_base
from hexforge.core.engine.ruleset import Ruleset
from hexforge.core.engine.state import (
    Attachment,
    Entity,
    Frame,
    GameState,
    dump_state,
    load_state,
    state_hash,
)

__all__ = [
    "FOREVER",
    "Agent",
    "Attachment",
    "Decision",
    "Engine",
    "Entity",
    "Event",
    "EventSpec",
    "FirstLegalAgent",
    "Frame",
    "FrameOptions",
    "GameLog",
    "GameState",
    "Json",
    "PermissionConflict",
    "Phase",
    "QuerySpec",
    "RandomAgent",
    "Ruleset",
    "ScriptedAgent",
    "Trigger",
    "cannot_wins",
    "canonical",
    "context_player_orders",
    "default_order",
    "dump_state",
    "load_state",
    "logged_setup",
    "nobody_orders",
    "prop_base",
    "read_log",
    "replay_answers",
    "replay_seed",
    "roll_off_ruling",
    "state_hash",
]
