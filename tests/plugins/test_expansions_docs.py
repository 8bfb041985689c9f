"""docs/expansions.md: its examples are what hexforge does (issue 11)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from ruamel.yaml import YAML

from hexforge.core.cli.main import make_cli
from hexforge.core.cli.new_cmd import Expansion, scaffold

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
    assert runs[-4:] == [
        "pip install '.[test]'",
        "hexforge plugins --verbose",
        "hexforge validate --strict",
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
