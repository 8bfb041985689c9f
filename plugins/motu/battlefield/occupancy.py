"""Who stands where: occupants, adjacency between models, engagement (rulebook §Battleground,
§Melee Attack, §Massive Models - Adjacency).

The battlefield never owns game state. Procedures describe the models on the board as
:class:`Occupant` values and pass an :class:`Occupancy` (an index by location) to the
sight, cover and movement functions.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

from hexforge.core.errors import Diagnostic, HexforgeError
from hexforge.core.hexgrid import Hex, connected, format_coord
from hexforge.plugins.motu.battlefield import codes
from hexforge.plugins.motu.battlefield.map import Map
from hexforge.plugins.motu.battlefield.terrain import Location


@dataclass(frozen=True, slots=True)
class Occupant:
    """A model on the battleground.

    ``hexes`` is the footprint, ``hexes[0]`` first: one hex for ordinary characters,
    several for a massive model (rulebook §Massive Models). ``side`` is the force; models
    of different sides are enemies. ``facing`` is the hex the model faces: for an ordinary
    model the neighbour across the edge its notch points at, for a massive model the
    footprint hex marked as its facing hex (None when facing does not matter).
    """

    id: str
    side: str
    hexes: tuple[Hex, ...]
    level: int = 0
    facing: Hex | None = None

    @property
    def massive(self) -> bool:
        return len(self.hexes) > 1

    @property
    def locations(self) -> tuple[Location, ...]:
        return tuple(Location(h, self.level) for h in self.hexes)

    @property
    def location(self) -> Location:
        """The first footprint location (the only one for an ordinary model)."""
        return Location(self.hexes[0], self.level)


def single(id: str, side: str, hex_: Hex, level: int = 0, facing: Hex | None = None) -> Occupant:
    """An ordinary one-hex model."""
    return Occupant(id, side, (hex_,), level, facing)


class Occupancy:
    """An index of occupants by location, checked against the map when built."""

    __slots__ = ("_at", "_by_id", "_key", "_zones", "map")

    def __init__(self, map_: Map, occupants: Iterable[Occupant] = ()) -> None:
        self.map = map_
        self._at: dict[Location, Occupant] = {}
        self._by_id: dict[str, Occupant] = {}
        self._zones: dict[str, frozenset[Location]] = {}
        self._key: frozenset[tuple[str, str, tuple[Hex, ...], int]] | None = None
        problems: list[Diagnostic] = []
        fine = map_.memo("fine-occupants")
        for occupant in occupants:
            if occupant not in fine:
                found = _check_occupant(map_, occupant)
                if found:
                    problems += found
                elif len(fine) < _FINE_LIMIT:
                    fine[occupant] = True
            for loc in occupant.locations:
                other = self._at.get(loc)
                if other is not None and other is not occupant:
                    problems.append(
                        Diagnostic(
                            codes.SHARED_POSITION,
                            f"'{occupant.id}' and '{other.id}' are both on {format_coord(loc.hex)}",
                            hint="one model per hex (and level)",
                        )
                    )
                self._at[loc] = occupant
            self._by_id[occupant.id] = occupant
        if problems:
            raise HexforgeError(*problems)

    def __iter__(self) -> Iterator[Occupant]:
        return iter(self._by_id.values())

    @property
    def key(self) -> frozenset[tuple[str, str, tuple[Hex, ...], int]]:
        """Who stands where as one hashable value, for memos of answers that depend on it
        but not on facing (movement): each model's id, side, hexes and level."""
        key = self._key
        if key is None:
            key = self._key = frozenset(
                (o.id, o.side, o.hexes, o.level) for o in set(self._at.values())
            )
        return key

    def __len__(self) -> int:
        return len(self._by_id)

    @property
    def by_location(self) -> Mapping[Location, Occupant]:
        """The index itself (read-only), for hot loops."""
        return self._at

    def at(self, loc: Location) -> Occupant | None:
        """The model at ``loc``, if any."""
        return self._at.get(loc)

    def get(self, id: str) -> Occupant:
        """The model with ``id`` (KeyError when absent: a procedure bug, not user input)."""
        return self._by_id[id]

    def moved(self, occupant: Occupant) -> Occupancy:
        """A new occupancy with ``occupant`` replacing the model with the same id."""
        others = [o for o in self._by_id.values() if o.id != occupant.id]
        return Occupancy(self.map, [*others, occupant])

    def enemies(self, side: str) -> list[Occupant]:
        """Every model not of ``side``."""
        return [o for o in self._by_id.values() if o.side != side]

    def enemy_zone(self, side: str) -> frozenset[Location]:
        """Every location adjacent to an enemy of ``side`` (entering one ends a move)."""
        found = self._zones.get(side)
        if found is None:
            adjacent = self.map.adjacent
            found = self._zones[side] = frozenset(
                near
                for enemy in self.enemies(side)
                for loc in enemy.locations
                for near in adjacent[loc]
            )
        return found

    def engaged_with(self, occupant: Occupant) -> list[Occupant]:
        """The enemies engaged with ``occupant`` (rulebook §Melee Attack), in id order."""
        return sorted(
            (o for o in self.enemies(occupant.side) if models_adjacent(self.map, occupant, o)),
            key=lambda o: o.id,
        )


_FINE_LIMIT = 1 << 16
"""How many occupants a map remembers as checked and fine (the check depends only on the
map and the occupant; a game has a few thousand distinct ones)."""


def _check_occupant(map_: Map, occupant: Occupant) -> list[Diagnostic]:
    if not occupant.hexes or len(set(occupant.hexes)) != len(occupant.hexes):
        return [
            Diagnostic(
                codes.BAD_FOOTPRINT,
                f"'{occupant.id}' needs one or more distinct hexes",
            )
        ]
    problems = [
        Diagnostic(
            codes.BAD_POSITION,
            f"'{occupant.id}' cannot stand on {format_coord(loc.hex)}"
            + (f" at level {loc.level}" if loc.level else ""),
            hint=_why_not(map_, loc),
        )
        for loc in occupant.locations
        if not map_.standable(loc)
    ]
    if occupant.massive and not connected(occupant.hexes):
        problems.append(
            Diagnostic(
                codes.BAD_FOOTPRINT,
                f"massive model '{occupant.id}' has a footprint in separate parts",
            )
        )
    facing = occupant.facing
    if facing is not None:
        allowed = occupant.hexes if occupant.massive else occupant.hexes[0].neighbours()
        if facing not in allowed:
            problems.append(
                Diagnostic(
                    codes.BAD_POSITION,
                    f"'{occupant.id}' cannot face {format_coord(facing)}",
                    hint="a massive model faces one of its own hexes"
                    if occupant.massive
                    else "a model faces one of the six hexes next to it",
                )
            )
    return problems


def _why_not(map_: Map, loc: Location) -> str:
    if loc.hex not in map_.board:
        return "the hex is off the board"
    if loc.level:
        return "there is no platform at that level"
    piece = map_.piece_at.get(loc.hex)
    name = f"'{piece.id}' ({piece.kind.value})" if piece else "terrain"
    return f"the hex holds {name}; characters stand on open ground, difficult terrain or platforms"


def models_adjacent(map_: Map, a: Occupant, b: Occupant) -> bool:
    """Two models are adjacent when any of their locations are (§Massive Models - Adjacency)."""
    return a.level == b.level and any(
        map_.is_adjacent(x, y) for x in a.locations for y in b.locations
    )


def engaged(map_: Map, a: Occupant, b: Occupant) -> bool:
    """Enemies in adjacent locations are engaged (rulebook §Melee Attack)."""
    return a.side != b.side and models_adjacent(map_, a, b)
