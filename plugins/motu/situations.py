"""The situations the rulebook's scope rules name (rulebook §Scope Modifiers,
§Interruptions, §Attacks of Opportunity), as conditions of the effect language.

The rules themselves are data: rule cards of the motu pack (``content/motu/cards/
rules.yaml``) that every character bears at the rulebook tier, such as ``while flanking:
scope +1``. This module says when a situation holds. An attack's situations are settled
once per target (:func:`~hexforge.plugins.motu.attacks.scope_changes`) and kept in the
``attack`` context's data, where the conditions read them for the attacker; a forecast
passes them as the ``situations`` argument of its queries instead, so it sees the same
rules without opening a context. Permissions decide whether a situation can arise at all:
``cannot be flanked`` (action ``flank``, of the target) and ``can ignore cover`` (action
``ignore_cover``, of the attacker), resolved by tier like every permission.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import StrEnum

from hexforge.core.engine import Engine
from hexforge.core.rules import EffectContext
from hexforge.plugins.motu.acting import current_acting
from hexforge.plugins.motu.permits import Permit, allowed
from hexforge.plugins.motu.state import as_texts

SITUATIONS = "situations"
"""The query argument a forecast names the situations of a coming attack with."""


class Situation(StrEnum):
    """A situation of one attack on one target; the value is what the ``attack`` log entry
    lists under ``scope``."""

    FLANK = "flank"
    """A flank attack: from the target's rear arc (§Flank Attacks)."""
    TARGET_ENGAGED = "target engaged"
    """A ranged attack on an engaged target (§Targeting Engaged Models)."""
    COVER = "cover"
    """A ranged or spell attack on a target in cover (§Cover)."""


def can_flank(engine: Engine, attacker: str, target: str) -> bool:
    """Whether an attack by ``attacker`` on ``target`` may be a flank attack."""
    return allowed(engine, Permit.FLANK, target, attacker=attacker)


def ignores_cover(engine: Engine, attacker: str, target: str) -> bool:
    """Whether ``attacker`` ignores the cover of ``target``."""
    return allowed(engine, Permit.IGNORE_COVER, attacker, target=target)


def _engine(ctx: EffectContext) -> Engine:
    engine = ctx.game
    assert isinstance(engine, Engine)
    return engine


def holds(situation: Situation) -> Callable[[EffectContext], bool]:
    """The condition ``situation`` holds for the bearer: the situations a query was asked
    with, or else those of the bearer's own attack now resolving."""

    def check(ctx: EffectContext) -> bool:
        given = ctx.bindings.get(SITUATIONS)
        if given is not None:
            return situation.value in _texts(given)
        frame = _engine(ctx).innermost("attack")
        if frame is None or frame.subject != ctx.bearer:
            return False
        return situation.value in as_texts(frame.data.get("changes"))

    return check


def _texts(value: object) -> list[str]:
    return [str(v) for v in value] if isinstance(value, list | tuple) else []


def interrupting(opportunity: bool) -> Callable[[EffectContext], bool]:
    """The condition: the bearer acts in the innermost interruption, an attack of
    opportunity or not (§Interruptions, §Attacks of Opportunity)."""

    def check(ctx: EffectContext) -> bool:
        frame = current_acting(_engine(ctx))
        return (
            frame is not None
            and frame.kind == "interruption"
            and frame.subject == ctx.bearer
            and bool(frame.data.get("opportunity")) is opportunity
        )

    return check


CONDITIONS: Mapping[str, tuple[Callable[[EffectContext], bool], str]] = {
    "flanking": (
        holds(Situation.FLANK),
        "the bearer's attack comes from its target's rear arc (rulebook §Flank Attacks); "
        "never against a target that cannot be flanked",
    ),
    "making a ranged attack on an engaged target": (
        holds(Situation.TARGET_ENGAGED),
        "the bearer's ranged attack targets an engaged character "
        "(rulebook §Targeting Engaged Models)",
    ),
    "attacking a target in cover": (
        holds(Situation.COVER),
        "the bearer's ranged or spell attack targets a character in cover (rulebook §Cover; "
        "melee attacks meet no cover); never when the bearer can ignore cover",
    ),
    "interrupting": (
        interrupting(False),
        "the bearer acts in an interruption that is not an attack of opportunity "
        "(rulebook §Interruptions)",
    ),
    "making an attack of opportunity": (
        interrupting(True),
        "the bearer acts in an attack of opportunity (rulebook §Attacks of Opportunity)",
    ),
}
"""The situation conditions, with the reference's description of each."""
