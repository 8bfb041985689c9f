"""The Hexpawn scenario driver (hook ``hexforge_scenario_drivers``, ``GamePlugin``'s
``driver`` part): positions of pawns, moves and turns, the result (docs/scenarios.md).

A scenario's ``setup:`` either lines both sides up (``lineup: [pawn, scout, pawn]``, the
starting position of that lineup) or places pawns one by one (``pawns:``), or both; it
says who is to move. ``move`` carries out one move named by its pawn and target hex (HF520
when it is not legal, with the legal moves); ``turn`` lets the player to move choose, the
step's ``answers`` answering the decision.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Annotated, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from hexforge.core.engine import Agent, Engine, Json
from hexforge.core.errors import HexforgeError
from hexforge.core.hexgrid import format_coord
from hexforge.core.packs.codes import OUT_OF_RANGE
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
from hexforge_hexpawn import rules
from hexforge_hexpawn.rules import PLAYERS, hexpawn_rules

T = TypeVar("T")
PawnRef = Annotated[str, card_ref("pawn")]
"""A pawn card a scenario names: ``scout`` or ``hexpawn/scout``."""


class PawnSetup(BaseModel):
    """A pawn on the board at the start of the scenario."""

    model_config = ConfigDict(extra="forbid")
    id: str = Field(min_length=1, description="the pawn's id in steps and expectations")
    card: PawnRef = Field(min_length=1, description="its pawn card, e.g. scout")
    owner: Literal["white", "black"] = Field(description="the side it belongs to")
    at: Coordinate = Field(description="its hex, e.g. B3")


class HexpawnSetup(BaseModel):
    """The ``setup:`` section of a Hexpawn scenario."""

    model_config = ConfigDict(extra="forbid")
    columns: int = Field(len(rules.DEFAULT_LINEUP), ge=rules.MIN_COLUMNS, le=rules.MAX_COLUMNS)
    """The board's width (its height is four rows); a ``lineup`` sets it."""
    lineup: list[PawnRef] = Field(default_factory=list)
    """Both sides' starting rows, left to right (the pawns ``white-a``, ``black-a``...)."""
    pawns: list[PawnSetup] = Field(default_factory=list)
    """Pawns placed one by one (after the lineup's)."""
    to_move: Literal["white", "black"] = "white"
    """The side whose turn it is."""


PAWN = Param("pawn", Kind.TEXT, "a pawn id")
ACTIONS = (
    ActionSpec("move", "the side to move moves a pawn to a hex", (PAWN, Param("to", Kind.HEX))),
    ActionSpec("turn", "the side to move chooses its move; the step's answers choose"),
)
OBSERVABLES = (
    Observable("pawn", "at", Kind.JSON, "its hex (null once taken)"),
    Observable("pawn", "taken", Kind.BOOL, "whether it was taken"),
    Observable("pawn", "card", Kind.TEXT, "its pawn card"),
    Observable("player", "pawns", Kind.TEXT, "its pawns on the board", many=True),
    Observable("player", "moves", Kind.TEXT, "its legal moves now, as options", many=True),
    Observable("game", "winner", Kind.JSON, "the winner, or null while playing"),
    Observable("game", "reason", Kind.JSON, "why the game ended (null while playing)"),
    Observable("game", "to_move", Kind.TEXT, "the side whose turn it is"),
    Observable("game", "turn", Kind.INT, "moves made"),
)


@dataclass(frozen=True, slots=True)
class HexpawnGame:
    """A Hexpawn game set up from a scenario."""

    engine: Engine

    def perform(self, action: str, args: Args) -> None:
        if action == "move":
            target = format_coord(args["to"])
            rules.make_move(self.engine, rules.find_move(self.engine, str(args["pawn"]), target))
        else:
            rules.turn(self.engine)

    def observe(self, subject: str, name: str, target: str | None, args: Args) -> Json:
        engine = self.engine
        if subject == "pawn" and target is not None:
            entity = engine.entity(target)  # HF404 with a "did you mean" for an unknown id
            if name == "card":
                return str(entity.props["card"])
            if name == "taken":
                return not entity.in_play
            return entity.props["at"] if entity.in_play else None
        if subject == "player" and target is not None:
            player = _player(target)
            if name == "pawns":
                return list[Json](rules.pawns(engine, player))
            return [move.text for move in rules.legal_moves(engine, player)]
        over = rules.result(engine)
        if name == "winner":
            return None if over is None else over[0]
        if name == "reason":
            return None if over is None else over[1]
        if name == "to_move":
            return rules.to_move(engine)
        return rules.game_data(engine)["turn"]


def _player(name: str) -> str:
    if name not in PLAYERS:
        raise HexforgeError.single(
            OUT_OF_RANGE, f"no player '{name}'", hint="players: " + ", ".join(PLAYERS)
        )
    return name


def _placed(where: SetupSource, path: YamlPath, make: Callable[[], T]) -> T:
    """``make()``, its coded error (an unknown pawn card HF213, a bad lineup HXP001) placed
    at ``path`` of the setup."""
    try:
        return make()
    except HexforgeError as error:
        found = error.diagnostics[0]
        raise where.error(found.code, found.message, path, hint=found.hint) from error


class HexpawnDriver:
    """The Hexpawn :class:`~hexforge.core.scenarios.ScenarioDriver` of one set of plugins."""

    game = rules.GAME
    setup_model = HexpawnSetup
    actions: Sequence[ActionSpec] = ACTIONS
    observables: Sequence[Observable] = OBSERVABLES

    def __init__(self, host: PluginHost) -> None:
        self.host = host

    def setup(self, setup: BaseModel, where: SetupSource, seed: int, agent: Agent) -> HexpawnGame:
        assert isinstance(setup, HexpawnSetup)
        ruleset = hexpawn_rules(self.host)
        agents = dict.fromkeys(PLAYERS, agent)
        if setup.lineup:
            for i, card_id in enumerate(setup.lineup):
                _placed(where, ("lineup", i), partial(ruleset.pawn_card, card_id))
            start = partial(rules.new_game, ruleset, seed, agents, setup.lineup)
            engine = _placed(where, ("lineup",), start)
        else:
            engine = rules.new_engine(ruleset, seed, agents, setup.columns)
        rules.game_data(engine)["turn"] = PLAYERS.index(setup.to_move)
        board = rules.board_of(engine)
        for i, entry in enumerate(setup.pawns):
            path = ("pawns", i)
            card = _placed(where, (*path, "card"), partial(ruleset.pawn_card, entry.card))
            if not board.holds(hex_of(entry.at)):
                size = f"columns A-{board.coords()[-1][0]}, rows 1-{board.rows}"
                raise where.error(
                    OUT_OF_RANGE, f"{entry.at} is not on the board", (*path, "at"), hint=size
                )
            if entry.at in rules.position(engine):
                raise where.error(OUT_OF_RANGE, f"{entry.at} already holds a pawn", (*path, "at"))
            if entry.id in engine.state.entities:
                raise where.error(OUT_OF_RANGE, f"two pawns are called '{entry.id}'", (*path, "id"))
            rules.add_pawn(engine, entry.owner, card.id, entry.id, entry.at)
        engine.changed()
        return HexpawnGame(engine)

    def cards(self) -> Sequence[str]:
        """Every pawn card (for ``--coverage``)."""
        return sorted(hexpawn_rules(self.host).pawns)
