"""The motu battlefield: maps, terrain, elevation, range, sight, cover, facing, movement.

Everything here is a function of a :class:`Map` (immutable, with per-map tables and memos)
and, where models matter, an :class:`Occupancy` (who stands where). Nothing here knows the
game engine; the motu procedures call these functions. Guide: docs/motu-battlefield.md.
"""

from __future__ import annotations

from hexforge.plugins.motu.battlefield.bases import BASE_SIZES, footprint
from hexforge.plugins.motu.battlefield.cover import cover_requirements, in_cover
from hexforge.plugins.motu.battlefield.facing import (
    Arc,
    arc_of,
    face_target,
    facing_hex,
    is_flank,
    massive_turns,
    melee_facing,
    model_arc,
    partly_in_front,
    ranged_facing,
    rotations,
)
from hexforge.plugins.motu.battlefield.map import Map
from hexforge.plugins.motu.battlefield.mapfile import (
    load_map,
    map_from_document,
    map_from_text,
    named_map,
    shipped_maps,
)
from hexforge.plugins.motu.battlefield.mapspec import (
    STANDARD_COLUMNS,
    STANDARD_ROWS,
    MapSpec,
    Problem,
    check_map,
)
from hexforge.plugins.motu.battlefield.measure import gap_inches, in_range, within_hexes
from hexforge.plugins.motu.battlefield.movement import (
    COST,
    DIFFICULT_PENALTY,
    MoveKind,
    Reach,
    Step,
    engaging_ends,
    jump_destinations,
    movement_points,
    needs_replacement,
    push_options,
    reachable,
)
from hexforge.plugins.motu.battlefield.occupancy import (
    Occupancy,
    Occupant,
    engaged,
    models_adjacent,
    single,
)
from hexforge.plugins.motu.battlefield.render import render_text
from hexforge.plugins.motu.battlefield.sight import (
    blockers,
    clear_lines,
    hidden_by_platform,
    line_of_sight,
    sees,
    trace_sight,
)
from hexforge.plugins.motu.battlefield.terrain import Ground, Location, TerrainKind, TerrainPiece

__all__ = [
    "BASE_SIZES",
    "COST",
    "DIFFICULT_PENALTY",
    "STANDARD_COLUMNS",
    "STANDARD_ROWS",
    "Arc",
    "Ground",
    "Location",
    "Map",
    "MapSpec",
    "MoveKind",
    "Occupancy",
    "Occupant",
    "Problem",
    "Reach",
    "Step",
    "TerrainKind",
    "TerrainPiece",
    "arc_of",
    "blockers",
    "check_map",
    "clear_lines",
    "cover_requirements",
    "engaged",
    "engaging_ends",
    "face_target",
    "facing_hex",
    "footprint",
    "gap_inches",
    "hidden_by_platform",
    "in_cover",
    "in_range",
    "is_flank",
    "jump_destinations",
    "line_of_sight",
    "load_map",
    "map_from_document",
    "map_from_text",
    "massive_turns",
    "melee_facing",
    "model_arc",
    "models_adjacent",
    "movement_points",
    "named_map",
    "needs_replacement",
    "partly_in_front",
    "push_options",
    "ranged_facing",
    "reachable",
    "render_text",
    "rotations",
    "sees",
    "shipped_maps",
    "single",
    "trace_sight",
    "within_hexes",
]
