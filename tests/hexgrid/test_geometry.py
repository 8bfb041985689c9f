"""Exact hex geometry: segment crossings checked against an independent exact oracle."""

from __future__ import annotations

import itertools
from fractions import Fraction

from hypothesis import example, given, settings
from hypothesis import strategies as st

from hexforge.core.hexgrid import (
    CENTRE,
    Hex,
    beyond,
    centre,
    centre_distance2,
    corner,
    corners,
    crossing,
    distance,
    gap2,
    inches,
    line_steps,
    near_hull,
    segment_between,
    segment_enters,
    segments_overlap,
)


def _enters_by_clipping(p0: tuple[int, int], p1: tuple[int, int], hex_: Hex) -> bool:
    """Oracle: clip the segment against the six open half-planes of ``hex_`` (Cyrus-Beck)."""
    outline = corners(hex_)
    cx, cy = centre(hex_)
    dx, dy = p1[0] - p0[0], p1[1] - p0[1]
    lo, hi = Fraction(0), Fraction(1)
    lo_open = hi_open = False
    for k in range(6):
        (ax, ay), (bx, by) = outline[k], outline[(k + 1) % 6]
        inner = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
        sign = 1 if inner > 0 else -1
        start = sign * ((bx - ax) * (p0[1] - ay) - (by - ay) * (p0[0] - ax))
        slope = sign * ((bx - ax) * dy - (by - ay) * dx)
        if slope == 0:
            if start <= 0:
                return False
            continue
        bound = Fraction(-start, slope)
        if slope > 0 and (bound > lo or (bound == lo and not lo_open)):
            lo, lo_open = bound, True
        if slope < 0 and (bound < hi or (bound == hi and not hi_open)):
            hi, hi_open = bound, True
    return lo < hi


_small = st.integers(-4, 4)
_points = st.integers(0, 6)


@settings(max_examples=150, deadline=None)
@given(_small, _small, _points, _points)
@example(0, 0, CENTRE, CENTRE)
@example(2, -1, CENTRE, CENTRE)
def test_crossing_matches_the_oracle(dq: int, dr: int, i: int, j: int) -> None:
    a, b = Hex(0, 0), Hex(dq, dr)
    p0, p1 = corner(a, i), corner(b, j)
    near = [Hex(q, r) for q in range(-6, 7) for r in range(-7, 7)]
    expected = {h for h in near if p0 != p1 and _enters_by_clipping(p0, p1, h)}
    assert set(crossing(a, i, b, j).cells) == expected


def test_lines_through_corners_and_along_edges() -> None:
    """A centre line straight out of a corner runs along the edge between two hexes."""
    line = crossing(Hex(0, 0), CENTRE, Hex(2, -1), CENTRE)
    assert line.cells == (Hex(0, 0), Hex(2, -1))
    assert line.edges == ((Hex(1, -1), Hex(1, 0)),)
    down = crossing(Hex(0, 0), CENTRE, Hex(0, 3), CENTRE)
    assert down.cells == tuple(Hex(0, r) for r in range(4)) and down.edges == ()
    east = crossing(Hex(0, 0), 0, Hex(0, 4), 0)  # down the east corners of a column
    assert east.cells and all(h.q == 1 for h in east.cells)  # inside the next column only
    assert east.edges == ()


def test_translation_invariance() -> None:
    here = crossing(Hex(0, 0), 1, Hex(5, -2), 4)
    there = crossing(Hex(7, 3), 1, Hex(12, 1), 4)
    assert there.cells == tuple(Hex(h.q + 7, h.r + 3) for h in here.cells)


def test_segment_overlap() -> None:
    assert segments_overlap((0, 0), (4, 0), (2, 0), (6, 0))
    assert not segments_overlap((0, 0), (2, 0), (2, 0), (6, 0))  # touch at one point
    assert not segments_overlap((0, 0), (4, 0), (0, 1), (4, 1))  # parallel
    assert not segments_overlap((0, 0), (4, 4), (0, 4), (4, 0))  # crossing


def test_gaps_and_distances() -> None:
    assert gap2(Hex(0, 0), Hex(0, 1)) == 0
    assert inches(gap2(Hex(0, 0), Hex(0, 2)), 1) == 1.0  # one hex between: one hex width
    assert gap2(Hex(0, 0), Hex(2, -1)) == 4  # one edge length: (2 units)^2 in X
    assert centre_distance2(Hex(0, 0), Hex(1, 0)) == 12
    assert gap2(Hex(3, 1), Hex(-2, 4)) == gap2(Hex(-2, 4), Hex(3, 1))


@settings(max_examples=150, deadline=None)
@given(_small, _small, _points, _points)
def test_the_hull_filter_keeps_every_hex_a_line_enters(dq: int, dr: int, i: int, j: int) -> None:
    """near_hull is exact as a filter: no hex entered by a corner line is ever dropped."""
    a, b = Hex(0, 0), Hex(dq, dr)
    line = crossing(a, i, b, j)
    kept = set(near_hull(line.cells, a, b))
    assert kept == set(line.cells)
    p0, p1 = corner(a, i), corner(b, j)
    assert all(segment_enters(p0, p1, h) for h in line.cells)
    assert all(segment_between(p0, p1, x, y) for x, y in line.edges)


def test_far_hexes_are_filtered_out() -> None:
    """Two hexes off a straight line are dropped; the hexes on it are kept."""
    on_line = [Hex(2, -1), Hex(4, -2), Hex(1, -1), Hex(1, 0)]
    off_line = [Hex(0, 5), Hex(3, 3), Hex(-3, 0)]
    assert near_hull(on_line + off_line, Hex(0, 0), Hex(6, -3)) == on_line


def test_line_steps_straight_and_between_hexes() -> None:
    """A line down a column is one hex a step; straight out of a corner it runs between two."""
    assert line_steps(Hex(0, 0), Hex(0, 3)) == [(Hex(0, r),) for r in range(4)]
    across = line_steps(Hex(0, 0), Hex(4, -2))
    assert across == [
        (Hex(0, 0),),
        (Hex(1, -1), Hex(1, 0)),
        (Hex(2, -1),),
        (Hex(3, -2), Hex(3, -1)),
        (Hex(4, -2),),
    ]


def test_beyond_continues_the_line_past_the_second_hex() -> None:
    """Pushes go on along the line from the pusher through the target."""
    assert beyond(Hex(0, 0), Hex(1, 0), 3) == [(Hex(2, 0),), (Hex(3, 0),), (Hex(4, 0),)]
    assert beyond(Hex(0, 0), Hex(2, -1), 2) == [(Hex(3, -2), Hex(3, -1)), (Hex(4, -2),)]


@settings(max_examples=150, deadline=None)
@given(_small, _small, _small, _small)
def test_line_steps_walk_from_neighbour_to_neighbour(q1: int, r1: int, q2: int, r2: int) -> None:
    a, b = Hex(q1, r1), Hex(q2, r2)
    steps = line_steps(a, b)
    assert steps[0] == (a,) and steps[-1] == (b,)
    for before, after in itertools.pairwise(steps):
        assert all(distance(x, y) == 1 for x in before for y in after)
    assert sum(1 for step in steps if len(step) == 1) >= 2 or a == b
