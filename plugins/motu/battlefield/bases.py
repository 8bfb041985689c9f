"""The shapes of massive bases (rulebook §Massive Models): which hexes a base covers for
a given place and facing.

A massive model is placed like any other, by one hex and a facing edge: the hex is its
*facing hex* (the base's mark; its attacks originate there) and the facing is the edge of
that hex the mark points out of. The rest of the base lies behind it. The rulebook names
no shapes; these are the compact bases of two, three and seven hexes (a reading, see
docs/motu-battlefield.md). Turning the facing turns the whole base about the facing hex,
so every facing gives a footprint on whole hexes.
"""

from __future__ import annotations

from functools import cache

from hexforge.core.hexgrid import Direction, Hex

_S, _SE, _SW = Direction.S, Direction.SE, Direction.SW
SHAPES: dict[int, tuple[tuple[Direction, ...], ...]] = {
    2: ((), (_S,)),
    3: ((), (_S,), (_SE,)),
    7: ((), (_S,), (_SE,), (_S, _SE), (_S, _S), (_S, _SW), (_SW,)),
}
"""For a base facing north: the path of directions from the facing hex to each hex."""
BASE_SIZES = (1, *SHAPES)
"""How many hexes a base may cover: one for an ordinary model."""


@cache
def _offsets(size: int, facing: Direction) -> tuple[Hex, ...]:
    found = []
    for path in SHAPES[size]:
        offset = Hex(0, 0)
        for step in path:
            offset += step.turned(facing).step
        found.append(offset)
    return tuple(found)


def footprint(hex_: Hex, facing: Direction, size: int) -> tuple[Hex, ...]:
    """The hexes of a base of ``size`` hexes whose facing hex is ``hex_``, facing hex first."""
    if size == 1:
        return (hex_,)
    return tuple(hex_ + o for o in _offsets(size, facing))
