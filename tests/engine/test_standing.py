"""Standing rules: a game's own rules as compiled effects every subject bears from the
start, never attached (docs/engine.md, "Standing rules"; motu's rule cards)."""

from __future__ import annotations

import pytest

from hexforge.core.engine import Engine, Ruleset
from hexforge.core.errors import HexforgeError
from hexforge.core.rules import (
    CompiledEffect,
    Hook,
    Modifier,
    ModifierOp,
    Permission,
    Reach,
    Source,
    Tier,
    Window,
)
from hexforge.core.vocabulary import EventType

RULEBOOK = Source("game/rule", Tier(0, "rulebook"))


def _rules() -> Ruleset:
    rules = Ruleset(entity_kinds={"unit"})
    rules.declare_query("scope")
    rules.declare_event(EventType("ping", ()))
    return rules


def test_a_standing_modifier_is_borne_by_every_subject_without_state_or_log() -> None:
    rules = _rules()
    bonus = Modifier(
        "scope", ModifierOp.ADD, lambda ctx: 1, RULEBOOK, condition=lambda ctx: ctx.bearer == "a"
    )
    rules.add_standing("game/rule", CompiledEffect(RULEBOOK, modifiers=(bonus,)))
    engine = Engine.new(rules, 1, ["p"])
    a, b = engine.create("unit", "p", id="a"), engine.create("unit", "p", id="b")
    # the condition sees the subject as its bearer: only 'a' gets the bonus
    assert (engine.query("scope", a, base=0), engine.query("scope", b, base=0)) == (1, 0)
    assert engine.state.attachments == {}
    assert [e["type"] for e in engine.log.entries()] == ["start", "create", "create"]
    restored = Engine.restore(rules, engine.snapshot())
    assert restored.query("scope", a, base=0) == 1


def test_a_standing_prohibition_yields_to_a_higher_tier() -> None:
    rules = _rules()
    rules.add_standing(
        "game/rule", CompiledEffect(RULEBOOK, permissions=(Permission("push", False, RULEBOOK),))
    )
    item = Source("item/loose", Tier(1, "item"))
    rules.add_effect(
        "item/loose", CompiledEffect(item, permissions=(Permission("push", True, item),))
    )
    engine = Engine.new(rules, 1, ["p"])
    unit = engine.create("unit", "p")
    assert not engine.allowed("push", unit)
    engine.attach("item/loose", unit)
    assert engine.allowed("push", unit)


@pytest.mark.parametrize(
    "effect",
    [
        CompiledEffect(RULEBOOK, hooks=(Hook("ping", Window.AFTER, lambda ctx: None, RULEBOOK),)),
        CompiledEffect(RULEBOOK, run=lambda ctx: None),
        CompiledEffect(
            RULEBOOK, permissions=(Permission("push", False, RULEBOOK, reach=Reach.ANY),)
        ),
    ],
    ids=["hook", "statement", "reaching others"],
)
def test_only_the_bearers_modifiers_and_permissions_can_stand(effect: CompiledEffect) -> None:
    with pytest.raises(HexforgeError) as raised:
        _rules().add_standing("game/rule", effect)
    assert raised.value.diagnostics[0].code == "HF403"
