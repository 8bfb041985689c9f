"""Diagnostic codes of the Neuroshima Hex Duel plugin (HF800-HF899, docs/errors.md)."""

from __future__ import annotations

from hexforge.core.codes import define

ILLEGAL_MOVE = define("HF800", "an nshex action the rules do not allow now")
OFF_BOARD = define("HF801", "a hex that is not on the 19-hex board")
UNKNOWN_TILE = define("HF802", "an unknown nshex tile or army")
BAD_ARMY = define("HF803", "an army that does not have exactly one HQ and 34 other tiles")
HEX_TAKEN = define("HF804", "two tiles on one hex in a scenario setup")
BAD_INSTANT = define("HF805", "an instant tile whose choice lists the wrong kind of thing")
UNKNOWN_ABILITY = define("HF806", "a tile names an ability no plugin registers")
