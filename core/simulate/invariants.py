"""Rules invariants: what every position of a game must keep, checked while games run.

Games (and expansions) contribute :class:`Invariant` values through the hook
``hexforge_invariants`` (docs/plugins.md). ``hexforge simulate --check`` and the random-game
reliability tests check them with an :class:`InvariantChecker`: a broken invariant is the
HF055 diagnostic naming the game, the seed, where in the log it broke and the invariant,
never an ``assert`` (which ``python -O`` would strip).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

import pluggy

from hexforge.core.agents.codes import INVARIANT_BROKEN
from hexforge.core.engine import Agent, Decision, Engine, Json
from hexforge.core.engine.diagnostics import fail
from hexforge.core.errors import Diagnostic
from hexforge.plugins.hookcalls import items_of, report


class Moment(StrEnum):
    """When an invariant is checked: what may legitimately be half done at that point."""

    EVENT = "event"
    """Right after an event was emitted: its reactions (and any attack) may be under way."""
    STEP = "step"
    """Before an agent answers a decision, or between rounds or turns."""
    END = "end"
    """The game is over: its result is decided."""


@dataclass(frozen=True, slots=True)
class Invariant:
    """One named invariant of ``game``: ``check(engine, moment)`` yields a message per
    violation it finds and nothing when the position is sound. ``titles``: its name in
    other languages (``pl`` -> words), which ``simulate --check`` says in the reader's."""

    game: str
    name: str
    check: Callable[[Engine, Moment], Iterable[str]]
    titles: Mapping[str, str] = field(default_factory=dict)

    def title(self, lang: str) -> str:
        """The name in ``lang`` (English, :attr:`name`, where it has none)."""
        return self.titles.get(lang, self.name)


def invariants_for(
    manager: pluggy.PluginManager, game: str, problems: list[Diagnostic] | None = None
) -> list[Invariant]:
    """Every installed invariant of ``game``, in plugin load order (the game's own first);
    a plugin whose hook fails is named (HF603), in ``problems`` or raised."""
    found: list[Diagnostic] = []
    invariants = items_of(manager.hook.hexforge_invariants, found, Invariant)
    report(found, problems)
    return [invariant for invariant in invariants if invariant.game == game]


def reproduce_hint(game: str, seed: int, agents: Sequence[str], options: Mapping[str, str]) -> str:
    """The ``hexforge play`` line that plays the same game again (same seats, same options)."""
    seats = "".join(f" --p{i + 1} {name}" for i, name in enumerate(agents))
    sets = "".join(f" --set {key}={value}" for key, value in sorted(options.items()))
    return f"reproduce with: hexforge play --game {game} --seed {seed}{seats}{sets}"


class InvariantChecker:
    """Checks one game's invariants and reports the first broken one as HF055."""

    def __init__(
        self, invariants: Sequence[Invariant], game: str, seed: int, hint: str | None = None
    ) -> None:
        self.invariants = tuple(invariants)
        self.game = game
        self.seed = seed
        self.hint = hint or reproduce_hint(game, seed, (), {})
        self.checks: Counter[Moment] = Counter()
        """Positions checked so far, per moment."""
        self.watched: Engine | None = None

    def check(self, engine: Engine, moment: Moment, where: str = "") -> None:
        """Check every invariant now; ``where`` says at which point of the game."""
        self.checks[moment] += 1
        for invariant in self.invariants:
            problems = list(invariant.check(engine, moment))
            if problems:
                at = where or f"at the {moment.value} after log line {len(engine.log.lines)}"
                raise fail(
                    INVARIANT_BROKEN,
                    f"{self.game} seed {self.seed}: invariant '{invariant.name}' broken {at}: "
                    + "; ".join(problems),
                    hint=self.hint,
                )

    def before(self, decision: Decision, engine: Engine) -> None:
        """The check made before an agent answers ``decision``."""
        where = (
            f"before decision {decision.seq} ({decision.kind} for {decision.player}), "
            f"after log line {len(engine.log.lines)}"
        )
        self.check(engine, Moment.STEP, where)

    def agent(self, inner: Agent) -> Agent:
        """``inner``, checking the position before every decision it answers and, from its
        first decision on, after every event of that game's engine."""
        return _CheckedAgent(inner, self)

    def watch_events(self, engine: Engine) -> None:
        """Check after every event ``engine`` emits from now on (:attr:`Moment.EVENT`)."""
        if self.watched is engine:
            return
        self.watched = engine
        emit = engine.emit

        def checked(name: str, /, **payload: Json) -> Any:
            event = emit(name, **payload)
            where = f"after event '{name}' (log line {len(engine.log.lines)})"
            self.check(engine, Moment.EVENT, where)
            return event

        engine.emit = checked  # type: ignore[method-assign]

    def end(self, engine: Engine) -> None:
        """The check of a finished game."""
        self.check(engine, Moment.END, f"at the end of the game (log line {len(engine.log.lines)})")


class _CheckedAgent:
    """An agent that has the checker look at the position before it answers."""

    def __init__(self, inner: Agent, checker: InvariantChecker) -> None:
        self.inner = inner
        self.checker = checker

    def choose(self, decision: Decision, engine: Engine) -> Json:
        self.checker.watch_events(engine)
        self.checker.before(decision, engine)
        return self.inner.choose(decision, engine)
