"""One playout of a game from inside an agent's decision, in a forked process.

An agent is called deep inside the game's own Python call stack (``agent.choose(decision,
engine)`` in :func:`hexforge.core.engine.decisions.decide`), and the games' loops are plain
Python, so no snapshot can capture a game in the middle of a decision (docs/engine.md).
A fork can: :func:`playouts` forks the process at the decision, once per playout and
``workers`` children at a time (the machine's cores); the parent waits for one number from
each on a pipe, while each child - a copy of the whole game, Python stack included -
prepares its copy (the agents replaced by the playout policy, the hidden cards re-dealt,
the dice reseeded, the other players' secret answers of a simultaneous choice forgotten, to
be asked again of the policy), returns the candidate answer into the game and plays on. It
never gets back to the caller's code: at the cut-off (``plan.horizon``), at the game's end
(the end entry of its log) or at any error in a place it controls, it writes the value of
the position for the searching player to the pipe and leaves with :func:`os._exit`.

Between two playout decisions the child runs the game's own code. Should that return from
the game before its end entry (a caller that stops a game early, as nshex's
``play_game(turns=N)`` does), the outermost frame holding the engine ends the child as it
returns: a sentinel put in that frame's locals evaluates the position when they are freed,
at no cost while the playout runs. An exception out of the game passes that frame (its
traceback keeps the frame alive) and reaches the caller's code, so the child is made
harmless before it returns the candidate: its standard streams go to ``/dev/null``, every
other inherited file descriptor is closed (a test runner's or a worker pool's pipes among
them), an audit hook ends it at the first file, socket, process or fork it would open, and
the parent kills it when it does not report within ``plan.timeout`` seconds. Such a playout
counts as failed (None) and the search goes on without it.

Fork exists on Linux and macOS only, and forking a process whose other threads hold locks is
unsafe - a worker thread of ``hexforge serve``, a Ray worker (``simulate --backend ray``) -
so :func:`fork_refusal` says why the search cannot run here (HF065).
"""

from __future__ import annotations

import gc
import os
import select
import signal
import struct
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import FrameType
from typing import NoReturn

from hexforge.core.engine import Agent, Decision, Engine, Json
from hexforge.core.engine.decisions import forget_together
from hexforge.core.engine.log import GameLog

_VALUE = struct.Struct("<d")
_FAILED = 70
"""The child's exit status when it stops without a value (an error, a forbidden call)."""
_FORBIDDEN = (
    "open",
    "os.fork",
    "os.forkpty",
    "os.exec",
    "os.posix_spawn",
    "os.spawn",
    "os.system",
    "os.kill",
    "os.remove",
    "os.rename",
    "os.rmdir",
    "os.mkdir",
    "os.truncate",
    "shutil.",
    "socket.",
    "subprocess.",
    "sqlite3.",
)
"""Audit events that end a child at once: a playout opens, writes or starts nothing."""


def fork_refusal() -> str | None:
    """Why a forking search cannot run in this process now, or None when it can."""
    if not hasattr(os, "fork"):
        return f"this platform ({sys.platform}) has no fork, which the search agent needs"
    if threading.current_thread() is not threading.main_thread():
        return (
            "the search agent forks the process at each decision and cannot run in a "
            f"worker thread ({threading.current_thread().name}), as hexforge serve runs agents"
        )
    ray = sys.modules.get("ray")
    if ray is not None and getattr(ray, "is_initialized", lambda: False)():
        return (
            "the search agent forks the process at each decision and cannot run under Ray, "
            "whose workers keep threads of their own (its RPC and object store clients)"
        )
    return None


def usable_cores() -> int:
    """The CPUs this process may use: how many playouts run side by side by default."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


Value = Callable[[Engine, str], float]
"""The value of a position for a player, in [-1, 1] (1: a won game)."""


@dataclass(frozen=True, slots=True)
class Plan:
    """What one playout does after the candidate answer."""

    player: str
    """The searching player: values are its."""
    policy: Callable[[int], Agent]
    """Builds the agent that plays every seat in the playout, from the playout's seed."""
    value: Value
    end_entries: frozenset[str]
    """Log entry types that end the game (motu ``result``, nshex ``nshex_result``)."""
    horizon: int
    """The most decisions the playout asks before it is cut off and evaluated."""
    clock: Callable[[Engine], int] | None = None
    """The game's clock (motu's round, nshex's turn): with ``ticks``, the playout is cut
    off once the clock has moved on ``ticks`` from the decision's."""
    ticks: int = 0
    prepare: Callable[[Engine, str, int], None] | None = None
    """Re-deals what ``player`` cannot see, from the playout's seed (a game's hook)."""
    timeout: float = 10.0
    """Seconds the parent waits for a value before it kills the child."""


@dataclass(slots=True)
class Outcome:
    """The value of one playout (None: it failed) and its child's CPU seconds."""

    value: float | None
    cpu: float


@dataclass(frozen=True, slots=True)
class Job:
    """One playout to run: the candidate answer, the playout's seed, and the strategy (an
    agent factory by seed) that plays the searching seat instead of the policy, if any."""

    candidate: Json
    seed: int
    strategy: Callable[[int], Agent] | None = None


@dataclass(frozen=True, slots=True)
class Played:
    """The parent's side of :func:`playouts`: an outcome per job, in the jobs' order (None:
    not started, the time cap having passed)."""

    outcomes: tuple[Outcome | None, ...]


@dataclass(frozen=True, slots=True)
class _Running:
    """A child playing out a job: where its value comes from and when it is too late."""

    index: int
    pid: int
    readable: int
    deadline: float


def playouts(
    engine: Engine,
    jobs: Sequence[Job],
    plan: Plan,
    workers: int = 1,
    stop: float | None = None,
) -> Played | Json:
    """Play ``jobs`` out, ``workers`` forked children at a time: the parent gets
    :class:`Played`, an :class:`Outcome` per job in the jobs' order whatever order the
    children end in (None for a job not started because ``time.perf_counter()`` passed
    ``stop``); a child gets its job's candidate, to return into the game as the agent's
    answer (:class:`Played` is never an answer).

    Call it as ``found = playouts(...)``, and return ``found`` from ``choose`` at once when
    it is not :class:`Played`: that is a child, playing on."""
    outcomes: list[Outcome | None] = [None] * len(jobs)
    running: dict[int, _Running] = {}
    parent = os.getpid()
    try:
        for index, job in enumerate(jobs):
            if stop is not None and time.perf_counter() > stop:
                break
            while len(running) >= max(1, workers):
                _collect(running, outcomes)
            readable, writable = os.pipe()
            pid = os.fork()
            if pid == 0:
                os.close(readable)
                try:
                    _become_playout(engine, job.seed, plan, job.strategy, writable)
                except BaseException:
                    os._exit(_FAILED)
                return job.candidate
            os.close(writable)
            running[readable] = _Running(index, pid, readable, time.monotonic() + plan.timeout)
        while running:
            _collect(running, outcomes)
    finally:
        if os.getpid() == parent:  # children left only on the way out of an error
            for child in running.values():
                os.kill(child.pid, signal.SIGKILL)
                _end(child)
    return Played(tuple(outcomes))


def _collect(running: dict[int, _Running], outcomes: list[Outcome | None]) -> None:
    """Wait for the first running child to report (or be too late) and record its outcome."""
    first = min(child.deadline for child in running.values())
    ready, _, _ = select.select(list(running), [], [], max(first - time.monotonic(), 0.0))
    if not ready:
        for child in [c for c in running.values() if c.deadline <= time.monotonic()]:
            os.kill(child.pid, signal.SIGKILL)
            del running[child.readable]
            outcomes[child.index] = Outcome(None, _end(child))
    for readable in ready:
        child = running.pop(readable)
        data = os.read(readable, _VALUE.size)  # one write of 8 bytes: all or nothing
        value: float | None = _VALUE.unpack(data)[0] if len(data) == _VALUE.size else None
        outcomes[child.index] = Outcome(value, _end(child))


def _end(child: _Running) -> float:
    """Close the child's pipe and reap it; its CPU seconds."""
    os.close(child.readable)
    _, _, usage = os.wait4(child.pid, 0)
    return usage.ru_utime + usage.ru_stime


# ---- the child ------------------------------------------------------------------------------


def _become_playout(
    engine: Engine,
    seed: int,
    plan: Plan,
    strategy: Callable[[int], Agent] | None,
    writable: int,
) -> None:
    """Turn this forked process into a playout of ``engine`` (see the module docstring)."""
    gc.disable()  # a short life: collecting would only copy the parent's pages
    signal.signal(signal.SIGINT, signal.SIG_DFL)  # Ctrl-C ends a child, never unwinds it
    _isolate(writable)

    def evaluate() -> NoReturn:
        try:
            value = max(-1.0, min(1.0, plan.value(engine, plan.player)))
            os.write(writable, _VALUE.pack(value))
        except BaseException:
            os._exit(_FAILED)
        os._exit(0)

    start = plan.clock(engine) if plan.clock is not None else 0
    engine.log = _WatchedLog(engine.log, plan.end_entries, evaluate)
    engine.state.rng = seed & ((1 << 64) - 1)
    if plan.prepare is not None:
        plan.prepare(engine, plan.player, seed)
        engine.changed()
    forget_together(engine)  # a secret answer already given is asked again, of the policy
    agent = _PlayoutAgent(engine, plan.policy(seed), plan, start, evaluate)
    engine.agents = dict.fromkeys(engine.players, agent)
    if strategy is not None:
        engine.agents[plan.player] = _PlayoutAgent(engine, strategy(seed), plan, start, evaluate)
    _guard_root(engine, evaluate)


class _Sentinel:
    """Held only by the root frame's locals: freed when that frame ends."""

    __slots__ = ("_then",)

    def __init__(self, then: Callable[[], None]) -> None:
        self._then = then

    def __del__(self) -> None:
        self._then()


_SENTINEL = "__hexforge_playout__"


def _guard_root(engine: Engine, evaluate: Callable[[], None]) -> None:
    """Ends the child when the outermost frame of its stack that holds ``engine`` ends -
    returning or unwinding - before the game wrote its end entry: a caller that stops the
    game early (nshex's ``play_game(turns=N)``) or an exception out of the game. The
    position is then evaluated as it stands. Costs nothing while the playout runs: the
    sentinel in that frame's locals is freed with them."""
    root = None
    frame: FrameType | None = sys._getframe(1)
    while frame is not None:
        if any(value is engine for value in frame.f_locals.values()):
            root = frame
        frame = frame.f_back
    if root is not None and root.f_code.co_name != "<module>":
        root.f_locals[_SENTINEL] = _Sentinel(evaluate)


def _isolate(writable: int) -> None:
    """Nothing the child could reach by mistake stays open: the standard streams go to
    /dev/null, other inherited descriptors are closed, and an audit hook ends the child at
    the first file, socket, process or fork it would open."""
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    os.close(null)
    os.closerange(3, writable)
    os.closerange(writable + 1, _max_fd())
    sys.addaudithook(_forbid)


def _max_fd() -> int:
    try:
        return int(os.sysconf("SC_OPEN_MAX"))
    except (OSError, ValueError):
        return 4096


def _forbid(event: str, args: tuple[object, ...]) -> None:
    if event.startswith(_FORBIDDEN):
        os._exit(_FAILED)


class _WatchedLog(GameLog):
    """The game's log in a playout: an end entry evaluates the finished game."""

    def __init__(self, log: GameLog, ends: frozenset[str], evaluate: Callable[[], None]):
        super().__init__(None)
        self.lines = log.lines
        self._ends = ends
        self._evaluate = evaluate

    def write(self, entry: dict[str, Json]) -> None:
        super().write(entry)
        if entry.get("type") in self._ends:
            self._evaluate()


@dataclass(slots=True)
class _PlayoutAgent:
    """Every seat of a playout: the policy's answers until the cut-off."""

    engine: Engine
    policy: Agent
    plan: Plan
    start: int
    evaluate: Callable[[], NoReturn]
    asked: int = 0

    def choose(self, decision: Decision, engine: Engine) -> Json:
        self.asked += 1
        plan = self.plan
        if self.asked > plan.horizon or (
            plan.clock is not None and plan.ticks and plan.clock(engine) - self.start >= plan.ticks
        ):
            self.evaluate()
        try:
            return self.policy.choose(decision, engine)
        except BaseException:
            os._exit(_FAILED)
