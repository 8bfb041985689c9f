"""Diagnostic codes of content models, packs and cross-file checks (HF200-HF299).

The YAML-level codes (HF101-HF111) live in :mod:`hexforge.core.packs.yamlio`, which other
loaders reuse. Every code is documented in docs/errors.md.
"""

from __future__ import annotations

from hexforge.core.codes import define

# One card or manifest against its model.
MISSING_FIELD = define("HF201", "required field missing")
UNKNOWN_FIELD = define("HF202", "unknown field")
WRONG_TYPE = define("HF203", "value of the wrong type")
NOT_ALLOWED = define("HF204", "value is not one of the allowed ones")
BAD_FORM = define("HF205", "text not in the expected form")
OUT_OF_RANGE = define("HF206", "value breaks a constraint")
UNKNOWN_KIND = define("HF207", "unknown card kind")
KIND_WITHOUT_MODEL = define("HF208", "card kind with no model installed")
NOT_CARDS = define("HF209", "file holds neither a card nor a list of cards")
NO_CARDS = define("HF210", "card file holds no cards")

# Ids, references and overrides across files and packs.
FOREIGN_ID = define("HF211", "card id outside the pack's namespace")
DUPLICATE_ID = define("HF212", "duplicate card id")
UNKNOWN_REFERENCE = define("HF213", "reference to an unknown card")
WRONG_KIND_REFERENCE = define("HF214", "reference to a card of the wrong kind")
OVERRIDE_WITHOUT_REPLACES = define("HF215", "card overrides another pack's card without replaces")
BAD_REPLACEMENT = define("HF216", "invalid replaces")
MISSING_TRANSLATION = define("HF217", "missing translation")
SAME_TIER_CONFLICT = define("HF218", "rules of the same tier contradict each other")
DUPLICATE_ENTRY_ID = define("HF219", "two entries of one list in a card have the same id")

# Packs and games.
NO_PACK = define("HF220", "no pack.yaml found")
DUPLICATE_PACK = define("HF221", "two packs with the same id")
MISSING_PACK = define("HF222", "required pack not found")
PACK_VERSION = define("HF223", "required pack has a version outside the range")
BAD_VERSION_RANGE = define("HF224", "invalid version range")
UNKNOWN_GAME = define("HF225", "unknown game")
MISSING_FOLDER = define("HF226", "cards folder not found")
BAD_KIND_REGISTRATION = define("HF227", "card kind registration does not match the game")
OUTSIDE_PACK = define("HF228", "a path that leads outside the pack folder")
REQUIRES_CYCLE = define("HF229", "a pack requires itself, directly or through other packs")

# Reporting.
TOO_MANY_PROBLEMS = define("HF230", "more problems in one file than are shown")
