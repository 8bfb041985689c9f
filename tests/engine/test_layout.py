"""How the engine is put together: services in their own modules, bound as Engine methods."""

from __future__ import annotations

from pathlib import Path

from hexforge.core.engine import (
    Engine,
    Ruleset,
    contexts,
    decisions,
    dice,
    hierarchy,
    queries,
    resolver,
)
from hexforge.core.engine.contexts import FrameOptions
from hexforge.core.engine.engine import FOREVER
from hexforge.core.vocabulary import EventType, Field

SERVICES = {
    resolver: ("emit", "note_change", "run"),
    queries: ("query",),
    hierarchy: ("allowed",),
    decisions: ("decide", "decide_together"),
    dice: ("force_dice", "roll", "random_below", "shuffle", "roll_off"),
    contexts: ("open", "close", "context", "spend_ap", "gain_ap"),
}


def test_services_are_the_engine_methods_themselves() -> None:
    # No delegation layer: emitting, asking a query or rolling costs one method call.
    for module, names in SERVICES.items():
        for name in names:
            assert getattr(Engine, name) is getattr(module, name), name
    assert FOREVER.until_end_of is None and "defer" in FrameOptions.__annotations__


def test_payloads_arguments_and_bindings_may_be_named_engine() -> None:
    rules = Ruleset()
    rules.declare_event(EventType("noted", (Field("engine", "int"),)))
    rules.declare_query("range")
    game = Engine.new(rules, 1, ["a"])
    assert game.emit("noted", engine=1).payload == {"engine": 1}
    assert game.query("range", None, base=3, engine=2) == 3
    assert game.allowed("fly", None, engine=2)


def test_no_engine_module_outgrows_four_hundred_lines() -> None:
    folder = Path(resolver.__file__).parent
    sizes = {
        path.name: len(path.read_text(encoding="utf-8").splitlines())
        for path in folder.glob("*.py")
    }
    assert max(sizes.values()) <= 400, sizes
