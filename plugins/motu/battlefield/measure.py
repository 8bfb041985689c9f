"""Distances in inches and range checks (rulebook §Determining Range, §Measurement).

Distances are taken between the two closest points of two hexes; for models with several
hexes, between the closest pair. Elevation does not change a measurement. The range check
is exact (no rounding): a target exactly at the weapon's range is in range.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from fractions import Fraction

from hexforge.core.hexgrid import GAP_SCALE, Hex, disk, gap16
from hexforge.plugins.motu.battlefield.map import Map


def _closest16(a: Iterable[Hex], b: Iterable[Hex]) -> int:
    """The squared gap of the closest pair, in :func:`~hexforge.core.hexgrid.gap16` units."""
    others = tuple(b)
    return min(gap16(x, y) for x in a for y in others)


def gap_inches(map_: Map, a: Iterable[Hex], b: Iterable[Hex]) -> float:
    """The distance in inches between the closest points of two groups of hexes."""
    # inches(gap2, w) = w * sqrt(gap2 / 12), and gap2 / 12 is _closest16 / (12 * GAP_SCALE):
    # one correctly rounded integer division, as the fraction's float was
    return float(map_.hex_inches) * math.sqrt(_closest16(a, b) / (12 * GAP_SCALE))


def in_range(map_: Map, a: Iterable[Hex], b: Iterable[Hex], range_inches: float | Fraction) -> bool:
    """True when the closest points of ``a`` and ``b`` are at most ``range_inches`` apart.

    Exact in integers: the squared gap (a whole number of :data:`GAP_SCALE` ths) is
    compared with the largest whole number the range allows on this map, worked out once
    per map and range (:func:`range_bound`).
    """
    return _closest16(a, b) <= range_bound(map_, range_inches)


def range_bound(map_: Map, range_inches: float | Fraction) -> int:
    """The largest :func:`~hexforge.core.hexgrid.gap16` value within ``range_inches`` on
    ``map_``.

    ``hex_inches**2 * g / GAP_SCALE <= 12 * limit**2`` for a whole ``g >= 0`` exactly when
    ``g <= floor(12 * GAP_SCALE * limit**2 / hex_inches**2)`` (a map's hexes have a positive
    size). A float range counts as the decimal it prints as (``2.5`` is 5/2), as it always
    has. Memoised per map, by the range's type and value (a float and a fraction may be
    equal and still read differently).
    """
    memo = map_.memo("range-bound")
    key = (type(range_inches), range_inches)
    found: int | None = memo.get(key)
    if found is None:
        limit = Fraction(str(range_inches)) if isinstance(range_inches, float) else range_inches
        found = memo[key] = math.floor(12 * GAP_SCALE * Fraction(limit) ** 2 / map_.hex_inches**2)
    return found


def within_hexes(map_: Map, centre: Hex, radius: int) -> Iterator[Hex]:
    """The board hexes at most ``radius`` hexes from ``centre`` (e.g. a blast radius)."""
    board = map_.board
    return (h for h in disk(centre, radius) if h in board)
