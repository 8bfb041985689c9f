"""Plain YAML scalars under the YAML 1.2 core schema, integers bounded to 64 bits.

Only ``true``/``false`` are booleans, ``null``/``~``/empty is None; an integer's digits
are counted before any conversion, so a number of a million digits costs nothing.
"""

from __future__ import annotations

import math
import re
from typing import Any

MIN_INT, MAX_INT = -(2**63), 2**63 - 1
"""Integers a hexforge file may hold: 64-bit signed, what JSON Schema's int64 and every
seed, stat and count need. Each field narrows it further (docs/content.md, "Numbers")."""

_MAX_INT_DIGITS = 22
"""More digits than MAX_INT has in any base YAML writes (19 decimal, 21 octal, 16 hex)."""

_NULL = re.compile(r"~|null|Null|NULL|")
_BOOL = {"true": True, "True": True, "TRUE": True, "false": False, "False": False}
_BOOL.update({"FALSE": False})
_INT = re.compile(r"[-+]?[0-9]+")
_OCT = re.compile(r"0o[0-7]+")
_HEX = re.compile(r"0x[0-9a-fA-F]+")
_FLOAT = re.compile(r"[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?")
_INF = re.compile(r"[-+]?\.(inf|Inf|INF)")
_NAN = re.compile(r"\.(nan|NaN|NAN)")

TOO_BIG: Any = object()
"""What :func:`resolve` gives for an integer outside MIN_INT..MAX_INT (reported as HF113)."""


def resolve(value: str) -> Any:
    """A plain scalar's value under the YAML 1.2 core schema (:data:`TOO_BIG` for an
    integer outside the range; its digits are counted before any conversion, so no
    integer is ever too long for ``int()``)."""
    if _NULL.fullmatch(value):
        return None
    if value in _BOOL:
        return _BOOL[value]
    if _INT.fullmatch(value):
        return _bounded(value, value.lstrip("+-").lstrip("0"), 10)
    if _OCT.fullmatch(value):
        return _bounded(value, value[2:].lstrip("0"), 8)
    if _HEX.fullmatch(value):
        return _bounded(value, value[2:].lstrip("0"), 16)
    if _FLOAT.fullmatch(value):
        return float(value)
    if _INF.fullmatch(value):
        return -math.inf if value.startswith("-") else math.inf
    if _NAN.fullmatch(value):
        return math.nan
    return value


def _bounded(text: str, digits: str, base: int) -> Any:
    """``digits`` (no sign, no leading zeros) in ``base`` as an int, or :data:`TOO_BIG`."""
    if len(digits) > _MAX_INT_DIGITS:  # counted before int(), which refuses 4,301 digits
        return TOO_BIG
    number = int(digits or "0", base)
    if text.startswith("-"):
        number = -number
    return number if MIN_INT <= number <= MAX_INT else TOO_BIG
