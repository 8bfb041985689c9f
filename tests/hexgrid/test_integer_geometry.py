"""The integer geometry of the hot path equals the exact Fraction arithmetic it replaced.

The references below are the former implementations (issue 24), kept only here: the gap
between two hexes as the closest corner-to-edge distance in fractions, the hull filter of
line of sight with a function call per hex, and the walls test one hex at a time.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import example, given, settings
from hypothesis import strategies as st

from hexforge.core.hexgrid import (
    ORIGIN,
    Hex,
    Walls,
    centre,
    corner,
    corners,
    distance,
    format_coord,
    near_hull,
    parse_coord,
    segment_between,
    segment_enters,
)
from hexforge.core.hexgrid.geometry import GAP_SCALE, Point, gap2, gap16, metric_dot, norm2


def _point_segment2(p: Point, a: Point, b: Point) -> Fraction:
    dx, dy = b[0] - a[0], b[1] - a[1]
    px, py = p[0] - a[0], p[1] - a[1]
    t = Fraction(metric_dot(px, py, dx, dy), metric_dot(dx, dy, dx, dy))
    t = min(max(t, Fraction(0)), Fraction(1))
    return Fraction(norm2(px - t * dx, py - t * dy))


def _reference_gap2(delta: Hex) -> Fraction:
    if distance(ORIGIN, delta) <= 1:
        return Fraction(0)
    mine, theirs = corners(ORIGIN), corners(delta)
    best: Fraction | None = None
    for points, outline in ((mine, theirs), (theirs, mine)):
        for p in points:
            for k in range(6):
                d = _point_segment2(p, outline[k], outline[(k + 1) % 6])
                best = d if best is None or d < best else best
    assert best is not None
    return best


_coordinate = st.integers(-60, 60)


@settings(max_examples=400, deadline=None)
@given(_coordinate, _coordinate, _coordinate, _coordinate)
@example(0, 0, 0, 0)
@example(0, 0, 2, -1)
@example(0, 0, 0, 2)
@example(3, 1, -2, 4)
def test_integer_gap_equals_the_fraction_reference(q1: int, r1: int, q2: int, r2: int) -> None:
    a, b = Hex(q1, r1), Hex(q2, r2)
    expected = _reference_gap2(Hex(q2 - q1, r2 - r1))
    assert gap2(a, b) == expected
    assert gap16(a, b) == expected * GAP_SCALE
    assert gap16(a, b) == gap16(b, a)


def test_every_small_difference_matches() -> None:
    for dq in range(-12, 13):
        for dr in range(-12, 13):
            delta = Hex(dq, dr)
            assert gap16(ORIGIN, delta) == _reference_gap2(delta) * GAP_SCALE


def _reference_near_hull(hexes: list[Hex], a: Hex, b: Hex) -> list[Hex]:
    """The hull filter as first written: every centre's exact distance to the segment."""
    ax, ay = centre(a)
    bx, by = centre(b)
    dx, dy = bx - ax, by - ay
    length = metric_dot(dx, dy, dx, dy)
    found = []
    for hex_ in hexes:
        px, py = centre(hex_)
        px, py = px - ax, py - ay
        along = metric_dot(px, py, dx, dy)
        if length == 0 or along <= 0:
            d2, scale = norm2(px, py), 1
        elif along >= length:
            d2, scale = norm2(px - dx, py - dy), 1
        else:
            d2, scale = norm2(px * length - along * dx, py * length - along * dy), length * length
        if d2 < 16 * scale:
            found.append(hex_)
    return found


def _reference_blocks(hexes: list[Hex], p0: Point, p1: Point) -> bool:
    """Line-of-sight walls as first written: one hex and one seam at a time."""
    members = set(hexes)
    seams = [(h, n) for h in hexes for n in h.neighbours() if n in members and h < n]
    return any(segment_enters(p0, p1, h) for h in hexes) or any(
        segment_between(p0, p1, x, y) for x, y in seams
    )


_near = st.integers(-5, 5)
_hexes = st.lists(st.tuples(_near, _near).map(lambda t: Hex(*t)), max_size=25, unique=True)


@settings(max_examples=300, deadline=None)
@given(_hexes, _near, _near, _near, _near)
@example([Hex(1, 0), Hex(2, -1), Hex(0, 3)], 0, 0, 0, 0)
def test_near_hull_equals_the_reference(
    hexes: list[Hex], q1: int, r1: int, q2: int, r2: int
) -> None:
    a, b = Hex(q1, r1), Hex(q2, r2)
    assert near_hull(hexes, a, b) == _reference_near_hull(hexes, a, b)


@settings(max_examples=300, deadline=None)
@given(_hexes, _near, _near, st.integers(0, 6), _near, _near, st.integers(0, 6))
@example([Hex(1, 0), Hex(1, -1)], 0, 0, 6, 2, -1, 6)  # along the seam of two walls
@example([Hex(1, 0)], 0, 0, 0, 2, -1, 4)  # along a wall's outer edge
def test_walls_block_as_the_reference(
    hexes: list[Hex], q1: int, r1: int, i: int, q2: int, r2: int, j: int
) -> None:
    p0, p1 = corner(Hex(q1, r1), i), corner(Hex(q2, r2), j)
    assert Walls(hexes).blocks(p0, p1) == _reference_blocks(hexes, p0, p1)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2000), st.integers(0, 2000))
def test_board_coordinates_round_trip_through_the_memo(column: int, row: int) -> None:
    hex_ = Hex(column, row - (column - (column & 1)) // 2)
    text = format_coord(hex_)
    assert format_coord(hex_) == text  # memoised: the same answer again
    assert parse_coord(text) == hex_
    assert parse_coord(text.lower()) == hex_
    assert parse_coord(f" {text} ") == hex_
