"""The battlefield's speed-ups answer exactly what the plain computations answer (issue 24).

Reachable sets are remembered per map by who stands where, range checks compare integers,
a one-hex mover's engaging ends are a set lookup, and a running game remembers positions
per engine version: each is checked here against the computation it replaced, on random
positions, and the engine memos against the state after every kind of change.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from hexforge.core.engine import Engine
from hexforge.core.hexgrid import (
    Direction,
    Hex,
    Point,
    corner,
    gap2,
    inches,
    near_hull,
    parse_coord,
    segment_between,
    segment_enters,
    segments_overlap,
)
from hexforge.plugins.motu.battlefield import (
    Location,
    Map,
    Occupancy,
    Occupant,
    blockers,
    engaging_ends,
    footprint,
    gap_inches,
    hidden_by_platform,
    in_range,
    named_map,
    reachable,
    trace_sight,
)
from hexforge.plugins.motu.battlefield.movement import (
    _CLIMBS,
    MoveKind,
    Reach,
    Step,
    _free,
    _massive_options,
    _options,
    _search,
    movement_points,
    push_options,
)
from hexforge.plugins.motu.board import (
    engaged_with,
    hexes_of,
    locations_of,
    occupancy,
    occupant,
    use_map,
)
from hexforge.plugins.motu.state import UnitState
from hexforge.plugins.motu.units import create_character
from tests.motu.boards import board
from tests.plugged import MOTU

FIELD = board(
    ("high", ["D4", "D5", "E5"]),
    ("low", ["G9"]),
    ("difficult", ["B8", "C8"]),
    ("high", ["H4", "H5", "H6"]),
    ("platform", ["H5", "H6", "G6"], {"elevation": 1}),
    ("ladder", ["G7"]),
    columns=12,
    rows=12,
)


SHIPPED = [named_map("grayskull-ramparts"), named_map("first-game")]


def _crowd(rng: random.Random, field: Map, count: int) -> list[Occupant]:
    spots = rng.sample([loc for loc in field.locations if field.standable(loc)], count)
    return [
        Occupant(f"m{i}", "masters" if i % 2 else "evil", (loc.hex,), loc.level)
        for i, loc in enumerate(spots)
    ]


def _reference_reachable(
    map_: Map,
    occupancy: Occupancy,
    mover: Occupant,
    speed: int,
    pushable: Callable[[str], bool] | None = None,
    through_enemies: bool = False,
) -> Reach:
    """reachable as first written (issue 7): one search keyed by places for every mover."""
    points, difficult = movement_points(map_, mover, speed)
    zone = frozenset[Location]() if through_enemies else occupancy.enemy_zone(mover.side)
    occupied = occupancy.by_location
    start = mover.location
    offsets = tuple(Hex(h.q - start.hex.q, h.r - start.hex.r) for h in mover.hexes)
    massive = mover.massive
    costs: dict[Location, int] = {start: 0}
    came: dict[Location, tuple[MoveKind, Location, int, Hex | None, str | None]] = {}
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
            options = _massive_options(map_, here, offsets) if massive else _options(map_, here)
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


def _same_reach(found: Reach, expected: Reach) -> None:
    assert (found.mover, found.points, found.started_in_difficult) == (
        expected.mover,
        expected.points,
        expected.started_in_difficult,
    )
    assert list(found.costs.items()) == list(expected.costs.items())  # the same order too
    assert found.stops == expected.stops
    assert list(found.came_by.items()) == list(expected.came_by.items())


def _asking(asked: list[str], refuse: bool, never: str) -> Callable[[str], bool]:
    """A ``pushable`` that notes whom it was asked about."""

    def pushable(other: str) -> bool:
        asked.append(other)
        return not refuse and other != never

    return pushable


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 12), st.booleans(), st.booleans())
def test_reachable_sets_equal_the_search_as_first_written(
    seed: int, speed: int, refuse: bool, through: bool
) -> None:
    rng = random.Random(seed)
    for field in (FIELD, *SHIPPED):
        crowd = _crowd(rng, field, 8)
        occupied = Occupancy(field, crowd)
        answers: list[list[str]] = [[], []]
        pushables = [_asking(answers[n], refuse, crowd[0].id) for n in (0, 1)]
        for mover in crowd[:4]:
            expected = _reference_reachable(
                field, occupied, mover, speed, pushables[0], through_enemies=through
            )
            for _ in range(2):  # the second time from the memo
                found = reachable(
                    field, occupied, mover, speed, pushable=pushables[1], through_enemies=through
                )
                _same_reach(found, expected)
        assert set(answers[1]) <= set(answers[0])


def test_massive_reachable_sets_equal_the_search_as_first_written() -> None:
    rng = random.Random(5)
    places = [loc for loc in FIELD.locations if loc.level == 0]
    for _ in range(30):
        spot = rng.choice(places)
        for facing in Direction:
            hexes = footprint(spot.hex, facing, 3)
            if not all(FIELD.standable(Location(h)) for h in hexes):
                continue
            colossus = Occupant("colossus", "evil", hexes, 0, spot.hex)
            others = [
                o for o in _crowd(rng, FIELD, 4) if not set(o.hexes) & set(hexes) and o.level == 0
            ]
            occupied = Occupancy(FIELD, [colossus, *others])
            for speed in (3, 6):
                expected = _reference_reachable(FIELD, occupied, colossus, speed)
                _same_reach(reachable(FIELD, occupied, colossus, speed), expected)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 9), st.booleans())
def test_remembered_reachable_sets_equal_a_fresh_search(
    seed: int, speed: int, refuse: bool
) -> None:
    rng = random.Random(seed)
    crowd = _crowd(rng, FIELD, 6)
    occupied = Occupancy(FIELD, crowd)
    asked: list[str] = []

    def pushable(other: str) -> bool:
        asked.append(other)
        return not refuse

    for mover in crowd:
        fresh = _search(FIELD, occupied, mover, speed, pushable, False)
        for _ in range(2):  # the second time from the memo
            found = reachable(FIELD, occupied, mover, speed, pushable=pushable)
            assert found == fresh
            assert list(found.costs) == list(fresh.costs)  # the same order too
            assert dict(found.came_by) == dict(fresh.came_by)


def test_a_remembered_set_is_not_reused_when_a_push_is_no_longer_allowed() -> None:
    """Climbing onto a model pushes it; whether it may be pushed is asked again."""
    mover = Occupant("skeletor", "evil", (parse_coord("I5"),), 0)
    other = Occupant("mer-man", "evil", (parse_coord("H5"),), 1)
    occupied = Occupancy(FIELD, [mover, other])
    up = Location(parse_coord("H5"), 1)
    allowed = reachable(FIELD, occupied, mover, 6, pushable=lambda _: True)
    refused = reachable(FIELD, occupied, mover, 6, pushable=lambda _: False)
    assert allowed.came_by[up].push == "mer-man" and up not in refused.costs
    assert up in reachable(FIELD, occupied, mover, 6, pushable=lambda _: True).costs


def test_facing_does_not_change_a_remembered_set_but_the_mover_is_the_one_asked() -> None:
    here = parse_coord("F6")
    north = Occupant("he-man", "masters", (here,), 0, parse_coord("F5"))
    south = Occupant("he-man", "masters", (here,), 0, parse_coord("F7"))
    a = reachable(FIELD, Occupancy(FIELD, [north]), north, 4)
    b = reachable(FIELD, Occupancy(FIELD, [south]), south, 4)
    assert a.costs == b.costs and b.mover == south and a.mover == north


def _engaging_reference(field: Map, mover: Occupant, target: Occupant) -> list[Location]:
    """engaging_ends as first written, for any mover."""
    reach = reachable(field, Occupancy(field, [mover, target]), mover, 6)
    return [
        anchor
        for anchor in reach.costs
        if anchor.level == target.level
        and any(
            field.is_adjacent(Location(h, anchor.level), t)
            for h in reach.body(anchor)
            for t in target.locations
        )
    ]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6))
def test_engaging_ends_of_a_one_hex_mover_as_first_written(seed: int) -> None:
    rng = random.Random(seed)
    mover, target = _crowd(rng, FIELD, 2)
    target = Occupant(target.id, "evil", target.hexes, target.level)
    mover = Occupant(mover.id, "masters", mover.hexes, mover.level)
    reach = reachable(FIELD, Occupancy(FIELD, [mover, target]), mover, 6)
    assert engaging_ends(FIELD, reach, target) == _engaging_reference(FIELD, mover, target)


_hexes = st.tuples(st.integers(0, 11), st.integers(0, 11))
_ranges = st.one_of(
    st.integers(0, 30),
    st.fractions(Fraction(0), Fraction(30), max_denominator=1000),
    st.floats(0, 30, allow_nan=False).map(lambda x: round(x, 3)),
)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(_hexes, min_size=1, max_size=3),
    st.lists(_hexes, min_size=1, max_size=3),
    _ranges,
    st.sampled_from(["1", "1.25", "0.8"]),
)
def test_range_checks_equal_the_fraction_reference(
    a: list[tuple[int, int]], b: list[tuple[int, int]], limit: float | Fraction, inches: str
) -> None:
    field = board(hex_inches=inches)
    mine, theirs = [Hex(*h) for h in a], [Hex(*h) for h in b]
    closest = min(gap2(x, y) for x in mine for y in theirs)
    exact = Fraction(str(limit)) if isinstance(limit, float) else Fraction(limit)
    expected = field.hex_inches**2 * closest <= 12 * exact**2
    assert in_range(field, mine, theirs, limit) == expected


@settings(max_examples=200, deadline=None)
@given(_hexes, _hexes, st.sampled_from(["1", "1.25", "0.8", "1.1"]))
def test_distances_in_inches_equal_the_fraction_reference(
    a: tuple[int, int], b: tuple[int, int], width: str
) -> None:
    field = board(hex_inches=width)
    expected = inches(gap2(Hex(*a), Hex(*b)), field.hex_inches)  # the fraction, as before
    assert gap_inches(field, [Hex(*a)], [Hex(*b)]) == expected


def test_a_float_range_and_an_equal_fraction_are_remembered_apart() -> None:
    """0.1 reads as 1/10; the fraction equal to the float 0.1 is a hair more."""
    field = board()
    tenth = Fraction(0.1)
    assert tenth == 0.1 and tenth != Fraction(1, 10)
    a, b = [Hex(0, 0)], [Hex(0, 0)]
    assert in_range(field, a, b, 0.1) and in_range(field, a, b, tenth)


def _reference_sight(field: Map, a: Location, b: Location) -> bool:
    """trace_sight as first written: every blocking hex near the pair, one at a time."""
    if a == b:
        return True
    if hidden_by_platform(field, a, b):
        return False
    walls = near_hull(blockers(field, a, b), a.hex, b.hex)
    members = set(walls)
    seams = [(h, n) for h in walls for n in h.neighbours() if n in members and h < n]

    def blocked(p: Point, q: Point) -> bool:
        return any(segment_enters(p, q, h) for h in walls) or any(
            segment_between(p, q, x, y) for x, y in seams
        )

    clear: list[tuple[int, Point, Point]] = []
    for i in range(6):
        start = corner(a.hex, i)
        for j in range(6):
            end = corner(b.hex, j)
            if end == start or blocked(start, end):
                continue
            if any(j2 != j and not segments_overlap(start, end, s2, e2) for j2, s2, e2 in clear):
                return True
            clear.append((j, start, end))
    return False


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6))
def test_sight_equals_the_reference_on_random_pairs(seed: int) -> None:
    rng = random.Random(seed)
    for field in (FIELD, *SHIPPED):
        places = [loc for loc in field.locations if field.standable(loc)]
        for _ in range(25):
            a, b = rng.choice(places), rng.choice(places)
            assert trace_sight(field, a, b) == _reference_sight(field, a, b)


ARENA = {
    "name": "arena",
    "provenance": "invented",
    "size": {"columns": 10, "rows": 10},
    "hex_inches": 1.25,
}


def test_positions_in_a_game_follow_every_change_of_the_state() -> None:
    engine = Engine.new(MOTU, 1, ["masters", "evil"], {})
    use_map(engine, data=ARENA)
    create_character(engine, "he-man", "motu/he-man", "masters", parse_coord("C5"))
    create_character(engine, "skeletor", "motu/skeletor", "evil", parse_coord("C4"), Direction.S)
    assert engaged_with(engine, "he-man") == ["skeletor"]
    assert hexes_of(engine, "he-man") == (parse_coord("C5"),)
    before = occupancy(engine)
    UnitState(engine, "he-man").hex = parse_coord("F8")
    assert engaged_with(engine, "he-man") == []
    assert hexes_of(engine, "he-man") == (parse_coord("F8"),)
    assert locations_of(engine, "he-man") == (Location(parse_coord("F8")),)
    assert occupancy(engine) is not before
    assert occupancy(engine).get("he-man").hexes == (parse_coord("F8"),)
    UnitState(engine, "he-man").facing = Direction.S
    assert occupant(engine, "he-man").facing == parse_coord("F9")
    found = engaged_with(engine, "skeletor")
    found.append("someone")  # the caller's own list
    assert engaged_with(engine, "skeletor") == []
    restored = Engine.restore(MOTU, engine.snapshot())
    assert hexes_of(restored, "he-man") == (parse_coord("F8"),)
