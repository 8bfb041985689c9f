"""The battleground of a running game: its map and where the characters and marks are.

Engine state is plain JSON, so the map is named in ``state.data["map"]`` (a shipped map's
name, or an inline map's YAML data) and rebuilt once per process; the positions are
entity properties (``hex``, ``level``, ``facing`` and a massive model's ``base``, read through
:mod:`~hexforge.plugins.motu.state`). These helpers turn them into the battlefield's
:class:`Map`, :class:`Occupancy` and :class:`Occupant` values.
"""

from __future__ import annotations

import json
from typing import Any

from hexforge.core.engine import Engine
from hexforge.core.hexgrid import Direction, Hex, format_coord, parse_coord
from hexforge.plugins.motu.battlefield import (
    Ground,
    Location,
    Map,
    Occupancy,
    Occupant,
    facing_hex,
    footprint,
    gap_inches,
    in_range,
    line_of_sight,
    map_from_text,
    named_map,
)
from hexforge.plugins.motu.state import as_int as as_int
from hexforge.plugins.motu.state import as_texts as as_texts
from hexforge.plugins.motu.state import facing_of, level_of
from hexforge.plugins.motu.state import hex_of as hex_of

CHARACTER = "character"
MARK = "mark"
_INLINE: dict[str, Map] = {}


def use_map(engine: Engine, name: str | None = None, data: object = None) -> None:
    """Record the game's map: a shipped map by ``name``, or an inline map's YAML ``data``
    (kept as JSON text: the state holds no floats, and ``hex_inches`` is one)."""
    if name is not None:
        engine.state.data["map"] = {"name": name}
    else:
        engine.state.data["map"] = {"inline": json.dumps(data, sort_keys=True)}


def board_map(engine: Engine) -> Map:
    """The game's map (rebuilt once per process from what the state records)."""
    ref: Any = engine.state.data["map"]
    if ref.get("name") is not None:
        return named_map(str(ref["name"]))
    text = str(ref["inline"])
    found = _INLINE.get(text)
    if found is None:
        found = _INLINE[text] = map_from_text(text, name="<inline map>")
    return found


def location(engine: Engine, entity: str) -> Location:
    return Location(hex_of(engine, entity), level_of(engine, entity))


def facing(engine: Engine, unit: str) -> Direction:
    return facing_of(engine, unit)


def occupant(engine: Engine, unit: str) -> Occupant:
    """The character as the battlefield sees it: a massive model with its whole base,
    facing with its facing hex (rulebook §Massive Models - Facing)."""
    entity = engine.entity(unit)
    props = entity.props
    here = parse_coord(str(props.get("hex")))
    facing = Direction[str(props.get("facing", "N"))]
    level, size = as_int(props.get("level", 0)), as_int(props.get("base", 1))
    if size == 1:
        return Occupant(unit, entity.owner or "", (here,), level, facing_hex(here, facing))
    return Occupant(unit, entity.owner or "", footprint(here, facing, size), level, here)


def hexes_of(engine: Engine, entity: str) -> tuple[Hex, ...]:
    """The hexes a character's base (or a mark) covers, the facing hex first."""
    props = engine.entity(entity).props
    here = parse_coord(str(props.get("hex")))
    size = as_int(props.get("base", 1))
    if size == 1:
        return (here,)
    return footprint(here, Direction[str(props.get("facing", "N"))], size)


def locations_of(engine: Engine, entity: str) -> tuple[Location, ...]:
    """The locations of :func:`hexes_of` (one entity lookup: read in hot loops)."""
    props = engine.entity(entity).props
    here = parse_coord(str(props.get("hex")))
    level, size = as_int(props.get("level", 0)), as_int(props.get("base", 1))
    if size == 1:
        return (Location(here, level),)
    facing = Direction[str(props.get("facing", "N"))]
    return tuple(Location(h, level) for h in footprint(here, facing, size))


def on_board(engine: Engine) -> list[str]:
    """The characters standing on the battleground (knocked-out ones stay until removed)."""
    return [e.id for e in engine.entities(CHARACTER)]


def occupancy(engine: Engine) -> Occupancy:
    return Occupancy(board_map(engine), [occupant(engine, unit) for unit in on_board(engine)])


def side(engine: Engine, entity: str) -> str:
    return engine.entity(entity).owner or ""


def enemies(engine: Engine, a: str, b: str) -> bool:
    return side(engine, a) != side(engine, b)


def adjacent(engine: Engine, a: str, b: str) -> bool:
    """Any hexes of the two bases are adjacent (rulebook §Massive Models - Adjacency)."""
    is_adjacent = board_map(engine).is_adjacent
    theirs = locations_of(engine, b)
    return any(is_adjacent(x, y) for x in locations_of(engine, a) for y in theirs)


def engaged_with(engine: Engine, unit: str) -> list[str]:
    """Enemies in adjacent hexes (rulebook §Melee Attack, §Massive Models - Adjacency: any
    hex of a base), in id order. Read often: the unit's places are looked up once."""
    is_adjacent = board_map(engine).is_adjacent
    mine = locations_of(engine, unit)
    own = side(engine, unit)
    return sorted(
        other
        for other in on_board(engine)
        if other != unit
        and side(engine, other) != own
        and any(is_adjacent(x, y) for y in locations_of(engine, other) for x in mine)
    )


def in_sight(engine: Engine, a: str, b: str) -> bool:
    """Line of sight between two entities (characters or marks); from or to a massive
    model any single hex of its base will do (rulebook §Massive Models - Line of Sight)."""
    return line_of_sight(board_map(engine), locations_of(engine, a), locations_of(engine, b))


def within(engine: Engine, a: str, b: str, inches: int) -> bool:
    """Range between the closest hexes of the two bases (rulebook §Measurement)."""
    return in_range(board_map(engine), hexes_of(engine, a), hexes_of(engine, b), inches)


def distance_inches(engine: Engine, a: str, b: str) -> float:
    return gap_inches(board_map(engine), hexes_of(engine, a), hexes_of(engine, b))


def in_difficult_terrain(engine: Engine, unit: str) -> bool:
    here = location(engine, unit)
    return here.level == 0 and board_map(engine).ground[here.hex] is Ground.DIFFICULT


def coord(hex_: Hex) -> str:
    return format_coord(hex_)
