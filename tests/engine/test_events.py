"""Events: declarations, payload checks, before/after windows, change, cancel, replace."""

from __future__ import annotations

import pytest

from hexforge.core.engine import Engine, Ruleset
from hexforge.core.errors import HexforgeError
from hexforge.core.rules import CompiledEffect, EffectContext, Hook, Source, Tier, Window
from hexforge.core.vocabulary import EventType, Field
from tests.engine.support import entries, fired, happened, hp, position
from tests.engine.toygame import UnitSpec

N1 = UnitSpec("n1", "north", 4, 4, 3, "melee")
S1 = UnitSpec("s1", "south", 5, 4, 2, "melee")


def test_unknown_event_is_hf401_with_a_suggestion() -> None:
    engine, _ = position([N1, S1])
    with pytest.raises(HexforgeError) as error:
        engine.emit("damgae", source="n1", target="s1", amount=1)
    assert error.value.code == "HF401"
    assert error.value.diagnostics[0].hint == "did you mean 'damage'?"


@pytest.mark.parametrize(
    ("payload", "fragment"),
    [
        ({"source": "n1", "target": "s1"}, "needs field 'amount'"),
        ({"source": "n1", "target": "s1", "amount": 1, "amout": 2}, "no field 'amout'"),
        ({"source": "n1", "target": "s1", "amount": "2"}, "expected an int"),
        ({"source": "n1", "target": "s1", "amount": True}, "expected an int"),
        ({"source": "n1", "target": "zz", "amount": 1}, "no entity 'zz'"),
    ],
)
def test_payload_is_checked_against_the_declaration(
    payload: dict[str, object], fragment: str
) -> None:
    engine, _ = position([N1, S1])
    with pytest.raises(HexforgeError) as error:
        engine.emit("damage", **payload)  # type: ignore[arg-type]
    assert error.value.code == "HF402"
    assert fragment in str(error.value)


def test_entity_fields_check_the_kind() -> None:
    rules = Ruleset(entity_kinds={"unit", "card"})
    rules.declare_event(EventType("played", (Field("card", "card"),)))
    engine = Engine.new(rules, 1, ["a", "b"])
    unit = engine.create("unit", "a")
    with pytest.raises(HexforgeError, match="is a unit, not a card"):
        engine.emit("played", card=unit)


def test_list_fields_check_every_item() -> None:
    rules = Ruleset(entity_kinds={"unit"})
    rules.declare_event(EventType("blast", (Field("victims", "unit*"),)))
    engine = Engine.new(rules, 1, ["a", "b"])
    unit = engine.create("unit", "a")
    assert engine.emit("blast", victims=[unit]).payload == {"victims": [unit]}
    with pytest.raises(HexforgeError, match="expected a list of unit"):
        engine.emit("blast", victims=unit)
    with pytest.raises(HexforgeError, match="no entity 'ghost'"):
        engine.emit("blast", victims=[unit, "ghost"])


def test_declarations_are_checked() -> None:
    rules = Ruleset()
    rules.declare_event(EventType("hit"))
    with pytest.raises(HexforgeError, match="declared twice") as error:
        rules.declare_event(EventType("hit"))
    assert error.value.code == "HF403"
    with pytest.raises(HexforgeError, match="reserved field name 'event'"):
        rules.declare_event(EventType("odd", (Field("event", "int"),)))


def test_before_hook_changes_the_payload() -> None:
    """Armour (a before hook) lowers the damage before it is performed."""
    engine, _ = position([N1, UnitSpec("s1", "south", 5, 4, 2, "melee", ("toy/armour",))])
    event = engine.emit("damage", source="n1", target="s1", amount=3)
    assert event["amount"] == 2
    assert hp(engine, "s1") == 2
    assert entries(engine, "event")[-1]["payload"] == {"source": "n1", "target": "s1", "amount": 2}


def test_before_hook_cancels_the_event_and_no_after_hook_runs() -> None:
    engine, _ = position(
        [N1, UnitSpec("s1", "south", 5, 4, 2, "melee", ("toy/shield", "toy/rage"))]
    )
    event = engine.emit("damage", source="n1", target="s1", amount=3)
    assert event.cancelled
    assert hp(engine, "s1") == 4
    assert fired(engine) == ["toy/shield"]  # rage (after) did not run
    assert entries(engine, "cancelled")[0]["by"] == "toy/shield on damage"
    assert "damage" not in happened(engine)


def test_before_hook_replaces_the_event() -> None:
    """Mirror turns damage to its bearer into damage to the attacker."""
    engine, _ = position([N1, UnitSpec("s1", "south", 5, 4, 2, "melee", ("toy/mirror",))])
    event = engine.emit("damage", source="n1", target="s1", amount=3)
    assert event.replacement == ("damage", {"source": "s1", "target": "n1", "amount": 3})
    assert event.final.payload["target"] == "n1" and not event.final.cancelled
    assert (hp(engine, "n1"), hp(engine, "s1")) == (1, 4)
    assert entries(engine, "replaced")[0]["instead"] == "damage"


@pytest.mark.parametrize(
    ("first", "cards", "s1_hp"),
    [
        ("toy/mirror", ["toy/mirror", "toy/mirror"], 1),
        ("toy/armour", ["toy/mirror", "toy/armour", "toy/mirror"], 2),
    ],
)
def test_replacement_runs_the_new_events_before_hooks_but_not_the_same_hook_twice(
    first: str, cards: list[str], s1_hp: int
) -> None:
    """Two mirrors bounce the damage once each (once per trigger instance). When the bounced
    damage reaches n1, its owner orders mirror and armour (rulebook §Effect Timing: the
    player decides the order of simultaneous effects): armour first lowers it, then mirror
    sends the lowered damage back; mirror first sends it back whole."""
    engine, script = position(
        [
            UnitSpec("n1", "north", 4, 4, 3, "melee", ("toy/mirror", "toy/armour")),
            UnitSpec("s1", "south", 5, 4, 2, "melee", ("toy/mirror",)),
        ],
        answers=[first],
    )
    engine.emit("damage", source="n1", target="s1", amount=3)
    assert fired(engine) == cards
    assert (hp(engine, "n1"), hp(engine, "s1")) == (4, s1_hp)
    assert entries(engine, "decision")[0]["player"] == "north"
    assert script.remaining == []


def test_after_hooks_see_the_final_payload_and_the_performed_state() -> None:
    engine, _ = position([N1, UnitSpec("s1", "south", 5, 4, 2, "melee", ("toy/rage",))])
    engine.emit("damage", source="n1", target="s1", amount=1)
    assert engine.prop("s1", "rage") == 1
    assert happened(engine) == ["damage"]


def test_only_before_hooks_may_change_an_event() -> None:
    engine, _ = position([N1, S1])
    event = engine.emit("damage", source="n1", target="s1", amount=1)
    with pytest.raises(HexforgeError) as error:
        event.set("amount", 5)
    assert error.value.code == "HF419"
    with pytest.raises(HexforgeError, match="HF419"):
        event.cancel()


def test_dispatch_goes_through_the_index_by_event_name() -> None:
    """200 hooks on other events are never looked at: their conditions would raise."""
    rules = Ruleset()
    for name in ("ping", *(f"other{n}" for n in range(200))):
        rules.declare_event(EventType(name))
    tier = Tier(1, "rule")

    def explode(context: EffectContext) -> bool:
        raise AssertionError("a hook on another event was evaluated")

    def count(context: EffectContext) -> None:
        calls.append(context.source.card_id)

    calls: list[str] = []
    for n in range(200):
        source = Source(f"card{n}", tier)
        hook = Hook(f"other{n}", Window.AFTER, count, source, explode)
        rules.add_effect(f"card{n}", CompiledEffect(source, hooks=(hook,)))
    listener = Source("listener", tier)
    rules.add_effect(
        "listener", CompiledEffect(listener, hooks=(Hook("ping", Window.AFTER, count, listener),))
    )
    engine = Engine.new(rules, 1, ["a", "b"])
    for key in rules.effects:
        engine.attach(key, None)
    engine.emit("ping")
    assert calls == ["listener"]
