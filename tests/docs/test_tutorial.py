"""docs/tutorial.md, step by step: its files are written, its edits made and its commands
run in order in an empty folder, and each command's output is the text block after it.
What the page says around the commands is checked too: the reader's own character is the
one tested and played, wrong dice fail the scenario, and Teela acts in the game."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from hexforge.core.cli.main import make_cli

from .blocks import DOCS

PAGE = DOCS / "tutorial.md"
_STEP = re.compile(
    r"<!-- tutorial: (?P<file>\S+) -->\n```yaml\n(?P<body>.*?)```"
    r"|<!-- tutorial-edit: (?P<edited>\S+): (?P<old>.+?) -> (?P<new>.+?) -->"
    r"|```sh\n(?P<command>.*?)```\n\n(?P<like><!-- tutorial-output: like -->\n)?"
    r"```text\n(?P<output>.*?)```",
    re.DOTALL,
)
RESULT = re.compile(r"(masters|evil|draw): [a-z ]+ \d+-\d+ \(VP masters \d+, evil \d+\)\n")
"""A game's result line: a game's outcome moves with every change to the computer players
and the cards, so a block marked ``tutorial-output: like`` is compared by its shape."""


def _steps() -> list[re.Match[str]]:
    return list(_STEP.finditer(PAGE.read_text(encoding="utf-8")))


def test_every_tutorial_file_is_used() -> None:
    steps = _steps()
    files = [s["file"] for s in steps if s["file"]]
    assert files == [
        "my-heroes/pack.yaml",
        "my-heroes/cards/teela.yaml",
        "my-heroes/tests/rally.scenario.yaml",
        "my-heroes/setups/teela-skirmish.yaml",
    ]
    commands = " ".join(s["command"] for s in steps if s["command"])
    for step in (
        "validate my-heroes",
        "--pack my-heroes test my-heroes/tests",
        "--pack my-heroes play --game motu --set setup=my-heroes/setups/teela-skirmish.yaml",
    ):
        assert step in commands  # write, validate, test, play: the reader's own pack
    bodies = {s["file"]: s["body"] for s in steps if s["file"]}
    assert "card: my-heroes/teela" in bodies["my-heroes/tests/rally.scenario.yaml"]
    assert "skill: rally" in bodies["my-heroes/tests/rally.scenario.yaml"]
    assert "card: my-heroes/teela" in bodies["my-heroes/setups/teela-skirmish.yaml"]


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
            result = _run(words[1:])
            if step["like"]:
                assert RESULT.fullmatch(step["output"]), step["output"]
                assert RESULT.fullmatch(result.output), (line, result.output)
            else:
                assert result.output == step["output"], line
            assert result.exit_code == (1 if "error HF" in step["output"] else 0), line
            ran += 1
            if "play" in words:
                _check_teela_plays(words[1:])
            elif "test" in words:
                _check_wrong_dice_fail(tmp_path / "my-heroes/tests/rally.scenario.yaml", words[1:])
    assert ran == 4


def _run(args: list[str]) -> Result:
    return CliRunner().invoke(make_cli(), args, terminal_width=200)


def _check_wrong_dice_fail(scenario: Path, args: list[str]) -> None:
    """The page's claim that wrong dice make the same command fail, saying why."""
    assert "Change the dice to `[3, 2, 1]`" in PAGE.read_text(encoding="utf-8")
    text = scenario.read_text(encoding="utf-8")
    assert "dice: [5, 2, 1]" in text
    scenario.write_text(text.replace("dice: [5, 2, 1]", "dice: [3, 2, 1]"), encoding="utf-8")
    try:
        result = _run(args)
    finally:
        scenario.write_text(text, encoding="utf-8")
    assert result.exit_code == 1
    assert 'expected: "motu/enhancement"' in result.output and "actual:   null" in result.output
    assert result.output.endswith("0 passed, 1 failed\n")


def _check_teela_plays(args: list[str]) -> None:
    """The page's claim that the game's account shows Teela's activations."""
    assert "Teela's among them" in PAGE.read_text(encoding="utf-8")
    result = _run([a for a in args if a != "--quiet"])
    assert result.exit_code == 0
    assert "Masters of the Universe: Teela activates" in result.output
