"""Skirmish: a tiny two-player game on the timing engine (not a real game).

It exists to prove the engine knows no game, and to exercise every engine feature in one
place; the engine tests, the benchmark (benchmarks/engine.py) and the scenario runner's
tests import it. Its rules, in short:

- A track of cells 0..9, one unit per cell. Units have hp, strength, a position and a
  weapon: melee hits an adjacent enemy (strength wounds on 3+), ranged hits an enemy
  within 3 cells (1 wound on 4+).
- Each round: both players bid 1-3 in secret; the higher bid starts (a tie: roll-off).
  Players alternate activating ready units. An activation has 2 AP; the n-th move costs
  n AP, the n-th attack with one weapon kind costs n AP. Actions: move, attack, rally
  (+1 strength until the end of this activation or interruption, once per context),
  guard (ends the activation; the next enemy that moves within 2 cells is interrupted:
  the guard gets 1 AP to close in or attack; guards can chain).
- Volley: after all activations, every ranged unit shoots its nearest enemy at once; the
  hits land together when the volley ends (a unit killed in the volley still shoots).
- After three rounds, or when a side is wiped out, the side with more hp left wins.

Cards (hooks, modifiers, permissions) are built with plain closures, the way the DSL
compiler will build them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import cast

from hexforge.core.engine import Agent, Engine, Event, Frame, Json, Ruleset, prop_base
from hexforge.core.engine.hierarchy import Trigger, roll_off_ruling
from hexforge.core.rules import (
    ONCE_PER_TRIGGER,
    CompiledEffect,
    Duration,
    EffectContext,
    Hook,
    Modifier,
    ModifierOp,
    Permission,
    Reach,
    Source,
    Tier,
    Window,
)
from hexforge.core.vocabulary import EventType, Field

PLAYERS = ("north", "south")
TRACK = 10
ROUNDS = 3
HERO = Tier(3, "hero")
GEAR = Tier(2, "gear")
RULE = Tier(1, "rule")
REACH = {"melee": 1, "ranged": 3}
TO_HIT = {"melee": 3, "ranged": 4}


# -- small accessors ---------------------------------------------------------------------


def game(context: EffectContext) -> Engine:
    return cast(Engine, context.game)


def num(engine: Engine, unit: str, name: str) -> int:
    value = engine.prop(unit, name, 0)
    return value if isinstance(value, int) else 0


def text(engine: Engine, unit: str, name: str) -> str:
    return str(engine.prop(unit, name, ""))


def opponent(player: str) -> str:
    return PLAYERS[1 - PLAYERS.index(player)]


def enemies(engine: Engine, a: str | None, b: str | None) -> bool:
    if a is None or b is None:
        return False
    return engine.entity(a).owner != engine.entity(b).owner


def distance(engine: Engine, a: str, b: str) -> int:
    return abs(num(engine, a, "pos") - num(engine, b, "pos"))


def units(engine: Engine, owner: str | None = None) -> list[str]:
    return [e.id for e in engine.entities("unit", owner)]


def occupied(engine: Engine, cell: int) -> bool:
    return any(num(engine, u, "pos") == cell for u in units(engine))


def bound(context: EffectContext, name: str) -> str | None:
    value = context.bindings.get(name)
    return value if isinstance(value, str) else None


def the_event(context: EffectContext) -> Event:
    return cast(Event, context.bindings["event"])


# -- events -------------------------------------------------------------------------------


def _move(engine: Engine, event: Event) -> None:
    engine.set_prop(str(event["unit"]), "pos", event["destination"])


def _damage(engine: Engine, event: Event) -> None:
    target = str(event["target"])
    if not engine.entity(target).in_play:
        return
    amount = event["amount"]
    hp = num(engine, target, "hp") - (amount if isinstance(amount, int) else 0)
    engine.set_prop(target, "hp", hp)
    if hp <= 0:
        engine.emit("defeated", unit=target)


def _defeat(engine: Engine, event: Event) -> None:
    engine.leave_play(str(event["unit"]))


UNIT = "unit"
EVENTS: tuple[tuple[EventType, Callable[[Engine, Event], None] | None], ...] = (
    (EventType("round_start", (Field("round", "int"),)), None),
    (EventType("activation_start", (Field("unit", UNIT),)), None),
    (EventType("activation_end", (Field("unit", UNIT),)), None),
    (
        EventType(
            "moved",
            (Field("unit", UNIT), Field("origin", "int"), Field("destination", "int")),
        ),
        _move,
    ),
    (
        EventType(
            "attack", (Field("attacker", UNIT), Field("target", UNIT), Field("weapon", "text"))
        ),
        None,
    ),
    (
        EventType("damage", (Field("source", UNIT), Field("target", UNIT), Field("amount", "int"))),
        _damage,
    ),
    (EventType("defeated", (Field("unit", UNIT),)), _defeat),
)


# -- cards ---------------------------------------------------------------------------------


def _targets_bearer(context: EffectContext) -> bool:
    return bound(context, "target") == context.bearer


def _guard_condition(context: EffectContext) -> bool:
    engine, mover, bearer = game(context), bound(context, "unit"), context.bearer
    if mover is None or bearer is None or not enemies(engine, mover, bearer):
        return False
    alive = engine.entity(mover).in_play and engine.entity(bearer).in_play
    return alive and distance(engine, mover, bearer) <= 2


def _guard(context: EffectContext) -> None:
    engine, bearer, mover = game(context), context.bearer, bound(context, "unit")
    assert bearer is not None and mover is not None
    for attachment in engine.attachments(bearer, "toy/guard"):
        engine.detach(attachment.id)  # a guard that interrupts is no longer on guard
    interrupt(engine, bearer, mover)


def _shield(context: EffectContext) -> None:
    the_event(context).cancel()


def _armour_condition(context: EffectContext) -> bool:
    amount = context.bindings.get("amount")
    return _targets_bearer(context) and isinstance(amount, int) and amount >= 2


def _armour(context: EffectContext) -> None:
    event = the_event(context)
    amount = event["amount"]
    assert isinstance(amount, int)
    event.set("amount", amount - 1)


def _mirror_condition(context: EffectContext) -> bool:
    source = bound(context, "source")
    return _targets_bearer(context) and source is not None and source != context.bearer


def _mirror(context: EffectContext) -> None:
    event = the_event(context)
    event.replace("damage", source=context.bearer, target=event["source"], amount=event["amount"])


def _rage(context: EffectContext) -> None:
    engine, bearer = game(context), context.bearer
    assert bearer is not None
    engine.set_prop(bearer, "rage", num(engine, bearer, "rage") + 1)


def _second_wind_condition(context: EffectContext) -> bool:
    return bound(context, "unit") == context.bearer


def _second_wind(context: EffectContext) -> None:
    engine = game(context)
    frame = engine.innermost("activation")
    if frame is not None:
        engine.gain_ap(1, frame)


def _near_friend(context: EffectContext) -> bool:
    engine, subject, bearer = game(context), bound(context, "subject"), context.bearer
    if subject is None or bearer is None or subject == bearer:
        return False
    if engine.entity(subject).kind != UNIT or enemies(engine, subject, bearer):
        return False
    return distance(engine, subject, bearer) <= 1


def _adjacent_enemy(context: EffectContext) -> bool:
    engine, subject, bearer = game(context), bound(context, "subject"), context.bearer
    if subject is None or bearer is None or not enemies(engine, subject, bearer):
        return False
    return distance(engine, subject, bearer) == 1


def _one(context: EffectContext) -> int:
    return 1


def _card(card: str, tier: Tier) -> Source:
    return Source(card, tier)


def _effect(
    card: str,
    tier: Tier,
    *,
    hooks: Sequence[tuple[str, Window, Callable[[EffectContext], None], object, str | None]] = (),
    modifiers: Sequence[tuple[str, ModifierOp, Callable[[EffectContext], int], object, Reach]] = (),
    permissions: Sequence[tuple[str, bool, object, Reach]] = (),
) -> CompiledEffect:
    source = _card(card, tier)
    return CompiledEffect(
        source,
        hooks=tuple(
            Hook(event, window, action, source, cast(_Cond, condition), once)
            for event, window, action, condition, once in hooks
        ),
        modifiers=tuple(
            Modifier(query, op, amount, source, cast(_Cond, condition), reach)
            for query, op, amount, condition, reach in modifiers
        ),
        permissions=tuple(
            Permission(action, allowed, source, cast(_Cond, condition), reach)
            for action, allowed, condition, reach in permissions
        ),
    )


_Cond = Callable[[EffectContext], bool] | None
AFTER, BEFORE = Window.AFTER, Window.BEFORE
BEARER, ANY = Reach.BEARER, Reach.ANY

CARDS: dict[str, CompiledEffect] = {
    "toy/guard": _effect(
        "toy/guard", RULE, hooks=[("moved", AFTER, _guard, _guard_condition, None)]
    ),
    "toy/shield": _effect(
        "toy/shield", GEAR, hooks=[("damage", BEFORE, _shield, _targets_bearer, "round")]
    ),
    "toy/armour": _effect(
        "toy/armour", GEAR, hooks=[("damage", BEFORE, _armour, _armour_condition, None)]
    ),
    "toy/mirror": _effect(
        "toy/mirror",
        HERO,
        hooks=[("damage", BEFORE, _mirror, _mirror_condition, ONCE_PER_TRIGGER)],
    ),
    "toy/rage": _effect("toy/rage", HERO, hooks=[("damage", AFTER, _rage, _targets_bearer, None)]),
    "toy/second-wind": _effect(
        "toy/second-wind",
        HERO,
        hooks=[("moved", AFTER, _second_wind, _second_wind_condition, "activation")],
    ),
    "toy/banner": _effect(
        "toy/banner", GEAR, modifiers=[("strength", ModifierOp.ADD, _one, _near_friend, ANY)]
    ),
    "toy/rally": _effect(
        "toy/rally", RULE, modifiers=[("strength", ModifierOp.ADD, _one, None, BEARER)]
    ),
    "toy/weaken": _effect(
        "toy/weaken", RULE, modifiers=[("strength", ModifierOp.SET, _one, None, BEARER)]
    ),
    "toy/snare": _effect("toy/snare", GEAR, permissions=[("move", False, _adjacent_enemy, ANY)]),
    "toy/nimble": _effect("toy/nimble", HERO, permissions=[("move", True, None, BEARER)]),
    "toy/tangle": _effect("toy/tangle", HERO, permissions=[("move", False, _adjacent_enemy, ANY)]),
}


def _order(engine: Engine, triggers: Sequence[Trigger]) -> str | None:
    """The owner of the triggering units decides; mixed owners: the context's player."""
    owners = {engine.entity(t.entry.bearer).owner for t in triggers if t.entry.bearer}
    if len(owners) == 1:
        return owners.pop()
    top = engine.top
    return top.player if top is not None else None


@cache
def ruleset() -> Ruleset:
    """The Skirmish ruleset (built once; rulesets are shared by every game)."""
    rules = Ruleset(orderer=_order, tie_rule=roll_off_ruling, entity_kinds={UNIT})
    for event, perform in EVENTS:
        rules.declare_event(event, perform)
    rules.declare_query("strength", prop_base("strength"), minimum=0, maximum=9)
    rules.declare_query("move_cost", minimum=0)
    rules.declare_query("attack_cost", minimum=0)
    rules.add_effects(CARDS.items())
    return rules


# -- setup ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class UnitSpec:
    id: str
    owner: str
    pos: int
    hp: int
    strength: int
    weapon: str
    cards: tuple[str, ...] = ()


STANDARD = (
    UnitSpec("n1", "north", 4, 4, 2, "melee", ("toy/armour", "toy/second-wind", "toy/banner")),
    UnitSpec("n2", "north", 3, 3, 1, "ranged", ("toy/mirror", "toy/rage")),
    UnitSpec("s1", "south", 6, 4, 2, "melee", ("toy/shield", "toy/snare")),
    UnitSpec("s2", "south", 7, 3, 1, "ranged", ("toy/nimble", "toy/mirror", "toy/rage")),
)


def setup(engine: Engine, army: Sequence[UnitSpec] = STANDARD) -> None:
    """Place the units, attach their cards, and start round 1."""
    for spec in army:
        props: dict[str, Json] = {
            "pos": spec.pos,
            "hp": spec.hp,
            "strength": spec.strength,
            "weapon": spec.weapon,
            "ready": True,
            "rage": 0,
        }
        engine.create(UNIT, spec.owner, id=spec.id, props=props)
        for card in spec.cards:
            engine.attach(card, spec.id)
    engine.state.data.update({"round": 1, "phase": "bid", "turn": None, "winner": None})


# -- actions -----------------------------------------------------------------------------


def move_cost(engine: Engine, unit: str, frame: Frame) -> int:
    return engine.query("move_cost", unit, base=1 + frame.count("move"))


def attack_cost(engine: Engine, unit: str, frame: Frame) -> int:
    weapon = text(engine, unit, "weapon")
    return engine.query("attack_cost", unit, base=1 + frame.count(f"attack:{weapon}"))


def legal_actions(engine: Engine, unit: str, frame: Frame, focus: str | None = None) -> list[Json]:
    """What ``unit`` may do now; in an interruption (``focus``: the interrupted unit) moves
    must close in on it and attacks must target it."""
    options: list[Json] = ["end"]
    pos = num(engine, unit, "pos")
    if engine.allowed("move", unit) and move_cost(engine, unit, frame) <= frame.ap:
        for cell in (pos - 1, pos + 1):
            if not 0 <= cell < TRACK or occupied(engine, cell):
                continue
            if focus is None or abs(cell - num(engine, focus, "pos")) < distance(
                engine, unit, focus
            ):
                options.append(f"move:{cell}")
    if attack_cost(engine, unit, frame) <= frame.ap:
        reach = REACH[text(engine, unit, "weapon")]
        for other in units(engine):
            in_reach = enemies(engine, unit, other) and distance(engine, unit, other) <= reach
            if in_reach and (focus is None or other == focus):
                options.append(f"attack:{other}")
    if focus is None:
        if frame.ap >= 1 and not frame.used("rally"):
            options.append("rally")
        if frame.ap >= 1 and frame.kind == "activation":
            options.append("guard")
    return options


def perform(engine: Engine, unit: str, frame: Frame, action: str) -> None:
    """Carry out one chosen action (costs paid from ``frame``)."""
    verb, _, argument = action.partition(":")
    if verb == "move":
        engine.spend_ap(move_cost(engine, unit, frame), frame)
        frame.bump("move")
        engine.emit("moved", unit=unit, origin=num(engine, unit, "pos"), destination=int(argument))
    elif verb == "attack":
        weapon = text(engine, unit, "weapon")
        engine.spend_ap(attack_cost(engine, unit, frame), frame)
        frame.bump(f"attack:{weapon}")
        engine.emit("attack", attacker=unit, target=argument, weapon=weapon)
        (die,) = engine.roll(
            1, reason=f"{unit} attacks {argument}", player=engine.entity(unit).owner
        )
        if die >= TO_HIT[weapon] and engine.entity(argument).in_play:
            amount = engine.query("strength", unit) if weapon == "melee" else 1
            engine.emit("damage", source=unit, target=argument, amount=amount)
    elif verb == "rally":
        engine.spend_ap(1, frame)
        frame.mark("rally")
        engine.attach("toy/rally", unit, duration=Duration(frame.kind))
    elif verb == "guard":
        engine.spend_ap(1, frame)
        engine.attach("toy/guard", unit)


def take_actions(engine: Engine, unit: str, frame: Frame, focus: str | None = None) -> None:
    """Ask for actions until the unit ends, guards, runs out of options or leaves play."""
    player = engine.entity(unit).owner
    assert player is not None
    while engine.entity(unit).in_play:
        if focus is not None and not engine.entity(focus).in_play:
            return
        choice = str(engine.decide("action", player, legal_actions(engine, unit, frame, focus)))
        if choice == "end":
            return
        perform(engine, unit, frame, choice)
        if choice == "guard":
            return


def activate(engine: Engine, unit: str) -> None:
    """One activation: 2 AP, on-activation and end-of-activation events around actions."""
    frame = engine.open("activation", player=engine.entity(unit).owner, subject=unit, ap=2)
    engine.set_prop(unit, "ready", False)
    for attachment in engine.attachments(unit, "toy/guard"):
        engine.detach(attachment.id)  # activating ends a guard
    engine.emit("activation_start", unit=unit)
    take_actions(engine, unit, frame)
    engine.emit("activation_end", unit=unit)
    engine.close(frame)


def interrupt(engine: Engine, unit: str, focus: str) -> None:
    """An interruption inside whatever is going on: 1 AP, aimed at ``focus``."""
    with engine.context(
        "interruption", player=engine.entity(unit).owner, subject=unit, ap=1
    ) as frame:
        take_actions(engine, unit, frame, focus)


def volley(engine: Engine) -> None:
    """Every ranged unit shoots its nearest enemy; hits land together when the window closes."""
    with engine.context("volley", simultaneous=True, defer=["damage"]):
        for unit in units(engine):
            if text(engine, unit, "weapon") != "ranged":
                continue
            targets = [
                (distance(engine, unit, other), other)
                for other in units(engine)
                if enemies(engine, unit, other) and distance(engine, unit, other) <= REACH["ranged"]
            ]
            if targets:
                target = min(targets)[1]
                engine.emit("attack", attacker=unit, target=target, weapon="volley")
                engine.emit("damage", source=unit, target=target, amount=1)


# -- the round structure as resumable steps ----------------------------------------------


def _ready(engine: Engine, player: str) -> list[Json]:
    return [u for u in units(engine, player) if engine.prop(u, "ready") is True]


def step(engine: Engine) -> None:
    """One step of the game; all progress lives in the state, so a snapshot taken between
    steps continues exactly."""
    data = engine.state.data
    phase = data["phase"]
    if phase == "bid":
        engine.open("round")
        north, south = engine.decide_together([("bid", p, [1, 2, 3]) for p in PLAYERS])
        assert isinstance(north, int) and isinstance(south, int)
        if north == south:
            data["turn"] = engine.roll_off(PLAYERS, reason="bids tied")
        else:
            data["turn"] = PLAYERS[0] if north > south else PLAYERS[1]
        round_number = data["round"]
        assert isinstance(round_number, int)
        engine.emit("round_start", round=round_number)
        data["phase"] = "activate"
    elif phase == "activate":
        player = str(data["turn"])
        if not _ready(engine, player):
            other = opponent(player)
            if _ready(engine, other):
                data["turn"] = other
            else:
                data["phase"] = "volley"
            return
        unit = str(engine.decide("unit", player, _ready(engine, player)))
        activate(engine, unit)
        if _ready(engine, opponent(player)):
            data["turn"] = opponent(player)
    elif phase == "volley":
        volley(engine)
        data["phase"] = "cleanup"
    elif phase == "cleanup":
        _cleanup(engine)


def _cleanup(engine: Engine) -> None:
    data = engine.state.data
    engine.close(engine.frame_of("round"))
    round_number = data["round"]
    assert isinstance(round_number, int)
    engine.checkpoint(f"end of round {round_number}")
    hp = {p: sum(max(num(engine, u, "hp"), 0) for u in units(engine, p)) for p in PLAYERS}
    if round_number >= ROUNDS or 0 in hp.values():
        data["phase"] = "over"
        north, south = hp["north"], hp["south"]
        data["winner"] = "draw" if north == south else ("north" if north > south else "south")
        engine.note("game_over", winner=data["winner"], hp={p: hp[p] for p in PLAYERS})
        return
    data["round"] = round_number + 1
    data["phase"] = "bid"
    for unit in units(engine):
        engine.set_prop(unit, "ready", True)


def over(engine: Engine) -> bool:
    return engine.state.data.get("phase") == "over"


def play(engine: Engine, max_steps: int = 500) -> None:
    """Run steps until the game is over."""
    for _ in range(max_steps):
        if over(engine):
            return
        step(engine)
    raise AssertionError(f"the game did not end within {max_steps} steps")


def new_game(seed: int, agents: Mapping[str, Agent] | None = None) -> Engine:
    """A set-up game with the standard armies."""
    engine = Engine.new(ruleset(), seed, PLAYERS, agents)
    setup(engine)
    return engine
