"""A scenario names the packs it needs (``packs:``, docs/scenarios.md "Packs a scenario
needs"): they are loaded as ``--pack`` loads them, for that file only."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from hexforge.core.cli.main import make_cli
from hexforge.core.errors import HexforgeError
from hexforge.core.scenarios import scenario_from_text
from tests.plugged import MOTU_DRIVER

ROOT = Path(__file__).resolve().parents[2]
PACK = """\
id: my-heroes
name: {en: My Heroes}
version: 0.1.0
game: motu
requires: {motu: "*"}
"""


def _documented() -> str:
    text = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")
    (block,) = re.findall(r"^```yaml-packs\n(.*?)^```", text, re.MULTILINE | re.DOTALL)
    return str(block)


def _teela() -> str:
    """The tutorial's card file (docs/tutorial.md), as the reader writes it."""
    text = (ROOT / "docs" / "tutorial.md").read_text(encoding="utf-8")
    marker = "<!-- tutorial: my-heroes/cards/teela.yaml -->\n```yaml\n"
    return text.split(marker, 1)[1].split("```", 1)[0]


def _pack(tmp_path: Path, scenario: str) -> Path:
    (tmp_path / "my-heroes" / "cards").mkdir(parents=True)
    (tmp_path / "my-heroes" / "pack.yaml").write_text(PACK, encoding="utf-8")
    (tmp_path / "my-heroes" / "cards" / "teela.yaml").write_text(_teela(), encoding="utf-8")
    tests = tmp_path / "my-heroes" / "tests"
    tests.mkdir()
    (tests / "rally.scenario.yaml").write_text(scenario, encoding="utf-8")
    return tests


def _test(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(make_cli(), ["test", *args], env={"COLUMNS": "200"})
    return result.exit_code, result.output


def test_the_documented_packs_example_runs(tmp_path: Path) -> None:
    """With ``packs:`` the bare command runs the pack's scenario; without it the card is
    unknown (HF757), as before ``--pack``."""
    tests = _pack(tmp_path, _documented())
    code, output = _test(str(tests))
    assert code == 0, output
    assert "1 passed, 0 failed" in output
    (tests / "rally.scenario.yaml").write_text(
        _documented().replace("packs: [..]\n", ""), encoding="utf-8"
    )
    code, output = _test(str(tests))
    assert code == 1 and "HF757" in output


def test_a_path_without_a_pack_is_hf514_at_its_line(tmp_path: Path) -> None:
    tests = _pack(tmp_path, _documented().replace("packs: [..]", "packs: [../nowhere]"))
    code, output = _test(str(tests))
    assert code == 1
    assert "rally.scenario.yaml:2:" in output and "HF514" in output, output


def test_packs_need_drivers_from_a_plugin_host() -> None:
    """A table of drivers made by hand has no host to load packs into: HF514, placed."""
    with pytest.raises(HexforgeError) as caught:
        scenario_from_text(_documented(), {"motu": MOTU_DRIVER}, name="x.scenario.yaml")
    (problem,) = caught.value.diagnostics
    assert problem.code == "HF514" and problem.span is not None and problem.span.line == 2
