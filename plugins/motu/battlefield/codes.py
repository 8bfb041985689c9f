"""Diagnostic codes of the motu battlefield: map files and board positions (HF701-HF749).

HF700 (a malformed board coordinate) belongs to :mod:`hexforge.core.hexgrid.board`.
"""

from __future__ import annotations

from hexforge.core.codes import define

MAP_SHAPE = define("HF701", "map file has a missing, unknown or mistyped field")
MAP_SIZE = define("HF702", "map size or hex size is not valid")
OFF_BOARD = define("HF703", "hex is off the board")
OVERLAP = define("HF704", "terrain pieces overlap")
PLATFORM_DETACHED = define("HF705", "platform not attached to a high obstacle")
LADDER_DETACHED = define("HF706", "ladder touches no platform")
UNKNOWN_KIND = define("HF707", "unknown terrain kind")
PIECE_HEXES = define("HF708", "terrain piece hexes are not valid for its kind")
DUPLICATE_ID = define("HF709", "two terrain pieces share an id")
PIECE_SPLIT = define("HF710", "terrain piece is not one connected block of hexes")
BAD_TOKEN_HEX = define("HF711", "objective or deployment hex cannot hold it")
LADDER_UNDER_PLATFORM = define("HF712", "ladder under a platform")
UNKNOWN_MAP = define("HF713", "no shipped map has this name")
BAD_POSITION = define("HF720", "a model is placed where it cannot stand")
SHARED_POSITION = define("HF721", "two models are placed on the same hex")
BAD_FOOTPRINT = define("HF722", "a massive model's footprint is not valid")
