"""Activation and interruption frames: the context issue 9's round procedure opens.

An activation (rulebook §Activate Character) is an engine context of kind ``activation``
with the character as subject and the fate card's AP; an interruption (§Interruptions) one
of kind ``interruption`` with 1 AP. The interruption's data holds what the rules of targets
and marks ask of it: ``interrupted`` (the enemy) and ``opportunity`` (§Attacks of
Opportunity); its scope changes are rule cards on the conditions ``interrupting`` and
``making an attack of opportunity`` (:mod:`~hexforge.plugins.motu.situations`).
"""

from __future__ import annotations

from hexforge.core.engine import Engine, Frame
from hexforge.core.engine.diagnostics import fail
from hexforge.plugins.motu import codes
from hexforge.plugins.motu.mana import gain_mana
from hexforge.plugins.motu.parameters import parameters_of

ACTING = ("activation", "interruption")


def open_activation(engine: Engine, unit: str, ap: int, mana: int = 0) -> Frame:
    """Open ``unit``'s activation with ``ap`` action points; it gains ``mana``."""
    frame = engine.open("activation", player=engine.entity(unit).owner, subject=unit, ap=ap)
    if mana:
        gain_mana(engine, unit, mana)
    return frame


def open_interruption(
    engine: Engine, unit: str, interrupted: str, *, opportunity: bool = False, ap: int = 1
) -> Frame:
    """Open an interruption of ``interrupted`` by ``unit`` (1 AP), an attack of opportunity
    when ``opportunity``."""
    frame = engine.open("interruption", player=engine.entity(unit).owner, subject=unit, ap=ap)
    frame.data.update({"interrupted": interrupted, "opportunity": opportunity})
    return frame


def own_frame(engine: Engine, unit: str) -> Frame | None:
    """The innermost activation or interruption of ``unit``, None when it is not acting."""
    for frame in reversed(engine.state.stack):
        if frame.kind in ACTING and frame.subject == unit:
            return frame
    return None


def acting_frame(engine: Engine, unit: str) -> Frame:
    """The innermost activation or interruption of ``unit``; HF750 when it is not acting."""
    frame = own_frame(engine, unit)
    if frame is not None:
        return frame
    raise fail(
        codes.NOT_ACTING,
        f"{unit} is not active or interrupting now",
        hint="actions are performed in the character's activation or interruption",
    )


def current_acting(engine: Engine) -> Frame | None:
    """The innermost activation or interruption, whoever acts in it."""
    return next((f for f in reversed(engine.state.stack) if f.kind in ACTING), None)


def interrupted_by(engine: Engine, unit: str) -> str | None:
    """The enemy ``unit`` is interrupting, if it is interrupting."""
    frame = current_acting(engine)
    if frame is None or frame.kind != "interruption" or frame.subject != unit:
        return None
    found = frame.data.get("interrupted")
    return None if found is None else str(found)


def action_cost(engine: Engine, frame: Frame, key: str) -> int:
    """1 AP the first time, one more each repeat in the same frame (rulebook §Perform
    Actions, §Attack; the parameters ``action_ap`` and ``repeat_ap``): ``key`` is
    ``attack:<type>``, ``move``, ``focus``..."""
    return parameters_of(engine).action_cost(frame.count(key))
