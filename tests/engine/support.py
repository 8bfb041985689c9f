"""Scenario helpers for the engine tests: a Skirmish position, forced dice, a script."""

from __future__ import annotations

from collections.abc import Sequence

from hexforge.core.engine import Engine, Json, ScriptedAgent
from tests.engine import toygame
from tests.engine.toygame import PLAYERS, UnitSpec


def position(
    army: Sequence[UnitSpec],
    answers: Sequence[Json] = (),
    dice: Sequence[int] = (),
    seed: int = 1,
) -> tuple[Engine, ScriptedAgent]:
    """A Skirmish game with ``army`` placed, one scripted agent for both players."""
    script = ScriptedAgent(answers)
    engine = Engine.new(toygame.ruleset(), seed, PLAYERS, {p: script for p in PLAYERS})
    toygame.setup(engine, army)
    engine.force_dice(*dice)
    return engine, script


def entries(engine: Engine, entry_type: str) -> list[dict[str, Json]]:
    return [e for e in engine.log.entries() if e["type"] == entry_type]


def fired(engine: Engine) -> list[str]:
    """The cards whose hooks fired, in order."""
    return [str(e["card"]) for e in entries(engine, "trigger")]


def happened(engine: Engine) -> list[str]:
    """The names of the events that were performed, in order."""
    return [str(e["name"]) for e in entries(engine, "event")]


def hp(engine: Engine, unit: str) -> int:
    return toygame.num(engine, unit, "hp")
