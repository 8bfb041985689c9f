"""The selectors instants are written in list their options in a stated order (docs/nshex.md,
"Instant tiles"): board order, ``around X`` clockwise from north, ``behind T from P`` the
three hexes beyond the target counter-clockwise first, ``near H`` the centre first,
``in line with X`` line by line clockwise from north, nearest first."""

from __future__ import annotations

from hexforge.core.hexgrid import parse_coord
from hexforge.core.rules import EffectContext, Source, Tier
from hexforge.dsl.selections import compile_selection
from hexforge.plugins.nshex.game import create_tile, new_engine, place
from hexforge.plugins.nshex.rules import vocabulary
from tests.plugged import NSHEX

WORDS = vocabulary()
SOURCE = Source("test", Tier(2, "tile"))


def _position() -> EffectContext:
    engine = new_engine(NSHEX, ["smart", "borgo"], seed=1)
    for tile, owner, coord in [
        ("pivot", "smart", "C3"),
        ("north", "borgo", "C2"),
        ("far-north", "borgo", "C1"),
        ("south-east", "borgo", "D3"),
        ("south", "smart", "C4"),
        ("off-line", "borgo", "B1"),
    ]:
        create_tile(engine, owner, "nshex/borgo-mutant", tile)
        place(engine, tile, parse_coord(coord), 0)
    pivot = "pivot"
    return EffectContext(engine, SOURCE, pivot, {"unit": pivot, "target": "north"})


def _listed(ctx: EffectContext, text: str) -> tuple[str, ...]:
    select, _ = compile_selection(text, WORDS)
    return select(ctx)


def test_orders_of_the_selectors() -> None:
    ctx = _position()
    assert _listed(ctx, "tiles") == (
        "off-line",
        "far-north",
        "north",
        "pivot",
        "south",
        "south-east",
    )
    assert _listed(ctx, "tiles around unit") == ("north", "south-east", "south")
    assert _listed(ctx, "hexes around unit that are empty") == ("D2", "B3", "B2")
    assert _listed(ctx, "hexes behind target from unit") == ("B1", "C1", "D1")
    assert _listed(ctx.bind(hex="C3"), "tiles near hex") == (
        "pivot",
        "north",
        "south-east",
        "south",
    )
    assert _listed(ctx, "enemies in line with unit") == ("north", "far-north", "south-east")
    assert _listed(ctx, "rotations that turn unit") == ("1", "2", "3", "4", "5")
