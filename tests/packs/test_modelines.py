"""The first lines of the shipped YAML files point where ``hexforge schema`` writes.

``hexforge schema`` run at the root of a checkout writes ``schemas/`` (its default
``--out``); every ``$schema=`` modeline of the shipped content and of the games' scenario
files must resolve to a file of that folder, so an editor with yaml-language-server
checks the file once it has run. (The toy fixtures of tests/packs point at their own.)
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from hexforge.core.cli.main import make_cli

ROOT = Path(__file__).resolve().parents[2]
_MODELINE = re.compile(r"^# yaml-language-server: \$schema=(\S+)$", re.MULTILINE)


def _modelines() -> list[tuple[Path, str]]:
    found = []
    for folder in (ROOT / "content", *(ROOT / "tests").glob("*/scenarios")):
        for path in sorted(folder.rglob("*.yaml")):
            match = _MODELINE.search(path.read_text(encoding="utf-8", errors="replace")[:500])
            if match:
                found.append((path, match[1]))
    return found


def test_the_shipped_modelines_point_at_what_hexforge_schema_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(make_cli(), ["schema"])
    assert result.exit_code == 0, result.output
    written = {path.name for path in (tmp_path / "schemas").iterdir()}
    found = _modelines()
    assert len(found) >= 13
    for path, target in found:
        resolved = Path(os.path.normpath(path.parent / target))
        where = path.relative_to(ROOT)
        assert resolved.parent == ROOT / "schemas", f"{where} points at {target}"
        assert resolved.name in written, f"{where}: hexforge schema writes no {resolved.name}"
