"""Typed views of an nshex game's state: :class:`NshexState` over ``state.data`` and
:class:`TileView` over one tile's props.

The engine keeps only JSON (snapshots and restores copy it as it is), so the views hold no
data of their own: every read and write goes to the engine's dicts, and a view is cheap
to make where it is needed. The keys and their types are declared here alone, one
:class:`Stored` attribute each; nshex writes its state only through these views, with
typed values, so reads trust the types instead of checking them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cache
from typing import Any, Generic, TypedDict, TypeVar, cast, overload

from hexforge.core.engine import Engine, Entity, Json
from hexforge.core.errors import HexforgeError
from hexforge.core.hexgrid import Hex, parse_coord
from hexforge.plugins.nshex.catalogue import tiles_of
from hexforge.plugins.nshex.codes import OFF_BOARD
from hexforge.plugins.nshex.tiles import BoardTile, Instant

V = TypeVar("V")


class _View:
    """A view over one JSON dict of the engine; subclasses say how a write gets there."""

    __slots__ = ()
    _json: dict[str, Any]  # Json, read as the declared types (Any costs no cast call)

    def _store(self, key: str, value: Json) -> None:
        raise NotImplementedError


class Stored(Generic[V]):
    """An attribute of a view kept under ``key`` in its JSON, read as a ``V`` and written
    through the view (an engine prop, a key of ``state.data``)."""

    __slots__ = ("key",)

    def __init__(self, key: str) -> None:
        self.key = key

    @overload
    def __get__(self, view: None, owner: type[_View]) -> Stored[V]: ...

    @overload
    def __get__(self, view: _View, owner: type[_View]) -> V: ...

    def __get__(self, view: _View | None, owner: type[_View]) -> V | Stored[V]:
        if view is None:
            return self
        value: V = view._json[self.key]
        return value

    def __set__(self, view: _View, value: V) -> None:
        view._store(self.key, cast(Json, value))


class Zone(Enum):
    """Where a tile off the board lies, per player (the value is its key in the state)."""

    HAND = "hands"
    PILE = "piles"
    DISCARDS = "discards"


@dataclass(frozen=True, slots=True)
class Result:
    """How a game ended: the winner (None: a draw), why, and each HQ's toughness left."""

    winner: str | None
    reason: str
    hq: dict[str, int]


class _ResultJson(TypedDict):
    winner: str | None
    reason: str
    hq: dict[str, int]


class NshexState(_View):
    """The game's progress: board, hands, piles, discards, HQs, turn, the end.

    Containers (``hqs``, ``hand(p)``, ``shifted`` ...) are the engine's own lists and dicts,
    so changing them changes the game. The board is read-only here: :meth:`put` and
    :meth:`lift` change it and bump the engine's version, which caches of board readings
    (:mod:`hexforge.plugins.nshex.position`) are keyed on.
    """

    __slots__ = ("_engine", "_json")

    board = Stored[Mapping[str, str]]("board")
    """Coordinate (``C3``) -> the tile on it."""
    hqs = Stored[dict[str, str]]("hq")
    """Player -> their HQ tile (from when the HQ is created)."""
    turn = Stored[int]("turn")
    """Turns begun so far (1 and 2 are the opening)."""
    last_drawn = Stored[str | None]("last_drawn")
    """The player who drew their pile's last tile (the Final Battle is near)."""
    final_after = Stored[str | None]("final_after")
    """The player whose turn the Final Battle follows."""
    shifted = Stored[list[str]]("shifted")
    """Soldiers that used their mobility this turn."""
    battles = Stored[int]("battles")

    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._json = engine.state.data

    def _store(self, key: str, value: Json) -> None:
        self._json[key] = value
        self._engine.changed()

    def put(self, coord: str, tile: str) -> None:
        """``tile`` now stands on ``coord`` (the tile's own ``hex`` prop is the caller's)."""
        self._json["board"][coord] = tile
        self._engine.changed()

    def lift(self, coord: str) -> None:
        """Nothing stands on ``coord`` any more."""
        del self._json["board"][coord]
        self._engine.changed()

    @classmethod
    def start(cls, engine: Engine, players: Sequence[str]) -> NshexState:
        """Write an empty game for ``players`` into ``engine``'s state (this key order is
        the snapshot's)."""
        engine.state.data.update(
            board={},
            piles={p: [] for p in players},
            hands={p: [] for p in players},
            discards={p: [] for p in players},
            hq={},
            turn=0,
            last_drawn=None,
            final_after=None,
            shifted=[],
            battles=0,
            result=None,
        )
        return cls(engine)

    def zone(self, zone: Zone, player: str) -> list[str]:
        """``player``'s tiles in ``zone`` (a pile top first, discards oldest first)."""
        zones: dict[str, list[str]] = self._json[zone.value]
        return zones[player]

    def hand(self, player: str) -> list[str]:
        return self.zone(Zone.HAND, player)

    def pile(self, player: str) -> list[str]:
        """The draw pile, top first."""
        return self.zone(Zone.PILE, player)

    def discards(self, player: str) -> list[str]:
        """Oldest first."""
        return self.zone(Zone.DISCARDS, player)

    def hq(self, player: str) -> str:
        return self.hqs[player]

    @property
    def result(self) -> Result | None:
        """None while the game goes on."""
        found: _ResultJson | None = self._json["result"]
        if found is None:
            return None
        return Result(found["winner"], found["reason"], dict(found["hq"]))

    @result.setter
    def result(self, result: Result) -> None:
        hq = dict[str, Json](result.hq)
        self._json["result"] = {"winner": result.winner, "reason": result.reason, "hq": hq}


class TileView(_View):
    """One tile's props as typed attributes; writes go through ``Engine.set_prop``."""

    __slots__ = ("_engine", "_entity", "_json")

    coord = Stored[str | None]("hex")
    """The coordinate of its hex, None off the board."""
    rotation = Stored[int]("rotation")
    """0-5: side ``s`` faces board direction ``(s + rotation) % 6``."""
    wounds = Stored[int]("wounds")
    """Wounds marked (an HQ's damage track)."""
    doomed = Stored[bool]("doomed")
    """Discarded by an effect or a Grenade: leaves with the dead."""

    def __init__(self, engine: Engine, tile: str) -> None:
        self._engine = engine
        self._entity: Entity = engine.entity(tile)
        self._json = self._entity.props

    def _store(self, key: str, value: Json) -> None:
        self._engine.set_prop(self._entity.id, key, value)

    @staticmethod
    def new_props(card_id: str) -> dict[str, Json]:
        """A new tile's props (this key order is the snapshot's): off the board, unturned,
        unwounded."""
        return {"card": card_id, "hex": None, "rotation": 0, "wounds": 0, "doomed": False}

    @property
    def id(self) -> str:
        return self._entity.id

    @property
    def card_id(self) -> str:
        """The tile card it is: never changes (so the card is looked up once a game)."""
        card_id: str = self._json["card"]
        return card_id

    @property
    def owner(self) -> str:
        """The player whose army it is (a takeover changes its controller, not this)."""
        return cast(str, self._entity.owner)

    @property
    def in_play(self) -> bool:
        return self._entity.in_play

    @property
    def card(self) -> BoardTile | Instant:
        """The tile card it is."""
        return tiles_of(self._engine).tile(self.card_id)

    @property
    def board_card(self) -> BoardTile:
        """The card of a tile that can stand on the board (an instant cannot: TypeError)."""
        card = self.card
        if isinstance(card, Instant):
            raise TypeError(f"{self.id} is an instant, never on the board")
        return card

    @property
    def on_board(self) -> bool:
        return self.coord is not None

    @property
    def at(self) -> str:
        """The coordinate of the hex it stands on (HF801 for a tile off the board)."""
        coord = self.coord
        if coord is None:
            raise HexforgeError.single(OFF_BOARD, f"tile {self.id} is not on the board")
        return coord

    @property
    def hex(self) -> Hex:
        """The hex it stands on (HF801 for a tile off the board)."""
        return hex_named(self.at)


hex_named = cache(parse_coord)
"""The hex of a coordinate, parsed once per coordinate."""
