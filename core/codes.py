"""The catalogue of stable diagnostic codes.

Each stage defines its codes here or in its own module through :func:`define`, so a code
is declared once, has a title, and can be checked against docs/errors.md by the tests.
Ranges: HF0xx command line and internal, HF1xx YAML files, HF2xx content models and packs,
HF3xx the effect DSL, HF4xx the timing engine, HF5xx scenarios, HF6xx plugins,
HF7xx Masters of the Universe: Battleground, HF8xx Neuroshima Hex.
"""

from __future__ import annotations

import re

_CODE = re.compile(r"HF\d{3}")
_CATALOGUE: dict[str, str] = {}


def define(code: str, title: str) -> str:
    """Declare ``code`` with a short title and return it, for use as a module constant."""
    if not _CODE.fullmatch(code):
        raise ValueError(f"diagnostic code {code!r} is not of the form HFnnn")
    known = _CATALOGUE.get(code)
    if known is not None and known != title:
        raise ValueError(f"diagnostic code {code} is already defined as {known!r}")
    _CATALOGUE[code] = title
    return code


def catalogue() -> dict[str, str]:
    """Every code defined so far, with its title, sorted by code."""
    return dict(sorted(_CATALOGUE.items()))


# Command line and internal errors.
PATH_NOT_FOUND = define("HF001", "path not found")
INTERNAL_ERROR = define("HF002", "internal error")
BAD_OUTPUT_PATH = define("HF003", "an output path that cannot be written")
WRITE_FAILED = define("HF004", "writing an output failed")
UNKNOWN_CODE = define("HF059", "hexforge explain names no diagnostic code")

# Plugins.
PLUGIN_IMPORT_FAILED = define("HF601", "plugin failed to load")
PLUGIN_UNKNOWN_HOOK = define("HF602", "hook implementation matches no hook specification")
PLUGIN_HOOK_FAILED = define("HF603", "hook implementation raised an error")
