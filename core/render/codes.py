"""Diagnostic codes of the renderers and ``hexforge render`` (HF900-HF949, docs/errors.md)."""

from __future__ import annotations

from hexforge.core.codes import define

UNKNOWN_MAP = define("HF900", "unknown map or board")
UNKNOWN_CARD = define("HF901", "unknown card")
UNREADABLE_LOG = define("HF902", "unreadable game log")
BAD_OUTPUT = define("HF903", "unsupported output file")
NO_RENDERER = define("HF904", "no renderer for this game")
PNG_UNAVAILABLE = define("HF905", "PNG export unavailable")
UNKNOWN_LANGUAGE = define("HF906", "unknown language")
REPLAY_DIVERGED = define("HF907", "the replay does not reproduce the log")
