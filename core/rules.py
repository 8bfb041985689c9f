"""Compiled rules: the objects content compiles to and the timing engine runs.

The DSL compiler (``hexforge.dsl``) produces :class:`CompiledEffect` values; the engine
(``hexforge.core.engine``) attaches them to entities in play and fires them. Neither side
knows a game: verbs, selectors and properties are functions a game plugin registers, and
they reach the game through :attr:`EffectContext.game`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from hexforge.core.errors import Span

EntityId = str


class Window(StrEnum):
    """When a hook runs relative to its event."""

    BEFORE = "before"  # may change the payload, replace or cancel the event
    AFTER = "after"  # reacts to what happened


class Reach(StrEnum):
    """Which query subjects a modifier or permission is considered for.

    ``bearer``: only queries about the entity it is attached to. ``any``: every subject,
    with ``bindings["subject"]`` given to the condition (auras, nets, "enemies within 2").
    """

    BEARER = "bearer"
    ANY = "any"


class ModifierOp(StrEnum):
    """How a continuous modifier changes a query: base -> set -> add -> clamp."""

    SET = "set"
    ADD = "add"


@dataclass(frozen=True, slots=True, order=True)
class Tier:
    """A level of the rule hierarchy; higher ``rank`` wins (declared per game as data)."""

    rank: int
    name: str


@dataclass(frozen=True, slots=True)
class Source:
    """Where a rule comes from: the card, its tier, and the effect text's place in a file."""

    card_id: str
    tier: Tier
    span: Span | None = None


@dataclass(frozen=True, slots=True)
class Duration:
    """How long an attached rule lasts.

    ``until_end_of`` names a context kind the game opens ("activation", "interruption",
    "round", "game"); None means while the source stays in play. With ``player`` it is
    the *next* context of that kind opened for that player (a "next turn" effect): the
    rule holds from now until that context closes.
    """

    until_end_of: str | None = None
    player: str | None = None


@dataclass(frozen=True, slots=True)
class EffectContext:
    """What a compiled closure sees when it runs.

    ``game`` is the running engine, opaque to the DSL: only game-registered verbs,
    selectors and properties touch it. ``bearer`` is the entity the rule is attached to
    (``self``). ``bindings`` hold the event payload or query arguments and loop variables.
    """

    game: Any
    source: Source
    bearer: EntityId | None
    bindings: Mapping[str, object] = field(default_factory=dict)

    def bind(self, **values: object) -> EffectContext:
        """A context with more names bound (loop variables, the chosen target...)."""
        return EffectContext(self.game, self.source, self.bearer, {**self.bindings, **values})


# ``Hook.once_per`` value: fire at most once per trigger instance, i.e. per event emitted by
# a procedure together with everything its hooks cause (so two "strike back" rules cannot
# ping-pong forever).
ONCE_PER_TRIGGER = "trigger"

Condition = Callable[[EffectContext], bool]
Action = Callable[[EffectContext], None]
Amount = Callable[[EffectContext], int]


@dataclass(frozen=True, slots=True)
class Hook:
    """A triggered rule: when ``event`` happens (in ``window``) and ``condition`` holds, run."""

    event: str
    window: Window
    action: Action
    source: Source
    condition: Condition | None = None
    # A context kind (at most once per activation, round...) or ONCE_PER_TRIGGER.
    once_per: str | None = None


@dataclass(frozen=True, slots=True)
class Modifier:
    """A continuous change to a query (a stat, dice, scope, speed, a cost); never stored."""

    query: str
    op: ModifierOp
    amount: Amount
    source: Source
    condition: Condition | None = None
    reach: Reach = Reach.BEARER


@dataclass(frozen=True, slots=True)
class Permission:
    """``can`` / ``cannot`` do ``action``; conflicts go by tier, then the game's tie rule."""

    action: str
    allowed: bool
    source: Source
    condition: Condition | None = None
    reach: Reach = Reach.BEARER


@dataclass(frozen=True, slots=True)
class CompiledEffect:
    """Everything one effect text compiles to.

    ``run`` holds plain statements (an active skill's effect, a weapon's outcome table),
    executed when the game uses the card; hooks, modifiers and permissions are attached to
    the bearer while the card is in play.
    """

    source: Source
    hooks: tuple[Hook, ...] = ()
    modifiers: tuple[Modifier, ...] = ()
    permissions: tuple[Permission, ...] = ()
    run: Action | None = None
