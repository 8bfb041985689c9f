"""Diagnostic codes of plugin selection, expansions and the scaffold (HF604-HF649).

HF601-HF603 (a plugin that fails to load, a bad hook implementation, a hook that raised)
are core codes in :mod:`hexforge.core.codes`. Every code is documented in docs/errors.md.
"""

from __future__ import annotations

from hexforge.core.codes import define

UNKNOWN_PLUGIN = define("HF604", "--plugins names a plugin that is not installed")
REGISTRATION_CONFLICT = define("HF605", "two plugins register the same thing")
BAD_GAME_PLUGIN = define("HF606", "a game plugin's game.yaml does not name its game")
BAD_EXPANSION_NAME = define("HF610", "expansion name not usable")
SCAFFOLD_TARGET_EXISTS = define("HF611", "scaffold target folder not empty")
