"""The nshex API for expansions: everything an expansion's code and tests may use of
Neuroshima Hex Duel, and nothing else (docs/plugins.md, "The game APIs"). What lives behind
it may change between versions; what is listed in ``__all__`` is the promise.
"""

from __future__ import annotations

from hexforge.plugins.nshex import plugin
from hexforge.plugins.nshex.catalogue import NshexRuleset, Tiles, tiles_of
from hexforge.plugins.nshex.game import create_tile, new_game, place, play_game
from hexforge.plugins.nshex.rules import nshex_rules
from hexforge.plugins.nshex.state import NshexState, Result, TileView, Zone
from hexforge.plugins.nshex.tiles import (
    Ability,
    Action,
    Army,
    BoardTile,
    Ground,
    Hq,
    Instant,
    Module,
    Soldier,
)

GAME = plugin.game
"""nshex's id, name and description (its game.yaml)."""

__all__ = [
    "GAME",
    "Ability",
    "Action",
    "Army",
    "BoardTile",
    "Ground",
    "Hq",
    "Instant",
    "Module",
    "NshexRuleset",
    "NshexState",
    "Result",
    "Soldier",
    "TileView",
    "Tiles",
    "Zone",
    "create_tile",
    "new_game",
    "nshex_rules",
    "place",
    "play_game",
    "plugin",
    "tiles_of",
]
