"""The permissions motu consults (rulebook §Rule Hierarchy: a rule says what a character
can or cannot do; the higher tier wins, §Golden Rule settles a tie).

Each is an action of :meth:`Engine.allowed <hexforge.core.engine.Engine.allowed>`, asked
about the character it protects or empowers, and a permission phrase of the effect
language (``cannot be pushed``, ``can ignore cover``). A movement effect that a permission
refuses moves nothing and leaves a log entry saying why (:func:`movement_refusal`).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

from hexforge.core.engine import Engine
from hexforge.plugins.motu.board import enemies


class Permit(StrEnum):
    """A permission action; the value is the engine's action id."""

    TARGET = "target"
    FLANK = "flank"
    IGNORE_COVER = "ignore_cover"
    PUSH = "push"
    PULL = "pull"
    SWITCH = "switch"
    MOVED_BY_ENEMIES = "moved_by_enemies"
    MOVE_THROUGH_ENEMIES = "move_through_enemies"


DEFAULTS: Mapping[Permit, bool] = {Permit.IGNORE_COVER: False, Permit.MOVE_THROUGH_ENEMIES: False}
"""What holds when no rule speaks (the others are allowed unless a rule forbids them)."""

PHRASES: Mapping[Permit, tuple[str, str]] = {
    Permit.TARGET: ("be targeted", "attacks may target the bearer"),
    Permit.FLANK: (
        "be flanked",
        "attacks from the bearer's rear arc are flank attacks (rulebook §Flank Attacks)",
    ),
    Permit.IGNORE_COVER: (
        "ignore cover",
        "the bearer's attacks treat no target as in cover (rulebook §Cover); "
        "not unless a rule says 'can'",
    ),
    Permit.PUSH: ("be pushed", "a push moves the bearer (rulebook §Push and Pull, §Pushing)"),
    Permit.PULL: ("be pulled", "a pull moves the bearer (rulebook §Push and Pull)"),
    Permit.SWITCH: ("be switched", "a switch moves the bearer (rulebook §Switch)"),
    Permit.MOVED_BY_ENEMIES: (
        "be moved by enemies",
        "an enemy's push, pull or switch moves the bearer (rulebook §Movement Effects)",
    ),
    Permit.MOVE_THROUGH_ENEMIES: (
        "move through enemies",
        "entering a hex next to an enemy does not end the bearer's move (rulebook §Move); "
        "not unless a rule says 'can'",
    ),
}
"""The effect-language phrase after ``can``/``cannot`` of each permission, and what it
governs."""


def allowed(engine: Engine, permit: Permit, unit: str, **args: object) -> bool:
    """Whether ``permit`` holds for ``unit`` now, by tier (the default when no rule speaks)."""
    return engine.allowed(permit, unit, default=DEFAULTS.get(permit, True), **args)


def movement_refusal(engine: Engine, how: Permit, unit: str, by: str) -> str | None:
    """Why ``by``'s push, pull or switch (``how``) cannot move ``unit`` (None: it can):
    the phrase of the permission that forbids it, as the log's reason."""
    if not allowed(engine, how, unit, by=by):
        return "cannot " + PHRASES[how][0]
    hostile = by != unit and enemies(engine, unit, by)
    if hostile and not allowed(engine, Permit.MOVED_BY_ENEMIES, unit, by=by):
        return "cannot " + PHRASES[Permit.MOVED_BY_ENEMIES][0]
    return None
