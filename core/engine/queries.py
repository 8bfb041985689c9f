"""Queries: named values (a stat, dice, scope, a cost) that continuous modifiers change.

A query's value is computed every time it is asked (:func:`query`, bound as an
:class:`~hexforge.core.engine.engine.Engine` method): base, then ``set`` modifiers, then
``add`` modifiers, then the clamp. Nothing is written back into the state, so a modifier
that ends simply stops applying.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from hexforge.core.engine.diagnostics import BAD_DECLARATION, QUERY_CYCLE, fail
from hexforge.core.rules import EffectContext, ModifierOp, Reach

if TYPE_CHECKING:
    from hexforge.core.engine.engine import Engine

# base(engine, subject, arguments) -> the unmodified value
BaseValue = Callable[["Engine", "str | None", Mapping[str, object]], int]


@dataclass(frozen=True, slots=True)
class QuerySpec:
    """A declared query: where its base value comes from and the clamp bounds."""

    name: str
    base: BaseValue | None = None
    minimum: int | None = None
    maximum: int | None = None

    def clamp(self, value: int) -> int:
        if self.minimum is not None and value < self.minimum:
            return self.minimum
        if self.maximum is not None and value > self.maximum:
            return self.maximum
        return value


def prop_base(prop: str, default: int = 0) -> BaseValue:
    """A base that reads an integer property of the subject entity (the common case)."""

    def base(engine: Engine, subject: str | None, arguments: Mapping[str, object]) -> int:
        if subject is None:
            return default
        value = engine.entity(subject).props.get(prop, default)
        return value if isinstance(value, int) else default

    return base


def query(
    engine: Engine,
    /,
    name: str,
    subject: str | None = None,
    *,
    base: int | None = None,
    **args: object,
) -> int:
    """A query's current value: base -> set -> add -> clamp; never stored."""
    spec = engine.ruleset.query(name)
    marker = (name, subject)
    computing = engine._computing
    if marker in computing:
        raise fail(
            QUERY_CYCLE,
            f"query {name!r} of {subject} depends on itself",
            hint="a modifier's condition or amount asks the query it modifies",
        )
    computing.append(marker)
    try:
        if base is not None:
            value = base
        elif spec.base is not None:
            value = spec.base(engine, subject, args)
        else:
            raise fail(BAD_DECLARATION, f"query {name!r} has no base value; pass base=")
        bindings: dict[str, object] = {"subject": subject, **args}
        adds: list[int] = []
        for entry in engine._index.modifiers.get(name, ()):
            modifier = entry.rule
            bearer = entry.bearer_for(subject)
            if modifier.reach is Reach.BEARER and bearer != subject:
                continue
            context = EffectContext(engine, modifier.source, bearer, bindings)
            if modifier.condition is not None and not modifier.condition(context):
                continue
            if modifier.op is ModifierOp.SET:
                value = modifier.amount(context)
            else:
                adds.append(modifier.amount(context))
        return spec.clamp(value + sum(adds))
    finally:
        computing.pop()
