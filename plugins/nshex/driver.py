"""The nshex scenario driver: positions on the 19-hex board, turns, battles (docs/nshex.md).

A scenario names its players and their armies, puts tiles on the board (by tile id, with
the hex and the rotation), fills hands and piles, and says how many turns were played
already (the opening is turns 1 and 2). Decisions inside ``turn`` come from the step's
``answers``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from hexforge.core.engine import Agent, Engine, Json
from hexforge.core.errors import HexforgeError
from hexforge.core.hexgrid import format_coord
from hexforge.core.packs.models import card_ref
from hexforge.core.packs.yamlio import YamlPath
from hexforge.core.scenarios import (
    ActionSpec,
    Args,
    Coordinate,
    Kind,
    Observable,
    Param,
    SetupSource,
    hex_of,
)
from hexforge.plugins.manager import PluginHost
from hexforge.plugins.nshex import position as pos
from hexforge.plugins.nshex.battle import battle
from hexforge.plugins.nshex.board import COORDS, board_hex
from hexforge.plugins.nshex.catalogue import tiles_of
from hexforge.plugins.nshex.codes import HEX_TAKEN, ILLEGAL_MOVE, OFF_BOARD, UNKNOWN_TILE
from hexforge.plugins.nshex.game import actions, create_tile, new_engine, place, turn
from hexforge.plugins.nshex.moves import settle
from hexforge.plugins.nshex.rules import nshex_rules
from hexforge.plugins.nshex.state import NshexState, TileView, Zone
from hexforge.plugins.nshex.tiles import Army, BoardTile, Hq, Instant

TILE_KINDS = ("hq", "soldier", "module", "ground", "instant")
TileRef = Annotated[str, card_ref(*TILE_KINDS)]
"""A tile card a scenario names: 'smart-ripper' or 'nshex/smart-ripper' (armies are not tiles)."""


class TileSetup(BaseModel):
    """A tile on the board at the start of the scenario."""

    model_config = ConfigDict(extra="forbid")
    id: str = Field(min_length=1, description="the tile's id in steps and expectations")
    tile: TileRef = Field(min_length=1, description="the tile card, e.g. smart-ripper")
    owner: str = Field(min_length=1, description="the player it belongs to")
    at: Coordinate = Field(description="its hex, e.g. C3")
    rotation: int = Field(0, ge=0, le=5, description="side 0 faces direction N + rotation")
    wounds: int = Field(0, ge=0, description="wounds already marked (HQ: damage taken)")


class NshexSetup(BaseModel):
    """The ``setup:`` section of an nshex scenario."""

    model_config = ConfigDict(extra="forbid")
    players: list[str] = Field(
        default_factory=lambda: ["smart", "vegas"], min_length=2, max_length=2
    )
    """The two players, first player first."""
    tiles: list[TileSetup] = Field(default_factory=list)
    hands: dict[str, list[TileRef]] = Field(default_factory=dict)
    """Tiles (card ids) in each player's hand; their ids are ``<player>/<slug>[-n]``."""
    piles: dict[str, list[TileRef]] = Field(default_factory=dict)
    """Each player's draw pile, top first."""
    turn: int = Field(2, ge=0, description="turns already played (1 and 2 are the opening)")
    last_drawn: str | None = None
    """The player who drew their pile's last tile already (the Final Battle is near)."""


PLAYER = Param("player", Kind.TEXT, "the player")
TILE = Param("tile", Kind.TEXT, "a tile id")
ACTIONS = (
    ActionSpec("turn", "play one turn; its decisions are the step's answers", (PLAYER,)),
    ActionSpec("battle", "fight a battle now (as a Battle tile does) and settle the result"),
    ActionSpec(
        "place",
        "put a tile from the player's hand on a hex at once (no turn)",
        (
            PLAYER,
            TILE,
            Param("at", Kind.HEX, "the hex"),
            Param("rotation", Kind.INT, "0-5", required=False),
        ),
    ),
)
OBSERVABLES = (
    Observable("tile", "at", Kind.JSON, "its hex (null: not on the board)"),
    Observable("tile", "rotation", Kind.INT, "its rotation 0-5"),
    Observable("tile", "wounds", Kind.INT, "wounds marked on it"),
    Observable("tile", "on_board", Kind.BOOL, "whether it is on the board"),
    Observable("tile", "controller", Kind.TEXT, "the player it fights for"),
    Observable("tile", "can_act", Kind.BOOL, "false while an enemy net holds it"),
    Observable("tile", "initiative", Kind.INT, "its segments, highest first", many=True),
    Observable("tile", "melee", Kind.INT, "melee bonus from modules"),
    Observable("tile", "ranged", Kind.INT, "ranged bonus from modules"),
    Observable("player", "hq", Kind.INT, "the HQ's toughness left"),
    Observable("player", "hand", Kind.TEXT, "tiles in hand", many=True),
    Observable("player", "pile", Kind.TEXT, "draw pile, top first", many=True),
    Observable("player", "discards", Kind.TEXT, "discarded tiles, oldest first", many=True),
    Observable("game", "winner", Kind.JSON, "the winner, 'draw', or null while playing"),
    Observable("game", "reason", Kind.JSON, "why the game ended (null while playing)"),
    Observable("game", "battles", Kind.INT, "battles fought"),
    Observable("game", "turn", Kind.INT, "turns played"),
    Observable("game", "last_drawn", Kind.JSON, "who drew their last tile first"),
    Observable("game", "empty", Kind.TEXT, "empty hexes, board order", many=True),
    Observable(
        "query", "actions", Kind.TEXT, "the player's legal actions now", (PLAYER,), many=True
    ),
)


@dataclass(frozen=True, slots=True)
class NshexGame:
    """An nshex game set up from a scenario."""

    engine: Engine

    def _player(self, name: str) -> str:
        if name not in self.engine.players:
            raise HexforgeError.single(
                ILLEGAL_MOVE,
                f"no player '{name}'",
                hint="players: " + ", ".join(self.engine.players),
            )
        return name

    def perform(self, action: str, args: Args) -> None:
        engine = self.engine
        state = NshexState(engine)
        if state.result is not None:
            raise HexforgeError.single(ILLEGAL_MOVE, "the game is over", hint="expect the result")
        if action == "turn":
            turn(engine, self._player(str(args["player"])))
        elif action == "battle":
            battle(engine, "scenario")
            settle(engine)
        else:
            player, tile = self._player(str(args["player"])), str(args["tile"])
            hand = state.hand(player)
            coord = format_coord(args["at"])
            if tile not in hand or coord not in COORDS or coord in state.board:
                raise HexforgeError.single(
                    ILLEGAL_MOVE,
                    f"{player} cannot place {tile} on {coord}",
                    hint=f"hand: {', '.join(hand) or 'empty'}; the hex must be empty",
                )
            hand.remove(tile)
            place(engine, tile, args["at"], int(args.get("rotation", 0)))

    def observe(self, subject: str, name: str, target: str | None, args: Args) -> Json:
        engine = self.engine
        state = NshexState(engine)
        if subject == "tile" and target is not None:
            tile = TileView(engine, target)
            stored: dict[str, Json] = {
                "at": tile.coord,
                "on_board": tile.on_board,
                "rotation": tile.rotation,
                "wounds": tile.wounds,
            }
            if name in stored:
                return stored[name]
            if name == "controller":
                return pos.controller(engine, target)
            if name == "can_act":
                return pos.can_act(engine, target)
            if name == "initiative":
                return list(pos.initiatives(engine, target))
            return engine.query(name, target)  # melee, ranged
        if subject == "player" and target is not None:
            player = self._player(target)
            if name == "hq":
                return pos.hq_left(engine, state.hq(player))
            return list[Json](state.zone(Zone[name.upper()], player))  # hand, pile, discards
        if name == "actions":
            return list[Json](actions(engine, self._player(str(args["player"]))))
        result = state.result
        if name == "winner":
            return None if result is None else (result.winner or "draw")
        if name == "reason":
            return None if result is None else result.reason
        if name == "empty":
            return [c for c in COORDS if c not in state.board]
        if name == "battles":
            return state.battles
        if name == "turn":
            return state.turn
        return state.last_drawn


class NshexDriver:
    """The nshex :class:`~hexforge.core.scenarios.ScenarioDriver` of one set of plugins."""

    game = "nshex"
    setup_model = NshexSetup
    actions: Sequence[ActionSpec] = ACTIONS
    observables: Sequence[Observable] = OBSERVABLES

    def __init__(self, host: PluginHost) -> None:
        self.host = host

    def setup(self, setup: BaseModel, where: SetupSource, seed: int, agent: Agent) -> NshexGame:
        assert isinstance(setup, NshexSetup)
        players = setup.players
        if len(set(players)) != 2:
            raise where.error(ILLEGAL_MOVE, "the two players need different names", ("players",))
        engine = new_engine(nshex_rules(self.host), players, seed, {p: agent for p in players})
        state = NshexState(engine)
        for i, entry in enumerate(setup.tiles):
            path = ("tiles", i)
            if entry.owner not in players:
                raise where.error(ILLEGAL_MOVE, f"no player '{entry.owner}'", (*path, "owner"))
            printed = self._card(engine, where, entry.tile, (*path, "tile"))
            if not isinstance(printed, BoardTile):
                raise where.error(
                    UNKNOWN_TILE, f"{entry.tile} is not a board tile", (*path, "tile")
                )
            try:
                hex_ = board_hex(entry.at)
            except HexforgeError as error:
                raise where.error(
                    OFF_BOARD,
                    error.diagnostics[0].message,
                    (*path, "at"),
                    hint=error.diagnostics[0].hint,
                ) from error
            if format_coord(hex_) in state.board:
                raise where.error(HEX_TAKEN, f"{entry.at} already holds a tile", (*path, "at"))
            create_tile(engine, entry.owner, printed.id, entry.id)
            TileView(engine, entry.id).wounds = entry.wounds
            if isinstance(printed, Hq):
                state.hqs[entry.owner] = entry.id
            place(engine, entry.id, hex_of(entry.at), entry.rotation)
        for zone, piles in ((Zone.HAND, setup.hands), (Zone.PILE, setup.piles)):
            section = zone.value  # the setup key is the state's
            for player, cards in piles.items():
                if player not in players:
                    raise where.error(ILLEGAL_MOVE, f"no player '{player}'", (section, player))
                for j, card_id in enumerate(cards):
                    printed = self._card(engine, where, card_id, (section, player, j))
                    tile = self._fresh_id(engine, player, printed.id)
                    create_tile(engine, player, printed.id, tile)
                    state.zone(zone, player).append(tile)
        state.turn = setup.turn
        if setup.last_drawn is not None:
            state.last_drawn = setup.last_drawn
            state.final_after = next(p for p in players if p != setup.last_drawn)
        return NshexGame(engine)

    @staticmethod
    def _card(
        engine: Engine, where: SetupSource, card_id: str, path: YamlPath
    ) -> BoardTile | Instant:
        try:
            return tiles_of(engine).tile(card_id)
        except HexforgeError as error:
            raise where.error(
                UNKNOWN_TILE, error.diagnostics[0].message, path, hint=error.diagnostics[0].hint
            ) from error

    @staticmethod
    def _fresh_id(engine: Engine, player: str, card_id: str) -> str:
        slug = card_id.split("/")[1]
        tile, n = f"{player}/{slug}", 1
        while tile in engine.state.entities:
            n += 1
            tile = f"{player}/{slug}-{n}"
        return tile

    def cards(self) -> Sequence[str]:
        """Every tile (armies are compositions, not played)."""
        tiles = nshex_rules(self.host).tiles
        return sorted(k for k, c in tiles.cards.items() if not isinstance(c, Army))
