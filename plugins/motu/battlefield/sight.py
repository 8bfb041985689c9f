"""Line of sight (rulebook §Determining Line of Sight, §Massive Models - Line of Sight).

A location sees another when two lines can be drawn from any corners of its hex (one
corner for both lines, or two) to two different corners of the other hex without either
passing through a blocking hex, and the two lines do not overlap (lie along each other).
That is the English, French and Polish text; the German edition has both lines start
from exactly one corner, which allows no sight this reading denies, and fewer. Sight is
not symmetric: a column next to the attacker may leave one corner of its hex with lines
to the whole target hex, while the target reaches only that one corner
(docs/motu-battlefield.md, "Line of sight").

What blocks depends on elevation:

* same level, standard elevation: every high portion;
* one location higher than the other: only high portions on hexes adjacent to the *lower*
  one (for an attacker above, those next to the target; for an attacker below, those
  next to the attacker);
* both on platforms at the same level: high portions not covered by a platform (the ones
  a platform rests on are below the platform's surface) - a decision, the rulebook is
  silent;
* nothing sees between a platform and the hexes directly under that platform.

Geometry (docs/motu-battlefield.md, "Exact geometry"): a line is blocked when it enters
the interior of a blocking hex, or runs along an edge between two blocking hexes (a seam
inside a wall). Touching a blocking hex at one corner, or running along its outer edge,
does not block. Lines of zero length (a corner the two hexes share) do not count.

Speed: only the blocking hexes that can reach the convex hull of the two hexes are
tested (``near_hull``, an exact filter), usually none or a handful; each answer is then
memoised on the map, once per ordered pair of locations.
"""

from __future__ import annotations

from collections.abc import Iterable

from hexforge.core.hexgrid import Hex, Point, Walls, corner, near_hull, segments_overlap
from hexforge.plugins.motu.battlefield.map import Map
from hexforge.plugins.motu.battlefield.terrain import Location


def sees(map_: Map, a: Location, b: Location) -> bool:
    """True when a model at ``a`` has line of sight to ``b``. Memoised per map.

    The memo is keyed by one integer per ordered pair (``Map.index``), so even every
    pair of a standard map stays a few tens of megabytes.
    """
    index = map_.index
    i, j = index.get(a), index.get(b)
    if i is None or j is None:
        return trace_sight(map_, a, b)  # off the map: nothing to remember
    key = i * len(index) + j
    memo = map_.memo("sight")
    found = memo.get(key)
    if found is None:
        found = memo[key] = trace_sight(map_, a, b)
    return bool(found)


def line_of_sight(map_: Map, a: Iterable[Location], b: Iterable[Location]) -> bool:
    """Sight between two models: any single hex of each may be used (massive models)."""
    targets = tuple(b)
    return any(sees(map_, x, y) for x in a for y in targets)


def blockers(map_: Map, a: Location, b: Location) -> frozenset[Hex]:
    """The hexes that block sight between ``a`` and ``b``, by the elevation rules above."""
    if a.level == b.level:
        if a.level == 0:
            return map_.high
        memo = map_.memo("sight-raised")
        found = memo.get(None)
        if found is None:
            found = memo[None] = map_.high - map_.covered
        return frozenset(found)
    lower = a if a.level < b.level else b
    return map_.high.intersection(map_.neighbours[lower.hex])


def hidden_by_platform(map_: Map, a: Location, b: Location) -> bool:
    """True when one location is on a platform and the other directly under that platform."""
    for up, down in ((a, b), (b, a)):
        if up.level > down.level:
            piece = map_.platform_at.get(up)
            if piece is not None and down.hex in piece.hexes:
                return True
    return False


def clear_lines(map_: Map, a: Location, b: Location) -> list[tuple[int, int]]:
    """Every unblocked corner-to-corner line ``(corner of a, corner of b)`` (for renderers)."""
    walls = Walls(near_hull(blockers(map_, a, b), a.hex, b.hex))
    return [
        (i, j)
        for i in range(6)
        for j in range(6)
        if corner(a.hex, i) != corner(b.hex, j)
        and not walls.blocks(corner(a.hex, i), corner(b.hex, j))
    ]


def trace_sight(map_: Map, a: Location, b: Location) -> bool:
    """Line of sight from ``a`` to ``b`` worked out afresh (what :func:`sees` memoises)."""
    if a == b:
        return True
    if hidden_by_platform(map_, a, b):
        return False
    nearby = near_hull(_columns_between(map_, blockers(map_, a, b), a.hex, b.hex), a.hex, b.hex)
    if not nearby:
        return True
    block = Walls(nearby).blocks
    starts = [corner(a.hex, i) for i in range(6)]
    ends = [corner(b.hex, j) for j in range(6)]
    clear: list[tuple[int, Point, Point]] = []
    for start in starts:
        for j, end in enumerate(ends):
            if end == start or block(start, end):
                continue
            for j2, start2, end2 in clear:
                if j2 != j and not segments_overlap(start, end, start2, end2):
                    return True
            clear.append((j, start, end))
    return False


def _columns_between(map_: Map, hexes: frozenset[Hex], a: Hex, b: Hex) -> list[Hex]:
    """The hexes of ``hexes`` in the columns :func:`near_hull` may keep for ``a`` and ``b``
    (centres less than two corner radii beyond the two hexes' columns, either side).

    The columns are grouped once per set of blocking hexes on each map (a frozenset keeps
    its hash, so the lookup is cheap); the order within differs from the set's, which no
    caller depends on: sight is a yes or no over all of them.
    """
    memo = map_.memo("blockers-by-column")
    columns: dict[int, list[Hex]] | None = memo.get(hexes)
    if columns is None:
        columns = {}
        for hex_ in sorted(hexes):
            columns.setdefault(hex_.q, []).append(hex_)
        if len(memo) >= _KEEP_COLUMNS:
            memo.clear()
        memo[hexes] = columns
    lo, hi = min(a.q, b.q), max(a.q, b.q)
    found: list[Hex] = []
    for q in range(lo - 1, hi + 2):  # near_hull keeps no centre 4 or more X units (3q) out
        column = columns.get(q)
        if column is not None:
            found += column
    return found


_KEEP_COLUMNS = 1024
"""How many sets of blocking hexes a map keeps grouped (the standard ones are a handful;
mixed elevations give small sets of their own)."""
