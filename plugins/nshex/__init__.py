"""The Neuroshima Hex Duel game plugin (entry point ``nshex``, docs/nshex.md)."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from hexforge.core.games import GameInfo
from hexforge.plugins.wiring import GamePlugin

CONTENT = Path(str(files("hexforge.content") / "nshex"))
"""The game's content folder: its game.yaml and the base pack (pack.yaml)."""

GAME = GameInfo(
    id="nshex",
    name="Neuroshima Hex Duel",
    description="Tile-laying duel on a 19-hex board with simultaneous initiative battles.",
)

plugin = GamePlugin(
    GAME,
    CONTENT,
    module=__name__,
    kinds="hexforge.plugins.nshex.tiles:CARD_KINDS",
    words="hexforge.plugins.nshex.words:declare",
    driver="hexforge.plugins.nshex.driver:NshexDriver",
    runner="hexforge.plugins.nshex.play:NshexRunner",
    agents="hexforge.plugins.nshex.agents:agent_specs",
    invariants="hexforge.plugins.nshex.invariants:INVARIANTS",
)
