"""Reading the board from the engine state: who stands where, who fights for whom.

Tiles are engine entities of kind ``tile`` with the properties ``card``, ``hex`` (a board
coordinate, or None off the board), ``rotation`` and ``wounds``; ``state.data["board"]``
maps coordinates to tile ids.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any, cast

from hexforge.core.engine import Engine
from hexforge.core.hexgrid import Direction, Hex, format_coord, parse_coord
from hexforge.plugins.nshex.board import facing
from hexforge.plugins.nshex.catalogue import tiles_of
from hexforge.plugins.nshex.tiles import Ability, BoardTile, Ground, Hq, Instant, Module, Soldier

HQ_TOUGHNESS = 20


def game_data(engine: Engine) -> dict[str, Any]:
    """``state.data`` with the game's own layout (board, piles, hands ...; see game.py)."""
    return cast(dict[str, Any], engine.state.data)


def num(engine: Engine, tile: str, name: str) -> int:
    """An integer property of a tile (wounds, rotation)."""
    value = engine.prop(tile, name)
    assert isinstance(value, int)
    return value


def card(engine: Engine, tile: str) -> BoardTile | Instant:
    return tiles_of(engine).tile(str(engine.prop(tile, "card")))


def board_card(engine: Engine, tile: str) -> BoardTile:
    found = card(engine, tile)
    assert isinstance(found, BoardTile)
    return found


def board(engine: Engine) -> dict[str, str]:
    result: dict[str, str] = game_data(engine)["board"]
    return result


def tile_at(engine: Engine, hex_: Hex) -> str | None:
    return board(engine).get(format_coord(hex_))


_hex_named = cache(parse_coord)


def hex_of(engine: Engine, tile: str) -> Hex:
    return _hex_named(str(engine.prop(tile, "hex")))


def on_board(engine: Engine) -> Iterator[str]:
    """Tiles on the board in board order (column by column), so procedures are deterministic."""
    from hexforge.plugins.nshex.board import COORDS

    places = board(engine)
    for coord in COORDS:
        if coord in places:
            yield places[coord]


def is_unit(engine: Engine, tile: str) -> bool:
    """HQs, soldiers and modules are units: they can be hit; ground tiles cannot."""
    return not isinstance(card(engine, tile), Ground)


def is_hq(engine: Engine, tile: str) -> bool:
    return isinstance(card(engine, tile), Hq)


def sides(engine: Engine, tile: str, sides_: list[int]) -> list[Direction]:
    rotation = num(engine, tile, "rotation")
    return [facing(side, rotation) for side in sides_]


@cache
def _next_coord(coord: str, direction: Direction) -> str:
    return format_coord(_hex_named(coord).neighbour(direction))


def neighbour(engine: Engine, tile: str, direction: Direction) -> str | None:
    """The tile next to ``tile`` in ``direction`` (None: an empty hex or off the board)."""
    return board(engine).get(_next_coord(str(engine.prop(tile, "hex")), direction))


def _printed_net_on(engine: Engine, tile: str, side: str) -> bool:
    """Is ``tile`` in the net of a tile whose printed owner is not ``side``?"""
    for direction in Direction:
        other = neighbour(engine, tile, direction)
        if other is None or engine.entity(other).owner == side:
            continue
        nets = board_card(engine, other).net
        if direction.opposite in sides(engine, other, nets):
            return True
    return False


def controller(engine: Engine, tile: str) -> str:
    """The player a tile fights for: its owner, unless a takeover takes it (Vegas).

    Only soldiers are taken over, by an enemy HQ or module with the takeover ability that
    touches them through one of its links and is not itself caught in a net. Nets are read
    by printed owner here, so the two rules never ask each other in a circle.
    """
    owner = engine.entity(tile).owner
    assert owner is not None
    if not isinstance(card(engine, tile), Soldier):
        return owner
    for direction in Direction:
        other = neighbour(engine, tile, direction)
        if other is None or engine.entity(other).owner == owner:
            continue
        taker = board_card(engine, other)
        if Ability.TAKEOVER not in taker.abilities:
            continue
        if direction.opposite not in sides(engine, other, taker.links):
            continue
        taker_owner = engine.entity(other).owner
        assert taker_owner is not None
        if not _printed_net_on(engine, other, taker_owner):
            return taker_owner
    return owner


def enemies(engine: Engine, a: str, b: str) -> bool:
    return controller(engine, a) != controller(engine, b)


def can_act(engine: Engine, tile: str) -> bool:
    """False while an enemy net holds the tile (rules: nets work from placement, on HQs too)."""
    return engine.allowed("act", tile)


def linked(engine: Engine, anchor: str, other: str) -> bool:
    """Is ``other`` next to ``anchor`` on one of the anchor's link sides, anchor free to act?"""
    if engine.prop(anchor, "hex") is None or engine.prop(other, "hex") is None:
        return False
    links = board_card(engine, anchor).links
    for direction in sides(engine, anchor, links):
        if neighbour(engine, anchor, direction) == other:
            return can_act(engine, anchor)
    return False


def nets(engine: Engine, net_tile: str, subject: str) -> bool:
    """Does ``net_tile`` hold ``subject`` (adjacent on a net side, and an enemy)?"""
    if engine.prop(subject, "hex") is None or engine.prop(net_tile, "hex") is None:
        return False
    for direction in sides(engine, net_tile, board_card(engine, net_tile).net):
        if neighbour(engine, net_tile, direction) == subject:
            return enemies(engine, net_tile, subject)
    return False


def toughness(engine: Engine, tile: str) -> int:
    """Wounds a tile survives: 20 for an HQ, else its extra toughness icons plus bonuses."""
    printed = board_card(engine, tile)
    if isinstance(printed, Hq):
        return HQ_TOUGHNESS - 1
    base = printed.toughness if isinstance(printed, Soldier | Module) else 0
    return engine.query("toughness", tile, base=base)


def hq_left(engine: Engine, tile: str) -> int:
    """An HQ's remaining toughness (the damage track)."""
    return max(HQ_TOUGHNESS - num(engine, tile, "wounds"), 0)


def destroyed(engine: Engine, tile: str) -> bool:
    """An HQ whose track reached 0."""
    return is_hq(engine, tile) and hq_left(engine, tile) == 0


def initiatives(engine: Engine, tile: str) -> list[int]:
    """The segments a tile attacks in: printed values plus bonuses (HQ: 0)."""
    printed = board_card(engine, tile)
    if isinstance(printed, Hq):
        values = [0]
    elif isinstance(printed, Soldier):
        values = list(printed.initiative)
    else:
        return []
    bonus = engine.query("initiative", tile)
    return sorted({max(v + bonus, 0) for v in values}, reverse=True)
