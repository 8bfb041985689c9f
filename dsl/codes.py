"""Diagnostic codes of the effect DSL (HF300-HF399), documented in docs/errors.md."""

from __future__ import annotations

from hexforge.core.codes import define

# Syntax and limits.
SYNTAX_CHARACTER = define("HF301", "unexpected character in effect text")
SYNTAX_TOKEN = define("HF302", "unexpected word or symbol in effect text")
SYNTAX_INDENT = define("HF303", "inconsistent indentation in effect text")
TOO_DEEP = define("HF304", "effect nested too deeply")
TOO_LARGE = define("HF305", "effect text too large")
NUMBER_OUT_OF_RANGE = define("HF306", "number outside its range")

# Names the vocabulary does not know.
UNKNOWN_TRIGGER = define("HF310", "unknown trigger")
UNKNOWN_VERB = define("HF311", "unknown verb phrase")
UNKNOWN_SELECTOR = define("HF312", "unknown selector")
UNKNOWN_CONDITION = define("HF313", "unknown condition")
UNKNOWN_STAT = define("HF314", "unknown stat")
UNKNOWN_PERMISSION = define("HF315", "unknown permission action")
UNKNOWN_NAME = define("HF316", "unknown name")
UNKNOWN_PROPERTY = define("HF317", "unknown property")
NOT_ON_PAYLOAD = define("HF318", "field not on the event payload")
UNKNOWN_CONTEXT = define("HF319", "unknown 'once per' context")

# Shapes and types.
WRONG_ARGUMENTS = define("HF320", "wrong number or order of arguments")
WRONG_TYPE = define("HF321", "value of the wrong type")
NON_NUMERIC_MODIFIER = define("HF322", "modifier on a stat that is not a number")
UNREACHABLE_ROW = define("HF323", "unreachable success-table row")
TABLE_GAP = define("HF324", "success counts that select no row")
CONTRADICTORY_PERMISSIONS = define("HF325", "contradictory permissions in one effect")
MISSING_CAPABILITY = define("HF326", "the game provides no procedure for this form")
NOT_ALLOWED_HERE = define("HF327", "a phrase the game allows only in other card fields")
RUNS_NOTHING = define("HF328", "an effect the game runs as an action has no statement")

# Running a compiled effect (bugs in a game plugin, reported clearly).
UNBOUND = define("HF330", "an effect used a name the game did not bind")
BAD_PROCEDURE_RESULT = define("HF331", "a game procedure returned an impossible answer")
RUNTIME_OUT_OF_RANGE = define("HF332", "an effect computed a number outside its range")

# Vocabulary declarations made by plugins.
BAD_DECLARATION = define("HF340", "invalid vocabulary declaration")
IMPL_MISMATCH = define("HF341", "implementation does not fit its template")
