"""Game state as plain data: entities, attachments, the context stack, dice, counters.

Everything a game needs to continue lives here and nowhere else, so a snapshot (the JSON
text of this state) restored into a new engine continues exactly like the original.
Compiled rules are not stored: an :class:`Attachment` names its effect by key, and the
engine rebuilds its index from the ruleset's effect library on restore.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field
from typing import Any

from hexforge.core.engine.diagnostics import BAD_SNAPSHOT, fail
from hexforge.core.engine.jsonvalue import Json, compact
from hexforge.core.errors import Diagnostic, HexforgeError, Span

SNAPSHOT_FORMAT = "hexforge-engine-state"
SNAPSHOT_VERSION = 1


@dataclass(slots=True)
class Entity:
    """A thing with a stable id: a unit, a player, a card, a token. ``props`` is game data."""

    id: str
    kind: str
    owner: str | None = None
    in_play: bool = True
    props: dict[str, Json] = field(default_factory=dict)


@dataclass(slots=True)
class Attachment:
    """An effect from the library attached to a bearer while it lasts.

    ``source`` is the entity whose leaving play ends it (None: nothing). ``frame`` is the
    id of the context it ends with (set for "until end of <kind>" durations); ``player``
    names the player whose next ``until_end_of`` context it waits for (``frame`` is None
    until that context opens).
    """

    id: str
    effect: str
    bearer: str | None
    source: str | None
    timestamp: int
    until_end_of: str | None = None
    frame: str | None = None
    player: str | None = None


@dataclass(slots=True)
class PendingEvent:
    """An event collected in a simultaneous window, performed when the window closes."""

    id: int
    name: str
    payload: dict[str, Json]


@dataclass(slots=True)
class Frame:
    """One open context (a round, an activation, an interruption, a segment...).

    ``counters`` count uses per action or per key ("move", "attack:ranged") for costs that
    grow with repetition; ``flags`` are once-per markers. A ``simultaneous`` frame defers
    the events named in ``defer`` (all when None) until it closes.
    """

    id: str
    kind: str
    player: str | None = None
    subject: str | None = None
    ap: int = 0
    counters: dict[str, int] = field(default_factory=dict)
    flags: list[str] = field(default_factory=list)
    simultaneous: bool = False
    defer: list[str] | None = None
    pending: list[PendingEvent] = field(default_factory=list)
    data: dict[str, Json] = field(default_factory=dict)

    def count(self, key: str) -> int:
        """How many times ``key`` was bumped in this context."""
        return self.counters.get(key, 0)

    def bump(self, key: str, by: int = 1) -> int:
        """Count one more use of ``key``; returns the new count."""
        self.counters[key] = self.counters.get(key, 0) + by
        return self.counters[key]

    def used(self, flag: str) -> bool:
        """Whether the once-per ``flag`` was marked in this context."""
        return flag in self.flags

    def mark(self, flag: str) -> None:
        """Mark a once-per ``flag``; it is forgotten when the context closes."""
        if flag not in self.flags:
            self.flags.append(flag)


@dataclass(slots=True)
class GameState:
    """The whole state of one game; ``data`` is the game's own global data."""

    seed: int
    rng: int
    players: list[str]
    entities: dict[str, Entity] = field(default_factory=dict)
    attachments: dict[str, Attachment] = field(default_factory=dict)
    stack: list[Frame] = field(default_factory=list)
    forced_dice: list[int] = field(default_factory=list)
    counters: dict[str, int] = field(default_factory=dict)
    rulings: dict[str, bool] = field(default_factory=dict)
    data: dict[str, Json] = field(default_factory=dict)

    def next(self, counter: str) -> int:
        """The next number of a named counter (ids, timestamps, log lines), from 1."""
        value = self.counters.get(counter, 0) + 1
        self.counters[counter] = value
        return value


def state_data(state: GameState) -> dict[str, Any]:
    """The state as JSON-ready nested dicts and lists."""
    return asdict(state)


def _ordered(value: object) -> str:
    """Compact JSON keeping dict order: procedures iterate entities and attachments in
    creation order, so the snapshot must restore that order (sorted keys would not)."""
    return compact(value)


def state_hash(state: GameState) -> str:
    """A short hash of the state, dict order included (it decides iteration order)."""
    return hashlib.sha256(_ordered(state_data(state)).encode()).hexdigest()[:16]


def dump_state(state: GameState) -> str:
    """The snapshot text: a versioned JSON document, insertion order preserved."""
    return _ordered(
        {"format": SNAPSHOT_FORMAT, "version": SNAPSHOT_VERSION, "state": state_data(state)}
    )


def load_state(text: str, file: str = "<snapshot>") -> GameState:
    """A state from snapshot text; any defect is an HF414 error, never a traceback."""
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        lines = text.splitlines()
        raise HexforgeError(
            Diagnostic(
                BAD_SNAPSHOT,
                f"snapshot is not JSON: {error.msg}",
                Span.point(file, error.lineno, error.colno),
                lines[error.lineno - 1] if error.lineno <= len(lines) else None,
                "pass the text returned by Engine.snapshot() unchanged",
            )
        ) from None
    if not isinstance(document, dict) or document.get("format") != SNAPSHOT_FORMAT:
        raise fail(BAD_SNAPSHOT, f"{file} is not a hexforge engine state")
    if document.get("version") != SNAPSHOT_VERSION:
        raise fail(
            BAD_SNAPSHOT,
            f"{file} has state version {document.get('version')!r}, "
            f"this hexforge reads version {SNAPSHOT_VERSION}",
        )
    try:
        return _state(document["state"])
    except (KeyError, TypeError, AttributeError) as error:
        raise fail(BAD_SNAPSHOT, f"{file} has a malformed state ({error!r})") from None


def _frame(data: dict[str, Any]) -> Frame:
    pending = [PendingEvent(**item) for item in data["pending"]]
    return Frame(**{**data, "pending": pending})


def _state(data: dict[str, Any]) -> GameState:
    return GameState(
        seed=data["seed"],
        rng=data["rng"],
        players=list(data["players"]),
        entities={key: Entity(**value) for key, value in data["entities"].items()},
        attachments={key: Attachment(**value) for key, value in data["attachments"].items()},
        stack=[_frame(item) for item in data["stack"]],
        forced_dice=list(data["forced_dice"]),
        counters=dict(data["counters"]),
        rulings=dict(data["rulings"]),
        data=dict(data["data"]),
    )
