"""docs/tutorial.md, step by step: its files are written, its edits made and its commands
run in order in an empty folder, and each command's output is the text block after it."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from hexforge.core.cli.main import make_cli

from .blocks import DOCS

PAGE = DOCS / "tutorial.md"
_STEP = re.compile(
    r"<!-- tutorial: (?P<file>\S+) -->\n```yaml\n(?P<body>.*?)```"
    r"|<!-- tutorial-edit: (?P<edited>\S+): (?P<old>.+?) -> (?P<new>.+?) -->"
    r"|```sh\n(?P<command>.*?)```\n\n```text\n(?P<output>.*?)```",
    re.DOTALL,
)


def _steps() -> list[re.Match[str]]:
    return list(_STEP.finditer(PAGE.read_text(encoding="utf-8")))


def test_every_tutorial_file_is_used() -> None:
    steps = _steps()
    files = [s["file"] for s in steps if s["file"]]
    assert files == [
        "my-heroes/pack.yaml",
        "my-heroes/cards/teela.yaml",
        "my-heroes/tests/rally.scenario.yaml",
    ]
    commands = " ".join(s["command"] for s in steps if s["command"])
    for step in ("validate my-heroes", "test my-heroes/tests", "play --game motu"):
        assert step in commands  # write, validate, test, play


def test_the_tutorial_commands_run_as_shown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HEXFORGE_CACHE_DIR", str(tmp_path / "cache"))  # a reader's first run
    monkeypatch.delenv("GITHUB_ACTIONS", raising=False)  # the text report, as in a terminal
    ran = 0
    for step in _steps():
        if step["file"]:
            path = tmp_path / step["file"]
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(step["body"], encoding="utf-8")
        elif step["edited"]:
            path = tmp_path / step["edited"]
            text = path.read_text(encoding="utf-8")
            assert step["old"] in text
            path.write_text(text.replace(step["old"], step["new"]), encoding="utf-8")
        else:
            (line,) = step["command"].strip().splitlines()
            words = shlex.split(line)
            assert words[0] == "hexforge"
            result = CliRunner().invoke(make_cli(), words[1:], terminal_width=200)
            assert result.output == step["output"], line
            assert result.exit_code == (1 if "error HF" in step["output"] else 0), line
            ran += 1
    assert ran == 4
