"""Distances in inches and range checks (rulebook §Determining Range, §Measurement).

Distances are taken between the two closest points of two hexes; for models with several
hexes, between the closest pair. Elevation does not change a measurement. The range check
is exact (no rounding): a target exactly at the weapon's range is in range.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from fractions import Fraction

from hexforge.core.hexgrid import Hex, disk, gap2, inches
from hexforge.plugins.motu.battlefield.map import Map


def _closest2(a: Iterable[Hex], b: Iterable[Hex]) -> Fraction:
    others = tuple(b)
    return min(gap2(x, y) for x in a for y in others)


def gap_inches(map_: Map, a: Iterable[Hex], b: Iterable[Hex]) -> float:
    """The distance in inches between the closest points of two groups of hexes."""
    return inches(_closest2(a, b), map_.hex_inches)


def in_range(map_: Map, a: Iterable[Hex], b: Iterable[Hex], range_inches: float | Fraction) -> bool:
    """True when the closest points of ``a`` and ``b`` are at most ``range_inches`` apart."""
    limit = Fraction(str(range_inches)) if isinstance(range_inches, float) else range_inches
    return map_.hex_inches**2 * _closest2(a, b) <= 12 * Fraction(limit) ** 2


def within_hexes(map_: Map, centre: Hex, radius: int) -> Iterator[Hex]:
    """The board hexes at most ``radius`` hexes from ``centre`` (e.g. a blast radius)."""
    board = map_.board
    return (h for h in disk(centre, radius) if h in board)
