"""Diagnostic codes of scenario files and the scenario runner (HF500-HF599).

A scenario file that cannot be run (a misspelt key, an action the game does not have, a
coordinate that is not one) is an error with one of these codes and its ``file:line:col``;
a scenario that runs but whose expectations do not hold is a test failure, not an error.
Every code is documented in docs/errors.md.
"""

from __future__ import annotations

from hexforge.core.codes import define

NOT_A_SCENARIO = define("HF501", "scenario file is not a mapping")
UNKNOWN_KEY = define("HF502", "unknown key in a scenario")
MISSING_KEY = define("HF503", "required key missing in a scenario")
WRONG_VALUE = define("HF504", "scenario value of the wrong type")
NO_DRIVER = define("HF505", "no scenario driver for the game")
UNKNOWN_ACTION = define("HF506", "unknown scenario action")
BAD_ARGUMENT = define("HF507", "bad argument of an action or observable")
UNKNOWN_OBSERVABLE = define("HF508", "unknown subject or property in an expectation")
BAD_STEP = define("HF509", "step is not exactly one kind of step")
BAD_CODE = define("HF510", "expected error code is not a diagnostic code")
NO_SCENARIOS = define("HF511", "no scenario files found")
DUPLICATE_DRIVER = define("HF512", "two scenario drivers for one game")
OUT_OF_RANGE = define("HF513", "scenario number outside its range")
NO_PACKS = define("HF514", "the packs a scenario names cannot be loaded")
ILLEGAL_ACTION = define("HF520", "action is not legal now")
DRIVER_FAILED = define("HF521", "scenario driver raised an unexpected error")
BAD_PROJECT_SETTINGS = define("HF515", "the project's [tool.hexforge.test] settings are not valid")
