"""Exact plane geometry of flat-topped hexes: centres, corners, segments, gaps.

Why integers: every predicate sight and cover rules depend on (does a line enter a hex,
run along an edge, pass exactly through a corner, do two lines overlap, which of two hexes
is nearer) must give the same answer on every machine, and lines through corners are the
normal case, not an accident. Floating point with an epsilon gets those cases wrong in
both directions. So points live in a *scaled* frame where every hex corner and centre has
integer coordinates:

* ``X`` in units of half the hex's corner radius, ``Y`` in units of half its flat-to-flat
  width. The centre of ``Hex(q, r)`` is ``(3q, 2r + q)`` and its corners are the centre
  plus ``(2,0) (1,1) (-1,1) (-2,0) (-1,-1) (1,-1)`` (corner 0 is the east corner, then
  clockwise with ``Y`` pointing down).
* The frame is an affine image of the real plane (``Y`` is stretched), which preserves
  incidence, collinearity, betweenness and which side of a line a point is on, so all
  of those tests are exact integer arithmetic. Lengths are not preserved: the real
  squared length of a vector ``(x, y)`` is ``x*x + 3*y*y`` times ``w*w/12`` where ``w`` is
  the flat-to-flat width of a hex (see :func:`norm2` and :func:`inches`).

Results that depend only on the *difference* between two hexes (the hexes a segment
crosses, the gap between two hexes) are memoised once per shape for the whole process:
every map, query and game reuses them.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from hexforge.core.hexgrid.coords import ORIGIN, Direction, Hex, direction_to

Point = tuple[int, int]

CENTRE = 6
"""Pass as a corner index to mean the hex's centre."""

_CORNERS: tuple[Point, ...] = ((2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1))
_EDGE_DIRECTION = (
    Direction.SE,
    Direction.S,
    Direction.SW,
    Direction.NW,
    Direction.N,
    Direction.NE,
)
"""The neighbour across the edge from corner ``k`` to corner ``k + 1``."""


def centre(hex_: Hex) -> Point:
    """The centre of ``hex_`` in the scaled frame."""
    return (3 * hex_.q, 2 * hex_.r + hex_.q)


def corner(hex_: Hex, index: int) -> Point:
    """Corner ``index`` (0..5, or :data:`CENTRE`) of ``hex_`` in the scaled frame."""
    x, y = centre(hex_)
    if index == CENTRE:
        return (x, y)
    dx, dy = _CORNERS[index]
    return (x + dx, y + dy)


def corners(hex_: Hex) -> tuple[Point, ...]:
    """The six corners of ``hex_``, east corner first, clockwise."""
    x, y = centre(hex_)
    return tuple((x + dx, y + dy) for dx, dy in _CORNERS)


def edge_corners(direction: Direction) -> tuple[int, int]:
    """The two corner indices of the edge a hex shares with its neighbour in ``direction``."""
    k = _EDGE_DIRECTION.index(direction)
    return k, (k + 1) % 6


def norm2(x: int | Fraction, y: int | Fraction) -> int | Fraction:
    """A vector's real squared length, in units of ``w*w/12`` (``w``: flat-to-flat width)."""
    return x * x + 3 * y * y


def metric_dot(ax: int, ay: int, bx: int, by: int) -> int:
    """The real dot product of two scaled-frame vectors, in the same units as :func:`norm2`."""
    return ax * bx + 3 * ay * by


def centre_distance2(a: Hex, b: Hex) -> int:
    """Real squared centre-to-centre distance (units of :func:`norm2`); adjacent hexes: 12."""
    (ax, ay), (bx, by) = centre(a), centre(b)
    return int(norm2(bx - ax, by - ay))


def inches(units2: int | Fraction, hex_inches: float | Fraction) -> float:
    """Convert a :func:`norm2` value to a length for hexes ``hex_inches`` wide."""
    return float(hex_inches) * math.sqrt(units2 / 12)


def _cross(ax: int, ay: int, bx: int, by: int) -> int:
    return ax * by - ay * bx


# -- segments against hexes --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Crossing:
    """What a segment passes: hexes whose interior it enters, edges it runs along.

    A segment that only touches a hex at a corner does not enter it. A segment that runs
    along an edge enters neither hex of that edge; the pair is listed in ``edges`` (each
    pair ordered) so rules can decide what a line squeezed between two hexes means.
    """

    cells: tuple[Hex, ...]
    edges: tuple[tuple[Hex, Hex], ...]

    def shifted(self, by: Hex) -> Crossing:
        """The same crossing for a segment translated by ``by``."""
        q, r = by
        return Crossing(
            tuple(Hex(h.q + q, h.r + r) for h in self.cells),
            tuple((Hex(a.q + q, a.r + r), Hex(b.q + q, b.r + r)) for a, b in self.edges),
        )


_CROSSINGS: dict[tuple[int, int, int, int], Crossing] = {}


def relative_crossing(delta: Hex, i: int, j: int) -> Crossing:
    """The crossing of the segment from point ``i`` of the origin hex to point ``j`` of ``delta``.

    ``i`` and ``j`` are corner indices or :data:`CENTRE`. Memoised for the process.
    """
    key = (delta.q, delta.r, i, j)
    found = _CROSSINGS.get(key)
    if found is None:
        found = _compute_crossing(corner(ORIGIN, i), corner(delta, j))
        _CROSSINGS[key] = found
    return found


def crossing(a: Hex, i: int, b: Hex, j: int) -> Crossing:
    """What the segment from point ``i`` of ``a`` to point ``j`` of ``b`` passes."""
    return relative_crossing(Hex(b.q - a.q, b.r - a.r), i, j).shifted(a)


def _compute_crossing(p0: Point, p1: Point) -> Crossing:
    dx, dy = p1[0] - p0[0], p1[1] - p0[1]
    if dx == 0 and dy == 0:
        return Crossing((), ())
    parallel = [k for k, (ex, ey) in enumerate(_EDGE_VECTORS) if _cross(dx, dy, ex, ey) == 0]
    cells: list[Hex] = []
    edges: set[tuple[Hex, Hex]] = set()
    for hex_ in _candidates(p0, p1):
        if _enters(p0, dx, dy, hex_):
            cells.append(hex_)
        for k in parallel:
            if _runs_along(p0, dx, dy, hex_, k):
                other = hex_.neighbour(_EDGE_DIRECTION[k])
                edges.add((hex_, other) if hex_ < other else (other, hex_))
    return Crossing(tuple(sorted(cells)), tuple(sorted(edges)))


def _candidates(p0: Point, p1: Point) -> list[Hex]:
    """Hexes whose closed outline may meet the segment (a cheap superset, per column)."""
    (x0, y0), (x1, y1) = p0, p1
    found: list[Hex] = []
    q_first = math.floor((min(x0, x1) - 2) / 3)
    q_last = math.ceil((max(x0, x1) + 2) / 3)
    for q in range(q_first, q_last + 1):
        lo_x, hi_x = 3 * q - 2, 3 * q + 2
        ys: tuple[float, float] = (y0, y1)
        if x0 != x1:
            t0 = min(max((lo_x - x0) / (x1 - x0), 0.0), 1.0)
            t1 = min(max((hi_x - x0) / (x1 - x0), 0.0), 1.0)
            ys = (y0 + (y1 - y0) * t0, y0 + (y1 - y0) * t1)
        r_first = math.floor((min(ys) - 1 - q) / 2)
        r_last = math.ceil((max(ys) + 1 - q) / 2)
        found.extend(Hex(q, r) for r in range(r_first, r_last + 1))
    return found


_EDGE_VECTORS: tuple[Point, ...] = tuple(
    (_CORNERS[(k + 1) % 6][0] - _CORNERS[k][0], _CORNERS[(k + 1) % 6][1] - _CORNERS[k][1])
    for k in range(6)
)


def _enters(p0: Point, dx: int, dy: int, hex_: Hex) -> bool:
    """True when the segment ``p0 .. p0 + (dx, dy)`` meets the open interior of ``hex_``.

    Separating axes: a closed segment misses an open convex polygon exactly when one of
    the polygon's edge normals or the segment's own normal weakly separates them, so the
    test is four strict interval overlaps in integers. Written out by hand because it is
    the innermost loop of line of sight: a hex's corners are symmetric about its centre,
    and across its three edge directions it spans ``x + y``, ``y`` and ``x - y`` within
    +-2, +-1 and +-2 of its centre's values.
    """
    q, r = hex_
    cx, cy = 3 * q, 2 * r + q
    x0, y0 = p0
    # the segment's own normal: the corners must lie strictly on both sides of its line
    side = dx * (cy - y0) - dy * (cx - x0)
    reach = max(abs(2 * dy), abs(dx - dy), abs(dx + dy))
    if not -reach < side < reach:
        return False
    x1, y1 = x0 + dx, y0 + dy
    u0, u1, uc = x0 + y0, x1 + y1, cx + cy
    if max(u0, u1) <= uc - 2 or min(u0, u1) >= uc + 2:
        return False
    if max(y0, y1) <= cy - 1 or min(y0, y1) >= cy + 1:
        return False
    w0, w1, wc = x0 - y0, x1 - y1, cx - cy
    return not (max(w0, w1) <= wc - 2 or min(w0, w1) >= wc + 2)


def _runs_along(p0: Point, dx: int, dy: int, hex_: Hex, k: int) -> bool:
    """True when the segment overlaps edge ``k`` of ``hex_`` over a positive length."""
    cx, cy = centre(hex_)
    ax, ay = cx + _CORNERS[k][0], cy + _CORNERS[k][1]
    bx, by = cx + _CORNERS[(k + 1) % 6][0], cy + _CORNERS[(k + 1) % 6][1]
    if _cross(dx, dy, ax - p0[0], ay - p0[1]) != 0:
        return False
    ta = (ax - p0[0]) * dx + (ay - p0[1]) * dy
    tb = (bx - p0[0]) * dx + (by - p0[1]) * dy
    length = dx * dx + dy * dy
    return max(0, min(ta, tb)) < min(length, max(ta, tb))


def near_hull(hexes: Iterable[Hex], a: Hex, b: Hex) -> list[Hex]:
    """The hexes of ``hexes`` that may meet the convex hull of hexes ``a`` and ``b``.

    Every corner-to-corner segment between ``a`` and ``b`` lies in that hull, and the hull
    lies within one corner radius of the centre-to-centre segment; a hex reaches at most
    one corner radius from its centre. So a hex whose centre is two corner radii or more
    from the centre segment can be skipped by any line-of-sight test (an exact filter).
    Kept in the order given. A centre 4 units off the segment's X span, or 3 off its Y
    span, is that far already (``4*4 >= 16``, ``3 * 3*3 >= 16``): skipped at once.
    """
    ax, ay = 3 * a.q, 2 * a.r + a.q
    bx, by = 3 * b.q, 2 * b.r + b.q
    dx, dy = bx - ax, by - ay
    length = dx * dx + 3 * dy * dy
    lo_x, hi_x = min(ax, bx) - 4, max(ax, bx) + 4
    lo_y, hi_y = min(ay, by) - 3, max(ay, by) + 3
    found = []
    for hex_ in hexes:
        q, r = hex_
        px = 3 * q
        if px <= lo_x or px >= hi_x:
            continue
        py = 2 * r + q
        if py <= lo_y or py >= hi_y:
            continue
        px, py = px - ax, py - ay
        along = px * dx + 3 * py * dy
        if length == 0 or along <= 0:
            near = px * px + 3 * py * py < _HULL_REACH2
        elif along >= length:
            ex, ey = px - dx, py - dy
            near = ex * ex + 3 * ey * ey < _HULL_REACH2
        else:  # the foot of the perpendicular, kept in integers: scaled by ``length``
            ex, ey = px * length - along * dx, py * length - along * dy
            near = ex * ex + 3 * ey * ey < _HULL_REACH2 * length * length
        if near:
            found.append(hex_)
    return found


class Walls:
    """Hexes that stop straight lines: :meth:`blocks` is true for a segment that enters the
    interior of one of them or runs along the edge between two of them (a seam).

    Touching a wall at a corner, or running along its outer edge, does not count. The
    hexes' centres are unpacked once, so testing many segments against the same few
    hexes (the 36 corner lines of line of sight) costs a few comparisons per hex.
    """

    __slots__ = ("_cells", "hexes", "seams")

    def __init__(self, hexes: Iterable[Hex]) -> None:
        self.hexes = list(hexes)
        members = set(self.hexes)
        seams: list[tuple[Hex, int]] = []
        if len(members) > 1:
            for h in self.hexes:
                q, r = h
                for k, dq, dr in _SEAM_STEPS:
                    if (q + dq, r + dr) in members:
                        seams.append((h, k))
        self.seams = seams
        cells = []
        for q, r in self.hexes:
            cx, cy = 3 * q, 2 * r + q
            cells.append((cx, cy, cx + cy, cx - cy))
        self._cells = cells

    def blocks(self, p0: Point, p1: Point) -> bool:
        """True when the segment ``p0 .. p1`` enters a wall or runs along a seam."""
        x0, y0 = p0
        x1, y1 = p1
        dx, dy = x1 - x0, y1 - y0
        if self._cells:
            # :func:`_enters` unrolled over the walls, the segment's part worked out once
            a, b, c = 2 * dy, dx - dy, dx + dy
            a, b, c = (a if a >= 0 else -a), (b if b >= 0 else -b), (c if c >= 0 else -c)
            reach = a if a >= b and a >= c else (b if b >= c else c)
            base = dx * y0 - dy * x0
            y_lo, y_hi = (y0, y1) if y0 < y1 else (y1, y0)
            u0, u1, w0, w1 = x0 + y0, x1 + y1, x0 - y0, x1 - y1
            u_lo, u_hi = (u0, u1) if u0 < u1 else (u1, u0)
            w_lo, w_hi = (w0, w1) if w0 < w1 else (w1, w0)
            for cx, cy, uc, wc in self._cells:
                if (
                    y_hi > cy - 1
                    and y_lo < cy + 1
                    and u_hi > uc - 2
                    and u_lo < uc + 2
                    and w_hi > wc - 2
                    and w_lo < wc + 2
                    and -reach < dx * cy - dy * cx - base < reach
                ):
                    return True
        if not self.seams:
            return False
        return any(_runs_along(p0, dx, dy, h, k) for h, k in self.seams)


_SEAM_STEPS = tuple(
    (_EDGE_DIRECTION.index(d), d.step.q, d.step.r) for d in Direction if d.step > ORIGIN
)
"""Per direction towards a greater hex (NE, SE, S): the edge index it crosses and the step
to the neighbour; each seam is found once, from its lesser hex."""


_HULL_REACH2 = 16
"""(Two corner radii)^2 in :func:`norm2` units: a corner radius is 2 units along X."""


def segment_enters(p0: Point, p1: Point, hex_: Hex) -> bool:
    """True when the segment ``p0 .. p1`` meets the open interior of ``hex_``."""
    return _enters(p0, p1[0] - p0[0], p1[1] - p0[1], hex_)


def segment_between(p0: Point, p1: Point, a: Hex, b: Hex) -> bool:
    """True when the segment runs along the edge shared by neighbours ``a`` and ``b``
    over a positive length (a line squeezed exactly between two hexes)."""
    direction = direction_to(a, b)
    if direction is None:
        return False
    return _runs_along(p0, p1[0] - p0[0], p1[1] - p0[1], a, _EDGE_DIRECTION.index(direction))


def segments_overlap(a0: Point, a1: Point, b0: Point, b1: Point) -> bool:
    """True when two segments lie on one line and share more than a single point."""
    dx, dy = a1[0] - a0[0], a1[1] - a0[1]
    if _cross(dx, dy, b0[0] - a0[0], b0[1] - a0[1]) != 0:
        return False
    if _cross(dx, dy, b1[0] - a0[0], b1[1] - a0[1]) != 0:
        return False
    length = dx * dx + dy * dy
    if length == 0:
        return False
    t0 = (b0[0] - a0[0]) * dx + (b0[1] - a0[1]) * dy
    t1 = (b1[0] - a0[0]) * dx + (b1[1] - a0[1]) * dy
    return max(0, min(t0, t1)) < min(length, max(t0, t1))


# -- straight lines as steps from hex to hex ---------------------------------------------


def line_steps(a: Hex, b: Hex) -> list[tuple[Hex, ...]]:
    """The hexes the centre-to-centre line from ``a`` to ``b`` passes, in order, ``a`` first.

    Exact, unlike :func:`~hexforge.core.hexgrid.coords.line`: where the line runs exactly
    along the edge between two hexes, that step is both of them (a choice for whoever
    moves); every other step is one hex. Consecutive steps are always neighbours.
    """
    if a == b:
        return [(a,)]
    p0, p1 = centre(a), centre(b)
    passed = crossing(a, CENTRE, b, CENTRE)
    events: list[tuple[Fraction, tuple[Hex, ...]]] = [
        (_entry(p0, p1, h), (h,)) for h in passed.cells
    ]
    events += [(_along(p0, p1, pair), pair) for pair in passed.edges]
    return [step for _, step in sorted(events)]


def beyond(a: Hex, b: Hex, count: int) -> list[tuple[Hex, ...]]:
    """The next ``count`` steps of the straight line from ``a`` through ``b``, past ``b``.

    For pushes "along the line connecting both characters" (a pull is
    ``line_steps(b, a)``); steps are as in :func:`line_steps`.
    """
    if a == b:
        raise ValueError("a line needs two different hexes")
    far = Hex(b.q + (b.q - a.q) * (count + 1), b.r + (b.r - a.r) * (count + 1))
    return line_steps(b, far)[1 : count + 1]


def _entry(p0: Point, p1: Point, hex_: Hex) -> Fraction:
    """Where (0..1) the segment enters the open hex: the latest entering half-plane bound."""
    cx, cy = centre(hex_)
    dx, dy = p1[0] - p0[0], p1[1] - p0[1]
    lo = Fraction(-1)
    for k in range(6):
        ax, ay = cx + _CORNERS[k][0], cy + _CORNERS[k][1]
        ex, ey = _EDGE_VECTORS[k]
        inner = 1 if _cross(ex, ey, cx - ax, cy - ay) > 0 else -1
        start = inner * _cross(ex, ey, p0[0] - ax, p0[1] - ay)
        slope = inner * _cross(ex, ey, dx, dy)
        if slope > 0:
            lo = max(lo, Fraction(-start, slope))
    return lo


def _along(p0: Point, p1: Point, pair: tuple[Hex, Hex]) -> Fraction:
    """Where (0..1) the segment starts running along the edge between ``pair``."""
    direction = direction_to(*pair)
    assert direction is not None
    k = _EDGE_DIRECTION.index(direction)
    dx, dy = p1[0] - p0[0], p1[1] - p0[1]
    length = dx * dx + dy * dy
    ends = (corner(pair[0], k), corner(pair[0], (k + 1) % 6))
    return min(Fraction((x - p0[0]) * dx + (y - p0[1]) * dy, length) for x, y in ends)


# -- closest points of two hexes ---------------------------------------------------------

GAP_SCALE = 16
""":func:`gap16` is the squared gap in :func:`norm2` units times this: always an integer.

Every hex edge has the real squared length 4 (in :func:`norm2` units), so the foot of a
perpendicular from a corner onto an edge sits at a multiple of 1/4 of the edge, and the
squared distance to it is a whole number of sixteenths."""

_GAPS: dict[tuple[int, int], int] = {}


def gap16(a: Hex, b: Hex) -> int:
    """:func:`gap2` times :data:`GAP_SCALE`, in exact integers (what range checks compare).

    Memoised by the difference of the two hexes, for the whole process.
    """
    key = (b.q - a.q, b.r - a.r)
    found = _GAPS.get(key)
    if found is None:
        found = _GAPS[key] = _compute_gap16(key[0], key[1])
    return found


def gap2(a: Hex, b: Hex) -> Fraction:
    """Real squared distance between the closest points of two hexes (units of :func:`norm2`).

    Zero for the same hex and for hexes sharing an edge. Memoised by the difference.
    """
    return Fraction(gap16(a, b), GAP_SCALE)


def _compute_gap16(dq: int, dr: int) -> int:
    """The smallest squared distance (x 16) from a corner of either hex to an edge of the other.

    Both ways round, each with the edge's hex at the origin: the far hex's corners seen
    from the origin hex (offset ``+o``), the origin hex's corners seen from the far hex
    (offset ``-o``). The reference in tests/hexgrid computes the same in fractions.
    """
    if (abs(dq) + abs(dr) + abs(dq + dr)) <= 2:
        return 0
    ox, oy = 3 * dq, 2 * dr + dq
    best = -1
    for bx, by in ((ox, oy), (-ox, -oy)):
        for cx, cy in _CORNERS:
            px, py = bx + cx, by + cy
            for k in range(6):
                ax, ay = _CORNERS[k]
                ex, ey = _EDGE_VECTORS[k]
                rx, ry = px - ax, py - ay
                dot = rx * ex + 3 * ry * ey
                if dot <= 0:
                    d = 16 * (rx * rx + 3 * ry * ry)
                elif dot >= _EDGE_LENGTH2:
                    fx, fy = rx - ex, ry - ey
                    d = 16 * (fx * fx + 3 * fy * fy)
                else:  # 16 * norm2(r - (dot / 4) * e) = norm2(4 r - dot * e)
                    fx, fy = 4 * rx - dot * ex, 4 * ry - dot * ey
                    d = fx * fx + 3 * fy * fy
                if best < 0 or d < best:
                    best = d
    return best


_EDGE_LENGTH2 = 4
"""The real squared length of every hex edge in :func:`norm2` units (what makes x16 exact)."""
assert all(ex * ex + 3 * ey * ey == _EDGE_LENGTH2 for ex, ey in _EDGE_VECTORS)


def forget_shapes() -> None:
    """Empty the process-wide shape memos (benchmarks measure cold starts with this)."""
    _CROSSINGS.clear()
    _GAPS.clear()
