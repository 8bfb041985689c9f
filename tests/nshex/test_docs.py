"""docs/nshex.md's examples run: the Python blocks, the scenario, the tile and the board."""

from __future__ import annotations

import re
from pathlib import Path

from ruamel.yaml import YAML

from hexforge.core.scenarios import result_text, run_scenario, scenario_from_text
from hexforge.plugins.nshex import CONTENT
from hexforge.plugins.nshex.board import COORDS
from tests.plugged import NSHEX_DRIVER, TILES

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "nshex.md"
BLOCK = re.compile(r"^```([\w-]+)\n(.*?)^```", re.MULTILINE | re.DOTALL)


def _blocks(language: str) -> list[tuple[int, str]]:
    text = DOC.read_text(encoding="utf-8")
    return [
        (text.count("\n", 0, m.start(2)), m.group(2))
        for m in BLOCK.finditer(text)
        if m.group(1) == language
    ]


def test_every_python_example_runs() -> None:
    namespace: dict[str, object] = {"__name__": "nshex_md"}
    blocks = _blocks("python")
    assert blocks
    for line, code in blocks:
        exec(compile("\n" * line + code, str(DOC), "exec"), namespace)


def test_the_scenario_example_passes() -> None:
    blocks = _blocks("yaml")
    assert blocks
    for _, text in blocks:
        scenario = scenario_from_text(text, {"nshex": NSHEX_DRIVER}, name="doc.scenario.yaml")
        result = run_scenario(scenario)
        assert result.passed, result_text(result)


def test_the_tile_example_is_the_shipped_tile() -> None:
    ((_, text),) = _blocks("yaml-tile")
    shipped = (CONTENT / "cards" / "smart.yaml").read_text(encoding="utf-8")
    assert text in shipped
    (item,) = YAML(typ="safe").load(text)
    assert TILES.tile(item["id"]).model_dump(exclude_defaults=True) == item


def test_the_board_table_lists_the_nineteen_hexes() -> None:
    table = re.findall(r"^\| [A-E] \| ([A-E0-9 ]+) \|$", DOC.read_text(encoding="utf-8"), re.M)
    assert sorted(h for row in table for h in row.split()) == sorted(COORDS)


def test_nshex_md_is_linked_from_the_index_and_the_readme() -> None:
    assert "(nshex.md)" in (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    assert "(docs/nshex.md)" in (ROOT / "README.md").read_text(encoding="utf-8")
