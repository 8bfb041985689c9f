"""The timing engine's diagnostic codes (HF4xx) and the helpers that raise them.

Engine errors come from procedures and content misusing the engine (an unknown event, a
payload of the wrong type, an illegal scripted answer, a runaway trigger loop); each is a
:class:`HexforgeError` with a stable code, a hint, and where possible the span of the card
text at fault.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from hexforge.core.codes import define
from hexforge.core.errors import HexforgeError, Span

UNKNOWN_EVENT = define("HF401", "unknown event type")
BAD_PAYLOAD = define("HF402", "event payload does not match its declaration")
BAD_DECLARATION = define("HF403", "invalid or conflicting engine declaration")
UNKNOWN_ENTITY = define("HF404", "unknown entity id")
UNKNOWN_EFFECT = define("HF405", "unknown effect key")
NO_CONTEXT = define("HF406", "no open context of the required kind")
CONTEXT_ORDER = define("HF407", "context closed out of order")
NOT_ENOUGH_AP = define("HF408", "not enough action points")
NO_OPTIONS = define("HF409", "decision without legal options")
ILLEGAL_ANSWER = define("HF410", "answer is not a legal option")
SCRIPT_EXHAUSTED = define("HF411", "scripted agent ran out of answers")
BAD_DIE = define("HF412", "forced die result out of range")
DEPTH_LIMIT = define("HF413", "trigger depth limit exceeded")
BAD_SNAPSHOT = define("HF414", "invalid state snapshot")
NOT_JSON = define("HF415", "value cannot be stored in game state")
UNKNOWN_QUERY = define("HF416", "unknown query")
QUERY_CYCLE = define("HF417", "query depends on itself")
NO_AGENT = define("HF418", "no agent for player")
LATE_CHANGE = define("HF419", "event changed outside its before window")
BAD_LOG = define("HF420", "not a replayable game log")
UNREADABLE_LOG = define("HF421", "a game log file that cannot be read as UTF-8 text")
LOG_TOO_LARGE = define("HF422", "a game log beyond a reading limit")


def did_you_mean(name: str, known: Iterable[str]) -> str | None:
    """A "did you mean" hint for a misspelt name, or None when nothing is close."""
    close = difflib.get_close_matches(name, sorted(known), n=1)
    return f"did you mean {close[0]!r}?" if close else None


def fail(
    code: str, message: str, hint: str | None = None, span: Span | None = None
) -> HexforgeError:
    """The error to raise for an engine diagnostic (callers write ``raise fail(...)``)."""
    return HexforgeError.single(code, message, hint=hint, span=span)
