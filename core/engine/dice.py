"""Seeded dice: a tiny random number generator whose whole state is one integer, and the
engine's dice service on it (rolls, forced results, roll-offs, shuffles).

SplitMix64 instead of :mod:`random`: the state fits in the JSON snapshot as a single
number, the sequence is the same on every Python version, and it is fast enough for
simulation. Results are unbiased (rejection sampling). The service functions are bound as
:class:`~hexforge.core.engine.engine.Engine` methods; every use of the RNG is logged.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeVar

from hexforge.core.engine.diagnostics import BAD_DIE, fail
from hexforge.core.engine.jsonvalue import Json

if TYPE_CHECKING:
    from hexforge.core.engine.engine import Engine

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def next_value(state: int) -> tuple[int, int]:
    """The next state and a 64-bit output."""
    state = (state + _GAMMA) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def below(state: int, bound: int) -> tuple[int, int]:
    """The next state and a uniform integer in ``0 .. bound - 1``."""
    if bound <= 0:
        raise ValueError("bound must be positive")
    limit = (1 << 64) - (1 << 64) % bound
    while True:
        state, value = next_value(state)
        if value < limit:
            return state, value % bound


def mix(seed: int, counter: int) -> int:
    """A stateless 64-bit hash of ``(seed, counter)``: random agents use it per decision."""
    return next_value((seed * _GAMMA + counter) & _MASK)[1]


def force_dice(engine: Engine, *results: int) -> None:
    """Queue results the next rolls return, in order (tests and scenarios)."""
    for result in results:
        if isinstance(result, bool) or not isinstance(result, int) or result < 1:
            raise fail(BAD_DIE, f"forced die {result!r} is not a positive integer")
    engine.state.forced_dice.extend(results)


def roll(
    engine: Engine, count: int = 1, sides: int = 6, *, reason: str = "", player: str | None = None
) -> list[int]:
    """Roll ``count`` dice (forced results first); every roll is logged."""
    state = engine.state
    results: list[int] = []
    forced = 0
    for _ in range(count):
        if state.forced_dice:
            value = state.forced_dice.pop(0)
            if value > sides:
                raise fail(
                    BAD_DIE,
                    f"forced die {value} does not fit a {sides}-sided roll ({reason})",
                    hint=f"force results between 1 and {sides}",
                )
            forced += 1
        else:
            state.rng, value = below(state.rng, sides)
            value += 1
        results.append(value)
    logged: list[Json] = list(results)
    engine._write("roll", reason=reason, player=player, sides=sides, results=logged, forced=forced)
    return results


def random_below(engine: Engine, bound: int, *, reason: str = "") -> int:
    """A uniform integer in ``0 .. bound - 1`` from the game's RNG (never forced)."""
    engine.state.rng, value = below(engine.state.rng, bound)
    engine._write("random", reason=reason, bound=bound, value=value)
    return value


def shuffle(engine: Engine, items: Sequence[T], *, reason: str = "") -> list[T]:
    """A shuffled copy (Fisher-Yates on the game's RNG); the order itself is not logged."""
    state = engine.state
    result = list(items)
    for last in range(len(result) - 1, 0, -1):
        state.rng, pick = below(state.rng, last + 1)
        result[last], result[pick] = result[pick], result[last]
    engine._write("shuffle", reason=reason, count=len(result))
    return result


def roll_off(engine: Engine, players: Sequence[str], *, reason: str = "") -> str:
    """Each player rolls a die; the tied highest roll again until one is highest."""
    contenders = list(players)
    while True:
        rolls = {p: engine.roll(1, reason=f"roll-off: {reason}", player=p)[0] for p in contenders}
        best = max(rolls.values())
        contenders = [p for p in contenders if rolls[p] == best]
        if len(contenders) == 1:
            engine._write("roll_off", reason=reason, winner=contenders[0])
            return contenders[0]
