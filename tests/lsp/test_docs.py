"""docs/editors.md: each editor's setup starts the server the page describes.

The shell lines are checked against the Click commands by tests/docs/test_fences.py; here
the JSON, Lua and TOML blocks are read and the command line each gives is resolved to
``hexforge lsp`` of the real command group.
"""

from __future__ import annotations

import json
import re
import tomllib

import click

from hexforge.core.cli.main import make_cli
from tests.docs.blocks import DOCS, blocks

PAGE = DOCS / "editors.md"


def _command(words: list[str]) -> str:
    """The command ``words`` run, as ``hexforge <sub>``, checked against the group."""
    assert words[0] == "hexforge", words
    group = make_cli()
    assert words[1] in group.list_commands(click.Context(group)), words
    return " ".join(words)


def test_every_editor_setup_starts_hexforge_lsp() -> None:
    found = {block.lang: block.body for block in blocks(PAGE)}
    vscode = json.loads(found["json"])
    assert vscode["glspc.server.languageId"] == ["yaml"]
    command = [vscode["glspc.server.command"], *vscode["glspc.server.commandArguments"]]
    assert _command(command) == "hexforge lsp"

    lua = re.search(r"cmd = \{ (.*?) \}", found["lua"])
    assert lua is not None and 'vim.lsp.enable("hexforge")' in found["lua"]
    assert _command(re.findall(r'"([^"]+)"', lua.group(1))) == "hexforge lsp"

    helix = tomllib.loads(found["toml"])
    server = helix["language-server"]["hexforge"]
    assert _command([server["command"], *server["args"]]) == "hexforge lsp"
    assert "hexforge" in helix["language"][0]["language-servers"]
