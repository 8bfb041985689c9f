"""Mana (rulebook §Mana): gained up to five, spent on spells, skills and rerolls."""

from __future__ import annotations

from hexforge.core.engine import Engine
from hexforge.core.engine.diagnostics import fail
from hexforge.plugins.motu import codes
from hexforge.plugins.motu.parameters import parameters_of
from hexforge.plugins.motu.state import UnitState


def mana(engine: Engine, unit: str) -> int:
    return UnitState(engine, unit).mana


def gain_mana(engine: Engine, unit: str, amount: int) -> int:
    """Add mana, never above five (``mana_cap``); returns what was actually gained."""
    holder = UnitState(engine, unit)
    gained = max(0, min(amount, parameters_of(engine).mana_cap - holder.mana))
    holder.mana += gained
    engine.emit("mana_gained", unit=unit, amount=gained)
    return gained


def check_mana(engine: Engine, unit: str, amount: int, why: str) -> None:
    if amount > mana(engine, unit):
        raise fail(
            codes.NOT_ENOUGH_MANA,
            f"{unit} needs {amount} mana for {why} but has {mana(engine, unit)}",
            hint="gain mana from fate cards, or choose something cheaper",
        )


def spend_mana(engine: Engine, unit: str, amount: int, why: str) -> None:
    """Return ``amount`` mana to the supply; HF753 when the character has less."""
    check_mana(engine, unit, amount, why)
    if amount:
        UnitState(engine, unit).mana -= amount
        engine.emit("mana_spent", unit=unit, amount=amount)
