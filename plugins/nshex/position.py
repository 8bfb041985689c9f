"""Reading the board from the engine state: who stands where, who fights for whom.

Tiles are engine entities of kind ``tile``; their props and the game's ``state.data`` are
read through the typed views of :mod:`hexforge.plugins.nshex.state`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from functools import cache
from typing import TYPE_CHECKING, Any, TypeVar, cast

from hexforge.core.engine import Engine
from hexforge.core.hexgrid import Direction, Hex, format_coord
from hexforge.plugins.nshex.board import AROUND, COORDS, facing
from hexforge.plugins.nshex.catalogue import NshexRuleset
from hexforge.plugins.nshex.state import NshexState, TileView, hex_named
from hexforge.plugins.nshex.tiles import BoardTile, Ground, Hq, Instant, Module, Soldier

if TYPE_CHECKING:
    from hexforge.plugins.nshex.abilities import Controls

HQ_TOUGHNESS = 20


def game_data(engine: Engine) -> dict[str, Any]:
    """``state.data`` as stored, for checks and tests that inspect or corrupt the JSON
    itself; the game reads it through :class:`~hexforge.plugins.nshex.state.NshexState`."""
    return cast(dict[str, Any], engine.state.data)


_CARDS = "nshex.cards"
"""``engine.memo`` key: tile -> its card (a tile's card never changes)."""


def card(engine: Engine, tile: str) -> BoardTile | Instant:
    """The tile's card, looked up once per game (rules ask it at every step)."""
    cards: dict[str, BoardTile | Instant] | None = engine.memo.get(_CARDS)
    if cards is None:
        cards = engine.memo[_CARDS] = {}
    found = cards.get(tile)
    if found is None:
        found = cards[tile] = TileView(engine, tile).card
    return found


def board_card(engine: Engine, tile: str) -> BoardTile:
    """The card of a tile that can stand on the board (an instant cannot: TypeError)."""
    found = card(engine, tile)
    if isinstance(found, Instant):
        raise TypeError(f"{tile} is an instant, never on the board")
    return found


def tile_at(engine: Engine, hex_: Hex) -> str | None:
    return NshexState(engine).board.get(format_coord(hex_))


def hex_of(engine: Engine, tile: str) -> Hex:
    return TileView(engine, tile).hex


def on_board(engine: Engine) -> Iterator[str]:
    """Tiles on the board in board order (column by column), so procedures are deterministic."""
    return iter(_reading(engine).tiles)


def hex_on_board(engine: Engine, tile: str) -> Hex | None:
    """The hex ``tile`` stands on, None off the board."""
    return _reading(engine).hexes.get(tile)


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


_OPPOSITE = tuple(d.opposite for d in Direction)


@cache
def _next_coord(coord: str, direction: Direction) -> str:
    return format_coord(hex_named(coord).neighbour(direction))


def neighbour(engine: Engine, tile: str, direction: Direction) -> str | None:
    """The tile next to ``tile`` in ``direction`` (None: an empty hex or off the board)."""
    return NshexState(engine).board.get(_next_coord(TileView(engine, tile).at, direction))


def _around(engine: Engine, tile: TileView) -> Iterator[tuple[Direction, TileView]]:
    """The tiles next to ``tile``, each with the direction it lies in."""
    board = NshexState(engine).board
    for direction, there in AROUND[tile.at]:
        other = board.get(there)
        if other is not None:
            yield direction, TileView(engine, other)


def printed_net_on(engine: Engine, tile: TileView, side: str) -> bool:
    """Is ``tile`` in the net of a tile whose printed owner is not ``side``?"""
    for direction, other in _around(engine, tile):
        if other.owner == side:
            continue
        if direction.opposite in faces(other, board_card(engine, other.id).net):
            return True
    return False


class _Reading:
    """The board read at one engine version: the tiles whose abilities may take a
    neighbour (by coordinate: the tile, its owner, those abilities' ``controls``), and the
    controllers and nets found so far."""

    __slots__ = ("free", "hexes", "holders", "known", "other", "tiles", "version")

    def __init__(self, engine: Engine) -> None:
        self.version = engine.version
        places = NshexState(engine).board
        self.tiles = tuple(places[c] for c in COORDS if c in places)
        """The tiles on the board in board order."""
        self.hexes = {tile: hex_named(coord) for coord, tile in places.items()}
        """Each tile on the board -> its hex."""
        abilities = engine.rules_as(NshexRuleset).abilities
        self.holders: dict[str, tuple[str, str, tuple[Controls, ...]]] = {}
        for coord, tile in places.items():
            names = board_card(engine, tile).abilities
            found = tuple(c for n in names if (c := abilities[n].controls) is not None)
            if found:
                self.holders[coord] = (tile, TileView(engine, tile).owner, found)
        self.known: dict[str, str] = {}
        self.free: dict[str, bool] = {}
        self.other: dict[Hashable, Any] = {}
        """Other readings of this version, by a key of their own (:func:`remembered`)."""


_READING = "nshex.reading"
"""``engine.memo`` key of the :class:`_Reading` of the engine's current version."""


def _reading(engine: Engine) -> _Reading:
    reading: _Reading | None = engine.memo.get(_READING)
    if reading is None or reading.version != engine.version:
        reading = engine.memo[_READING] = _Reading(engine)
    return reading


T = TypeVar("T")


def remembered(engine: Engine, key: Hashable, compute: Callable[[], T]) -> T:
    """``compute()``, kept under ``key`` until the engine's version changes: for readings
    of the board alone (never of hands, piles or counters of the caller's own)."""
    other = _reading(engine).other
    if key in other:
        found: T = other[key]
        return found
    other[key] = value = compute()
    return value


def controller(engine: Engine, tile: str) -> str:
    """The player a tile fights for: its owner, unless a neighbour's ability takes it
    (the Vegas takeover: :mod:`hexforge.plugins.nshex.abilities`).

    Asked for every unit whenever a rule says allies or enemies, so the answers are kept
    until the engine's version changes (any prop, board, attachment or context change).
    """
    reading = _reading(engine)
    found = reading.known.get(tile)
    if found is None:
        found = reading.known[tile] = _controller(engine, reading, tile)
    return found


def _controller(engine: Engine, control: _Reading, tile: str) -> str:
    view = TileView(engine, tile)
    owner, here = view.owner, view.coord
    if here is None or not control.holders:  # off the board nobody takes it
        return owner
    for direction, there in AROUND[here]:  # the first neighbour taking it, clockwise from N
        found = control.holders.get(there)
        if found is None or found[1] == owner:
            continue
        holder, taker, abilities = found
        towards = _OPPOSITE[direction]
        if any(controls(engine, holder, tile, towards) for controls in abilities):
            return taker
    return owner


def enemies(engine: Engine, a: str, b: str) -> bool:
    return controller(engine, a) != controller(engine, b)


def can_act(engine: Engine, tile: str) -> bool:
    """False while an enemy net holds the tile (rules: nets work from placement, on HQs too);
    kept until the engine's version changes, like :func:`controller`."""
    free = _reading(engine).free
    found = free.get(tile)
    if found is None:
        found = free[tile] = engine.allowed("act", tile)
    return found


def linked(engine: Engine, anchor: str, other: str) -> bool:
    """Is ``other`` next to ``anchor`` on one of the anchor's link sides, anchor free to act?"""
    if not _on_board(engine, anchor, other):
        return False
    view = TileView(engine, anchor)
    links = board_card(engine, anchor).links
    return _touches(engine, view, links, other) and can_act(engine, anchor)


def nets(engine: Engine, net_tile: str, subject: str) -> bool:
    """Does ``net_tile`` hold ``subject`` (adjacent on a net side, and an enemy)?"""
    if not _on_board(engine, subject, net_tile):
        return False
    view = TileView(engine, net_tile)
    return _touches(engine, view, board_card(engine, net_tile).net, subject) and enemies(
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
