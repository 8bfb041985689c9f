"""Queries: named values (a stat, dice, scope, a cost) that continuous modifiers change.

A query's value is computed every time it is asked: base, then ``set`` modifiers, then
``add`` modifiers, then the clamp. Nothing is written back into the state, so a modifier
that ends simply stops applying.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

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
