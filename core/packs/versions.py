"""Pack versions and version ranges: ``1.2.0`` and ``>=1.0, <2``.

Deliberately small (no pre-releases, no ``~=``): packs are versioned ``MAJOR.MINOR.PATCH``
and a ``requires`` entry is a comma-separated list of comparisons that must all hold, or
``*`` for any version. Missing parts count as zero, so ``2`` equals ``2.0.0``.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable
from dataclasses import dataclass

Version = tuple[int, int, int]

_CLAUSE = re.compile(r"\s*(==|!=|>=|<=|>|<)?\s*([0-9]+(?:\.[0-9]+){0,2})\s*")
_OPS: dict[str, Callable[[Version, Version], bool]] = {
    "==": operator.eq,
    "!=": operator.ne,
    ">=": operator.ge,
    "<=": operator.le,
    ">": operator.gt,
    "<": operator.lt,
}


def parse_version(text: str) -> Version:
    """``"1.2"`` -> ``(1, 2, 0)``; raises ValueError for anything else (a number of more
    than nine digits too: pack versions never need one, and ``int()`` refuses 4,301)."""
    pieces = text.strip().split(".")
    if any(len(p.strip()) > 9 for p in pieces):
        raise ValueError(f"{text[:40]!r} has a number of more than 9 digits")
    parts = [int(p) for p in pieces]
    if not 1 <= len(parts) <= 3:
        raise ValueError(f"{text!r} is not a version like '1.2.0'")
    major, minor, patch = [*parts, 0, 0][:3]
    return major, minor, patch


@dataclass(frozen=True, slots=True)
class VersionRange:
    """Comparisons that must all hold; no comparisons means any version."""

    text: str
    clauses: tuple[tuple[str, Version], ...]

    @classmethod
    def parse(cls, text: str) -> VersionRange:
        """Parse ``">=1.0, <2"``; ``"*"`` or ``""`` is any version; ValueError when bad."""
        stripped = text.strip()
        if stripped in ("", "*"):
            return cls(text, ())
        clauses = []
        for part in stripped.split(","):
            match = _CLAUSE.fullmatch(part)
            if match is None:
                raise ValueError(
                    f"{part.strip()!r} is not a comparison like '>=1.0' "
                    "(operators: == != >= <= > <)"
                )
            clauses.append((match.group(1) or "==", parse_version(match.group(2))))
        return cls(text, tuple(clauses))

    def contains(self, version: Version) -> bool:
        """True when ``version`` satisfies every comparison."""
        return all(_OPS[op](version, bound) for op, bound in self.clauses)
