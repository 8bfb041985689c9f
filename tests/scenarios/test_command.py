"""``hexforge test``, ``--coverage``, the pytest plugin and the JSON Schema (issue 6)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import jsonschema  # type: ignore[import-untyped]
import pytest
from click.testing import CliRunner, Result

from hexforge.core.cli.main import make_cli
from hexforge.core.packs.yamlio import read_yaml
from hexforge.core.scenarios.schema import scenario_schemas
from tests.scenarios import toy_driver

HERE = Path(__file__).resolve().parent
EXAMPLES = HERE / "examples"
FAILING = HERE / "failing"


def hexforge(*args: str) -> Result:
    return CliRunner().invoke(make_cli([("skirmish", toy_driver)]), list(args))


def _copy(tmp_path: Path, *names: str) -> Path:
    """The examples plus the named must-fail files, as scenario files in one folder."""
    shutil.copytree(EXAMPLES, tmp_path / "scenarios")
    for name in names:
        target = tmp_path / "scenarios" / name.replace(".yaml", ".scenario.yaml")
        shutil.copy(FAILING / name, target)
    return tmp_path / "scenarios"


def test_every_example_passes_and_the_summary_is_the_last_line() -> None:
    result = hexforge("test", str(EXAMPLES))
    count = len(list(EXAMPLES.glob("*.scenario.yaml")))
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == f"{count} passed, 0 failed"


def test_verbose_names_the_scenarios_that_passed() -> None:
    result = hexforge("test", "-v", str(EXAMPLES / "guard.scenario.yaml"))
    assert "passed" in result.output and "(a guard interrupts a mover, who then hits back)" in (
        result.output
    )


def test_a_failing_scenario_fails_the_run_with_its_report(tmp_path: Path) -> None:
    folder = _copy(tmp_path, "wrong-hp.yaml")
    result = hexforge("test", str(folder))
    assert result.exit_code == 1
    lines = result.output.splitlines()
    count = len(list(EXAMPLES.glob("*.scenario.yaml")))
    assert lines[-1] == f"{count} passed, 1 failed"
    where = folder / "wrong-hp.scenario.yaml"
    assert f"FAILED {where} (armour is forgotten)" in lines
    assert f"  {where}:17:9: expectation failed: unit n1 hp" in lines
    assert "    expected: 2" in lines and "    actual:   3" in lines
    assert any("trigger" in line and "toy/armour" in line for line in lines)


def test_a_bad_file_is_reported_with_code_and_position_and_the_others_still_run(
    tmp_path: Path,
) -> None:
    folder = _copy(tmp_path, "bad-action.yaml")
    result = hexforge("test", str(folder))
    assert result.exit_code == 1
    where = folder / "bad-action.scenario.yaml"
    assert f"{where}:4:9: error HF506: game 'skirmish' has no action 'charge'" in result.output
    assert result.output.splitlines()[-1].endswith("passed, 1 failed")


def test_a_missing_path_and_a_folder_without_scenarios_fail(tmp_path: Path) -> None:
    result = hexforge("test", str(tmp_path / "nope"), str(tmp_path))
    assert result.exit_code == 1
    assert "HF001" in result.output and "HF511" in result.output
    assert result.output.splitlines()[-1] == "0 passed, 0 failed"


def test_a_plugin_module_that_cannot_be_imported_is_a_usage_error() -> None:
    result = hexforge("test", "--plugin", "no.such.module", str(EXAMPLES))
    assert result.exit_code == 2
    assert "cannot import 'no.such.module'" in result.output


def test_coverage_lists_what_no_scenario_exercised() -> None:
    result = hexforge("test", "--coverage", str(EXAMPLES / "melee.scenario.yaml"))
    lines = result.output.splitlines()
    assert "coverage of skirmish: 1 of 12 cards, 1 of 12 effects exercised" in lines
    missing = lines[lines.index("  effects no scenario exercised:") + 1 :]
    assert "    toy/armour" not in missing and "    toy/guard" in missing


def test_coverage_counts_fired_hooks_and_attached_passive_effects() -> None:
    result = hexforge("test", "--coverage", str(EXAMPLES))
    lines = result.output.splitlines()
    start = lines.index("  effects no scenario exercised:")
    missing = {line.strip() for line in lines[start + 1 : -1]}
    # banner (a modifier only) counts once attached; guard, armour and rally fired or ran
    assert {"toy/banner", "toy/guard", "toy/armour", "toy/rally", "toy/snare"}.isdisjoint(missing)
    # shield, mirror and the rest are in no example
    assert {"toy/shield", "toy/mirror", "toy/tangle", "toy/weaken"} <= missing


def test_the_command_line_loads_a_driver_module_with_plugin() -> None:
    script = Path(sys.executable).parent / "hexforge"
    if not script.exists():
        pytest.skip("the hexforge script is not installed next to this python")
    done = subprocess.run(
        [str(script), "test", "-p", "tests.scenarios.toy_driver", str(EXAMPLES)],
        cwd=HERE.parents[1],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines()[-1].endswith("passed, 0 failed")


def test_pytest_collects_scenario_files_and_shows_the_report(tmp_path: Path) -> None:
    folder = _copy(tmp_path, "wrong-hp.yaml")
    (folder / "conftest.py").write_text(
        "from tests.scenarios import toy_driver\n\n"
        "def pytest_hexforge_plugins(config):\n"
        "    return [('skirmish', toy_driver)]\n"
    )
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(folder)],
        cwd=HERE.parents[1],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    count = len(list(EXAMPLES.glob("*.scenario.yaml")))
    assert done.returncode == 1
    assert f"1 failed, {count} passed" in done.stdout
    assert "expectation failed: unit n1 hp" in done.stdout
    assert "actual:   3" in done.stdout


def test_the_schemas_accept_every_example_and_refuse_a_misspelt_key() -> None:
    schemas = scenario_schemas([toy_driver.DRIVER])
    assert set(schemas) == {"scenario.schema.json", "skirmish.scenario.schema.json"}
    for schema in schemas.values():
        jsonschema.Draft202012Validator.check_schema(schema)
        validator = jsonschema.Draft202012Validator(schema)
        for path in sorted(EXAMPLES.glob("*.scenario.yaml")):
            data = read_yaml(path).data
            assert list(validator.iter_errors(data)) == [], path
        assert list(validator.iter_errors({"game": "skirmish", "seeds": 1}))
    game = jsonschema.Draft202012Validator(schemas["skirmish.scenario.schema.json"])
    bad_step = {"game": "skirmish", "steps": [{"do": "move", "unit": "n1", "to": "5"}]}
    assert list(game.iter_errors(bad_step))
    bad_expect = {"game": "skirmish", "expect": [{"unit": "n1", "hpp": 1}]}
    assert list(game.iter_errors(bad_expect))
    for size, valid in ((2, True), (-1, False)):
        sized = {"game": "skirmish", "expect": [{"player": "north", "units": {"size": size}}]}
        assert (list(game.iter_errors(sized)) == []) is valid


def test_hexforge_schema_writes_the_scenario_schemas(tmp_path: Path) -> None:
    result = hexforge("schema", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    generic = json.loads((tmp_path / "scenario.schema.json").read_text())
    assert generic["required"] == ["game"]
    assert (tmp_path / "skirmish.scenario.schema.json").exists()
