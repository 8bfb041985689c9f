"""Expansions use the games only through their declared API modules (issue 19,
docs/plugins.md "The game APIs"): the scaffold ``hexforge new expansion`` writes and the
example expansions import nothing else of motu or nshex, the example game imports only the
framework's API (no command line, no other game, nothing private), and every name an API
module promises exists."""

from __future__ import annotations

import ast
import importlib
import re
import subprocess
import sys
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
    assert {"verbs.py.tmpl", "verbs.py", "test_expansion.py.tmpl", "driver.py"} <= names


WHOLE_GAME = ROOT / "plugins" / "examples" / "hexforge-hexpawn" / "src"
"""The example game (docs/plugins.md, "Wiring a game, calling a hook"): a whole game from
outside, on the framework's declared API alone."""
NOT_FOR_GAMES = ("hexforge.core.cli", "hexforge.plugins.motu", "hexforge.plugins.nshex")


def non_api_imports(text: str) -> list[str]:
    """What ``text`` imports of hexforge that a game from outside may not: the command line,
    another game, or a private module or name (a part starting with ``_``)."""
    found: list[str] = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("hexforge."):
            names = [f"{node.module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names if alias.name.startswith("hexforge.")]
        else:
            continue
        for name in names:
            private = any(part.startswith("_") for part in name.split("."))
            if private or name.startswith(NOT_FOR_GAMES):
                found.append(name)
    return found


def test_the_check_sees_a_non_api_import() -> None:
    assert non_api_imports("from hexforge.core.cli.main import make_cli\n") == [
        "hexforge.core.cli.main.make_cli"
    ]
    assert non_api_imports("from hexforge.core.engine.engine import _write\n") == [
        "hexforge.core.engine.engine._write"
    ]
    assert non_api_imports("from hexforge.core.engine import Engine\n") == []


@pytest.mark.parametrize(
    "path", sorted(WHOLE_GAME.rglob("*.py")), ids=lambda p: str(p.relative_to(ROOT))
)
def test_the_example_game_imports_only_the_framework_api(path: Path) -> None:
    assert non_api_imports(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("name", API_MODULES)
def test_every_promised_name_exists(name: str) -> None:
    module = importlib.import_module(name)
    missing = [n for n in module.__all__ if not hasattr(module, n)]
    assert missing == []


@pytest.mark.parametrize("name", API_MODULES)
def test_importing_an_api_imports_no_game_code(name: str) -> None:
    """An expansion imports the API when plugins load, for every command: the names are
    imported at first use (PEP 562), so this costs nothing until they are used."""
    code = (
        f"import sys, {name} as api\n"
        "game = api.__name__.rsplit('.', 1)[0]\n"
        "loaded = [m for m in sys.modules if m.startswith(game + '.') and m != api.__name__]\n"
        "assert loaded == [], loaded\n"
        "assert api.__all__ and getattr(api, api.__all__[-1]) is not None\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_an_unknown_name_is_an_attribute_error() -> None:
    api = importlib.import_module(API_MODULES[0])
    with pytest.raises(AttributeError, match="no attribute 'library'"):
        api.library  # noqa: B018 - the old global is gone
