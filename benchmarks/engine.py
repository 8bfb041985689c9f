"""Timing engine throughput: events dispatched per second with 200 registered hooks of which
a few match, and whole Skirmish games (tests/engine/toygame.py) per second.

Figures are per CPU-second (the machine's other load does not count). Run from the
repository root: ``python benchmarks/engine.py``.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # for tests.engine.toygame

from hexforge.core.engine import Engine, RandomAgent, Ruleset
from hexforge.core.rules import (
    CompiledEffect,
    EffectContext,
    Hook,
    Source,
    Tier,
    Window,
)
from hexforge.core.vocabulary import EventType, Field
from tests.engine import toygame

HOOKS = 200
MATCHING = 3
EVENTS = 20_000
GAMES = 300


def dispatch_engine() -> tuple[Engine, str]:
    """200 hooks: 190 on 38 other events, 10 on ``hit`` of which 3 hold for the target."""
    rules = Ruleset(entity_kinds={"unit"})
    fields = (Field("target", "unit"), Field("amount", "int"))
    rules.declare_event(EventType("hit", fields))
    for n in range(38):
        rules.declare_event(EventType(f"other{n}", fields))
    tier = Tier(1, "card")

    def react(context: EffectContext) -> None:
        context.game.state.data["reactions"] = context.game.state.data.get("reactions", 0) + 1

    def aimed(context: EffectContext) -> bool:
        return context.bindings.get("target") == context.bearer

    for n in range(HOOKS):
        source = Source(f"bench/card{n}", tier)
        event = "hit" if n < 10 else f"other{n % 38}"
        window = Window.BEFORE if n % 2 else Window.AFTER
        hook = Hook(event, window, react, source, aimed)
        rules.add_effect(source.card_id, CompiledEffect(source, hooks=(hook,)))
    engine = Engine.new(rules, 1, ["a", "b"])
    target = engine.create("unit", "a")
    others = [engine.create("unit", "b") for _ in range(10)]
    for n, key in enumerate(rules.effects):
        engine.attach(key, target if n < MATCHING else others[n % 10])
    return engine, target


def events_per_second() -> float:
    engine, target = dispatch_engine()
    start = time.process_time()
    for _ in range(EVENTS):
        engine.emit("hit", target=target, amount=1)
    elapsed = time.process_time() - start
    assert engine.state.data["reactions"] == EVENTS * MATCHING
    return EVENTS / elapsed


def games_per_second() -> tuple[float, float]:
    lines = 0
    start = time.process_time()
    for seed in range(GAMES):
        engine = toygame.new_game(seed, {"north": RandomAgent(seed), "south": RandomAgent(~seed)})
        toygame.play(engine)
        lines += len(engine.log.lines)
    elapsed = time.process_time() - start
    return GAMES / elapsed, lines / GAMES


def main() -> None:
    rate = events_per_second()
    print(f"events dispatched: {rate:,.0f}/CPU-s ({HOOKS} hooks registered, {MATCHING} match)")
    games, lines = games_per_second()
    print(f"full Skirmish games: {games:,.0f}/CPU-s (mean {lines:.0f} log lines a game)")


if __name__ == "__main__":
    main()
