"""The game plugin example of docs/plugins.md works as written (card kinds, packs)."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

from hexforge.core.packs.validate import validate
from hexforge.plugins.catalogue import catalogue_from_host
from hexforge.plugins.manager import load_plugins

PAGE = (Path(__file__).resolve().parents[2] / "docs" / "plugins.md").read_text()
BLOCK = re.compile(r"<!-- example: ([^>]+?) -->\n```\w+\n(.*?)```", re.DOTALL)


def test_the_documented_plugin_registers_its_kind_and_pack(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name, body in BLOCK.findall(PAGE):
        path = tmp_path / name.strip()
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(body)
    pack = tmp_path / "duel" / "pack"
    (pack / "cards").mkdir(parents=True)
    (pack / "pack.yaml").write_text("id: duel\nname: {en: Duel}\nversion: 1.0.0\ngame: duel\n")
    (pack / "cards" / "spells.yaml").write_text(
        "- {id: duel/fireball, kind: spell, name: {en: Fireball}, provenance: invented, "
        "mana: 3, counters: [shield]}\n"
    )
    spec = importlib.util.spec_from_file_location(
        "duel_docs_example", tmp_path / "duel" / "__init__.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "duel_docs_example", module)
    spec.loader.exec_module(module)
    host = load_plugins([("duel", module)], autoload=False)
    assert host.problems == []
    catalogue = catalogue_from_host(host)
    assert catalogue.problems == ()
    assert list(catalogue.games["duel"].models) == ["spell"]
    assert catalogue.games["duel"].kind_name("spell", "pl") == "zaklęcie"  # hexforge cards
    assert catalogue.games["duel"].kind_name("spell", "de") == "spell"
    report = validate([], catalogue)
    (problem,) = report.diagnostics
    assert problem.code == "HF213" and "duel/shield" in problem.message
