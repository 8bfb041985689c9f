"""Terrain pieces of the motu battleground and what each hex of them is (rulebook §Terrain).

Pieces occupy whole hexes. Every hex of an obstacle piece is one *portion* (rulebook
§Movement and Low Obstacles: "a part of the obstacle that occupies exactly one hex"), and
each portion is low or high on its own: a mixed-height piece lists its low portions, and
an opening such as a window makes that portion low whatever the piece's height
(§Obstacles with Openings). Platforms lie one level above the hexes they cover.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import NamedTuple

from hexforge.core.hexgrid import Hex


class TerrainKind(StrEnum):
    """The kinds of terrain piece a map can hold (the ``kind`` field of a map file)."""

    DIFFICULT = "difficult"
    LOW = "low"
    HIGH = "high"
    MIXED = "mixed"
    COLUMN = "column"
    PLATFORM = "platform"
    LADDER = "ladder"

    @property
    def is_obstacle(self) -> bool:
        return self in (TerrainKind.LOW, TerrainKind.HIGH, TerrainKind.MIXED, TerrainKind.COLUMN)


class Ground(IntEnum):
    """What the standard-elevation part of one hex holds. Ordered: the last two are obstacles."""

    OPEN = 0
    DIFFICULT = 1
    LADDER = 2
    LOW = 3
    HIGH = 4

    @property
    def standable(self) -> bool:
        """A character may stand here (rulebook §Standard Movement)."""
        return self <= Ground.DIFFICULT


class Location(NamedTuple):
    """A place a model can be: a hex and an elevation level (0 = standard elevation)."""

    hex: Hex
    level: int = 0


@dataclass(frozen=True, slots=True)
class TerrainPiece:
    """One terrain piece: its kind, its hexes, which of them are low, and its elevation.

    ``low`` lists the low portions of a mixed piece and the openings (windows) of a high
    or mixed piece; it must be empty for other kinds. ``elevation`` is the level of a
    platform's surface (1 = the rulebook's "higher elevation") and 0 for everything else.
    """

    id: str
    kind: TerrainKind
    hexes: tuple[Hex, ...]
    low: frozenset[Hex] = frozenset()
    elevation: int = 0

    def ground(self, hex_: Hex) -> Ground:
        """What this piece makes of ``hex_`` at standard elevation (platforms: OPEN)."""
        kind = self.kind
        if kind is TerrainKind.DIFFICULT:
            return Ground.DIFFICULT
        if kind is TerrainKind.LADDER:
            return Ground.LADDER
        if kind is TerrainKind.LOW:
            return Ground.LOW
        if kind is TerrainKind.PLATFORM:
            return Ground.OPEN
        return Ground.LOW if hex_ in self.low else Ground.HIGH
