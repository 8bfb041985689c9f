"""The package layout stays consistent with pyproject.toml and the docs (issue 2)."""

from __future__ import annotations

import importlib
import re
import tomllib
from pathlib import Path

from hexforge.core.codes import catalogue

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = {
    "core": "hexforge.core",
    "dsl": "hexforge.dsl",
    "content": "hexforge.content",
    "plugins": "hexforge.plugins",
}
DATA_FOLDERS = {
    ROOT / "content": "hexforge.content",
    ROOT / "core" / "scaffold" / "expansion": "hexforge.core.scaffold.expansion",
}
"""Folders of data only (YAML, templates): each folder below them is a namespace package."""
EXAMPLES = ROOT / "plugins" / "examples"
"""Example expansions: separate packages with their own pyproject.toml, not hexforge's."""


def _ours(path: Path) -> bool:
    return not path.is_relative_to(EXAMPLES)


def _package_folders() -> set[str]:
    """Code folders (with ``__init__.py``) and every folder below the data folders.

    setuptools ships a data folder only when it is listed as a (namespace) package.
    """
    found = set()
    for folder, package in FOLDERS.items():
        for init in filter(_ours, (ROOT / folder).rglob("__init__.py")):
            relative = init.parent.relative_to(ROOT / folder)
            found.add(".".join([package, *relative.parts]))
    for root, package in DATA_FOLDERS.items():
        found.add(package)
        for data in root.rglob("*"):
            if data.is_dir() and data.name != "__pycache__":
                found.add(".".join([package, *data.relative_to(root).parts]))
    return found


def test_every_package_folder_is_listed_in_pyproject() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    listed = set(config["tool"]["setuptools"]["packages"])
    found = _package_folders()
    assert sorted(found - listed) == [], "add these to [tool.setuptools] packages"
    assert sorted(listed - found) == [], "these packages in pyproject.toml have no folder"


def _import_everything() -> None:
    """Codes are defined at import time, so import every hexforge module first."""
    for folder, package in FOLDERS.items():
        for path in filter(_ours, (ROOT / folder).rglob("*.py")):
            parts = path.relative_to(ROOT / folder).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            importlib.import_module(".".join([package, *parts]))


def test_every_diagnostic_code_is_documented() -> None:
    _import_everything()
    documented = set(re.findall(r"\bHF\d{3}\b", (ROOT / "docs" / "errors.md").read_text()))
    missing = sorted(set(catalogue()) - documented)
    assert missing == [], f"codes missing from docs/errors.md: {missing}"
