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

from hexforge.core.engine import Engine, Json
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
    """The game's map (rebuilt once per process from what the state records).

    Remembered on the engine with the state's map record it was read from: a new record
    (:func:`use_map`, a restored state) is read again.
    """
    ref: Any = engine.state.data["map"]
    known = engine.memo.get(_MAP)
    if known is not None and known[0] is ref:
        found: Map = known[1]
        return found
    if ref.get("name") is not None:
        found = named_map(str(ref["name"]))
    else:
        text = str(ref["inline"])
        inline = _INLINE.get(text)
        if inline is None:
            inline = _INLINE[text] = map_from_text(text, name="<inline map>")
        found = inline
    engine.memo[_MAP] = (ref, found)
    return found


_MAP = "motu-map"
"""``engine.memo`` key: the state's map record and its :class:`Map`."""
_PLACES = "motu-places"
"""``engine.memo`` key: the :class:`_Places` of the engine's current version."""


class _Places:
    """Positions read from the state, kept for one engine version (every prop change
    through the engine, so every move, turn or placement, bumps the version)."""

    __slots__ = ("engaged", "hexes", "locations", "occupancy", "occupants", "units", "version")

    def __init__(self, version: int) -> None:
        self.version = version
        self.hexes: dict[str, tuple[Hex, ...]] = {}
        self.locations: dict[str, tuple[Location, ...]] = {}
        self.occupants: dict[str, Occupant] = {}
        self.engaged: dict[str, tuple[str, ...]] = {}
        self.occupancy: Occupancy | None = None
        self.units: tuple[str, ...] | None = None


def _places(engine: Engine) -> _Places:
    places: _Places | None = engine.memo.get(_PLACES)
    if places is None or places.version != engine.version:
        places = engine.memo[_PLACES] = _Places(engine.version)
    return places


_OCCUPANTS: dict[tuple[str, str, str, str, int, int], Occupant] = {}
"""Occupants by what the state says of them (id, side, hex, facing, level, base), for the
whole process: a position seen once is never worked out again. Bounded by :data:`_KEEP`."""
_KEEP = 1 << 16


def location(engine: Engine, entity: str) -> Location:
    return Location(hex_of(engine, entity), level_of(engine, entity))


def facing(engine: Engine, unit: str) -> Direction:
    return facing_of(engine, unit)


def occupant(engine: Engine, unit: str) -> Occupant:
    """The character as the battlefield sees it: a massive model with its whole base,
    facing with its facing hex (rulebook §Massive Models - Facing). Memoised."""
    places = _places(engine)
    found = places.occupants.get(unit)
    if found is None:
        entity = engine.entity(unit)
        props = entity.props
        owner = entity.owner or ""
        here, facing = props.get("hex"), props.get("facing", "N")
        level, size = props.get("level", 0), props.get("base", 1)
        # only plain values are remembered: ``True == 1`` but they read differently
        if type(here) is str and type(facing) is str and type(level) is int and type(size) is int:
            key = (unit, owner, here, facing, level, size)
            found = _OCCUPANTS.get(key)
            if found is None:
                found = _make_occupant(unit, owner, props)
                if len(_OCCUPANTS) >= _KEEP:
                    _OCCUPANTS.clear()
                _OCCUPANTS[key] = found
        else:
            found = _make_occupant(unit, owner, props)
        places.occupants[unit] = found
    return found


def _make_occupant(unit: str, owner: str, props: dict[str, Json]) -> Occupant:
    here = parse_coord(str(props.get("hex")))
    facing = Direction[str(props.get("facing", "N"))]
    level, size = as_int(props.get("level", 0)), as_int(props.get("base", 1))
    if size == 1:
        return Occupant(unit, owner, (here,), level, facing_hex(here, facing))
    return Occupant(unit, owner, footprint(here, facing, size), level, here)


def hexes_of(engine: Engine, entity: str) -> tuple[Hex, ...]:
    """The hexes a character's base (or a mark) covers, the facing hex first."""
    memo = _places(engine).hexes
    found = memo.get(entity)
    if found is None:
        props = engine.entity(entity).props
        here = parse_coord(str(props.get("hex")))
        size = as_int(props.get("base", 1))
        if size == 1:
            found = (here,)
        else:
            found = footprint(here, Direction[str(props.get("facing", "N"))], size)
        memo[entity] = found
    return found


def locations_of(engine: Engine, entity: str) -> tuple[Location, ...]:
    """The locations of :func:`hexes_of` (read in hot loops: memoised per engine version)."""
    memo = _places(engine).locations
    found = memo.get(entity)
    if found is None:
        props = engine.entity(entity).props
        here = parse_coord(str(props.get("hex")))
        level, size = as_int(props.get("level", 0)), as_int(props.get("base", 1))
        if size == 1:
            found = (Location(here, level),)
        else:
            facing = Direction[str(props.get("facing", "N"))]
            found = tuple(Location(h, level) for h in footprint(here, facing, size))
        memo[entity] = found
    return found


def on_board(engine: Engine) -> list[str]:
    """The characters standing on the battleground (knocked-out ones stay until removed),
    in creation order; memoised per engine version (a new list each time)."""
    return list(_units(engine))


def _units(engine: Engine) -> tuple[str, ...]:
    places = _places(engine)
    found = places.units
    if found is None:
        found = places.units = tuple(e.id for e in engine.entities(CHARACTER))
    return found


def occupancy(engine: Engine) -> Occupancy:
    """Who stands where now: the same models in the same order give the same (shared)
    value, in any game on the map; treat it as read-only."""
    places = _places(engine)
    found = places.occupancy
    if found is None:
        field = board_map(engine)
        models = tuple(occupant(engine, unit) for unit in _units(engine))
        known = field.memo("occupancies")
        found = known.get(models)
        if found is None:
            found = Occupancy(field, models)
            if len(known) >= _KEEP_OCCUPANCIES:
                del known[next(iter(known))]
            known[models] = found
        places.occupancy = found
    return found


_KEEP_OCCUPANCIES = 256
"""How many occupancies a map remembers by their models (the oldest goes first)."""


def side(engine: Engine, entity: str) -> str:
    found = engine.state.entities.get(entity)  # read very often: the engine's own lookup
    return (found or engine.entity(entity)).owner or ""  # only to report an unknown id


def enemies(engine: Engine, a: str, b: str) -> bool:
    return side(engine, a) != side(engine, b)


def adjacent(engine: Engine, a: str, b: str) -> bool:
    """Any hexes of the two bases are adjacent (rulebook §Massive Models - Adjacency)."""
    is_adjacent = board_map(engine).is_adjacent
    theirs = locations_of(engine, b)
    return any(is_adjacent(x, y) for x in locations_of(engine, a) for y in theirs)


def engaged_with(engine: Engine, unit: str) -> list[str]:
    """Enemies in adjacent hexes (rulebook §Melee Attack, §Massive Models - Adjacency: any
    hex of a base), in id order. Read often: memoised per engine version (a new list each
    time, the caller's to keep)."""
    memo = _places(engine).engaged
    found = memo.get(unit)
    if found is None:
        is_adjacent = board_map(engine).is_adjacent
        mine = locations_of(engine, unit)
        own = side(engine, unit)
        found = memo[unit] = tuple(
            sorted(
                other
                for other in _units(engine)
                if other != unit
                and side(engine, other) != own
                and any(is_adjacent(x, y) for y in locations_of(engine, other) for x in mine)
            )
        )
    return list(found)


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
