"""Hexes in pixels: where a board hex's centre and corners are drawn.

The exact scaled frame of :mod:`hexforge.core.hexgrid.geometry` (centre of ``Hex(q, r)`` at
``(3q, 2r + q)``, corners at integer offsets) is stretched to pixels, so pictures use the
same geometry as the rules: a hex of corner radius ``size`` has its centre at
``(1.5 q size, (r + q / 2) sqrt(3) size)`` before the picture's margin is added.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from hexforge.core.hexgrid import Direction, Hex, centre, corners

SQRT3 = math.sqrt(3)

PixelPoint = tuple[float, float]


def facing_angle(direction: Direction | int) -> int:
    """Degrees clockwise from straight up of the edge ``direction`` (N 0, NE 60 ... NW 300).

    A marker drawn pointing up and rotated by this angle points through that edge.
    """
    return 60 * (int(direction) % 6)


@dataclass(frozen=True, slots=True)
class HexLayout:
    """Pixel placement of hexes: corner radius ``size`` and the pixel position of ``Hex(0, 0)``."""

    size: float
    origin_x: float = 0.0
    origin_y: float = 0.0

    def _scale(self, x: int, y: int) -> PixelPoint:
        return (
            self.origin_x + x * self.size / 2,
            self.origin_y + y * self.size * SQRT3 / 2,
        )

    def centre(self, hex_: Hex) -> PixelPoint:
        return self._scale(*centre(hex_))

    def corners(self, hex_: Hex) -> list[PixelPoint]:
        """The six corners, east corner first, clockwise (as in the geometry module)."""
        return [self._scale(x, y) for x, y in corners(hex_)]

    def inset(self, hex_: Hex, factor: float) -> list[PixelPoint]:
        """The corners pulled towards the centre (``factor`` 1: the hex itself)."""
        cx, cy = self.centre(hex_)
        return [(cx + (x - cx) * factor, cy + (y - cy) * factor) for x, y in self.corners(hex_)]

    def edge_midpoint(
        self, hex_: Hex, direction: Direction | int, factor: float = 1.0
    ) -> PixelPoint:
        """The middle of the edge towards ``direction`` (scaled towards the centre)."""
        cx, cy = self.centre(hex_)
        angle = math.radians(facing_angle(direction))
        apothem = self.size * SQRT3 / 2 * factor
        return (cx + apothem * math.sin(angle), cy - apothem * math.cos(angle))


def fitted(hexes: Iterable[Hex], size: float, margin: float) -> tuple[HexLayout, float, float]:
    """A layout that puts every hex of ``hexes`` inside a ``margin``, and the picture size."""
    probe = HexLayout(size)
    xs: list[float] = []
    ys: list[float] = []
    for hex_ in hexes:
        for x, y in probe.corners(hex_):
            xs.append(x)
            ys.append(y)
    if not xs:
        return HexLayout(size, margin, margin), 2 * margin, 2 * margin
    layout = HexLayout(size, margin - min(xs), margin - min(ys))
    return layout, max(xs) - min(xs) + 2 * margin, max(ys) - min(ys) + 2 * margin
