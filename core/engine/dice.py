"""A tiny seeded random number generator whose whole state is one integer.

SplitMix64 instead of :mod:`random`: the state fits in the JSON snapshot as a single
number, the sequence is the same on every Python version, and it is fast enough for
simulation. Results are unbiased (rejection sampling).
"""

from __future__ import annotations

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
