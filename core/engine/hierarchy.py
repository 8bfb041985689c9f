"""The rule hierarchy at work: ordering simultaneous triggers and settling permissions.

Games plug in two policies through the :class:`~hexforge.core.engine.ruleset.Ruleset`:
an *orderer* (who decides the order of simultaneous triggers; None means the default
order) and a *tie rule* (what happens when rules of the same tier say both "can" and
"cannot"). Both get the engine, so they may ask a Decision or roll dice, which is logged.
:func:`allowed` (bound as an :class:`~hexforge.core.engine.engine.Engine` method) applies
the permissions by tier and the tie rule.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from hexforge.core.engine.index import Entry
from hexforge.core.rules import EffectContext, Hook, Permission, Reach, Source, Tier

if TYPE_CHECKING:
    from hexforge.core.engine.engine import Engine
    from hexforge.core.engine.events import Event


@dataclass(frozen=True, slots=True)
class Trigger:
    """A hook whose event happened and whose condition held: waiting to resolve."""

    entry: Entry[Hook]
    event: Event
    context: EffectContext

    @property
    def card(self) -> str:
        return self.entry.rule.source.card_id


def default_order(triggers: Sequence[Trigger]) -> list[Trigger]:
    """The documented default: higher tier first, then older attachment first."""
    return sorted(
        triggers,
        key=lambda t: (-t.entry.rule.source.tier.rank, t.entry.attachment.timestamp, t.entry.key),
    )


def trigger_labels(triggers: Sequence[Trigger]) -> list[str]:
    """Option names for an ordering decision: the card id, made unique only when needed."""
    cards = [t.card for t in triggers]
    labels = [
        card if cards.count(card) == 1 else f"{card}@{t.entry.bearer}"
        for card, t in zip(cards, triggers, strict=True)
    ]
    return [
        label if labels.count(label) == 1 else f"{label}#{t.entry.key}"
        for label, t in zip(labels, triggers, strict=True)
    ]


Orderer = Callable[["Engine", Sequence[Trigger]], "str | None"]


def nobody_orders(engine: Engine, triggers: Sequence[Trigger]) -> str | None:
    """Always the default order (tier, then timestamp)."""
    return None


def context_player_orders(engine: Engine, triggers: Sequence[Trigger]) -> str | None:
    """The player of the innermost open context decides (the active or interrupting player)."""
    top = engine.top
    return top.player if top is not None else None


@dataclass(frozen=True, slots=True)
class PermissionConflict:
    """Rules of the same, highest tier disagree about ``action`` for ``subject``."""

    action: str
    subject: str | None
    tier: Tier
    allowing: tuple[Source, ...]
    denying: tuple[Source, ...]

    def key(self) -> str:
        """Identifies the conflict so a ruling is made once and then stands."""
        allowing = ",".join(sorted({s.card_id for s in self.allowing}))
        denying = ",".join(sorted({s.card_id for s in self.denying}))
        return f"{self.action}|{self.subject}|{allowing}|{denying}"


TieRule = Callable[["Engine", PermissionConflict], bool]


def allowed(
    engine: Engine,
    /,
    action: str,
    subject: str | None = None,
    *,
    default: bool = True,
    **args: object,
) -> bool:
    """Whether ``action`` is permitted: the highest tier decides; a same-tier conflict
    goes to the ruleset's tie rule once, and the ruling then stands (logged)."""
    bindings: dict[str, object] = {"subject": subject, **args}
    active: list[Permission] = []
    for entry in engine._index.permissions.get(action, ()):
        permission = entry.rule
        bearer = entry.bearer_for(subject)
        if permission.reach is Reach.BEARER and bearer != subject:
            continue
        context = EffectContext(engine, permission.source, bearer, bindings)
        if permission.condition is None or permission.condition(context):
            active.append(permission)
    if not active:
        return default
    tier = max(p.source.tier for p in active)
    allowing = tuple(p.source for p in active if p.source.tier == tier and p.allowed)
    denying = tuple(p.source for p in active if p.source.tier == tier and not p.allowed)
    if not denying or not allowing:
        return bool(allowing)
    conflict = PermissionConflict(action, subject, tier, allowing, denying)
    key = conflict.key()
    ruling = engine.state.rulings.get(key)
    if ruling is None:
        ruling = engine.ruleset.tie_rule(engine, conflict)
        engine.state.rulings[key] = ruling
        engine._write("ruling", key=key, tier=tier.name, allowed=ruling)
    return ruling


def cannot_wins(engine: Engine, conflict: PermissionConflict) -> bool:
    """The default tie rule: a prohibition beats a permission of the same tier."""
    return False


def roll_off_ruling(engine: Engine, conflict: PermissionConflict) -> bool:
    """The players roll off (ties reroll); the winner decides whether the action is allowed."""
    winner = engine.roll_off(engine.players, reason=f"ruling on {conflict.action}")
    answer = engine.decide(
        "ruling",
        winner,
        ["allow", "deny"],
        context={
            "action": conflict.action,
            "subject": conflict.subject,
            "allowing": [s.card_id for s in conflict.allowing],
            "denying": [s.card_id for s in conflict.denying],
        },
    )
    return answer == "allow"
