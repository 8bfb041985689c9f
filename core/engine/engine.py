"""The engine: runs one game's state through events, hooks, queries and decisions.

A game plugin writes its procedures (rounds, activations, attacks...) as plain Python
that calls this API; the engine supplies the timing: before/after windows, simultaneous
triggers, continuous modifiers, permissions by tier, nested contexts with durations,
decisions answered by agents, seeded dice, and the log.

:class:`Engine` holds the state, entities and attachments itself and composes the services
kept in their own modules: contexts and their durations (``contexts``), the resolver
(``resolver``: events, trigger order, the loop guard), queries (``queries``), permissions
(``hierarchy``), decisions (``decisions``) and dice (``dice``). Those are functions of the
engine bound in the class body, so calling one costs exactly a method call: no delegation
layer on the hot paths.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TextIO, TypeVar

from hexforge.core.engine import contexts, decisions, dice, hierarchy, queries, resolver
from hexforge.core.engine.contexts import Durations
from hexforge.core.engine.decisions import Agent
from hexforge.core.engine.diagnostics import (
    BAD_DECLARATION,
    NO_CONTEXT,
    UNKNOWN_ENTITY,
    did_you_mean,
    fail,
)
from hexforge.core.engine.index import RuleIndex
from hexforge.core.engine.jsonvalue import Json, check_json
from hexforge.core.engine.log import GameLog, setup_to_log
from hexforge.core.engine.ruleset import Ruleset
from hexforge.core.engine.state import (
    Attachment,
    Entity,
    Frame,
    GameState,
    dump_state,
    load_state,
    state_hash,
)
from hexforge.core.rules import Duration

FOREVER = Duration()  # while the source and the bearer are in play


R = TypeVar("R", bound=Ruleset)


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
        for key in ruleset.standing:
            self._index.stand(key, ruleset.effect(key))
        for attachment in state.attachments.values():
            self._index.add(attachment, ruleset.effect(attachment.effect))
        self._durations = Durations(state.attachments.values())
        # the resolver's: "card on event" of the hooks now resolving, and the hook keys
        # fired in this trigger instance; the queries being computed (cycle check)
        self._firing: list[str] = []
        self._root_fired: set[str] | None = None
        self._computing: list[tuple[str, str | None]] = []
        self.version = 0
        """Bumped by every change made through the engine (an entity created, a prop set,
        an entity leaving or entering play, a rule attached or detached, a context opened or
        closed) and by :meth:`changed`: values derived from the state are cached per version."""
        self.together: list[dict[int, Json]] = []
        """The hidden answers given so far in each simultaneous choice being answered,
        innermost last (:func:`~hexforge.core.engine.decisions.decide_together`)."""
        self.memo: dict[str, Any] = {}
        """Games' caches of values derived from the state, each kept per :attr:`version`;
        never part of the state (snapshots and restores ignore them)."""

    def changed(self) -> None:
        """A change the engine cannot see (to a game's ``state.data``): caches must drop."""
        self.version += 1

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
        """A fresh game; the log starts with the seed, the players and, when a caller
        gives it (:func:`~hexforge.core.engine.log.logged_setup`), the setup."""
        if len(set(players)) != len(players) or not players:
            raise fail(BAD_DECLARATION, f"players must be distinct and not empty: {players!r}")
        state = GameState(seed=seed, rng=seed & ((1 << 64) - 1), players=list(players))
        engine = cls(ruleset, state, agents, sink)
        setup = setup_to_log()
        if setup is None:
            engine._write("start", seed=seed, players=list(players))
        else:
            engine._write("start", seed=seed, players=list(players), setup=dict(setup))
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

    def rules_as(self, kind: type[R]) -> R:
        """The ruleset as the game's own subclass, which carries what the game compiled its
        rules from (motu's card library, nshex's tiles): one game's code asking another's
        engine is a programming error, a TypeError."""
        rules = self.ruleset
        if not isinstance(rules, kind):
            raise TypeError(f"this engine plays {type(rules).__name__}, not {kind.__name__}")
        return rules

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
        self.version += 1
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
        self.version += 1

    def leave_play(self, entity_id: str) -> None:
        """The entity leaves play: rules it bears or sources end ("while in play")."""
        entity = self.entity(entity_id)
        if not entity.in_play:
            return
        entity.in_play = False
        self.version += 1
        self._write("leave", entity=entity_id)
        for attachment in list(self.state.attachments.values()):
            if entity_id in (attachment.bearer, attachment.source):
                self._detach(attachment, "left play")

    def enter_play(self, entity_id: str) -> None:
        entity = self.entity(entity_id)
        if not entity.in_play:
            entity.in_play = True
            self.version += 1
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

        ``duration.until_end_of`` binds it to the innermost open context of that kind (with
        ``duration.player``: to the next one opened for that player, holding until then);
        otherwise it lasts while ``source`` (default: the bearer) and the bearer are in play.
        """
        compiled = self.ruleset.effect(effect)
        if bearer is not None:
            self.entity(bearer)
        frame = None
        if duration.until_end_of is not None and duration.player is None:
            frame = self.frame_of(duration.until_end_of)
        attachment = Attachment(
            id=f"a{self.state.next('attachment')}",
            effect=effect,
            bearer=bearer,
            source=source if source is not None else bearer,
            timestamp=self.state.next("clock"),
            until_end_of=duration.until_end_of,
            frame=frame.id if frame is not None else None,
            player=duration.player,
        )
        self.state.attachments[attachment.id] = attachment
        self._index.add(attachment, compiled)
        self._durations.add(attachment)
        self.version += 1
        waiting = {} if duration.player is None else {"next_for": duration.player}
        self._write(
            "attach",
            attachment=attachment.id,
            card=compiled.source.card_id,
            bearer=bearer,
            until_end_of=duration.until_end_of,
            **waiting,
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
        self._durations.remove(attachment)
        self.version += 1
        self._write("detach", attachment=attachment.id, reason=reason)

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

    open = contexts.open
    close = contexts.close
    context = contexts.context
    spend_ap = contexts.spend_ap
    gain_ap = contexts.gain_ap

    # -- services: events and hooks, queries, permissions, decisions, dice (see above) ---

    emit = resolver.emit
    note_change = resolver.note_change
    run = resolver.run
    query = queries.query
    allowed = hierarchy.allowed
    decide = decisions.decide
    decide_together = decisions.decide_together
    force_dice = dice.force_dice
    roll = dice.roll
    random_below = dice.random_below
    shuffle = dice.shuffle
    roll_off = dice.roll_off

    # -- log -----------------------------------------------------------------------------

    def _write(self, entry_type: str, /, **fields: Json) -> None:
        self.log.write({**fields, "seq": self.state.next("log"), "type": entry_type})

    def note(self, entry_type: str, /, **fields: Json) -> None:
        """Log a game-specific entry (a phase change, a score); fields must be JSON."""
        check_json(dict(fields), f"log entry {entry_type!r}")
        if "seq" in fields:
            raise fail(BAD_DECLARATION, "log entries cannot set 'seq': the engine numbers them")
        self._write(entry_type, **fields)
