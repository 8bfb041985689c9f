"""The Masters of the Universe: Battleground game plugin (entry point ``motu``)."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from hexforge.core.games import GameInfo
from hexforge.plugins.wiring import GamePlugin

CONTENT = Path(str(files("hexforge.content") / "motu"))
"""The game's content folder: its game.yaml and the base pack (pack.yaml)."""

GAME = GameInfo(
    id="motu",
    name="Masters of the Universe: Battleground",
    description="Skirmish on a hex battleground: activations by initiative, tests, buffs.",
)

plugin = GamePlugin(
    GAME,
    CONTENT,
    module=__name__,
    kinds="hexforge.plugins.motu.cards:KINDS",
    words="hexforge.plugins.motu.vocabulary:declare_words",
    driver="hexforge.plugins.motu.driver:MotuDriver",
    runner="hexforge.plugins.motu.play:MotuRunner",
    agents="hexforge.plugins.motu.agents:agent_specs",
    invariants="hexforge.plugins.motu.invariants:INVARIANTS",
)
