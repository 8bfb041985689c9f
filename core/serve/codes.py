"""Diagnostic codes of ``hexforge serve``, the web table (HF080-HF089, docs/errors.md)."""

from __future__ import annotations

from hexforge.core.codes import define

BAD_REQUEST = define(
    "HF080", "a request the web table cannot read: not JSON, a field missing or of a wrong type"
)
UNKNOWN_TABLE = define("HF081", "a game (table) id the web table does not have")
BAD_ANSWER = define("HF082", "an answer that is no choice of the decision waiting at the web table")
CANNOT_LISTEN = define(
    "HF083", "hexforge serve cannot listen on the address: the port is taken or not allowed"
)
