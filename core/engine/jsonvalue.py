"""JSON values: what game state, payloads, options and log entries may hold.

Only ``None``, ``bool``, ``int``, ``str``, lists and string-keyed dicts are allowed, so a
state survives a JSON round trip unchanged (no tuples turning into lists, no floats whose
printing could differ between platforms).
"""

from __future__ import annotations

import json
from typing import TypeAlias

from hexforge.core.engine.diagnostics import NOT_JSON, fail

Json: TypeAlias = bool | int | str | list["Json"] | dict[str, "Json"] | None


def check_json(value: object, where: str) -> Json:
    """``value`` unchanged when it is a JSON value, else an HF415 error naming ``where``."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, list):
        for index, item in enumerate(value):
            check_json(item, f"{where}[{index}]")
        return value
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise fail(NOT_JSON, f"{where} has a non-text key {key!r}")
            check_json(item, f"{where}.{key}")
        return value
    raise fail(
        NOT_JSON,
        f"{where} is a {type(value).__name__} ({value!r}), not a JSON value",
        hint="use None, bool, int, str, lists and dicts with text keys (no floats or tuples)",
    )


def canonical(value: object) -> str:
    """One line of JSON with sorted keys: the byte-stable form of logs and hashes."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
