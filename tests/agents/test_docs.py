"""docs/play.md: its commands run and print what the page shows; its Python example runs."""

from __future__ import annotations

import os
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from hexforge.core.cli.main import make_cli
from tests.docs.blocks import DOCS, blocks

PAGE = DOCS / "play.md"


def test_the_commands_of_play_md_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every sh block runs in order in one folder (play writes the log replay reads); a
    text block right after it lists lines the output must contain."""
    monkeypatch.chdir(tmp_path)
    found = blocks(PAGE)
    ran = 0
    for i, block in enumerate(found):
        if block.lang != "sh":
            continue
        args = shlex.split(block.body.strip())
        assert args[0] == "hexforge"
        result = CliRunner().invoke(make_cli(), args[1:])
        assert result.exit_code == 0, (block.line, result.output)
        after = found[i + 1] if i + 1 < len(found) else None
        if after is not None and after.lang == "text":
            for expected in after.body.strip().splitlines():
                assert expected in result.output, (block.line, expected, result.output)
        ran += 1
    assert ran == 6
    assert (tmp_path / "report" / "report.html").is_file()
    assert os.path.getsize(tmp_path / "game.jsonl") > 0


def test_the_agent_hook_example_works() -> None:
    (python,) = [b for b in blocks(PAGE) if b.lang == "python"]
    exec(compile(python.body, str(PAGE), "exec"), {})
