"""Expansions use the games only through their declared API modules (issue 19,
docs/plugins.md "The game APIs"): the scaffold ``hexforge new expansion`` writes and the
example expansion import nothing else of motu or nshex, and every name an API module
promises exists."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXPANSION_SOURCES = [
    *sorted((ROOT / "core" / "scaffold" / "expansion").rglob("*.tmpl")),
    *sorted((ROOT / "plugins" / "examples").rglob("*.py")),
]
GAME_IMPORT = re.compile(r"^\s*(?:from|import)\s+(hexforge\.plugins\.(?:motu|nshex)[\w.]*)", re.M)
API_MODULES = ("hexforge.plugins.motu.api", "hexforge.plugins.nshex.api")


def private_game_imports(text: str) -> list[str]:
    """The modules of a game that ``text`` imports other than the game's API module."""
    return [m for m in GAME_IMPORT.findall(text) if m not in API_MODULES]


def test_the_check_sees_a_private_import() -> None:
    assert private_game_imports("from hexforge.plugins.motu.mana import mana\n") == [
        "hexforge.plugins.motu.mana"
    ]
    assert private_game_imports("    import hexforge.plugins.nshex.game\n") == [
        "hexforge.plugins.nshex.game"
    ]
    assert private_game_imports("from hexforge.plugins.motu.api import mana\n") == []


@pytest.mark.parametrize("path", EXPANSION_SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_expansion_code_imports_only_the_game_api(path: Path) -> None:
    assert private_game_imports(path.read_text(encoding="utf-8")) == []


def test_there_is_expansion_code_to_check() -> None:
    names = {p.name for p in EXPANSION_SOURCES}
    assert {"verbs.py.tmpl", "verbs.py", "test_expansion.py.tmpl"} <= names


@pytest.mark.parametrize("name", API_MODULES)
def test_every_promised_name_exists(name: str) -> None:
    module = importlib.import_module(name)
    missing = [n for n in module.__all__ if not hasattr(module, n)]
    assert missing == []
