"""The Neuroshima Hex Duel game plugin."""

from __future__ import annotations

from hexforge.core.games import GameInfo
from hexforge.plugins.markers import hookimpl

GAME = GameInfo(
    id="nshex",
    name="Neuroshima Hex Duel",
    description="Tile-laying duel on a 19-hex board with simultaneous initiative battles.",
)


@hookimpl
def hexforge_games() -> list[GameInfo]:
    return [GAME]
