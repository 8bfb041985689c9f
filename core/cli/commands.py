"""hexforge's own commands by name, imported only when one is run (Click's lazy group).

Each entry names the module and attribute of a command and keeps the first sentence of
its help, so ``hexforge --help`` lists every command without importing one, and
``hexforge --version`` imports none (tests/test_cli_startup.py checks both, and that each
summary here is the command's own).
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module

import click


@dataclass(frozen=True, slots=True)
class LazyCommand:
    """A built-in command: where it is, and its help's first sentence for listings."""

    module: str
    attribute: str
    summary: str

    def load(self) -> click.Command:
        """The command itself (its module imported now)."""
        command = getattr(import_module(self.module), self.attribute)
        if not isinstance(command, click.Command):
            raise TypeError(f"{self.module}.{self.attribute} is not a Click command")
        return command

    def listed(self, name: str) -> click.Command:
        """A stand-in with the summary as its help: what ``--help`` shortens and shows."""
        return click.Command(name, help=self.summary)


def _here(module: str, attribute: str, summary: str) -> LazyCommand:
    return LazyCommand(f"hexforge.core.cli.{module}", attribute, summary)


BUILT_IN_COMMANDS: dict[str, LazyCommand] = {
    "plugins": _here(
        "plugins_cmd",
        "plugins_command",
        "List installed plugins: versions, games, packs and what each registers.",
    ),
    "validate": _here(
        "validate_cmd",
        "validate_command",
        "Check content packs: YAML, card models, effects, ids, references, translations.",
    ),
    "schema": _here(
        "schema_cmd",
        "schema_command",
        "Write JSON Schemas for editors: pack.yaml, game.yaml, card files per game and "
        "kind, and scenario files (any game, and per game with a scenario driver).",
    ),
    "test": _here(
        "test_cmd",
        "test_command",
        "Run scenario files: PATHS are files or folders searched for '*.scenario.yaml' "
        "(default: the project's [tool.hexforge.test] paths, else the current folder).",
    ),
    "play": _here(
        "play_cmd",
        "play_command",
        "Play one game between agents (random, heuristic, human, ...) and print an account.",
    ),
    "replay": _here(
        "play_cmd",
        "replay_command",
        "Play a logged game again and check it comes out exactly the same.",
    ),
    "simulate": _here(
        "simulate_cmd",
        "simulate_command",
        "Play many games between two agents and report win rates and card statistics.",
    ),
    "balance": _here(
        "balance_cmd",
        "balance_command",
        "Balance experiments with 95% intervals: side balance (mirror), one card (ab), each "
        "unit's power from drafted forces (roster).",
    ),
    "render": _here(
        "render_cmd",
        "render_command",
        "Draw maps, positions and cards (SVG or PNG) and game replays (HTML).",
    ),
    "new": _here("new_cmd", "new_command", "Create a new project from a template."),
    "cards": _here(
        "cards_cmd",
        "cards_command",
        "List the cards of the installed packs as a table, in one language.",
    ),
    "lsp": _here(
        "lsp_cmd",
        "lsp_command",
        "Run the language server for card, pack and other hexforge YAML files.",
    ),
    "serve": _here(
        "serve_cmd",
        "serve_command",
        "Serve the web table: play any installed game in the browser, against an agent or "
        "hot-seat.",
    ),
    "explain": _here(
        "explain_cmd",
        "explain_command",
        "Explain the diagnostic CODE (HF311, hf311 or 311): what it means and what to do.",
    ),
}
"""Every built-in command by name; a plugin's command of the same name is not added."""
