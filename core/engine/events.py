"""Event declarations, payload checking, and the event object hooks see.

A game declares each event once (an :class:`EventType` from the shared vocabulary plus an
optional ``perform`` step that changes the state). Procedures emit events by name; the
payload is checked against the declaration so a typo fails loudly where it is made.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from hexforge.core.engine.diagnostics import (
    BAD_PAYLOAD,
    LATE_CHANGE,
    did_you_mean,
    fail,
)
from hexforge.core.engine.jsonvalue import Json
from hexforge.core.vocabulary import BaseType, EventType

if TYPE_CHECKING:
    from hexforge.core.engine.engine import Engine

Perform = Callable[["Engine", "Event"], None]

# Binding names the engine adds next to the payload, so no payload field may use them.
RESERVED_FIELDS = frozenset({"event", "subject"})


@dataclass(frozen=True, slots=True)
class EventSpec:
    """A declared event: its typed fields and what performing it does to the state."""

    type: EventType
    perform: Perform | None = None

    @property
    def name(self) -> str:
        return self.type.name


class Phase(StrEnum):
    """Where an event is in its life: only ``before`` hooks may still change it."""

    BEFORE = "before"
    DONE = "done"


class Event:
    """One occurrence of an event, as hooks and procedures see it."""

    __slots__ = (
        "_engine",
        "cancelled",
        "followed_by",
        "id",
        "name",
        "payload",
        "phase",
        "replacement",
        "seen",
    )

    def __init__(self, engine: Engine, event_id: int, name: str, payload: dict[str, Json]) -> None:
        self._engine = engine
        self.id = event_id
        self.name = name
        self.payload = payload
        self.phase = Phase.BEFORE
        self.cancelled = False
        self.replacement: tuple[str, dict[str, Json]] | None = None
        self.followed_by: Event | None = None  # the event that happened instead
        # Before-hooks that already saw this occurrence (kept across replacements).
        self.seen: set[str] = set()

    def __getitem__(self, name: str) -> Json:
        return self.payload[name]

    @property
    def final(self) -> Event:
        """The occurrence that really happened at the end of any chain of replacements."""
        event = self
        while event.followed_by is not None:
            event = event.followed_by
        return event

    def set(self, name: str, value: Json) -> None:
        """Change one payload field (``before`` window only); the new value is type-checked."""
        self._check_open("change")
        spec = self._engine.ruleset.event(self.name)
        check_payload(self._engine, spec.type, {**self.payload, name: value})
        self.payload[name] = value

    def cancel(self) -> None:
        """The event does not happen: no perform step, no ``after`` hooks."""
        self._check_open("cancel")
        self.cancelled = True
        self._engine.note_change(self, "cancelled", None)

    def replace(self, name: str, /, **payload: Json) -> None:
        """Another event happens instead (its own ``before`` hooks run, except those seen)."""
        self._check_open("replace")
        spec = self._engine.ruleset.event(name)
        check_payload(self._engine, spec.type, payload)
        self.replacement = (name, dict(payload))
        self._engine.note_change(self, "replaced", name)

    def _check_open(self, verb: str) -> None:
        if self.phase is not Phase.BEFORE or self.cancelled or self.replacement is not None:
            raise fail(
                LATE_CHANGE,
                f"cannot {verb} event {self.name!r} #{self.id}: it is already settled",
                hint="only hooks in the 'before' window may change, replace or cancel an event",
            )


def check_payload(engine: Engine, event: EventType, payload: Mapping[str, object]) -> None:
    """HF402 unless ``payload`` has exactly the declared fields with values of their types."""
    names = {f.name for f in event.fields}
    for key in payload:
        if key not in names:
            raise fail(
                BAD_PAYLOAD,
                f"event {event.name!r} has no field {key!r}",
                hint=did_you_mean(key, names) or f"its fields: {', '.join(sorted(names))}",
            )
    for declared in event.fields:
        if declared.name not in payload:
            raise fail(BAD_PAYLOAD, f"event {event.name!r} needs field {declared.name!r}")
        problem = _type_problem(engine, declared.type, payload[declared.name])
        if problem:
            raise fail(BAD_PAYLOAD, f"event {event.name!r} field {declared.name!r}: {problem}")


def _type_problem(engine: Engine, type_name: str, value: object) -> str | None:
    """Why ``value`` is not of ``type_name`` (None: it is). None values mean "absent"."""
    if value is None:
        return None
    if type_name.endswith("*"):  # a list of the named type (the DSL's ``unit*``)
        if not isinstance(value, list):
            return f"expected a list of {type_name[:-1]}, got {value!r}"
        problems = (_type_problem(engine, type_name[:-1], item) for item in value)
        return next((problem for problem in problems if problem), None)
    if type_name == BaseType.INT:
        ok = isinstance(value, int) and not isinstance(value, bool)
        return None if ok else f"expected an int, got {value!r}"
    if type_name == BaseType.BOOL:
        return None if isinstance(value, bool) else f"expected a bool, got {value!r}"
    if not isinstance(value, str):
        return f"expected {type_name} (text), got {value!r}"
    kinds: Collection[str] = engine.ruleset.entity_kinds
    if type_name in kinds:
        entity = engine.state.entities.get(value)
        if entity is None:
            return f"no entity {value!r}"
        if entity.kind != type_name:
            return f"{value!r} is a {entity.kind}, not a {type_name}"
    return None
