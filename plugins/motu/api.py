"""The motu API for expansions: everything an expansion's code and tests may use of the
game, and nothing else (docs/plugins.md, "The game APIs"). The scaffold and the example
expansion import only this module of motu; a test keeps it that way.

What lives behind it (module names, helpers) may change between versions; what is listed
in ``__all__`` is the promise.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexforge.plugins.lazy import lazy_exports

if TYPE_CHECKING:  # what type checkers see; at run time each name is imported when first used
    from hexforge.plugins.motu.actions import (
        Action as Action,
    )
    from hexforge.plugins.motu.actions import (
        ActionTable as ActionTable,
    )
    from hexforge.plugins.motu.actions import (
        Choice as Choice,
    )
    from hexforge.plugins.motu.actions import (
        Cost as Cost,
    )
    from hexforge.plugins.motu.actions import (
        Turn as Turn,
    )
    from hexforge.plugins.motu.actions import (
        actions_of as actions_of,
    )
    from hexforge.plugins.motu.agents import (
        MotuHeuristicAgent as MotuHeuristicAgent,
    )
    from hexforge.plugins.motu.agents import (
        goal_distance as goal_distance,
    )
    from hexforge.plugins.motu.cards import (
        ActionCard as ActionCard,
    )
    from hexforge.plugins.motu.cards import (
        Character as Character,
    )
    from hexforge.plugins.motu.cards import (
        Faction as Faction,
    )
    from hexforge.plugins.motu.cards import (
        Fate as Fate,
    )
    from hexforge.plugins.motu.cards import (
        Glory as Glory,
    )
    from hexforge.plugins.motu.cards import (
        Item as Item,
    )
    from hexforge.plugins.motu.cards import (
        Skill as Skill,
    )
    from hexforge.plugins.motu.cards import (
        Token as Token,
    )
    from hexforge.plugins.motu.cards import (
        Weapon as Weapon,
    )
    from hexforge.plugins.motu.library import (
        Library as Library,
    )
    from hexforge.plugins.motu.library import (
        MotuRuleset as MotuRuleset,
    )
    from hexforge.plugins.motu.library import (
        library_for as library_for,
    )
    from hexforge.plugins.motu.library import (
        library_of as library_of,
    )
    from hexforge.plugins.motu.library import (
        motu_rules as motu_rules,
    )
    from hexforge.plugins.motu.mana import gain_mana as gain_mana
    from hexforge.plugins.motu.mana import mana as mana
    from hexforge.plugins.motu.parameters import MotuParameters as MotuParameters
    from hexforge.plugins.motu.parameters import parameters_of as parameters_of
    from hexforge.plugins.motu.rounds import (
        PLAYERS as PLAYERS,
    )
    from hexforge.plugins.motu.rounds import (
        new_game as new_game,
    )
    from hexforge.plugins.motu.rounds import (
        play_game as play_game,
    )
    from hexforge.plugins.motu.setups import (
        GameSetup as GameSetup,
    )
    from hexforge.plugins.motu.setups import (
        load_setup as load_setup,
    )
    from hexforge.plugins.motu.setups import (
        shipped_setup as shipped_setup,
    )
    from hexforge.plugins.motu.state import (
        MotuState as MotuState,
    )
    from hexforge.plugins.motu.state import (
        Phase as Phase,
    )
    from hexforge.plugins.motu.state import (
        PlayerState as PlayerState,
    )
    from hexforge.plugins.motu.state import (
        UnitState as UnitState,
    )
    from hexforge.plugins.motu.units import create_character as create_character

__all__ = [
    "PLAYERS",
    "Action",
    "ActionCard",
    "ActionTable",
    "Character",
    "Choice",
    "Cost",
    "Faction",
    "Fate",
    "GameSetup",
    "Glory",
    "Item",
    "Library",
    "MotuHeuristicAgent",
    "MotuParameters",
    "MotuRuleset",
    "MotuState",
    "Phase",
    "PlayerState",
    "Skill",
    "Token",
    "Turn",
    "UnitState",
    "Weapon",
    "actions_of",
    "create_character",
    "gain_mana",
    "goal_distance",
    "library_for",
    "library_of",
    "load_setup",
    "mana",
    "motu_rules",
    "new_game",
    "parameters_of",
    "play_game",
    "shipped_setup",
]

__getattr__ = lazy_exports(
    __name__,
    {
        "hexforge.plugins.motu.actions": (
            "Action",
            "ActionTable",
            "Choice",
            "Cost",
            "Turn",
            "actions_of",
        ),
        "hexforge.plugins.motu.agents": ("MotuHeuristicAgent", "goal_distance"),
        "hexforge.plugins.motu.cards": (
            "ActionCard",
            "Character",
            "Faction",
            "Fate",
            "Glory",
            "Item",
            "Skill",
            "Token",
            "Weapon",
        ),
        "hexforge.plugins.motu.library": (
            "Library",
            "MotuRuleset",
            "library_for",
            "library_of",
            "motu_rules",
        ),
        "hexforge.plugins.motu.mana": (
            "gain_mana",
            "mana",
        ),
        "hexforge.plugins.motu.parameters": (
            "MotuParameters",
            "parameters_of",
        ),
        "hexforge.plugins.motu.rounds": (
            "PLAYERS",
            "new_game",
            "play_game",
        ),
        "hexforge.plugins.motu.setups": (
            "GameSetup",
            "load_setup",
            "shipped_setup",
        ),
        "hexforge.plugins.motu.state": (
            "MotuState",
            "Phase",
            "PlayerState",
            "UnitState",
        ),
        "hexforge.plugins.motu.units": ("create_character",),
    },
)
