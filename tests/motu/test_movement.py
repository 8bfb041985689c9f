"""Move actions on small maps rebuilt from the rulebook's movement figures (rulebook §Move)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from hexforge.core.hexgrid import Hex, distance, format_coord, from_offset
from hexforge.plugins.motu.battlefield import (
    Location,
    Map,
    MoveKind,
    Occupancy,
    Occupant,
    Reach,
    engaging_ends,
    jump_destinations,
    needs_replacement,
    push_options,
    reachable,
)
from tests.motu.boards import H, L, board, model

HE_MAN_SPEED, HE_MAN_FOCUSED = 5, 8  # rulebook §Standard Movement (He-Man's speed 5 / 8)


def _kinds(reach: Reach, loc: Location) -> list[MoveKind]:
    return [step.kind for step in reach.path(loc)]


def test_standard_movement_he_man_moves_five_or_eight_when_focused() -> None:
    """§Standard Movement: He-Man (speed 5, focused 8) moves up to five hexes, eight focused."""
    field = board(columns=20, rows=20)
    he_man = model("he-man", "masters", "J10")
    occupancy = Occupancy(field, [he_man])
    reach = reachable(field, occupancy, he_man, HE_MAN_SPEED)
    far = {distance(H("J10"), loc.hex) for loc in reach.costs}
    assert max(far) == 5
    assert all(cost == distance(H("J10"), loc.hex) for loc, cost in reach.costs.items())
    assert len(reach.costs) == 1 + 3 * 5 * 6  # every hex within five steps
    focused = reachable(field, occupancy, he_man, HE_MAN_FOCUSED)
    assert max(distance(H("J10"), loc.hex) for loc in focused.costs) == 8


def test_difficult_terrain_at_the_start_leaves_three_points() -> None:
    """§Movement and Difficult Terrain: starting in difficult terrain, speed 5 gives 3 points."""
    field = board(("difficult", ["J10", "J11", "K10"]), columns=20, rows=20)
    he_man = model("he-man", "masters", "J10")
    reach = reachable(field, Occupancy(field, [he_man]), he_man, HE_MAN_SPEED)
    assert reach.points == 3 and reach.started_in_difficult
    assert max(distance(H("J10"), loc.hex) for loc in reach.costs) == 3
    focused = reachable(field, Occupancy(field, [he_man]), he_man, HE_MAN_FOCUSED)
    assert focused.points == 6  # the focused value is reduced too


def test_entering_difficult_terrain_costs_nothing_extra() -> None:
    """§Movement and Difficult Terrain: only the starting hex matters; crossing it costs 1."""
    field = board(("difficult", ["J8", "J9", "J10", "J11"]), columns=20, rows=20)
    he_man = model("he-man", "masters", "J7")
    reach = reachable(field, Occupancy(field, [he_man]), he_man, HE_MAN_SPEED)
    assert not reach.started_in_difficult
    assert reach.costs[L("J12")] == 5


LONG_WALL = [f"F{row}" for row in range(2, 11)]


def test_skeletor_crosses_a_low_obstacle_for_three() -> None:
    """§Movement and Low Obstacles: from a hex next to a portion to another next to it, 3."""
    field = board(("low", LONG_WALL), columns=12, rows=12)
    skeletor = model("skeletor", "evil", "E6")
    reach = reachable(field, Occupancy(field, [skeletor]), skeletor, 5)
    assert reach.costs[L("G6")] == 3
    assert _kinds(reach, L("G6")) == [MoveKind.LOW]
    assert reach.path(L("G6"))[0].over in (H("F5"), H("F6"))
    assert reach.costs[L("H6")] == 4  # then on, one point a hex
    assert all(not field.standable(L(c)) for c in LONG_WALL)
    assert not any(loc.hex in field.piece_at for loc in reach.costs)


def test_skeletor_crosses_a_high_obstacle_for_six() -> None:
    """§Movement and High Obstacles: over a high portion costs 6; speed 5 is not enough."""
    field = board(("high", LONG_WALL), columns=12, rows=12)
    skeletor = model("skeletor", "evil", "E6")
    occupancy = Occupancy(field, [skeletor])
    assert L("G6") not in reachable(field, occupancy, skeletor, 5).costs
    focused = reachable(field, occupancy, skeletor, 8)
    assert focused.costs[L("G6")] == 6
    assert _kinds(focused, L("G6")) == [MoveKind.HIGH]


def test_an_opening_in_a_high_wall_is_crossed_as_a_low_obstacle() -> None:
    """§Obstacles with Openings: a window portion counts as a low obstacle (3 points)."""
    field = board(("high", LONG_WALL, {"openings": ["F6"]}), columns=12, rows=12)
    skeletor = model("skeletor", "evil", "E6")
    reach = reachable(field, Occupancy(field, [skeletor]), skeletor, 5)
    assert reach.costs[L("G6")] == 3
    assert reach.path(L("G6"))[0].over == H("F6")
    assert reach.path(L("G4"))[0].over == H("F6")  # cheaper through the window than over


def test_a_mixed_height_piece_has_low_and_high_portions() -> None:
    """§Terrain: a mixed piece's low portions are crossed for 3, its high ones for 6."""
    field = board(("mixed", LONG_WALL, {"low": ["F9", "F10"]}), columns=12, rows=12)
    skeletor = model("skeletor", "evil", "E9")
    reach = reachable(field, Occupancy(field, [skeletor]), skeletor, 8)
    assert reach.costs[L("G9")] == 3
    assert reach.path(L("G9"))[0].over in (H("F9"), H("F10"))


def test_an_obstacle_two_portions_thick_cannot_be_hopped() -> None:
    """§Movement and Low Obstacles: both hexes must border the *same* one-hex portion."""
    thick = LONG_WALL + [f"G{row}" for row in range(2, 11)]
    field = board(("low", thick), columns=12, rows=12)
    skeletor = model("skeletor", "evil", "E6")
    reach = reachable(field, Occupancy(field, [skeletor]), skeletor, 8)
    assert L("H6") not in reach.costs


# Platform on a high wall (H4-H6) overhanging G6, a ladder at G7 against it.
def _ramparts(ladder: bool = True) -> Map:
    pieces: list[tuple[str, list[str]] | tuple[str, list[str], dict[str, object]]] = [
        ("high", ["H4", "H5", "H6"]),
        ("platform", ["H5", "H6", "G6"], {"elevation": 1}),
    ]
    if ladder:
        pieces.append(("ladder", ["G7"]))
    return board(*pieces, columns=12, rows=12)


def test_ladder_for_two_then_one_along_the_platform() -> None:
    """§Ladders: Skeletor spends 2 to go up the ladder, then 1 to move along the platform."""
    field = _ramparts()
    skeletor = model("skeletor", "evil", "G8")
    reach = reachable(field, Occupancy(field, [skeletor]), skeletor, 5)
    assert reach.costs[L("G6", 1)] == 2
    assert _kinds(reach, L("G6", 1)) == [MoveKind.LADDER]
    assert reach.costs[L("H5", 1)] == 3
    assert [s.cost for s in reach.path(L("H5", 1))] == [2, 1]


def test_climbing_up_and_down_cost_three() -> None:
    """§Climbing Up / §Climbing Down: 3 points each way between a platform and a hex beside it."""
    field = _ramparts(ladder=False)
    skeletor = model("skeletor", "evil", "I5")
    reach = reachable(field, Occupancy(field, [skeletor]), skeletor, 6)
    assert reach.costs[L("H5", 1)] == 3
    assert _kinds(reach, L("H5", 1)) == [MoveKind.CLIMB_UP]
    assert reach.costs[L("G6", 1)] == 4
    down = model("stratos", "masters", "G6", level=1)
    back = reachable(field, Occupancy(field, [down]), down, 3)
    assert back.costs[L("F6")] == 3
    assert _kinds(back, L("F6")) == [MoveKind.CLIMB_DOWN]


def test_no_climbing_from_or_to_a_hex_under_the_platform() -> None:
    """§Climbing Up / §Climbing Down: never from, nor down to, a hex directly under a platform."""
    field = _ramparts(ladder=False)
    below = model("orko", "masters", "G6")  # on the ground, under the platform
    reach = reachable(field, Occupancy(field, [below]), below, 3)
    assert all(loc.level == 0 for loc in reach.costs)
    above = model("stratos", "masters", "H6", level=1)
    reach = reachable(field, Occupancy(field, [above]), above, 8)
    assert L("G6") not in reach.costs or _kinds(reach, L("G6"))[-1] is not MoveKind.CLIMB_DOWN
    assert all(
        field.under_platform(step.end) is False
        for loc in reach.costs
        for step in reach.path(loc)
        if step.kind is MoveKind.CLIMB_DOWN
    )


def test_standard_movement_never_enters_occupied_hexes() -> None:
    """§Standard Movement: a hex holding another character (ally or enemy) cannot be entered."""
    field = board(columns=12, rows=12)
    he_man = model("he-man", "masters", "F5")
    ally = model("ram-man", "masters", "F6")
    reach = reachable(field, Occupancy(field, [he_man, ally]), he_man, 5)
    assert L("F6") not in reach.costs
    assert reach.costs[L("F7")] == 3  # around the ally


def test_move_ends_on_entering_a_hex_adjacent_to_an_enemy() -> None:
    """§Move: entering a hex next to an enemy ends the move at once."""
    field = board(columns=12, rows=16)
    he_man = model("he-man", "masters", "F2")
    skeletor = model("skeletor", "evil", "F8")
    occupancy = Occupancy(field, [he_man, skeletor])
    reach = reachable(field, occupancy, he_man, HE_MAN_FOCUSED)
    assert reach.costs[L("F7")] == 5 and L("F7") in reach.stops
    zone = occupancy.enemy_zone("masters")
    for loc in reach.costs:
        for step in reach.path(loc)[:-1]:
            assert step.end not in zone
    assert reach.left(L("F7")) == 3  # the unspent points are lost


def test_starting_next_to_an_enemy_does_not_stop_the_move() -> None:
    """§Move: only *entering* an enemy-adjacent hex ends the move."""
    field = board(columns=12, rows=12)
    he_man = model("he-man", "masters", "F5")
    skeletor = model("skeletor", "evil", "F6")
    reach = reachable(field, Occupancy(field, [he_man, skeletor]), he_man, 5)
    assert reach.costs[L("F1")] == 4


def test_climbing_onto_a_character_pushes_it() -> None:
    """§Pushing: climbing onto an occupied hex pushes its occupant; the move stops there."""
    field = _ramparts(ladder=False)
    skeletor = model("skeletor", "evil", "I5")
    mer_man = model("mer-man", "evil", "H5", level=1)
    occupancy = Occupancy(field, [skeletor, mer_man])
    reach = reachable(field, occupancy, skeletor, 6)
    assert reach.came_by[L("H5", 1)].push == "mer-man"
    assert L("H5", 1) in reach.stops
    assert L("H6", 1) in push_options(field, occupancy, mer_man)


def test_a_character_that_cannot_be_pushed_blocks_the_climb() -> None:
    """§Pushing: when the occupant cannot be pushed anywhere, the climber cannot enter."""
    field = board(("high", ["H4", "H5", "H6"]), ("platform", ["H5"]), columns=12, rows=12)
    skeletor = model("skeletor", "evil", "I5")
    mer_man = model("mer-man", "evil", "H5", level=1)
    free = [c for c in ("H4", "I5", "I6", "H6", "G6", "G5") if field.standable(L(c))]
    blockers = [model(f"m{i}", "masters", c) for i, c in enumerate(free) if c != "I5"]
    occupancy = Occupancy(field, [skeletor, mer_man, *blockers])
    assert push_options(field, occupancy, mer_man) == ()
    reach = reachable(field, occupancy, skeletor, 6)
    assert L("H5", 1) not in reach.costs


def test_replacement_token_under_a_platform() -> None:
    """§Ladders: a model under a platform may need a replacement token if it does not fit."""
    field = _ramparts()
    assert needs_replacement(field, model("orko", "masters", "G6"))
    assert not needs_replacement(field, model("orko", "masters", "F6"))


def _massive(id: str, side: str, *coords: str) -> Occupant:
    return Occupant(id, side, tuple(H(c) for c in coords))


def test_massive_model_moves_its_whole_footprint() -> None:
    """§Massive Models - Movement: one hex moves to a neighbour, the base follows; 1 point."""
    field = board(columns=12, rows=12)
    beast = _massive("beast", "evil", "F5", "F6")
    reach = reachable(field, Occupancy(field, [beast]), beast, 2)
    assert reach.costs[L("F4")] == 1
    assert reach.body(L("F4")) == (H("F4"), H("F5"))
    assert reach.costs[L("F3")] == 2


def test_massive_model_must_fit_and_never_stands_on_obstacles() -> None:
    """§Massive Models - Movement: every position must fit the entire base."""
    field = board(("high", ["E4", "E5", "E6"]), ("high", ["G4", "G5", "G6"]), columns=12, rows=12)
    beast = _massive("beast", "evil", "F8", "G8")  # two hexes wide cannot pass the F gap
    reach = reachable(field, Occupancy(field, [beast]), beast, 6)
    for anchor in reach.costs:
        for hex_ in reach.body(anchor):
            assert field.standable(Location(hex_, 0))
    assert L("F4") not in reach.costs


def test_massive_model_hops_low_obstacles_but_not_ladders() -> None:
    """§Massive Models - Low Obstacles / Ladders: 3 to hop a portion; ladders act as low."""
    field = board(("low", LONG_WALL), columns=12, rows=12)
    beast = _massive("beast", "evil", "E6", "E7")
    reach = reachable(field, Occupancy(field, [beast]), beast, 3)
    anchor = next(a for a in reach.costs if all(h.q == H("G1").q for h in reach.body(a)))
    assert reach.costs[anchor] == 3 and reach.came_by[anchor].kind is MoveKind.LOW
    ramparts = _ramparts()
    big = _massive("beast", "evil", "G8", "G9")
    reach = reachable(ramparts, Occupancy(ramparts, [big]), big, 8)
    assert all(step.kind is not MoveKind.LADDER for step in reach.came_by.values())
    raised = [loc for loc in reach.costs if loc.level]
    assert raised and all(_kinds(reach, loc)[-1] is MoveKind.CLIMB_UP for loc in raised)


# -- properties --------------------------------------------------------------------------

_cells = st.tuples(st.integers(0, 9), st.integers(0, 9))


@st.composite
def _random_field(draw: st.DrawFn) -> tuple[Map, Hex]:
    kinds = ["low", "high", "difficult"]
    taken: set[Hex] = set()
    pieces: list[tuple[str, list[str]]] = []
    for _ in range(draw(st.integers(0, 12))):
        c, r = draw(_cells)
        hex_ = from_offset(c, r)
        if hex_ not in taken:
            taken.add(hex_)
            pieces.append((draw(st.sampled_from(kinds)), [format_coord(hex_)]))
    c, r = draw(_cells)
    start = from_offset(c, r)
    pieces = [p for p in pieces if p[1] != [format_coord(start)]]
    return board(*pieces, columns=10, rows=10), start


@settings(max_examples=120, deadline=None)
@given(_random_field(), st.integers(0, 9))
def test_path_cost_is_never_below_hex_distance(case: tuple[Map, Hex], speed: int) -> None:
    """§Move: every kind of move costs at least the hexes it covers; paths add up exactly."""
    field, start = case
    mover = Occupant("m", "a", (start,))
    reach = reachable(field, Occupancy(field, [mover]), mover, speed)
    for loc, cost in reach.costs.items():
        assert cost >= distance(start, loc.hex)
        assert cost <= reach.points
        path = reach.path(loc)
        assert sum(step.cost for step in path) == cost
        assert all(field.standable(step.end) for step in path)


def test_climbing_down_onto_a_character_pushes_it() -> None:
    """§Pushing: the same holds when climbing down onto an occupied hex."""
    field = _ramparts(ladder=False)
    stratos = model("stratos", "masters", "G6", level=1)
    skeletor = model("skeletor", "evil", "F6")
    occupancy = Occupancy(field, [stratos, skeletor])
    reach = reachable(field, occupancy, stratos, 3)
    assert reach.came_by[L("F6")].push == "skeletor"
    assert L("F6") in reach.stops


def test_massive_models_hop_a_ladder_like_a_low_obstacle() -> None:
    """§Massive Models - Ladders: a ladder is a low obstacle to them (3 points over it)."""
    field = board(
        ("high", ["G3", "G4", "G5"]),
        ("platform", ["H4", "H5"]),
        ("ladder", ["G6"]),
        ("high", ["G7", "G8", "G9"]),
        columns=12,
        rows=12,
    )
    beast = _massive("beast", "evil", "F6", "F7")
    reach = reachable(field, Occupancy(field, [beast]), beast, 3)
    assert reach.costs[L("H6")] == 3
    assert reach.body(L("H6")) == (H("H6"), H("H7"))
    hop = reach.came_by[L("H6")]
    assert hop.kind is MoveKind.LOW and hop.over == H("G6")
    assert all(loc.level == 0 for loc in reach.costs)  # never up the ladder


def test_engaging_ends_for_charges_and_overwatch() -> None:
    """§Overwatch: could the model become engaged with the target in one move action?"""
    field = board(columns=12, rows=16)
    he_man = model("he-man", "masters", "F2")
    skeletor = model("skeletor", "evil", "F9")
    occupancy = Occupancy(field, [he_man, skeletor])
    assert engaging_ends(field, reachable(field, occupancy, he_man, HE_MAN_SPEED), skeletor) == []
    focused = reachable(field, occupancy, he_man, HE_MAN_FOCUSED)
    ends = engaging_ends(field, focused, skeletor)
    assert L("F8") in ends and all(focused.costs[end] <= 8 for end in ends)


def test_jumping_ignores_walls_models_and_elevation() -> None:
    """§Jump / §Teleport: over anything, any elevation, 1 point a hex, no stop near enemies."""
    field = _ramparts()
    skeletor = model("skeletor", "evil", "E6")
    he_man = model("he-man", "masters", "F6")
    occupancy = Occupancy(field, [skeletor, he_man])
    landing = jump_destinations(field, occupancy, skeletor, 3)
    assert landing[L("H5", 1)] == 3  # straight onto the platform over the wall
    assert landing[L("H7")] == 3  # past the enemy, next to the wall
    assert L("F6") not in landing and L("H4") not in landing  # a model, a wall
    assert all(distance(H("E6"), loc.hex) <= 3 for loc in landing)
    mud = board(("difficult", ["E6"]))
    assert max(jump_destinations(mud, Occupancy(mud, [skeletor]), skeletor, 3).values()) == 3


@settings(max_examples=80, deadline=None)
@given(_random_field(), st.integers(0, 7))
def test_more_points_never_reach_less(case: tuple[Map, Hex], speed: int) -> None:
    """§Move: a faster move (focused speed) reaches everything a slower one does, as cheaply."""
    field, start = case
    mover = Occupant("m", "a", (start,))
    occupancy = Occupancy(field, [mover])
    slow = reachable(field, occupancy, mover, speed)
    fast = reachable(field, occupancy, mover, speed + 3)
    assert all(fast.costs[loc] == cost for loc, cost in slow.costs.items())
