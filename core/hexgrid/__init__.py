"""Generic hex-grid math: axial coordinates, board coordinates, exact geometry.

Game-independent; the rules of a particular game (what blocks sight, what a move costs)
live in that game's plugin and call these functions.
"""

from __future__ import annotations

from hexforge.core.hexgrid.board import (
    BAD_COORDINATE,
    column_letters,
    format_coord,
    from_offset,
    parse_area,
    parse_coord,
    to_offset,
)
from hexforge.core.hexgrid.coords import (
    ORIGIN,
    Direction,
    Hex,
    are_neighbours,
    connected,
    direction_to,
    disk,
    distance,
    line,
    ring,
)
from hexforge.core.hexgrid.geometry import (
    CENTRE,
    Crossing,
    Point,
    centre,
    centre_distance2,
    corner,
    corners,
    crossing,
    edge_corners,
    gap2,
    inches,
    metric_dot,
    near_hull,
    norm2,
    relative_crossing,
    segment_between,
    segment_enters,
    segments_overlap,
)

__all__ = [
    "BAD_COORDINATE",
    "CENTRE",
    "ORIGIN",
    "Crossing",
    "Direction",
    "Hex",
    "Point",
    "are_neighbours",
    "centre",
    "centre_distance2",
    "column_letters",
    "connected",
    "corner",
    "corners",
    "crossing",
    "direction_to",
    "disk",
    "distance",
    "edge_corners",
    "format_coord",
    "from_offset",
    "gap2",
    "inches",
    "line",
    "metric_dot",
    "near_hull",
    "norm2",
    "parse_area",
    "parse_coord",
    "relative_crossing",
    "ring",
    "segment_between",
    "segment_enters",
    "segments_overlap",
    "to_offset",
]
