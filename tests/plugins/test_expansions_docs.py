"""docs/expansions.md: its examples are what hexforge does (issue 11)."""

from __future__ import annotations

import re
import types
from pathlib import Path

import pytest
from click.testing import CliRunner
from ruamel.yaml import YAML

from hexforge.core.cli.main import make_cli
from hexforge.core.cli.new_cmd import Expansion, scaffold
from hexforge.core.scenarios import result_text, run_scenario, scenario_from_text
from hexforge.plugins import motu
from hexforge.plugins.manager import PluginHost, load_plugins
from hexforge.plugins.motu.driver import MotuDriver
from hexforge.plugins.motu.library import motu_rules
from tests.plugged import PackAt

ROOT = Path(__file__).resolve().parents[2]
PAGE = (ROOT / "docs" / "expansions.md").read_text(encoding="utf-8")
BLOCKS = dict(re.findall(r"<!-- expansions: ([^>]+?) -->\n```\w+\n(.*?)```", PAGE, re.DOTALL))


def _pack(folder: Path, pack_yaml: str, errata: str) -> Path:
    (folder / "cards").mkdir(parents=True)
    (folder / "pack.yaml").write_text(pack_yaml)
    (folder / "cards" / "errata.yaml").write_text(errata)
    return folder


def _validate(*paths: Path) -> tuple[int, str]:
    args = ["validate", "--no-cache", *map(str, paths)]
    result = CliRunner().invoke(make_cli(), args, terminal_width=300)
    return result.exit_code, result.output


def test_the_pack_and_errata_examples_validate(tmp_path: Path) -> None:
    pack = _pack(tmp_path / "thornwood", BLOCKS["pack.yaml"], BLOCKS["cards/errata.yaml"])
    code, out = _validate(pack)
    assert code == 0, out


def _action_host(tmp_path: Path, *extra: tuple[str, object]) -> PluginHost:
    """The walkthrough's pack with its action cards, installed beside motu."""
    pack = _pack(tmp_path / "thornwood", BLOCKS["pack.yaml"], BLOCKS["cards/errata.yaml"])
    (pack / "cards" / "actions.yaml").write_text(BLOCKS["cards/actions.yaml"])
    return load_plugins(
        [("motu", motu.plugin), ("thornwood", PackAt(pack)), *extra], autoload=False
    )


def test_the_action_card_example_validates_and_plays_its_scenario(tmp_path: Path) -> None:
    """ "Adding an action": the action cards validate and the scenario passes with them."""
    host = _action_host(tmp_path)
    scenario = scenario_from_text(
        BLOCKS["tests/dig-in.scenario.yaml"], {"motu": MotuDriver(host)}, name="dig-in"
    )
    result = run_scenario(scenario)
    assert result.passed, result_text(result)
    verbs = [str(a.verb) for a in motu_rules(host).actions.actions]
    assert verbs[-2:] == ["dig-in", "rally"]


def test_the_python_action_example_registers_an_action(tmp_path: Path) -> None:
    """The hook example, run as a module: 'meditate' joins the table after the cards'
    actions' turn comes (plugins first), and performing it focuses the character."""
    module = types.ModuleType("meditate_example")
    exec(BLOCKS["actions.py"], module.__dict__)
    host = _action_host(tmp_path, ("meditate", module))
    verbs = [str(a.verb) for a in motu_rules(host).actions.actions]
    assert verbs[8:] == ["meditate", "dig-in", "rally"]
    text = BLOCKS["tests/dig-in.scenario.yaml"].split("steps:")[0] + (
        "steps:\n  - do: meditate\n    unit: he-man\nexpect:\n  - unit: he-man\n    focus: true\n"
    )
    result = run_scenario(scenario_from_text(text, {"motu": MotuDriver(host)}, name="m"))
    assert result.passed, result_text(result)


def test_the_requires_message_is_the_documented_one(tmp_path: Path) -> None:
    manifest = BLOCKS["pack.yaml"].replace('">=0.1, <1"', '">=2"')
    pack = _pack(tmp_path / "thornwood", manifest, BLOCKS["cards/errata.yaml"])
    code, out = _validate(pack)
    documented = re.search(
        r"`(pack 'thornwood' requires 'motu' >=2, [^`]*)`", PAGE.replace("\n", " ")
    )
    assert documented is not None
    assert code == 1 and "HF223" in out and documented.group(1) in " ".join(out.split())


def test_a_second_replacement_of_the_same_card_is_an_error(tmp_path: Path) -> None:
    first = _pack(tmp_path / "thornwood", BLOCKS["pack.yaml"], BLOCKS["cards/errata.yaml"])
    second = _pack(
        tmp_path / "bramble",
        BLOCKS["pack.yaml"].replace("thornwood", "bramble").replace("Thornwood", "Bramble"),
        BLOCKS["cards/errata.yaml"].replace("thornwood/", "bramble/"),
    )
    code, out = _validate(first, second)
    assert code == 1 and "HF216" in out and "'motu/stratos' is already replaced by" in out


def test_the_ci_workflow_installs_lists_validates_and_tests() -> None:
    workflow = YAML(typ="safe").load(BLOCKS[".github/workflows/ci.yml"])
    runs = [step.get("run") for step in workflow["jobs"]["check"]["steps"]]
    assert runs[-5:] == [
        "pip install '.[test]'",
        "hexforge plugins --verbose",
        "hexforge validate --strict",
        "hexforge validate --strict src/hexforge_thornwood/setups tests",
        "pytest",
    ]


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = tmp_path_factory.mktemp("docs") / "hexforge-thornwood"
    scaffold(Expansion("thornwood", "motu"), target)
    return target


@pytest.mark.parametrize("name", [".pre-commit-config.yaml", ".github/workflows/ci.yml"])
def test_the_pre_commit_and_ci_examples_are_what_the_scaffold_writes(
    generated: Path, name: str
) -> None:
    assert (generated / name).read_text() == BLOCKS[name]


def test_the_file_table_lists_every_generated_file(generated: Path) -> None:
    table = PAGE.split("| file | what it is |", 1)[1].split("\n\n", 1)[0]
    listed = set(
        re.findall(r"`([^`]+)`", "\n".join(line.split("|")[1] for line in table.splitlines()[2:]))
    )
    written = {str(p.relative_to(generated)) for p in generated.rglob("*") if p.is_file()}
    for name in written:
        top = name.split("/pack/")[0] + "/pack/" if "/pack/" in name else name
        assert name in listed or top in listed, f"{name} is not in the table of expansions.md"
