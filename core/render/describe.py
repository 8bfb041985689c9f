"""One readable line per engine log entry, for the replay viewer's log list.

Games write their own readable lines as notes (nshex: ``{"type": "nshex", "text": ...}``);
those are shown as they are. Engine entries get a short sentence; anything unknown is
shown as its fields, so a new entry type is never hidden.
"""

from __future__ import annotations

from hexforge.core.engine.jsonvalue import Json, canonical

RANDOMNESS = ("roll", "roll_off", "random", "shuffle")

_SKIP = ("seq", "type")


def _value(value: Json) -> str:
    return value if isinstance(value, str) else canonical(value)


def category(entry: dict[str, Json]) -> str:
    """``decision``, ``dice``, ``event``, ``note`` (a game's own line) or ``engine``."""
    kind = entry.get("type")
    if kind == "decision":
        return "decision"
    if kind in RANDOMNESS:
        return "dice"
    if kind in ("event", "cancelled", "replaced", "deferred"):
        return "event"
    if isinstance(entry.get("text"), str):
        return "note"
    return "engine"


def describe(entry: dict[str, Json]) -> str:
    """A one-line description of ``entry``."""
    kind = str(entry.get("type"))
    text = entry.get("text")
    if isinstance(text, str):
        return text.strip()
    if kind == "start":
        return f"game starts: seed {_value(entry.get('seed'))}, players " + ", ".join(
            _value(p) for p in _list(entry.get("players"))
        )
    if kind == "decision":
        forced = " (forced)" if entry.get("forced") else ""
        options = len(_list(entry.get("options")))
        return (
            f"{_value(entry.get('player'))} decides {_value(entry.get('kind'))}: "
            f"{_value(entry.get('answer'))}{forced} [{options} option{'s' * (options != 1)}]"
        )
    if kind == "roll":
        results = ", ".join(_value(r) for r in _list(entry.get("results")))
        who = entry.get("player")
        by = f" for {who}" if who else ""
        reason = entry.get("reason")
        why = f" ({reason})" if reason else ""
        count = len(_list(entry.get("results")))
        return f"roll {count}d{_value(entry.get('sides'))}{by}: {results}{why}"
    if kind == "roll_off":
        return f"roll-off won by {_value(entry.get('winner'))} ({_value(entry.get('reason'))})"
    if kind == "random":
        value, bound = _value(entry.get("value")), _value(entry.get("bound"))
        return f"random {value} below {bound} ({_value(entry.get('reason'))})"
    if kind == "shuffle":
        return f"shuffle {_value(entry.get('count'))} ({_value(entry.get('reason'))})"
    if kind == "event":
        payload = entry.get("payload")
        fields = ""
        if isinstance(payload, dict) and payload:
            fields = " " + ", ".join(f"{k}={_value(v)}" for k, v in payload.items())
        return f"event {_value(entry.get('name'))}{fields}"
    if kind in ("create", "enter", "leave"):
        return f"{kind} {_value(entry.get('entity'))}"
    fields = ", ".join(f"{k}={_value(v)}" for k, v in entry.items() if k not in _SKIP)
    return f"{kind} {fields}".strip()


def _list(value: Json) -> list[Json]:
    return value if isinstance(value, list) else []
