"""Typed declarations shared by the timing engine and the effect DSL.

Games declare their event types here-shaped (name plus typed payload fields) so that the
engine can check what procedures emit and the DSL checker can check ``target.wounds``.
Type names are strings: the base types below, or names a game declares (entity kinds such
as ``unit`` or ``hex``, named constant sets such as ``buff``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class BaseType(StrEnum):
    """The value types every game has."""

    INT = "int"
    BOOL = "bool"
    TEXT = "text"


@dataclass(frozen=True, slots=True)
class Field:
    """One typed payload field of an event, or one typed property of an entity kind."""

    name: str
    type: str
    doc: str = ""


@dataclass(frozen=True, slots=True)
class EventType:
    """An event a game's procedures emit and hooks react to."""

    name: str
    fields: tuple[Field, ...] = ()
    doc: str = ""

    def field(self, name: str) -> Field | None:
        """The payload field called ``name``, or None."""
        return next((f for f in self.fields if f.name == name), None)
