"""A project's scenario settings: ``[tool.hexforge.test]`` in its pyproject.toml.

As pytest's ``testpaths`` do, they say what a bare ``hexforge test`` runs in the project:
``paths`` (folders or files, relative to the pyproject.toml) and ``plugins`` (modules
loaded as hexforge plugins, as ``--plugin`` loads them; the project's folder is
importable). The project is the nearest folder from the current one up that holds a
pyproject.toml, so an expansion inside the repository keeps its own settings.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from hexforge.core.errors import Diagnostic, HexforgeError, Span
from hexforge.core.scenarios.codes import BAD_PROJECT_SETTINGS

_KEYS = frozenset({"paths", "plugins"})


@dataclass(frozen=True, slots=True)
class ProjectSettings:
    """``paths`` are absolute; empty lists when the project does not set them."""

    root: Path
    paths: tuple[Path, ...]
    plugins: tuple[str, ...]


def project_settings(start: Path) -> ProjectSettings | None:
    """The settings of the project ``start`` is in; None without a pyproject.toml or
    without ``[tool.hexforge.test]`` in it. Malformed settings are HF515."""
    for folder in (start.resolve(), *start.resolve().parents):
        file = folder / "pyproject.toml"
        if file.is_file():
            return _read(file)
    return None


def _read(file: Path) -> ProjectSettings | None:
    try:
        data = tomllib.loads(file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise _error(file, f"cannot read it: {error}") from None
    table = data.get("tool", {}).get("hexforge", {}).get("test")
    if table is None:
        return None
    if not isinstance(table, dict) or set(table) - _KEYS:
        raise _error(file, "[tool.hexforge.test] takes 'paths' and 'plugins'")
    lists = {key: table.get(key, []) for key in _KEYS}
    for key, value in lists.items():
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            raise _error(file, f"[tool.hexforge.test] {key} must be a list of texts")
    root = file.parent
    return ProjectSettings(root, tuple(root / p for p in lists["paths"]), tuple(lists["plugins"]))


def _error(file: Path, message: str) -> HexforgeError:
    hint = 'e.g. [tool.hexforge.test] paths = ["tests"], plugins = ["tests.my_driver"]'
    return HexforgeError(
        Diagnostic(BAD_PROJECT_SETTINGS, message, Span.point(str(file), 1, 1, 1), None, hint)
    )
