"""The focus, move and overwatch actions (rulebook §Focus, §Move, §Overwatch, §Free
Actions): the actions with no module of their own. A move may be interrupted, and the
interruption procedure lives above the action table, so it is passed in (``interrupt``),
as :mod:`~hexforge.plugins.motu.moving` takes it.
"""

from __future__ import annotations

from hexforge.core.engine import Engine, Frame
from hexforge.core.engine.diagnostics import fail
from hexforge.core.hexgrid import Direction
from hexforge.plugins.motu import codes
from hexforge.plugins.motu.acting import action_cost
from hexforge.plugins.motu.battlefield import Location
from hexforge.plugins.motu.moving import Interrupt, check_destination, move_model
from hexforge.plugins.motu.state import UnitState


def move(
    engine: Engine,
    unit: str,
    frame: Frame,
    interrupt: Interrupt,
    *,
    focused: bool,
    free: bool = False,
    to: Location | None = None,
    facing: Direction | None = None,
) -> None:
    """The move action (rulebook §Move): AP (none when free, and then later moves do not
    cost more, §Free Actions), the focus token when the focused speed is used (it may be),
    then the move."""
    if focused and not UnitState(engine, unit).focus:
        raise fail(codes.NOT_FOCUSED, f"{unit} is not focused", hint="focus first")
    if frame.data.get("opportunity"):
        raise fail(codes.NOT_ALLOWED, "an attack of opportunity only attacks")
    if to is not None:
        check_destination(engine, unit, focused, to)  # before anything is paid
    if not free:
        engine.spend_ap(action_cost(engine, frame, "move"), frame)
        frame.bump("move")
    if focused:
        UnitState(engine, unit).focus = False
        engine.emit("focus_spent", unit=unit, scope=0)
    move_model(engine, unit, focused, interrupt, to=to, facing=facing)


def focus_action(engine: Engine, unit: str, frame: Frame) -> None:
    """The focus action: one focus token, never a second (rulebook §Focus)."""
    if frame.kind != "activation":
        raise fail(codes.NOT_ALLOWED, "an interruption cannot focus", hint="move, attack or skill")
    character = UnitState(engine, unit)
    if character.focus:
        raise fail(codes.NOT_ALLOWED, f"{unit} is already focused")
    engine.spend_ap(action_cost(engine, frame, "focus"), frame)
    frame.bump("focus")
    character.focus = True
    engine.note("focus", unit=unit)


def overwatch_action(engine: Engine, unit: str, frame: Frame) -> None:
    """The overwatch action: a token, and the activation ends (rulebook §Overwatch); the
    caller closes the activation."""
    if frame.kind != "activation":
        raise fail(codes.NOT_ALLOWED, "an interruption cannot go on overwatch")
    engine.spend_ap(action_cost(engine, frame, "overwatch"), frame)
    frame.bump("overwatch")
    UnitState(engine, unit).overwatch = True
    engine.note("overwatch_taken", unit=unit)
