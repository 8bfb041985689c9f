"""What a game plugin tells the framework about the game it provides."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class GameInfo:
    """A game's identity: ``id`` is the short name used on the command line (``--game``)."""

    id: str
    name: str
    description: str
