"""Choosing plugins: --plugins, --no-plugins, HEXFORGE_DISABLE_PLUGIN_AUTOLOAD (issue 11)."""

from __future__ import annotations

from importlib.metadata import EntryPoint, entry_points
from pathlib import Path

import pytest
from click.testing import CliRunner

from hexforge.core.cli.main import make_cli
from hexforge.plugins import manager as manager_module
from hexforge.plugins.manager import AUTOLOAD_ENV, PluginSelection, load_plugins
from hexforge.plugins.plugin_codes import UNKNOWN_PLUGIN

FAKE = EntryPoint(name="aaa-sprout", value="tests.plugins.fake_expansion", group="hexforge")
BUILT_IN = sorted(
    ep.name
    for ep in entry_points(group="hexforge")
    if ep.dist is not None and ep.dist.name == "hexforge"
)
"""hexforge's own entry points (motu, nshex, ...), in the order they load."""


@pytest.fixture
def installed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The real entry points plus one external expansion whose name sorts first."""
    real = [ep for ep in entry_points(group="hexforge")]
    monkeypatch.setattr(manager_module, "entry_points", lambda group: [FAKE, *real])
    monkeypatch.delenv(AUTOLOAD_ENV, raising=False)


def _names(selection: PluginSelection | None = None) -> list[str]:
    host = load_plugins(selection=selection)
    assert host.problems == []
    return [r.name for r in host.plugins]


@pytest.mark.usefixtures("installed")
def test_built_in_games_load_before_any_expansion_whatever_its_name() -> None:
    """An expansion's vocabulary hook must see its base game's words, so built-ins first."""
    assert _names() == [*BUILT_IN, "aaa-sprout"]


@pytest.mark.usefixtures("installed")
def test_no_plugins_keeps_the_built_in_games_only() -> None:
    host = load_plugins(selection=PluginSelection.choose(none=True))
    assert [r.name for r in host.plugins] == BUILT_IN
    assert host.skipped == ["aaa-sprout"]


@pytest.mark.usefixtures("installed")
def test_plugins_names_the_only_external_plugins_to_load() -> None:
    assert _names(PluginSelection.choose(["aaa-sprout"])) == [*BUILT_IN, "aaa-sprout"]
    assert _names(PluginSelection.choose(["motu"])) == BUILT_IN


@pytest.mark.usefixtures("installed")
def test_the_environment_variable_disables_autoload_but_plugins_still_loads(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(AUTOLOAD_ENV, "1")
    assert _names(PluginSelection.choose()) == BUILT_IN
    assert _names(PluginSelection.choose(["aaa-sprout"])) == [*BUILT_IN, "aaa-sprout"]


@pytest.mark.usefixtures("installed")
def test_an_unknown_plugin_name_is_reported_with_a_suggestion() -> None:
    host = load_plugins(selection=PluginSelection.choose(["aaa-sprot"]))
    (problem,) = host.problems
    assert problem.code == UNKNOWN_PLUGIN and "'aaa-sprot'" in problem.message
    assert problem.hint == "did you mean 'aaa-sprout'?"


def test_choose_splits_comma_separated_names() -> None:
    chosen = PluginSelection.choose(["a,b", " c "], environ={})
    assert chosen == PluginSelection(("a", "b", "c"), autoload=False)
    assert PluginSelection.choose(environ={}).autoload
    assert not PluginSelection.choose(environ={AUTOLOAD_ENV: "1"}).autoload
    assert PluginSelection.choose(environ={AUTOLOAD_ENV: ""}).autoload


@pytest.mark.usefixtures("installed")
def test_the_cli_options_choose_plugins() -> None:
    runner = CliRunner()
    shown = runner.invoke(make_cli(), ["plugins", "--format", "json"])
    assert shown.exit_code == 0 and '"aaa-sprout"' in shown.output
    left_out = runner.invoke(make_cli(), ["--no-plugins", "plugins"])
    assert left_out.exit_code == 0
    assert "not loaded (--plugins/--no-plugins): aaa-sprout" in left_out.output
    both = runner.invoke(make_cli(), ["--plugins", "aaa-sprout", "--no-plugins", "plugins"])
    assert both.exit_code == 2 and "exclude each other" in both.output


def test_install_order_does_not_change_the_load_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """Entry points come in the order the environment lists them (install order); plugins
    load built-ins first, then by name, so nothing depends on which was installed first."""
    monkeypatch.delenv(AUTOLOAD_ENV, raising=False)
    real = list(entry_points(group="hexforge"))
    other = EntryPoint(name="zzz-bloom", value="tests.plugins.second_expansion", group="hexforge")
    orders = []
    for listed in ([FAKE, other, *real], [*reversed(real), other, FAKE]):
        monkeypatch.setattr(manager_module, "entry_points", lambda group, eps=listed: eps)
        orders.append([r.name for r in load_plugins().plugins])
    assert orders[0] == orders[1] == [*BUILT_IN, "aaa-sprout", "zzz-bloom"]


RAM_MAN_RAMS = """game: motu
name: Ram Man rams with the base pack's Battering Ram
description: the sprout expansion replaces Ram Man's card (skills [seed]), unless left out
setup:
  map: {name: yard, provenance: invented, size: {columns: 10, rows: 10}, hex_inches: 1.25}
  units:
    - {id: ram-man, card: ram-man, at: E5}
    - {id: skeletor, card: skeletor, at: E4}
  active: {unit: ram-man, ap: 1}
steps:
  - do: skill
    unit: ram-man
    skill: battering-ram
    target: skeletor
expect:
  - game: {ap: 0}
"""


@pytest.mark.usefixtures("installed")
def test_the_cli_options_choose_the_motu_cards_games_are_played_with(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """motu's card library follows --no-plugins / --plugins like the environment variable:
    with the expansion loaded its Ram Man (no Battering Ram) is played, without it the
    base card; ``hexforge cards`` lists the same."""
    scenario = tmp_path / "ram.scenario.yaml"
    scenario.write_text(RAM_MAN_RAMS, encoding="utf-8")

    def test(*options: str) -> int:
        result = CliRunner().invoke(make_cli(), [*options, "test", str(scenario)])
        return result.exit_code

    assert test() == 1  # the expansion's Ram Man has no Battering Ram
    assert test("--no-plugins") == 0
    assert test("--plugins", "motu") == 0
    assert test("--plugins", "aaa-sprout") == 1
    monkeypatch.setenv(AUTOLOAD_ENV, "1")
    assert test() == 0
    assert test("--plugins", "aaa-sprout") == 1

    def cards(*options: str) -> str:
        result = CliRunner().invoke(make_cli(), [*options, "cards", "--game", "motu"])
        assert result.exit_code == 0
        return result.output

    assert "sprout/ram-man" in cards("--plugins", "aaa-sprout")
    assert "sprout/ram-man" not in cards("--no-plugins")
