"""The scenario driver of Skirmish, the engine's toy game (tests/engine/toygame.py).

It proves the scenario format on a real game before motu exists, and it is the worked
example of docs/scenarios.md ("Writing a driver"). Skirmish's track of cells 0..9 is row 1
of a board, so cell 4 is ``E1``: positions use the board coordinates every game uses.
The module is itself a hexforge plugin: ``hexforge test --plugin tests.scenarios.toy_driver``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from hexforge.core.engine import Agent, Engine, Frame, Json
from hexforge.core.engine.diagnostics import UNKNOWN_EFFECT, did_you_mean, fail
from hexforge.core.hexgrid import Hex, format_coord, from_offset, to_offset
from hexforge.core.scenarios import (
    ILLEGAL_ACTION,
    WRONG_VALUE,
    ActionSpec,
    Args,
    Coordinate,
    Kind,
    Observable,
    Param,
    ScenarioDriver,
    SetupSource,
    hex_of,
)
from hexforge.plugins.markers import hookimpl
from tests.engine import toygame
from tests.engine.toygame import CARDS, PLAYERS, TRACK, UnitSpec

GAME = "skirmish"
Side = Literal["north", "south"]


class UnitSetup(BaseModel):
    """One Skirmish unit of a scenario's ``setup.units``."""

    model_config = ConfigDict(extra="forbid")
    id: str = Field(min_length=1)
    side: Side
    at: Coordinate = Field(description="its cell: A1 .. J1")
    hp: int = Field(ge=1)
    strength: int = Field(1, ge=0)
    weapon: Literal["melee", "ranged"] = "melee"
    cards: list[str] = Field(default_factory=list, description="toy cards attached to it")
    ready: bool = True
    rage: int = Field(0, ge=0)


class ActiveSetup(BaseModel):
    """An activation already under way: the unit and the action points it has left."""

    model_config = ConfigDict(extra="forbid")
    unit: str
    ap: int = Field(2, ge=0)


class SkirmishSetup(BaseModel):
    """The ``setup:`` section of a Skirmish scenario."""

    model_config = ConfigDict(extra="forbid")
    standard: bool = Field(False, description="start from the standard armies")
    units: list[UnitSetup] = Field(default_factory=list)
    round: int = Field(1, ge=1, le=toygame.ROUNDS)
    phase: Literal["bid", "activate", "volley", "cleanup"] = "bid"
    turn: Side | None = None
    active: ActiveSetup | None = None


def cell(hex_: Hex) -> int | None:
    """The track cell of a board hex (row 1, columns A..J), or None off the track."""
    column, row = to_offset(hex_)
    return column if row == 0 and 0 <= column < TRACK else None


def coordinate(position: int) -> str:
    return format_coord(from_offset(position, 0))


UNIT = Param("unit", Kind.TEXT, "the unit's id")
ACTIONS = (
    ActionSpec(
        "step", "run one step of the round procedure", (Param("times", Kind.INT, required=False),)
    ),
    ActionSpec("play", "play the game to its end"),
    ActionSpec("activate", "activate a unit; its actions are the step's answers", (UNIT,)),
    ActionSpec("move", "move the active unit one cell", (UNIT, Param("to", Kind.HEX, "the cell"))),
    ActionSpec(
        "walk",
        "move the active unit cell by cell along a path",
        (UNIT, Param("path", Kind.HEX, "the cells, in order", many=True)),
    ),
    ActionSpec("attack", "attack with the unit's weapon", (UNIT, Param("target", Kind.TEXT))),
    ActionSpec("rally", "+1 strength until the end of the context", (UNIT,)),
    ActionSpec("guard", "go on guard, ending the activation", (UNIT,)),
    ActionSpec("end", "end the unit's activation", (UNIT,)),
    ActionSpec(
        "damage",
        "deal damage outside any attack (to test cards)",
        (Param("target", Kind.TEXT), Param("amount", Kind.INT), Param("source", Kind.TEXT)),
    ),
)
OBSERVABLES = (
    Observable("unit", "hp", Kind.INT, "hit points left"),
    Observable("unit", "at", Kind.HEX, "its cell"),
    Observable("unit", "strength", Kind.INT, "strength with every modifier"),
    Observable("unit", "weapon", Kind.TEXT, "melee or ranged"),
    Observable("unit", "in_play", Kind.BOOL, "false once defeated"),
    Observable("unit", "ready", Kind.BOOL, "not yet activated this round"),
    Observable("unit", "rage", Kind.INT, "rage tokens"),
    Observable("unit", "cards", Kind.TEXT, "attached effects, oldest first", many=True),
    Observable("player", "hp", Kind.INT, "hit points of the player's units in play"),
    Observable("player", "units", Kind.TEXT, "the player's units in play", many=True),
    Observable("game", "round", Kind.INT, "the round number"),
    Observable("game", "phase", Kind.TEXT, "bid, activate, volley, cleanup or over"),
    Observable("game", "turn", Kind.JSON, "whose turn it is to activate"),
    Observable("game", "winner", Kind.JSON, "north, south, draw, or null"),
    Observable("game", "ap", Kind.JSON, "AP left in the innermost context (null: none)"),
    Observable("game", "context", Kind.JSON, "the innermost open context's kind"),
    Observable("query", "legal_actions", Kind.TEXT, "what the unit may do now", (UNIT,), many=True),
    Observable(
        "query",
        "distance",
        Kind.INT,
        "cells between two units",
        (Param("from", Kind.TEXT), Param("to", Kind.TEXT)),
    ),
    Observable(
        "query",
        "allowed",
        Kind.BOOL,
        "whether the permissions let the unit do the action",
        (UNIT, Param("action", Kind.TEXT, choices=("move",))),
    ),
)


class SkirmishGame:
    """A Skirmish game set up from a scenario."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine

    @property
    def engine(self) -> Engine:
        return self._engine

    def frame(self, unit: str) -> Frame:
        """The innermost open activation or interruption of ``unit``."""
        for frame in reversed(self.engine.state.stack):
            if frame.kind in ("activation", "interruption") and frame.subject == unit:
                return frame
        raise fail(ILLEGAL_ACTION, f"{unit} is not acting now", hint="activate it first")

    def act(self, unit: str, choice: str) -> None:
        engine = self.engine
        frame = self.frame(unit)
        legal = toygame.legal_actions(engine, unit, frame)
        if choice not in legal:
            raise fail(
                ILLEGAL_ACTION,
                f"{unit} cannot {choice.replace(':', ' ')} now",
                hint="legal now: " + ", ".join(str(option) for option in legal),
            )
        toygame.perform(engine, unit, frame, choice)

    def perform(self, action: str, args: Args) -> None:
        engine = self.engine
        unit = str(args.get("unit", ""))
        if action == "step":
            for _ in range(int(args.get("times", 1))):
                toygame.step(engine)
        elif action == "play":
            toygame.play(engine)
        elif action == "activate":
            toygame.activate(engine, unit)
        elif action in ("move", "walk"):
            for hex_ in args["path"] if action == "walk" else [args["to"]]:
                destination = cell(hex_)
                if destination is None:
                    raise fail(ILLEGAL_ACTION, f"{format_coord(hex_)} is off the track")
                self.act(unit, f"move:{destination}")
        elif action == "attack":
            self.act(unit, f"attack:{args['target']}")
        elif action in ("rally", "guard"):
            self.act(unit, action)
        elif action == "end":
            frame = self.frame(unit)
            engine.emit("activation_end", unit=unit)
            engine.close(frame)
        elif action == "damage":
            engine.emit(
                "damage", source=args["source"], target=args["target"], amount=args["amount"]
            )

    def observe(self, subject: str, name: str, target: str | None, args: Args) -> Json:
        engine = self.engine
        if subject == "unit" and target is not None:
            entity = engine.entity(target)
            if name == "at":
                return coordinate(toygame.num(engine, target, "pos"))
            if name == "strength":
                return engine.query("strength", target)
            if name == "in_play":
                return entity.in_play
            if name == "cards":
                return [a.effect for a in engine.attachments(target)]
            return entity.props.get(name)
        if subject == "player" and target is not None:
            if target not in engine.players:
                raise fail(
                    ILLEGAL_ACTION, f"no player {target!r}", hint=did_you_mean(target, PLAYERS)
                )
            units = toygame.units(engine, target)
            if name == "units":
                return list(units)
            return sum(toygame.num(engine, u, "hp") for u in units)
        if subject == "game":
            top = engine.top
            if name == "ap":
                return top.ap if top is not None else None
            if name == "context":
                return top.kind if top is not None else None
            return engine.state.data.get(name)
        if name == "legal_actions":
            unit = str(args["unit"])
            return toygame.legal_actions(engine, unit, self.frame(unit))
        if name == "distance":
            return toygame.distance(engine, str(args["from"]), str(args["to"]))
        return engine.allowed(str(args["action"]), str(args["unit"]))


class SkirmishDriver:
    """Skirmish's :class:`~hexforge.core.scenarios.ScenarioDriver`."""

    game = GAME
    setup_model = SkirmishSetup
    actions: Sequence[ActionSpec] = ACTIONS
    observables: Sequence[Observable] = OBSERVABLES

    def setup(self, setup: BaseModel, where: SetupSource, seed: int, agent: Agent) -> SkirmishGame:
        assert isinstance(setup, SkirmishSetup)
        engine = Engine.new(toygame.ruleset(), seed, PLAYERS, {p: agent for p in PLAYERS})
        toygame.setup(engine, toygame.STANDARD if setup.standard else self.army(setup, where))
        engine.state.data.update({"round": setup.round, "phase": setup.phase, "turn": setup.turn})
        for unit in setup.units:
            engine.set_prop(unit.id, "ready", unit.ready)
            engine.set_prop(unit.id, "rage", unit.rage)
        if setup.phase != "bid" or setup.active is not None:
            engine.open("round")  # the bid step opens each round; past it, one is under way
        if setup.active is not None:
            active = setup.active
            if active.unit not in engine.state.entities:
                raise where.error(
                    WRONG_VALUE,
                    f"no unit '{active.unit}' to be active",
                    ("active", "unit"),
                    hint=did_you_mean(active.unit, engine.state.entities),
                )
            owner = engine.entity(active.unit).owner
            engine.open("activation", player=owner, subject=active.unit, ap=active.ap)
            engine.set_prop(active.unit, "ready", False)
        return SkirmishGame(engine)

    def army(self, setup: SkirmishSetup, where: SetupSource) -> list[UnitSpec]:
        army = []
        for index, unit in enumerate(setup.units):
            position = cell(hex_of(unit.at))
            if position is None:
                raise where.error(
                    WRONG_VALUE,
                    f"{unit.at} is off the Skirmish track",
                    ("units", index, "at"),
                    hint="cells are A1 .. J1",
                )
            for number, card in enumerate(unit.cards):
                if card not in CARDS:
                    raise where.error(
                        UNKNOWN_EFFECT,
                        f"no toy card '{card}'",
                        ("units", index, "cards", number),
                        hint=did_you_mean(card, CARDS),
                    )
            spec = UnitSpec(
                unit.id, unit.side, position, unit.hp, unit.strength, unit.weapon, tuple(unit.cards)
            )
            army.append(spec)
        return army

    def cards(self) -> Sequence[str]:
        return sorted(CARDS)


DRIVER: ScenarioDriver = SkirmishDriver()  # mypy checks the class against the protocol


@hookimpl
def hexforge_scenario_drivers() -> list[ScenarioDriver]:
    return [DRIVER]
