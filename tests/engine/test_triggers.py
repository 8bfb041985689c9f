"""Simultaneous triggers, their order, once-per limits and the loop guard."""

from __future__ import annotations

import pytest

from hexforge.core.engine import (
    Engine,
    Event,
    FirstLegalAgent,
    Ruleset,
    ScriptedAgent,
    context_player_orders,
)
from hexforge.core.engine.hierarchy import Orderer, nobody_orders
from hexforge.core.errors import HexforgeError, Span
from hexforge.core.rules import (
    ONCE_PER_TRIGGER,
    CompiledEffect,
    EffectContext,
    Hook,
    Source,
    Tier,
    Window,
)
from hexforge.core.vocabulary import EventType
from tests.engine.support import entries, fired, position
from tests.engine.toygame import UnitSpec, activate

LOW, HIGH = Tier(1, "rulebook"), Tier(5, "character")


def recorder(rules: Ruleset, calls: list[str], card: str, tier: Tier) -> None:
    source = Source(card, tier)

    def record(context: EffectContext) -> None:
        calls.append(card)

    hook = Hook("ping", Window.AFTER, record, source)
    rules.add_effect(card, CompiledEffect(source, hooks=(hook,)))


def ping_rules(orderer: Orderer = nobody_orders) -> Ruleset:
    rules = Ruleset(orderer=orderer)
    rules.declare_event(EventType("ping"))
    rules.declare_event(EventType("pong"))
    return rules


def test_default_order_is_tier_then_timestamp() -> None:
    calls: list[str] = []
    rules = ping_rules()
    recorder(rules, calls, "low-old", LOW)
    recorder(rules, calls, "high-new", HIGH)
    recorder(rules, calls, "high-old", HIGH)
    engine = Engine.new(rules, 1, ["a", "b"])
    for card in ("low-old", "high-old", "high-new"):
        engine.attach(card, None)
    engine.emit("ping")
    assert calls == ["high-old", "high-new", "low-old"]
    assert entries(engine, "decision") == []


def test_the_context_player_orders_simultaneous_triggers() -> None:
    """rulebook §Effect Timing: several 'upon activation' effects - the active player
    decides their order; that is a Decision for their agent, one pick at a time."""
    calls: list[str] = []
    rules = ping_rules(context_player_orders)
    for card in ("x", "y", "z"):
        recorder(rules, calls, card, LOW)
    engine = Engine.new(rules, 1, ["a", "b"], {"b": ScriptedAgent(["z", "x"])})
    for card in ("x", "y", "z"):
        engine.attach(card, None)
    with engine.context("activation", player="b"):
        engine.emit("ping")
    assert calls == ["z", "x", "y"]
    decisions = entries(engine, "decision")
    assert [d["options"] for d in decisions] == [["x", "y", "z"], ["x", "y"]]
    assert {d["player"] for d in decisions} == {"b"}


def test_without_an_open_context_nobody_is_asked() -> None:
    calls: list[str] = []
    rules = ping_rules(context_player_orders)
    recorder(rules, calls, "x", LOW)
    recorder(rules, calls, "y", HIGH)
    engine = Engine.new(rules, 1, ["a", "b"])
    engine.attach("x", None)
    engine.attach("y", None)
    engine.emit("ping")
    assert calls == ["y", "x"]


def test_labels_are_made_unique_when_a_card_is_attached_twice() -> None:
    calls: list[str] = []
    rules = ping_rules(context_player_orders)
    recorder(rules, calls, "x", LOW)
    engine = Engine.new(rules, 1, ["a", "b"], {"a": FirstLegalAgent()})
    one, two = engine.create("unit", "a"), engine.create("unit", "a")
    engine.attach("x", one)
    engine.attach("x", two)
    engine.attach("x", two)
    with engine.context("activation", player="a"):
        engine.emit("ping")
    options = entries(engine, "decision")[0]["options"]
    assert options == ["x@unit-1", "x@unit-2#a2/h0", "x@unit-2#a3/h0"]


def test_once_per_activation_hook() -> None:
    """Second wind gives 1 AP after its bearer's first move of each activation only."""
    engine, _ = position(
        [
            UnitSpec("n1", "north", 4, 4, 2, "melee", ("toy/second-wind",)),
            UnitSpec("s1", "south", 9, 4, 2, "melee"),
        ],
        answers=["move:3", "move:2", "move:1", "end"],  # no AP left: "end" is forced
    )
    activate(engine, "n1")
    # 2 AP + 1 (second wind) = 3: the first move costs 1, the second 2, no AP left.
    assert [e.get("left") for e in entries(engine, "ap")] == [1, 2, 0]
    assert fired(engine) == ["toy/second-wind"]
    activate(engine, "n1")
    assert fired(engine) == ["toy/second-wind", "toy/second-wind"]
    assert entries(engine, "decision")[2]["forced"] is True


def test_once_per_trigger_instance_stops_ping_pong() -> None:
    calls: list[str] = []
    rules = ping_rules()
    source_a, source_b = Source("a", LOW), Source("b", LOW)

    def to_pong(context: EffectContext) -> None:
        calls.append("a")
        context.game.emit("pong")

    def to_ping(context: EffectContext) -> None:
        calls.append("b")
        context.game.emit("ping")

    once = ONCE_PER_TRIGGER
    rules.add_effect(
        "a",
        CompiledEffect(
            source_a, hooks=(Hook("ping", Window.AFTER, to_pong, source_a, None, once),)
        ),
    )
    rules.add_effect(
        "b",
        CompiledEffect(
            source_b, hooks=(Hook("pong", Window.AFTER, to_ping, source_b, None, once),)
        ),
    )
    engine = Engine.new(rules, 1, ["a", "b"])
    engine.attach("a", None)
    engine.attach("b", None)
    engine.emit("ping")
    assert calls == ["a", "b"]
    engine.emit("ping")  # a new trigger instance: both may fire again
    assert calls == ["a", "b", "a", "b"]


def test_depth_limit_names_the_chain_of_cards() -> None:
    rules = ping_rules()
    rules.max_depth = 10
    span = Span.point("cards/echo.yaml", 4, 9)
    source_a, source_b = Source("toy/echo", LOW, span), Source("toy/answer", LOW)

    def to_pong(context: EffectContext) -> None:
        context.game.emit("pong")

    def to_ping(context: EffectContext) -> None:
        context.game.emit("ping")

    rules.add_effect(
        "a", CompiledEffect(source_a, hooks=(Hook("ping", Window.AFTER, to_pong, source_a),))
    )
    rules.add_effect(
        "b", CompiledEffect(source_b, hooks=(Hook("pong", Window.AFTER, to_ping, source_b),))
    )
    engine = Engine.new(rules, 1, ["a", "b"])
    engine.attach("a", None)
    engine.attach("b", None)
    with pytest.raises(HexforgeError) as error:
        engine.emit("ping")
    diagnostic = error.value.diagnostics[0]
    assert diagnostic.code == "HF413"
    assert "toy/echo on ping -> toy/answer on pong -> toy/echo on ping" in diagnostic.message
    assert diagnostic.hint is not None and "toy/answer, toy/echo" in diagnostic.hint
    assert diagnostic.span == span
    assert engine._firing == []  # the engine is usable again after the error


def test_a_perform_step_that_emits_itself_forever_is_stopped_too() -> None:
    rules = Ruleset(max_depth=6)

    def again(engine: Engine, event: Event) -> None:
        engine.emit("ping")

    rules.declare_event(EventType("ping"), perform=again)
    engine = Engine.new(rules, 1, ["a", "b"])
    with pytest.raises(HexforgeError) as error:
        engine.emit("ping")
    assert error.value.code == "HF413"
    assert "ping (perform) -> ping (perform)" in str(error.value)
