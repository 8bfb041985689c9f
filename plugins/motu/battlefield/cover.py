"""Cover (rulebook §Cover, §Cover and Elevation, §Massive Models - Cover).

The line runs from the centre of the attack's origin hex to the centre of the target's
hex. Along it, characters and low or high portions give cover, except those on hexes
adjacent to the origin hex (and the origin and target hexes themselves). Difficult
terrain, ladders and tokens never give cover. With elevation:

* origin lower than the target: the target is always in cover;
* origin on a platform, target lower: only high portions give cover, and not those on or
  next to the hexes directly under the origin's platform;
* a massive target ignores everything on hexes adjacent to any of its hexes, and the
  attacker may pick which of its hexes to draw the line to (it is in cover only when
  every line is covered) - the second half is a decision, as for line of sight;
* both on platforms at the same level: characters on that level and high portions not
  under a platform give cover (a decision, mirroring line of sight).

A line running exactly along the edge between two hexes gives cover only when both hexes
would (the gap between two models or two pieces is open); a line through a corner enters
the two hexes on either side of it and is judged by those.

The terrain part is memoised per map as a list of *requirements*: sets of hexes that must
all hold a character for the line to be covered (an empty set means the terrain alone
covers it), so a query with a new occupancy only looks at the few hexes on the line.
"""

from __future__ import annotations

from enum import Enum

from hexforge.core.hexgrid import CENTRE, Hex, crossing
from hexforge.plugins.motu.battlefield.map import Map
from hexforge.plugins.motu.battlefield.occupancy import Occupancy, Occupant
from hexforge.plugins.motu.battlefield.terrain import Ground, Location

Requirement = tuple[Hex, ...]


class _Gives(Enum):
    NOTHING = 0
    TERRAIN = 1
    CHARACTER = 2  # gives cover when a character stands there


def in_cover(map_: Map, occupancy: Occupancy, origin: Location, target: Occupant) -> bool:
    """True when ``target`` is in cover from an attack that originates at ``origin``.

    ``origin`` is the attacker's location (a massive attacker's facing hex, the initial
    target of an area attack for the additional targets).
    """
    if origin.level < target.level:
        return True
    footprint = target.hexes if target.massive else None
    level = origin.level
    for hex_ in target.hexes:
        requirements = cover_requirements(map_, origin, Location(hex_, target.level), footprint)
        if not any(
            all(occupancy.at(Location(h, level)) is not None for h in need) for need in requirements
        ):
            return False
    return True


def cover_requirements(
    map_: Map, origin: Location, target: Location, footprint: tuple[Hex, ...] | None = None
) -> tuple[Requirement, ...]:
    """The terrain part of cover along one line (see the module text). Memoised per map."""
    memo = map_.memo("cover")
    key = (origin, target, footprint)
    found: tuple[Requirement, ...] | None = memo.get(key)
    if found is None:
        found = memo[key] = _requirements(map_, origin, target, footprint)
    return found


def _requirements(
    map_: Map, origin: Location, target: Location, footprint: tuple[Hex, ...] | None
) -> tuple[Requirement, ...]:
    neighbours = map_.neighbours
    excluded = {origin.hex, *neighbours[origin.hex], target.hex}
    for hex_ in footprint or ():
        excluded.update((hex_, *neighbours[hex_]))
    if origin.level > target.level:
        piece = map_.platform_at.get(origin)
        for hex_ in piece.hexes if piece is not None else ():
            excluded.update((hex_, *neighbours[hex_]))

    def gives(hex_: Hex) -> _Gives:
        if hex_ in excluded or hex_ not in map_.board:
            return _Gives.NOTHING
        ground = map_.ground[hex_]
        if origin.level > target.level:
            return _Gives.TERRAIN if ground is Ground.HIGH else _Gives.NOTHING
        if origin.level > 0:
            if ground is Ground.HIGH and hex_ not in map_.covered:
                return _Gives.TERRAIN
            return _Gives.CHARACTER if map_.exists(Location(hex_, origin.level)) else _Gives.NOTHING
        if ground >= Ground.LOW:
            return _Gives.TERRAIN
        return _Gives.CHARACTER if ground.standable else _Gives.NOTHING

    line = crossing(origin.hex, CENTRE, target.hex, CENTRE)
    requirements: list[Requirement] = []
    for hex_ in line.cells:
        kind = gives(hex_)
        if kind is _Gives.TERRAIN:
            return ((),)
        if kind is _Gives.CHARACTER:
            requirements.append((hex_,))
    for pair in line.edges:
        kinds = [gives(h) for h in pair]
        if _Gives.NOTHING in kinds:
            continue
        need = tuple(h for h, kind in zip(pair, kinds, strict=True) if kind is _Gives.CHARACTER)
        if not need:
            return ((),)
        requirements.append(need)
    return tuple(requirements)
