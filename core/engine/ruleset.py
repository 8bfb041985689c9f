"""What a game declares once, before any game starts: events, queries, entity kinds,
its compiled effects, and its timing policies. Shared by every game of that ruleset.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TypeVar

from hexforge.core.engine.diagnostics import (
    BAD_DECLARATION,
    UNKNOWN_EFFECT,
    UNKNOWN_EVENT,
    UNKNOWN_QUERY,
    did_you_mean,
    fail,
)
from hexforge.core.engine.events import RESERVED_FIELDS, EventSpec, Perform
from hexforge.core.engine.hierarchy import Orderer, TieRule, cannot_wins, nobody_orders
from hexforge.core.engine.queries import BaseValue, QuerySpec
from hexforge.core.rules import CompiledEffect, Reach
from hexforge.core.vocabulary import EventType

DEFAULT_MAX_DEPTH = 40


@dataclass(slots=True)
class Ruleset:
    """A game's declarations. ``entity_kinds`` are the field types checked as entity ids."""

    orderer: Orderer = nobody_orders
    tie_rule: TieRule = cannot_wins
    max_depth: int = DEFAULT_MAX_DEPTH
    entity_kinds: set[str] = field(default_factory=set)
    events: dict[str, EventSpec] = field(default_factory=dict)
    queries: dict[str, QuerySpec] = field(default_factory=dict)
    effects: dict[str, CompiledEffect] = field(default_factory=dict)
    standing: list[str] = field(default_factory=list)
    """Keys of the effects in force for every subject in every game (:meth:`add_standing`)."""

    def declare_event(self, event: EventType, perform: Perform | None = None) -> EventSpec:
        """Declare an event; re-declaring the same name is an HF403 error."""
        if event.name in self.events:
            raise fail(BAD_DECLARATION, f"event {event.name!r} is declared twice")
        clash = RESERVED_FIELDS & {f.name for f in event.fields}
        if clash:
            raise fail(
                BAD_DECLARATION,
                f"event {event.name!r} uses the reserved field name {sorted(clash)[0]!r}",
                hint="'event' and 'subject' are bound by the engine; rename the field",
            )
        spec = EventSpec(event, perform)
        self.events[event.name] = spec
        return spec

    def declare_query(
        self,
        name: str,
        base: BaseValue | None = None,
        minimum: int | None = None,
        maximum: int | None = None,
    ) -> QuerySpec:
        """Declare a query with its base value and clamp bounds."""
        if name in self.queries:
            raise fail(BAD_DECLARATION, f"query {name!r} is declared twice")
        spec = QuerySpec(name, base, minimum, maximum)
        self.queries[name] = spec
        return spec

    def add_effect(self, key: str, effect: CompiledEffect) -> None:
        """Register a compiled effect under a stable key (attachments name effects by key)."""
        if key in self.effects and self.effects[key] is not effect:
            raise fail(BAD_DECLARATION, f"effect key {key!r} is registered twice")
        self.effects[key] = effect

    def add_standing(self, key: str, effect: CompiledEffect) -> None:
        """Register a standing rule: a rule of the game (the rulebook's own, declared as
        data) that every subject bears from the start, without being attached. Only
        modifiers and permissions of the bearer can stand: a standing hook or statement
        would have no one to run for (HF403)."""
        reaches = [m.reach for m in effect.modifiers] + [p.reach for p in effect.permissions]
        if effect.hooks or effect.run is not None or Reach.ANY in reaches:
            raise fail(
                BAD_DECLARATION,
                f"standing rule {key!r} may hold only modifiers and permissions of its bearer",
                hint="write triggers and statements on a card that is attached to someone",
            )
        self.add_effect(key, effect)
        if key not in self.standing:
            self.standing.append(key)

    def add_effects(self, effects: Iterable[tuple[str, CompiledEffect]]) -> None:
        for key, effect in effects:
            self.add_effect(key, effect)

    def event(self, name: str) -> EventSpec:
        return _lookup(self.events, name, UNKNOWN_EVENT, "event")

    def query(self, name: str) -> QuerySpec:
        return _lookup(self.queries, name, UNKNOWN_QUERY, "query")

    def effect(self, key: str) -> CompiledEffect:
        return _lookup(self.effects, key, UNKNOWN_EFFECT, "effect")


V = TypeVar("V")


def _lookup(table: dict[str, V], name: str, code: str, what: str) -> V:
    """``table[name]``, or the error ``code`` with a "did you mean" hint."""
    found = table.get(name)
    if found is None:
        raise fail(code, f"unknown {what} {name!r}", hint=did_you_mean(name, table))
    return found
