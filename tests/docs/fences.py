"""Which test covers each fenced block of docs/*.md (tests/docs/test_fences.py checks).

A rule names a page, a fence language and which of its blocks it takes (all, those whose
first line starts with a prefix, or those after an ``<!-- example: -->``-style marker),
and the test that executes or validates them (``path::function``, which must exist and
read the page). ``HERE`` marks blocks test_fences.py checks itself (shell lines against
the Click commands, effect texts against a game's vocabulary, schema names against
``hexforge schema``). ``ILLUSTRATIONS`` is the explicit, small list of pictures and
sample outputs that are not code.
"""

from __future__ import annotations

from dataclasses import dataclass

HERE = "tests/docs/test_fences.py"


@dataclass(frozen=True, slots=True)
class Rule:
    doc: str
    lang: str
    test: str
    first: str = ""
    """Only blocks whose first line starts with this (empty: every block)."""
    marker: str = ""
    """Only blocks right after a line starting with this HTML comment."""


RULES: tuple[Rule, ...] = (
    Rule(
        "dsl.md",
        "effect",
        "tests/dsl/test_docs.py::test_every_example_checks_compiles_and_round_trips",
    ),
    Rule(
        "dsl.md",
        "effect-error",
        "tests/dsl/test_docs.py::test_every_error_example_reports_its_code",
    ),
    Rule(
        "dsl.md",
        "python",
        "tests/dsl/test_docs.py::test_the_plugin_example_adds_a_verb",
        first="from hexforge.dsl.vocabulary",
    ),
    Rule(
        "dsl.md",
        "python",
        "tests/dsl/test_docs.py::test_the_rules_text_example_runs",
        marker="<!-- example: rules text",
    ),
    Rule(
        "engine.md",
        "python",
        "tests/engine/test_docs.py::test_every_python_example_in_engine_md_runs",
    ),
    Rule("coordinates.md", "python", "tests/motu/test_docs.py::test_coordinates_example_runs"),
    Rule(
        "motu-battlefield.md",
        "python",
        "tests/motu/test_docs.py::test_battlefield_map_example_loads_and_the_api_example_runs",
    ),
    Rule(
        "motu-battlefield.md",
        "yaml",
        "tests/motu/test_docs.py::test_battlefield_map_example_loads_and_the_api_example_runs",
    ),
    Rule("motu.md", "python", "tests/motu/test_motu_docs.py::test_python_examples_run_in_order"),
    Rule(
        "motu.md",
        "yaml",
        "tests/motu/test_motu_docs.py::test_scenario_examples_pass",
        first="game: motu",
    ),
    Rule(
        "motu.md",
        "yaml",
        "tests/motu/test_motu_docs.py::test_card_examples_are_the_shipped_cards",
        first="- id:",
    ),
    Rule("motu.md", "yaml", "tests/motu/test_game_content.py", first="name: first-game"),
    Rule("nshex.md", "python", "tests/nshex/test_docs.py::test_every_python_example_runs"),
    Rule("nshex.md", "yaml", "tests/nshex/test_docs.py::test_the_scenario_example_passes"),
    Rule(
        "nshex.md",
        "yaml-tile",
        "tests/nshex/test_docs.py::test_the_tile_example_is_the_shipped_tile",
    ),
    Rule("nshex.md", "text", HERE, first="melee of allies"),
    Rule("render.md", "python", "tests/render/test_docs.py::test_every_python_example_runs"),
    Rule(
        "render.md", "console", "tests/render/test_docs.py::test_the_shell_examples_name_real_files"
    ),
    Rule("render.md", "console", HERE),
    Rule("render.md", "console", "tests/render/test_docs.py::test_the_replay_viewer_example_runs"),
    Rule(
        "scenarios.md",
        "yaml",
        "tests/scenarios/test_docs.py::test_every_yaml_example_runs_as_documented",
    ),
    Rule(
        "scenarios.md",
        "python",
        "tests/scenarios/test_docs.py::test_the_conftest_example_is_the_suites_own",
    ),
    Rule(
        "scenarios.md",
        "text",
        "tests/scenarios/test_docs.py::test_every_yaml_example_runs_as_documented",
        first="FAILED",
    ),
    Rule(
        "scenarios.md",
        "text",
        "tests/scenarios/test_docs.py::test_the_coverage_example_matches_a_run_of_the_examples",
        first="coverage",
    ),
    Rule("scenarios.md", "sh", HERE),
    Rule(
        "scenarios.md",
        "toml",
        "tests/scenarios/test_project_settings.py::test_the_documented_settings_are_the_repositorys",
    ),
    Rule(
        "mutation.md", "sh", "tests/tools/test_mutate_rules.py::test_the_documented_commands_parse"
    ),
    Rule(
        "mutation.md",
        "yaml",
        "tests/tools/test_mutate_rules.py::test_the_documented_configuration_loads",
    ),
    Rule(
        "mutation.md",
        "text",
        "tests/tools/test_mutate_rules.py::test_the_documented_output_is_what_a_run_prints",
    ),
    Rule(
        "scenarios.md",
        "yaml-packs",
        "tests/scenarios/test_scenario_packs.py::test_the_documented_packs_example_runs",
    ),
    Rule(
        "content.md",
        "yaml",
        "tests/packs/test_docs.py::test_pack_and_expansion_examples_are_clean",
        marker="<!-- example:",
    ),
    Rule(
        "content.md",
        "text",
        "tests/packs/test_docs.py::test_validate_output_is_what_the_page_shows",
        marker="<!-- output:",
    ),
    Rule(
        "content.md",
        "yaml",
        "tests/packs/test_docs.py::test_pre_commit_hook_runs_hexforge_validate",
        first="repos:",
    ),
    Rule("content.md", "yaml", HERE, first="- run:"),
    Rule("content.md", "yaml", HERE, first="# yaml-language-server"),
    Rule("content.md", "sh", HERE),
    Rule(
        "plugins.md",
        "python",
        "tests/plugins/test_hook_docs.py::test_every_hook_has_a_section_and_a_row_in_the_hook_table",
    ),
    Rule(
        "plugins.md",
        "python",
        "tests/packs/test_plugin_docs.py::test_the_documented_plugin_registers_its_kind_and_pack",
        marker="<!-- example:",
    ),
    Rule(
        "plugins.md",
        "yaml",
        "tests/packs/test_plugin_docs.py::test_the_documented_plugin_registers_its_kind_and_pack",
        marker="<!-- example:",
    ),
    Rule("plugins.md", "toml", HERE),
    Rule(
        "expansions.md",
        "yaml",
        "tests/plugins/test_expansions_docs.py::test_the_pack_and_errata_examples_validate",
        marker="<!-- expansions:",
    ),
    Rule(
        "expansions.md",
        "python",
        "tests/plugins/test_expansions_docs.py::test_the_python_action_example_registers_an_action",
        marker="<!-- expansions:",
    ),
    Rule("expansions.md", "sh", HERE),
    Rule("cli.md", "sh", HERE),
    Rule("editors.md", "sh", HERE),
    Rule("errors.md", "sh", HERE),
    Rule(
        "editors.md", "json", "tests/lsp/test_docs.py::test_every_editor_setup_starts_hexforge_lsp"
    ),
    Rule(
        "editors.md", "lua", "tests/lsp/test_docs.py::test_every_editor_setup_starts_hexforge_lsp"
    ),
    Rule(
        "editors.md", "toml", "tests/lsp/test_docs.py::test_every_editor_setup_starts_hexforge_lsp"
    ),
    Rule("motu-content.md", "sh", HERE),
    Rule("play.md", "sh", HERE),
    Rule("balance.md", "sh", HERE),
    Rule("balance.md", "sh", "tests/simulate/test_balance.py::test_the_commands_of_balance_md_run"),
    Rule(
        "balance.md", "text", "tests/simulate/test_balance.py::test_the_commands_of_balance_md_run"
    ),
    Rule("play.md", "sh", "tests/agents/test_docs.py::test_the_commands_of_play_md_run"),
    Rule("play.md", "text", "tests/agents/test_docs.py::test_the_commands_of_play_md_run"),
    Rule("play.md", "python", "tests/agents/test_docs.py::test_the_agent_hook_example_works"),
    Rule(
        "play.md",
        "json",
        "tests/agents/test_logged_setup.py::test_the_start_entry_records_the_game_its_options_and_packs",
    ),
    Rule("serve.md", "sh", HERE),
    Rule("serve.md", "python", "tests/serve/test_docs.py::test_the_python_example_runs"),
    Rule("tutorial.md", "yaml", "tests/docs/test_tutorial.py::test_every_tutorial_file_is_used"),
    Rule(
        "tutorial.md", "sh", "tests/docs/test_tutorial.py::test_the_tutorial_commands_run_as_shown"
    ),
    Rule(
        "tutorial.md",
        "text",
        "tests/docs/test_tutorial.py::test_the_tutorial_commands_run_as_shown",
    ),
)

ILLUSTRATIONS: dict[tuple[str, str], str] = {
    ("architecture.md", "text"): "the data-flow diagram of the layers",
    ("coordinates.md", "text"): "an ASCII picture of hexes and their names",
    ("nshex.md", "text"): "an ASCII picture of the 19-hex board",
    (
        "errors.md",
        "text",
    ): "the shape of a text report (tests/test_report.py checks reports)",
    (
        "plugins.md",
        "text",
    ): "sample output of hexforge plugins --verbose (tests/plugins checks the real one)",
    ("content.md", "text"): "the folder tree of a pack",
}
