"""docs/plugins.md documents every hook, and its examples run as written (issue 11)."""

from __future__ import annotations

import re
import types
from pathlib import Path

from click.testing import CliRunner

from hexforge.core.cli.main import make_cli
from hexforge.plugins import hookspecs
from hexforge.plugins.catalogue import vocabulary_for
from hexforge.plugins.manager import load_plugins
from hexforge.plugins.survey import survey

ROOT = Path(__file__).resolve().parents[2]
PAGE = (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")


def _section(hook: str) -> str:
    return PAGE.split(f"### `{hook}(", 1)[1].split("\n### ", 1)[0]


def _module(hook: str) -> types.ModuleType:
    """The section's first python example, executed as a plugin module."""
    code = re.findall(r"```python\n(.*?)```", _section(hook), re.DOTALL)[0]
    module = types.ModuleType(f"plugins_md_{hook}")
    exec(compile(code, "docs/plugins.md", "exec"), module.__dict__)
    return module


def test_every_hook_has_a_section_and_a_row_in_the_hook_table() -> None:
    hooks = sorted(name for name in dir(hookspecs) if name.startswith("hexforge_"))
    assert hooks, "no hook specifications found"
    for hook in hooks:
        assert f"### `{hook}(" in PAGE, f"docs/plugins.md has no section for {hook}"
        assert f"| `{hook}` |" in PAGE, f"the hook table of docs/plugins.md lacks {hook}"


def test_hook_order_never_decides_trigger_order_is_stated() -> None:
    assert "Hook order never decides in-game trigger order" in PAGE


def test_the_games_example_registers_a_game() -> None:
    host = load_plugins([("toy", _module("hexforge_games"))], autoload=False)
    assert [(g.id, g.name) for g in host.games()] == [("toy", "Toy game")]


def test_the_cli_commands_example_adds_a_working_command() -> None:
    plugin = _module("hexforge_cli_commands")
    result = CliRunner().invoke(make_cli([("roster", plugin)]), ["roster"])
    assert result.exit_code == 0, result.output
    assert {"motu", "nshex"} <= set(result.output.split())


def test_the_vocabulary_example_extends_motu_after_its_own_words() -> None:
    plugin = _module("hexforge_dsl_vocabulary")
    host = load_plugins([("freezer", plugin)])
    verbs = [v.template.text for v in vocabulary_for(host, "motu").verbs]
    assert verbs[-1] == "freeze {target:character} for {turns:int} rounds"
    assert "deal {amount:int} wound(s) to {target:character}" in verbs
    assert survey(host).by_plugin["freezer"].verbs == [
        "motu: freeze {target:character} for {turns:int} rounds"
    ]
    assert vocabulary_for(host, "nshex").verbs[-1].template.text != verbs[-1]


def test_the_renderers_example_finds_both_games_renderers() -> None:
    """Section hexforge_renderers: the example runs as written (motu and nshex draw through
    the hook, each answering None for the other's boards)."""
    code = re.findall(r"```python\n(.*?)```", _section("hexforge_renderers"), re.DOTALL)[0]
    exec(compile(code, "docs/plugins.md", "exec"), {})


def test_the_file_kinds_example_checks_a_lone_file(tmp_path: Path) -> None:
    """Section hexforge_file_kinds: a roster file of no pack, told by its key, is checked."""
    roster = tmp_path / "roster.yaml"
    roster.write_text("heroes: [motu/he-man, motu/he-mann]\n", encoding="utf-8")
    cli = make_cli([("rosters", _module("hexforge_file_kinds"))])
    result = CliRunner().invoke(
        cli, ["validate", str(roster)], env={"HEXFORGE_CACHE_DIR": str(tmp_path)}
    )
    assert result.exit_code == 1, result.output
    assert "roster.yaml:1:23: error HF213: no motu card 'motu/he-mann'" in result.output


def test_the_diagnostic_codes_example_is_explained() -> None:
    """The section's example runs as written: its asserts are what explain prints."""
    module = _module("hexforge_diagnostic_codes")
    host = load_plugins([("tides", module.Tides())], autoload=False)
    assert survey(host).by_plugin["tides"].codes == ["TID001"]


def test_one_code_declared_by_two_plugins_is_hf605() -> None:
    tides = _module("hexforge_diagnostic_codes").Tides
    host = load_plugins([("tides", tides()), ("again", tides())], autoload=False)
    (problem,) = [p for p in survey(host).problems if p.code == "HF605"]
    assert "'tides' and 'again' both register the code 'TID001'" in problem.message
