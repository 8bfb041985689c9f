"""The examples of docs/content.md are validated as written, so the page cannot rot."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from hexforge.core.cli.main import make_cli
from hexforge.core.packs.validate import validate
from hexforge.core.packs.yamlio import load_text, read_yaml
from tests.packs.toy import ToyPlugin, toy_catalogue

ROOT = Path(__file__).resolve().parents[2]
PAGE = (ROOT / "docs" / "content.md").read_text(encoding="utf-8")
BLOCK = re.compile(r"<!-- (example|output): ([^>]+?) -->\n```\w+\n(.*?)```", re.DOTALL)
BLOCKS = [(kind, target.strip(), body) for kind, target, body in BLOCK.findall(PAGE)]


def examples() -> dict[str, str]:
    return {target: body for kind, target, body in BLOCKS if kind == "example"}


def outputs() -> dict[str, str]:
    return {target: body for kind, target, body in BLOCKS if kind == "output"}


def write_examples(folder: Path, prefix: str) -> None:
    for name, body in examples().items():
        if name.startswith(prefix + "/"):
            path = folder / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(body, encoding="utf-8")


def test_the_page_has_its_examples() -> None:
    assert {"my-pack/pack.yaml", "expansion/cards/hero.yaml", "content/motu/game.yaml"} <= set(
        examples()
    )
    assert set(outputs()) == {
        "validate broken-pack",
        "validate broken-pack --fixed",
        "validate lone",
    }


def test_pack_and_expansion_examples_are_clean(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_examples(tmp_path, "my-pack")
    write_examples(tmp_path, "expansion")
    monkeypatch.chdir(tmp_path)
    report = validate([Path("my-pack"), Path("expansion")], toy_catalogue())
    assert report.diagnostics == ()
    assert report.cards == 4


def test_motu_example_is_the_shipped_declaration() -> None:
    """rulebook §Rule Hierarchy, as the page shows it and as content/motu/game.yaml has it."""
    shown = load_text(examples()["content/motu/game.yaml"]).document
    shipped = read_yaml(ROOT / "content" / "motu" / "game.yaml")
    assert shown is not None
    assert [(t["id"], t.get("kinds")) for t in shown.data["tiers"]] == [
        (t["id"], t.get("kinds")) for t in shipped.data["tiers"]
    ]
    assert shown.data["words"] == shipped.data["words"]


def test_validate_output_is_what_the_page_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_examples(tmp_path, "broken-pack")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HEXFORGE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("GITHUB_ACTIONS", raising=False)
    cli = make_cli([("toy", ToyPlugin())])
    result = CliRunner().invoke(cli, ["validate", "broken-pack"])
    assert result.exit_code == 1
    assert result.output == outputs()["validate broken-pack"]
    hero = tmp_path / "broken-pack" / "cards" / "hero.yaml"
    hero.write_text(hero.read_text().replace("strenght", "strength"))
    result = CliRunner().invoke(cli, ["validate", "broken-pack"])
    assert result.output == outputs()["validate broken-pack --fixed"]
    # files of no pack (a motu setup, a scenario), with the built-in games
    write_examples(tmp_path, "lone")
    result = CliRunner().invoke(make_cli([]), ["validate", "lone"], terminal_width=200)
    assert result.exit_code == 1
    assert result.output == outputs()["validate lone"]


def test_pre_commit_hook_runs_hexforge_validate() -> None:
    hooks = read_yaml(ROOT / ".pre-commit-hooks.yaml").data
    (hook,) = hooks
    assert hook["id"] == "hexforge-validate"
    assert hook["entry"] == "hexforge validate --skip-outside-packs"
    assert (
        hook.get("pass_filenames", True) is True
    )  # the staged files (tests/packs/test_pre_commit.py)
    assert "id: hexforge-validate" in PAGE
