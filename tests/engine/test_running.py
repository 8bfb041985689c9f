"""Running an effect's plain statements, game log entries, entities re-entering play."""

from __future__ import annotations

import pytest

from hexforge.core.engine import Engine, Ruleset
from hexforge.core.errors import HexforgeError
from hexforge.core.rules import CompiledEffect, EffectContext, Source, Tier
from tests.engine.support import entries

SKILL = Source("demo/heal", Tier(4, "character"))


def heal(context: EffectContext) -> None:
    engine: Engine = context.game
    target = str(context.bindings["target"])
    engine.set_prop(target, "wounds", 0)
    engine.set_prop(str(context.bearer), "mana", 0)


def rules() -> Ruleset:
    ruleset = Ruleset()
    ruleset.add_effect("demo/heal", CompiledEffect(SKILL, run=heal))
    ruleset.add_effect("demo/passive", CompiledEffect(Source("demo/passive", SKILL.tier)))
    return ruleset


def test_run_executes_an_active_skill_with_its_bindings() -> None:
    engine = Engine.new(rules(), 1, ["a", "b"])
    healer = engine.create("unit", "a", props={"mana": 2})
    patient = engine.create("unit", "a", props={"wounds": 3})
    engine.run("demo/heal", healer, target=patient)
    assert (engine.prop(patient, "wounds"), engine.prop(healer, "mana")) == (0, 0)
    assert entries(engine, "run") == [
        {"seq": 4, "type": "run", "card": "demo/heal", "bearer": healer}
    ]
    with pytest.raises(HexforgeError, match="has no statements") as error:
        engine.run("demo/passive", healer)
    assert error.value.code == "HF403"


def test_games_add_their_own_log_entries() -> None:
    engine = Engine.new(rules(), 1, ["a", "b"])
    engine.note("phase", name="clean-up", round=2)
    assert entries(engine, "phase") == [{"seq": 2, "type": "phase", "name": "clean-up", "round": 2}]
    with pytest.raises(HexforgeError) as error:
        engine.note("bad", value=1.5)  # type: ignore[arg-type]
    assert error.value.code == "HF415"
    with pytest.raises(HexforgeError, match="cannot set 'seq'"):
        engine.note("bad", seq=3)


def test_leaving_and_entering_play_are_logged_once() -> None:
    engine = Engine.new(rules(), 1, ["a", "b"])
    unit = engine.create("unit", "a")
    engine.leave_play(unit)
    engine.leave_play(unit)
    assert engine.entities("unit") == [] and len(engine.entities("unit", in_play=None)) == 1
    engine.enter_play(unit)
    assert [e["type"] for e in engine.log.entries()][-2:] == ["leave", "enter"]
    assert engine.entities("unit", owner="a")[0].id == unit


def test_players_must_be_distinct() -> None:
    with pytest.raises(HexforgeError) as error:
        Engine.new(rules(), 1, ["a", "a"])
    assert error.value.code == "HF403"
