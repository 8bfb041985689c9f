"""``hexforge new expansion``: the generated package is complete and valid as written
(issue 11). Installing it into a fresh environment is test_scaffold_install.py."""

from __future__ import annotations

import importlib.util
import sys
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from hexforge.core.cli.main import make_cli
from hexforge.core.packs.validate import validate
from hexforge.plugins.catalogue import catalogue_from_host
from hexforge.plugins.manager import load_plugins
from hexforge.plugins.plugin_codes import BAD_EXPANSION_NAME, SCAFFOLD_TARGET_EXISTS
from hexforge.plugins.survey import survey


def _new(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(make_cli(), ["new", "expansion", *args], terminal_width=200)
    return result.exit_code, result.output


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = tmp_path_factory.mktemp("scaffold") / "thornwood"
    code, out = _new("thornwood", "--into", str(target))
    assert code == 0, out
    return target


def test_every_part_of_the_package_is_written(generated: Path) -> None:
    written = sorted(str(p.relative_to(generated)) for p in generated.rglob("*") if p.is_file())
    assert written == [
        ".github/workflows/ci.yml",
        ".gitignore",
        ".pre-commit-config.yaml",
        "README.md",
        "pyproject.toml",
        "src/hexforge_thornwood/__init__.py",
        "src/hexforge_thornwood/pack/cards/characters.yaml",
        "src/hexforge_thornwood/pack/pack.yaml",
        "src/hexforge_thornwood/setups/skirmish.yaml",
        "src/hexforge_thornwood/verbs.py",
        "tests/mana-leech.scenario.yaml",
        "tests/test_expansion.py",
    ]
    for path in generated.rglob("*"):
        if path.is_file():
            assert "{{" not in path.read_text(), f"unfilled placeholder in {path}"


def test_the_pyproject_declares_the_entry_point_and_the_pack_data(generated: Path) -> None:
    project = tomllib.loads((generated / "pyproject.toml").read_text())
    assert project["project"]["name"] == "hexforge-thornwood"
    assert project["project"]["entry-points"]["hexforge"] == {"thornwood": "hexforge_thornwood"}
    data = project["tool"]["setuptools"]["package-data"]["hexforge_thornwood"]
    assert "pack/cards/*.yaml" in data and "setups/*.yaml" in data


def test_the_pre_commit_config_validates_the_pack(generated: Path) -> None:
    config = (generated / ".pre-commit-config.yaml").read_text()
    assert "entry: hexforge validate --strict src/hexforge_thornwood/pack" in config


def test_the_generated_plugin_registers_its_verb_and_its_pack_validates(
    generated: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(generated / "src"))
    spec = importlib.util.find_spec("hexforge_thornwood")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "hexforge_thornwood", module)
    spec.loader.exec_module(module)
    host = load_plugins([("thornwood", module)])
    assert host.problems == []
    found = survey(host)
    assert found.problems == []
    assert found.by_plugin["thornwood"].verbs == [
        "motu: siphon {amount:int} mana from {target:character}"
    ]
    pack = generated / "src" / "hexforge_thornwood" / "pack"
    report = validate([pack], catalogue_from_host(host))
    assert report.diagnostics == () and report.cards == 1


def test_the_scenario_puts_the_new_character_on_the_board_using_the_new_verb(
    generated: Path,
) -> None:
    """The generated scenario reads as a scenario file (the slow install test runs it)."""
    from hexforge.core.packs.yamlio import read_yaml

    doc = read_yaml(generated / "tests" / "mana-leech.scenario.yaml").data
    assert doc["game"] == "motu"
    assert {"id": "leech", "card": "thornwood/mana-leech", "at": "E7", "mana": 1} in doc["setup"][
        "units"
    ]
    characters = (generated / "src/hexforge_thornwood/pack/cards/characters.yaml").read_text()
    assert "id: siphon" in characters and "effect: siphon 2 mana from target" in characters
    assert doc["steps"][0] == {
        "do": "skill",
        "unit": "leech",
        "skill": "siphon",
        "target": "he-man",
    }


@pytest.mark.parametrize("name", ["Thornwood", "thorn_wood", "x-", "1up", "thorn--wood"])
def test_a_name_that_cannot_be_a_pack_id_is_refused(name: str, tmp_path: Path) -> None:
    code, out = _new(name, "--into", str(tmp_path / "x"))
    assert code == 1 and BAD_EXPANSION_NAME in out
    assert not (tmp_path / "x").exists()


def test_a_game_name_is_refused(tmp_path: Path) -> None:
    code, out = _new("motu", "--into", str(tmp_path / "x"))
    assert code == 1 and BAD_EXPANSION_NAME in out and "installed game" in out


def test_a_folder_with_files_is_never_overwritten(tmp_path: Path) -> None:
    (tmp_path / "keep.txt").write_text("mine")
    code, out = _new("thornwood", "--into", str(tmp_path))
    assert code == 1 and SCAFFOLD_TARGET_EXISTS in out
    assert [p.name for p in tmp_path.iterdir()] == ["keep.txt"]
