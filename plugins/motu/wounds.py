"""Wounds, knock-outs and victory points (rulebook §Health and Wounds, §AoE Knockouts).

``wounded`` adds wound tokens; at ``health`` or more the character is knocked out: the
opponent scores its points plus its equipment's, and its model leaves the battleground -
once the reactions to the knock-out have resolved, or when the attack ends if an attack is
under way (an area attack keeps knocked-out targets on the board until it is complete).
"""

from __future__ import annotations

from hexforge.core.engine import Engine, Event
from hexforge.plugins.motu.state import PlayerState, UnitState, as_int
from hexforge.plugins.motu.units import is_knocked_out, points


def deal_wounds(engine: Engine, target: str, amount: int, source: str | None = None) -> None:
    """Wound ``target``; a knock-out takes the model off the board once every reaction to
    it has resolved (or, during an attack, when the attack ends)."""
    if amount > 0 and not is_knocked_out(engine, target):
        engine.emit("wounded", target=target, amount=amount, source=source)
        if engine.innermost("attack") is None:
            settle_knockouts(engine)


def settle_knockouts(engine: Engine) -> None:
    """Remove every knocked-out model still on the battleground."""
    for entity in engine.entities("character"):
        if is_knocked_out(engine, entity.id):
            remove_from_board(engine, entity.id)


def heal(engine: Engine, target: str, amount: int) -> None:
    healed = min(amount, UnitState(engine, target).wounds)
    if healed > 0 and not is_knocked_out(engine, target):
        engine.emit("healed", target=target, amount=healed)


def perform_wounded(engine: Engine, event: Event) -> None:
    wounded = UnitState(engine, str(event["target"]))
    wounded.wounds += max(0, as_int(event["amount"]))
    if wounded.wounds >= engine.query("health", wounded.id):
        engine.emit("knocked_out", target=wounded.id, by=event["source"])


def perform_healed(engine: Engine, event: Event) -> None:
    healed = UnitState(engine, str(event["target"]))
    healed.wounds = max(0, healed.wounds - as_int(event["amount"]))


def perform_knocked_out(engine: Engine, event: Event) -> None:
    target = str(event["target"])
    if is_knocked_out(engine, target):
        return
    UnitState(engine, target).knocked_out = True
    opponents = [p for p in engine.players if p != engine.entity(target).owner]
    for player in opponents:
        gained = points(engine, target)
        PlayerState(engine, player).vp += gained
        engine.note("vp", player=player, gained=gained, reason=f"{target} knocked out")


def remove_from_board(engine: Engine, unit: str) -> None:
    """The model leaves the battleground: its card, equipment and tokens stop working."""
    if engine.entity(unit).in_play:
        engine.emit("removed_from_board", unit=unit)
        engine.leave_play(unit)


def victory_points(engine: Engine, player: str) -> int:
    return PlayerState(engine, player).vp
