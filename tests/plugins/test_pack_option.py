"""``hexforge --pack PATH`` (docs/cli.md): a pack that is not installed is listed, tested
and played as if a plugin shipped it; a bad path is a usage error with its code."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from hexforge.core.cli.main import make_cli
from hexforge.plugins.pack_folders import PackFolders, pack_folders
from tests.plugged import WISP, PackAt

SCENARIO = """game: motu
name: Wisp's Flicker gains two mana
setup:
  map: {name: glade, provenance: invented, size: {columns: 6, rows: 6}, hex_inches: 1.25}
  units:
    - {id: wisp, card: glade/wisp, at: C3}
  active: {unit: wisp, ap: 1}
steps:
  - do: skill
    unit: wisp
    skill: flicker
expect:
  - unit: wisp
    mana: 2
"""


@pytest.fixture
def glade(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A pack ``glade`` in the working folder, with one scenario of its character."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HEXFORGE_CACHE_DIR", str(tmp_path / "cache"))
    (tmp_path / "glade" / "cards").mkdir(parents=True)
    (tmp_path / "glade" / "pack.yaml").write_text(
        "id: glade\nname: {en: Glade}\nversion: 0.1.0\ngame: motu\nrequires: {motu: '*'}\n"
    )
    (tmp_path / "glade" / "cards" / "wisp.yaml").write_text(WISP)
    (tmp_path / "wisp.scenario.yaml").write_text(SCENARIO)
    return tmp_path / "glade"


def _run(*args: str) -> Result:
    return CliRunner().invoke(make_cli(), list(args), terminal_width=200)


@pytest.mark.usefixtures("glade")
def test_a_pack_given_by_path_is_played_listed_and_shown() -> None:
    assert _run("--pack", "glade", "test", "wisp.scenario.yaml").output == "1 passed, 0 failed\n"
    listed = _run("--pack", "glade", "plugins")
    assert listed.exit_code == 0 and "--pack" in listed.output and "glade 0.1.0" in listed.output
    cards = _run("--pack", "glade", "cards", "--kind", "character")
    assert cards.exit_code == 0 and "glade/wisp" in cards.output


@pytest.mark.usefixtures("glade")
def test_without_the_option_the_pack_is_unknown() -> None:
    result = _run("test", "wisp.scenario.yaml")
    assert result.exit_code == 1
    assert "HF757" in result.output and "no motu character 'glade/wisp'" in result.output


def test_the_folders_are_absolute_so_the_working_folder_may_change(glade: Path) -> None:
    assert pack_folders([Path("glade/cards/wisp.yaml")]) == PackFolders((glade,))
    assert pack_folders([Path(".")]) == PackFolders((glade,))  # a folder holding packs


@pytest.mark.usefixtures("glade")
def test_a_missing_path_is_a_usage_error_hf001() -> None:
    result = _run("--pack", "glad", "test", "wisp.scenario.yaml")
    assert result.exit_code == 2
    assert "error HF001: path 'glad' does not exist" in result.output
    assert "passed" not in result.output


def test_a_folder_without_a_pack_is_a_usage_error_hf220(glade: Path) -> None:
    result = _run("--pack", "glade/cards", "--pack", "nowhere", "plugins")
    assert result.exit_code == 2
    assert "HF001" in result.output and "'nowhere'" in result.output  # every bad path at once
    assert "error HF220: no pack.yaml found for 'glade/cards'" in result.output


def test_the_pack_stands_in_for_the_installed_copy_with_its_id(glade: Path) -> None:
    """A working copy of an installed expansion is played instead of the installed one
    (the same folder, as with an editable install, is not a duplicate either)."""
    installed = glade.parent / "site-packages" / "glade"
    shutil.copytree(glade, installed)
    cards = installed / "cards" / "wisp.yaml"
    cards.write_text(cards.read_text().replace("gain 2 mana", "gain 1 mana"))
    for shipped, expected in ((installed, 0), (glade, 0)):
        cli = make_cli([("glade-expansion", PackAt(shipped))])
        result = CliRunner().invoke(cli, ["--pack", "glade", "test", "wisp.scenario.yaml"])
        assert (result.exit_code, result.output) == (expected, "1 passed, 0 failed\n")
    cli = make_cli([("glade-expansion", PackAt(installed))])
    result = CliRunner().invoke(cli, ["test", "wisp.scenario.yaml"])
    assert result.exit_code == 1 and "actual:   1" in result.output  # the installed copy
