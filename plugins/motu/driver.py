"""The motu scenario driver: positions, actions and observables in the game's own words.

``setup:`` takes a map (a shipped map's name or an inline map), the characters with their
card, side, hex, facing, equipment and tokens, the marks on the board, the VP so far, and
the character acting now (an activation, or an interruption of an enemy). Actions call
the procedures of docs/motu.md; observables read the state and the battlefield.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from hexforge.core.engine import Agent, Engine, Json
from hexforge.core.engine.diagnostics import did_you_mean, fail
from hexforge.core.errors import HexforgeError
from hexforge.core.hexgrid import Direction, Hex, format_coord
from hexforge.core.scenarios import (
    ILLEGAL_ACTION,
    WRONG_VALUE,
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
from hexforge.plugins.motu.acting import (
    acting_frame,
    action_cost,
    current_acting,
    open_activation,
    open_interruption,
)
from hexforge.plugins.motu.attacks import attack, legal_targets, scope_changes, weapon_of
from hexforge.plugins.motu.battlefield import (
    Location,
    in_cover,
    in_range,
    is_flank,
    map_from_document,
    reachable,
)
from hexforge.plugins.motu.board import (
    as_texts,
    board_map,
    engaged_with,
    in_sight,
    location,
    occupancy,
    occupant,
    use_map,
)
from hexforge.plugins.motu.board import (
    hex_of as unit_hex,
)
from hexforge.plugins.motu.cards import Character, Faction
from hexforge.plugins.motu.dicetest import run_test
from hexforge.plugins.motu.library import library_for, library_of, motu_rules
from hexforge.plugins.motu.mana import gain_mana, spend_mana
from hexforge.plugins.motu.moving import charge, push, switch, teleport, towards
from hexforge.plugins.motu.rounds import agree_draw, clean_up, forfeit
from hexforge.plugins.motu.skills import usable_skills, use_item, use_skill
from hexforge.plugins.motu.tokens import clear_tokens, give_token, marks, place_mark
from hexforge.plugins.motu.turns import (
    discard,
    focus_action,
    hand,
    interrupt,
    move_action,
    overwatch_action,
    pile,
    play_card,
)
from hexforge.plugins.motu.units import create_character
from hexforge.plugins.motu.wounds import deal_wounds, victory_points

GAME = "motu"
PLAYERS = [Faction.MASTERS.value, Faction.EVIL.value]
FACINGS = tuple(d.name for d in Direction)
STAT_NAMES = ("health", "toughness", "mind", "power", "perception", "strength")


class _Setup(BaseModel):
    model_config = ConfigDict(extra="forbid")


class UnitSetup(_Setup):
    """One character of ``setup.units``."""

    id: str = Field(min_length=1)
    card: str = Field(description="its character card: 'motu/he-man' or 'he-man'")
    side: Literal["masters", "evil"] | None = Field(None, description="default: its faction")
    at: Coordinate
    level: int = Field(0, ge=0, description="1 on a platform")
    facing: Literal["N", "NE", "SE", "S", "SW", "NW"] = "N"
    weapons: list[str] | None = Field(None, description="default: the card's weapons")
    items: list[str] | None = Field(None, description="default: the card's items")
    wounds: int = Field(0, ge=0)
    mana: int = Field(0, ge=0, le=5)
    focus: bool = False
    overwatch: bool = False
    buff: str | None = None
    debuff: str | None = None


class MarkSetup(_Setup):
    """A mark already on the battleground."""

    card: str
    side: Literal["masters", "evil"]
    at: Coordinate


class ActiveSetup(_Setup):
    """The character acting now: activating, or interrupting the enemy ``interrupts``."""

    unit: str
    ap: int = Field(2, ge=0)
    interrupts: str | None = None
    opportunity: bool = Field(False, description="an attack of opportunity (scope +1)")


class MotuSetup(_Setup):
    """The ``setup:`` section of a motu scenario."""

    map: str | dict[str, Any] = Field(description="a shipped map's name, or a map inline")
    units: list[UnitSetup] = Field(default_factory=list)
    marks: list[MarkSetup] = Field(default_factory=list)
    round: int = Field(1, ge=1, le=4)
    phase: Literal["preparation", "activation", "clean-up"] = "activation"
    vp: dict[str, int] = Field(default_factory=dict)
    active: ActiveSetup | None = None
    hands: dict[Literal["masters", "evil"], list[str]] = Field(
        default_factory=dict, description="fate and glory cards in each player's hand"
    )
    first_player: Literal["masters", "evil"] = "masters"
    claimed: dict[str, int] = Field(default_factory=dict, description="objectives claimed")


UNIT = Param("unit", Kind.TEXT, "a character's id")
TARGET = Param("target", Kind.TEXT, "the target character", required=False)
ACTIONS = (
    ActionSpec(
        "attack",
        "the attack action with a weapon (id or slug; 'fists')",
        (
            UNIT,
            Param("weapon", Kind.TEXT),
            Param("target", Kind.TEXT),
            Param("free", Kind.BOOL, "a free action", required=False),
        ),
    ),
    ActionSpec("skill", "use an active skill", (UNIT, Param("skill", Kind.TEXT), TARGET)),
    ActionSpec("use_item", "use a disposable item", (UNIT, Param("item", Kind.TEXT), TARGET)),
    ActionSpec(
        "test",
        "a test outside any attack (a skill test); 'against' makes the defender test too",
        (
            UNIT,
            Param("stat", Kind.TEXT, choices=STAT_NAMES),
            Param("bonus", Kind.INT, required=False),
            Param("against", Kind.TEXT, choices=STAT_NAMES, required=False),
            Param("defender", Kind.TEXT, required=False),
        ),
    ),
    ActionSpec(
        "give", "give a buff or debuff, as an effect does", (UNIT, Param("token", Kind.TEXT))
    ),
    ActionSpec(
        "place_mark",
        "place a mark for the unit's force, as a skill does",
        (UNIT, Param("mark", Kind.TEXT), Param("at", Kind.HEX, required=False)),
    ),
    ActionSpec("clear_tokens", "clean-up: remove every buff, debuff and mark"),
    ActionSpec(
        "wound",
        "deal wounds outside an attack",
        (UNIT, Param("amount", Kind.INT), Param("source", Kind.TEXT, required=False)),
    ),
    ActionSpec("gain_mana", "gain mana (never above 5)", (UNIT, Param("amount", Kind.INT))),
    ActionSpec("spend_mana", "spend mana", (UNIT, Param("amount", Kind.INT))),
    ActionSpec(
        "activate",
        "open the unit's activation (issue 9's rounds do this from a card)",
        (UNIT, Param("ap", Kind.INT), Param("mana", Kind.INT, required=False)),
    ),
    ActionSpec(
        "interrupt",
        "open an interruption of an enemy by the unit",
        (UNIT, Param("interrupted", Kind.TEXT), Param("opportunity", Kind.BOOL, required=False)),
    ),
    ActionSpec("end", "end the unit's activation or interruption", (UNIT,)),
    ActionSpec("focus", "the focus action", (UNIT,)),
    ActionSpec(
        "move",
        "the move action; without 'to' the player picks (answers)",
        (
            UNIT,
            Param("to", Kind.HEX, required=False),
            Param("level", Kind.INT, required=False),
            Param("focused", Kind.BOOL, "spend focus for the focused speed", required=False),
            Param("free", Kind.BOOL, "a free move action", required=False),
            Param("facing", Kind.TEXT, choices=FACINGS, required=False),
        ),
    ),
    ActionSpec("overwatch", "the overwatch action (the activation ends)", (UNIT,)),
    ActionSpec(
        "play_card",
        "play a card from hand for a bonus (ability, mana, mission, ap)",
        (UNIT, Param("card", Kind.TEXT), Param("bonus", Kind.TEXT, required=False)),
    ),
    ActionSpec(
        "push",
        "push (or pull) the unit straight away from (towards) 'by'",
        (
            UNIT,
            Param("by", Kind.TEXT),
            Param("hexes", Kind.INT),
            Param("pull", Kind.BOOL, required=False),
        ),
    ),
    ActionSpec("teleport", "teleport up to 'hexes'", (UNIT, Param("hexes", Kind.INT))),
    ActionSpec("jump", "jump up to 'hexes'", (UNIT, Param("hexes", Kind.INT))),
    ActionSpec("switch", "two characters switch places", (UNIT, Param("with", Kind.TEXT))),
    ActionSpec(
        "charge", "charge 'target' with 'points'", (UNIT, TARGET, Param("points", Kind.INT))
    ),
    ActionSpec(
        "towards",
        "move towards 'target' with 'points'",
        (UNIT, TARGET, Param("points", Kind.INT)),
    ),
    ActionSpec("clean_up", "the clean-up phase (objectives, tokens, victory, ready, mana)"),
    ActionSpec(
        "forfeit", "a player forfeits", (Param("player", Kind.TEXT, choices=tuple(PLAYERS)),)
    ),
    ActionSpec("agree_draw", "both players agree to a draw"),
)

FROM_TO = (Param("from", Kind.TEXT), Param("to", Kind.TEXT))
OBSERVABLES = (
    Observable("unit", "wounds", Kind.INT, "wound tokens"),
    Observable("unit", "mana", Kind.INT, "mana tokens"),
    Observable("unit", "at", Kind.HEX, "its hex"),
    Observable("unit", "level", Kind.INT, "0 standard elevation, 1 platform"),
    Observable("unit", "facing", Kind.TEXT, "the edge it faces: N, NE, SE, S, SW, NW"),
    Observable("unit", "buff", Kind.JSON, "its buff card, or null"),
    Observable("unit", "debuff", Kind.JSON, "its debuff card, or null"),
    Observable("unit", "knocked_out", Kind.BOOL, "knocked out"),
    Observable("unit", "in_play", Kind.BOOL, "its model is on the battleground"),
    Observable("unit", "focus", Kind.BOOL, "holds a focus token"),
    Observable("unit", "overwatch", Kind.BOOL, "holds an overwatch token"),
    Observable("unit", "used_items", Kind.TEXT, "disposable items flipped", many=True),
    Observable("unit", "cards", Kind.TEXT, "attached effects, oldest first", many=True),
    *(Observable("unit", s, Kind.INT, f"{s} with every modifier") for s in STAT_NAMES),
    Observable("unit", "speed", Kind.INT, "speed with every modifier"),
    Observable("unit", "focused_speed", Kind.INT, "focused speed with every modifier"),
    Observable("player", "vp", Kind.INT, "victory points"),
    Observable("player", "hand", Kind.TEXT, "cards in hand: fate, then glory", many=True),
    Observable("player", "discard", Kind.TEXT, "the discard pile", many=True),
    Observable("player", "completed", Kind.TEXT, "glory cards face up", many=True),
    Observable("player", "claimed", Kind.INT, "objective tokens claimed"),
    Observable("unit", "played", Kind.TEXT, "cards on the character card", many=True),
    Observable("game", "result", Kind.JSON, "winner and reason, once the game is over"),
    Observable("game", "objectives", Kind.TEXT, "objective tokens still on the board", many=True),
    Observable("game", "ap", Kind.JSON, "AP left in the innermost activation or interruption"),
    Observable("game", "context", Kind.JSON, "the innermost open context's kind"),
    Observable("game", "round", Kind.INT, "the round"),
    Observable("game", "marks", Kind.TEXT, "marks on the board: card@hex", many=True),
    Observable("query", "sees", Kind.BOOL, "line of sight between two characters", FROM_TO),
    Observable("query", "cover", Kind.BOOL, "'to' is in cover from 'from'", FROM_TO),
    Observable("query", "flank", Kind.BOOL, "'from' stands in the rear arc of 'to'", FROM_TO),
    Observable(
        "query",
        "in_range",
        Kind.BOOL,
        "within so many inches",
        (*FROM_TO, Param("inches", Kind.INT)),
    ),
    Observable(
        "query", "engaged", Kind.TEXT, "the enemies engaged with the unit", (UNIT,), many=True
    ),
    Observable(
        "query",
        "path_cost",
        Kind.JSON,
        "movement points to reach a hex with a move (null: unreachable)",
        (UNIT, Param("to", Kind.HEX), Param("focused", Kind.BOOL, required=False)),
    ),
    Observable(
        "query",
        "legal_targets",
        Kind.TEXT,
        "whom the unit may attack with the weapon now",
        (UNIT, Param("weapon", Kind.TEXT)),
        many=True,
    ),
    Observable(
        "query",
        "scope_changes",
        Kind.TEXT,
        "situational scope changes of an attack (flank, target engaged, cover)",
        (UNIT, Param("weapon", Kind.TEXT), Param("target", Kind.TEXT)),
        many=True,
    ),
    Observable(
        "query",
        "attack_cost",
        Kind.INT,
        "AP the next attack with a weapon type costs",
        (UNIT, Param("type", Kind.TEXT, choices=("melee", "ranged", "spell"))),
    ),
    Observable("query", "legal_skills", Kind.TEXT, "active skills usable now", (UNIT,), many=True),
)


class MotuGame:
    """A motu game set up from a scenario."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine

    @property
    def engine(self) -> Engine:
        return self._engine

    def perform(self, action: str, args: Args) -> None:
        engine = self.engine
        unit = str(args.get("unit", ""))
        if unit:
            engine.entity(unit)
        target = args.get("target")
        target_id = None if target is None else str(target)
        if action == "attack":
            attack(engine, unit, str(args["weapon"]), str(target), free=bool(args.get("free")))
        elif action == "skill":
            use_skill(engine, unit, str(args["skill"]), target_id)
        elif action == "use_item":
            use_item(engine, unit, str(args["item"]), target_id)
        elif action == "test":
            self._test(unit, args)
        elif action == "give":
            give_token(engine, unit, str(args["token"]))
        elif action == "place_mark":
            place_mark(engine, unit, str(args["mark"]), _hex_arg(args.get("at")))
        elif action == "clear_tokens":
            clear_tokens(engine)
        elif action == "wound":
            source = args.get("source")
            deal_wounds(engine, unit, int(args["amount"]), None if source is None else str(source))
        elif action == "gain_mana":
            gain_mana(engine, unit, int(args["amount"]))
        elif action == "spend_mana":
            spend_mana(engine, unit, int(args["amount"]), "the scenario")
        elif action == "activate":
            open_activation(engine, unit, int(args["ap"]), int(args.get("mana", 0)))
            engine.emit("activated", unit=unit)
        elif action == "interrupt":
            interrupted = str(args["interrupted"])
            engine.entity(interrupted)
            opportunity = bool(args.get("opportunity", False))
            open_interruption(engine, unit, interrupted, opportunity=opportunity)
            engine.emit("interruption_started", unit=unit, interrupted=interrupted)
        elif action == "end":
            self._end(unit)
        else:
            self._more(action, unit, args)

    def _end(self, unit: str) -> None:
        engine = self.engine
        frame = acting_frame(engine, unit)
        ended = "activation_ended" if frame.kind == "activation" else "interruption_ended"
        engine.emit(ended, unit=unit)
        engine.close(frame)
        if frame.kind == "interruption":
            for card_id in as_texts(frame.data.get("played")):
                discard(engine, engine.entity(unit).owner or "", card_id)
        else:
            engine.set_prop(unit, "played", list[Json](as_texts(frame.data.get("played"))))
            engine.set_prop(unit, "activated", True)

    def _more(self, action: str, unit: str, args: Args) -> None:
        """The round procedure's actions and the movement effects (issue 9)."""
        engine = self.engine
        other = str(args.get("target", args.get("by", args.get("with", ""))))
        if action == "focus":
            focus_action(engine, unit, acting_frame(engine, unit))
        elif action == "move":
            to = _hex_arg(args.get("to"))
            facing = args.get("facing")
            move_action(
                engine,
                unit,
                acting_frame(engine, unit),
                focused=bool(args.get("focused")),
                free=bool(args.get("free")),
                to=None if to is None else Location(to, int(args.get("level", 0))),
                facing=None if facing is None else Direction[str(facing)],
            )
        elif action == "overwatch":
            overwatch_action(engine, unit, acting_frame(engine, unit))
            self._end(unit)
        elif action == "play_card":
            bonus = args.get("bonus")
            play_card(
                engine,
                unit,
                _card_id(str(args["card"])),
                acting_frame(engine, unit),
                None if bonus is None else str(bonus),
            )
        elif action == "push":
            push(engine, unit, other, int(args["hexes"]), pull=bool(args.get("pull")))
        elif action in ("teleport", "jump"):
            jump = action == "jump"
            teleport(
                engine, unit, int(args["hexes"]), jump=jump, interrupt=interrupt if jump else None
            )
        elif action == "switch":
            switch(engine, unit, other, interrupt)
        elif action == "charge":
            charge(engine, unit, other, int(args["points"]), interrupt)
        elif action == "towards":
            towards(engine, unit, other, int(args["points"]), interrupt)
        elif action == "clean_up":
            clean_up(engine)
        elif action == "forfeit":
            forfeit(engine, str(args["player"]))
        elif action == "agree_draw":
            agree_draw(engine)

    def _test(self, unit: str, args: Args) -> None:
        against = args.get("against")
        defender = args.get("defender")
        if (against is None) != (defender is None):
            raise fail(ILLEGAL_ACTION, "a defence test needs both 'against' and 'defender'")
        run_test(
            self.engine,
            unit,
            str(args["stat"]),
            bonus=int(args.get("bonus", 0)),
            defender=None if defender is None else str(defender),
            against=None if against is None else str(against),
        )

    def observe(self, subject: str, name: str, target: str | None, args: Args) -> Json:
        engine = self.engine
        if subject == "unit" and target is not None:
            entity = engine.entity(target)
            if name == "at":
                return format_coord(unit_hex(engine, target))
            if name == "in_play":
                return entity.in_play
            if name == "cards":
                return [a.effect for a in engine.attachments(target)]
            if name in (*STAT_NAMES, "speed", "focused_speed"):
                return engine.query(name, target)
            return entity.props.get(name)
        if subject == "player" and target is not None:
            if target not in engine.players:
                raise fail(
                    ILLEGAL_ACTION, f"no player {target!r}", hint=did_you_mean(target, PLAYERS)
                )
            if name in ("hand", "discard", "completed"):
                return list[Json](
                    hand(engine, target) if name == "hand" else pile(engine, name, target)
                )
            if name == "claimed":
                claimed = engine.state.data.get("claimed", {})
                return claimed.get(target, 0) if isinstance(claimed, dict) else 0
            return victory_points(engine, target)
        if subject == "game":
            return self._game(name)
        return self._query(name, args)

    def _game(self, name: str) -> Json:
        engine = self.engine
        if name == "ap":
            frame = current_acting(engine)
            return None if frame is None else frame.ap
        if name == "context":
            top = engine.top
            return None if top is None else top.kind
        if name == "marks":
            return [f"{engine.prop(m, 'card')}@{engine.prop(m, 'hex')}" for m in marks(engine)]
        return engine.state.data.get(name)

    def _query(self, name: str, args: Args) -> Json:
        engine = self.engine
        a, b = str(args.get("from", "")), str(args.get("to", ""))
        unit = str(args.get("unit", ""))
        if name == "sees":
            return in_sight(engine, a, b)
        if name == "cover":
            return in_cover(
                board_map(engine), occupancy(engine), location(engine, a), occupant(engine, b)
            )
        if name == "flank":
            return is_flank(unit_hex(engine, a), occupant(engine, b))
        if name == "in_range":
            field = board_map(engine)
            inches = int(args["inches"])
            return in_range(field, (unit_hex(engine, a),), (unit_hex(engine, b),), inches)
        if name == "engaged":
            return list(engaged_with(engine, unit))
        if name == "path_cost":
            speed = engine.query("focused_speed" if args.get("focused") else "speed", unit)
            reach = reachable(board_map(engine), occupancy(engine), occupant(engine, unit), speed)
            costs = {loc.hex: cost for loc, cost in reach.costs.items()}
            destination = _hex_arg(args["to"])
            return None if destination is None else costs.get(destination)
        if name == "legal_targets":
            return list(legal_targets(engine, unit, weapon_of(engine, unit, str(args["weapon"]))))
        if name == "scope_changes":
            weapon = weapon_of(engine, unit, str(args["weapon"]))
            return [c.reason for c in scope_changes(engine, weapon, unit, str(args["target"]))]
        if name == "attack_cost":
            return action_cost(acting_frame(engine, unit), f"attack:{args['type']}")
        return list(usable_skills(engine, unit))


class MotuDriver:
    """The motu :class:`~hexforge.core.scenarios.ScenarioDriver` of one set of plugins
    (their cards, compiled at the first scenario)."""

    game = GAME
    setup_model = MotuSetup
    actions: Sequence[ActionSpec] = ACTIONS
    observables: Sequence[Observable] = OBSERVABLES

    def __init__(self, host: PluginHost) -> None:
        self.host = host

    def setup(self, setup: BaseModel, where: SetupSource, seed: int, agent: Agent) -> MotuGame:
        assert isinstance(setup, MotuSetup)
        engine = Engine.new(motu_rules(self.host), seed, PLAYERS, {p: agent for p in PLAYERS})
        if isinstance(setup.map, str):
            try:
                from hexforge.plugins.motu.battlefield import named_map

                named_map(setup.map)
            except HexforgeError as error:
                raise where.error(
                    error.code,
                    error.diagnostics[0].message,
                    ("map",),
                    hint=error.diagnostics[0].hint,
                ) from None
            use_map(engine, name=setup.map)
        else:
            map_from_document(where.document, (*where.path, "map"))  # every problem, placed
            use_map(engine, data=setup.map)
        engine.state.data.update(
            {
                "round": setup.round,
                "phase": setup.phase,
                "vp": dict(setup.vp),
                "first_player": setup.first_player,
                "claimed": dict(setup.claimed),
                "objectives": [format_coord(h) for h in board_map(engine).objectives],
                "result": None,
            }
        )
        for player, cards in setup.hands.items():
            for index, card_id in enumerate(cards):
                found = self._guard(
                    where,
                    ("hands", player, index),
                    lambda c=card_id: library_of(engine).card(_card_id(c), "fate", "glory"),
                )
                pile(engine, found.kind, player).append(found.id)
        for index, unit in enumerate(setup.units):
            self._unit(engine, unit, index, where)
        self._check_board(engine, where)
        for index, mark in enumerate(setup.marks):
            owner = next(
                (u.id for u in setup.units if (u.side or self._faction(engine, u)) == mark.side),
                None,
            )
            if owner is None:
                raise where.error(
                    WRONG_VALUE, f"no {mark.side} character to own the mark", ("marks", index)
                )
            self._guard(
                where,
                ("marks", index, "card"),
                lambda m=mark, o=owner: place_mark(engine, o, m.card, hex_of(m.at)),
            )
        engine.open("round")
        if setup.active is not None:
            self._active(engine, setup.active, where)
        return MotuGame(engine)

    @staticmethod
    def _faction(engine: Engine, unit: UnitSetup) -> str:
        card = library_of(engine).card(_card_id(unit.card), "character")
        assert isinstance(card, Character)
        return card.faction.value

    @staticmethod
    def _guard(where: SetupSource, path: tuple[str | int, ...], call: Any) -> Any:
        try:
            return call()
        except HexforgeError as error:
            first = error.diagnostics[0]
            raise where.error(error.code, first.message, path, hint=first.hint) from None

    def _unit(self, engine: Engine, unit: UnitSetup, index: int, where: SetupSource) -> None:
        at = ("units", index)
        if unit.id in engine.state.entities:
            raise where.error(WRONG_VALUE, f"two units are called '{unit.id}'", (*at, "id"))
        side = unit.side or self._guard(where, (*at, "card"), lambda: self._faction(engine, unit))
        self._guard(
            where,
            (*at, "card"),
            lambda: create_character(
                engine,
                unit.id,
                _card_id(unit.card),
                side,
                hex_of(unit.at),
                Direction[unit.facing],
                level=unit.level,
                weapons=None if unit.weapons is None else [_card_id(w) for w in unit.weapons],
                items=None if unit.items is None else [_card_id(i) for i in unit.items],
            ),
        )
        for name in ("wounds", "mana", "focus", "overwatch"):
            engine.set_prop(unit.id, name, getattr(unit, name))
        for slot in ("buff", "debuff"):
            token = getattr(unit, slot)
            if token is not None:
                self._guard(
                    where, (*at, slot), lambda t=token, k=slot: library_of(engine).token(t, k)
                )
                give_token(engine, unit.id, token)

    def _check_board(self, engine: Engine, where: SetupSource) -> None:
        try:
            occupancy(engine)
        except HexforgeError as error:
            raise where.error(
                error.code, error.diagnostics[0].message, ("units",), hint=error.diagnostics[0].hint
            ) from None

    def _active(self, engine: Engine, active: ActiveSetup, where: SetupSource) -> None:
        for name, path in (
            (active.unit, ("active", "unit")),
            (active.interrupts, ("active", "interrupts")),
        ):
            if name is not None and name not in engine.state.entities:
                raise where.error(
                    WRONG_VALUE,
                    f"no unit '{name}'",
                    path,
                    hint=did_you_mean(name, engine.state.entities),
                )
        if active.interrupts is None:
            open_activation(engine, active.unit, active.ap)
            return
        open_activation(engine, active.interrupts, 0)
        open_interruption(
            engine, active.unit, active.interrupts, opportunity=active.opportunity, ap=active.ap
        )

    def cards(self) -> Sequence[str]:
        return sorted(library_for(self.host).cards)


def _hex_arg(value: object) -> Hex | None:
    """A ``Kind.HEX`` argument (the runner hands them over as hexes)."""
    return value if isinstance(value, Hex) else None


def _card_id(name: str) -> str:
    return name if "/" in name else f"{GAME}/{name}"
