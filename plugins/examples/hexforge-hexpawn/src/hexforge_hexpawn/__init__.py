"""Hexpawn, a whole game for hexforge: Hexapawn on a small hex board, every pawn a card.

hexforge finds the game through the entry point ``hexpawn`` in pyproject.toml, which names
:data:`plugin`: one :class:`~hexforge.plugins.wiring.GamePlugin` declaration wires every
hook a game needs (its ``game.yaml``, card kind, content pack, scenario driver, runner,
renderer, agents, invariants). The parts are found where ``GamePlugin`` looks by
convention, but for the driver, the runner and the renderer, and imported at first use, so
``hexforge --help`` imports none of them. The cards hold no effect text: no words
(``words=None``).
"""

from __future__ import annotations

from pathlib import Path

from hexforge.plugins.wiring import GamePlugin

CONTENT = Path(__file__).parent / "content"
"""The game's content folder: its game.yaml and the base pack (pack.yaml, cards/)."""

plugin = GamePlugin(
    __name__,
    CONTENT,
    words=None,
    driver=".driver:HexpawnDriver",
    runner=".play:HexpawnRunner",
    renderer=".render:HexpawnRenderer",
    codes=".codes:CODES",
)
