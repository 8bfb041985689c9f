"""The Masters of the Universe: Battleground game plugin (entry point ``motu``): its name is
in ``content/motu/game.yaml``, its parts where :mod:`hexforge.plugins.wiring` looks."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from hexforge.plugins.wiring import GamePlugin

CONTENT = Path(str(files("hexforge.content") / "motu"))
"""The game's content folder: its game.yaml and the base pack (pack.yaml)."""

plugin = GamePlugin(
    __name__,
    CONTENT,
    driver=".driver:MotuDriver",
    agents=".agent_specs:agent_specs",
    runner=".play:MotuRunner",
    actions=".actions:TABLE",
    files=".files:FILE_KINDS",
)
