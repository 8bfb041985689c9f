"""Diagnostic codes of plugin selection, expansions and the scaffold (HF604-HF649), and the
codes plugins declare for their own errors (:class:`CodeDoc`).

HF601-HF603 (a plugin that fails to load, a bad hook implementation, a hook that raised)
are core codes in :mod:`hexforge.core.codes`. Every HF code is documented in docs/errors.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from hexforge.core.codes import define
from hexforge.core.errors import Diagnostic, HexforgeError

if TYPE_CHECKING:
    from hexforge.plugins.manager import PluginHost

UNKNOWN_PLUGIN = define("HF604", "--plugins names a plugin that is not installed")
REGISTRATION_CONFLICT = define("HF605", "two plugins register the same thing")
BAD_GAME_PLUGIN = define("HF606", "a game plugin's game.yaml does not name its game")
BAD_PLUGIN_CODE = define("HF607", "a plugin's own diagnostic code is malformed or hexforge's")
BAD_EXPANSION_NAME = define("HF610", "expansion name not usable")
SCAFFOLD_TARGET_EXISTS = define("HF611", "scaffold target folder not empty")

PLUGIN_CODE = re.compile(r"[A-Z]{2,5}[0-9]{3}")
"""A plugin's own code: its letters (two to five capitals, not ``HF``) and three digits."""


@dataclass(frozen=True, slots=True)
class CodeDoc:
    """A diagnostic code of a plugin's own errors (hook ``hexforge_diagnostic_codes``),
    with what a row of docs/errors.md says for hexforge's codes: what it means, what to do.
    ``hexforge explain`` and ``hexforge plugins --verbose`` show it. Its letters are the
    plugin's (``HXP001``): ``HF`` codes are hexforge's, HF607 otherwise."""

    code: str
    meaning: str
    action: str

    def __post_init__(self) -> None:
        if not PLUGIN_CODE.fullmatch(self.code) or self.code.startswith("HF"):
            raise HexforgeError.single(
                BAD_PLUGIN_CODE,
                f"{self.code!r} is not a plugin's diagnostic code",
                hint="two to five capitals of the plugin's own and three digits, e.g. "
                "HXP001 (HF codes are hexforge's)",
            )


def plugin_codes(host: PluginHost) -> dict[str, tuple[str, CodeDoc]]:
    """Every code the plugins of ``host`` declare, with the plugin that declared it first
    (a second is HF605 in ``hexforge plugins``; a bad one, HF607, is left out)."""
    from hexforge.plugins.hookcalls import each_item

    problems: list[Diagnostic] = []
    found: dict[str, tuple[str, CodeDoc]] = {}
    for item in each_item(host.manager.hook.hexforge_diagnostic_codes, problems, kind=CodeDoc):
        found.setdefault(item.result.code, (item.plugin, item.result))
    return found
