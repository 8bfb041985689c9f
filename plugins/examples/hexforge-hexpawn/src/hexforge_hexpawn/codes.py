"""Hexpawn's own diagnostic codes (hook ``hexforge_diagnostic_codes``, ``GamePlugin``'s
``codes`` part): an error the framework's codes do not name gets one of the game's letters,
HXP, and ``hexforge explain HXP001`` says what it means and what to do."""

from __future__ import annotations

from hexforge.plugins.plugin_codes import CodeDoc

BAD_LINEUP = "HXP001"
"""A lineup whose length no Hexpawn board has."""

CODES = (
    CodeDoc(
        BAD_LINEUP,
        "a lineup of pawn cards too short or too long for a Hexpawn board",
        "name 2 to 8 pawn cards, one per column, e.g. --set lineup=pawn,scout,pawn",
    ),
)
"""What the hook ``hexforge_diagnostic_codes`` returns."""
