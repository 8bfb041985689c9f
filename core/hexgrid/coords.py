"""Axial hex coordinates for flat-topped hexes: the arithmetic every hex game needs.

A hex is ``Hex(q, r)`` (axial; the third cube coordinate is ``-q - r``). ``Hex`` is a
NamedTuple rather than a dataclass because it is the key of every table on the hot path
(neighbours, sight, reachable sets) and tuples hash and compare fastest in CPython.

Orientation: hexes are flat-topped, columns run top to bottom, ``q`` grows to the right
and ``r`` grows downwards along a column. The six directions are the six edges of a hex,
clockwise from north.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import IntEnum
from typing import NamedTuple


class Hex(NamedTuple):
    """One hex in axial coordinates."""

    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate, so that ``q + r + s == 0``."""
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:  # type: ignore[override]
        """Vector addition (not tuple concatenation): ``Hex(1, 2) + Hex(0, 1) == Hex(1, 3)``."""
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def neighbour(self, direction: Direction) -> Hex:
        """The hex across the edge ``direction``."""
        dq, dr = _STEPS[direction]
        return Hex(self.q + dq, self.r + dr)

    def neighbours(self) -> tuple[Hex, ...]:
        """The six hexes sharing an edge with this one, in :class:`Direction` order."""
        q, r = self
        return tuple(Hex(q + dq, r + dr) for dq, dr in _STEPS)


class Direction(IntEnum):
    """The six edges of a flat-topped hex, clockwise from north."""

    N = 0
    NE = 1
    SE = 2
    S = 3
    SW = 4
    NW = 5

    @property
    def opposite(self) -> Direction:
        return Direction((self + 3) % 6)

    def turned(self, steps: int) -> Direction:
        """This direction rotated clockwise by ``steps`` sixths of a turn."""
        return Direction((self + steps) % 6)

    @property
    def step(self) -> Hex:
        """The axial offset to the neighbour in this direction."""
        return Hex(*_STEPS[self])


_STEPS: tuple[tuple[int, int], ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
_DIRECTION_OF_STEP = {Hex(*step): Direction(i) for i, step in enumerate(_STEPS)}

ORIGIN = Hex(0, 0)


def distance(a: Hex, b: Hex) -> int:
    """The number of steps between ``a`` and ``b`` on an open grid."""
    aq, ar = a  # unpacking beats two attribute reads: this runs hundreds of thousands of times
    bq, br = b
    dq = aq - bq
    dr = ar - br
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def direction_to(a: Hex, b: Hex) -> Direction | None:
    """The direction from ``a`` to ``b`` when they share an edge, else None."""
    return _DIRECTION_OF_STEP.get(Hex(b.q - a.q, b.r - a.r))


def are_neighbours(a: Hex, b: Hex) -> bool:
    """True when ``a`` and ``b`` share an edge."""
    return Hex(b.q - a.q, b.r - a.r) in _DIRECTION_OF_STEP


def ring(centre: Hex, radius: int) -> list[Hex]:
    """The hexes at exactly ``radius`` steps from ``centre``, clockwise from the north-west."""
    if radius < 0:
        raise ValueError("radius must not be negative")
    if radius == 0:
        return [centre]
    result: list[Hex] = []
    current = Hex(centre.q, centre.r - radius)  # ``radius`` steps north
    for direction in (Direction.SE, Direction.S, Direction.SW, Direction.NW, Direction.N):
        for _ in range(radius):
            result.append(current)
            current = current.neighbour(direction)
    for _ in range(radius):
        result.append(current)
        current = current.neighbour(Direction.NE)
    return result


def disk(centre: Hex, radius: int) -> Iterator[Hex]:
    """Every hex within ``radius`` steps of ``centre`` (the area of a blast, say)."""
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            yield Hex(centre.q + dq, centre.r + dr)


def line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes a straight centre-to-centre line from ``a`` to ``b`` passes, ``a`` first.

    Cube interpolation with a fixed tiny nudge towards +q/-r, so a line that runs exactly
    along an edge always picks the same side (deterministic; see docs/coordinates.md).
    """
    n = distance(a, b)
    if n == 0:
        return [a]
    aq, ar = a.q + 1e-6, a.r - 2e-6
    bq, br = b.q + 1e-6, b.r - 2e-6
    return [_round(aq + (bq - aq) * i / n, ar + (br - ar) * i / n) for i in range(n + 1)]


def _round(q: float, r: float) -> Hex:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(int(rq), int(rr))


def connected(hexes: Iterable[Hex]) -> bool:
    """True when the hexes form one block, each reachable from any other through shared edges."""
    members = set(hexes)
    if not members:
        return True
    start = next(iter(members))
    todo, seen = [start], {start}
    while todo:
        for other in todo.pop().neighbours():
            if other in members and other not in seen:
                seen.add(other)
                todo.append(other)
    return seen == members
