"""The nshex API for expansions: everything an expansion's code and tests may use of
Neuroshima Hex Duel, and nothing else (docs/plugins.md, "The game APIs"). What lives behind
it may change between versions; what is listed in ``__all__`` is the promise.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexforge.plugins.lazy import lazy_exports

if TYPE_CHECKING:  # what type checkers see; at run time each name is imported when first used
    from hexforge.plugins.nshex.abilities import (
        TileAbility as TileAbility,
    )
    from hexforge.plugins.nshex.catalogue import (
        NshexRuleset as NshexRuleset,
    )
    from hexforge.plugins.nshex.catalogue import (
        Tiles as Tiles,
    )
    from hexforge.plugins.nshex.catalogue import (
        tiles_of as tiles_of,
    )
    from hexforge.plugins.nshex.game import (
        create_tile as create_tile,
    )
    from hexforge.plugins.nshex.game import (
        new_game as new_game,
    )
    from hexforge.plugins.nshex.game import (
        place as place,
    )
    from hexforge.plugins.nshex.game import (
        play_game as play_game,
    )
    from hexforge.plugins.nshex.rules import nshex_rules as nshex_rules
    from hexforge.plugins.nshex.state import (
        NshexState as NshexState,
    )
    from hexforge.plugins.nshex.state import (
        Result as Result,
    )
    from hexforge.plugins.nshex.state import (
        TileView as TileView,
    )
    from hexforge.plugins.nshex.state import (
        Zone as Zone,
    )
    from hexforge.plugins.nshex.tiles import (
        Army as Army,
    )
    from hexforge.plugins.nshex.tiles import (
        BoardTile as BoardTile,
    )
    from hexforge.plugins.nshex.tiles import (
        Choice as Choice,
    )
    from hexforge.plugins.nshex.tiles import (
        Ground as Ground,
    )
    from hexforge.plugins.nshex.tiles import (
        Hq as Hq,
    )
    from hexforge.plugins.nshex.tiles import (
        Instant as Instant,
    )
    from hexforge.plugins.nshex.tiles import (
        Module as Module,
    )
    from hexforge.plugins.nshex.tiles import (
        Soldier as Soldier,
    )

__all__ = [
    "Army",
    "BoardTile",
    "Choice",
    "Ground",
    "Hq",
    "Instant",
    "Module",
    "NshexRuleset",
    "NshexState",
    "Result",
    "Soldier",
    "TileAbility",
    "TileView",
    "Tiles",
    "Zone",
    "create_tile",
    "new_game",
    "nshex_rules",
    "place",
    "play_game",
    "tiles_of",
]

__getattr__ = lazy_exports(
    __name__,
    {
        "hexforge.plugins.nshex.abilities": ("TileAbility",),
        "hexforge.plugins.nshex.catalogue": (
            "NshexRuleset",
            "Tiles",
            "tiles_of",
        ),
        "hexforge.plugins.nshex.game": (
            "create_tile",
            "new_game",
            "place",
            "play_game",
        ),
        "hexforge.plugins.nshex.rules": ("nshex_rules",),
        "hexforge.plugins.nshex.state": (
            "NshexState",
            "Result",
            "TileView",
            "Zone",
        ),
        "hexforge.plugins.nshex.tiles": (
            "Army",
            "Choice",
            "BoardTile",
            "Ground",
            "Hq",
            "Instant",
            "Module",
            "Soldier",
        ),
    },
)
