"""Continuous modifiers on queries: base -> set -> add -> clamp, never stored."""

from __future__ import annotations

import pytest

from hexforge.core.engine import Engine, Ruleset
from hexforge.core.errors import HexforgeError
from hexforge.core.rules import (
    CompiledEffect,
    Duration,
    EffectContext,
    Modifier,
    ModifierOp,
    Source,
    Tier,
)
from tests.engine.support import entries, position
from tests.engine.toygame import UnitSpec, activate, legal_actions, take_actions

LOW, HIGH = Tier(1, "item"), Tier(4, "character")


def constant(value: int) -> object:
    def amount(context: EffectContext) -> int:
        return value

    return amount


def modifier_rules(*mods: tuple[str, Tier, ModifierOp, int]) -> Ruleset:
    rules = Ruleset()
    rules.declare_query("speed", minimum=0, maximum=10)
    for card, tier, op, value in mods:
        source = Source(card, tier)
        modifier = Modifier("speed", op, constant(value), source)  # type: ignore[arg-type]
        rules.add_effect(card, CompiledEffect(source, modifiers=(modifier,)))
    return rules


def test_set_then_add_then_clamp_with_sets_ordered_by_tier_then_timestamp() -> None:
    rules = modifier_rules(
        ("boots", LOW, ModifierOp.ADD, 2),
        ("slow-high", HIGH, ModifierOp.SET, 3),
        ("slow-low-new", LOW, ModifierOp.SET, 8),
        ("haste", HIGH, ModifierOp.ADD, 1),
    )
    engine = Engine.new(rules, 1, ["a", "b"])
    unit = engine.create("unit", "a")
    assert engine.query("speed", unit, base=5) == 5
    engine.attach("boots", unit)
    assert engine.query("speed", unit, base=5) == 7
    engine.attach("slow-high", unit)
    engine.attach("slow-low-new", unit)  # newer, but a lower tier: the higher tier's set wins
    assert engine.query("speed", unit, base=5) == 3 + 2
    engine.attach("haste", unit)
    assert engine.query("speed", unit, base=5) == 3 + 2 + 1
    assert engine.query("speed", unit, base=-50) == 6  # the set replaced the base
    other = engine.create("unit", "a")
    assert engine.query("speed", other, base=50) == 10  # clamped to the maximum


def test_same_tier_sets_newest_wins() -> None:
    rules = modifier_rules(("old", LOW, ModifierOp.SET, 1), ("new", LOW, ModifierOp.SET, 4))
    engine = Engine.new(rules, 1, ["a", "b"])
    unit = engine.create("unit", "a")
    engine.attach("new", unit)
    engine.attach("old", unit)  # attached later: the newer timestamp
    assert engine.query("speed", unit, base=0) == 1


def test_modifiers_are_never_baked_into_the_state() -> None:
    """Rally lasts until the end of the activation; the stored strength never changes."""
    engine, _ = position(
        [UnitSpec("n1", "north", 4, 4, 2, "melee"), UnitSpec("s1", "south", 9, 4, 2, "melee")]
    )
    frame = engine.open("activation", player="north", subject="n1", ap=2)
    engine.attach("toy/rally", "n1", duration=Duration("activation"))
    assert engine.query("strength", "n1") == 3
    assert engine.prop("n1", "strength") == 2
    engine.close(frame)
    assert engine.query("strength", "n1") == 2


def test_set_and_add_from_cards_with_the_clamp() -> None:
    engine, _ = position(
        [
            UnitSpec("n1", "north", 4, 4, 9, "melee", ("toy/rally",)),
            UnitSpec("n2", "north", 3, 4, 5, "melee", ("toy/weaken", "toy/rally")),
            UnitSpec("s1", "south", 9, 4, 2, "melee"),
        ]
    )
    assert engine.query("strength", "n1") == 9  # 9 + 1 clamped to 9
    assert engine.query("strength", "n2") == 2  # set to 1, then + 1


def test_an_aura_reaches_adjacent_friends_only() -> None:
    """Banner (reach: any subject) gives +1 strength to friends next to its bearer."""
    engine, _ = position(
        [
            UnitSpec("n1", "north", 4, 4, 2, "melee", ("toy/banner",)),
            UnitSpec("n2", "north", 3, 4, 2, "melee"),
            UnitSpec("n3", "north", 0, 4, 2, "melee"),
            UnitSpec("s1", "south", 5, 4, 2, "melee"),
        ]
    )
    engine.emit("moved", unit="s1", origin=5, destination=6)
    strengths = {u: engine.query("strength", u) for u in ("n1", "n2", "n3", "s1")}
    assert strengths == {"n1": 2, "n2": 3, "n3": 2, "s1": 2}
    engine.emit("moved", unit="n3", origin=0, destination=5)  # n3 jumps next to n1
    assert engine.query("strength", "n3") == 3
    engine.emit("defeated", unit="n1")  # the banner leaves play with its bearer
    assert engine.query("strength", "n2") == 2


def test_a_query_that_depends_on_itself_is_hf417() -> None:
    rules = Ruleset()
    rules.declare_query("speed")
    source = Source("loop", LOW)

    def amount(context: EffectContext) -> int:
        return int(context.game.query("speed", context.bearer, base=1))

    rules.add_effect(
        "loop",
        CompiledEffect(source, modifiers=(Modifier("speed", ModifierOp.ADD, amount, source),)),
    )
    engine = Engine.new(rules, 1, ["a", "b"])
    unit = engine.create("unit", "a")
    engine.attach("loop", unit)
    with pytest.raises(HexforgeError) as error:
        engine.query("speed", unit, base=1)
    assert error.value.code == "HF417"
    assert engine._computing == []


def test_unknown_query_is_hf416() -> None:
    engine, _ = position([UnitSpec("n1", "north", 4, 4, 2, "melee")])
    with pytest.raises(HexforgeError) as error:
        engine.query("strenght", "n1")
    assert error.value.code == "HF416"
    assert error.value.diagnostics[0].hint == "did you mean 'strength'?"


def test_costs_grow_per_action_and_per_weapon_kind() -> None:
    """rulebook §Perform Actions and §Attacks: the n-th move of an activation costs n AP;
    attack costs grow per weapon type; counters belong to the context and end with it."""
    engine, _ = position(
        [UnitSpec("n1", "north", 4, 4, 2, "melee"), UnitSpec("s1", "south", 5, 9, 2, "melee")],
        answers=["attack:s1", "attack:s1", "end", "attack:s1", "end"],
        dice=[1, 1, 1],
    )
    frame = engine.open("activation", player="north", subject="n1", ap=5)
    take_actions(engine, "n1", frame)
    assert frame.count("attack:melee") == 2
    assert frame.ap == 5 - 1 - 2
    assert "attack:s1" not in legal_actions(engine, "n1", frame)  # a third would cost 3
    engine.close(frame)
    activate(engine, "n1")
    assert [e.get("spent") for e in entries(engine, "ap")] == [1, 2, 1]
