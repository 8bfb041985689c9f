"""The examples in docs/coordinates.md and docs/motu-battlefield.md run as written."""

from __future__ import annotations

import re
from pathlib import Path

from hexforge.core.scenarios import result_text, run_scenario, scenario_from_text
from hexforge.plugins.motu.battlefield import TerrainKind, map_from_text
from tests.plugged import MOTU_DRIVER

DOCS = Path(__file__).resolve().parents[2] / "docs"


def _blocks(name: str, language: str) -> list[str]:
    text = (DOCS / name).read_text(encoding="utf-8")
    return re.findall(rf"```{language}\n(.*?)```", text, flags=re.DOTALL)


def test_coordinates_example_runs() -> None:
    (code,) = _blocks("coordinates.md", "python")
    exec(compile(code, "docs/coordinates.md", "exec"), {})


def test_battlefield_map_example_loads_and_the_api_example_runs() -> None:
    (map_yaml,) = [b for b in _blocks("motu-battlefield.md", "yaml") if not b.startswith("game:")]
    field = map_from_text(map_yaml, name="docs/motu-battlefield.md")
    assert {p.kind.value for p in field.spec.pieces} == {
        "high",
        "platform",
        "ladder",
        "low",
        "difficult",
    }
    (code,) = _blocks("motu-battlefield.md", "python")
    exec(compile(code, "docs/motu-battlefield.md", "exec"), {"MAP_YAML": map_yaml})


def test_every_kind_in_the_docs_table_exists() -> None:
    text = (DOCS / "motu-battlefield.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"^\| `(\w+)` \|", text, flags=re.MULTILINE))
    assert {k.value for k in TerrainKind} <= documented


def test_the_massive_models_example_is_the_scenario_file_and_passes() -> None:
    """docs/motu-battlefield.md, "Massive models in play" (rulebook §Massive Models)."""
    (text,) = [b for b in _blocks("motu-battlefield.md", "yaml") if b.startswith("game: motu")]
    scenario = DOCS.parent / "tests/motu/scenarios/massive-models-movement.scenario.yaml"
    assert text == scenario.read_text(encoding="utf-8")
    result = run_scenario(scenario_from_text(text, {"motu": MOTU_DRIVER}, name="doc.scenario.yaml"))
    assert result.passed, result_text(result)
