"""A toy game for the DSL tests: a handful of units on a line, with motu-like words.

The vocabulary is declared exactly as a game plugin would; :class:`ToyGame` stands in
for the engine (``ctx.game``) and records every verb call, so tests can run compiled
effects and assert on what happened.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from hexforge.core.rules import EffectContext, EntityId, Source, Tier, Window
from hexforge.core.vocabulary import EventType, Field
from hexforge.dsl.vocabulary import Vocabulary

SOURCE = Source("toy/card", Tier(10, "character"))


@dataclass
class Unit:
    team: str
    position: int
    wounds: int = 0
    health: int = 5
    stats: dict[str, int] = field(default_factory=dict)
    buffs: set[str] = field(default_factory=set)
    terrain: str = "open ground"
    knocked_out: bool = False


@dataclass
class ToyGame:
    """The engine stand-in: units, forced test results, scripted choices and a log."""

    units: dict[EntityId, Unit]
    attacking: bool = False
    successes: list[int] = field(default_factory=list)
    choices: list[int] = field(default_factory=list)
    log: list[tuple[object, ...]] = field(default_factory=list)
    tests: list[tuple[object, ...]] = field(default_factory=list)

    def unit(self, entity: EntityId) -> Unit:
        return self.units[entity]


def _game(ctx: EffectContext) -> ToyGame:
    game = ctx.game
    assert isinstance(game, ToyGame)
    return game


def _bearer(ctx: EffectContext) -> Unit:
    assert ctx.bearer is not None
    return _game(ctx).unit(ctx.bearer)


def _record(name: str) -> Callable[..., None]:
    def verb(ctx: EffectContext, *args: object) -> None:
        _game(ctx).log.append((name, *args))

    return verb


def _deal(ctx: EffectContext, amount: int, target: EntityId) -> None:
    _game(ctx).unit(target).wounds += amount
    _game(ctx).log.append(("deal", amount, target))


def _enemies(ctx: EffectContext) -> list[EntityId]:
    me = _bearer(ctx)
    return [e for e, u in _game(ctx).units.items() if u.team != me.team]


def _allies(ctx: EffectContext) -> list[EntityId]:
    me = _bearer(ctx)
    return [e for e, u in _game(ctx).units.items() if u.team == me.team and e != ctx.bearer]


def _units(ctx: EffectContext) -> list[EntityId]:
    return list(_game(ctx).units)


def _distance(ctx: EffectContext, a: EntityId, b: EntityId) -> int:
    return abs(_game(ctx).unit(a).position - _game(ctx).unit(b).position)


def _nearest(ctx: EffectContext, candidates: Sequence[EntityId]) -> EntityId | None:
    if not candidates or ctx.bearer is None:
        return None
    bearer = ctx.bearer
    return min(candidates, key=lambda e: (_distance(ctx, bearer, e), e))


def _test(
    ctx: EffectContext, stat: str, bonus: int, defender: EntityId | None, defence: str | None
) -> int:
    game = _game(ctx)
    game.tests.append((stat, bonus, defender, defence))
    return game.successes.pop(0)


def _choose(ctx: EffectContext, options: Sequence[str]) -> int:
    game = _game(ctx)
    game.log.append(("choose", tuple(options)))
    return game.choices.pop(0)


def _stat(name: str) -> Callable[[EffectContext, EntityId], int]:
    def read(ctx: EffectContext, entity: EntityId) -> int:
        return _game(ctx).unit(entity).stats.get(name, 0)

    return read


def toy_vocabulary() -> Vocabulary:
    """The toy game's words, declared the way a plugin's hook declares them."""
    v = Vocabulary()
    v.kind("unit")
    v.constant_set("buff", ["curse", "enhancement", "regeneration", "stun"])
    v.constant_set("terrain", ["difficult terrain", "open ground"])
    v.constant_set("weapon_kind", ["melee", "ranged"])
    unit = Field("unit", "unit")
    v.event(EventType("activated", (unit,)))
    v.event(EventType("activation_ended", (unit,)))
    v.event(EventType("removed", (unit,)))
    v.event(
        EventType(
            "knocked_out",
            (Field("attacker", "unit"), Field("target", "unit"), Field("weapon", "weapon_kind")),
        )
    )
    v.event(EventType("wounded", (Field("target", "unit"), Field("amount", "int"))))
    v.trigger("upon", "activation", "activated", subject="unit")
    v.trigger("at end of", "activation", "activation_ended", subject="unit")
    v.trigger("when", "removed", "removed", subject="unit")
    v.trigger("when", "{attacker} knock(s) out {target} with {weapon}", "knocked_out")
    v.trigger("when", "{attacker} knock(s) out {target}", "knocked_out")
    v.trigger("when", "{target} would be wounded", "wounded", Window.BEFORE)
    v.trigger("when", "{target} is wounded", "wounded")
    v.verb("gain {n:int} mana", _record("gain mana"))
    v.verb("gain {n:int} ap", _record("gain ap"))
    v.verb("deal {amount:int} wound(s) to {target:unit}", _deal)
    v.verb("heal {target:unit} {amount:int}", _record("heal"))
    v.verb("push {target:unit} {distance:int}", _record("push"))
    v.verb("give {target:unit} {buff:buff}", _record("give"))
    v.verb("remove {buff:buff} from {target:unit}", _record("remove"))
    v.verb("score {n:int} vp", _record("score"))
    v.verb("charge {target:unit}", _record("charge"))
    v.verb("push {targets:unit*} away {distance:int}", _record("push away"))
    v.condition("attacking", lambda ctx: _game(ctx).attacking)
    v.condition("{who:unit} is knocked out", lambda ctx, u: _game(ctx).unit(u).knocked_out)
    v.condition("{who:unit} has {buff:buff}", lambda ctx, u, b: b in _game(ctx).unit(u).buffs)
    v.noun("enemy", "enemies", "unit", _enemies)
    v.noun("ally", "allies", "unit", _allies)
    v.noun("unit", "units", "unit", _units)
    v.filter(
        "within {n:int} of {anchor:unit}",
        lambda ctx, e, n, anchor: _distance(ctx, e, anchor) <= n,
    )
    v.filter("adjacent to {anchor:unit}", lambda ctx, e, anchor: _distance(ctx, e, anchor) == 1)
    v.filter("in {terrain:terrain}", lambda ctx, e, t: _game(ctx).unit(e).terrain == t)
    v.picker("the nearest", _nearest)
    v.property("unit", "wounds", "int", lambda ctx, e: _game(ctx).unit(e).wounds)
    v.property("unit", "health", "int", lambda ctx, e: _game(ctx).unit(e).health)
    for name in ("power", "mind", "strength", "toughness"):
        v.property("unit", name, "int", _stat(name))
        v.stat(name)
    v.stat("scope")
    v.stat("speed")
    v.stat("dice", params=(Field("target", "unit"),))
    v.stat("flying", type="bool")
    v.permission("be pushed", "push")
    v.permission("move through enemies", "move_through_enemies")
    v.binding("target", "unit")
    v.context("activation")
    v.context("round")
    v.test_procedure(_test)
    v.choice_procedure(_choose)
    return v


def toy_game() -> ToyGame:
    """He-Man (h) and an ally (a) against two enemies (s close, e far)."""
    return ToyGame(
        {
            "h": Unit("good", 0, stats={"power": 3, "mind": 3, "strength": 5}),
            "a": Unit("good", 1),
            "s": Unit("evil", 2, stats={"mind": 3}),
            "e": Unit("evil", 6, terrain="difficult terrain"),
        }
    )


def context(game: ToyGame, **bindings: object) -> EffectContext:
    return EffectContext(game, SOURCE, "h", bindings)


# A realistic set of card effects in the toy game's words (benchmarks/dsl.py measures it).
CORPUS = [
    "charge the nearest enemy within 3 of self adjacent to target",
    "speed of enemies within 2 of self -1",
    "when self is wounded once per round: gain 1 mana",
    "push target away 2",
    "if count(allies adjacent to self) >= 2 or self has enhancement: gain 1 ap",
    "speed = count(enemies within 1 of self) * 2",
    "when target is wounded if amount > 1 and target == self: gain (amount - 1) mana",
    "upon activation: gain 1 mana",
    "at end of activation: remove curse from self",
    "when self knocks out an enemy with melee: score 10 vp",
    "when an ally knocks out target if target.wounds >= 2: gain 1 ap",
    "while target in difficult terrain: dice +1",
    "while attacking: scope +1",
    "when removed: unless self is knocked out: heal self 1",
    "push target 2",
    "charge the nearest enemy",
    "for each enemy within 2 of self: deal 1 wound to it",
    "choose one: gain 1 ap | gain 1 mana",
    "cannot be pushed",
    "speed -1\nwhile attacking: speed = 3",
    "test power against mind of target:\n"
    "    2+: give target curse\n"
    "    4+: deal 2 wounds to target",
    "test strength against toughness of target:\n"
    "    1+: deal 1 wound to target\n"
    "    3+: deal 2 wounds to target\n"
    "    5+: deal 3 wounds to target",
    "upon activation:\n"
    "    if count(enemies adjacent to self) >= 2:\n"
    "        gain 1 ap\n"
    "    else:\n"
    "        gain 1 mana\n",
    "when self is wounded if amount > 1: gain (amount - 1) mana",
    "when self would be wounded: unless self has enhancement: give self stun",
    "if target is an enemy in difficult terrain: push target away 1",
    "while count(allies within 2 of self) > 0: can move through enemies",
]
