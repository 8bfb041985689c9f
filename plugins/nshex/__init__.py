"""The Neuroshima Hex Duel game plugin (entry point ``nshex``, docs/nshex.md): its name is in
``content/nshex/game.yaml``, its parts where :mod:`hexforge.plugins.wiring` looks, but for
these six."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from hexforge.plugins.wiring import GamePlugin

CONTENT = Path(str(files("hexforge.content") / "nshex"))
"""The game's content folder: its game.yaml and the base pack (pack.yaml)."""

plugin = GamePlugin(
    __name__,
    CONTENT,
    kinds=".tiles:CARD_KINDS",
    words=".board_words:declare",
    driver=".driver:NshexDriver",
    agents=".agent_specs:agent_specs",
    runner=".play:NshexRunner",
    actions=".abilities:ABILITIES",
)
