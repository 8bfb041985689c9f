"""Line of sight on maps rebuilt from the rulebook's figures (§Determining Line of Sight)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from hexforge.core.hexgrid import (
    CENTRE,
    Point,
    corner,
    corners,
    crossing,
    format_coord,
    from_offset,
    segments_overlap,
)
from hexforge.plugins.motu.battlefield import (
    Location,
    Map,
    blockers,
    clear_lines,
    line_of_sight,
    sees,
    trace_sight,
)
from tests.motu.boards import H, L, board


def test_open_ground_has_line_of_sight() -> None:
    """§Determining Line of Sight: nothing in the way, every line is clear."""
    field = board(columns=12, rows=12)
    assert sees(field, L("A1"), L("L12"))
    assert len(clear_lines(field, L("A1"), L("L12"))) == 36


def test_stratos_does_not_see_trap_jaw_when_all_but_one_line_is_blocked() -> None:
    """§Determining Line of Sight: one clear line is not enough; Evil-Lyn, in the open, is seen."""
    field = board(("high", ["E6", "F6"]), columns=12, rows=12)
    stratos, trap_jaw, evil_lyn = L("F2"), L("F8"), L("I8")
    lines = clear_lines(field, stratos, trap_jaw)
    assert len(lines) == 1
    assert not sees(field, stratos, trap_jaw)
    assert sees(field, stratos, evil_lyn)


def test_two_clear_lines_to_two_corners_are_enough() -> None:
    """§Determining Line of Sight: a one-hex column in a straight file leaves two side lines."""
    field = board(("column", ["F6"]), columns=12, rows=12)
    lines = clear_lines(field, L("F2"), L("F8"))
    assert sorted(lines) == [(0, 0), (3, 3)]  # past the column's east and west corners
    assert sees(field, L("F2"), L("F8"))


def test_lines_pass_low_obstacles_difficult_terrain_ladders_and_characters() -> None:
    """§Determining Line of Sight: only high obstacles block."""
    field = board(
        ("low", ["E6", "F6", "G6"]),
        ("difficult", ["E8", "F8"]),
        ("high", ["I4", "I5"]),
        ("platform", ["I5", "I4"]),
        ("ladder", ["H5"]),
        columns=12,
        rows=12,
    )
    assert sees(field, L("F2"), L("F10"))
    assert sees(field, L("H9"), L("H3"))  # past the ladder


def test_a_line_along_the_seam_of_a_wall_is_blocked() -> None:
    """Exact geometry: a line squeezed between two high hexes is blocked; beside one is not."""
    wall = board(("high", ["F5", "F6"]), columns=12, rows=12)
    assert clear_lines(wall, L("C6"), L("I6")) == []
    half = board(("high", ["F5"]), columns=12, rows=12)
    assert (0, 3) in clear_lines(half, L("C6"), L("I6"))  # along F5's lower edge


# Stratos on a platform on a tower (F2-F3); a wall cap hugs F7 from the north.
def _tower() -> Map:
    return board(
        ("high", ["E7", "F6", "G7"]),
        ("high", ["F2", "F3"]),
        ("platform", ["F2", "F3", "G3"]),
        columns=12,
        rows=14,
    )


def test_from_higher_ground_only_obstacles_next_to_the_target_block() -> None:
    """§Determining Line of Sight: Stratos above sees Trap Jaw over the wall, not Evil-Lyn
    whose hex the wall touches."""
    field = _tower()
    stratos, evil_lyn, trap_jaw = L("F3", 1), L("F7"), L("F10")
    assert not sees(field, stratos, evil_lyn)
    assert sees(field, stratos, trap_jaw)
    assert not sees(field, L("F4"), trap_jaw)  # from the ground the same wall blocks
    assert H("F6") in crossing(H("F3"), CENTRE, H("F10"), CENTRE).cells
    assert blockers(field, stratos, trap_jaw) == frozenset()


def test_from_lower_ground_only_obstacles_next_to_the_attacker_block() -> None:
    """§Determining Line of Sight: Stratos below sees over distant walls to Trap Jaw on a
    platform, but not through the wall portions next to his own hex (Evil-Lyn)."""
    field = board(
        ("high", ["E9", "F8", "G9"]),  # a cap next to Stratos at F9, on his north side
        ("high", ["F2", "F3"]),
        ("platform", ["F2", "F3"]),
        ("high", ["K11", "K12"]),
        ("platform", ["K11", "K12"]),
        ("high", ["I11", "I12"]),
        columns=12,
        rows=14,
    )
    stratos, evil_lyn, trap_jaw = L("F9"), L("F3", 1), L("K12", 1)
    assert not sees(field, stratos, evil_lyn)
    assert sees(field, stratos, trap_jaw)
    assert H("I11") in crossing(H("F9"), CENTRE, H("K12"), CENTRE).cells
    assert blockers(field, stratos, trap_jaw) == {H("E9"), H("F8"), H("G9")}


def test_no_sight_between_a_platform_and_the_hexes_under_it() -> None:
    """§Determining Line of Sight: on a platform you cannot see the hexes right under it."""
    field = board(("high", ["H4", "H5", "H6"]), ("platform", ["H5", "H6", "G6"]))
    stratos, orko = L("H5", 1), L("G6")
    assert not sees(field, stratos, orko)
    assert not sees(field, orko, stratos)
    assert sees(field, stratos, L("E6"))  # a hex beside the platform is fine


def test_massive_models_may_use_any_of_their_hexes() -> None:
    """§Massive Models - Line of Sight: any single hex of the massive model will do."""
    field = board(("high", ["E6", "F6", "G6", "G7"]), columns=12, rows=12)
    beast = [L("F8"), L("H8")]
    assert not sees(field, L("F2"), L("F8"))
    assert line_of_sight(field, [L("F2")], beast)


_cells = st.tuples(st.integers(0, 9), st.integers(0, 9))


@st.composite
def _walls(draw: st.DrawFn) -> Map:
    hexes = {from_offset(*draw(_cells)) for _ in range(draw(st.integers(0, 14)))}
    pieces = [("column", [format_coord(h)]) for h in sorted(hexes)]
    return board(*pieces, columns=10, rows=10)


def test_both_lines_may_start_at_one_corner_of_the_attackers_hex() -> None:
    """§Determining Line of Sight (EN/PL/FR): any corner of the attacker's hex to two
    different corners of the target's; the lines need not start at different corners, so
    sight need not be mutual."""
    field = board(("column", ["B5"]), columns=10, rows=10)
    attacker, target = L("A5"), L("H7")
    assert {i for i, _ in clear_lines(field, attacker, target)} == {5}
    assert sees(field, attacker, target)
    assert {j for _, j in clear_lines(field, target, attacker)} == {5}
    assert not sees(field, target, attacker)


def _one_corner_sight(field: Map, a: Location, b: Location) -> bool:
    """The German edition's reading: both lines from exactly one corner of ``a``'s hex."""
    lines = clear_lines(field, a, b)
    return a == b or any(
        i1 == i2 and j1 != j2 and not segments_overlap(*_ends(a, b, i1, j1), *_ends(a, b, i2, j2))
        for i1, j1 in lines
        for i2, j2 in lines
    )


def _ends(a: Location, b: Location, i: int, j: int) -> tuple[Point, Point]:
    return corner(a.hex, i), corner(b.hex, j)


@settings(max_examples=150, deadline=None)
@given(_walls(), _cells, _cells)
def test_the_german_one_corner_sight_is_always_sight(
    field: Map, a: tuple[int, int], b: tuple[int, int]
) -> None:
    """§Determining Line of Sight: the German text (exactly one corner) allows no sight the
    English, French and Polish texts deny (docs/motu-battlefield.md)."""
    x, y = Location(from_offset(*a)), Location(from_offset(*b))
    if _one_corner_sight(field, x, y):
        assert trace_sight(field, x, y)


@settings(max_examples=100, deadline=None)
@given(st.sets(_cells, max_size=14), _cells, _cells)
def test_low_obstacles_never_block(
    cells: set[tuple[int, int]], a: tuple[int, int], b: tuple[int, int]
) -> None:
    """§Determining Line of Sight: the same walls built low never block any line."""
    low = board(
        *(("low", [format_coord(from_offset(*c))]) for c in sorted(cells)), columns=10, rows=10
    )
    x, y = Location(from_offset(*a)), Location(from_offset(*b))
    shared = len(set(corners(x.hex)) & set(corners(y.hex)))
    assert len(clear_lines(low, x, y)) == 36 - shared
    assert trace_sight(low, x, y)


def test_neighbouring_hexes_see_each_other() -> None:
    """§Determining Line of Sight: engaged models always have lines along their shared edge."""
    ring = [format_coord(h) for h in H("F6").neighbours()]
    field = board(*(("column", [c]) for c in ring[:3]), columns=12, rows=12)
    for other in H("F6").neighbours()[3:]:
        assert sees(field, L("F6"), Location(other))


def test_sight_memo_is_per_map() -> None:
    """Speed: answers are memoised on the map (same answer, second time from the table)."""
    field = _tower()
    first = sees(field, L("F3", 1), L("F10"))
    assert len(field.memo("sight")) == 1
    assert sees(field, L("F3", 1), L("F10")) is first
    assert len(field.memo("sight")) == 1
    sees(field, L("F10"), L("F3", 1))  # one entry per ordered pair: sight is not mutual
    assert len(field.memo("sight")) == 2


def _reference_sight(field: Map, a: Location, b: Location) -> bool:
    """Sight by brute force: every line against every blocker, via the shape crossings."""
    blocking = blockers(field, a, b)
    lines = []
    for i in range(6):
        for j in range(6):
            start, end = corner(a.hex, i), corner(b.hex, j)
            if start == end:
                continue
            line = crossing(a.hex, i, b.hex, j)
            blocked = any(h in blocking for h in line.cells) or any(
                x in blocking and y in blocking for x, y in line.edges
            )
            if not blocked:
                lines.append((i, j, start, end))
    return a == b or any(
        j1 != j2 and not segments_overlap(s1, e1, s2, e2)
        for i1, j1, s1, e1 in lines
        for i2, j2, s2, e2 in lines
    )


@settings(max_examples=120, deadline=None)
@given(_walls(), _cells, _cells)
def test_sight_matches_a_brute_force_reference(
    field: Map, a: tuple[int, int], b: tuple[int, int]
) -> None:
    """The hull filter and seam shortcut never change an answer."""
    x, y = Location(from_offset(*a)), Location(from_offset(*b))
    assert trace_sight(field, x, y) == _reference_sight(field, x, y)
