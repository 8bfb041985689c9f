"""The replay viewer's headlines: the game's account, in a language, step by step.

A runner that tells its game (``headlines(engine, lang)``: per log entry, the sentences of
the account it completes, docs/plugins.md) gives each step its sentences; the result line
(``outcome(engine, lang)``) is the last step's last headline. Steps that complete no
sentence keep showing the latest one; a game whose runner tells nothing shows its log
entries as they are.
"""

from __future__ import annotations

from hexforge.core.render.replay import Replay

Headlines = list[tuple[str, ...]]
"""Per log entry, its sentences (most entries have none)."""


def account_headlines(runner: object, replay: Replay | None, lang: str) -> Headlines | None:
    """The headlines of ``replay``'s game from ``runner`` (a game runner), or None when the
    replay kept no engine or the runner tells no account."""
    engine = replay.engine if replay is not None else None
    told = getattr(runner, "headlines", None)
    if engine is None or not callable(told):
        return None
    said: Headlines = [tuple(str(text).strip() for text in entry) for entry in told(engine, lang)]
    if len(said) != len(replay.frames if replay is not None else ()):
        return None  # not one per log entry: not this log's
    outcome = getattr(runner, "outcome", None)
    result = outcome(engine, lang) if callable(outcome) else None
    if said and isinstance(result, str):
        said[-1] = (*said[-1], result)
    return said
