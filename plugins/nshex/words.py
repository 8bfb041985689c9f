"""The effect-language words of Neuroshima Hex (docs/nshex.md, "Effect texts").

Tiles are entities of kind ``tile``. ``allies`` and ``enemies`` of a tile are the units on
the board fighting for the same or the other side (takeover included); ``linked to X``
means next to X on one of X's link sides while X is free of nets, which is how modules,
HQ abilities and ground tiles reach their neighbours.
"""

from __future__ import annotations

from collections.abc import Iterable

from hexforge.core.engine import Engine
from hexforge.core.hexgrid import are_neighbours
from hexforge.core.rules import EffectContext, EntityId, Window
from hexforge.core.vocabulary import EventType, Field
from hexforge.dsl.vocabulary import Vocabulary
from hexforge.plugins.nshex import position as pos
from hexforge.plugins.nshex.state import TileView

TILE = "tile"
HIT = EventType(
    "hit",
    (
        Field("target", TILE),
        Field("source", TILE),
        Field("amount", "int"),
        Field("attack", "text"),
    ),
)
KILLED = EventType("killed", (Field("tile", TILE),))
RETURNED = EventType("returned", (Field("tile", TILE),))
PLACED = EventType("placed", (Field("tile", TILE),))
EVENTS = (HIT, KILLED, RETURNED, PLACED)
STATS = ("melee", "ranged", "initiative", "toughness")
ACT = "act"
PLACE = "place"
"""The permission to put a tile from the hand on the board (Terror takes it away)."""
TURN = "turn"
"""The engine context of one player's turn: "next turn" effects last until one closes."""
SEGMENT = "segment"


def _engine(ctx: EffectContext) -> Engine:
    engine = ctx.game
    assert isinstance(engine, Engine)
    return engine


def _units(ctx: EffectContext) -> Iterable[EntityId]:
    engine = _engine(ctx)
    return pos.remembered(engine, "units", lambda: _board_units(engine))


def _board_units(engine: Engine) -> tuple[EntityId, ...]:
    return tuple(t for t in pos.on_board(engine) if pos.is_unit(engine, t))


def _allies(ctx: EffectContext) -> Iterable[EntityId]:
    engine, bearer = _engine(ctx), ctx.bearer
    assert bearer is not None
    side = pos.controller(engine, bearer)
    return [t for t in _units(ctx) if t != bearer and pos.controller(engine, t) == side]


def _enemies(ctx: EffectContext) -> Iterable[EntityId]:
    engine, bearer = _engine(ctx), ctx.bearer
    assert bearer is not None
    side = pos.controller(engine, bearer)
    return [t for t in _units(ctx) if pos.controller(engine, t) != side]


def _cancel(ctx: EffectContext) -> None:
    ctx.bindings["event"].cancel()  # type: ignore[attr-defined]


def _discard(ctx: EffectContext, tile: EntityId) -> None:
    """Marks the tile to leave the board with the dead, when the segment (or instant) ends."""
    TileView(_engine(ctx), tile).doomed = True


def _return(ctx: EffectContext, tile: EntityId) -> None:
    ctx.bindings["event"].replace("returned", tile=tile)  # type: ignore[attr-defined]


def _adjacent(ctx: EffectContext, tile: EntityId, anchor: EntityId | None) -> bool:
    if anchor is None:  # a name bound to nothing (a player without an HQ on the board)
        return False
    engine = _engine(ctx)
    here, there = TileView(engine, tile), TileView(engine, anchor)
    return here.on_board and there.on_board and are_neighbours(here.hex, there.hex)


def declare(vocabulary: Vocabulary) -> None:
    """Add the nshex words to ``vocabulary`` (the ``hexforge_dsl_vocabulary`` hook)."""
    v = vocabulary
    v.self_kind = TILE
    v.kind(TILE)
    for event in EVENTS:
        v.event(event)
    v.trigger("when", "{target} would be hit", "hit", Window.BEFORE)
    v.trigger("when", "{target} is hit", "hit")
    v.trigger("when", "{tile} would be killed", "killed", Window.BEFORE)
    v.trigger("when", "{tile} is killed", "killed")
    v.trigger("when", "{tile} is placed", "placed")
    v.verb("cancel the hit", _cancel, doc="in a 'would be hit' trigger: the hit does nothing")
    v.verb("discard {tile:tile}", _discard, doc="the tile leaves with the dead")
    v.verb(
        "return {tile:tile} to the top of the draw pile instead",
        _return,
        doc="in a 'would be killed' trigger: the tile goes on top of its owner's pile",
    )
    v.noun("ally", "allies", TILE, _allies, doc="other units fighting for the same side")
    v.noun("enemy", "enemies", TILE, _enemies, doc="units fighting for the other side")
    v.noun("unit", "units", TILE, _units, doc="every unit on the board")
    v.filter(
        "linked to {anchor:tile}",
        lambda ctx, tile, anchor: pos.linked(_engine(ctx), anchor, tile),
        doc="next to the anchor on one of its link sides, the anchor not netted",
    )
    v.filter("adjacent to {anchor:tile}", _adjacent, kind=TILE, doc="next to the anchor")
    v.property(TILE, "wounds", "int", lambda ctx, tile: TileView(_engine(ctx), tile).wounds)
    for stat in STATS:
        v.stat(stat, doc=f"bonus to the tile's {stat}")
    v.permission(ACT, ACT, doc="attack, move, push, give bonuses (nets forbid it)")
    v.context(SEGMENT)
