"""The actions of a motu scenario step (``- do: <action>``), each declared beside its
handler in one table.

The actions a character takes while acting (attack, move, play_card...) are the turn
loop's (:mod:`~hexforge.plugins.motu.actions`): their steps are derived from that table
and performed through it. The rest set up or force what the rules would bring about
(wounds, tokens, frames, movement effects, clean-up, the end of the game).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from hexforge.core.engine import Engine
from hexforge.core.engine.diagnostics import did_you_mean, fail
from hexforge.core.hexgrid import Hex
from hexforge.core.scenarios import ILLEGAL_ACTION, ActionSpec, Args, Kind, Param
from hexforge.plugins.motu import codes
from hexforge.plugins.motu.acting import acting_frame, open_activation, open_interruption
from hexforge.plugins.motu.actions import ACTIONS as TURN_ACTIONS
from hexforge.plugins.motu.actions import (
    TARGET,
    Action,
    ActionTable,
    Turn,
    Verb,
    actions_of,
    optional_text,
)
from hexforge.plugins.motu.battlefield import Location
from hexforge.plugins.motu.board import as_texts
from hexforge.plugins.motu.cards import STAT_NAMES
from hexforge.plugins.motu.dicetest import run_test
from hexforge.plugins.motu.driver_declared import Declared, beside
from hexforge.plugins.motu.driver_setup import PLAYERS
from hexforge.plugins.motu.hands import card_id, discard, take_from_hand
from hexforge.plugins.motu.mana import gain_mana, spend_mana
from hexforge.plugins.motu.moving import charge, push, switch, teleport, towards
from hexforge.plugins.motu.rounds import (
    activatable,
    activation_phase,
    agree_draw,
    clean_up,
    forfeit,
    preparation,
)
from hexforge.plugins.motu.state import MotuState, UnitState
from hexforge.plugins.motu.tokens import clear_tokens, give_token, place_mark
from hexforge.plugins.motu.turns import begin_activation, interrupt
from hexforge.plugins.motu.wounds import deal_wounds

Handler = Callable[[Engine, str, Args], None]
"""Performs a step: the engine, the ``unit`` argument ('' without one), the arguments."""

Step = Declared[ActionSpec, Handler]
"""One scenario action: what the file may write, and what it does."""

UNIT = Param("unit", Kind.TEXT, "a character's id")


def _turn_step(action: Action) -> Step:
    """The step of a turn action: its parameters, performed through the action table;
    one that ends the activation or interruption closes it, as the turn loop does."""

    def run(engine: Engine, unit: str, args: Args) -> None:
        action.perform(Turn(engine, unit, None, interrupt), args)
        if action.ends:
            end_turn(engine, unit)

    return Declared(ActionSpec(action.step_name, action.doc, (UNIT, *action.params)), run)


def end_turn(engine: Engine, unit: str) -> None:
    """Close ``unit``'s activation (its cards go on the character) or interruption (they
    are discarded)."""
    frame = acting_frame(engine, unit)
    ended = "activation_ended" if frame.kind == "activation" else "interruption_ended"
    engine.emit(ended, unit=unit)
    engine.close(frame)
    if frame.kind == "interruption":
        for card in as_texts(frame.data.get("played")):
            discard(engine, engine.entity(unit).owner or "", card)
    else:
        character = UnitState(engine, unit)
        character.played = as_texts(frame.data.get("played"))
        character.activated = True


@beside(
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
    )
)
def _test(engine: Engine, unit: str, args: Args) -> None:
    against, defender = optional_text(args.get("against")), optional_text(args.get("defender"))
    if (against is None) != (defender is None):
        raise fail(ILLEGAL_ACTION, "a defence test needs both 'against' and 'defender'")
    bonus = int(args.get("bonus", 0))
    run_test(engine, unit, str(args["stat"]), bonus=bonus, defender=defender, against=against)


@beside(
    ActionSpec(
        "give", "give a buff or debuff, as an effect does", (UNIT, Param("token", Kind.TEXT))
    )
)
def _give(engine: Engine, unit: str, args: Args) -> None:
    give_token(engine, unit, str(args["token"]))


@beside(
    ActionSpec(
        "place_mark",
        "place a mark for the unit's force, as a skill does",
        (UNIT, Param("mark", Kind.TEXT), Param("at", Kind.HEX, required=False)),
    )
)
def _place_mark(engine: Engine, unit: str, args: Args) -> None:
    at = args.get("at")
    place_mark(engine, unit, str(args["mark"]), at if isinstance(at, Hex) else None)


@beside(ActionSpec("clear_tokens", "clean-up: remove every buff, debuff and mark"))
def _clear_tokens(engine: Engine, unit: str, args: Args) -> None:
    clear_tokens(engine)


@beside(
    ActionSpec(
        "wound",
        "deal wounds outside an attack",
        (UNIT, Param("amount", Kind.INT), Param("source", Kind.TEXT, required=False)),
    )
)
def _wound(engine: Engine, unit: str, args: Args) -> None:
    deal_wounds(engine, unit, int(args["amount"]), optional_text(args.get("source")))


@beside(ActionSpec("gain_mana", "gain mana (never above 5)", (UNIT, Param("amount", Kind.INT))))
def _gain_mana(engine: Engine, unit: str, args: Args) -> None:
    gain_mana(engine, unit, int(args["amount"]))


@beside(ActionSpec("spend_mana", "spend mana", (UNIT, Param("amount", Kind.INT))))
def _spend_mana(engine: Engine, unit: str, args: Args) -> None:
    spend_mana(engine, unit, int(args["amount"]), "the scenario")


@beside(
    ActionSpec(
        "activate",
        "open the unit's activation: with 'card', played from its player's hand as the"
        " activation phase does (ready, double activation, AP, mana and bonus from the"
        " card); else with 'ap' and 'mana'",
        (
            UNIT,
            Param("card", Kind.TEXT, "a fate or glory card in the player's hand", False),
            Param("ap", Kind.INT, required=False),
            Param("mana", Kind.INT, required=False),
        ),
    )
)
def _activate(engine: Engine, unit: str, args: Args) -> None:
    card = optional_text(args.get("card"))
    if card is None:
        if "ap" not in args:
            raise fail(ILLEGAL_ACTION, "'activate' needs a 'card' or the 'ap'")
        open_activation(engine, unit, int(args["ap"]), int(args.get("mana", 0)))
        engine.emit("activated", unit=unit)
        return
    if "ap" in args or "mana" in args:
        raise fail(ILLEGAL_ACTION, "a card gives the AP and mana: 'ap' and 'mana' go without it")
    player = engine.entity(unit).owner or ""
    allowed = activatable(engine, player)
    if unit not in allowed:
        raise fail(
            codes.NOT_ALLOWED,
            f"{unit} cannot be activated now",
            hint="ready and not barred by rulebook §Double Activation: "
            + (", ".join(allowed) or "none"),
        )
    take_from_hand(engine, player, card_id(card))
    MotuState(engine).round_last[player] = unit
    begin_activation(engine, unit, card_id(card))


@beside(
    ActionSpec(
        "prepare",
        "the preparation phase: each player, first player first, discards fate cards"
        " (decisions 'discard') and draws up to five from its deck",
    )
)
def _prepare(engine: Engine, unit: str, args: Args) -> None:
    preparation(engine)


@beside(
    ActionSpec(
        "activation_phase",
        "the whole activation phase: hidden card selection ('select_card'), reveal,"
        " initiative (ties: the first player), activations ('activate', 'bonus', 'action')"
        " until both players pass",
    )
)
def _activation_phase(engine: Engine, unit: str, args: Args) -> None:
    activation_phase(engine)


@beside(
    ActionSpec(
        "interrupt",
        "open an interruption of an enemy by the unit",
        (UNIT, Param("interrupted", Kind.TEXT), Param("opportunity", Kind.BOOL, required=False)),
    )
)
def _interrupt(engine: Engine, unit: str, args: Args) -> None:
    interrupted = str(args["interrupted"])
    engine.entity(interrupted)
    opportunity = bool(args.get("opportunity", False))
    open_interruption(engine, unit, interrupted, opportunity=opportunity)
    engine.emit("interruption_started", unit=unit, interrupted=interrupted)


@beside(
    ActionSpec(
        "push",
        "push (or pull) the unit straight away from (towards) 'by'",
        (
            UNIT,
            Param("by", Kind.TEXT),
            Param("hexes", Kind.INT),
            Param("pull", Kind.BOOL, required=False),
        ),
    )
)
def _push(engine: Engine, unit: str, args: Args) -> None:
    push(engine, unit, str(args["by"]), int(args["hexes"]), pull=bool(args.get("pull")))


PLACE = (
    Param("to", Kind.HEX, "where it lands (HF765 when it cannot); else the player picks", False),
    Param("level", Kind.INT, "the elevation of 'to' (0, the ground, by default)", False),
)


def _place(args: Args) -> Location | None:
    to = args.get("to")
    return Location(to, int(args.get("level", 0))) if isinstance(to, Hex) else None


@beside(ActionSpec("teleport", "teleport up to 'hexes'", (UNIT, Param("hexes", Kind.INT), *PLACE)))
def _teleport(engine: Engine, unit: str, args: Args) -> None:
    teleport(engine, unit, int(args["hexes"]), to=_place(args))


@beside(ActionSpec("jump", "jump up to 'hexes'", (UNIT, Param("hexes", Kind.INT), *PLACE)))
def _jump(engine: Engine, unit: str, args: Args) -> None:
    teleport(engine, unit, int(args["hexes"]), jump=True, interrupt=interrupt, to=_place(args))


@beside(ActionSpec("switch", "two characters switch places", (UNIT, Param("with", Kind.TEXT))))
def _switch(engine: Engine, unit: str, args: Args) -> None:
    switch(engine, unit, str(args["with"]), interrupt)


@beside(
    ActionSpec("charge", "charge 'target' with 'points'", (UNIT, TARGET, Param("points", Kind.INT)))
)
def _charge(engine: Engine, unit: str, args: Args) -> None:
    charge(engine, unit, str(args.get("target", "")), int(args["points"]), interrupt)


@beside(
    ActionSpec(
        "towards", "move towards 'target' with 'points'", (UNIT, TARGET, Param("points", Kind.INT))
    )
)
def _towards(engine: Engine, unit: str, args: Args) -> None:
    towards(engine, unit, str(args.get("target", "")), int(args["points"]), interrupt)


@beside(ActionSpec("clean_up", "the clean-up phase (objectives, tokens, victory, ready, mana)"))
def _clean_up(engine: Engine, unit: str, args: Args) -> None:
    clean_up(engine)


@beside(
    ActionSpec(
        "forfeit", "a player forfeits", (Param("player", Kind.TEXT, choices=tuple(PLAYERS)),)
    )
)
def _forfeit(engine: Engine, unit: str, args: Args) -> None:
    forfeit(engine, str(args["player"]))


@beside(ActionSpec("agree_draw", "both players agree to a draw"))
def _agree_draw(engine: Engine, unit: str, args: Args) -> None:
    agree_draw(engine)


STEPS: tuple[Step, ...] = (
    _turn_step(TURN_ACTIONS[Verb.ATTACK]),
    _turn_step(TURN_ACTIONS[Verb.SKILL]),
    _turn_step(TURN_ACTIONS[Verb.ITEM]),
    _test,
    _give,
    _place_mark,
    _clear_tokens,
    _wound,
    _gain_mana,
    _spend_mana,
    _activate,
    _prepare,
    _activation_phase,
    _interrupt,
    _turn_step(TURN_ACTIONS[Verb.END]),
    _turn_step(TURN_ACTIONS[Verb.FOCUS]),
    _turn_step(TURN_ACTIONS[Verb.MOVE]),
    _turn_step(TURN_ACTIONS[Verb.OVERWATCH]),
    _turn_step(TURN_ACTIONS[Verb.CARD]),
    _push,
    _teleport,
    _jump,
    _switch,
    _charge,
    _towards,
    _clean_up,
    _forfeit,
    _agree_draw,
)
BY_NAME: Mapping[str, Step] = {s.spec.name: s for s in STEPS}
ACTIONS = tuple(s.spec for s in STEPS)


def registered_steps(table: ActionTable) -> tuple[Step, ...]:
    """The steps of the actions plugins and action cards add to ``table`` (the rulebook's
    have theirs above), each named after its verb and taking its parameters."""
    return tuple(_turn_step(a) for a in table.actions if a.verb not in TURN_ACTIONS)


def perform(engine: Engine, action: str, args: Args) -> None:
    """Carry out the step ``action``; HF768 when there is none of that name."""
    found = BY_NAME.get(action)
    if found is None:
        extra = {s.spec.name: s for s in registered_steps(actions_of(engine))}
        found = extra.get(action)
        if found is None:
            names = [*BY_NAME, *extra]
            raise fail(
                codes.UNKNOWN_ACTION,
                f"no motu scenario action '{action}'",
                hint=did_you_mean(action, names) or f"actions: {', '.join(names)}",
            )
    unit = str(args.get("unit", ""))
    if unit:
        engine.entity(unit)
    found.run(engine, unit, args)
