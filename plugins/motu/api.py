"""The motu API for expansions: everything an expansion's code and tests may use of the
game, and nothing else (docs/plugins.md, "The game APIs"). The scaffold and the example
expansion import only this module of motu; a test keeps it that way.

What lives behind it (module names, helpers) may change between versions; what is listed
in ``__all__`` is the promise.
"""

from __future__ import annotations

from hexforge.plugins.motu import plugin
from hexforge.plugins.motu.cards import (
    Character,
    Faction,
    Fate,
    Glory,
    Item,
    Skill,
    Token,
    Weapon,
)
from hexforge.plugins.motu.library import (
    Library,
    MotuRuleset,
    library_for,
    library_of,
    motu_rules,
)
from hexforge.plugins.motu.mana import gain_mana, mana
from hexforge.plugins.motu.rounds import PLAYERS, new_game, play_game
from hexforge.plugins.motu.setups import GameSetup, load_setup, shipped_setup
from hexforge.plugins.motu.state import MotuState, Phase, PlayerState, UnitState
from hexforge.plugins.motu.units import create_character

GAME = plugin.game
"""motu's id, name and description (its game.yaml)."""

__all__ = [
    "GAME",
    "PLAYERS",
    "Character",
    "Faction",
    "Fate",
    "GameSetup",
    "Glory",
    "Item",
    "Library",
    "MotuRuleset",
    "MotuState",
    "Phase",
    "PlayerState",
    "Skill",
    "Token",
    "UnitState",
    "Weapon",
    "create_character",
    "gain_mana",
    "library_for",
    "library_of",
    "load_setup",
    "mana",
    "motu_rules",
    "new_game",
    "play_game",
    "plugin",
    "shipped_setup",
]
