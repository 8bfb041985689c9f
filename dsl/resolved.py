"""The checker's output: an effect with every phrase resolved against the vocabulary.

Phrases are gone: each verb call, condition, selector and stat points at its vocabulary
declaration, every value has been type-checked. The compiler only turns these nodes into
closures; it never reports an authoring error.
"""

from __future__ import annotations

from dataclasses import dataclass

from hexforge.core.errors import Span
from hexforge.core.rules import ModifierOp, Reach, Window
from hexforge.dsl.ast import ArithOp, CompareOp, LogicOp
from hexforge.dsl.vocabulary import ConditionDef, FilterDef, Noun, Picker, PropertyDef, Verb

# ---- values ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Lit:
    """An integer or a named constant."""

    value: int | str


@dataclass(frozen=True, slots=True)
class Name:
    """A bound name: ``self`` (the bearer), a payload field, ``it``, a game binding."""

    name: str


@dataclass(frozen=True, slots=True)
class GetProp:
    base: Value
    prop: PropertyDef


@dataclass(frozen=True, slots=True)
class Applied:
    """A filter with its evaluated-once arguments."""

    filter: FilterDef
    args: tuple[Value, ...]


@dataclass(frozen=True, slots=True)
class Selection:
    """Entities of ``noun`` passing every filter; one of them when ``picker`` is set."""

    noun: Noun
    filters: tuple[Applied, ...]
    picker: Picker | None = None


@dataclass(frozen=True, slots=True)
class Single:
    """One entity used where a selection is expected."""

    entity: Value


@dataclass(frozen=True, slots=True)
class CountOf:
    selection: Selection | Single


@dataclass(frozen=True, slots=True)
class Arith:
    op: ArithOp
    left: Value
    right: Value


@dataclass(frozen=True, slots=True)
class Negate:
    operand: Value


@dataclass(frozen=True, slots=True)
class Comparison:
    op: CompareOp
    left: Value
    right: Value


@dataclass(frozen=True, slots=True)
class Logical:
    op: LogicOp
    left: Value
    right: Value


@dataclass(frozen=True, slots=True)
class Negation:
    operand: Value


@dataclass(frozen=True, slots=True)
class CallCondition:
    condition: ConditionDef
    args: tuple[Value, ...]


@dataclass(frozen=True, slots=True)
class Passes:
    """``entity`` passes a filter (``target within 2 of self``)."""

    entity: Value
    applied: Applied


@dataclass(frozen=True, slots=True)
class IsA:
    """``entity`` is one of ``noun`` (``target is an enemy``, trigger patterns)."""

    entity: Value
    noun: Noun


Value = (
    Lit
    | Name
    | GetProp
    | Selection
    | Single
    | CountOf
    | Arith
    | Negate
    | Comparison
    | Logical
    | Negation
    | CallCondition
    | Passes
    | IsA
)

# ---- steps ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Call:
    verb: Verb
    args: tuple[Value, ...]


@dataclass(frozen=True, slots=True)
class Branch:
    condition: Value
    then: tuple[Step, ...]
    otherwise: tuple[Step, ...]


@dataclass(frozen=True, slots=True)
class Loop:
    """``for each``: ``it`` is bound to each selected entity."""

    selection: Selection | Single
    body: tuple[Step, ...]


@dataclass(frozen=True, slots=True)
class Choice:
    """``choose one``: ``labels`` are the options' rules text shown to the player."""

    labels: tuple[str, ...]
    options: tuple[tuple[Step, ...], ...]


@dataclass(frozen=True, slots=True)
class Outcome:
    successes: int
    or_more: bool
    body: tuple[Step, ...]


@dataclass(frozen=True, slots=True)
class TestRun:
    """A game test; the matching outcome with the most successes is applied.
    ``bonus_bounds``: the bonus's declared range (checked again while the game runs)."""

    stat: str
    bonus: Value | None
    defender: Value | None
    defence: str | None
    outcomes: tuple[Outcome, ...]
    bonus_bounds: tuple[int, int] | None = None


Step = Call | Branch | Loop | Choice | TestRun

# ---- rules ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HookRule:
    event: str
    window: Window
    condition: Value | None
    body: tuple[Step, ...]
    once_per: str | None = None


@dataclass(frozen=True, slots=True)
class ModifierRule:
    """``bounds``: the amount's declared range (checked again while the game runs)."""

    query: str
    op: ModifierOp
    amount: Value
    condition: Value | None
    reach: Reach = Reach.BEARER
    bounds: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class PermissionRule:
    action: str
    allowed: bool
    condition: Value | None
    reach: Reach = Reach.BEARER


@dataclass(frozen=True, slots=True)
class PermissionSite:
    """Where an effect allows or forbids an action, for static conflict checks."""

    action: str
    allowed: bool
    conditional: bool
    reach: Reach
    span: Span


@dataclass(frozen=True, slots=True)
class Checked:
    """A whole checked effect."""

    hooks: tuple[HookRule, ...]
    modifiers: tuple[ModifierRule, ...]
    permissions: tuple[PermissionRule, ...]
    run: tuple[Step, ...]
    permission_sites: tuple[PermissionSite, ...] = ()
