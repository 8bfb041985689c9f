"""The battleground of a running game: its map and where the characters and marks are.

Engine state is plain JSON, so the map is named in ``state.data["map"]`` (a shipped map's
name, or an inline map's YAML data) and rebuilt once per process; the positions are
entity properties (``hex``, ``level``, ``facing``, read through
:mod:`~hexforge.plugins.motu.state`). These helpers turn them into the battlefield's
:class:`Map`, :class:`Occupancy` and :class:`Occupant` values.
"""

from __future__ import annotations

import json
from typing import Any

from hexforge.core.engine import Engine
from hexforge.core.hexgrid import Direction, Hex, format_coord
from hexforge.plugins.motu.battlefield import (
    Ground,
    Location,
    Map,
    Occupancy,
    Occupant,
    facing_hex,
    gap_inches,
    in_range,
    map_from_text,
    named_map,
    sees,
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
    """The character as the battlefield sees it."""
    here = hex_of(engine, unit)
    owner = engine.entity(unit).owner or ""
    return Occupant(
        unit, owner, (here,), level_of(engine, unit), facing_hex(here, facing_of(engine, unit))
    )


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
    return board_map(engine).is_adjacent(location(engine, a), location(engine, b))


def engaged_with(engine: Engine, unit: str) -> list[str]:
    """Enemies in adjacent hexes (rulebook §Melee Attack), in id order."""
    return sorted(
        other
        for other in on_board(engine)
        if other != unit and enemies(engine, unit, other) and adjacent(engine, unit, other)
    )


def in_sight(engine: Engine, a: str, b: str) -> bool:
    """Line of sight between two entities (characters or marks)."""
    return sees(board_map(engine), location(engine, a), location(engine, b))


def within(engine: Engine, a: str, b: str, inches: int) -> bool:
    field = board_map(engine)
    return in_range(field, (hex_of(engine, a),), (hex_of(engine, b),), inches)


def distance_inches(engine: Engine, a: str, b: str) -> float:
    field = board_map(engine)
    return gap_inches(field, (hex_of(engine, a),), (hex_of(engine, b),))


def in_difficult_terrain(engine: Engine, unit: str) -> bool:
    here = location(engine, unit)
    return here.level == 0 and board_map(engine).ground[here.hex] is Ground.DIFFICULT


def coord(hex_: Hex) -> str:
    return format_coord(hex_)
