"""The Masters of the Universe: Battleground game plugin."""

from __future__ import annotations

from hexforge.core.games import GameInfo
from hexforge.plugins.markers import hookimpl

GAME = GameInfo(
    id="motu",
    name="Masters of the Universe: Battleground",
    description="Skirmish on a hex battleground: activations by initiative, tests, buffs.",
)


@hookimpl
def hexforge_games() -> list[GameInfo]:
    return [GAME]
