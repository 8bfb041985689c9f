"""Contexts: the stack of open frames, their action points, and the durations that end
with them.

``open``, ``close``, ``context``, ``spend_ap`` and ``gain_ap`` are bound as
:class:`~hexforge.core.engine.engine.Engine` methods in its class body (a call costs one
method call). :class:`Durations` indexes the attachments that end with a context, so
opening or closing one looks only at those, not at every attachment in play.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, TypedDict, Unpack

from hexforge.core.engine import resolver
from hexforge.core.engine.diagnostics import CONTEXT_ORDER, NO_CONTEXT, NOT_ENOUGH_AP, fail
from hexforge.core.engine.state import Attachment, Frame

if TYPE_CHECKING:
    from hexforge.core.engine.engine import Engine


class FrameOptions(TypedDict, total=False):
    """Options of :meth:`Engine.open` and :meth:`Engine.context`."""

    player: str | None  # who acts in it (the active / interrupting player)
    subject: str | None  # the entity it is about (the active character)
    ap: int  # action points available in it
    simultaneous: bool  # a simultaneous window: deferred events land when it closes
    defer: Sequence[str] | None  # the events it defers (None: all)


class Durations:
    """The attachments that end with a context: those bound to an open frame, by frame,
    and those waiting for the next context of a kind opened for a player ("next turn").

    Derived from the state's attachments (rebuilt on restore), each group in creation
    order, so contexts bind and expire them in the order a scan of every attachment would.
    """

    __slots__ = ("_bound", "_waiting")

    def __init__(self, attachments: Iterable[Attachment]) -> None:
        self._bound: dict[str, dict[str, Attachment]] = {}
        self._waiting: dict[str, Attachment] = {}
        for attachment in attachments:
            self.add(attachment)

    def add(self, attachment: Attachment) -> None:
        if attachment.frame is not None:
            self._bound.setdefault(attachment.frame, {})[attachment.id] = attachment
        elif attachment.player is not None and attachment.until_end_of is not None:
            self._waiting[attachment.id] = attachment

    def remove(self, attachment: Attachment) -> None:
        self._waiting.pop(attachment.id, None)
        if attachment.frame is not None:
            self._bound.get(attachment.frame, {}).pop(attachment.id, None)

    def opened(self, frame: Frame) -> None:
        """Bind the attachments waiting for this kind of context of its player."""
        if not self._waiting or frame.player is None:
            return
        for attachment in list(self._waiting.values()):
            if attachment.player == frame.player and attachment.until_end_of == frame.kind:
                del self._waiting[attachment.id]
                attachment.frame = frame.id
                self.add(attachment)

    def ending(self, frame: Frame) -> list[Attachment]:
        """The attachments bound to ``frame``, which is closing."""
        return list(self._bound.pop(frame.id, {}).values())


def open(engine: Engine, kind: str, **options: Unpack[FrameOptions]) -> Frame:
    """Push a context; ``simultaneous`` defers events (``defer`` names, default all)."""
    player, subject = options.get("player"), options.get("subject")
    ap, defer = options.get("ap", 0), options.get("defer")
    if defer is not None:
        for name in defer:
            engine.ruleset.event(name)
    frame = Frame(
        id=f"f{engine.state.next('frame')}",
        kind=kind,
        player=player,
        subject=subject,
        ap=ap,
        simultaneous=options.get("simultaneous", False),
        defer=list(defer) if defer is not None else None,
    )
    engine.state.stack.append(frame)
    engine.version += 1
    engine._write("open", frame=frame.id, kind=kind, player=player, subject=subject, ap=ap)
    engine._durations.opened(frame)  # "next <kind> of <player>"
    return frame


def close(engine: Engine, frame: Frame | None = None) -> None:
    """Pop the innermost context: settle deferred events, then expire its durations."""
    top = engine.top
    if top is None or (frame is not None and frame is not top):
        name = frame.kind if frame is not None else "a context"
        state = f"the innermost is {top.kind}" if top else "none is open"
        raise fail(
            CONTEXT_ORDER,
            f"cannot close {name}: {state}",
            hint="contexts close innermost first",
        )
    if top.simultaneous:
        resolver.settle(engine, top)
    for attachment in engine._durations.ending(top):
        engine._detach(attachment, f"end of {top.kind}")
    engine.state.stack.pop()
    engine.version += 1
    engine._write("close", frame=top.id, kind=top.kind)


@contextmanager
def context(engine: Engine, kind: str, **options: Unpack[FrameOptions]) -> Iterator[Frame]:
    """``with engine.context("activation", ...) as frame:`` opens, then closes on exit."""
    frame = open(engine, kind, **options)
    yield frame
    close(engine, frame)


def spend_ap(engine: Engine, amount: int, frame: Frame | None = None) -> None:
    """Pay ``amount`` action points from ``frame`` (default innermost); HF408 if short."""
    target = frame or _top_or_fail(engine)
    if amount > target.ap:
        who = f" of {target.subject}" if target.subject else ""
        raise fail(
            NOT_ENOUGH_AP,
            f"the {target.kind}{who} needs {amount} AP but has {target.ap}",
            hint="choose a cheaper action or end the activation",
        )
    target.ap -= amount
    engine._write("ap", frame=target.id, spent=amount, left=target.ap)


def gain_ap(engine: Engine, amount: int, frame: Frame | None = None) -> None:
    target = frame or _top_or_fail(engine)
    target.ap += amount
    engine._write("ap", frame=target.id, gained=amount, left=target.ap)


def _top_or_fail(engine: Engine) -> Frame:
    top = engine.top
    if top is None:
        raise fail(NO_CONTEXT, "no open context holds action points")
    return top
