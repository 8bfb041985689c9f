"""The resolver: events through their before/after windows, simultaneous triggers in order,
deferred events of simultaneous windows, and the loop guard on the trigger chain.

Every function takes the engine first. ``emit``, ``note_change`` and ``run`` are bound as
:class:`~hexforge.core.engine.engine.Engine` methods in its class body (a call costs one
method call); ``Engine.close`` calls :func:`settle`. The resolver's state lives on the
engine: ``_firing`` (the trigger chain) and ``_root_fired`` (hook keys fired in the current
trigger instance).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexforge.core.engine.diagnostics import BAD_DECLARATION, DEPTH_LIMIT, fail
from hexforge.core.engine.events import Event, EventSpec, Phase, check_payload
from hexforge.core.engine.hierarchy import Trigger, default_order, trigger_labels
from hexforge.core.engine.index import Entry
from hexforge.core.engine.jsonvalue import Json
from hexforge.core.engine.state import Frame, PendingEvent
from hexforge.core.errors import Span
from hexforge.core.rules import ONCE_PER_TRIGGER, EffectContext, Hook, Window

if TYPE_CHECKING:
    from hexforge.core.engine.engine import Engine


def emit(engine: Engine, name: str, /, **payload: Json) -> Event:
    """An event happens: ``before`` hooks, the perform step, ``after`` hooks.

    Returns the event (check ``cancelled`` / ``replacement``). Inside a simultaneous
    context the perform step and ``after`` hooks wait until the context closes.
    """
    spec = engine.ruleset.event(name)
    check_payload(engine, spec.type, payload)
    event = Event(engine, engine.state.next("event"), name, dict(payload))
    outermost = engine._root_fired is None
    if outermost:
        engine._root_fired = set()
    try:
        _happen(engine, event, spec)
    finally:
        if outermost:
            engine._root_fired = None
    return event


def note_change(engine: Engine, event: Event, change: str, other: str | None) -> None:
    """Called by :class:`Event` to log a cancel or replacement with the card doing it."""
    by = engine._firing[-1] if engine._firing else None
    engine._write(change, event=event.id, name=event.name, by=by, instead=other)


def run(engine: Engine, /, effect: str, bearer: str | None, **bindings: object) -> None:
    """Execute an effect's plain statements (an active skill, a weapon's outcome)."""
    compiled = engine.ruleset.effect(effect)
    if compiled.run is None:
        raise fail(BAD_DECLARATION, f"effect {effect!r} has no statements to run")
    context = EffectContext(engine, compiled.source, bearer, bindings)
    engine._write("run", card=compiled.source.card_id, bearer=bearer)
    _enter(engine, f"{compiled.source.card_id} (run)", compiled.source.span)
    try:
        compiled.run(context)
    finally:
        engine._firing.pop()


def settle(engine: Engine, frame: Frame) -> None:
    """Close a simultaneous window: perform every deferred event, then their triggers."""
    while frame.pending:
        batch, frame.pending = frame.pending, []
        outermost = engine._root_fired is None
        if outermost:
            engine._root_fired = set()
        try:
            events = []
            for pending in batch:
                event = Event(engine, pending.id, pending.name, pending.payload)
                event.phase = Phase.DONE
                _perform(engine, event, engine.ruleset.event(event.name))
                events.append(event)
            triggers = [t for event in events for t in _collect(engine, event, Window.AFTER)]
            _resolve(engine, triggers, Window.AFTER, None)
        finally:
            if outermost:
                engine._root_fired = None


def _happen(engine: Engine, event: Event, spec: EventSpec) -> None:
    _resolve(engine, _collect(engine, event, Window.BEFORE), Window.BEFORE, event)
    if event.cancelled:
        return
    if event.replacement is not None:
        name, payload = event.replacement
        follow = Event(engine, engine.state.next("event"), name, payload)
        follow.seen = event.seen
        event.followed_by = follow
        _happen(engine, follow, engine.ruleset.event(name))
        return
    event.phase = Phase.DONE
    top = engine.top
    if top is not None and top.simultaneous and (top.defer is None or event.name in top.defer):
        top.pending.append(PendingEvent(event.id, event.name, event.payload))
        engine._write("deferred", event=event.id, name=event.name, frame=top.id)
        return
    _perform(engine, event, spec)
    _resolve(engine, _collect(engine, event, Window.AFTER), Window.AFTER, None)


def _perform(engine: Engine, event: Event, spec: EventSpec) -> None:
    engine._write("event", id=event.id, name=event.name, payload=event.payload)
    if spec.perform is not None:
        _enter(engine, f"{event.name} (perform)", None)  # perform steps may emit, too
        try:
            spec.perform(engine, event)
        finally:
            engine._firing.pop()


def _collect(engine: Engine, event: Event, window: Window) -> list[Trigger]:
    entries = engine._index.hooks.get((event.name, window))
    if not entries:
        return []
    found: list[Trigger] = []
    bindings = _bindings(event)  # shared: conditions only read them
    for entry in entries:
        if _spent(engine, entry, event, window):
            continue
        hook = entry.rule
        context = EffectContext(engine, hook.source, entry.bearer, bindings)
        if hook.condition is None or hook.condition(context):
            found.append(Trigger(entry, event, context))
    return found


def _spent(engine: Engine, entry: Entry[Hook], event: Event, window: Window) -> bool:
    """Whether a once-per limit or an earlier pass over this occurrence blocks the hook."""
    if window is Window.BEFORE and entry.key in event.seen:
        return True
    once = entry.rule.once_per
    if once is None:
        return False
    if once == ONCE_PER_TRIGGER:
        return engine._root_fired is not None and entry.key in engine._root_fired
    frame = engine.innermost(once)
    return frame is not None and frame.used(f"hook:{entry.key}")


def _bindings(event: Event) -> dict[str, object]:
    bindings: dict[str, object] = dict(event.payload)
    bindings["event"] = event
    return bindings


def _resolve(engine: Engine, triggers: list[Trigger], window: Window, event: Event | None) -> None:
    """Resolve simultaneous triggers one by one in the order the game's orderer picks."""
    if not triggers:
        return
    pending = default_order(triggers)
    chooser = engine.ruleset.orderer(engine, pending) if len(pending) > 1 else None
    while pending:
        if event is not None and (event.cancelled or event.replacement is not None):
            return
        if chooser is not None and len(pending) > 1:
            labels = trigger_labels(pending)
            names: list[Json] = [*sorted({t.event.name for t in pending})]
            answer = engine.decide(
                "order_triggers",
                chooser,
                list(labels),
                context={"window": window.value, "events": names},
            )
            trigger = pending.pop(labels.index(str(answer)))
        else:
            trigger = pending.pop(0)
        if trigger.entry.attachment.id in engine.state.attachments:
            _fire(engine, trigger, window)


def _fire(engine: Engine, trigger: Trigger, window: Window) -> None:
    entry, event = trigger.entry, trigger.event
    hook = entry.rule
    if _spent(engine, entry, event, window):  # an earlier trigger of this batch used it up
        return
    if window is Window.BEFORE:
        event.seen.add(entry.key)
    if engine._root_fired is not None:
        engine._root_fired.add(entry.key)
    if hook.once_per is not None and hook.once_per != ONCE_PER_TRIGGER:
        frame = engine.innermost(hook.once_per)
        if frame is not None:
            frame.mark(f"hook:{entry.key}")
    engine._write(
        "trigger",
        card=trigger.card,
        bearer=entry.bearer,
        event=event.id,
        name=event.name,
        window=window.value,
    )
    _enter(engine, f"{trigger.card} on {event.name}", hook.source.span)
    try:
        hook.action(EffectContext(engine, hook.source, entry.bearer, _bindings(event)))
    finally:
        engine._firing.pop()


def _enter(engine: Engine, link: str, span: Span | None) -> None:
    """Push a link of the trigger chain; past the depth limit, HF413 names the chain."""
    firing = engine._firing
    firing.append(link)
    if len(firing) > engine.ruleset.max_depth:
        chain = firing[-8:]
        cards = sorted({link.split(" ")[0] for link in firing if " on " in link})
        skipped = len(firing) - len(chain)
        prefix = f"... ({skipped} earlier) -> " if skipped else ""
        firing.pop()
        raise fail(
            DEPTH_LIMIT,
            f"trigger depth limit {engine.ruleset.max_depth} exceeded: "
            f"{prefix}{' -> '.join(chain)}",
            hint=f"these cards keep triggering each other: {', '.join(cards)}; "
            "limit one of them with 'once per'",
            span=span,
        )
