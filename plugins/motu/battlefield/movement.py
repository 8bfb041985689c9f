"""Move actions: where a model can get and what it costs (rulebook §Move and its subsections,
§Massive Models - Movement).

Costs in movement points:

* step to an adjacent free location: 1 (never into a hex with a character, ladder or
  obstacle);
* over a low portion, from a hex next to it to another hex next to the same portion: 3;
  over a high portion: 6;
* climb up to a platform hex next to the model's hex: 3 (not from a hex under a platform);
  climb down from a platform to a hex next to it below: 3 (not to a hex under a platform);
* along a ladder, between any two locations next to the ladder hex, any elevation: 2.

A model starting in difficult terrain has 2 fewer points for the whole action. Entering
a location adjacent to an enemy ends the move there. Climbing onto an occupied hex pushes
its occupant (§Pushing): allowed only when that model can be pushed somewhere, and the
move ends there, since where it goes is its controller's decision - the procedure asks,
moves it, and may call :func:`reachable` again with the points left.

Massive models move their whole footprint (one hex of it moves to a neighbour and the
rest follows), must fit entirely wherever they stop or pass, never stand on obstacles,
cannot use ladders (a ladder is a low obstacle to them), and cannot be pushed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from hexforge.core.hexgrid import Direction, Hex, distance
from hexforge.plugins.motu.battlefield.map import Map
from hexforge.plugins.motu.battlefield.occupancy import Occupancy, Occupant
from hexforge.plugins.motu.battlefield.terrain import Ground, Location

DIFFICULT_PENALTY = 2


class MoveKind(StrEnum):
    STEP = "step"
    LADDER = "ladder"
    LOW = "low obstacle"
    CLIMB_UP = "climb up"
    CLIMB_DOWN = "climb down"
    HIGH = "high obstacle"


COST: Mapping[MoveKind, int] = {
    MoveKind.STEP: 1,
    MoveKind.LADDER: 2,
    MoveKind.LOW: 3,
    MoveKind.CLIMB_UP: 3,
    MoveKind.CLIMB_DOWN: 3,
    MoveKind.HIGH: 6,
}

_CLIMBS = (MoveKind.CLIMB_UP, MoveKind.CLIMB_DOWN)

Option = tuple[int, MoveKind, Hex | None, Location]
"""A static move option: cost, kind, the portion or ladder crossed, destination anchor."""


@dataclass(frozen=True, slots=True)
class Step:
    """One move of a path; ``over`` is the obstacle portion or ladder hex used."""

    kind: MoveKind
    start: Location
    end: Location
    cost: int
    over: Hex | None = None
    push: str | None = None


@dataclass(frozen=True, slots=True)
class Reach:
    """The result of :func:`reachable`: every anchor location the mover can end on.

    The anchor is the location of the mover's first footprint hex; :meth:`body` gives the
    whole footprint there. ``stops`` are the anchors where the move must end (next to an
    enemy, or after pushing someone off a climb).
    """

    mover: Occupant
    points: int
    started_in_difficult: bool
    costs: Mapping[Location, int]
    stops: frozenset[Location]
    came_by: Mapping[Location, Step]

    def body(self, anchor: Location) -> tuple[Hex, ...]:
        """The mover's footprint hexes when its first hex is at ``anchor``."""
        first = self.mover.hexes[0]
        return tuple(
            Hex(anchor.hex.q + h.q - first.q, anchor.hex.r + h.r - first.r)
            for h in self.mover.hexes
        )

    def path(self, anchor: Location) -> tuple[Step, ...]:
        """The cheapest sequence of moves to ``anchor`` (KeyError when not reachable)."""
        if anchor not in self.costs:
            raise KeyError(anchor)
        steps: list[Step] = []
        while anchor in self.came_by:
            step = self.came_by[anchor]
            steps.append(step)
            anchor = step.start
        return tuple(reversed(steps))

    def left(self, anchor: Location) -> int:
        """Movement points left after reaching ``anchor``."""
        return self.points - self.costs[anchor]


def movement_points(map_: Map, mover: Occupant, speed: int) -> tuple[int, bool]:
    """The points for a move action at ``speed`` and whether difficult terrain cut them."""
    difficult = mover.level == 0 and any(map_.ground[h] is Ground.DIFFICULT for h in mover.hexes)
    return (max(0, speed - DIFFICULT_PENALTY) if difficult else speed), difficult


def reachable(
    map_: Map,
    occupancy: Occupancy,
    mover: Occupant,
    speed: int,
    *,
    pushable: Callable[[str], bool] | None = None,
    through_enemies: bool = False,
) -> Reach:
    """Every location ``mover`` can reach in one move action at ``speed`` (standard or focused).

    ``mover`` must be in ``occupancy``. Deterministic: ties keep the first path found in a
    fixed order (cheaper kinds of move first, then directions clockwise from north). The
    work and memory follow the locations reached, whatever ``speed`` is. The game's rules
    may say more: ``pushable(id)`` is False for a model a rule forbids this mover to push
    (a climb onto it is impossible, §Pushing), and ``through_enemies`` lifts the end of
    the move next to an enemy (a rule lets the mover move through enemies).
    """
    points, difficult = movement_points(map_, mover, speed)
    zone = frozenset[Location]() if through_enemies else occupancy.enemy_zone(mover.side)
    occupied = occupancy.by_location
    start = mover.location
    offsets = tuple(Hex(h.q - start.hex.q, h.r - start.hex.r) for h in mover.hexes)
    massive = mover.massive
    table = map_.memo("moves")
    costs: dict[Location, int] = {start: 0}
    came: dict[Location, tuple[MoveKind, Location, int, Hex | None, str | None]] = {}
    stops: set[Location] = set()
    # Costs are small integers: a bucket queue, one bucket per cost actually reached, so
    # the work follows the map's size, never ``points`` (a card may give a huge speed).
    buckets: dict[int, list[Location]] = {0: [start]}
    spent = -1
    while buckets:
        spent += 1
        bucket = buckets.pop(spent, None)
        if bucket is None:
            continue
        for here in bucket:
            if costs[here] != spent or here in stops:
                continue
            if massive:
                options = _massive_options(map_, here, offsets)
            else:
                options = table.get(here) or _options(map_, here)
            for cost, kind, over, there in options:
                total = spent + cost
                if total > points:
                    break
                if total >= costs.get(there, points + 1):
                    continue
                push = None
                if massive:
                    if not _free(occupancy, mover, there, offsets):
                        continue
                    ends_here = any(Location(there.hex + o, there.level) in zone for o in offsets)
                else:
                    occupant = occupied.get(there)
                    if occupant is not None and occupant.id != mover.id:
                        if kind not in _CLIMBS or not push_options(map_, occupancy, occupant):
                            continue
                        if pushable is not None and not pushable(occupant.id):
                            continue
                        push = occupant.id
                    ends_here = push is not None or there in zone
                costs[there] = total
                came[there] = (kind, here, cost, over, push)
                if ends_here:
                    stops.add(there)
                else:
                    stops.discard(there)
                buckets.setdefault(total, []).append(there)
    came_by = {
        there: Step(kind, here, there, cost, over, push)
        for there, (kind, here, cost, over, push) in came.items()
    }
    return Reach(mover, points, difficult, costs, frozenset(stops), came_by)


def jump_destinations(
    map_: Map, occupancy: Occupancy, mover: Occupant, speed: int
) -> dict[Location, int]:
    """Where a jumping or teleporting model can land, with the points spent (§Jump, §Teleport).

    Such a move ignores characters, obstacles and the difficult-terrain penalty, does not
    stop next to enemies, and treats every surrounding hex as adjacent at any elevation;
    so each hex costs 1 and any free place the whole base fits on within ``speed`` hexes
    is a destination (the mover's own place included, at 0).
    """
    start = mover.location
    offsets = tuple(Hex(h.q - start.hex.q, h.r - start.hex.r) for h in mover.hexes)
    found: dict[Location, int] = {}
    for anchor in map_.locations:
        cost = distance(start.hex, anchor.hex)
        if (
            cost <= speed
            and _fits(map_, anchor, offsets)
            and _free(occupancy, mover, anchor, offsets)
        ):
            found[anchor] = cost
    return found


def engaging_ends(map_: Map, reach: Reach, target: Occupant) -> list[Location]:
    """The anchors in ``reach`` from which the mover would be adjacent to ``target``.

    For charges and for overwatch's "could become engaged with a single move action".
    """
    level_ok = [anchor for anchor in reach.costs if anchor.level == target.level]
    targets = target.locations
    return [
        anchor
        for anchor in level_ok
        if any(
            map_.is_adjacent(Location(h, anchor.level), t)
            for h in reach.body(anchor)
            for t in targets
        )
    ]


def push_options(map_: Map, occupancy: Occupancy, pushed: Occupant) -> tuple[Location, ...]:
    """Where ``pushed`` may be pushed to: a free location sharing an edge with its hex.

    From a platform that includes climbing down to free ground next to it (§Push and
    Pull). Massive models cannot be pushed. The controller of ``pushed`` chooses.
    """
    if pushed.massive:
        return ()
    here = pushed.location
    found = [n for n in map_.adjacent[here] if map_.standable(n) and occupancy.at(n) is None]
    if here.level > 0:
        found += [
            there
            for _, kind, _, there in _options(map_, here)
            if kind is MoveKind.CLIMB_DOWN and occupancy.at(there) is None
        ]
    return tuple(dict.fromkeys(found))


def needs_replacement(map_: Map, model: Occupant) -> bool:
    """The model stands under a platform: if it is too tall to fit there, the rulebook
    swaps it for a replacement token (§Ladders)."""
    return any(map_.under_platform(loc) for loc in model.locations)


# -- static options ----------------------------------------------------------------------


def _options(map_: Map, here: Location) -> tuple[Option, ...]:
    """The terrain-only moves of a one-hex model from ``here``, cheapest first. Memoised."""
    memo = map_.memo("moves")
    found: tuple[Option, ...] | None = memo.get(here)
    if found is None:
        found = memo[here] = _compute_options(map_, here)
    return found


def _compute_options(map_: Map, here: Location) -> tuple[Option, ...]:
    options: list[Option] = [
        (1, MoveKind.STEP, None, there) for there in map_.adjacent[here] if map_.standable(there)
    ]
    neighbours, ground = map_.neighbours, map_.ground
    if here.level == 0:
        for portion in neighbours[here.hex]:
            kind = _HOP.get(ground[portion])
            if kind is not None:
                options += [
                    (COST[kind], kind, portion, Location(h, 0))
                    for h in neighbours[portion]
                    if h != here.hex and map_.standable(Location(h, 0))
                ]
    options += _climbs(map_, here, here.hex)
    for ladder in neighbours[here.hex]:
        if ground[ladder] is Ground.LADDER:
            options += [
                (COST[MoveKind.LADDER], MoveKind.LADDER, ladder, there)
                for h in neighbours[ladder]
                for there in (Location(h, level) for level in map_.levels_at[h])
                if there != here and map_.standable(there)
            ]
    order = list(MoveKind)
    return tuple(sorted(options, key=lambda o: (o[0], order.index(o[1]))))


_HOP = {Ground.LOW: MoveKind.LOW, Ground.HIGH: MoveKind.HIGH}


def _climbs(map_: Map, here: Location, part: Hex) -> list[Option]:
    """Climbs from ``part`` (a hex of the mover at ``here``'s level) to each neighbour."""
    options: list[Option] = []
    level = here.level
    base = Location(part, level)
    for n in map_.neighbours[part]:
        levels = map_.levels_at[n]
        if not map_.under_platform(base):
            up = [lv for lv in levels if lv > level]
            if up:
                options.append(
                    (COST[MoveKind.CLIMB_UP], MoveKind.CLIMB_UP, None, Location(n, up[0]))
                )
        down = [lv for lv in levels if lv < level]
        if down:
            there = Location(n, down[-1])
            if map_.standable(there) and not map_.under_platform(there):
                options.append((COST[MoveKind.CLIMB_DOWN], MoveKind.CLIMB_DOWN, None, there))
    return options


# -- massive models ----------------------------------------------------------------------


def _massive_options(map_: Map, here: Location, offsets: tuple[Hex, ...]) -> tuple[Option, ...]:
    """Moves of a massive footprint that fit the terrain (not yet other models). Memoised."""
    memo = map_.memo("massive-moves")
    key = (here, offsets)
    found: tuple[Option, ...] | None = memo.get(key)
    if found is None:
        found = memo[key] = _compute_massive(map_, here, offsets)
    return found


def _compute_massive(map_: Map, here: Location, offsets: tuple[Hex, ...]) -> tuple[Option, ...]:
    anchor = here.hex
    body = [anchor + o for o in offsets]
    options: list[Option] = [
        (1, MoveKind.STEP, None, Location(anchor + d.step, here.level)) for d in Direction
    ]
    if here.level == 0:
        for part in body:
            for portion in map_.neighbours[part]:
                kind = _MASSIVE_HOP.get(map_.ground[portion])
                if kind is None or portion in body:
                    continue
                for h in map_.neighbours[portion]:
                    if h != part:
                        options.append((COST[kind], kind, portion, Location(anchor + h - part, 0)))
    for part in body:
        for cost, kind, _, there in _climbs(map_, here, part):
            options.append((cost, kind, None, Location(anchor + there.hex - part, there.level)))
    best: dict[Location, Option] = {}
    order = list(MoveKind)
    for option in sorted(options, key=lambda o: (o[0], order.index(o[1]))):
        there = option[3]
        if there != here and there not in best and _fits(map_, there, offsets):
            best[there] = option
    return tuple(best.values())


_MASSIVE_HOP = {Ground.LOW: MoveKind.LOW, Ground.LADDER: MoveKind.LOW, Ground.HIGH: MoveKind.HIGH}


def _fits(map_: Map, anchor: Location, offsets: tuple[Hex, ...]) -> bool:
    """The whole footprint stands on the terrain at ``anchor`` (§Massive Models - Movement)."""
    return all(map_.standable(Location(anchor.hex + o, anchor.level)) for o in offsets)


def _free(
    occupancy: Occupancy, mover: Occupant, anchor: Location, offsets: tuple[Hex, ...]
) -> bool:
    for o in offsets:
        occupant = occupancy.at(Location(anchor.hex + o, anchor.level))
        if occupant is not None and occupant.id != mover.id:
            return False
    return True
