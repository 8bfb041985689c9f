"""The pluggy markers of the ``hexforge`` project, imported by every plugin."""

from __future__ import annotations

import pluggy

PROJECT = "hexforge"
ENTRY_POINT_GROUP = "hexforge"

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)
