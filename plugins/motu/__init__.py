"""The Masters of the Universe: Battleground game plugin."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from hexforge.core.games import GameInfo
from hexforge.plugins.markers import hookimpl

CONTENT = Path(str(files("hexforge.content") / "motu"))
"""The game's content folder: its game.yaml and the base pack (pack.yaml)."""

GAME = GameInfo(
    id="motu",
    name="Masters of the Universe: Battleground",
    description="Skirmish on a hex battleground: activations by initiative, tests, buffs.",
)


@hookimpl
def hexforge_games() -> list[GameInfo]:
    return [GAME]


@hookimpl
def hexforge_game_declarations() -> list[Path]:
    return [CONTENT / "game.yaml"]


@hookimpl
def hexforge_content_packs() -> list[Path]:
    return [CONTENT]
