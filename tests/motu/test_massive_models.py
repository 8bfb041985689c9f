"""Massive models on the battleground: hopping high obstacles, climbing down, pushing
(rulebook §Massive Models - Moving Over High Obstacles, - Climbing Down, - Pushing and
Pulling). The rows of the coverage matrix (docs/coverage.md) point here."""

from __future__ import annotations

from hexforge.plugins.motu.battlefield import (
    Location,
    MoveKind,
    Occupancy,
    Occupant,
    push_options,
    reachable,
)
from tests.motu.boards import H, board

WALL = [f"F{row}" for row in range(2, 11)]


def _massive(id: str, side: str, *coords: str, level: int = 0) -> Occupant:
    return Occupant(id, side, tuple(H(c) for c in coords), level)


def test_massive_model_hops_a_high_obstacle_for_six() -> None:
    """§Massive Models - Moving Over High Obstacles: six points from a hex bordering a
    portion to another hex bordering the same portion; five points are not enough."""
    field = board(("high", WALL), columns=12, rows=12)
    beast = _massive("beast", "evil", "E6", "E7")
    reach = reachable(field, Occupancy(field, [beast]), beast, 6)
    across = [a for a in reach.costs if all(h.q > H("F6").q for h in reach.body(a))]
    assert across and min(reach.costs[a] for a in across) == 6
    assert all(reach.came_by[a].kind is MoveKind.HIGH for a in across if reach.costs[a] == 6)
    short = reachable(field, Occupancy(field, [beast]), beast, 5)
    assert not [a for a in short.costs if all(h.q > H("F6").q for h in short.body(a))]


def test_massive_model_climbs_down_only_where_its_whole_base_fits() -> None:
    """§Massive Models - Climbing Down: the standard climb, ending where the base fits."""
    field = board(
        ("high", ["H4", "H5", "H6", "H7"]),
        ("platform", ["H4", "H5", "H6", "H7"], {"elevation": 1}),
        columns=12,
        rows=12,
    )
    beast = _massive("beast", "evil", "H5", "H6", level=1)
    reach = reachable(field, Occupancy(field, [beast]), beast, 6)
    down = [loc for loc in reach.costs if loc.level == 0]
    assert down
    for anchor in down:
        assert all(field.standable(Location(h, 0)) for h in reach.body(anchor))
        assert MoveKind.CLIMB_DOWN in [step.kind for step in reach.path(anchor)]


def test_massive_models_cannot_be_pushed_or_pulled() -> None:
    """§Massive Models - Pushing and Pulling: no push destination exists for them."""
    field = board(columns=12, rows=12)
    beast = _massive("beast", "evil", "F5", "F6")
    assert push_options(field, Occupancy(field, [beast]), beast) == ()
    small = Occupant("orko", "masters", (H("C3"),))
    assert push_options(field, Occupancy(field, [beast, small]), small) != ()
