"""The engine: runs one game's state through events, hooks, queries and decisions.

A game plugin writes its procedures (rounds, activations, attacks...) as plain Python
that calls this API; the engine supplies the timing: before/after windows, simultaneous
triggers, continuous modifiers, permissions by tier, nested contexts with durations,
decisions answered by agents, seeded dice, and the log.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import TextIO, TypedDict, TypeVar, Unpack

from hexforge.core.engine import dice
from hexforge.core.engine.decisions import Agent, Decision
from hexforge.core.engine.diagnostics import (
    BAD_DECLARATION,
    BAD_DIE,
    CONTEXT_ORDER,
    DEPTH_LIMIT,
    ILLEGAL_ANSWER,
    NO_AGENT,
    NO_CONTEXT,
    NO_OPTIONS,
    NOT_ENOUGH_AP,
    QUERY_CYCLE,
    UNKNOWN_ENTITY,
    did_you_mean,
    fail,
)
from hexforge.core.engine.events import Event, EventSpec, Phase, check_payload
from hexforge.core.engine.hierarchy import (
    PermissionConflict,
    Trigger,
    default_order,
    trigger_labels,
)
from hexforge.core.engine.index import Entry, RuleIndex
from hexforge.core.engine.jsonvalue import Json, canonical, check_json
from hexforge.core.engine.log import GameLog
from hexforge.core.engine.ruleset import Ruleset
from hexforge.core.engine.state import (
    Attachment,
    Entity,
    Frame,
    GameState,
    PendingEvent,
    dump_state,
    load_state,
    state_hash,
)
from hexforge.core.errors import Span
from hexforge.core.rules import (
    ONCE_PER_TRIGGER,
    Duration,
    EffectContext,
    Hook,
    ModifierOp,
    Reach,
    Window,
)

T = TypeVar("T")
FOREVER = Duration()  # while the source and the bearer are in play


class FrameOptions(TypedDict, total=False):
    """Options of :meth:`Engine.open` and :meth:`Engine.context`."""

    player: str | None  # who acts in it (the active / interrupting player)
    subject: str | None  # the entity it is about (the active character)
    ap: int  # action points available in it
    simultaneous: bool  # a simultaneous window: deferred events land when it closes
    defer: Sequence[str] | None  # the events it defers (None: all)


class Engine:
    """One running game. Build with :meth:`new` or :meth:`restore`."""

    def __init__(
        self,
        ruleset: Ruleset,
        state: GameState,
        agents: Mapping[str, Agent] | None = None,
        sink: TextIO | None = None,
    ) -> None:
        self.ruleset = ruleset
        self.state = state
        self.agents: dict[str, Agent] = dict(agents or {})
        self.log = GameLog(sink)
        self._index = RuleIndex()
        for attachment in state.attachments.values():
            self._index.add(attachment, ruleset.effect(attachment.effect))
        self._firing: list[str] = []  # "card on event" of the hooks now resolving
        self._root_fired: set[str] | None = None  # hook keys fired in this trigger instance
        self._computing: list[tuple[str, str | None]] = []  # queries being computed

    # -- construction, snapshots, hashes -------------------------------------------------

    @classmethod
    def new(
        cls,
        ruleset: Ruleset,
        seed: int,
        players: Sequence[str],
        agents: Mapping[str, Agent] | None = None,
        sink: TextIO | None = None,
    ) -> Engine:
        """A fresh game; the log starts with the seed and the players."""
        if len(set(players)) != len(players) or not players:
            raise fail(BAD_DECLARATION, f"players must be distinct and not empty: {players!r}")
        state = GameState(seed=seed, rng=seed & ((1 << 64) - 1), players=list(players))
        engine = cls(ruleset, state, agents, sink)
        engine._write("start", seed=seed, players=list(players))
        return engine

    @classmethod
    def restore(
        cls,
        ruleset: Ruleset,
        snapshot: str,
        agents: Mapping[str, Agent] | None = None,
        sink: TextIO | None = None,
    ) -> Engine:
        """A game continuing from :meth:`snapshot` text (its log continues the numbering)."""
        return cls(ruleset, load_state(snapshot), agents, sink)

    def snapshot(self) -> str:
        """The whole state as JSON text (only at a procedure boundary, see docs/engine.md)."""
        return dump_state(self.state)

    def state_hash(self) -> str:
        return state_hash(self.state)

    def checkpoint(self, label: str) -> str:
        """Log the state hash under ``label`` (replays compare these) and return it."""
        digest = self.state_hash()
        self._write("hash", label=label, hash=digest)
        return digest

    @property
    def players(self) -> list[str]:
        return self.state.players

    # -- entities ------------------------------------------------------------------------

    def create(
        self,
        kind: str,
        owner: str | None = None,
        *,
        id: str | None = None,
        props: Mapping[str, Json] | None = None,
        in_play: bool = True,
    ) -> str:
        """A new entity; ``id`` defaults to ``<kind>-<n>``. Ids never change or get reused."""
        entity_id = id if id is not None else f"{kind}-{self.state.next('entity')}"
        if entity_id in self.state.entities:
            raise fail(BAD_DECLARATION, f"entity id {entity_id!r} already exists")
        data = dict(props or {})
        check_json(data, f"props of {entity_id}")
        self.state.entities[entity_id] = Entity(entity_id, kind, owner, in_play, data)
        self._write("create", entity=entity_id, kind=kind, owner=owner)
        return entity_id

    def entity(self, entity_id: str) -> Entity:
        found = self.state.entities.get(entity_id)
        if found is None:
            hint = did_you_mean(entity_id, self.state.entities)
            raise fail(UNKNOWN_ENTITY, f"no entity {entity_id!r}", hint=hint)
        return found

    def entities(
        self, kind: str | None = None, owner: str | None = None, in_play: bool | None = True
    ) -> list[Entity]:
        """Entities filtered by kind, owner and presence (in creation order)."""
        return [
            e
            for e in self.state.entities.values()
            if (kind is None or e.kind == kind)
            and (owner is None or e.owner == owner)
            and (in_play is None or e.in_play == in_play)
        ]

    def prop(self, entity_id: str, name: str, default: Json = None) -> Json:
        return self.entity(entity_id).props.get(name, default)

    def set_prop(self, entity_id: str, name: str, value: Json) -> None:
        """Store a JSON value (checked, so the state always round-trips)."""
        self.entity(entity_id).props[name] = check_json(value, f"{entity_id}.{name}")

    def leave_play(self, entity_id: str) -> None:
        """The entity leaves play: rules it bears or sources end ("while in play")."""
        entity = self.entity(entity_id)
        if not entity.in_play:
            return
        entity.in_play = False
        self._write("leave", entity=entity_id)
        for attachment in list(self.state.attachments.values()):
            if entity_id in (attachment.bearer, attachment.source):
                self._detach(attachment, "left play")

    def enter_play(self, entity_id: str) -> None:
        entity = self.entity(entity_id)
        if not entity.in_play:
            entity.in_play = True
            self._write("enter", entity=entity_id)

    # -- attaching compiled effects ------------------------------------------------------

    def attach(
        self,
        effect: str,
        bearer: str | None,
        *,
        source: str | None = None,
        duration: Duration = FOREVER,
    ) -> str:
        """Attach a library effect's hooks, modifiers and permissions to ``bearer``.

        ``duration.until_end_of`` binds it to the innermost open context of that kind;
        otherwise it lasts while ``source`` (default: the bearer) and the bearer are in play.
        """
        compiled = self.ruleset.effect(effect)
        if bearer is not None:
            self.entity(bearer)
        frame = None
        if duration.until_end_of is not None:
            frame = self.frame_of(duration.until_end_of)
        attachment = Attachment(
            id=f"a{self.state.next('attachment')}",
            effect=effect,
            bearer=bearer,
            source=source if source is not None else bearer,
            timestamp=self.state.next("clock"),
            until_end_of=duration.until_end_of,
            frame=frame.id if frame is not None else None,
        )
        self.state.attachments[attachment.id] = attachment
        self._index.add(attachment, compiled)
        self._write(
            "attach",
            attachment=attachment.id,
            card=compiled.source.card_id,
            bearer=bearer,
            until_end_of=duration.until_end_of,
        )
        return attachment.id

    def detach(self, attachment_id: str) -> None:
        attachment = self.state.attachments.get(attachment_id)
        if attachment is not None:
            self._detach(attachment, "removed")

    def attachments(self, bearer: str | None = None, effect: str | None = None) -> list[Attachment]:
        return [
            a
            for a in self.state.attachments.values()
            if (bearer is None or a.bearer == bearer) and (effect is None or a.effect == effect)
        ]

    def _detach(self, attachment: Attachment, reason: str) -> None:
        del self.state.attachments[attachment.id]
        self._index.remove(attachment, self.ruleset.effect(attachment.effect))
        self._write("detach", attachment=attachment.id, reason=reason)

    def run(self, effect: str, bearer: str | None, **bindings: object) -> None:
        """Execute an effect's plain statements (an active skill, a weapon's outcome)."""
        compiled = self.ruleset.effect(effect)
        if compiled.run is None:
            raise fail(BAD_DECLARATION, f"effect {effect!r} has no statements to run")
        context = EffectContext(self, compiled.source, bearer, bindings)
        self._write("run", card=compiled.source.card_id, bearer=bearer)
        self._enter(f"{compiled.source.card_id} (run)", compiled.source.span)
        try:
            compiled.run(context)
        finally:
            self._firing.pop()

    # -- contexts ------------------------------------------------------------------------

    @property
    def top(self) -> Frame | None:
        """The innermost open context."""
        return self.state.stack[-1] if self.state.stack else None

    def innermost(self, kind: str) -> Frame | None:
        return next((f for f in reversed(self.state.stack) if f.kind == kind), None)

    def frame_of(self, kind: str) -> Frame:
        """The innermost open context of ``kind``; HF406 when none is open."""
        frame = self.innermost(kind)
        if frame is None:
            open_kinds = [f.kind for f in self.state.stack] or ["none"]
            raise fail(
                NO_CONTEXT,
                f"no open {kind!r} context",
                hint=f"open contexts, outermost first: {', '.join(open_kinds)}",
            )
        return frame

    def open(self, kind: str, **options: Unpack[FrameOptions]) -> Frame:
        """Push a context; ``simultaneous`` defers events (``defer`` names, default all)."""
        player, subject = options.get("player"), options.get("subject")
        ap, defer = options.get("ap", 0), options.get("defer")
        if defer is not None:
            for name in defer:
                self.ruleset.event(name)
        frame = Frame(
            id=f"f{self.state.next('frame')}",
            kind=kind,
            player=player,
            subject=subject,
            ap=ap,
            simultaneous=options.get("simultaneous", False),
            defer=list(defer) if defer is not None else None,
        )
        self.state.stack.append(frame)
        self._write("open", frame=frame.id, kind=kind, player=player, subject=subject, ap=ap)
        return frame

    def close(self, frame: Frame | None = None) -> None:
        """Pop the innermost context: settle deferred events, then expire its durations."""
        top = self.top
        if top is None or (frame is not None and frame is not top):
            name = frame.kind if frame is not None else "a context"
            state = f"the innermost is {top.kind}" if top else "none is open"
            raise fail(
                CONTEXT_ORDER,
                f"cannot close {name}: {state}",
                hint="contexts close innermost first",
            )
        if top.simultaneous:
            self._settle(top)
        for attachment in list(self.state.attachments.values()):
            if attachment.frame == top.id:
                self._detach(attachment, f"end of {top.kind}")
        self.state.stack.pop()
        self._write("close", frame=top.id, kind=top.kind)

    @contextmanager
    def context(self, kind: str, **options: Unpack[FrameOptions]) -> Iterator[Frame]:
        """``with engine.context("activation", ...) as frame:`` opens, then closes on exit."""
        frame = self.open(kind, **options)
        yield frame
        self.close(frame)

    def spend_ap(self, amount: int, frame: Frame | None = None) -> None:
        """Pay ``amount`` action points from ``frame`` (default innermost); HF408 if short."""
        target = frame or self._top_or_fail()
        if amount > target.ap:
            who = f" of {target.subject}" if target.subject else ""
            raise fail(
                NOT_ENOUGH_AP,
                f"the {target.kind}{who} needs {amount} AP but has {target.ap}",
                hint="choose a cheaper action or end the activation",
            )
        target.ap -= amount
        self._write("ap", frame=target.id, spent=amount, left=target.ap)

    def gain_ap(self, amount: int, frame: Frame | None = None) -> None:
        target = frame or self._top_or_fail()
        target.ap += amount
        self._write("ap", frame=target.id, gained=amount, left=target.ap)

    def _top_or_fail(self) -> Frame:
        top = self.top
        if top is None:
            raise fail(NO_CONTEXT, "no open context holds action points")
        return top

    # -- events and hooks ----------------------------------------------------------------

    def emit(self, name: str, /, **payload: Json) -> Event:
        """An event happens: ``before`` hooks, the perform step, ``after`` hooks.

        Returns the event (check ``cancelled`` / ``replacement``). Inside a simultaneous
        context the perform step and ``after`` hooks wait until the context closes.
        """
        spec = self.ruleset.event(name)
        check_payload(self, spec.type, payload)
        event = Event(self, self.state.next("event"), name, dict(payload))
        outermost = self._root_fired is None
        if outermost:
            self._root_fired = set()
        try:
            self._happen(event, spec)
        finally:
            if outermost:
                self._root_fired = None
        return event

    def note_change(self, event: Event, change: str, other: str | None) -> None:
        """Called by :class:`Event` to log a cancel or replacement with the card doing it."""
        by = self._firing[-1] if self._firing else None
        self._write(change, event=event.id, name=event.name, by=by, instead=other)

    def _happen(self, event: Event, spec: EventSpec) -> None:
        self._resolve(self._collect(event, Window.BEFORE), Window.BEFORE, event)
        if event.cancelled:
            return
        if event.replacement is not None:
            name, payload = event.replacement
            follow = Event(self, self.state.next("event"), name, payload)
            follow.seen = event.seen
            event.followed_by = follow
            self._happen(follow, self.ruleset.event(name))
            return
        event.phase = Phase.DONE
        top = self.top
        if top is not None and top.simultaneous and (top.defer is None or event.name in top.defer):
            top.pending.append(PendingEvent(event.id, event.name, event.payload))
            self._write("deferred", event=event.id, name=event.name, frame=top.id)
            return
        self._perform(event, spec)
        self._resolve(self._collect(event, Window.AFTER), Window.AFTER, None)

    def _perform(self, event: Event, spec: EventSpec) -> None:
        self._write("event", id=event.id, name=event.name, payload=event.payload)
        if spec.perform is not None:
            self._enter(f"{event.name} (perform)", None)  # perform steps may emit, too
            try:
                spec.perform(self, event)
            finally:
                self._firing.pop()

    def _settle(self, frame: Frame) -> None:
        """Close a simultaneous window: perform every deferred event, then their triggers."""
        while frame.pending:
            batch, frame.pending = frame.pending, []
            outermost = self._root_fired is None
            if outermost:
                self._root_fired = set()
            try:
                events = []
                for pending in batch:
                    event = Event(self, pending.id, pending.name, pending.payload)
                    event.phase = Phase.DONE
                    self._perform(event, self.ruleset.event(event.name))
                    events.append(event)
                triggers = [t for event in events for t in self._collect(event, Window.AFTER)]
                self._resolve(triggers, Window.AFTER, None)
            finally:
                if outermost:
                    self._root_fired = None

    def _collect(self, event: Event, window: Window) -> list[Trigger]:
        entries = self._index.hooks.get((event.name, window))
        if not entries:
            return []
        found: list[Trigger] = []
        bindings = self._bindings(event)  # shared: conditions only read them
        for entry in entries:
            if self._spent(entry, event, window):
                continue
            hook = entry.rule
            context = EffectContext(self, hook.source, entry.bearer, bindings)
            if hook.condition is None or hook.condition(context):
                found.append(Trigger(entry, event, context))
        return found

    def _spent(self, entry: Entry[Hook], event: Event, window: Window) -> bool:
        """Whether a once-per limit or an earlier pass over this occurrence blocks the hook."""
        if window is Window.BEFORE and entry.key in event.seen:
            return True
        once = entry.rule.once_per
        if once is None:
            return False
        if once == ONCE_PER_TRIGGER:
            return self._root_fired is not None and entry.key in self._root_fired
        frame = self.innermost(once)
        return frame is not None and frame.used(f"hook:{entry.key}")

    @staticmethod
    def _bindings(event: Event) -> dict[str, object]:
        bindings: dict[str, object] = dict(event.payload)
        bindings["event"] = event
        return bindings

    def _resolve(self, triggers: list[Trigger], window: Window, event: Event | None) -> None:
        """Resolve simultaneous triggers one by one in the order the game's orderer picks."""
        if not triggers:
            return
        pending = default_order(triggers)
        chooser = self.ruleset.orderer(self, pending) if len(pending) > 1 else None
        while pending:
            if event is not None and (event.cancelled or event.replacement is not None):
                return
            if chooser is not None and len(pending) > 1:
                labels = trigger_labels(pending)
                names: list[Json] = [*sorted({t.event.name for t in pending})]
                answer = self.decide(
                    "order_triggers",
                    chooser,
                    list(labels),
                    context={"window": window.value, "events": names},
                )
                trigger = pending.pop(labels.index(str(answer)))
            else:
                trigger = pending.pop(0)
            if trigger.entry.attachment.id in self.state.attachments:
                self._fire(trigger, window)

    def _fire(self, trigger: Trigger, window: Window) -> None:
        entry, event = trigger.entry, trigger.event
        hook = entry.rule
        if self._spent(entry, event, window):  # an earlier trigger of this batch used it up
            return
        if window is Window.BEFORE:
            event.seen.add(entry.key)
        if self._root_fired is not None:
            self._root_fired.add(entry.key)
        if hook.once_per is not None and hook.once_per != ONCE_PER_TRIGGER:
            frame = self.innermost(hook.once_per)
            if frame is not None:
                frame.mark(f"hook:{entry.key}")
        self._write(
            "trigger",
            card=trigger.card,
            bearer=entry.bearer,
            event=event.id,
            name=event.name,
            window=window.value,
        )
        self._enter(f"{trigger.card} on {event.name}", hook.source.span)
        try:
            hook.action(EffectContext(self, hook.source, entry.bearer, self._bindings(event)))
        finally:
            self._firing.pop()

    def _enter(self, link: str, span: Span | None) -> None:
        """Push a link of the trigger chain; past the depth limit, HF413 names the chain."""
        self._firing.append(link)
        if len(self._firing) > self.ruleset.max_depth:
            chain = self._firing[-8:]
            cards = sorted({link.split(" ")[0] for link in self._firing if " on " in link})
            skipped = len(self._firing) - len(chain)
            prefix = f"... ({skipped} earlier) -> " if skipped else ""
            self._firing.pop()
            raise fail(
                DEPTH_LIMIT,
                f"trigger depth limit {self.ruleset.max_depth} exceeded: "
                f"{prefix}{' -> '.join(chain)}",
                hint=f"these cards keep triggering each other: {', '.join(cards)}; "
                "limit one of them with 'once per'",
                span=span,
            )

    # -- queries and permissions ---------------------------------------------------------

    def query(
        self, name: str, subject: str | None = None, *, base: int | None = None, **args: object
    ) -> int:
        """A query's current value: base -> set -> add -> clamp; never stored."""
        spec = self.ruleset.query(name)
        marker = (name, subject)
        if marker in self._computing:
            raise fail(
                QUERY_CYCLE,
                f"query {name!r} of {subject} depends on itself",
                hint="a modifier's condition or amount asks the query it modifies",
            )
        self._computing.append(marker)
        try:
            if base is not None:
                value = base
            elif spec.base is not None:
                value = spec.base(self, subject, args)
            else:
                raise fail(BAD_DECLARATION, f"query {name!r} has no base value; pass base=")
            bindings: dict[str, object] = {"subject": subject, **args}
            adds: list[int] = []
            for entry in self._index.modifiers.get(name, ()):
                modifier = entry.rule
                if modifier.reach is Reach.BEARER and entry.bearer != subject:
                    continue
                context = EffectContext(self, modifier.source, entry.bearer, bindings)
                if modifier.condition is not None and not modifier.condition(context):
                    continue
                if modifier.op is ModifierOp.SET:
                    value = modifier.amount(context)
                else:
                    adds.append(modifier.amount(context))
            return spec.clamp(value + sum(adds))
        finally:
            self._computing.pop()

    def allowed(
        self, action: str, subject: str | None = None, *, default: bool = True, **args: object
    ) -> bool:
        """Whether ``action`` is permitted: the highest tier decides; a same-tier conflict
        goes to the ruleset's tie rule once, and the ruling then stands (logged)."""
        bindings: dict[str, object] = {"subject": subject, **args}
        active = []
        for entry in self._index.permissions.get(action, ()):
            permission = entry.rule
            if permission.reach is Reach.BEARER and entry.bearer != subject:
                continue
            context = EffectContext(self, permission.source, entry.bearer, bindings)
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
        ruling = self.state.rulings.get(key)
        if ruling is None:
            ruling = self.ruleset.tie_rule(self, conflict)
            self.state.rulings[key] = ruling
            self._write("ruling", key=key, tier=tier.name, allowed=ruling)
        return ruling

    # -- decisions -----------------------------------------------------------------------

    def decide(
        self,
        kind: str,
        player: str,
        options: Sequence[Json],
        *,
        context: Mapping[str, Json] | None = None,
        hidden: bool = False,
    ) -> Json:
        """Ask ``player``'s agent; a single legal option is taken without asking (logged
        as forced). The answer is checked against the options and logged."""
        decision = self._decision(kind, player, options, context, hidden)
        answer = self._answer(decision)
        self._log_decision(decision, answer)
        return answer

    def decide_together(
        self, requests: Sequence[tuple[str, str, Sequence[Json]]], *, hidden: bool = True
    ) -> list[Json]:
        """Simultaneous choices ``(kind, player, options)``: every player answers before
        any answer is logged, so nobody's agent can see another's choice."""
        decisions = [self._decision(k, p, o, None, hidden) for k, p, o in requests]
        answers = [self._answer(decision) for decision in decisions]
        for decision, answer in zip(decisions, answers, strict=True):
            self._log_decision(decision, answer)
        return answers

    def _decision(
        self,
        kind: str,
        player: str,
        options: Sequence[Json],
        context: Mapping[str, Json] | None,
        hidden: bool,
    ) -> Decision:
        listed = list(options)
        check_json(listed, f"options of {kind!r}")
        if context is not None:
            check_json(dict(context), f"context of {kind!r}")
        if not listed:
            raise fail(NO_OPTIONS, f"decision {kind!r} for {player} has no legal options")
        return Decision(
            self.state.next("decision"), kind, player, tuple(listed), context or {}, hidden
        )

    def _answer(self, decision: Decision) -> Json:
        if len(decision.options) == 1:
            return decision.options[0]
        agent = self.agents.get(decision.player)
        if agent is None:
            raise fail(
                NO_AGENT,
                f"no agent answers for player {decision.player!r}",
                hint=f"agents are set for: {', '.join(sorted(self.agents)) or 'nobody'}",
            )
        answer = agent.choose(decision, self)
        if answer not in decision.options:
            raise fail(
                ILLEGAL_ANSWER,
                f"{type(agent).__name__} answered {canonical(answer)} to {decision.describe()}",
                hint=decision.legal_list(),
            )
        return answer

    def _log_decision(self, decision: Decision, answer: Json) -> None:
        self._write(
            "decision",
            number=decision.seq,
            kind=decision.kind,
            player=decision.player,
            options=list(decision.options),
            answer=answer,
            context=dict(decision.context),
            hidden=decision.hidden,
            forced=len(decision.options) == 1,
        )

    # -- dice and randomness -------------------------------------------------------------

    def force_dice(self, *results: int) -> None:
        """Queue results the next rolls return, in order (tests and scenarios)."""
        for result in results:
            if isinstance(result, bool) or not isinstance(result, int) or result < 1:
                raise fail(BAD_DIE, f"forced die {result!r} is not a positive integer")
        self.state.forced_dice.extend(results)

    def roll(
        self, count: int = 1, sides: int = 6, *, reason: str = "", player: str | None = None
    ) -> list[int]:
        """Roll ``count`` dice (forced results first); every roll is logged."""
        results: list[int] = []
        forced = 0
        for _ in range(count):
            if self.state.forced_dice:
                value = self.state.forced_dice.pop(0)
                if value > sides:
                    raise fail(
                        BAD_DIE,
                        f"forced die {value} does not fit a {sides}-sided roll ({reason})",
                        hint=f"force results between 1 and {sides}",
                    )
                forced += 1
            else:
                self.state.rng, value = dice.below(self.state.rng, sides)
                value += 1
            results.append(value)
        logged: list[Json] = list(results)
        self._write(
            "roll", reason=reason, player=player, sides=sides, results=logged, forced=forced
        )
        return results

    def random_below(self, bound: int, *, reason: str = "") -> int:
        """A uniform integer in ``0 .. bound - 1`` from the game's RNG (never forced)."""
        self.state.rng, value = dice.below(self.state.rng, bound)
        self._write("random", reason=reason, bound=bound, value=value)
        return value

    def shuffle(self, items: Sequence[T], *, reason: str = "") -> list[T]:
        """A shuffled copy (Fisher-Yates on the game's RNG); the order itself is not logged."""
        result = list(items)
        for last in range(len(result) - 1, 0, -1):
            self.state.rng, pick = dice.below(self.state.rng, last + 1)
            result[last], result[pick] = result[pick], result[last]
        self._write("shuffle", reason=reason, count=len(result))
        return result

    def roll_off(self, players: Sequence[str], *, reason: str = "") -> str:
        """Each player rolls a die; the tied highest roll again until one is highest."""
        contenders = list(players)
        while True:
            rolls = {p: self.roll(1, reason=f"roll-off: {reason}", player=p)[0] for p in contenders}
            best = max(rolls.values())
            contenders = [p for p in contenders if rolls[p] == best]
            if len(contenders) == 1:
                self._write("roll_off", reason=reason, winner=contenders[0])
                return contenders[0]

    # -- log -----------------------------------------------------------------------------

    def _write(self, entry_type: str, /, **fields: Json) -> None:
        self.log.write({**fields, "seq": self.state.next("log"), "type": entry_type})

    def note(self, entry_type: str, /, **fields: Json) -> None:
        """Log a game-specific entry (a phase change, a score); fields must be JSON."""
        check_json(dict(fields), f"log entry {entry_type!r}")
        if "seq" in fields:
            raise fail(BAD_DECLARATION, "log entries cannot set 'seq': the engine numbers them")
        self._write(entry_type, **fields)
