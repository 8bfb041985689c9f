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

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
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

    Memoised per map for the last few hundred questions (a game asks the same one for the
    list of actions and again for the move itself, and games start from the same setups):
    the key is who stands where (facing never changes a move), the mover, the speed and
    ``through_enemies``; the answers ``pushable`` gave are remembered with the result and
    asked again, in the same order, before a remembered result is reused. The result is
    shared: treat it as read-only.
    """
    memo = map_.memo("reach")
    who = (mover.id, mover.side, mover.hexes, mover.level)
    key = (occupancy.key, who, speed, through_enemies, pushable is None)
    entry: tuple[Reach, tuple[tuple[str, bool], ...]] | None = memo.get(key)
    if entry is not None:
        reach, asked = entry
        if pushable is None or all(pushable(other) == answer for other, answer in asked):
            memo[key] = memo.pop(key)  # the most recently used goes last
            return reach if reach.mover == mover else replace(reach, mover=mover)
    answers: list[tuple[str, bool]] = []
    ask: Callable[[str], bool] | None = None
    if pushable is not None:
        pushable_ = pushable

        def ask(other: str) -> bool:
            answer = pushable_(other)
            answers.append((other, answer))
            return answer

    reach = _search(map_, occupancy, mover, speed, ask, through_enemies)
    if len(memo) >= _REACH_MEMO:
        del memo[next(iter(memo))]
    memo[key] = (reach, tuple(answers))
    return reach


_REACH_MEMO = 512
"""How many reachable sets a map keeps (the least recently used goes first): a few
megabytes."""


def _search(
    map_: Map,
    occupancy: Occupancy,
    mover: Occupant,
    speed: int,
    pushable: Callable[[str], bool] | None,
    through_enemies: bool,
) -> Reach:
    """The search behind :func:`reachable`: a bucket queue over movement points, over the
    map's location numbers for a one-hex mover (no hashing of places in the loop)."""
    if mover.massive or mover.location not in map_.index:
        return _search_by_location(map_, occupancy, mover, speed, pushable, through_enemies)
    points, difficult = movement_points(map_, mover, speed)
    zone = frozenset[Location]() if through_enemies else occupancy.enemy_zone(mover.side)
    locations, index = map_.locations, map_.index
    count = len(locations)
    occupied: list[Occupant | None] = [None] * count
    for loc, model in occupancy.by_location.items():
        i = index.get(loc)
        if i is not None:
            occupied[i] = model
    ends = bytearray(count)
    for loc in zone:
        i = index.get(loc)
        if i is not None:
            ends[i] = 1
    table: list[tuple[tuple[int, MoveKind, Hex | None, int], ...] | None] | None
    table = map_.memo("moves-by-index").get(None)
    if table is None:
        table = map_.memo("moves-by-index")[None] = [None] * count
    start = index[mover.location]
    costs = [-1] * count
    costs[start] = 0
    order = [start]  # first reached first: the order of Reach.costs
    # Costs are small integers: a bucket queue, one bucket per cost actually reached, so
    # the work follows the map's size, never ``points`` (a card may give a huge speed).
    came: dict[int, tuple[MoveKind, int, int, Hex | None, str | None]] = {}
    stops: set[int] = set()
    buckets: dict[int, list[int]] = {0: [start]}
    spent = -1
    mover_id = mover.id
    while buckets:
        spent += 1
        bucket = buckets.pop(spent, None)
        if bucket is None:
            continue
        for here in bucket:
            if costs[here] != spent or here in stops:
                continue
            options = table[here]
            if options is None:
                options = table[here] = tuple(
                    (cost, kind, over, index[there])
                    for cost, kind, over, there in _options(map_, locations[here])
                )
            for cost, kind, over, there in options:
                total = spent + cost
                if total > points:
                    break
                known = costs[there]
                if known >= 0 and total >= known:
                    continue
                push = None
                occupant = occupied[there]
                if occupant is not None and occupant.id != mover_id:
                    if kind not in _CLIMBS or not push_options(map_, occupancy, occupant):
                        continue
                    if pushable is not None and not pushable(occupant.id):
                        continue
                    push = occupant.id
                if known < 0:
                    order.append(there)
                costs[there] = total
                came[there] = (kind, here, cost, over, push)
                if push is not None or ends[there]:
                    stops.add(there)
                else:
                    stops.discard(there)
                waiting = buckets.get(total)
                if waiting is None:
                    buckets[total] = [there]
                else:
                    waiting.append(there)
    steps: dict[Location, _Came] = {}
    for i in order[1:]:
        kind, here, cost, over, push = came[i]
        steps[locations[i]] = (kind, locations[here], cost, over, push)
    return Reach(
        mover,
        points,
        difficult,
        {locations[i]: costs[i] for i in order},
        frozenset(locations[i] for i in stops),
        _Steps(steps),
    )


def _search_by_location(
    map_: Map,
    occupancy: Occupancy,
    mover: Occupant,
    speed: int,
    pushable: Callable[[str], bool] | None,
    through_enemies: bool,
) -> Reach:
    """:func:`_search` keyed by places, for a massive mover (its whole base must fit and be
    free; it pushes no one, so ``pushable`` is never asked)."""
    points, difficult = movement_points(map_, mover, speed)
    zone = frozenset[Location]() if through_enemies else occupancy.enemy_zone(mover.side)
    start = mover.location
    offsets = tuple(Hex(h.q - start.hex.q, h.r - start.hex.r) for h in mover.hexes)
    costs: dict[Location, int] = {start: 0}
    came: dict[Location, _Came] = {}
    stops: set[Location] = set()
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
            for cost, kind, over, there in _massive_options(map_, here, offsets):
                total = spent + cost
                if total > points:
                    break
                if total >= costs.get(there, points + 1):
                    continue
                if not _free(occupancy, mover, there, offsets):
                    continue
                costs[there] = total
                came[there] = (kind, here, cost, over, None)
                if any(Location(there.hex + o, there.level) in zone for o in offsets):
                    stops.add(there)
                else:
                    stops.discard(there)
                buckets.setdefault(total, []).append(there)
    return Reach(mover, points, difficult, costs, frozenset(stops), _Steps(came))


_Came = tuple[MoveKind, Location, int, Hex | None, str | None]
"""How the search reached a location: kind, from where, cost, what it crossed, who it pushed."""


class _Steps(Mapping[Location, Step]):
    """:attr:`Reach.came_by`, its :class:`Step` values made when read (most never are)."""

    __slots__ = ("_came",)

    def __init__(self, came: dict[Location, _Came]) -> None:
        self._came = came

    def __getitem__(self, there: Location) -> Step:
        kind, here, cost, over, push = self._came[there]
        return Step(kind, here, there, cost, over, push)

    def __contains__(self, there: object) -> bool:
        return there in self._came

    def __iter__(self) -> Iterator[Location]:
        return iter(self._came)

    def __len__(self) -> int:
        return len(self._came)

    def __repr__(self) -> str:
        return repr(dict(self.items()))


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
    targets = target.locations
    if not reach.mover.massive:  # the body is the anchor: is it next to a target hex?
        neighbours = map_.neighbours
        level = target.level
        near = {Location(n, level) for t in targets for n in neighbours.get(t.hex, ())}
        return [anchor for anchor in reach.costs if anchor in near]
    level_ok = [anchor for anchor in reach.costs if anchor.level == target.level]
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
