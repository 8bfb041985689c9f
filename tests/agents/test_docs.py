"""docs/play.md: its commands run and print what the page shows; its Python example runs."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.docs.blocks import DOCS, blocks, run_sh_blocks

PAGE = DOCS / "play.md"


def test_the_commands_of_play_md_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every sh block runs in order in one folder (play writes the log replay reads); a
    text block right after it lists lines the output must contain."""
    monkeypatch.chdir(tmp_path)
    ran = run_sh_blocks(PAGE)
    assert ran == 9
    assert (tmp_path / "report" / "report.html").is_file()
    assert os.path.getsize(tmp_path / "game.jsonl") > 0


def test_the_agent_hook_example_works() -> None:
    (python,) = [b for b in blocks(PAGE) if b.lang == "python"]
    exec(compile(python.body, str(PAGE), "exec"), {})
