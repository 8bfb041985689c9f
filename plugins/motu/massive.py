"""Massive models in a running game (rulebook §Massive Models): turning a base.

A massive model is placed by its facing hex and facing (``battlefield.footprint`` gives
the rest of its base), so moving it only moves that hex; turning it is the one change
that needs care, because its other hexes sweep to new places. A base turns about its
centre (``battlefield.rotations``: only turns landing on whole hexes exist) and only where
the turned base fits the battlefield and is free of other models - a reading, the
rulebook says only where the facing hex must end (docs/motu-battlefield.md).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from hexforge.core.engine import Engine, Json
from hexforge.core.engine.diagnostics import fail
from hexforge.core.hexgrid import Direction, Hex, format_coord
from hexforge.plugins.motu import codes
from hexforge.plugins.motu.battlefield import (
    Location,
    Map,
    Occupant,
    massive_turns,
    rotations,
)
from hexforge.plugins.motu.board import (
    board_map,
    hexes_of,
    locations_of,
    occupancy,
    occupant,
    on_board,
)
from hexforge.plugins.motu.state import UnitState, facing_of


def turns(engine: Engine, unit: str) -> dict[Direction, Hex]:
    """The facings a massive ``unit`` may turn to where it stands, with the facing hex
    each gives: its own facing first, then every turn about its centre that fits."""
    me = occupant(engine, unit)
    facing = facing_of(engine, unit)
    room = _room(engine, me)
    return {facing.turned(k): body[0] for k, body in rotations(me.hexes) if k == 0 or room(body)}


def turn(engine: Engine, unit: str, facing: Direction, facing_hex: Hex) -> None:
    """Set a massive model's facing; its facing hex moves with the turn."""
    turning = UnitState(engine, unit)
    turning.hex, turning.facing = facing_hex, facing


def face_massive(engine: Engine, unit: str, target: str) -> None:
    """Turn a massive ``unit`` until its facing hex borders ``target`` (or the hex
    nearest it, ``battlefield.massive_turns``); the controller picks between equals
    (rulebook §Massive Models - Facing). Such a turn that does not fit is not made; when
    none fits the model keeps its facing (a reading)."""
    me = occupant(engine, unit)
    assert me.facing is not None
    sixths = {body: k for k, body in rotations(me.hexes)}
    facing = facing_of(engine, unit)
    room = _room(engine, me)
    options = {
        facing.turned(sixths[body]): front
        for body, front in massive_turns(me.hexes, me.facing, hexes_of(engine, target))
        if body == me.hexes or room(body)
    }
    if not options:
        return
    names: list[Json] = [d.name for d in options]
    if facing in options:
        names = [facing.name, *[n for n in names if n != facing.name]]
    owner = engine.entity(unit).owner or ""
    chosen = Direction[
        str(engine.decide("facing", owner, names, context={"unit": unit, "target": target}))
    ]
    turn(engine, unit, chosen, options[chosen])


def check_base(engine: Engine, unit: str) -> None:
    """HF775 unless every hex of ``unit``'s base is on the battlefield, on ground a model
    stands on and free of other models (a scenario's or a setup's placement)."""
    me = occupant(engine, unit)
    field = board_map(engine)
    taken = {
        place: other
        for other in on_board(engine)
        if other != unit
        for place in locations_of(engine, other)
    }
    for place in me.locations:
        why = _why_not(field, taken, place)
        if why is not None:
            raise fail(
                codes.BASE_DOES_NOT_FIT,
                f"{unit}'s base would lie {why} at {format_coord(place.hex)}",
                hint=f"facing {facing_of(engine, unit).name} from {format_coord(me.hexes[0])} "
                f"it covers {', '.join(format_coord(h) for h in me.hexes)}; "
                "pick another hex or facing",
            )


def _why_not(field: Map, taken: Mapping[Location, str], place: Location) -> str | None:
    if place.hex not in field.board:
        return "off the board"
    if not field.standable(place):
        return "on terrain no model stands on"
    if place in taken:
        return f"on {taken[place]}"
    return None


def _room(engine: Engine, me: Occupant) -> Callable[[tuple[Hex, ...]], bool]:
    """Whether a turned base of ``me`` stands wholly on the battlefield, on no other model."""
    field, board = board_map(engine), occupancy(engine)

    def fits(body: tuple[Hex, ...]) -> bool:
        for hex_ in body:
            place = Location(hex_, me.level)
            other = board.at(place)
            if not field.standable(place) or (other is not None and other.id != me.id):
                return False
        return True

    return fits
