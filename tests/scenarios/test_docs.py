"""docs/scenarios.md's examples run: every scenario block passes, except one followed by a
``text`` block, which must fail with exactly that report (issue 6: docs cannot rot)."""

from __future__ import annotations

import re
from pathlib import Path

from hexforge.core.scenarios import result_text, run_scenario, scenario_from_text
from tests.scenarios.support import drivers

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "scenarios.md"
BLOCK = re.compile(r"^```(\w+)\n(.*?)^```", re.MULTILINE | re.DOTALL)


def _blocks() -> list[tuple[str, str]]:
    return [(m.group(1), m.group(2)) for m in BLOCK.finditer(DOC.read_text(encoding="utf-8"))]


def test_every_yaml_example_runs_as_documented() -> None:
    blocks = _blocks()
    ran = 0
    for index, (language, text) in enumerate(blocks):
        if language != "yaml":
            continue
        scenario = scenario_from_text(text, drivers(), name="example.scenario.yaml")
        result = run_scenario(scenario)
        following = blocks[index + 1] if index + 1 < len(blocks) else ("", "")
        if following[0] == "text" and following[1].startswith("FAILED"):
            assert result_text(result) + "\n" == following[1]
        else:
            assert result.passed, result_text(result)
        ran += 1
    assert ran >= 5


def test_the_conftest_example_is_the_suites_own() -> None:
    python = [text for language, text in _blocks() if language == "python"]
    conftest = (ROOT / "tests" / "scenarios" / "conftest.py").read_text(encoding="utf-8")
    assert python and all(line in conftest for line in python[0].splitlines() if "return" in line)


def test_the_coverage_example_matches_a_run_of_the_examples() -> None:
    from click.testing import CliRunner

    from hexforge.core.cli.main import make_cli
    from tests.scenarios import toy_driver

    example = next(t for lang, t in _blocks() if lang == "text" and t.startswith("coverage"))
    result = CliRunner().invoke(
        make_cli([("skirmish", toy_driver)]),
        ["test", "--coverage", str(ROOT / "tests" / "scenarios" / "examples")],
    )
    lines = result.output.splitlines()
    shown = [line for line in example.splitlines() if line.strip() != "..."]
    position = 0
    for line in shown:  # the example's lines appear in the output, in this order
        position = lines.index(line, position) + 1


def test_scenarios_md_is_linked_from_the_index_the_readme_and_cli_md() -> None:
    assert "(scenarios.md)" in (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    assert "(docs/scenarios.md)" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(scenarios.md" in (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
