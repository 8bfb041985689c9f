"""Reading the board from the engine state: who stands where, who fights for whom.

Tiles are engine entities of kind ``tile``; their props and the game's ``state.data`` are
read through the typed views of :mod:`hexforge.plugins.nshex.state`.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any, cast

from hexforge.core.engine import Engine
from hexforge.core.hexgrid import Direction, Hex, format_coord
from hexforge.plugins.nshex.board import COORDS, facing
from hexforge.plugins.nshex.catalogue import NshexRuleset
from hexforge.plugins.nshex.state import NshexState, TileView, hex_named
from hexforge.plugins.nshex.tiles import BoardTile, Ground, Hq, Instant, Module, Soldier

HQ_TOUGHNESS = 20


def game_data(engine: Engine) -> dict[str, Any]:
    """``state.data`` as stored, for checks and tests that inspect or corrupt the JSON
    itself; the game reads it through :class:`~hexforge.plugins.nshex.state.NshexState`."""
    return cast(dict[str, Any], engine.state.data)


def card(engine: Engine, tile: str) -> BoardTile | Instant:
    return TileView(engine, tile).card


def board_card(engine: Engine, tile: str) -> BoardTile:
    return TileView(engine, tile).board_card


def tile_at(engine: Engine, hex_: Hex) -> str | None:
    return NshexState(engine).board.get(format_coord(hex_))


def hex_of(engine: Engine, tile: str) -> Hex:
    return TileView(engine, tile).hex


def on_board(engine: Engine) -> Iterator[str]:
    """Tiles on the board in board order (column by column), so procedures are deterministic."""
    places = NshexState(engine).board
    for coord in COORDS:
        if coord in places:
            yield places[coord]


def is_unit(engine: Engine, tile: str) -> bool:
    """HQs, soldiers and modules are units: they can be hit; ground tiles cannot."""
    return not isinstance(card(engine, tile), Ground)


def is_hq(engine: Engine, tile: str) -> bool:
    return isinstance(card(engine, tile), Hq)


def sides(engine: Engine, tile: str, sides_: list[int]) -> list[Direction]:
    return faces(TileView(engine, tile), sides_)


def faces(tile: TileView, sides_: list[int]) -> list[Direction]:
    """The board directions the tile's printed ``sides_`` face."""
    rotation = tile.rotation
    return [facing(side, rotation) for side in sides_]


_DIRECTIONS = tuple(Direction)


@cache
def _next_coord(coord: str, direction: Direction) -> str:
    return format_coord(hex_named(coord).neighbour(direction))


def neighbour(engine: Engine, tile: str, direction: Direction) -> str | None:
    """The tile next to ``tile`` in ``direction`` (None: an empty hex or off the board)."""
    return NshexState(engine).board.get(_next_coord(TileView(engine, tile).at, direction))


def _around(engine: Engine, tile: TileView) -> Iterator[tuple[Direction, TileView]]:
    """The tiles next to ``tile``, each with the direction it lies in."""
    board, here = NshexState(engine).board, tile.at
    for direction in _DIRECTIONS:
        other = board.get(_next_coord(here, direction))
        if other is not None:
            yield direction, TileView(engine, other)


def printed_net_on(engine: Engine, tile: TileView, side: str) -> bool:
    """Is ``tile`` in the net of a tile whose printed owner is not ``side``?"""
    for direction, other in _around(engine, tile):
        if other.owner == side:
            continue
        if direction.opposite in faces(other, other.board_card.net):
            return True
    return False


def controller(engine: Engine, tile: str) -> str:
    """The player a tile fights for: its owner, unless a neighbour's ability takes it
    (the Vegas takeover: :mod:`hexforge.plugins.nshex.abilities`)."""
    view = TileView(engine, tile)
    owner = view.owner
    if view.coord is None:  # in a hand, a pile or played as an instant: nobody takes it
        return owner
    abilities = engine.rules_as(NshexRuleset).abilities
    for direction, other in _around(engine, view):
        if other.owner == owner:
            continue
        for name in other.board_card.abilities:
            controls = abilities[name].controls
            if controls is not None and controls(engine, other.id, tile, direction.opposite):
                return other.owner
    return owner


def enemies(engine: Engine, a: str, b: str) -> bool:
    return controller(engine, a) != controller(engine, b)


def can_act(engine: Engine, tile: str) -> bool:
    """False while an enemy net holds the tile (rules: nets work from placement, on HQs too)."""
    return engine.allowed("act", tile)


def linked(engine: Engine, anchor: str, other: str) -> bool:
    """Is ``other`` next to ``anchor`` on one of the anchor's link sides, anchor free to act?"""
    if not _on_board(engine, anchor, other):
        return False
    view = TileView(engine, anchor)
    return _touches(engine, view, view.board_card.links, other) and can_act(engine, anchor)


def nets(engine: Engine, net_tile: str, subject: str) -> bool:
    """Does ``net_tile`` hold ``subject`` (adjacent on a net side, and an enemy)?"""
    if not _on_board(engine, subject, net_tile):
        return False
    view = TileView(engine, net_tile)
    return _touches(engine, view, view.board_card.net, subject) and enemies(
        engine, net_tile, subject
    )


def _on_board(engine: Engine, *tiles: str) -> bool:
    return all(TileView(engine, t).on_board for t in tiles)


def _touches(engine: Engine, tile: TileView, sides_: list[int], other: str) -> bool:
    """Is ``other`` next to ``tile`` on one of its printed ``sides_``?"""
    board, here = NshexState(engine).board, tile.at
    return any(board.get(_next_coord(here, d)) == other for d in faces(tile, sides_))


def toughness(engine: Engine, tile: str) -> int:
    """Wounds a tile survives: 20 for an HQ, else its extra toughness icons plus bonuses."""
    printed = board_card(engine, tile)
    if isinstance(printed, Hq):
        return HQ_TOUGHNESS - 1
    base = printed.toughness if isinstance(printed, Soldier | Module) else 0
    return engine.query("toughness", tile, base=base)


def hq_left(engine: Engine, tile: str) -> int:
    """An HQ's remaining toughness (the damage track)."""
    return max(HQ_TOUGHNESS - TileView(engine, tile).wounds, 0)


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
