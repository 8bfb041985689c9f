"""JSON values: what game state, payloads, options and log entries may hold.

Only ``None``, ``bool``, ``int``, ``str``, lists and string-keyed dicts are allowed, so a
state survives a JSON round trip unchanged (no tuples turning into lists, no floats whose
printing could differ between platforms).
"""

from __future__ import annotations

import json
from typing import TypeAlias

import orjson

from hexforge.core.engine.diagnostics import NOT_JSON, fail

Json: TypeAlias = bool | int | str | list["Json"] | dict[str, "Json"] | None


def check_json(value: object, where: str) -> Json:
    """``value`` unchanged when it is a JSON value, else an HF415 error naming ``where``."""
    if _plain(value):  # every prop set and entry noted: no path texts built on the way
        return value  # type: ignore[return-value]
    return _checked(value, where)


def _plain(value: object) -> bool:
    """Made of exactly str, int, bool, None, list and dict with str keys (subclasses are
    left to :func:`_checked`)."""
    kind = type(value)
    if kind is str or kind is int or kind is bool or value is None:
        return True
    if kind is list and isinstance(value, list):
        return all(_plain(item) for item in value)
    if kind is dict and isinstance(value, dict):
        return all(type(k) is str and _plain(v) for k, v in value.items())
    return False


def _checked(value: object, where: str) -> Json:
    if isinstance(value, bool | int | str) or value is None:
        return value
    if isinstance(value, list):
        for index, item in enumerate(value):
            _checked(item, f"{where}[{index}]")
        return value
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise fail(NOT_JSON, f"{where} has a non-text key {key!r}")
            _checked(item, f"{where}.{key}")
        return value
    raise fail(
        NOT_JSON,
        f"{where} is a {type(value).__name__} ({value!r}), not a JSON value",
        hint="use None, bool, int, str, lists and dicts with text keys (no floats or tuples)",
    )


def canonical(value: object) -> str:
    """One line of JSON with sorted keys: the byte-stable form of logs and hashes."""
    return compact(value, sort_keys=True)


def compact(value: object, *, sort_keys: bool = False) -> str:
    """JSON without spaces, text unescaped (``ensure_ascii=False``), keys sorted or in dict
    order: written by orjson (the log writes a line at every engine step), and by json
    where orjson refuses (integers past 64 bits, lone surrogates, non-text keys), whose
    output orjson's equals byte for byte everywhere else."""
    try:
        return orjson.dumps(value, option=orjson.OPT_SORT_KEYS if sort_keys else None).decode()
    except TypeError:
        return json.dumps(value, sort_keys=sort_keys, separators=(",", ":"), ensure_ascii=False)
