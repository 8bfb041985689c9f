"""``[tool.hexforge.test]``: what a bare ``hexforge test`` runs in a project (issue 23)."""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from hexforge.core.cli.main import make_cli
from hexforge.core.errors import HexforgeError
from hexforge.core.scenarios.project import project_settings

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = Path(__file__).resolve().parent / "examples"


def _documented() -> dict[str, object]:
    page = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")
    (block,) = re.findall(r"```toml\n(.*?)```", page, re.DOTALL)
    return tomllib.loads(block)


def test_the_documented_settings_are_the_repositorys() -> None:
    ours = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert _documented()["tool"] == {"hexforge": ours["tool"]["hexforge"]}
    settings = project_settings(ROOT / "tests" / "motu")
    assert settings is not None and settings.root == ROOT
    assert settings.paths == (ROOT / "tests",)
    assert settings.plugins == ("tests.scenarios.toy_driver",)


def test_a_bare_hexforge_test_runs_the_projects_paths_with_its_plugins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = tmp_path / "project"
    (project / "checks").mkdir(parents=True)
    (project / "drivers").mkdir()
    (project / "drivers" / "toy_project_driver.py").write_text(
        "from tests.scenarios.toy_driver import *  # noqa: F403\n"
        "from tests.scenarios.toy_driver import hexforge_scenario_drivers  # noqa: F401\n"
    )
    (project / "checks" / "melee.scenario.yaml").write_text(
        (EXAMPLES / "melee.scenario.yaml").read_text(encoding="utf-8")
    )
    (project / "elsewhere.scenario.yaml").write_text("not: a scenario\n")
    (project / "pyproject.toml").write_text(
        '[tool.hexforge.test]\npaths = ["checks"]\nplugins = ["drivers.toy_project_driver"]\n'
    )
    monkeypatch.chdir(project / "checks")
    monkeypatch.syspath_prepend(str(ROOT))
    monkeypatch.setattr(sys, "path", list(sys.path))
    result = CliRunner().invoke(make_cli(), ["test"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == "1 passed, 0 failed"


@pytest.mark.parametrize(
    "table",
    ['paths = "tests"', 'testpaths = ["tests"]', "plugins = [1]", "paths = [", 'paths = [""]'],
)
def test_malformed_settings_are_hf515(tmp_path: Path, table: str) -> None:
    (tmp_path / "pyproject.toml").write_text(f"[tool.hexforge.test]\n{table}\n")
    with pytest.raises(HexforgeError) as caught:
        project_settings(tmp_path)
    assert [d.code for d in caught.value.diagnostics] == ["HF515"]


def test_a_project_without_the_table_runs_the_current_folder(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    (tmp_path / "inner").mkdir()
    assert project_settings(tmp_path / "inner") is None
