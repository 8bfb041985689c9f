"""Effect DSL throughput and the cost of compiled rules.

Prints:
- effects/s for parse + check + compile over a realistic corpus (target >= 10,000/s,
  issue 24);
- the per-call cost of compiled modifiers against the same rules written by hand in
  Python on the same game primitives (target: compiled <= 1.5x hand-written).

Run from the repository root: ``python benchmarks/dsl.py``. The corpus uses the toy
game of the DSL tests (motu-like words); the parser object is built once per process,
as in production, and is excluded from the throughput figure.
"""

from __future__ import annotations

import sys
import time
import timeit
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hexforge.core.rules import EffectContext, Modifier, ModifierOp
from hexforge.dsl.api import compile_text
from hexforge.dsl.parser import parse
from tests.dsl.toy import CORPUS, SOURCE, context, toy_game, toy_vocabulary


def throughput(rounds: int = 200) -> float:
    """Effects per second for parse + check + compile of the corpus."""
    vocabulary = toy_vocabulary()
    parse("x")  # build the per-process parser outside the measurement
    effects = len(CORPUS) * rounds

    def work() -> None:
        for _ in range(rounds):
            for text in CORPUS:
                compile_text(text, vocabulary, SOURCE)

    # the best of several runs: on a shared two-core machine the others measure the neighbours
    seconds = min(timeit.repeat(work, number=1, repeat=7, timer=time.process_time))
    return effects / seconds


def _modifier(text: str) -> Modifier:
    (modifier,) = compile_text(text, toy_vocabulary(), SOURCE).modifiers
    return modifier


def _per_call(rule: Callable[[EffectContext], object], ctx: EffectContext) -> float:
    calls = 200_000
    runs = timeit.repeat(lambda: rule(ctx), number=calls, repeat=5, timer=time.process_time)
    return min(runs) / calls


def modifier_costs() -> list[tuple[str, float, float]]:
    """(rule, compiled ns/call, hand-written ns/call).

    Both sides are Modifier objects evaluated the way the engine does (condition, then
    amount); the hand-written ones call the same game implementations directly.
    """
    vocabulary = toy_vocabulary()
    attacking = next(c.impl for c in vocabulary.conditions if c.template.text == "attacking")
    in_terrain = next(f.impl for f in vocabulary.filters if f.template.text.startswith("in "))
    wounds = vocabulary.properties["unit"]["wounds"].impl
    game = toy_game()
    game.attacking = True
    game.units["e"].wounds = 1
    ctx = context(game, target="e")

    def hand(query: str, condition: Callable[[EffectContext], bool], amount: int) -> Modifier:
        return Modifier(query, ModifierOp.ADD, lambda c: amount, SOURCE, condition)

    cases = [
        ("while attacking: scope +1", hand("scope", attacking, 1)),
        (
            "while target in difficult terrain: dice +1",
            hand("dice", lambda c: in_terrain(c, c.bindings["target"], "difficult terrain"), 1),
        ),
        (
            "while target.wounds >= 1: dice -1",
            hand("dice", lambda c: wounds(c, c.bindings["target"]) >= 1, -1),
        ),
    ]
    results = []
    for text, written in cases:
        compiled = _evaluate(_modifier(text))
        by_hand = _evaluate(written)
        assert compiled(ctx) == by_hand(ctx)
        results.append((text, _per_call(compiled, ctx) * 1e9, _per_call(by_hand, ctx) * 1e9))
    return results


def _evaluate(modifier: Modifier) -> Callable[[EffectContext], int]:
    """What the engine does with a modifier: the amount when the condition holds."""
    condition, amount = modifier.condition, modifier.amount
    assert condition is not None
    return lambda c: amount(c) if condition(c) else 0


def main() -> None:
    rate = throughput()
    print(f"parse+check+compile: {rate:,.0f} effects/CPU-s (target >= 10,000)")
    for text, compiled, hand in modifier_costs():
        print(
            f"modifier {text!r}: compiled {compiled:.0f} CPU-ns/call, hand-written {hand:.0f},"
            f" ratio {compiled / hand:.2f}x (target <= 1.5x)"
        )


if __name__ == "__main__":
    main()
